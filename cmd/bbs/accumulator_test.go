// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// TestAccumulatorCommands: an issuer makes an accumulator and two
// holders' witnesses; a presentation with non-revocation verifies against
// the accumulator; the issuer revokes one holder, whose witness update is
// refused, while the other updates from the removal record alone (as the
// ledger's GetAccumulatorRemoval answers it) and verifies at the new
// version.
func TestAccumulatorCommands(t *testing.T) {
	dir := t.TempDir()
	setArgs := newAccFixture(t, dir)
	acc := readJSON(t, dir, "acc.json")
	if acc["publicKey"] != setArgs.PublicKey || acc["initialValue"] != setArgs.InitialValue || acc["version"] != 0.0 {
		t.Fatalf("acc.json %v does not match the printed arguments %+v", acc, setArgs)
	}
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-a.json", "--handle-index", "2", "--out", "wa.json")
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-b.json", "--handle-index", "2", "--out", "wb.json")

	pk, err := bbs.BLS12381SHA256().ParsePublicKey(b64dec(t, readJSON(t, dir, "issuer.json")["publicKey"]))
	if err != nil {
		t.Fatal(err)
	}
	accPK, err := revocation.ParsePublicKey(b64dec(t, setArgs.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	// verify checks a request of prove --non-revoked offline against value.
	verify := func(file string, value []byte, wantVersion uint64) {
		t.Helper()
		r, err := request.Parse(readFile(t, dir, file))
		if err != nil {
			t.Fatal(err)
		}
		d, err := r.Decode()
		if err != nil {
			t.Fatal(err)
		}
		if !d.NonRevoked {
			t.Fatalf("%s: nonRevoked is not set", file)
		}
		p, err := revocation.ParsePresentation(bbs.BLS12381SHA256(), d.Proof)
		if err != nil {
			t.Fatal(err)
		}
		if p.Version != wantVersion || p.HandleIndex != 2 {
			t.Fatalf("%s: version %d, handle %d", file, p.Version, p.HandleIndex)
		}
		disclosed := []bbs.DisclosedMessage{{Index: 0, Message: d.Disclosed[0].Message}}
		if err := revocation.VerifyPresentation(pk, p, d.Header, d.Nonce, disclosed, accPK, value); err != nil {
			t.Fatalf("%s: %v", file, err)
		}
	}
	mustBBS(t, dir, "prove", "--credential", "cred-a.json", "--reveal", "0", "--nonce-random", "--issuer", "acme",
		"--non-revoked", "wa.json", "--policy", "members", "--out", "req-a0.json")
	verify("req-a0.json", b64dec(t, setArgs.InitialValue), 0)

	// Revoke Bob: the printed record is RevokeHandle's argument.
	rev := mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred-b.json", "--handle-index", "2")
	removal := b64dec(t, strings.TrimSpace(rev.stdout))
	rem, err := revocation.ParseRemoval(removal)
	if err != nil || rem.Version != 1 {
		t.Fatalf("revoke printed %q: %v", rev.stdout, err)
	}
	if err := revocation.VerifyRemoval(accPK, b64dec(t, setArgs.InitialValue), rem); err != nil {
		t.Fatal(err)
	}
	if acc := readJSON(t, dir, "acc.json"); acc["version"] != 1.0 || acc["value"] != b64(rem.Value()) {
		t.Fatalf("acc.json not updated: %v", acc)
	}
	// As GetAccumulatorRemoval answers it.
	writeJSON(t, dir, "r1.json", map[string]any{"issuer": "acme", "removal": b64(removal), "version": 1, "createdAt": "2026-12-01T00:00:00Z", "txId": "t"})

	r := runBBS(t, dir, "", "update-witness", "--witness", "wb.json", "--credential", "cred-b.json", "r1.json")
	if r.code != exitFailed || !strings.Contains(r.stderr, "revoked") {
		t.Fatalf("a revoked holder's update: %v", r)
	}
	if readJSON(t, dir, "wb.json")["version"] != 0.0 {
		t.Fatal("the revoked holder's witness was rewritten")
	}
	mustBBS(t, dir, "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "r1.json")
	if readJSON(t, dir, "wa.json")["version"] != 1.0 {
		t.Fatal("witness not at version 1")
	}
	mustBBS(t, dir, "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "r1.json") // applied already: no change
	mustBBS(t, dir, "prove", "--credential", "cred-a.json", "--reveal", "0", "--nonce-random", "--issuer", "acme",
		"--non-revoked", "wa.json", "--out", "req-a1.json")
	verify("req-a1.json", rem.Value(), 1)

	// A RevokeHandles batch (version 2, two other handles) as
	// GetAccumulatorRemoval answers it: Alice updates from it alone.
	batch := writeBatchRemoval(t, dir, 1, rem.Value(), "r2.json")
	writeJSON(t, dir, "r2-bad.json", map[string]any{"issuer": "acme", "batch": b64(batch.Bytes()), "version": 3})
	if r := runBBS(t, dir, "", "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "r2-bad.json"); r.code == 0 {
		t.Fatalf("a batch record under another version was applied: %v", r)
	}
	mustBBS(t, dir, "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "--out", "wa-v2.json", "r1.json", "r2.json")
	if readJSON(t, dir, "wa-v2.json")["version"] != 2.0 {
		t.Fatal("witness not at version 2 after the batch")
	}
	mustBBS(t, dir, "prove", "--credential", "cred-a.json", "--reveal", "0", "--nonce-random", "--issuer", "acme",
		"--non-revoked", "wa-v2.json", "--out", "req-a2.json")
	verify("req-a2.json", batch.Value(), 2)

	// The ledger's record decides: acc-witness with --ledger uses its
	// version and value.
	writeJSON(t, dir, "ledger.json", map[string]any{"issuer": "acme", "publicKey": setArgs.PublicKey, "initialValue": setArgs.InitialValue,
		"version": 1, "value": b64(rem.Value()), "txId": "t"})
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-a.json", "--handle-index", "2", "--ledger", "ledger.json", "--out", "wa2.json")
	if w := readJSON(t, dir, "wa2.json"); w["version"] != 1.0 || w["witness"] != readJSON(t, dir, "wa.json")["witness"] {
		t.Fatalf("the issuer's witness at version 1 %v is not the holder's updated one", w)
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"prove", "--credential", "cred-a.json", "--reveal", "0,2", "--nonce-random", "--issuer", "acme", "--non-revoked", "wa.json"}, "message 2 is the revocation handle"},
		{[]string{"prove", "--credential", "cred-b.json", "--reveal", "0", "--nonce-random", "--issuer", "acme", "--non-revoked", "wa.json"}, "the witness does not verify"},
		{[]string{"update-witness", "--witness", "wa.json", "--credential", "cred-a.json"}, "give the removal record files"},
		{[]string{"revoke", "--acc", "acc.json", "--handle-index", "2"}, "give --acc and --credential"},
		{[]string{"revoke", "--acc", "acc.json", "--credential", "cred-a.json", "--handle-index", "3"}, "--handle-index: 3, but cred-a.json has 3 messages"},
		{[]string{"acc-witness", "--acc", "issuer.json", "--credential", "cred-a.json", "--handle-index", "2"}, "unknown field"},
		{[]string{"acc-keygen", "--handle-index", "2", "--out", "-"}, "the accumulator secret is not printed"},
		{[]string{"acc-keygen", "--out", "acc2.json"}, "--handle-index: give the index of the revocation handle"},
	} {
		r := runBBS(t, dir, "", tc.args...)
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("bbs %s: want a failure with %q, got %v", strings.Join(tc.args, " "), tc.want, r)
		}
	}
}

// TestRevokeBatch: bbs revoke with several credentials prints one
// RevokeHandles batch record (revocation.SecretKey.RemoveBatch) of the next
// version and moves acc.json to it; the batch verifies against the previous
// value (as the contract checks it), the revoked holders' witness updates are
// refused, another holder updates from the batch alone; --handle-index is
// given once for all or once per credential; --batch makes a batch of one;
// a repeated handle, a count mismatch and an out-of-range index are refused
// and leave acc.json as it was.
func TestRevokeBatch(t *testing.T) {
	dir := t.TempDir()
	mustBBS(t, dir, "keygen", "--scheme", "bbs-bls12381-sha256", "--out", "issuer.json")
	names := []string{"a", "b", "c", "d"}
	for i, n := range names {
		writeFile(t, dir, n+".json", `["name=`+n+`", "role=member", "handle-`+strings.Repeat(n, 20+i)+`"]`)
		mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", n+".json", "--out", "cred-"+n+".json")
	}
	// d has its handle first: message 0.
	writeFile(t, dir, "d.json", `["handle-dddddddddddddddddddddddd", "name=d", "role=member"]`)
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "d.json", "--out", "cred-d.json")
	args := mustBBS(t, dir, "acc-keygen", "--handle-index", "2", "--out", "acc.json")
	var setArgs struct{ PublicKey, InitialValue string }
	if err := json.Unmarshal([]byte(args.stdout), &setArgs); err != nil {
		t.Fatal(err)
	}
	accPK, err := revocation.ParsePublicKey(b64dec(t, setArgs.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []string{"a", "b", "c"} {
		mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-"+n+".json", "--handle-index", "2", "--out", "w"+n+".json")
	}
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-d.json", "--handle-index", "0", "--out", "wd.json")

	// Refusals change nothing.
	before := readFile(t, dir, "acc.json")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--credential", "cred-b.json", "--credential", "cred-b.json", "--handle-index", "2"}, "cred-b.json has the same revocation handle as cred-b.json"},
		{[]string{"--credential", "cred-b.json", "--credential", "cred-c.json", "--credential", "cred-d.json", "--handle-index", "2", "--handle-index", "2"}, "given 2 times for 3 credentials"},
		{[]string{"--credential", "cred-b.json", "--credential", "cred-c.json", "--handle-index", "2", "--handle-index", "3"}, "--handle-index: 3, but cred-c.json has 3 messages"},
		{[]string{"--credential", "cred-b.json", "--handle-index", "-1"}, "not a non-negative integer"},
		{[]string{"--handle-index", "2"}, "give --acc and --credential"},
	} {
		r := runBBS(t, dir, "", append([]string{"revoke", "--acc", "acc.json"}, tc.args...)...)
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Errorf("bbs revoke %s: want a failure with %q, got %v", strings.Join(tc.args, " "), tc.want, r)
		}
		if got := readFile(t, dir, "acc.json"); string(got) != string(before) {
			t.Fatalf("bbs revoke %s changed acc.json", strings.Join(tc.args, " "))
		}
	}

	// A batch of b and d, each with its own handle index: version 1.
	rev := mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred-b.json", "--credential", "cred-d.json",
		"--handle-index", "2", "--handle-index", "0")
	rec := b64dec(t, strings.TrimSpace(rev.stdout))
	if len(rec) != revocation.BatchRemovalSize(2) {
		t.Fatalf("batch record of %d bytes, want %d", len(rec), revocation.BatchRemovalSize(2))
	}
	b1, err := revocation.ParseBatchRemoval(rec)
	if err != nil || b1.Version != 1 || b1.Len() != 2 {
		t.Fatalf("revoke printed %q: %v", rev.stdout, err)
	}
	if err := revocation.VerifyBatchRemoval(accPK, b64dec(t, setArgs.InitialValue), b1); err != nil {
		t.Fatal(err)
	}
	if acc := readJSON(t, dir, "acc.json"); acc["version"] != 1.0 || acc["value"] != b64(b1.Value()) {
		t.Fatalf("acc.json not updated: %v", acc)
	}
	writeJSON(t, dir, "r1.json", map[string]any{"issuer": "acme", "batch": b64(rec), "version": 1, "createdAt": "2026-12-01T00:00:00Z", "txId": "t1"})
	for _, h := range []struct{ cred, w string }{{"cred-b.json", "wb.json"}, {"cred-d.json", "wd.json"}} {
		r := runBBS(t, dir, "", "update-witness", "--witness", h.w, "--credential", h.cred, "r1.json")
		if r.code != exitFailed || !strings.Contains(r.stderr, "revoked") {
			t.Fatalf("the revoked holder %s updated: %v", h.cred, r)
		}
	}
	mustBBS(t, dir, "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "r1.json")
	if readJSON(t, dir, "wa.json")["version"] != 1.0 {
		t.Fatal("a's witness not at version 1")
	}

	// --batch: a batch of one (c), from the ledger's record of version 1.
	writeJSON(t, dir, "ledger.json", map[string]any{"issuer": "acme", "publicKey": setArgs.PublicKey, "initialValue": setArgs.InitialValue,
		"version": 1, "value": b64(b1.Value()), "txId": "t1"})
	rev = mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred-c.json", "--handle-index", "2", "--batch", "--ledger", "ledger.json")
	b2, err := revocation.ParseBatchRemoval(b64dec(t, strings.TrimSpace(rev.stdout)))
	if err != nil || b2.Version != 2 || b2.Len() != 1 {
		t.Fatalf("revoke --batch printed %q: %v", rev.stdout, err)
	}
	if err := revocation.VerifyBatchRemoval(accPK, b1.Value(), b2); err != nil {
		t.Fatal(err)
	}
	writeJSON(t, dir, "r2.json", map[string]any{"issuer": "acme", "batch": b64(b2.Bytes()), "version": 2})
	mustBBS(t, dir, "update-witness", "--witness", "wa.json", "--credential", "cred-a.json", "r2.json")
	if w := readJSON(t, dir, "wa.json"); w["version"] != 2.0 || w["value"] != b64(b2.Value()) {
		t.Fatalf("a's witness not at version 2: %v", w)
	}
	// Without --batch, one credential is still RevokeHandle's single record.
	rev = mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred-a.json", "--handle-index", "2")
	if rem, err := revocation.ParseRemoval(b64dec(t, strings.TrimSpace(rev.stdout))); err != nil || rem.Version != 3 {
		t.Fatalf("revoke of one printed %q: %v", rev.stdout, err)
	}
}

// TestAccumulatorHandleIndexDefault: acc-keygen keeps the declared handle
// index in acc.json and prints it with the SetAccumulator arguments;
// acc-witness and revoke use it when --handle-index is not given (the
// ledger record's when --ledger names one that declares an index), and
// acc-witness warns about another index.
func TestAccumulatorHandleIndexDefault(t *testing.T) {
	dir := t.TempDir()
	mustBBS(t, dir, "keygen", "--scheme", "bbs-bls12381-sha256", "--out", "issuer.json")
	writeFile(t, dir, "a.json", `["name=Alice", "handle-Ai8gN1ZQf0x3v2Xk8TqYwQ", "role=member"]`)
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "a.json", "--out", "cred-a.json")
	args := mustBBS(t, dir, "acc-keygen", "--handle-index", "1", "--out", "acc.json")
	var setArgs struct {
		PublicKey, InitialValue string
		HandleIndex             *int
	}
	if err := json.Unmarshal([]byte(args.stdout), &setArgs); err != nil || setArgs.HandleIndex == nil || *setArgs.HandleIndex != 1 {
		t.Fatalf("acc-keygen output: %v\n%s", err, args.stdout)
	}
	if acc := readJSON(t, dir, "acc.json"); acc["handleIndex"] != 1.0 {
		t.Fatalf("acc.json: handleIndex %v", acc["handleIndex"])
	}
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-a.json", "--out", "wa.json")
	if w := readJSON(t, dir, "wa.json"); w["handleIndex"] != 1.0 {
		t.Fatalf("witness handleIndex %v, want the declared 1", w["handleIndex"])
	}
	r := mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-a.json", "--handle-index", "2", "--out", "w2.json")
	if !strings.Contains(r.stderr, "declares handle index 1") {
		t.Fatalf("no warning for another index: %q", r.stderr)
	}
	// The ledger's record declares 2 (SetAccumulatorHandleIndex): it wins.
	acc := readJSON(t, dir, "acc.json")
	writeJSON(t, dir, "ledger.json", map[string]any{"issuer": "acme", "publicKey": acc["publicKey"], "initialValue": acc["initialValue"],
		"version": 0, "value": acc["value"], "txId": "t1", "handleIndex": 2, "handleIndexTxId": "t2"})
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred-a.json", "--ledger", "ledger.json", "--out", "wl.json")
	if w := readJSON(t, dir, "wl.json"); w["handleIndex"] != 2.0 {
		t.Fatalf("witness handleIndex %v, want the ledger's 2", w["handleIndex"])
	}
	rev := mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred-a.json")
	rem, err := revocation.ParseRemoval(b64dec(t, strings.TrimSpace(rev.stdout)))
	if err != nil {
		t.Fatal(err)
	}
	c, err := readCredentialFile(filepath.Join(dir, "cred-a.json"))
	if err != nil {
		t.Fatal(err)
	}
	h, _ := revocation.HandleScalar(c.scheme, c.messages[1])
	if !bytes.Equal(rem.Handle(), h) {
		t.Fatal("revoke without --handle-index did not remove message 1, the declared handle")
	}
}

