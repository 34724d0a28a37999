// SPDX-License-Identifier: Apache-2.0

package group

import (
	"crypto/subtle"
	"math/big"
	"math/bits"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Constant-time scalar multiplication in G1, for a scalar that must not
// leak through timing (a holder's revocation handle, an accumulator's α).
//
// ScalarMulConstantTime runs the same sequence of operations for every
// scalar and point: a fixed 4-bit window over all 256 bits of the scalar
// (64 windows, 4 doublings and 1 addition each, leading zero windows
// included), a table of the 16 multiples 0·P..15·P read in full on every
// lookup with masks (no secret-dependent index or branch), and the complete
// projective formulas of Renes, Costello and Batina (eprint 2015/1060,
// algorithms 7 and 9 for a = 0), which have no special case for the
// identity, for equal points or for opposite points. The field additions
// are written here without branches (gnark-crypto's conditional subtraction
// branches on the carry); the field multiplications are gnark-crypto's
// assembly ones, branch-free on amd64 with ADX and on arm64 (the purego
// build and x86 without ADX use a generic multiplication whose final
// subtraction branches). The result is made affine with one inversion by
// Fermat's little theorem (a fixed exponent, so fixed work). It costs
// about 2.7 times the variable-time GLV multiplication, and 1.2 times the
// two variable-time multiplications of a share split (BenchmarkScalarMul).

// b3 is 3·b for G1's curve y² = x³ + 4, in Montgomery form.
var g1B3 = func() fp.Element {
	var e fp.Element
	e.SetUint64(12)
	return e
}()

// pMinus2 is the exponent of the inversion by Fermat's little theorem.
var pMinus2 = new(big.Int).Sub(fp.Modulus(), big.NewInt(2))

// fpModulus is p in limbs, little-endian (not in Montgomery form).
var fpModulus = func() [fp.Limbs]uint64 {
	var q [fp.Limbs]uint64
	m := fp.Modulus()
	w := m.Bits()
	for i := range q {
		if i < len(w) {
			q[i] = uint64(w[i])
		}
	}
	return q
}()

// ctAdd sets z = x + y mod p, without a branch on the values.
func ctAdd(z, x, y *fp.Element) {
	var t, u [fp.Limbs]uint64
	var c, b uint64
	for i := range t {
		t[i], c = bits.Add64(x[i], y[i], c) // x, y < p < 2^381: no carry out
	}
	for i := range u {
		u[i], b = bits.Sub64(t[i], fpModulus[i], b)
	}
	// b = 1: t < p, keep t; else t − p.
	mask := -b
	for i := range z {
		z[i] = u[i] ^ (mask & (u[i] ^ t[i]))
	}
}

// ctSub sets z = x − y mod p, without a branch on the values.
func ctSub(z, x, y *fp.Element) {
	var t, u [fp.Limbs]uint64
	var c, b uint64
	for i := range t {
		t[i], b = bits.Sub64(x[i], y[i], b)
	}
	for i := range u {
		u[i], c = bits.Add64(t[i], fpModulus[i], c)
	}
	// b = 1: x < y, take t + p.
	mask := -b
	for i := range z {
		z[i] = t[i] ^ (mask & (t[i] ^ u[i]))
	}
}

// ctSelect sets z = x when c = 1, and leaves z when c = 0.
func ctSelect(z, x *fp.Element, c int) {
	mask := -uint64(c & 1)
	for i := range z {
		z[i] ^= mask & (z[i] ^ x[i])
	}
}

// g1Proj is a G1 point (X:Y:Z) in homogeneous projective coordinates,
// x = X/Z, y = Y/Z; the identity is (0:1:0).
type g1Proj struct{ x, y, z fp.Element }

func (p *g1Proj) setIdentity() {
	p.x.SetZero()
	p.y.SetOne()
	p.z.SetZero()
}

// add sets p = a + b (RCB16 algorithm 7: complete, 12M + 2m3b + 19a).
func (p *g1Proj) add(a, b *g1Proj) {
	var t0, t1, t2, t3, t4, x3, y3, z3 fp.Element
	t0.Mul(&a.x, &b.x)
	t1.Mul(&a.y, &b.y)
	t2.Mul(&a.z, &b.z)
	ctAdd(&t3, &a.x, &a.y)
	ctAdd(&t4, &b.x, &b.y)
	t3.Mul(&t3, &t4)
	ctAdd(&t4, &t0, &t1)
	ctSub(&t3, &t3, &t4)
	ctAdd(&t4, &a.y, &a.z)
	ctAdd(&x3, &b.y, &b.z)
	t4.Mul(&t4, &x3)
	ctAdd(&x3, &t1, &t2)
	ctSub(&t4, &t4, &x3)
	ctAdd(&x3, &a.x, &a.z)
	ctAdd(&y3, &b.x, &b.z)
	x3.Mul(&x3, &y3)
	ctAdd(&y3, &t0, &t2)
	ctSub(&y3, &x3, &y3)
	ctAdd(&x3, &t0, &t0)
	ctAdd(&t0, &x3, &t0)
	t2.Mul(&g1B3, &t2)
	ctAdd(&z3, &t1, &t2)
	ctSub(&t1, &t1, &t2)
	y3.Mul(&g1B3, &y3)
	x3.Mul(&t4, &y3)
	t2.Mul(&t3, &t1)
	ctSub(&x3, &t2, &x3)
	y3.Mul(&y3, &t0)
	t1.Mul(&t1, &z3)
	ctAdd(&y3, &t1, &y3)
	t0.Mul(&t0, &t3)
	z3.Mul(&z3, &t4)
	ctAdd(&z3, &z3, &t0)
	p.x, p.y, p.z = x3, y3, z3
}

// double sets p = 2·a (RCB16 algorithm 9: complete, 6M + 2S + 1m3b + 9a).
func (p *g1Proj) double(a *g1Proj) {
	var t0, t1, t2, x3, y3, z3 fp.Element
	t0.Square(&a.y)
	ctAdd(&z3, &t0, &t0)
	ctAdd(&z3, &z3, &z3)
	ctAdd(&z3, &z3, &z3)
	t1.Mul(&a.y, &a.z)
	t2.Square(&a.z)
	t2.Mul(&g1B3, &t2)
	x3.Mul(&t2, &z3)
	ctAdd(&y3, &t0, &t2)
	z3.Mul(&t1, &z3)
	ctAdd(&t1, &t2, &t2)
	ctAdd(&t2, &t1, &t2)
	ctSub(&t0, &t0, &t2)
	y3.Mul(&t0, &y3)
	ctAdd(&y3, &x3, &y3)
	t1.Mul(&a.x, &a.y)
	x3.Mul(&t0, &t1)
	ctAdd(&x3, &x3, &x3)
	p.x, p.y, p.z = x3, y3, z3
}

// ScalarMulConstantTime returns k·P in time independent of k and P (see
// above). P must be in G1 (every point this module parses is).
func ScalarMulConstantTime(p *bls12381.G1Affine, k *fr.Element) bls12381.G1Affine {
	var acc g1Proj
	acc.mulConstantTime(p, k)
	return acc.affine()
}

// LinearCombinationConstantTime returns Σ k_i·P_i, each term and the sum
// in time independent of the scalars and points (only their number
// counts); mismatched lengths give the identity, which callers rule out.
func LinearCombinationConstantTime(points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Affine {
	var acc, t g1Proj
	acc.setIdentity()
	if len(points) != len(scalars) {
		return bls12381.G1Affine{}
	}
	for i := range points {
		t.mulConstantTime(&points[i], &scalars[i])
		acc.add(&acc, &t)
	}
	return acc.affine()
}

// MulAddConstantTime returns k·P + Q, in time independent of k, P and Q.
func MulAddConstantTime(p *bls12381.G1Affine, k *fr.Element, q *bls12381.G1Affine) bls12381.G1Affine {
	var acc, t g1Proj
	acc.mulConstantTime(p, k)
	t.fromAffine(q)
	acc.add(&acc, &t)
	return acc.affine()
}

// fromAffine sets p to a, the identity for (0, 0), selected without a
// branch on a's coordinates beyond whether it is the identity.
func (p *g1Proj) fromAffine(a *bls12381.G1Affine) {
	var one, zero fp.Element
	one.SetOne()
	p.x, p.y, p.z = a.X, a.Y, one
	inf := 0
	if a.X.IsZero() && a.Y.IsZero() { // whether a is the identity: not secret
		inf = 1
	}
	ctSelect(&p.y, &one, inf)
	ctSelect(&p.z, &zero, inf)
}

// mulConstantTime sets acc = k·P.
func (acc *g1Proj) mulConstantTime(p *bls12381.G1Affine, k *fr.Element) {
	var table [16]g1Proj
	table[0].setIdentity()
	table[1].fromAffine(p) // (x:y:1), or (0:1:0) for the identity
	for i := 2; i < len(table); i++ {
		table[i].add(&table[i-1], &table[1])
	}
	kb := k.Bytes() // big-endian, canonical: 64 windows of 4 bits
	var t g1Proj
	acc.setIdentity()
	for i := range 2 * len(kb) {
		acc.double(acc)
		acc.double(acc)
		acc.double(acc)
		acc.double(acc)
		d := kb[i/2] >> (4 * (1 - uint(i)%2)) & 0x0f
		t.setIdentity()
		for j := range table {
			c := subtle.ConstantTimeByteEq(uint8(j), d)
			ctSelect(&t.x, &table[j].x, c)
			ctSelect(&t.y, &table[j].y, c)
			ctSelect(&t.z, &table[j].z, c)
		}
		acc.add(acc, &t)
	}
}

// affine returns p in affine coordinates, inverting Z by Fermat's little
// theorem (fixed work).
func (p *g1Proj) affine() bls12381.G1Affine {
	var out bls12381.G1Affine
	if p.z.IsZero() { // the identity: k = 0 or P = O, not worth hiding
		return out
	}
	var zinv fp.Element
	zinv.Exp(p.z, pMinus2)
	out.X.Mul(&p.x, &zinv)
	out.Y.Mul(&p.y, &zinv)
	return out
}
