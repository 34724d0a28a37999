// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// verifyNonRevokedPredicates verifies a presentation with non-revocation
// that carries the request's predicates (predicate.VerifyNonRevoked): the
// predicate proof against the presentation's BBS proof, then the
// presentation under the presentation header derived from the request's
// nonce and the predicate proof, against the issuer's handle index and
// the value of the version it names. The predicates' errors are mapped to
// bbs.ErrMalformedProof and bbs.ErrInvalidProof as verifyPredicates maps
// them (a statement it cannot be about, bbs.ErrInvalidArgument, makes the
// request unacceptable, as there); revocation's are left to
// verifyNonRevoked.
func (v *Check) verifyNonRevokedPredicates(acc *revocation.PublicKey, disclosed []bbs.DisclosedMessage) error {
	n := v.nonRev
	err := predicate.VerifyNonRevoked(v.pk, n.pres, n.acc.HandleIndex, v.Req.Header, v.Req.Nonce, disclosed, v.mm, acc, n.value, v.preds, v.Req.PredicateProof)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, predicate.ErrMalformedProof):
		return fmt.Errorf("%w: predicate proof: %v", bbs.ErrMalformedProof, err)
	case errors.Is(err, predicate.ErrInvalidProof):
		return fmt.Errorf("%w: predicate proof: %v", bbs.ErrInvalidProof, err)
	}
	return err
}
