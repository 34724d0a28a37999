// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

func FuzzParseParams(f *testing.F) {
	rp, sp := params(f)
	f.Add(rp.Bytes())
	f.Add(sp.Bytes())
	f.Add([]byte{RangeParams})
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := ParseParams(b)
		if err != nil {
			return
		}
		if q, err := ParseParams(p.Bytes()); err != nil || string(q.Bytes()) != string(b) {
			t.Fatalf("round trip: %v", err)
		}
	})
}

func FuzzVerify(f *testing.F) {
	rp, sp := params(f)
	fx := newFixture(f, bbs.BLS12381SHA256(), 30, -12)
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}, {Kind: InSet, Index: 2, Params: sp}, {Kind: Commitment, Index: 3}, {Kind: Range, Index: 3, Min: -100, Max: 100}}
	proof, pp, err := fx.prove(f, preds)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(pp)
	f.Add(pp[:10])
	f.Fuzz(func(t *testing.T, b []byte) {
		err := fx.verify(proof, preds, b)
		if err == nil && string(b) != string(pp) {
			t.Fatal("altered proof accepted")
		}
	})
}

func FuzzVerifyWithPseudonym(f *testing.F) {
	rp, _ := params(f)
	fx := newNymFixture(f, bbs.NymBLS12381SHA256(), 30, -12)
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}, {Kind: InSet, Index: 2, Params: fx.set}, {Kind: Commitment, Index: 3}}
	proof, nym, pp, err := fx.prove(f, preds)
	if err != nil {
		f.Fatal(err)
	}
	pb := proof.Bytes()
	f.Add(pp[:10], pb[:10])
	f.Add(pp[:1], pb)
	f.Fuzz(func(t *testing.T, b, p []byte) {
		q, err := fx.s.ParseProof(p)
		if err != nil {
			q = proof
		}
		err = fx.verify(q, nym, preds, b)
		if err == nil && (string(b) != string(pp) || string(q.Bytes()) != string(pb)) {
			t.Fatal("altered presentation accepted")
		}
	})
}

func FuzzVerifyNonRevoked(f *testing.F) {
	rp, _ := params(f)
	fx := newRevFixture(f, bbs.BLS12381SHA256(), 30, -12, "handle-1")
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}, {Kind: Commitment, Index: 3}, {Kind: Range, Index: 3, Min: -100, Max: 100}}
	p, pp, err := fx.prove(f, preds)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(pp)
	f.Add(pp[:10])
	f.Fuzz(func(t *testing.T, b []byte) {
		err := fx.verify(p, preds, b, fx.v0)
		if err == nil && string(b) != string(pp) {
			t.Fatal("altered proof accepted")
		}
	})
}
