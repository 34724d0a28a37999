// SPDX-License-Identifier: Apache-2.0

// Package bbsrev is the part of package bbs that only this module's own
// packages use: committed disclosure (draft-irtf-cfrg-bbs-blind-signatures-03's
// CoreProofGen and CoreProofVerify with commitments to hidden messages) and
// the group arithmetic over gnark-crypto types that package revocation
// builds its non-revocation proof from. It keeps gnark-crypto types and
// protocol internals out of bbs's public API.
//
// The functions are variables that package bbs sets when it is
// initialised (it needs bbs's unexported internals, and bbs cannot be
// imported from here): a program that calls them imports bbs, as every
// caller does for bbs.Scheme and bbs.PublicKey. Parameters documented as a
// bbs type are passed as any; a value of another type is an
// bbs.ErrInvalidArgument, never a panic.
package bbsrev

import (
	"errors"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// MaxLinearTerms is the largest number of terms PublicLinearCombination
// takes (bbs.MaxMessages).
const MaxLinearTerms = 1024

// ErrMalformedCommittedProof means committed-proof bytes could not be
// parsed.
var ErrMalformedCommittedProof = errors.New("bbs: malformed committed proof")

// MessageCommitment is one committed message of a [CommittedProof]: its
// index among the signed messages and the 48-byte compressed G1 point
// C = Y_0·s + Y_1·msg.
type MessageCommitment struct {
	Index int
	Point []byte
}

// CommitmentOpening is the prover's secret for one committed message: the
// index and the 32-byte big-endian blinding scalar s of its commitment.
// Keep it secret; it is what a proof in another protocol about the same
// message needs.
type CommitmentOpening struct {
	Index int
	Blind []byte
}

// CommittedProof is a parsed committed-disclosure proof. Only package bbs
// implements it; the verify functions refuse any other implementation.
type CommittedProof interface {
	// Bytes returns the proof's encoding (proof_to_octets of -03).
	Bytes() []byte
	// DisclosedIndexes returns the indexes of the disclosed messages,
	// ascending.
	DisclosedIndexes() []int
	// MessageCount returns the number of signed messages the proof covers.
	MessageCount() int
	// Commitments returns the committed messages' commitments, by
	// ascending index.
	Commitments() []MessageCommitment
	// CommitmentPoint returns the i-th commitment (by ascending index) as
	// a G1 point, checked in the subgroup and not the identity when the
	// proof was parsed.
	CommitmentPoint(i int) (bls12381.G1Affine, error)
	committedProof()
}

// Sealed is embedded by package bbs's implementation of CommittedProof,
// so that no other package implements it by accident.
type Sealed struct{}

func (Sealed) committedProof() {}

// PairingRelation is a pairing equation a caller folds into a committed
// proof's pairing check (VerifyCommittedProofWithPairing):
//
//	e(A, K)·e(S, P2) = 1,  S = Σ Scalars[i]·Points[i] + Y0·Y_0 + Y1·Y_1
//
// with Y_0, Y_1 the committed-disclosure generators of the proof's scheme.
type PairingRelation struct {
	// Key is K, a *bbs.PublicKey: any G2 point parsed by ParsePublicKey of
	// the proof's scheme (such as an accumulator public key).
	Key any
	// A is a subgroup point other than the identity.
	A bls12381.G1Affine
	// Points (on the curve, not necessarily in G1) and their scalars, at
	// most bbs.MaxMessages.
	Points  []bls12381.G1Affine
	Scalars []fr.Element
	// Y0, Y1 multiply the generators Y_0, Y_1 (cached tables).
	Y0, Y1 fr.Element
}

// Set by package bbs (bbs/blind_commit.go and bbs/secret_shares.go, whose
// unexported functions of the same names document them). s is a
// bbs.Scheme, pk, sig and key a *bbs.PublicKey or *bbs.Signature, disclosed
// a []bbs.DisclosedMessage.
var (
	// CommitmentGenerators returns the compressed Y_0, Y_1 of scheme s.
	CommitmentGenerators func(s any) (y0, y1 []byte, err error)
	// CommitmentCombination returns s0·Y_0 + s1·Y_1 + z·p (variable time).
	CommitmentCombination func(s any, s0, s1 fr.Element, p bls12381.G1Affine, z fr.Element) (bls12381.G1Affine, error)
	// MessageScalar returns the 32-byte scalar that message maps to in s.
	MessageScalar func(s any, message []byte) ([]byte, error)
	// DeriveCommittedProof is -03's CoreProofGen over the scheme's
	// generators, committing to the messages at committed.
	DeriveCommittedProof func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed, committed []int) (CommittedProof, []CommitmentOpening, error)
	// ParseCommittedProof parses a committed proof of scheme s, strictly.
	ParseCommittedProof func(s any, b []byte) (CommittedProof, error)
	// VerifyCommittedProof is -03's CoreProofVerify.
	VerifyCommittedProof func(pk any, p CommittedProof, header, nonce []byte, disclosed any) error
	// VerifyCommittedProofWithDH also checks b = x·a for key = x·P2 in the
	// same pairing product.
	VerifyCommittedProofWithDH func(pk any, p CommittedProof, header, nonce []byte, disclosed, key any, a, b *bls12381.G1Affine) error
	// VerifyCommittedProofWithPairing also checks rel in the same pairing
	// product.
	VerifyCommittedProofWithPairing func(pk any, p CommittedProof, header, nonce []byte, disclosed any, rel *PairingRelation) error
	// PublicLinearCombination returns Σ points[i]·scalars[i] in variable
	// time; more than MaxLinearTerms terms or mismatched lengths are an
	// error.
	PublicLinearCombination func(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error)
	// SecretLinearCombination returns Σ points[i]·scalars[i] in constant
	// time.
	SecretLinearCombination func(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error)
	// SecretScalarMul returns k·p in constant time; p must be in G1.
	SecretScalarMul func(p *bls12381.G1Affine, k *fr.Element) bls12381.G1Affine
	// SecretScalarMulAdd returns k·p + q in constant time.
	SecretScalarMulAdd func(p *bls12381.G1Affine, k *fr.Element, q *bls12381.G1Affine) bls12381.G1Affine
)
