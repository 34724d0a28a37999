// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"fmt"
	"io"
	"math"
	"math/big"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Ranges [min, max] of signed 64-bit integers, an integer v being the
// scalar v mod r (r + v for v < 0, as bbs maps integer messages). For V =
// v·G + γ·H, the two commitments
//
//	V_lo = V − min·G = (v − min)·G + γ·H
//	V_hi = max·G − V = (max − v)·G − γ·H
//
// are computed by prover and verifier alike, and one aggregated proof
// (m = 2) shows both commit to values in [0, 2^n). Then v = min + a =
// max − b (mod r) with 0 ≤ a, b < 2^n, and as 2^{n+1} + (max − min) < r
// there is no wrap-around: min ≤ v ≤ max as integers. The statement
// absorbed is V, min and max (then V_lo, V_hi). n must cover the width,
// max − min < 2^n, so that every value of the range can be proven (the
// proof's size then depends only on n, not on v).
//
// One-sided ranges. When min = −2^63 (or max = 2^63 − 1) the range has
// one finite end, n is 64, and one proof (m = 1) is made for one
// commitment only: V_hi when min = −2^63 (also when max = 2^63 − 1 too),
// else V_lo. It proves max − 2^64 < v ≤ max (respectively min ≤ v <
// min + 2^64) modulo r: for a v that is a 64-bit integer (as every integer
// message is) exactly min ≤ v ≤ max, since the other end of the window
// lies beyond the int64 range. A scalar not of that form (r has 255 bits)
// can satisfy it only by falling into a window of 2^64 values.

// RangeAggregation returns the number of commitments (m) a proof of
// [min, max] covers: 1 for a one-sided range (min = −2^63 or max =
// 2^63 − 1), else 2.
func RangeAggregation(lo, hi int64) int {
	if lo == math.MinInt64 || hi == math.MaxInt64 {
		return 1
	}
	return 2
}

// RangeProofSize returns the length of a ProveRange proof of n bits for
// [min, max], or 0 when n is not supported.
func RangeProofSize(n int, lo, hi int64) int {
	return ProofSize(n, RangeAggregation(lo, hi))
}

// rangeCommitments returns V_lo and V_hi, or the one of them a one-sided
// range uses.
func rangeCommitments(g, v *bls12381.G1Affine, lo, hi int64) []bls12381.G1Affine {
	var sLo, sHi fr.Element
	sLo.SetInt64(lo)
	sHi.SetInt64(hi)
	var mLo, mHi bls12381.G1Affine
	mLo.ScalarMultiplication(g, sLo.BigInt(new(big.Int)))
	mHi.ScalarMultiplication(g, sHi.BigInt(new(big.Int)))
	out := make([]bls12381.G1Affine, 2)
	out[0].Sub(v, &mLo)
	out[1].Sub(&mHi, v)
	switch {
	case lo == math.MinInt64:
		return out[1:]
	case hi == math.MaxInt64:
		return out[:1]
	}
	return out
}

// rangeWitness returns the values and blindings of rangeCommitments.
func rangeWitness(v int64, gamma *fr.Element, lo, hi int64) ([]uint64, []fr.Element) {
	var negGamma fr.Element
	negGamma.Neg(gamma)
	values := []uint64{uint64(v) - uint64(lo), uint64(hi) - uint64(v)} // both in [0, hi − lo]
	gammas := []fr.Element{*gamma, negGamma}
	switch {
	case lo == math.MinInt64:
		return values[1:], gammas[1:]
	case hi == math.MaxInt64:
		return values[:1], gammas[:1]
	}
	return values, gammas
}

func checkRange(g, h *bls12381.G1Affine, n int, lo, hi int64, context []byte) error {
	if err := checkStatement(g, h, n, RangeAggregation(lo, hi), context); err != nil {
		return err
	}
	if lo > hi {
		return fmt.Errorf("%w: range [%d, %d] is empty", ErrInvalidArgument, lo, hi)
	}
	if w := uint64(hi) - uint64(lo); n < 64 && w>>n != 0 {
		return fmt.Errorf("%w: range [%d, %d] is wider than 2^%d", ErrInvalidArgument, lo, hi, n)
	}
	return nil
}

// ForgeForTesting makes ProveRange skip its range check and prove the low
// n bits of the (wrapped) differences instead, for tests that such a proof
// is refused. Tests only.
var ForgeForTesting = false

// ProveRange returns a proof that V = v·G + γ·H commits to v with
// min ≤ v ≤ max, bound to context, and V. It refuses a v outside the
// range, and a range of 2^n values or more.
func ProveRange(g, h *bls12381.G1Affine, n int, v int64, gamma *fr.Element, lo, hi int64, context []byte, rand io.Reader) ([]byte, bls12381.G1Affine, error) {
	var V bls12381.G1Affine
	if err := checkRange(g, h, n, lo, hi, context); err != nil {
		return nil, V, err
	}
	if (v < lo || v > hi) && !ForgeForTesting {
		return nil, V, fmt.Errorf("%w: value not in [%d, %d]", ErrInvalidArgument, lo, hi)
	}
	var sv fr.Element
	sv.SetInt64(v)
	V = Commit(g, h, &sv, gamma)
	values, gammas := rangeWitness(v, gamma, lo, hi)
	if ForgeForTesting && n < 64 {
		for j := range values {
			values[j] &= 1<<n - 1
		}
	}
	proof, err := prove(g, h, n, values, gammas, rangeCommitments(g, &V, lo, hi),
		kindRange, rangeKindBytes(&V, lo, hi), context, rand)
	if err != nil {
		return nil, V, err
	}
	return proof, V, nil
}

// VerifyRange checks a proof of ProveRange for V (in G1, as
// group.DecodeG1 returns) and [min, max].
func VerifyRange(g, h *bls12381.G1Affine, n int, V *bls12381.G1Affine, lo, hi int64, proof, context []byte) error {
	if err := checkRange(g, h, n, lo, hi, context); err != nil {
		return err
	}
	if V == nil {
		return fmt.Errorf("%w: no commitment", ErrInvalidArgument)
	}
	return verify(g, h, n, rangeCommitments(g, V, lo, hi), kindRange, rangeKindBytes(V, lo, hi), proof, context)
}
