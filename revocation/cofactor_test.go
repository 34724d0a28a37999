// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"errors"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// cofactorPoint returns a point T ≠ O of E(Fp) of order dividing the
// cofactor (T ∈ H, E(Fp) = G1 ⊕ H): r·N for the first point N of x = 1, 2, …
// outside G1, by plain double-and-add (gnark's GLV multiplication assumes
// G1).
func cofactorPoint(t *testing.T) bls12381.G1Affine {
	t.Helper()
	var four fp.Element
	four.SetUint64(4)
	for x := uint64(1); x < 1000; x++ {
		var n bls12381.G1Affine
		n.X.SetUint64(x)
		var rhs fp.Element
		rhs.Square(&n.X).Mul(&rhs, &n.X).Add(&rhs, &four)
		if n.Y.Sqrt(&rhs) == nil || n.IsInSubGroup() {
			continue
		}
		var acc, base bls12381.G1Jac
		base.FromAffine(&n)
		r := fr.Modulus()
		for i := r.BitLen() - 1; i >= 0; i-- {
			acc.DoubleAssign()
			if r.Bit(i) == 1 {
				acc.AddAssign(&base)
			}
		}
		var tp bls12381.G1Affine
		tp.FromJacobian(&acc)
		if tp.IsInfinity() || !tp.IsOnCurve() || tp.IsInSubGroup() {
			t.Fatal("r·N is not a non-trivial cofactor point")
		}
		return tp
	}
	t.Fatal("no point outside G1 found")
	return bls12381.G1Affine{}
}

// TestPairingBlindToCofactor proves on gnark-crypto what the soundness
// argument for leaving out C̄'s subgroup check relies on: the pairing is
// trivial on H, so e(P + T, Q) = e(P, Q) for T ∈ H; and it shows the
// resulting semantics of bbsrev.VerifyCommittedProofWithDH: (C', C̄ + T)
// verifies when (C', C̄) does (it proves π(C̄) = α·C'), (C', C̄ + G) does
// not for G ∈ G1 \ {O}, and C' outside G1 is refused.
func TestPairingBlindToCofactor(t *testing.T) {
	tp := cofactorPoint(t)
	_, _, g1, g2 := bls12381.Generators()
	var p, pt, negP bls12381.G1Affine
	p.ScalarMultiplication(&g1, big.NewInt(123456789))
	pt.Add(&p, &tp)
	negP.Neg(&p)
	if ok, err := bls12381.PairingCheck([]bls12381.G1Affine{pt, negP}, []bls12381.G2Affine{g2, g2}); err != nil || !ok {
		t.Fatalf("e(P + T, Q) ≠ e(P, Q): %v %v", ok, err)
	}
	if ok, err := bls12381.PairingCheck([]bls12381.G1Affine{tp}, []bls12381.G2Affine{g2}); err != nil || !ok {
		t.Fatalf("e(T, Q) ≠ 1: %v %v", ok, err)
	}

	is := newIssuer(t, bbs.BLS12381SHA256())
	c := is.issue(t, "cofactor", 4)
	nonce := []byte("n")
	pres, err := Present(nil, c, is.ask.PublicKey(), is.v[0], nonce, []int{0})
	if err != nil {
		t.Fatal(err)
	}
	ch, _ := pres.proof.CommitmentPoint(0)
	st := &Statement{Scheme: is.s, Key: is.ask.PublicKey(), Version: 0, Value: is.v[0],
		Context: presentationContext(pres.HandleIndex, pres.proof.Bytes(), nonce), commitment: &ch}
	m, err := verifyMembershipLinear(st, pres.membership)
	if err != nil {
		t.Fatal(err)
	}
	key, err := is.ask.PublicKey().bbsKey(is.s)
	if err != nil {
		t.Fatal(err)
	}
	d := disclosed(c, 0)
	check := func(a, b bls12381.G1Affine) error {
		return bbsrev.VerifyCommittedProofWithDH(is.bsk.PublicKey(), pres.proof, c.Header, nonce, d, key, &a, &b)
	}
	if err := check(m.cp, m.cbar); err != nil {
		t.Fatalf("valid pair: %v", err)
	}
	var cbarT, cbarG, cpT bls12381.G1Affine
	cbarT.Add(&m.cbar, &tp)
	cbarG.Add(&m.cbar, &g1)
	cpT.Add(&m.cp, &tp)
	if err := check(m.cp, cbarT); err != nil {
		t.Fatalf("C̄ + T (same G1 component): %v", err)
	}
	if err := check(m.cp, cbarG); !errors.Is(err, bbs.ErrInvalidProof) {
		t.Fatalf("C̄ + G: %v", err)
	}
	if err := check(cpT, m.cbar); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Fatalf("C' outside G1: %v", err)
	}
}
