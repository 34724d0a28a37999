// SPDX-License-Identifier: Apache-2.0

// Package bulletproofs is the range proof of Bünz, Bootle, Boneh, Poelstra,
// Wuille and Maxwell, "Bulletproofs: Short Proofs for Confidential
// Transactions and More" (IEEE S&P 2018; eprint 2017/1066, cited by section
// and equation of the eprint version), over G1 of BLS12-381: a proof that
// Pedersen commitments V_j = v_j·G + γ_j·H commit to values v_j in
// [0, 2^n), for n in {8, 16, 32, 64} and m (a power of two up to
// MaxAggregation) commitments in one aggregated proof (§4.3), with the
// logarithmic inner-product argument (§3) and one multi-scalar
// multiplication for the whole verification (§6.2). ProveRange and
// VerifyRange prove min ≤ v ≤ max for one commitment as two aggregated
// statements (one for a one-sided range). Nothing here needs trusted parameters: the generators are
// hashed to the curve.
//
// Generators. G and H are the caller's (the commitment's); the vectors
// g_0..g_{N−1}, h_0..h_{N−1} (N = n·m) and the inner-product point U are
// RFC 9380 hash_to_curve, suite BLS12381G1_XMD:SHA-256_SSWU_RO_, with the
// domain separation tag GeneratorDST:
//
//	g_i = hash_to_curve("g" ‖ I2OSP(i, 4), GeneratorDST)
//	h_i = hash_to_curve("h" ‖ I2OSP(i, 4), GeneratorDST)
//	U   = hash_to_curve("U", GeneratorDST)
//
// so no one knows a discrete-log relation between them, G and H.
//
// Fiat–Shamir. The transcript is SHA-256 over, in order: the tag
// transcriptDST (length-prefixed), the statement (I2OSP(n, 2), I2OSP(m, 2),
// G, H, GeneratorDST length-prefixed, a statement-kind byte and its bytes:
// for a range, V, min and max; for Prove, V_1..V_m), the caller's context
// (I2OSP(len, 8) ‖ context) and every prover message as it is sent. Each
// challenge is hash_to_scalar of the running digest and a one-byte label,
// expand_message_xmd(SHA-256) to 48 bytes with challengeDST reduced modulo
// r, and is absorbed (label ‖ scalar) before the next message. Points are
// 48-byte compressed, scalars 32-byte big-endian, as in the IETF BBS draft.
//
// Wire format of a proof for N = n·m, k = log2 N (ProofSize bytes):
//
//	A ‖ S ‖ T1 ‖ T2 ‖ τx ‖ μ ‖ t̂ ‖ L_1 ‖ R_1 ‖ … ‖ L_k ‖ R_k ‖ a ‖ b
//
// 4 + 2k points and 5 scalars; n and m come from the statement, not the
// proof. Every point must decode (compressed, on the curve, in G1) and not
// be the identity; every scalar must be canonical (below r).
package bulletproofs

