// SPDX-License-Identifier: Apache-2.0

// Package curvetest has BLS12-381 G1 helpers for tests that build points
// outside the prime-order subgroup: gnark-crypto's scalar multiplication
// uses the GLV endomorphism, which is right only for points of G1.
package curvetest

import (
	"math/big"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Cofactor is h = (x−1)²/3, the cofactor of G1 in E(Fp): #E(Fp) = h·r.
var Cofactor, _ = new(big.Int).SetString("396c8c005555e1568c00aaab0000aaab", 16)

// MulPlain is k·p by double-and-add with the curve's general formulas,
// right for every point of E(Fp), in G1 or not.
func MulPlain(p *bls12381.G1Affine, k *big.Int) bls12381.G1Affine {
	var acc, base bls12381.G1Jac
	acc.X.SetOne() // the identity: (1, 1, 0)
	acc.Y.SetOne()
	base.FromAffine(p)
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc.DoubleAssign()
		if k.Bit(i) == 1 {
			acc.AddAssign(&base)
		}
	}
	var out bls12381.G1Affine
	out.FromJacobian(&acc)
	return out
}

// Torsion returns r·p, the part of p outside G1, and whether it is a
// torsion point other than the identity (h·(r·p) is the identity, r·p is
// not): true for every p of E(Fp) outside G1.
func Torsion(p *bls12381.G1Affine) (bls12381.G1Affine, bool) {
	q := MulPlain(p, fr.Modulus())
	hq := MulPlain(&q, Cofactor)
	return q, !q.IsInfinity() && hq.IsInfinity() && q.IsOnCurve() && !q.IsInSubGroup()
}

// PointOutsideG1 returns the point of E(Fp): y² = x³ + 4 with the smallest
// x = 1, 2, … that is not in G1 (x = 1 already: no cofactor is cleared).
func PointOutsideG1() bls12381.G1Affine {
	var p bls12381.G1Affine
	var four, y2 fp.Element
	four.SetUint64(4)
	for x := uint64(1); ; x++ {
		p.X.SetUint64(x)
		y2.Square(&p.X).Mul(&y2, &p.X).Add(&y2, &four)
		if p.Y.Sqrt(&y2) != nil && !p.IsInSubGroup() {
			return p
		}
	}
}
