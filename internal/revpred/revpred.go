// SPDX-License-Identifier: Apache-2.0

// Package revpred is the part of package revocation that package
// bbs/predicate uses to make and verify a presentation with non-revocation
// and predicates: the presentation's BBS proof made over integer messages
// with the random scalars m̃ of chosen hidden messages set by the caller,
// and its verification with the disclosed messages mapped the same way. As
// internal/bbsrev, the functions are variables that package revocation
// sets when it is initialised; arguments documented as a revocation or bbs
// type are passed as any, and a value of another type is an error wrapping
// revocation.ErrMalformed, never a panic.
package revpred

import (
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

var (
	// Present is revocation.Present(rnd, c, acc, value, nonce, revealed)
	// with the credential's messages mapped to scalars by mm (a
	// *bbs.MessageMap; the handle is not an integer position) and the BBS
	// proof's random scalar m̃ of hidden message fixedAt[k] set to
	// fixed[k]. c is a *revocation.Credential, acc a *revocation.PublicKey;
	// it returns a *revocation.Presentation.
	Present func(rnd io.Reader, c, acc any, value, nonce []byte, revealed []int, mm any, fixedAt []int, fixed []fr.Element) (any, error)
	// Proof returns the scheme (a bbs.Scheme) and the committed-disclosure
	// BBS proof of presentation p, a *revocation.Presentation made by
	// Present or ParsePresentation.
	Proof func(p any) (any, bbsrev.CommittedProof, error)
	// VerifyAt is revocation.VerifyPresentationAt(pk, p, handleIndex,
	// header, nonce, disclosed, acc, value) with the disclosed messages
	// (a []bbs.DisclosedMessage) mapped to scalars by mm.
	VerifyAt func(pk, p any, handleIndex int, header, nonce []byte, disclosed, mm, acc any, value []byte) error
)
