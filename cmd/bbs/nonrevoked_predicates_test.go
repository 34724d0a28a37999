// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// TestProveNonRevokedPredicates: prove --non-revoked with --range makes a
// presentation with non-revocation that carries the range (message 3 of
// the credential is the handle); it verifies against the accumulator's
// value, not after the handle's revocation; predicates on the handle and a
// disclosed integer are refused.
func TestProveNonRevokedPredicates(t *testing.T) {
	dir := newIntFixture(t, "bbs-bls12381-sha256")
	args := mustBBS(t, dir, "acc-keygen", "--handle-index", "3", "--out", "acc.json")
	var setArgs struct{ PublicKey, InitialValue string }
	if err := json.Unmarshal([]byte(args.stdout), &setArgs); err != nil {
		t.Fatalf("acc-keygen output: %v\n%s", err, args.stdout)
	}
	mustBBS(t, dir, "acc-witness", "--acc", "acc.json", "--credential", "cred.json", "--handle-index", "3", "--out", "w.json")
	mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", "0", "--nonce-random", "--issuer", "i1",
		"--range", "1:18..100", "--range", "2:1900-01-01..2008-03-01:age=@age.params", "--non-revoked", "w.json", "--out", "req.json")

	rq, err := request.Parse(readFile(t, dir, "req.json"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := rq.Decode()
	if err != nil {
		t.Fatal(err)
	}
	if !d.NonRevoked || len(d.Predicates) != 2 || len(d.PredicateProof) == 0 {
		t.Fatalf("nonRevoked %v, %d predicates, %d proof bytes", d.NonRevoked, len(d.Predicates), len(d.PredicateProof))
	}
	s := bbs.BLS12381SHA256()
	pk, err := s.ParsePublicKey(b64dec(t, readJSON(t, dir, "key.json")["publicKey"]))
	if err != nil {
		t.Fatal(err)
	}
	acc, err := revocation.ParsePublicKey(b64dec(t, setArgs.PublicKey))
	if err != nil {
		t.Fatal(err)
	}
	p, err := revocation.ParsePresentation(s, d.Proof)
	if err != nil {
		t.Fatal(err)
	}
	params, err := readParamsFile(filepath.Join(dir, "age.params"))
	if err != nil {
		t.Fatal(err)
	}
	mm, err := bbs.NewMessageMap([]int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	preds := make([]predicate.Predicate, len(d.Predicates))
	for i, q := range d.Predicates {
		preds[i] = predicate.Predicate{Kind: predicate.Range, Index: q.Index}
		preds[i].Min, preds[i].Max = q.Bounds()
		if q.Params != "" {
			preds[i].Params = params
		}
	}
	disclosed := []bbs.DisclosedMessage{{Index: 0, Message: d.Disclosed[0].Message}}
	v0 := b64dec(t, setArgs.InitialValue)
	if err := predicate.VerifyNonRevoked(pk, p, 3, d.Header, d.Nonce, disclosed, mm, acc, v0, preds, d.PredicateProof); err != nil {
		t.Fatal(err)
	}
	// The same offline, with bbs verify.
	r := runBBS(t, dir, "", "verify", "--public-key", "@key.pub", "--request", "req.json", "--integers", "1:int64,2:date",
		"--params", "age=@age.params", "--accumulator", "acc.json")
	check(t, r, 0, "stdout:proven: message 1 in 18..100 (Bulletproofs)", "stdout:not revoked: the handle (message 3) is in accumulator version 0")
	// Revoked: the presentation does not verify against the new value.
	rev := mustBBS(t, dir, "revoke", "--acc", "acc.json", "--credential", "cred.json", "--handle-index", "3")
	rem, err := revocation.ParseRemoval(b64dec(t, strings.TrimSpace(rev.stdout)))
	if err != nil {
		t.Fatal(err)
	}
	if err := predicate.VerifyNonRevoked(pk, p, 3, d.Header, d.Nonce, disclosed, mm, acc, rem.Value(), preds, d.PredicateProof); err == nil {
		t.Fatal("verified after the handle's revocation")
	}

	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--reveal", "1", "--range", "2:1900-01-01..", "--non-revoked", "w.json"}, "message 1 is an integer position"},
		{[]string{"--reveal", "0", "--in-set", "3:eu=@eu.params", "--non-revoked", "w.json"}, "message 3 is the revocation handle"},
		{[]string{"--reveal", "0", "--non-revoked", "w.json"}, "maps only with predicates"},
	} {
		r := runBBS(t, dir, "", append([]string{"prove", "--credential", "cred.json", "--nonce-random", "--issuer", "i1", "--out", "refused.json"}, tc.args...)...)
		if r.code == 0 || !strings.Contains(r.stderr, tc.want) {
			t.Fatalf("%v: %v, want %q", tc.args, r, tc.want)
		}
	}
}
