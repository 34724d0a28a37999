// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// verifyNonRevokedPredicates verifies a presentation with non-revocation
// that carries the request's predicates (predicate.VerifyNonRevoked): the
// predicate proof against the presentation's BBS proof, then the
// presentation under the presentation header derived from the request's
// nonce and the predicate proof, against the issuer's handle index and
// the value of the version it names. The predicates' errors are mapped by
// predicateError, as verifyPredicates' are; revocation's are left to
// verifyNonRevoked.
func (v *Check) verifyNonRevokedPredicates(acc *revocation.PublicKey, disclosed []bbs.DisclosedMessage) error {
	n := v.nonRev
	err := predicate.VerifyNonRevoked(v.pk, n.pres, n.acc.HandleIndex, v.Req.Header, v.Req.Nonce, disclosed, v.mm, acc, n.value, v.preds, v.Req.PredicateProof)
	return predicateError(err)
}
