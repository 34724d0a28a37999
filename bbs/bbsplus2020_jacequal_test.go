// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/sha256"
	"fmt"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// jacScaled returns the Jacobian representation (λ²·X, λ³·Y, λ·Z) of the
// point p represents, for a non-zero λ; for the identity (Z = 0) it
// returns another identity with X and Y scaled.
func jacScaled(p *bls12381.G1Jac, lambda *fp.Element) bls12381.G1Jac {
	var l2, l3 fp.Element
	l2.Square(lambda)
	l3.Mul(&l2, lambda)
	var q bls12381.G1Jac
	q.X.Mul(&p.X, &l2)
	q.Y.Mul(&p.Y, &l3)
	q.Z.Mul(&p.Z, lambda)
	return q
}

// jacOf returns the Jacobian form of a with Z = 1 (FromAffine), or the
// identity (1, 1, 0) for the affine identity (0, 0).
func jacOf(a *bls12381.G1Affine) bls12381.G1Jac {
	var j bls12381.G1Jac
	j.FromAffine(a)
	return j
}

// TestJacEqualsAffine: jacEqualsAffine compares points, not coordinates:
// equal for every Jacobian representation of the same point (Z = 1,
// rescaled by λ, the result of an addition), the identity included (affine
// (0, 0), Jacobian Z = 0 whatever X and Y), and for points outside the
// prime-order subgroup as for points in it; not equal for different points,
// a point and its negation, or the identity and any other point, either
// way round.
func TestJacEqualsAffine(t *testing.T) {
	_, _, g, _ := bls12381.Generators()
	var two, three, negG bls12381.G1Affine
	two.Add(&g, &g)
	three.ScalarMultiplication(&g, big.NewInt(3))
	negG.Neg(&g)

	// An on-curve point outside G1 (the commitments C1 and C2 may be), and
	// a torsion point: jacEqualsAffine never assumes the subgroup.
	outside, err := group.DecodeG1OnCurve(ietfG1NotInSubgroup(t))
	if err != nil {
		t.Fatal(err)
	}
	if outside.IsInSubGroup() {
		t.Fatal("ietfG1NotInSubgroup gave a point of G1")
	}
	var negOutside bls12381.G1Affine
	negOutside.Neg(&outside)
	torsion := g1TorsionPoint(t)

	var identity bls12381.G1Affine // (0, 0): gnark-crypto's affine infinity
	if !identity.IsInfinity() {
		t.Fatal("the zero G1Affine is not the identity")
	}

	// Non-zero λ: small, 64-bit, −1, −16 and a 256-bit "random-ish" one
	// (SHA-256 of a label, reduced mod p).
	var lambdas []fp.Element
	for _, v := range []int64{2, 0x5eadbeefcafebabe, -1, -16} {
		var l fp.Element
		l.SetInt64(v)
		lambdas = append(lambdas, l)
	}
	h := sha256.Sum256([]byte("fabric-bbs jacEqualsAffine test λ"))
	var hl fp.Element
	hl.SetBytes(h[:])
	lambdas = append(lambdas, hl)
	for _, l := range lambdas {
		if l.IsZero() {
			t.Fatal("λ = 0")
		}
	}

	gJac := jacOf(&g)
	var sumTwo bls12381.G1Jac // G + G computed in Jacobian form: Z ≠ 1
	sumTwo.Set(&gJac)
	sumTwo.AddAssign(&gJac)
	if sumTwo.Z.IsOne() {
		t.Fatal("G + G has Z = 1: not a distinct representation")
	}
	var cancelled bls12381.G1Jac // G + (−G): the identity out of an addition
	cancelled.Set(&gJac)
	negJac := jacOf(&negG)
	cancelled.AddAssign(&negJac)
	if !cancelled.Z.IsZero() {
		t.Fatal("G + (−G) is not an identity with Z = 0")
	}
	idJac := jacOf(&identity)
	outJac := jacOf(&outside)
	torJac := jacOf(&torsion)
	// An identity whose X and Y are not (1, 1).
	var oddIdentity bls12381.G1Jac
	oddIdentity.X.SetUint64(7)
	oddIdentity.Y.SetUint64(11)

	type tc struct {
		name string
		p    bls12381.G1Jac
		q    *bls12381.G1Affine
		want bool
	}
	cases := []tc{
		{"G, Z = 1", gJac, &g, true},
		{"G + G vs 2G", sumTwo, &two, true},
		{"G + G vs G", sumTwo, &g, false},
		{"G + G vs 3G", sumTwo, &three, false},
		{"G vs 2G", gJac, &two, false},
		{"G vs −G", gJac, &negG, false},
		{"−G vs G", negJac, &g, false},
		{"identity vs identity", idJac, &identity, true},
		{"identity (7, 11, 0) vs identity", oddIdentity, &identity, true},
		{"G + (−G) vs identity", cancelled, &identity, true},
		{"identity vs G", idJac, &g, false},
		{"identity vs outside G1", idJac, &outside, false},
		{"identity vs torsion", idJac, &torsion, false},
		{"G vs identity", gJac, &identity, false},
		{"G + G vs identity", sumTwo, &identity, false},
		{"outside G1 vs itself", outJac, &outside, true},
		{"outside G1 vs its negation", outJac, &negOutside, false},
		{"outside G1 vs identity", outJac, &identity, false},
		{"outside G1 vs G", outJac, &g, false},
		{"torsion vs itself", torJac, &torsion, true},
		{"torsion vs identity", torJac, &identity, false},
	}
	// Every case again with p rescaled by each λ: the verdict is the
	// point's, not the representation's.
	n := len(cases)
	for i, l := range lambdas {
		for _, c := range cases[:n] {
			cases = append(cases, tc{fmt.Sprintf("%s, rescaled by λ%d", c.name, i), jacScaled(&c.p, &l), c.q, c.want})
		}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := jacEqualsAffine(&c.p, c.q); got != c.want {
				t.Fatalf("jacEqualsAffine(%v, %v) = %v, want %v", c.p, c.q, got, c.want)
			}
		})
	}

	// The rescaled representations really differ in coordinates from the
	// Z = 1 one (Y and Z at least: λ = −1 keeps X), so the cases above
	// compare points, not coordinates.
	for i, l := range lambdas {
		s := jacScaled(&gJac, &l)
		if s.Y.Equal(&gJac.Y) || s.Z.Equal(&gJac.Z) {
			t.Fatalf("λ%d: rescaled G has the same coordinates", i)
		}
	}
}
