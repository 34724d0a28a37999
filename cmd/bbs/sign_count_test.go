// SPDX-License-Identifier: Apache-2.0

package main

import (
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
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

// TestNymSignPrintsMessageCount: blind signing a holder's commitment prints
// the issuer's message count too, the count a pseudonym proof reports.
func TestNymSignPrintsMessageCount(t *testing.T) {
	dir := t.TempDir()
	mustBBS(t, dir, "keygen", "--scheme", bbs.NymBLS12381SHA256Name, "--out", "issuer.json")
	writeFile(t, dir, "msgs.json", `["a", "b", "c"]`)
	mustBBS(t, dir, "nym-commit", "--scheme", bbs.NymBLS12381SHA256Name, "--secret-out", "s.json", "--out", "c.json")
	r := mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "msgs.json", "--commitment", "c.json", "--out", "signed.json")
	if want := `message count to register: 3 (issuer settings {"messageCounts":[3]}`; !strings.Contains(r.stderr, want) {
		t.Errorf("sign --commitment: stderr %q, want it to contain %q", r.stderr, want)
	}
}
