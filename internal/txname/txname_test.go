// SPDX-License-Identifier: Apache-2.0

package txname

import (
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	for _, tc := range []struct {
		fn string
		ok bool
	}{
		{"SubmitProof", true},
		{"bbs:SubmitProof", true},
		{"a:b:Tally", true},
		{"submitProof", false},
		{"bbs:submitProof", false},
		{"bbs:", false},
		{"", false},
		{"_Tally", false},
		{"\xff", false},
		{"Élection", true},
	} {
		err := Check(tc.fn, "CastVote")
		if (err == nil) != tc.ok {
			t.Errorf("Check(%q) = %v, want ok %v", tc.fn, err, tc.ok)
		}
		if err != nil && !strings.Contains(err.Error(), "case-sensitive") {
			t.Errorf("Check(%q): %v does not say why", tc.fn, err)
		}
	}
}