import (
	"encoding/binary"
	"errors"
	"fmt"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

const (
	// GeneratorDST is hash_to_curve's domain separation tag for g_i, h_i
	// and U.
	GeneratorDST = "FABRIC-BBS-BULLETPROOFS-V01_BLS12381G1_XMD:SHA-256_SSWU_RO_"
	// transcriptDST opens every transcript.
	transcriptDST = "FABRIC-BBS-BULLETPROOFS-V01_TRANSCRIPT_"
	// challengeDST is expand_message_xmd's tag for the challenges.
	challengeDST = "FABRIC-BBS-BULLETPROOFS-V01_CHALLENGE_"

	// MaxAggregation is the most commitments one proof covers.
	MaxAggregation = 16
	// MaxContextSize bounds the caller's context (hash a longer one).
	MaxContextSize = 1 << 16

	// tabledGenerators is how many of g_i and of h_i get cached tables of
	// odd multiples for the verifier's MSM (6 KiB each): enough for two
	// 64-bit statements; larger sums go to gnark-crypto's MultiExp.
	tabledGenerators = 128

	pointSize  = bls12381.SizeOfG1AffineCompressed
	scalarSize = fr.Bytes
)

var (
	// ErrInvalidArgument means the statement (n, m, G, H, context,
	// values) is not one this package proves or verifies.
	ErrInvalidArgument = errors.New("bulletproofs: invalid argument")
	// ErrMalformedProof means the proof bytes do not parse for the
	// statement (length, point or scalar encoding).
	ErrMalformedProof = errors.New("bulletproofs: malformed proof")
	// ErrInvalidProof means a well-formed proof does not verify.
	ErrInvalidProof = errors.New("bulletproofs: invalid proof")
)

// ProofSize returns the length in bytes of a proof for m commitments to
// n-bit values, or 0 when (n, m) is not supported.
func ProofSize(n, m int) int {
	if checkShape(n, m) != nil {
		return 0
	}
	k := log2(n * m)
	return (4+2*k)*pointSize + 5*scalarSize
}

// checkShape accepts n in {8, 16, 32, 64} and m a power of two in
// [1, MaxAggregation].
func checkShape(n, m int) error {
	switch n {
	case 8, 16, 32, 64:
	default:
		return fmt.Errorf("%w: range of %d bits, want 8, 16, 32 or 64", ErrInvalidArgument, n)
	}
	if m < 1 || m > MaxAggregation || m&(m-1) != 0 {
		return fmt.Errorf("%w: %d commitments, want a power of two up to %d", ErrInvalidArgument, m, MaxAggregation)
	}
	return nil
}

func log2(x int) int {
	k := 0
	for 1<<k < x {
		k++
	}
	return k
}

// checkBases requires G and H to be distinct and not the identity (they
// are the caller's constants, in G1).
func checkBases(g, h *bls12381.G1Affine) error {
	if g == nil || h == nil || g.IsInfinity() || h.IsInfinity() || g.Equal(h) {
		return fmt.Errorf("%w: G and H must be distinct points other than the identity", ErrInvalidArgument)
	}
	return nil
}

// generators holds g_i, h_i (and −h_i for the prover) for i < len(g), U,
// and tables for the first tabledGenerators of each.
type generatorSet struct {
	g, h, negH []bls12381.G1Affine
	gt, ht     []group.G1Table
	u          bls12381.G1Affine
	ut         []group.G1Table
}

var gens struct {
	mu  sync.Mutex
	set generatorSet
}

// generators returns the generator set with at least N of g_i and h_i,
// hashing the missing ones (once per process). The slices returned are
// never modified afterwards.
func generators(N int) (*generatorSet, error) {
	gens.mu.Lock()
	defer gens.mu.Unlock()
	s := &gens.set
	if s.ut == nil {
		u, err := bls12381.HashToG1([]byte("U"), []byte(GeneratorDST))
		if err != nil {
			return nil, fmt.Errorf("bulletproofs: hash to curve: %w", err)
		}
		s.u, s.ut = u, group.NewG1Tables([]bls12381.G1Affine{u})
	}
	if len(s.g) >= N {
		out := *s
		return &out, nil
	}
	old := len(s.g)
	g := append(make([]bls12381.G1Affine, 0, N), s.g...)
	h := append(make([]bls12381.G1Affine, 0, N), s.h...)
	negH := append(make([]bls12381.G1Affine, 0, N), s.negH...)
	for i := old; i < N; i++ {
		var idx [4]byte
		binary.BigEndian.PutUint32(idx[:], uint32(i))
		gi, err := bls12381.HashToG1(append([]byte("g"), idx[:]...), []byte(GeneratorDST))
		if err != nil {
			return nil, fmt.Errorf("bulletproofs: hash to curve: %w", err)
		}
		hi, err := bls12381.HashToG1(append([]byte("h"), idx[:]...), []byte(GeneratorDST))
		if err != nil {
			return nil, fmt.Errorf("bulletproofs: hash to curve: %w", err)
		}
		var nh bls12381.G1Affine
		nh.Neg(&hi)
		g, h, negH = append(g, gi), append(h, hi), append(negH, nh)
	}
	if t := min(N, tabledGenerators); t > len(s.gt) {
		s.gt = append(s.gt[:len(s.gt):len(s.gt)], group.NewG1Tables(g[len(s.gt):t])...)
		s.ht = append(s.ht[:len(s.ht):len(s.ht)], group.NewG1Tables(h[len(s.ht):t])...)
	}
	s.g, s.h, s.negH = g, h, negH
	out := *s
	return &out, nil
}
