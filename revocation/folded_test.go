// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
	"github.com/fabric-bbs/fabric-bbs/internal/curvetest"
)

// TestFoldedForm: Present makes the folded membership proof (format 0x02);
// it verifies in a presentation and alone (VerifyMembership); a
// presentation carrying the unfolded form (format 0x01, ProveMembership)
// still verifies; every field of the folded proof changed, a membership
// proof about another handle than the committed one, an order-3 point and
// a cofactor component are refused.
func TestFoldedForm(t *testing.T) {
	s := bbs.BLS12381SHA256()
	is := newIssuer(t, s)
	alice, carol := is.issue(t, "alice", 5), is.issue(t, "carol", 5)
	nonce := []byte("folded")
	d := disclosed(alice, 0, 1)
	pa, err := Present(nil, alice, is.ask.PublicKey(), is.v[0], nonce, []int{0, 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(pa.membership) != MembershipSizeFolded || pa.membership[0] != membershipFormatFolded {
		t.Fatalf("Present made a membership proof of %d bytes, format %d", len(pa.membership), pa.membership[0])
	}
	if err := is.verify(pa.Bytes(), nonce, d); err != nil {
		t.Fatal(err)
	}
	st := func() *Statement {
		return &Statement{Scheme: s, Key: is.ask.PublicKey(), Version: 0, Value: is.v[0],
			Commitment: pa.proof.Commitments()[0].Point, Context: presentationContext(2, pa.proof.Bytes(), nonce)}
	}
	if err := VerifyMembership(st(), pa.membership); err != nil {
		t.Fatalf("folded proof alone: %v", err)
	}

	// The unfolded form in a presentation.
	h, _ := alice.Handle()
	proof, open, err := bbsrev.DeriveCommittedProof(nil, s, alice.PublicKey, alice.Signature, alice.Header, nonce, alice.Messages, []int{0, 1}, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	st1 := &Statement{Scheme: s, Key: is.ask.PublicKey(), Version: 0, Value: is.v[0],
		Commitment: proof.Commitments()[0].Point, Context: presentationContext(2, proof.Bytes(), nonce)}
	m1, err := ProveMembership(nil, st1, h, alice.Witness, open[0].Blind)
	if err != nil || len(m1) != MembershipSize {
		t.Fatalf("unfolded: %d bytes, %v", len(m1), err)
	}
	if err := is.verify(encodePresentation(2, proof.Bytes(), m1), nonce, d); err != nil {
		t.Fatalf("presentation with the unfolded form: %v", err)
	}

	// Carol's witness and handle, proven about alice's commitment (the
	// prover's checks skipped): E1 holds, E2 does not.
	hc, _ := carol.Handle()
	mc, err := proveMembership(nil, st(), hc, carol.Witness, make([]byte, 32), false, membershipFormatFolded)
	if err != nil {
		t.Fatal(err)
	}
	if err := is.verify(encodePresentation(2, pa.proof.Bytes(), mc), nonce, d); !errors.Is(err, ErrInvalid) {
		t.Errorf("membership of another handle: %v", err)
	}
	if err := VerifyMembership(st(), mc); !errors.Is(err, ErrInvalid) {
		t.Errorf("membership of another handle, alone: %v", err)
	}

	_, _, g1, _ := bls12381.Generators()
	tp := cofactorPoint(t)
	o3 := orderThreePoint(t)
	pointAt := func(i int) int { return 9 + i*rawPointSize }
	setPoint := func(i int, f func(p bls12381.G1Affine) bls12381.G1Affine) []byte {
		m := bytes.Clone(pa.membership)
		p, err := parseRawPoint(m[pointAt(i) : pointAt(i)+rawPointSize])
		if err != nil {
			t.Fatal(err)
		}
		q := f(p)
		b := q.RawBytes()
		copy(m[pointAt(i):], b[:])
		return m
	}
	plusG := func(p bls12381.G1Affine) bls12381.G1Affine { p.Add(&p, &g1); return p }
	plusT := func(p bls12381.G1Affine) bls12381.G1Affine {
		var j, t bls12381.G1Jac
		j.FromAffine(&p)
		t.FromAffine(&tp)
		j.AddAssign(&t)
		p.FromJacobian(&j)
		return p
	}
	flip := func(off int) []byte { m := bytes.Clone(pa.membership); m[off] ^= 1; return m }
	scalarAt := func(i int) int { return 9 + 4*rawPointSize + i*ScalarSize + ScalarSize - 1 }
	cases := map[string][]byte{
		"C' + G":              setPoint(0, plusG),
		"C̄ + G":              setPoint(1, plusG),
		"T1 + G":              setPoint(2, plusG),
		"T2 + G":              setPoint(3, plusG),
		"C̄ + cofactor point": setPoint(1, plusT),
		"T1 + cofactor point": setPoint(2, plusT),
		"T2 + cofactor point": setPoint(3, plusT),
		"T1 of order 3":       setPoint(2, func(bls12381.G1Affine) bls12381.G1Affine { return o3 }),
		"C' + cofactor point": setPoint(0, plusT),
		"r^ changed":          flip(scalarAt(0)),
		"y^ changed":          flip(scalarAt(1)),
		"s^ changed":          flip(scalarAt(2)),
		"version changed":     flip(8),
		"T1 = T2": setPoint(2, func(bls12381.G1Affine) bls12381.G1Affine {
			p, _ := parseRawPoint(pa.membership[pointAt(3) : pointAt(3)+rawPointSize])
			return p
		}),
	}
	for name, m := range cases {
		err := is.verify(encodePresentation(2, pa.proof.Bytes(), m), nonce, d)
		if err == nil || !(errors.Is(err, ErrInvalid) || errors.Is(err, ErrMalformed) || errors.Is(err, ErrVersion)) {
			t.Errorf("%s: %v", name, err)
		}
		if VerifyMembership(st(), m) == nil {
			t.Errorf("%s: verifies alone", name)
		}
	}
	if err := is.verify(encodePresentation(2, pa.proof.Bytes(), cases["T1 of order 3"]), nonce, d); !errors.Is(err, ErrMalformed) {
		t.Errorf("order-3 point: %v", err)
	}
}

// orderThreePoint returns a point of order 3 of E(Fp): (r·h/3)·N for the
// first N of x = 1, 2, … for which it is not the identity (h the cofactor).
func orderThreePoint(t *testing.T) bls12381.G1Affine {
	t.Helper()
	h1, _ := new(big.Int).SetString("396c8c005555e1568c00aaab0000aaab", 16)
	k := new(big.Int).Mul(fr.Modulus(), new(big.Int).Div(h1, big.NewInt(3)))
	var four fp.Element
	four.SetUint64(4)
	for x := uint64(1); x < 200; x++ {
		var n bls12381.G1Affine
		n.X.SetUint64(x)
		var rhs fp.Element
		rhs.Square(&n.X).Mul(&rhs, &n.X).Add(&rhs, &four)
		if n.Y.Sqrt(&rhs) == nil {
			continue
		}
		q := curvetest.MulPlain(&n, k)
		if q.IsInfinity() {
			continue
		}
		if three := curvetest.MulPlain(&q, big.NewInt(3)); !three.IsInfinity() || !q.IsOnCurve() {
			t.Fatal("not a point of order 3")
		}
		return q
	}
	t.Fatal("no point of order 3 found")
	return bls12381.G1Affine{}
}
