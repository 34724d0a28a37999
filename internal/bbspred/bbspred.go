// SPDX-License-Identifier: Apache-2.0

// Package bbspred is the part of package bbs that package bbs/predicate
// uses: an IETF BBS proof whose random scalars m̃_i for chosen hidden
// positions the caller sets, and the suite's hash_to_scalar and hedged
// randomness. As internal/bbsrev, the functions are variables package bbs
// sets when it is initialised; arguments documented as a bbs type are
// passed as any, and a value of another type is an bbs.ErrInvalidArgument.
package bbspred

import (
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Lines are the precomputed Miller-loop lines of one G2 point
// (bls12381.PrecomputeLines).
type Lines = [2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff

var (
	// DeriveProof is bbs.DeriveProofMapped(rnd, s, pk, sig, header, nonce,
	// messages, revealed, mm) with the random scalar m̃ of hidden message
	// fixedAt[k] set to fixed[k]. It returns a *bbs.Proof.
	DeriveProof func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed []int, mm any, fixedAt []int, fixed []fr.Element) (any, error)
	// VerifyProofPairing is bbs.VerifyProofMapped(s, pk, proof, header,
	// nonce, disclosed, mm) with the caller's pairing product folded into
	// its final pairing check: e(Ā, W)·e(p2 − B̄, P2)·Π_k e(g1[k], Q_k) = 1,
	// Q_k the G2 point of lines[k]. It holds for a valid proof exactly when
	// the caller's product e(p2, P2)·Π_k e(g1[k], Q_k) is 1; the caller
	// makes that product a combination with weights hashed from the proof,
	// so that it cannot cancel a failing BBS product. The lines are not
	// modified.
	VerifyProofPairing func(s, pk, proof any, header, nonce []byte, disclosed, mm any, p2 *bls12381.G1Affine, g1 []bls12381.G1Affine, lines []*Lines) error
	// VerifyProofWithPseudonymPairing is
	// bbs.VerifyProofWithPseudonymMapped(s, pk, proof, pseudonym, header,
	// nonce, context, signerMessages, nymCount, disclosed,
	// disclosedCommitted, mm) with the caller's pairing product folded into
	// its final pairing check, as VerifyProofPairing.
	VerifyProofWithPseudonymPairing func(s, pk, proof, pseudonym any, header, nonce, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted, mm any, p2 *bls12381.G1Affine, g1 []bls12381.G1Affine, lines []*Lines) error
	// MessageScalar maps one message to its scalar, as an integer or by
	// the suite's hash.
	MessageScalar func(s any, message []byte, integer bool) (fr.Element, error)
	// HashToScalar is the suite's hash_to_scalar(msg, dst).
	HashToScalar func(s any, msg, dst []byte) (fr.Element, error)
	// RandomScalars returns count hedged random scalars: from 32 fresh
	// bytes of rnd (crypto/rand if nil) and the secret inputs, under tag.
	RandomScalars func(rnd io.Reader, tag string, count int, inputs [][]byte) ([]fr.Element, error)
)
