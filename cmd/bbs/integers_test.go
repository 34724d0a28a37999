// SPDX-License-Identifier: Apache-2.0

package main

import (
	"math"
	"strconv"
	"testing"
)

// FuzzIntegerValue checks that the text of an integer or date value parses
// back to its value and that accepted text is exactly the canonical text of
// its value (one spelling per value: no "+1", "01", "2008-3-1").
func FuzzIntegerValue(f *testing.F) {
	for _, s := range []string{"0", "-1", "42", "9223372036854775807", "-9223372036854775808", "01", "+1",
		"1970-01-01", "1969-12-31", "2024-02-29", "2023-02-29", "0001-01-01", "9999-12-31", "2008-3-1", "0000-12-31"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, typ := range []string{intTypeInt64, intTypeDate} {
			v, err := parseIntegerValue(typ, s)
			if err != nil {
				continue
			}
			if got := formatIntegerValue(typ, v); got != s {
				t.Fatalf("%s %q parses to %d, which formats as %q", typ, s, v, got)
			}
		}
	})
}

func TestIntegerValueEdges(t *testing.T) {
	for _, tc := range []struct {
		typ, s string
		v      int64
	}{
		{intTypeInt64, "-9223372036854775808", math.MinInt64},
		{intTypeInt64, "9223372036854775807", math.MaxInt64},
		{intTypeDate, "1970-01-01", 0},
		{intTypeDate, "1969-12-31", -1},
		{intTypeDate, "2008-03-01", 13939},
		{intTypeDate, "0001-01-01", -719162},
		{intTypeDate, "9999-12-31", 2932896},
	} {
		v, err := parseIntegerValue(tc.typ, tc.s)
		if err != nil || v != tc.v {
			t.Errorf("%s %q: %d, %v; want %d", tc.typ, tc.s, v, err, tc.v)
		}
		if got := formatIntegerValue(tc.typ, tc.v); got != tc.s {
			t.Errorf("format %s %d = %q", tc.typ, tc.v, got)
		}
	}
	// Days outside years 1..9999 are shown as numbers.
	if got := formatIntegerValue(intTypeDate, 2932897); got != strconv.Itoa(2932897) {
		t.Errorf("format date 2932897 = %q", got)
	}
	for _, s := range []string{"2023-02-29", "2008-3-1", "01", "+1", " 1", "1e3", "10000-01-01", "0000-12-31"} {
		_, e1 := parseIntegerValue(intTypeInt64, s)
		_, e2 := parseIntegerValue(intTypeDate, s)
		if e1 == nil && e2 == nil {
			t.Errorf("%q accepted", s)
		}
	}
}
