// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"crypto/sha256"
	"crypto/sha3"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/bits"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/bulletproofs"
)

// A Range predicate without parameters is proven with a Bulletproofs range
// proof (package bbs/internal/bulletproofs) over the predicate's own
// commitment V = m_i·G + γ·H, linked to the BBS proof as a Commitment
// predicate is: V ‖ γ̂ with the shared m̃_i, then the range proof, whose
// bytes go into the digest of the presentation header.

const bulletproofsContextTag = "FABRIC-BBS-PREDICATE-V01_BULLETPROOFS_"

// isBulletproofs reports whether p is a range proven with Bulletproofs.
func isBulletproofs(p *Predicate) bool {
	return p.Kind == Range && p.Params == nil
}

// bulletproofsBits returns n, the bits of a Bulletproofs range: 64 for a
// one-sided range, else the least of 8, 16, 32, 64 above the width.
func bulletproofsBits(p *Predicate) int {
	if bulletproofs.RangeAggregation(p.Min, p.Max) == 1 {
		return 64
	}
	w := bits.Len64(uint64(p.Max) - uint64(p.Min))
	for _, n := range []int{8, 16, 32} {
		if w <= n {
			return n
		}
	}
	return 64
}

// bulletproofsSize is the range proof's length (0 for an empty range).
func bulletproofsSize(p *Predicate) int {
	if p.Min > p.Max {
		return 0
	}
	return bulletproofs.RangeProofSize(bulletproofsBits(p), p.Min, p.Max)
}

// bulletproofsContext is the range proof's context: SHA-256 of the tag,
// the verifier's ph, the statement and the predicate's place k.
func bulletproofsContext(ph, st []byte, k int) []byte {
	h := sha256.New()
	h.Write([]byte(bulletproofsContextTag))
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(ph))))
	h.Write(ph)
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(len(st))))
	h.Write(st)
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(k)))
	return h.Sum(nil)
}

// hedgedReader is the range prover's randomness: SHAKE256 of a hedged
// random scalar (from the caller's randomness and the secrets) and k.
func hedgedReader(seed *fr.Element, k int) io.Reader {
	x := sha3.NewSHAKE256()
	x.Write([]byte(hedgeTag + "/bulletproofs"))
	b := seed.Bytes()
	x.Write(b[:])
	x.Write(binary.BigEndian.AppendUint64(nil, uint64(k)))
	return x
}

// proveBulletproofs returns the range proof for v with blinding γ and V.
func proveBulletproofs(p *Predicate, v int64, gamma, seed *fr.Element, ph, st []byte, k int) ([]byte, bls12381.G1Affine, error) {
	if (v < p.Min || v > p.Max) && !forgeForTesting {
		return nil, bls12381.G1Affine{}, fmt.Errorf("%w: message %d is not in [%d, %d]", bbs.ErrInvalidArgument, p.Index, p.Min, p.Max)
	}
	bulletproofs.ForgeForTesting = forgeForTesting
	defer func() { bulletproofs.ForgeForTesting = false }()
	proof, V, err := bulletproofs.ProveRange(&genG, &genH, bulletproofsBits(p), v, gamma, p.Min, p.Max, bulletproofsContext(ph, st, k), hedgedReader(seed, k))
	if err != nil {
		return nil, V, fmt.Errorf("%w: range proof: %v", bbs.ErrInvalidArgument, err)
	}
	return proof, V, nil
}

// verifyBulletproofs checks the range proof of p over V.
func verifyBulletproofs(p *Predicate, V *bls12381.G1Affine, proof, ph, st []byte, k int) error {
	err := bulletproofs.VerifyRange(&genG, &genH, bulletproofsBits(p), V, p.Min, p.Max, proof, bulletproofsContext(ph, st, k))
	switch {
	case err == nil:
		return nil
	case errors.Is(err, bulletproofs.ErrMalformedProof):
		return fmt.Errorf("%w: predicate %d: %v", ErrMalformedProof, k, err)
	case errors.Is(err, bulletproofs.ErrInvalidProof):
		return fmt.Errorf("%w: predicate %d: %v", ErrInvalidProof, k, err)
	}
	return fmt.Errorf("%w: predicate %d: %v", bbs.ErrInvalidArgument, k, err)
}
