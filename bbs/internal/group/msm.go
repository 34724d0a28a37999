// SPDX-License-Identifier: Apache-2.0

// Package group is the BLS12-381 group arithmetic under the BBS schemes:
// point and scalar encodings (encoding.go), multi-scalar multiplication by
// Straus' method with GLV and wNAF (msm.go, wnaf.go, straus_batch.go),
// large sums for batch verification (batch_msm.go) and a parallel loop
// (parallel.go). It knows
// nothing of BBS; package bbs builds the schemes on it, as crypto/ed25519
// builds on crypto/internal/edwards25519.
package group

import (
	"fmt"
	"math/big"
	"runtime"
	"sync"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Multi-scalar multiplication for every scheme. BBS MSMs are small (a few
// points, or one per message) and, in the IETF schemes, mostly over the
// fixed points P1, Q_1 and H_i; at these sizes gnark-crypto's Pippenger
// MultiExp spends most of its time on empty buckets and goroutines. They use Straus' interleaved method
// instead: each scalar is split in two halves of about 128 bits with the
// GLV endomorphism φ(x, y) = (ω·x, y) = λ·(x, y), each half is recoded in
// width-w NAF, and all 2n digit streams share one chain of about 130
// doublings. The digits index affine tables of odd multiples: cached per
// fixed point (width 8, 64 multiples), computed per call for the others
// (width 5, 8 multiples, one inversion for all). The entries are summed per
// digit position in batch-affine trees, then by Horner's rule along the
// chain (straus_batch.go); with few digits, each is added to the
// accumulator by a mixed addition. Timing depends on the scalars, as with
// MultiExp.

const (
	// varWindow is the wNAF width for points without a cached table.
	varWindow    = 5
	varTableSize = 1 << (varWindow - 2)
	// fixedWindow is the wNAF width for points with a cached table.
	fixedWindow    = 8
	fixedTableSize = 1 << (fixedWindow - 2)
	// StrausMaxVarPoints is the largest number of points without a table
	// handled by Straus' method; beyond it, MultiExp is faster.
	StrausMaxVarPoints = 48
	// StrausMaxTerms is the largest MSM handled by one run of Straus'
	// method (beyond it, tabled sums are split in chunks of this size,
	// StrausMaxTabledTerms, and the others go to MultiExp, which uses
	// every core).
	StrausMaxTerms = 128
	// StrausMaxTabledTerms is the largest MSM of points nearly all with
	// cached tables (at most StrausMaxVarPoints without) summed by Straus'
	// method in chunks of StrausMaxTerms, as BatchMSM does, rather than by
	// MultiExp. Measured on one core (CPU time, 2026-12-01): 204 tabled
	// terms 4.2 ms against MultiExp's 6.3 ms, 256 terms 4.7 against 8.4.
	StrausMaxTabledTerms = 1024
	// StrausShortScalarBits is the longest scalar used whole rather than
	// split in two GLV halves: it lengthens the shared chain of doublings
	// a little (to its length) and halves its own additions.
	StrausShortScalarBits = 160
	// maxDigits bounds the wNAF length of an integer below 2^256 in
	// magnitude (GLV half-scalars have about 130 bits).
	maxDigits = 257
)

// G1Table holds the odd multiples P, 3P, …, 127P of a fixed point P, affine
// (64 points, 6 KiB).
type G1Table [fixedTableSize]bls12381.G1Affine

var glv struct {
	once   sync.Once
	omega  fp.Element // cube root of unity with φ(P) = λ·P on G1
	lambda big.Int    // λ = z² − 1, of 128 bits; r = λ² + λ + 1
}

// initGLV sets up the endomorphism: λ = z² − 1 for the BLS12-381 seed z,
// and ω the cube root of unity in Fp of eigenvalue λ (checked on the
// generator, as either non-trivial root could be meant).
//
// A scalar 0 ≤ k < r splits as k = k2·λ + k1 with k1 = k mod λ < λ and
// k2 = ⌊k/λ⌋ ≤ (r − 1)/λ = λ + 1, both below 2^128 as r = λ² + λ + 1: the
// halves are as short as a lattice reduction's (which gives signed halves
// of about the same length) for one division.
func initGLV() {
	glv.once.Do(func() {
		lambda, _ := new(big.Int).SetString("228988810152649578064853576960394133503", 10)
		glv.lambda.Set(lambda)
		if r := new(big.Int).Mul(lambda, lambda); r.Add(r, lambda).Add(r, big.NewInt(1)).Cmp(fr.Modulus()) != 0 {
			panic("bbs: GLV eigenvalue does not satisfy r = λ² + λ + 1")
		}
		glv.omega.SetString("4002409555221667392624310435006688643935503118305586438271171395842971157480381377015405980053539358417135540939436")
		_, _, g, _ := bls12381.Generators()
		var want, phi bls12381.G1Affine
		want.ScalarMultiplication(&g, lambda)
		phi = g
		phi.X.Mul(&phi.X, &glv.omega)
		if !phi.Equal(&want) {
			glv.omega.Square(&glv.omega)
			phi = g
			phi.X.Mul(&phi.X, &glv.omega)
			if !phi.Equal(&want) {
				panic("bbs: GLV endomorphism constants do not match")
			}
		}
	})
}

// glvSplitInto sets k1 = s mod λ and k2 = ⌊s/λ⌋ (s = k2·λ + k1, so
// s·P = k1·P + k2·φ(P)), both below 2^128 for 0 ≤ s < r; initGLV first.
func glvSplitInto(s, k1, k2 *big.Int) {
	k2.QuoRem(s, &glv.lambda, k1)
}

// NewG1Tables returns the tables of odd multiples of points, none of
// which may be the identity.
func NewG1Tables(points []bls12381.G1Affine) []G1Table {
	jac := oddMultiples(points, fixedTableSize)
	aff := BatchToAffine(jac)
	out := make([]G1Table, len(points))
	for i := range out {
		copy(out[i][:], aff[i*fixedTableSize:])
	}
	return out
}

// oddMultiples returns P, 3P, …, (2k−1)P for each point P, in Jacobian
// coordinates.
func oddMultiples(points []bls12381.G1Affine, k int) []bls12381.G1Jac {
	out := make([]bls12381.G1Jac, 0, len(points)*k)
	for i := range points {
		var p, twoP bls12381.G1Jac
		p.FromAffine(&points[i])
		twoP.Double(&p)
		out = append(out, p)
		for t := 1; t < k; t++ {
			p.AddAssign(&twoP)
			out = append(out, p)
		}
	}
	return out
}

// MSM returns Σ scalars[i]·points[i].
func MSM(points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Affine {
	return MSMWithTables(nil, nil, points, scalars)
}

// MSMWithTables returns Σ fixedScalars[i]·fixed[i][0] + Σ scalars[i]·points[i],
// where fixed holds the cached tables of the fixed points.
func MSMWithTables(fixed []*G1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Affine {
	j := MSMWithTablesJac(fixed, fixedScalars, points, scalars)
	var r bls12381.G1Affine
	return *r.FromJacobian(&j)
}

// MSMWithTablesJac is MSMWithTables with the sum left in Jacobian
// coordinates, for a caller that only compares it (no inversion).
func MSMWithTablesJac(fixed []*G1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Jac {
	if len(fixed) != len(fixedScalars) || len(points) != len(scalars) {
		panic(fmt.Sprintf("bbs: multi-scalar multiplication of %d+%d points and %d+%d scalars",
			len(fixed), len(points), len(fixedScalars), len(scalars)))
	}
	if len(points) <= StrausMaxVarPoints {
		if len(fixed)+len(points) <= StrausMaxTerms {
			return StrausMSM(fixed, fixedScalars, points, scalars)
		}
		if len(fixed)+len(points) <= StrausMaxTabledTerms {
			// Chunks of Straus, on every core: the sum is the same.
			return BatchMSM(fixed, fixedScalars, points, scalars, runtime.GOMAXPROCS(0))
		}
	}
	all := make([]bls12381.G1Affine, 0, len(fixed)+len(points))
	for _, t := range fixed {
		all = append(all, t[0])
	}
	all = append(all, points...)
	allScalars := append(append(make([]fr.Element, 0, len(all)), fixedScalars...), scalars...)
	var r bls12381.G1Jac
	if _, err := r.MultiExp(all, allScalars, ecc.MultiExpConfig{}); err != nil {
		// Only a length mismatch or a bad config fail, both excluded here.
		panic(fmt.Sprintf("bbs: multi-scalar multiplication: %v", err))
	}
	return r
}

// strausTerm is one scalar·point of a Straus MSM: the wNAF digits of the
// two GLV halves k1, k2 (scalar = k1 + λ·k2) over the point's table.
type strausTerm struct {
	table    []bls12381.G1Affine // odd multiples of the point
	d1, d2   []int8              // wNAF digits of k1 (on table) and k2 (on φ(table))
	len1, l2 int
}

// StrausMSM computes the MSM of MSMWithTables by Straus' method with GLV.
func StrausMSM(fixed []*G1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Jac {
	terms, maxLen := strausTerms(fixed, fixedScalars, points, scalars)
	return strausSum(terms, maxLen, strausBatchMinDigits)
}

// strausTerms recodes the scalars of StrausMSM's sum into digit streams
// over tables, and returns the longest stream's length.
func strausTerms(fixed []*G1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element) ([]strausTerm, int) {
	initGLV()
	n := len(fixed) + len(points)
	digits := make([]int8, 2*n*maxDigits)
	terms := make([]strausTerm, 0, n)
	maxLen := 0
	var s, k1, k2 big.Int
	addTerm := func(table []bls12381.G1Affine, z *fr.Element, window uint) {
		if z.IsZero() {
			return
		}
		i := len(terms)
		t := strausTerm{
			table: table,
			d1:    digits[2*i*maxDigits : (2*i+1)*maxDigits],
			d2:    digits[(2*i+1)*maxDigits : (2*i+2)*maxDigits],
		}
		if z.BigInt(&s).BitLen() <= StrausShortScalarBits {
			// A short scalar (a batch weight) is one digit stream, about
			// half the additions of two GLV halves of 128 bits.
			t.len1 = wnaf(&s, window, t.d1)
		} else {
			glvSplitInto(&s, &k1, &k2)
			t.len1 = wnaf(&k1, window, t.d1)
			t.l2 = wnaf(&k2, window, t.d2)
		}
		maxLen = max(maxLen, t.len1, t.l2)
		terms = append(terms, t)
	}
	for i := range fixed {
		addTerm(fixed[i][:], &fixedScalars[i], fixedWindow)
	}
	var varPoints []bls12381.G1Affine
	var varScalars []*fr.Element
	for i := range points {
		if !points[i].IsInfinity() && !scalars[i].IsZero() {
			varPoints = append(varPoints, points[i])
			varScalars = append(varScalars, &scalars[i])
		}
	}
	if len(varPoints) > 0 {
		// A point repeated right after itself (the two shares of a split
		// secret scalar) shares one table.
		distinct := make([]bls12381.G1Affine, 0, len(varPoints))
		which := make([]int, len(varPoints))
		for i := range varPoints {
			if n := len(distinct); n == 0 || !distinct[n-1].Equal(&varPoints[i]) {
				distinct = append(distinct, varPoints[i])
			}
			which[i] = len(distinct) - 1
		}
		tables := BatchToAffine(oddMultiples(distinct, varTableSize))
		for i := range varPoints {
			k := which[i]
			addTerm(tables[k*varTableSize:(k+1)*varTableSize], varScalars[i], varWindow)
		}
	}

	return terms, maxLen
}

// strausPlain is Straus' loop: one chain of doublings, each digit's table
// entry added to the accumulator (a mixed addition) at its position.
func strausPlain(terms []strausTerm, maxLen int) bls12381.G1Jac {
	var res bls12381.G1Jac
	res.X.SetOne()
	res.Y.SetOne() // Z = 0: the identity
	var q bls12381.G1Affine
	for j := maxLen - 1; j >= 0; j-- {
		res.DoubleAssign()
		for i := range terms {
			t := &terms[i]
			if j < t.len1 {
				if d := t.d1[j]; d > 0 {
					res.AddMixed(&t.table[(d-1)/2])
				} else if d < 0 {
					q.Neg(&t.table[(-d-1)/2])
					res.AddMixed(&q)
				}
			}
			if j < t.l2 {
				if d := t.d2[j]; d != 0 {
					if d > 0 {
						q = t.table[(d-1)/2]
					} else {
						q.Neg(&t.table[(-d-1)/2])
					}
					q.X.Mul(&q.X, &glv.omega) // φ
					res.AddMixed(&q)
				}
			}
		}
	}
	return res
}

// BatchToAffine converts points, none of them the identity, to affine
// coordinates with one field inversion (Montgomery's trick).
func BatchToAffine(points []bls12381.G1Jac) []bls12381.G1Affine {
	out := make([]bls12381.G1Affine, len(points))
	prefix := make([]fp.Element, len(points))
	var acc fp.Element
	acc.SetOne()
	for i := range points {
		prefix[i] = acc
		acc.Mul(&acc, &points[i].Z)
	}
	acc.Inverse(&acc) // 1 / Π Z_i; no Z_i is zero for odd multiples below r
	var zInv, zInv2 fp.Element
	for i := len(points) - 1; i >= 0; i-- {
		zInv.Mul(&acc, &prefix[i])
		acc.Mul(&acc, &points[i].Z)
		zInv2.Square(&zInv)
		out[i].X.Mul(&points[i].X, &zInv2)
		out[i].Y.Mul(&points[i].Y, &zInv2).Mul(&out[i].Y, &zInv)
	}
	return out
}
