// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"unicode"
	"unicode/utf8"
)

// maxQuoted is the most bytes of a value that errors and reasons echo.
const maxQuoted = 40

// quoteBytes renders a value for people: printable UTF-8 as a quoted string
// (`"BE"`), anything else as base64 (`base64:AAEC`), cut after maxQuoted
// bytes with the full length added.
func quoteBytes(b []byte) string {
	if printable(b) {
		return quoteText(string(b))
	}
	if len(b) <= maxQuoted {
		return "base64:" + base64.StdEncoding.EncodeToString(b)
	}
	return fmt.Sprintf("base64:%s… (%d bytes)", base64.StdEncoding.EncodeToString(b[:maxQuoted-maxQuoted%3]), len(b))
}

// quoteText quotes s with Go escapes, cut after maxQuoted bytes with the
// full length added.
func quoteText(s string) string {
	if len(s) <= maxQuoted {
		return strconv.Quote(s)
	}
	return fmt.Sprintf("%s… (%d bytes)", strconv.Quote(clip(s, maxQuoted)), len(s))
}

// clip returns s cut to at most n bytes, on a rune boundary when s is UTF-8.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := n
	for cut > 0 && cut > n-utf8.UTFMax && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut]
}

// printable reports whether b is UTF-8 text of printable characters and
// spaces.
func printable(b []byte) bool {
	if !utf8.Valid(b) {
		return false
	}
	for _, r := range string(b) {
		if !unicode.IsPrint(r) {
			return false
		}
	}
	return true
}
