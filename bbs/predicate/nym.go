// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"encoding/binary"
	"fmt"
	"io"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// Predicates with a pseudonym. A proof with a pseudonym
// (draft-irtf-cfrg-bbs-per-verifier-linkability) is an IETF ProofInit and
// ProofFinalize over the credential's messages (the issuer's L messages,
// the prover blind, the holder's committed messages, the nym secrets) and
// a Schnorr proof of the pseudonym, under one challenge c; its encoding is
// the IETF proof's, Ā ‖ B̄ ‖ D ‖ ê ‖ r̂1 ‖ r̂3 ‖ m̂_j1 … m̂_jU ‖ c, the hidden
// messages in ascending combined order, so the issuer's hidden messages
// come first. The predicates are about the issuer's messages and link to
// the proof as to an IETF proof: they share the m̃_i of the messages they
// are about, and their commitments are bound into the presentation header
// ph' the proof with a pseudonym is made with.

// ProveWithPseudonym makes a presentation with predicates and a pseudonym:
// a standard proof with a pseudonym of s (a pseudonym scheme) over the
// issuer's messages (mapped by mm) and the holder's committed messages,
// disclosing messages[revealed] and committed[revealedCommitted], with the
// pseudonym of secret (final) in context, made with the presentation
// header that PseudonymPresentationHeader derives from ph and the
// predicates' commitments; and the predicate proof. Each predicate is
// about a hidden issuer message (its Index indexes messages); a range's
// value must lie in its range (else bbs.ErrInvalidArgument). Set
// parameters for a message mapped by hash are made for s
// (GenerateSetParams with the pseudonym scheme): its messages are hashed
// under its own api_id.
func ProveWithPseudonym(rnd io.Reader, s bbs.PseudonymScheme, pk *bbs.PublicKey, sig *bbs.Signature, secret *bbs.NymSecret, header, ph, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, mm *bbs.MessageMap, preds []Predicate) (*bbs.Proof, *bbs.Pseudonym, []byte, error) {
	proof, nym, pp, _, err := ProveWithPseudonymOpenings(rnd, s, pk, sig, secret, header, ph, context, messages, committed, revealed, revealedCommitted, mm, preds)
	return proof, nym, pp, err
}

// ProveWithPseudonymOpenings is ProveWithPseudonym that also returns the
// openings of the Commitment predicates, in the order of preds.
func ProveWithPseudonymOpenings(rnd io.Reader, s bbs.PseudonymScheme, pk *bbs.PublicKey, sig *bbs.Signature, secret *bbs.NymSecret, header, ph, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, mm *bbs.MessageMap, preds []Predicate) (*bbs.Proof, *bbs.Pseudonym, []byte, []Opening, error) {
	if s == nil || sig == nil || pk == nil || secret == nil {
		return nil, nil, nil, nil, fmt.Errorf("%w: nil scheme, key, signature or nym secret", bbs.ErrInvalidArgument)
	}
	// The hedge covers, besides what an IETF presentation's covers, the
	// nym secret, the context and the committed messages.
	hedge := [][]byte{sig.Bytes(), pk.Bytes(), header, secret.Bytes(), context, indexBytes(revealedCommitted),
		binary.BigEndian.AppendUint64(nil, uint64(len(committed)))}
	hedge = append(hedge, committed...)
	pr, err := preparePredicates(rnd, s, hedge, ph, messages, revealed, mm, preds)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	anyProof, anyNym, err := bbspred.DeriveNymProof(rnd, s, pk, sig, header, pr.phPrime, context, messages, committed, revealed, revealedCommitted, secret, mm, pr.pos, pr.mTilde)
	if err != nil {
		return nil, nil, nil, nil, err
	}
	proof, nym := anyProof.(*bbs.Proof), anyNym.(*bbs.Pseudonym)
	pb := proof.Bytes()
	c, err := group.DecodeScalar(pb[len(pb)-32:])
	if err != nil {
		return nil, nil, nil, nil, err
	}
	out, open := pr.finish(&c)
	return proof, nym, out, open, nil
}

