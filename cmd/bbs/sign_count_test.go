package main

import (
	"strings"
	"testing"
)

// TestSignPrintsMessageCount: sign tells, on standard error, the message
// count to pin in the issuer's registry settings, whether the credential
// goes to a file or to standard output (which stays the credential alone).
func TestSignPrintsMessageCount(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	want := `message count to register: 5 (issuer settings {"messageCounts":[5]}`
	r := runBBS(t, f.dir, fixtureMessages, "sign", "--key", "key.json", "--messages", "-")
	check(t, r, 0)
	if !strings.Contains(r.stderr, want) {
		t.Errorf("sign to stdout: stderr %q, want it to contain %q", r.stderr, want)
	}
	if strings.Contains(r.stdout, "message count") {
		t.Errorf("the count went to stdout: %q", r.stdout)
	}
	r = runBBS(t, f.dir, `["a", "b"]`, "sign", "--key", "key.json", "--messages", "-", "--out", "two.json")
	check(t, r, 0)
	if !strings.Contains(r.stderr, `message count to register: 2 (issuer settings {"messageCounts":[2]}`) {
		t.Errorf("sign to a file: stderr %q", r.stderr)
	}
}
