// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/lru"
)

// Pairing products in this package have only fixed G2 arguments (the
// generator P2 and public keys), so their Miller-loop lines are computed
// once and reused: one multi-Miller loop and one final exponentiation per
// check.

// g2Lines holds the precomputed lines of one G2 point.
type g2Lines = [2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff

// maxCachedKeys bounds the per-public-key caches (lines here, generators
// in the schemes that derive them from the key).
const maxCachedKeys = 64

var (
	genG2Once  sync.Once
	genG2      bls12381.G2Affine
	genG2Lines g2Lines

	keyLines = lru.New[[PublicKeySize]byte, *g2Lines](maxCachedKeys)
)

// generatorG2Lines returns the lines of the G2 generator P2.
func generatorG2Lines() *g2Lines {
	genG2Once.Do(func() {
		_, _, _, genG2 = bls12381.Generators()
		genG2Lines = bls12381.PrecomputeLines(genG2)
	})
	return &genG2Lines
}

// publicKeyLines returns the lines of pk's point W, cached per key.
func publicKeyLines(pk *PublicKey) (*g2Lines, error) {
	l, err := keyLines.Get(pk.enc, func() (*g2Lines, error) {
		lines := bls12381.PrecomputeLines(pk.w)
		return &lines, nil
	})
	if err != nil {
		return nil, fmt.Errorf("public key lines: %w", err)
	}
	return l, nil
}

// pairingProductIsOne reports whether e(p1, W) · e(p2, P2) = 1 in GT, where
// W is pk's point and P2 the G2 generator.
func pairingProductIsOne(p1 *bls12381.G1Affine, pk *PublicKey, p2 *bls12381.G1Affine) (bool, error) {
	lines, err := publicKeyLines(pk)
	if err != nil {
		return false, err
	}
	// PairingCheckFixedQ's Miller loop overwrites the line arrays it is
	// given (it scales them by the G1 points): the slice holds copies of
	// the cached lines, never the caches themselves, or the next check
	// would use spoiled lines (TestPairingLineCachesUnchanged).
	ok, err := bls12381.PairingCheckFixedQ(
		[]bls12381.G1Affine{*p1, *p2},
		[][2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff{*lines, *generatorG2Lines()},
	)
	if err != nil {
		return false, fmt.Errorf("pairing check: %w", err)
	}
	return ok, nil
}
