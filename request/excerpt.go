// SPDX-License-Identifier: Apache-2.0

package request

import (
	"fmt"
	"unicode/utf8"
)

// MaxExcerpt is the most bytes of a caller's value that an error message
// quotes.
const MaxExcerpt = 64

// Excerpt quotes s for an error message, cut to MaxExcerpt bytes (at a
// UTF-8 boundary) with its full length noted, so that an error never echoes
// a whole argument back.
func Excerpt(s string) string {
	if len(s) <= MaxExcerpt {
		return fmt.Sprintf("%q", s)
	}
	cut := MaxExcerpt
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%q... (%d bytes)", s[:cut], len(s))
}

// maxErrorText is the most bytes of an underlying error's text that an
// error message includes.
const maxErrorText = 256

// errText returns err's text cut to maxErrorText bytes: encoding/json's
// errors quote the offending literal, which may be a megabyte long.
func errText(err error) string {
	s := err.Error()
	if len(s) <= maxErrorText {
		return s
	}
	cut := maxErrorText
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s... (%d bytes)", s[:cut], len(s))
}