// writeBatchRemoval removes two handles (neither a test credential's) from
// the accumulator of dir's acc.json at version prev, whose value is
// value, and writes the batch record as GetAccumulatorRemoval answers it
// (version prev+1) to name.
func writeBatchRemoval(t *testing.T, dir string, prev uint64, value []byte, name string) *revocation.BatchRemoval {
	t.Helper()
	ask, err := revocation.ParseSecretKey(b64dec(t, readJSON(t, dir, "acc.json")["secretKey"].(string)))
	if err != nil {
		t.Fatal(err)
	}
	h1, h2 := make([]byte, 32), make([]byte, 32)
	h1[31], h2[31] = 7, 8
	batch, err := ask.RemoveBatch(prev, value, [][]byte{h1, h2})
	if err != nil {
		t.Fatal(err)
	}
	writeJSON(t, dir, name, map[string]any{"issuer": "acme", "batch": b64(batch.Bytes()), "version": prev + 1,
		"createdAt": "2026-12-01T00:00:01Z", "txId": "t2"})
	return batch
}

// accArgs are the SetAccumulator arguments acc-keygen prints.
type accArgs struct{ PublicKey, InitialValue string }

// newAccFixture makes, in dir, an IETF issuer (issuer.json, its public
// key in issuer.pub), credentials of Alice and Bob whose message 2 is the
// revocation handle (cred-a.json, cred-b.json), and the issuer's
// accumulator at version 0 declaring handle index 2 (acc.json).
func newAccFixture(t *testing.T, dir string) accArgs {
	t.Helper()
	r := mustBBS(t, dir, "keygen", "--scheme", "bbs-bls12381-sha256", "--out", "issuer.json")
	writeFile(t, dir, "issuer.pub", r.stdout)
	writeFile(t, dir, "a.json", `["name=Alice", "role=member", "handle-Ai8gN1ZQf0x3v2Xk8TqYwQ"]`)
	writeFile(t, dir, "b.json", `["name=Bob", "role=member", "handle-9d2LmQ0sPp6wZrC4eKjHbA"]`)
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "a.json", "--out", "cred-a.json")
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "b.json", "--out", "cred-b.json")
	args := mustBBS(t, dir, "acc-keygen", "--handle-index", "2", "--out", "acc.json")
	var setArgs accArgs
	if err := json.Unmarshal([]byte(args.stdout), &setArgs); err != nil {
		t.Fatalf("acc-keygen output: %v\n%s", err, args.stdout)
	}
	return setArgs
}
