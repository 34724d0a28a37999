// SPDX-License-Identifier: Apache-2.0

package bbsrev

import (
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Committed disclosure over integer messages, with caller-chosen random
// scalars: what a presentation with non-revocation and predicates (package
// bbs/predicate) is made of. Set by package bbs (bbs/bbsrev_mapped_hooks.go);
// mm is a *bbs.MessageMap (nil: every message by hash), the other
// arguments as for the variables of bbsrev.go.
var (
	// DeriveCommittedProofMapped is DeriveCommittedProof with the messages
	// mapped to scalars by mm and the random scalar m̃ of hidden message
	// fixedAt[k] set to fixed[k] (fixedAt hidden, without repeats). With a
	// nil or integer-free mm and no fixed scalars its output is
	// DeriveCommittedProof's, byte for byte.
	DeriveCommittedProofMapped func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed, committed []int, mm any, fixedAt []int, fixed []fr.Element) (CommittedProof, []CommitmentOpening, error)
	// VerifyCommittedProofWithDHMapped is VerifyCommittedProofWithDH with
	// the disclosed messages mapped to scalars by mm.
	VerifyCommittedProofWithDHMapped func(pk any, p CommittedProof, header, nonce []byte, disclosed, mm, key any, a, b *bls12381.G1Affine) error
	// VerifyCommittedProofWithPairingMapped is
	// VerifyCommittedProofWithPairing with the disclosed messages mapped to
	// scalars by mm.
	VerifyCommittedProofWithPairingMapped func(pk any, p CommittedProof, header, nonce []byte, disclosed, mm any, rel *PairingRelation) error
)
