// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// Integer positions: message positions an IETF issuer signs as signed
// 64-bit integers (bbs.IntegerMessage) rather than hashed, so that a holder
// can prove a range about them (bbs prove --range). Their JSON form, in a
// credential file and in the issuer's settings, is
//
//	"integers": [{"index": 3, "type": "int64"}, {"index": 4, "type": "date"}]
//
// ascending by index without repeats; a date is the number of days since
// 1970-01-01 UTC (bbs.Days). On the command line it is --integers
// 3:int64,4:date.

// Integer types.
const (
	intTypeInt64 = "int64"
	intTypeDate  = "date"
)

// IntegerPosition is one integer position and its type.
type IntegerPosition struct {
	// Index is the 0-based message position.
	Index int `json:"index"`
	// Type is "int64" or "date".
	Type string `json:"type"`
}

// parseIntegersFlag parses --integers: IDX:TYPE,... ascending.
func parseIntegersFlag(s string) ([]IntegerPosition, error) {
	if s == "" {
		return nil, nil
	}
	var out []IntegerPosition
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		idx, typ, ok := strings.Cut(f, ":")
		i, err := strconv.Atoi(idx)
		if !ok || err != nil {
			return nil, usagef("--integers: %q is not IDX:TYPE (such as 3:int64 or 4:date)", f)
		}
		out = append(out, IntegerPosition{Index: i, Type: typ})
	}
	if err := checkIntegers(out, -1); err != nil {
		return nil, usagef("--integers: %v", err)
	}
	return out, nil
}

// checkIntegers checks integer positions: ascending without repeats,
// each below n messages (n < 0: bbs.MaxMessages), of a known type.
func checkIntegers(ints []IntegerPosition, n int) error {
	limit := bbs.MaxMessages
	if n >= 0 {
		limit = n
	}
	for k, p := range ints {
		if p.Type != intTypeInt64 && p.Type != intTypeDate {
			return fmt.Errorf("position %d: type %q is not %q or %q", p.Index, p.Type, intTypeInt64, intTypeDate)
		}
		if p.Index < 0 || p.Index >= limit {
			if n >= 0 {
				return fmt.Errorf("position %d: outside the %d messages", p.Index, n)
			}
			return fmt.Errorf("position %d: outside 0..%d", p.Index, bbs.MaxMessages-1)
		}
		if k > 0 && p.Index <= ints[k-1].Index {
			return fmt.Errorf("positions must be ascending without repeats (%d follows %d)", p.Index, ints[k-1].Index)
		}
	}
	return nil
}

// integersFlagText is ints in the form --integers takes.
func integersFlagText(ints []IntegerPosition) string {
	parts := make([]string, len(ints))
	for i, p := range ints {
		parts[i] = fmt.Sprintf("%d:%s", p.Index, p.Type)
	}
	return strings.Join(parts, ",")
}

// integerSchemeCheck refuses integer positions for a scheme without them:
// the IETF schemes and the pseudonym schemes built on them have them (a
// pseudonym credential's among the issuer's messages).
func integerSchemeCheck(flag string, s bbs.Scheme) error {
	switch s.Name() {
	case bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name, bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name:
		return nil
	case bbs.BBSPlus2020Name:
		return usagef("%s: %s has no integer messages: its messages are hashed by definition (use %s or %s)",
			flag, s.Name(), bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name)
	}
	return usagef("%s: %s has no integer messages yet (only %s, %s, %s and %s)", flag, s.Name(),
		bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name, bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name)
}

// messageMap is the bbs.MessageMap of ints (nil for none).
func messageMap(ints []IntegerPosition) (*bbs.MessageMap, error) {
	if len(ints) == 0 {
		return nil, nil
	}
	idx := make([]int, len(ints))
	for i, p := range ints {
		idx[i] = p.Index
	}
	return bbs.NewMessageMap(idx)
}

// integerType returns the type of position i, "" when it is not an integer
// position.
func integerType(ints []IntegerPosition, i int) string {
	k, ok := slices.BinarySearchFunc(ints, i, func(p IntegerPosition, i int) int { return p.Index - i })
	if !ok {
		return ""
	}
	return ints[k].Type
}

// parseIntegerValue parses the text of a value of type typ: a decimal
// int64, or a date YYYY-MM-DD (as days since 1970-01-01).
func parseIntegerValue(typ, s string) (int64, error) {
	if typ == intTypeDate {
		t, err := time.Parse(time.DateOnly, s)
		if err != nil || t.Format(time.DateOnly) != s || t.Year() < 1 {
			return 0, fmt.Errorf("%q is not a date YYYY-MM-DD (years 0001 to 9999)", s)
		}
		return bbs.Days(t), nil
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strconv.FormatInt(v, 10) != s {
		return 0, fmt.Errorf("%q is not a decimal integer from %d to %d", s, int64(math.MinInt64), int64(math.MaxInt64))
	}
	return v, nil
}

// formatIntegerValue is the text of v of type typ: a date YYYY-MM-DD when
// it is one between years 1 and 9999, else decimal.
func formatIntegerValue(typ string, v int64) string {
	if typ == intTypeDate && v >= -719162 && v <= 2932896 {
		return time.Unix(v*86400, 0).UTC().Format(time.DateOnly)
	}
	return strconv.FormatInt(v, 10)
}

// integerMessages replaces the messages at integer positions, given as
// text (a decimal integer, or a date YYYY-MM-DD), by their 8-byte integer
// encoding. file names the messages file for errors.
func integerMessages(file string, msgs [][]byte, ints []IntegerPosition) error {
	if err := checkIntegers(ints, len(msgs)); err != nil {
		return usagef("--integers: %v (%s has %d messages)", err, file, len(msgs))
	}
	for _, p := range ints {
		v, err := parseIntegerValue(p.Type, string(msgs[p.Index]))
		if err != nil {
			return fmt.Errorf("%s: [%d]: integer position (%s): %v", file, p.Index, p.Type, err)
		}
		msgs[p.Index] = bbs.IntegerMessage(v)
	}
	return nil
}
