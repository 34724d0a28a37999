// SPDX-License-Identifier: Apache-2.0

package group

import (
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
)

// Straus' method adds one table entry to its accumulator per non-zero
// digit, a mixed Jacobian addition (7M + 4S) each. strausBatchAffine
// reorders the same sum: Σ_i Σ_j d_ij·2^j·P_i = Σ_j 2^j·S_j with
// S_j = Σ_i d_ij·P_i, the sum of the table entries of every digit at
// position j. The S_j are computed all at once in affine coordinates, as a
// tree of pairwise additions, level by level; each level's additions share
// one field inversion (Montgomery's trick), so an addition costs about
// 5M + 1S. Then Horner's rule over the S_j takes the chain of doublings
// Straus' loop had, with one mixed addition per position instead of one
// per digit. The sum is the same group element for every input.
//
// Timing depends on the digits (which positions are non-zero), as in the
// plain loop, and on whether two summed points are equal or opposite (a
// doubling, or the identity), as in every variable-time sum. For the
// split secret scalars of the signing and proving paths (package bbs,
// secret_shares.go) the digits are those of two random shares: each share
// alone is uniform, but the pair determines the secret, so the timing is
// not independent of it; the split is a mitigation, not constant time
// (ScalarMulConstantTime in consttime.go is).

// strausBatchMinDigits is the fewest non-zero digits for which the batch
// affine sum is used; below it, the inversions per level cost more than
// the additions save.
const strausBatchMinDigits = 48

type strausScratch struct {
	pts   []bls12381.G1Affine
	den   []fp.Element
	pre   []fp.Element
	count []int32
	start []int32
}

var strausScratchPool = sync.Pool{New: func() any { return new(strausScratch) }}

// strausSum returns Σ_j 2^j·(Σ_i d_ij·P_i) over the terms' digits, where
// maxLen bounds every digit stream's length: by strausBatchAffine, or by
// the plain loop for fewer than minDigits non-zero digits.
func strausSum(terms []strausTerm, maxLen, minDigits int) bls12381.G1Jac {
	sc := strausScratchPool.Get().(*strausScratch)
	defer strausScratchPool.Put(sc)
	sc.count = grow(sc.count, maxLen)
	sc.start = grow(sc.start, maxLen+1)
	count, start := sc.count, sc.start
	clear(count)
	for i := range terms {
		t := &terms[i]
		for j, d := range t.d1[:t.len1] {
			if d != 0 {
				count[j]++
			}
		}
		for j, d := range t.d2[:t.l2] {
			if d != 0 {
				count[j]++
			}
		}
	}
	start[0] = 0
	for j := range maxLen {
		start[j+1] = start[j] + count[j]
	}
	total := int(start[maxLen])
	if total < minDigits {
		return strausPlain(terms, maxLen)
	}
	return strausBatchAffine(sc, terms, maxLen, total)
}