// VerifyWithPseudonym checks a presentation with predicates and a
// pseudonym: the predicate proof against preds, and the proof with a
// pseudonym as a standard ProofVerifyWithNym (VerifyProofWithPseudonym,
// the issuer's disclosed messages mapped by mm) of a credential of
// signerMessages issuer messages and nymCount nym secrets, with pseudonym
// in context, under the presentation header derived from ph and the
// predicate proof. It returns nil, or an error wrapping ErrMalformedProof,
// ErrInvalidProof, bbs.ErrInvalidProof or bbs.ErrInvalidArgument. Sizes
// are checked before any group operation.
func VerifyWithPseudonym(s bbs.PseudonymScheme, pk *bbs.PublicKey, proof *bbs.Proof, pseudonym *bbs.Pseudonym, header, ph, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) error {
	phPrime, pp, err := verifyNymPredicates(s, proof, ph, signerMessages, disclosed, mm, preds, predProof)
	if err != nil {
		return err
	}
	if pp == nil {
		return bbs.VerifyProofWithPseudonymMapped(s, pk, proof, pseudonym, header, phPrime, context, signerMessages, nymCount, disclosed, disclosedCommitted, mm)
	}
	// One pairing check for both, as in Verify.
	return pp.which(bbspred.VerifyProofWithPseudonymPairing(s, pk, proof, pseudonym, header, phPrime, context, signerMessages, nymCount, disclosed, disclosedCommitted, mm, &pp.p2, pp.g1, pp.lines))
}

// PseudonymPresentationHeader returns the presentation header that the
// proof with a pseudonym of a predicate presentation is verified with,
// for a verifier that checks that proof alone (any implementation of the
// pseudonym draft): it checks the predicate proof's encoding and its
// equations against the proof's responses, not the proof with a
// pseudonym itself.
func PseudonymPresentationHeader(s bbs.PseudonymScheme, proof *bbs.Proof, ph []byte, signerMessages int, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) ([]byte, error) {
	phPrime, pp, err := verifyNymPredicates(s, proof, ph, signerMessages, disclosed, mm, preds, predProof)
	if err != nil {
		return nil, err
	}
	if err := pp.check(); err != nil {
		return nil, err
	}
	return phPrime, nil
}

func verifyNymPredicates(s bbs.PseudonymScheme, proof *bbs.Proof, ph []byte, signerMessages int, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) ([]byte, *pairingProduct, error) {
	if proof == nil {
		return nil, nil, fmt.Errorf("%w: nil proof", bbs.ErrInvalidArgument)
	}
	if s == nil || proof.Scheme() != bbs.Scheme(s) {
		return nil, nil, fmt.Errorf("%w: proof of another scheme", bbs.ErrInvalidArgument)
	}
	if signerMessages < 0 || signerMessages > bbs.MaxMessages {
		return nil, nil, fmt.Errorf("%w: %d signer messages", bbs.ErrInvalidArgument, signerMessages)
	}
	dIdx := make([]int, len(disclosed))
	for k := range disclosed {
		dIdx[k] = disclosed[k].Index
	}
	if err := checkPredicateProof(preds, mm, dIdx, predProof); err != nil {
		return nil, nil, err
	}
	r, err := nymResponses(proof.Bytes(), dIdx, signerMessages)
	if err != nil {
		return nil, nil, err
	}
	return verifyDeferred(s, r, ph, preds, predProof)
}

// nymResponses locates c and the m̂_i of the issuer's hidden messages in
// the bytes pb of a proof with a pseudonym (the IETF encoding), given the
// disclosed issuer indices dIdx (strictly ascending, below L) and the
// number L of issuer messages. The issuer's messages are the first L of
// the credential's, so hidden issuer message i has the response
// m̂_(i − #{j ∈ dIdx : j < i}); the disclosed committed messages, the
// prover blind and the nym secrets all come after.
func nymResponses(pb []byte, dIdx []int, L int) (*responses, error) {
	if len(pb) < bbs.IETFProofBaseSize || (len(pb)-bbs.IETFProofBaseSize)%32 != 0 {
		return nil, fmt.Errorf("%w: not a proof with a pseudonym", bbs.ErrInvalidArgument)
	}
	hidden := (len(pb) - bbs.IETFProofBaseSize) / 32
	for k, j := range dIdx { // as ProofVerifyWithNym requires, before they locate m̂_i
		if j < 0 || j >= L || (k > 0 && j <= dIdx[k-1]) {
			return nil, fmt.Errorf("%w: disclosed indices not strictly ascending in [0, %d)", bbs.ErrInvalidArgument, L)
		}
	}
	// The issuer's hidden messages, the prover blind and a nym secret at
	// least are hidden.
	if L-len(dIdx)+2 > hidden {
		return nil, fmt.Errorf("%w: a proof hiding %d messages does not fit %d issuer messages, %d disclosed", bbs.ErrInvalidProof, hidden, L, len(dIdx))
	}
	return layoutResponses(pb, dIdx, L, "issuer messages")
}
