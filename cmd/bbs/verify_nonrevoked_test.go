// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// TestVerifyNonRevoked: bbs verify checks a presentation with
// non-revocation offline against the accumulator given, as acc.json or as
// GetAccumulator answers it, at the version the presentation names (the
// current one, 0, or an older one with its removal record), and refuses a
// presentation against a version the accumulator does not have, another
// handle index, an undeclared one and a wrong value; a request without
// non-revocation refuses the flags.
func TestVerifyNonRevoked(t *testing.T) {
	dir := t.TempDir()
	setArgs := newAccFixture(t, dir)
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-a.json", "--out", "wa.json")
	mustBBS(t, dir, "prove", "--credential", "cred-a.json", "--reveal", "0", "--nonce-random", "--issuer", "acme",
		"--non-revoked", "wa.json", "--out", "req-v0.json")
	mustBBS(t, dir, "prove", "--credential", "cred-a.json", "--reveal", "0", "--nonce-random", "--issuer", "acme", "--out", "plain.json")

	verify := func(req string, extra ...string) result {
		t.Helper()
		return runBBS(t, dir, "", append([]string{"verify", "--public-key", "@issuer.pub", "--request", req}, extra...)...)
	}
	r := verify("req-v0.json", "--accumulator", "acc.json")
	check(t, r, 0, "stdout:not revoked: the handle (message 2) is in accumulator version 0; the accumulator given is at version 0")
	r = verify("req-v0.json", "--accumulator", "acc.json", "--json")
	var res VerifyResult
	if err := json.Unmarshal([]byte(r.stdout), &res); err != nil || !res.Valid || res.NonRevocation == nil ||
		*res.NonRevocation != (NonRevocationResult{Version: 0, CurrentVersion: 0, HandleIndex: 2}) {
		t.Fatalf("--json: %v (%v)", r, err)
	}

	// Revoke Bob (version 1), then a batch of two other handles (version 2).
	rev := mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred-b.json")
	removal := b64dec(t, strings.TrimSpace(rev.stdout))
	rem, err := revocation.ParseRemoval(removal)
	if err != nil {
		t.Fatal(err)
	}
	writeJSON(t, dir, "r1.json", map[string]any{"issuer": "acme", "removal": b64(removal), "version": 1, "createdAt": "2026-12-01T00:00:00Z", "txId": "t1"})
	mustBBS(t, dir, "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "r1.json")
	mustBBS(t, dir, "prove", "--credential", "cred-a.json", "--reveal", "0", "--nonce-random", "--issuer", "acme",
		"--non-revoked", "wa.json", "--out", "req-v1.json")
	batch := writeBatchRemoval(t, dir, 1, rem.Value(), "r2.json")
	ledger := func(name string, version int, value []byte, declared bool) {
		t.Helper()
		rec := map[string]any{"issuer": "acme", "publicKey": setArgs.PublicKey, "initialValue": setArgs.InitialValue,
			"version": version, "value": b64(value), "updatedAt": "2026-12-01T00:00:01Z", "txId": "t2", "handleIndex": 2}
		if declared {
			rec["handleIndexTxId"] = "t0"
		}
		writeJSON(t, dir, name, rec)
	}
	ledger("acc-v2.json", 2, batch.Value(), true)
	ledger("acc-v1.json", 1, rem.Value(), true)
	ledger("acc-v0.json", 0, b64dec(t, setArgs.InitialValue), true)
	ledger("acc-v2-undeclared.json", 2, batch.Value(), false)
	ledger("acc-v0-wrong.json", 0, rem.Value(), true)
	ledger("acc-v1-index1.json", 1, rem.Value(), true)
	rec := readJSON(t, dir, "acc-v0.json")
	delete(rec, "handleIndex")
	writeJSON(t, dir, "acc-no-index.json", rec)
	rec = readJSON(t, dir, "acc-v1-index1.json")
	rec["handleIndex"] = 1
	writeJSON(t, dir, "acc-v1-index1.json", rec)

	// Valid: the current version, V_0 of the record, an older version with
	// its removal record (a single removal here).
	check(t, verify("req-v1.json", "--accumulator", "acc-v1.json"), 0, "stdout:is in accumulator version 1; the accumulator given is at version 1")
	check(t, verify("req-v0.json", "--accumulator", "acc-v2.json"), 0, "stdout:is in accumulator version 0; the accumulator given is at version 2")
	check(t, verify("req-v1.json", "--accumulator", "acc-v2.json", "--removal", "r1.json"), 0, "stdout:is in accumulator version 1; the accumulator given is at version 2")
	check(t, verify("req-v1.json", "--accumulator", "acc.json"), 0, "stdout:is in accumulator version 1; the accumulator given is at version 1")

	for _, tc := range []struct {
		req  string
		args []string
		code int
		want string
	}{
		{"req-v1.json", []string{"--accumulator", "acc-v0.json"}, exitFailed, "names accumulator version 1, but the accumulator given (--accumulator) is at version 0"},
		{"req-v1.json", []string{"--accumulator", "acc-v2.json"}, exitBadInput, "give --removal with GetAccumulatorRemoval's answer for version 1"},
		{"req-v1.json", []string{"--accumulator", "acc-v2.json", "--removal", "r2.json"}, exitBadInput, "removal record of version 2, but the presentation is against version 1"},
		{"req-v0.json", []string{"--accumulator", "acc-v2-undeclared.json"}, exitFailed, "declares no handle index"},
		{"req-v1.json", []string{"--accumulator", "acc-v1-index1.json"}, exitFailed, "membership of message 2, but the revocation handle of acc-v1-index1.json is message 1"},
		{"req-v0.json", []string{"--accumulator", "acc-v0-wrong.json"}, exitFailed, "presentation with non-revocation against accumulator version 0"},
		{"req-v0.json", nil, exitBadInput, "give --accumulator"},
		{"plain.json", []string{"--accumulator", "acc.json"}, exitBadInput, "not a presentation with non-revocation"},
		{"req-v0.json", []string{"--accumulator", "a.json"}, exitBadInput, "want GetAccumulator's answer or acc.json"},
		{"req-v0.json", []string{"--accumulator", "acc-no-index.json"}, exitBadInput, "handleIndex: missing, but handleIndexTxId declares one"},
	} {
		r := verify(tc.req, tc.args...)
		if r.code != tc.code || !strings.Contains(r.stdout+r.stderr, tc.want) {
			t.Errorf("%s %v: %v, want exit %d and %q", tc.req, tc.args, r, tc.code, tc.want)
		}
	}
}

// FuzzReadAccumulatorState: --accumulator never panics on any file; what
// it accepts has a key, a value that is a valid accumulator value and a
// handle index that is -1 (undeclared) or a message index.
func FuzzReadAccumulatorState(f *testing.F) {
	sk, v0, err := revocation.GenerateKey(strings.NewReader(strings.Repeat("fuzz seed key ", 8)))
	if err != nil {
		f.Fatal(err)
	}
	pk, v := b64(sk.PublicKey().Bytes()), b64(v0)
	for _, tail := range []string{``, `,"handleIndex":2`, `,"txId":"t","handleIndexTxId":"t0"`, `,"txId":"t","handleIndex":3`,
		`,"txId":"t","handleIndexTxId":"t0","handleIndex":-1`, `,"handleIndex":1,"initialValue":"AA=="`} {
		f.Add([]byte(`{"publicKey":"` + pk + `","version":4,"value":"` + v + `","initialValue":"` + v + `"` + tail + `}`))
	}
	f.Add([]byte(`{"publicKey":"AA==","version":0,"value":"AA=="}`))
	f.Add([]byte(`{"publicKey":"AA==","version":1,"value":"AA==","txId":"t","handleIndexTxId":"t0"}`))
	f.Add([]byte(`{"publicKey":"AA==","version":1,"value":"AA==","txId":"t","handleIndexTxId":"t0","handleIndex":-1}`))
	f.Add([]byte(`{"secretKey":"AA==","publicKey":"AA==","initialValue":"AA==","version":0,"value":"AA==","handleIndex":2}`))
	f.Add([]byte(`[1,2]`))
	f.Add([]byte(`{"version":"x"}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "acc.json")
		if err := os.WriteFile(path, data, 0o600); err != nil {
			t.Fatal(err)
		}
		st, err := readAccumulatorState(path)
		if err != nil {
			return
		}
		if st.key == nil || st.value == nil || st.handleIndex < -1 {
			t.Fatalf("accepted %q as %+v", data, st)
		}
	})
}
