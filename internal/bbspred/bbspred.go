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

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

var (
	// DeriveProof is bbs.DeriveProofMapped(rnd, s, pk, sig, header, nonce,
	// messages, revealed, mm) with the random scalar m̃ of hidden message
	// fixedAt[k] set to fixed[k]. It returns a *bbs.Proof.
	DeriveProof func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed []int, mm any, fixedAt []int, fixed []fr.Element) (any, error)
	// MessageScalar maps one message to its scalar, as an integer or by
	// the suite's hash.
	MessageScalar func(s any, message []byte, integer bool) (fr.Element, error)
	// HashToScalar is the suite's hash_to_scalar(msg, dst).
	HashToScalar func(s any, msg, dst []byte) (fr.Element, error)
	// RandomScalars returns count hedged random scalars: from 32 fresh
	// bytes of rnd (crypto/rand if nil) and the secret inputs, under tag.
	RandomScalars func(rnd io.Reader, tag string, count int, inputs [][]byte) ([]fr.Element, error)
)