// strausBatchAffine is strausSum for the digit counts per position in
// sc.count and their prefix sums in sc.start.
func strausBatchAffine(sc *strausScratch, terms []strausTerm, maxLen, total int) bls12381.G1Jac {
	sc.pts = grow(sc.pts, total)
	count, start, pts := sc.count, sc.start, sc.pts
	// Fill each position's segment; count[j] is reused as its fill level.
	clear(count)
	for i := range terms {
		t := &terms[i]
		for j, d := range t.d1[:t.len1] {
			if d == 0 {
				continue
			}
			q := &pts[start[j]+count[j]]
			count[j]++
			if d > 0 {
				*q = t.table[(d-1)/2]
			} else {
				q.Neg(&t.table[(-d-1)/2])
			}
		}
		for j, d := range t.d2[:t.l2] {
			if d == 0 {
				continue
			}
			q := &pts[start[j]+count[j]]
			count[j]++
			if d > 0 {
				*q = t.table[(d-1)/2]
			} else {
				q.Neg(&t.table[(-d-1)/2])
			}
			q.X.Mul(&q.X, &glv.omega) // φ
		}
	}

	// Pairwise tree, every position at once: pair k of a segment (entries
	// 2k and 2k+1) is written to entry k; an odd last entry moves to the
	// end of the halved segment.
	sc.den = grow(sc.den, total/2)
	sc.pre = grow(sc.pre, total/2)
	den, pre := sc.den, sc.pre
	for {
		pairs := 0
		for j := range maxLen {
			pairs += int(count[j] / 2)
		}
		if pairs == 0 {
			break
		}
		// Denominators: x2 − x1, or 2·y1 for a doubling (P = Q); 1 for a
		// pair whose sum needs no division (an identity, or P = −Q), so
		// that the product stays invertible.
		k := 0
		for j := range maxLen {
			s := pts[start[j] : start[j]+count[j]]
			for p := 0; p+1 < len(s); p += 2 {
				a, b := &s[p], &s[p+1]
				switch {
				case a.IsInfinity() || b.IsInfinity():
					den[k].SetOne()
				case !a.X.Equal(&b.X):
					den[k].Sub(&b.X, &a.X)
				case a.Y.Equal(&b.Y) && !a.Y.IsZero():
					den[k].Double(&a.Y)
				default: // b = −a
					den[k].SetOne()
				}
				k++
			}
		}
		batchInvert(den[:pairs], pre[:pairs])
		k = 0
		for j := range maxLen {
			n := int(count[j])
			s := pts[start[j] : int(start[j])+n]
			for p := 0; p+1 < n; p += 2 {
				addAffinePair(&s[p/2], &s[p], &s[p+1], &den[k])
				k++
			}
			if n%2 == 1 {
				s[n/2] = s[n-1]
			}
			count[j] = int32((n + 1) / 2)
		}
	}

	var res bls12381.G1Jac
	res.X.SetOne()
	res.Y.SetOne() // Z = 0: the identity
	for j := maxLen - 1; j >= 0; j-- {
		res.DoubleAssign()
		if count[j] > 0 {
			res.AddMixed(&pts[start[j]]) // AddMixed skips the identity
		}
	}
	return res
}

// addAffinePair sets r = a + b, given inv = 1/(b.x − a.x), or 1/(2·a.y)
// when b = a, as strausBatchAffine's denominators are. r may alias a (not b).
func addAffinePair(r, a, b *bls12381.G1Affine, inv *fp.Element) {
	var lambda, x3, t fp.Element
	switch {
	case a.IsInfinity():
		*r = *b
		return
	case b.IsInfinity():
		*r = *a
		return
	case !a.X.Equal(&b.X):
		lambda.Sub(&b.Y, &a.Y).Mul(&lambda, inv) // (y2 − y1)/(x2 − x1)
	case a.Y.Equal(&b.Y) && !a.Y.IsZero():
		// A doubling: λ = 3·x1²/(2·y1) (the curve's a is 0).
		t.Square(&a.X)
		lambda.Double(&t).Add(&lambda, &t).Mul(&lambda, inv)
	default:
		*r = bls12381.G1Affine{} // b = −a: the identity (0, 0)
		return
	}
	x3.Square(&lambda).Sub(&x3, &a.X).Sub(&x3, &b.X)
	t.Sub(&a.X, &x3).Mul(&t, &lambda)
	r.Y.Sub(&t, &a.Y)
	r.X = x3
}

// batchInvert replaces each element of v, none zero, by its inverse with
// one field inversion; pre is scratch of the same length.
func batchInvert(v, pre []fp.Element) {
	var acc fp.Element
	acc.SetOne()
	for i := range v {
		pre[i] = acc
		acc.Mul(&acc, &v[i])
	}
	acc.Inverse(&acc)
	var inv fp.Element
	for i := len(v) - 1; i >= 0; i-- {
		inv.Mul(&acc, &pre[i])
		acc.Mul(&acc, &v[i])
		v[i] = inv
	}
}

// grow returns s resized to n elements, reusing its array when it is
// large enough (the contents are not cleared).
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}
