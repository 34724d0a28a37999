// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"fmt"
	"io"
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

// rangeCommitments returns V_lo and V_hi.
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
	return out
}

func checkRange(g, h *bls12381.G1Affine, n int, lo, hi int64, context []byte) error {
	if err := checkStatement(g, h, n, 2, context); err != nil {
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

// ProveRange returns a proof that V = v·G + γ·H commits to v with
// min ≤ v ≤ max, bound to context, and V. It refuses a v outside the
// range, and a range of 2^n values or more.
func ProveRange(g, h *bls12381.G1Affine, n int, v int64, gamma *fr.Element, lo, hi int64, context []byte, rand io.Reader) ([]byte, bls12381.G1Affine, error) {
	var V bls12381.G1Affine
	if err := checkRange(g, h, n, lo, hi, context); err != nil {
		return nil, V, err
	}
	if v < lo || v > hi {
		return nil, V, fmt.Errorf("%w: value not in [%d, %d]", ErrInvalidArgument, lo, hi)
	}
	var sv fr.Element
	sv.SetInt64(v)
	V = Commit(g, h, &sv, gamma)
	var negGamma fr.Element
	negGamma.Neg(gamma)
	values := []uint64{uint64(v) - uint64(lo), uint64(hi) - uint64(v)} // both in [0, hi − lo]
	proof, err := prove(g, h, n, values, []fr.Element{*gamma, negGamma}, rangeCommitments(g, &V, lo, hi),
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
