// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/revpred"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// Predicates on a presentation with non-revocation (package revocation):
// the presentation's committed-disclosure BBS proof is made with the
// presentation header ph' that PresentationHeader derives from ph and the
// predicates' commitments (in the place of the presentation's nonce), and
// with the random scalar m̃_i of each predicate's hidden message shared with
// the predicate proof, so that its challenge c is the predicates'
// challenge. The membership proof's context is the presentation's, over
// the BBS proof's bytes and ph': it binds the predicate proof through ph'.
// The presentation's encoding is unchanged; the predicate proof travels
// beside it, as beside an IETF proof. See docs/predicates.md, "With
// non-revocation".

// nonRevokedTag separates the hedge of a presentation with non-revocation
// from an IETF proof's with the same secrets: a repeating random reader
// must not give the two one m̃_i under two challenges.
const nonRevokedTag = "fabric-bbs/predicate/non-revocation/v1"

// ProveNonRevoked makes a presentation with non-revocation (as
// revocation.Present(rnd, c, acc, value, ph', revealed)) whose BBS proof
// also carries the predicates, and the predicate proof. c's messages are
// mapped to scalars by mm (the handle is not an integer position); each
// predicate's message must be hidden, a range's value in its range (else
// bbs.ErrInvalidArgument).
func ProveNonRevoked(rnd io.Reader, c *revocation.Credential, acc *revocation.PublicKey, value, ph []byte, revealed []int, mm *bbs.MessageMap, preds []Predicate) (*revocation.Presentation, []byte, error) {
	if c == nil || c.Signature == nil || c.PublicKey == nil || c.Scheme == nil {
		return nil, nil, fmt.Errorf("%w: nil credential, key, signature or scheme", bbs.ErrInvalidArgument)
	}
	secret := [][]byte{[]byte(nonRevokedTag), c.Signature.Bytes(), c.PublicKey.Bytes(), c.Header, c.Witness,
		binary.BigEndian.AppendUint64(binary.BigEndian.AppendUint64(nil, uint64(c.HandleIndex)), c.Version), value}
	pr, err := preparePredicates(rnd, c.Scheme, secret, ph, c.Messages, revealed, mm, preds)
	if err != nil {
		return nil, nil, err
	}
	anyPres, err := revpred.Present(rnd, c, acc, value, pr.phPrime, revealed, mm, pr.pos, pr.mTilde)
	if err != nil {
		return nil, nil, err
	}
	pres := anyPres.(*revocation.Presentation)
	_, cp, err := revpred.Proof(pres)
	if err != nil {
		return nil, nil, err
	}
	r, err := committedResponses(cp.Bytes(), cp.DisclosedIndexes())
	if err != nil {
		return nil, nil, err
	}
	out, _ := pr.finish(&r.c)
	return pres, out, nil
}

// VerifyNonRevoked checks a presentation with non-revocation and
// predicates: the predicate proof against preds and the presentation's BBS
// proof, then the presentation as revocation.VerifyPresentationAt does
// (with the disclosed messages mapped by mm) under the presentation header
// derived from ph and the predicate proof. It returns nil, or an error
// wrapping ErrMalformedProof or ErrInvalidProof (the predicates),
// bbs.ErrInvalidArgument (the statement), or one of package revocation's
// (the presentation). Sizes are checked before any group operation.
func VerifyNonRevoked(pk *bbs.PublicKey, p *revocation.Presentation, handleIndex int, header, ph []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, acc *revocation.PublicKey, value []byte, preds []Predicate, predProof []byte) error {
	anyScheme, cp, err := revpred.Proof(p)
	if err != nil {
		return err
	}
	s, _ := anyScheme.(bbs.Scheme)
	if p.HandleIndex != handleIndex {
		return fmt.Errorf("%w: the presentation proves message %d, the issuer's handle is message %d", revocation.ErrHandleIndex, p.HandleIndex, handleIndex)
	}
	dIdx := make([]int, len(disclosed))
	for k := range disclosed {
		dIdx[k] = disclosed[k].Index
	}
	if err := checkPredicateProof(preds, mm, dIdx, predProof); err != nil {
		return err
	}
	if !slices.Equal(dIdx, cp.DisclosedIndexes()) {
		// As the BBS proof's verification would refuse them; checked
		// here because they locate the m̂_i the predicates take.
		return fmt.Errorf("%w: the disclosed indices are not the presentation's", revocation.ErrInvalid)
	}
	r, err := committedResponses(cp.Bytes(), dIdx)
	if err != nil {
		return err
	}
	phPrime, err := verifyOver(s, r, ph, preds, predProof)
	if err != nil {
		return err
	}
	return revpred.VerifyAt(pk, p, handleIndex, header, phPrime, disclosed, mm, acc, value)
}

// committedResponses locates c and the m̂_i in a committed-disclosure
// proof's bytes pb (proof_to_octets of Blind BBS -03: I2OSP(len(bbs_proof),
// 8) ‖ bbs_proof ‖ …, bbs_proof an IETF proof), given the disclosed
// indices; the weak-BB batch weights hash all of pb.
func committedResponses(pb []byte, dIdx []int) (*responses, error) {
	if len(pb) < 8 {
		return nil, fmt.Errorf("%w: not a committed proof", bbs.ErrInvalidArgument)
	}
	bl := binary.BigEndian.Uint64(pb)
	if bl > uint64(len(pb)-8) {
		return nil, fmt.Errorf("%w: not a committed proof", bbs.ErrInvalidArgument)
	}
	r, err := ietfResponses(pb[8:8+bl], dIdx)
	if err != nil {
		return nil, err
	}
	r.bytes = pb
	return r, nil
}
