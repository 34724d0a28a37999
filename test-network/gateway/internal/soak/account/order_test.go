// SPDX-License-Identifier: Apache-2.0

package account

import (
	"strings"
	"testing"
)

// TestCheckRequestOneAnswer: a request of an invalid class recorded by
// several transactions gets its problems in one order on every run (they
// were listed in map order, and Check keeps only the first maxProblems).
func TestCheckRequestOneAnswer(t *testing.T) {
	var sent []Sent
	byKey := map[string][]writer{}
	for _, id := range []string{"t5", "t1", "t4", "t2", "t3", "t6"} {
		sent = append(sent, failed(id, "original"))
		byKey[VerificationKey(id)] = []writer{{txID: id}}
	}
	r := req("bad", "tampered", "n", sent...)
	_, msgs := checkRequest(r, nil, byKey)
	first := strings.Join(msgs, "\n")
	if !strings.HasPrefix(first, "has a verification record (transaction t1)\nhas a verification record (transaction t2)") {
		t.Fatalf("problems not in transaction ID order:\n%s", first)
	}
	for i := range 50 {
		if _, msgs := checkRequest(r, nil, byKey); strings.Join(msgs, "\n") != first {
			t.Fatalf("run %d listed\n%s\nwhere the first listed\n%s", i, strings.Join(msgs, "\n"), first)
		}
	}
}
