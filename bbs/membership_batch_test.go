// SPDX-License-Identifier: Apache-2.0

package bbs

// This file is a measurement harness, compiled into the tests only: the
// batch test is not used by verification (docs/performance.md, "G1 membership tests"
// says why: at 2^-128 it costs more than checking each point for every
// batch the contract accepts).

import (
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"golang.org/x/crypto/blake2b"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Batch membership test for G1 (see docs/performance.md, "G1 membership tests").
//
// A point P of E(Fp): y² = x³ + 4 decomposes uniquely as P = P' + T with
// P' in G1 (order r) and T in E(Fp)[h], h = (x−1)²/3 the cofactor, coprime
// to r: P is in G1 exactly when T = 0. E(Fp)[h] has odd order (h is odd),
// so every non-zero T has an order whose prime factors are all ≥ 3.
//
// Each of the subgroupBatchTests tests draws a digit di ∈ {0, 1, 2} per
// point and checks that S = Σ di·Pi is in G1 with gnark-crypto's full
// membership test (Scott's φ(S) = −x²·S, exact on all of E(Fp)). If every
// Pi is in G1, so is every S: the batch never refuses points of G1. If
// some Pj has T ≠ 0, the torsion part of S is dj·T + U, U fixed by the
// other digits; two digits d ≠ d' give the same sum only if (d − d')·T = 0,
// impossible since 0 < |d − d'| ≤ 2 is below the order of T (≥ 3). So at
// most one of the three values of dj passes: each test passes with
// probability at most 1/3, the tests are independent, and all of them pass
// with probability at most 3^-81 < 2^-128.
//
// The digits are read from BLAKE2b in XOF mode over a transcript fixed by
// whoever calls: everything that determines the points (as the batch
// weights are read). S is computed with the curve's general addition and
// doubling formulas, which are right for every point of E(Fp); no scalar
// multiplication (gnark-crypto's is GLV, right only inside G1) is used on
// points not yet known to be in G1.

// subgroupBatchTests is the number of tests: 3^-81 < 2^-128 (81·log2(3) =
// 128.38).
const subgroupBatchTests = 81

// subgroupBatchMin is the number of points from which allInG1 runs the
// batch test rather than one test per point; the tests exercise both
// sides. (Measured, the batch test at k = 81 pays only from about 350
// points: see BenchmarkSubgroupBatch and docs/performance.md, "G1 membership tests".)
const subgroupBatchMin = 96

// subgroupDST separates the digits' transcript from every other hash.
const subgroupDST = "fabric-bbs/batch-subgroup/v1"

// allInG1 reports whether every point of points is in G1 (a point off the
// curve is not), on up to workers goroutines. With fewer than
// subgroupBatchMin points each is checked alone, and the answer is exact; with more, the batch
// test above is run with digits read from the XOF over subgroupDST and
// what transcript writes: a true answer is wrong with probability at most
// 3^-81 for each transcript; a false one is always right.
func allInG1(points []bls12381.G1Affine, transcript func(io.Writer), workers int) bool {
	if len(points) < subgroupBatchMin {
		return eachInG1(points, workers)
	}
	return batchInG1(points, subgroupDigits(len(points), subgroupBatchTests, transcript), subgroupBatchTests, workers)
}

// eachInG1 checks every point alone.
func eachInG1(points []bls12381.G1Affine, workers int) bool {
	ok := make([]bool, len(points))
	group.ParallelFor(len(points), workers, func(i int) {
		ok[i] = points[i].IsInSubGroup()
	})
	for _, v := range ok {
		if !v {
			return false
		}
	}
	return true
}

// subgroupDigits returns tests·n digits in {0, 1, 2}, test by
// test, read from the XOF over subgroupDST ‖ transcript: each byte below
// 243 = 3^5 gives its five base-3 digits, uniform; bytes of 243 and above
// are skipped.
func subgroupDigits(n, tests int, transcript func(io.Writer)) []uint8 {
	xof, err := blake2b.NewXOF(blake2b.OutputLengthUnknown, nil)
	if err != nil {
		panic(err) // fixed, valid parameters
	}
	xof.Write([]byte(subgroupDST))
	transcript(xof)
	digits := make([]uint8, 0, tests*n+4)
	var buf [256]byte
	for len(digits) < tests*n {
		if _, err := io.ReadFull(xof, buf[:]); err != nil {
			panic(err) // far below the XOF's output limit
		}
		for _, b := range buf {
			if b >= 243 {
				continue
			}
			for range 5 {
				digits = append(digits, b%3)
				b /= 3
			}
		}
	}
	return digits[:tests*n]
}

// batchInG1 runs tests tests with the given digits (tests·n of them, test
// by test).
func batchInG1(points []bls12381.G1Affine, digits []uint8, tests, workers int) bool {
	// The argument above holds for points of E(Fp): one off the curve is
	// refused here, as the single test refuses it (a few multiplications
	// each, against a sum's full test).
	for i := range points {
		if !points[i].IsOnCurve() {
			return false
		}
	}
	n := len(points)
	ok := make([]bool, tests)
	group.ParallelFor(tests, workers, func(t int) {
		ok[t] = digitSumInG1(points, digits[t*n:(t+1)*n])
	})
	for _, v := range ok {
		if !v {
			return false
		}
	}
	return true
}

// digitSumInG1 reports whether Σ digits[i]·points[i] is in G1, by the
// full membership test of the sum (which also checks it is on the curve).
func digitSumInG1(points []bls12381.G1Affine, digits []uint8) bool {
	s := digitSum(points, digits)
	if s.Z.IsZero() { // the identity is in G1
		return true
	}
	return s.IsInSubGroup()
}

// digitSum returns Σ digits[i]·points[i] (digits in {0, 1, 2}): the sums
// B1 of the points with digit 1 and B2 of those with digit 2 by mixed
// additions, then 2·B2 + B1, all with the general formulas, right for
// every point of E(Fp) (gnark-crypto's AddMixed, DoubleAssign and
// AddAssign handle the identity, equal and opposite points).
func digitSum(points []bls12381.G1Affine, digits []uint8) bls12381.G1Jac {
	var b1, b2 bls12381.G1Jac
	b1.X.SetOne()
	b1.Y.SetOne() // Z = 0: the identity
	b2.Set(&b1)
	for i := range points {
		switch digits[i] {
		case 1:
			b1.AddMixed(&points[i])
		case 2:
			b2.AddMixed(&points[i])
		}
	}
	b2.DoubleAssign()
	return *b2.AddAssign(&b1)
}
