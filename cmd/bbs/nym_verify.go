// SPDX-License-Identifier: Apache-2.0

package main

import (
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// verifyProof verifies proof for req: with its pseudonym and context for a
// pseudonym scheme (the issuer's messages are the proof's messages but the
// prover blind and the nym secret, see nymSignerMessages), else with
// VerifyProof. A pseudonym where the scheme has none, or none where it
// needs one, makes the request invalid (*errInvalid). mm maps the issuer's
// integer positions (nil: none); with predicates (preds non-nil) the proof
// is verified with them (predicate.VerifyWithPseudonym, or
// checkPredicateProof without a pseudonym).
func verifyProof(s bbs.Scheme, pk *bbs.PublicKey, proof *bbs.Proof, req *request.Decoded, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []predicate.Predicate) error {
	ps, nym := s.(bbs.PseudonymScheme)
	switch {
	case !nym && len(req.Pseudonym) > 0:
		return &errInvalid{fmt.Sprintf("the request has a pseudonym, but %s has none", s.Name())}
	case !nym && preds != nil:
		return checkPredicateProof(s, pk, proof, req, disclosed, mm, preds)
	case !nym && mm != nil:
		return bbs.VerifyProofMapped(s, pk, proof, req.Header, req.Nonce, disclosed, mm)
	case !nym:
		return s.VerifyProof(pk, proof, req.Header, req.Nonce, disclosed)
	case len(req.Pseudonym) == 0:
		return &errInvalid{fmt.Sprintf("a %s proof needs the request's pseudonym and context", s.Name())}
	}
	p, err := ps.ParsePseudonym(req.Pseudonym)
	if err != nil {
		return &errInvalid{fmt.Sprintf("pseudonym: %v", err)}
	}
	l, err := nymSignerMessages(req.Proof, len(disclosed))
	if err != nil {
		return &errInvalid{err.Error()}
	}
	if preds != nil {
		err := predicate.VerifyWithPseudonym(ps, pk, proof, p, req.Header, req.Nonce, req.Context, l, cliNymCount, disclosed, nil, mm, preds, req.PredicateProof)
		if errors.Is(err, predicate.ErrMalformedProof) || errors.Is(err, predicate.ErrInvalidProof) || errors.Is(err, bbs.ErrInvalidArgument) {
			return &errInvalid{err.Error()}
		}
		return err
	}
	return bbs.VerifyProofWithPseudonymMapped(ps, pk, proof, p, req.Header, req.Nonce, req.Context, l, cliNymCount, disclosed, nil, mm)
}
