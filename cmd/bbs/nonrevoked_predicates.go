// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"io"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
)

// presentNonRevokedWithPredicates makes prove's presentation with
// non-revocation that carries the predicates (predicate.ProveNonRevoked),
// and checks it before it is written.
func presentNonRevokedWithPredicates(rnd io.Reader, o *proveOptions, c *credential, nonce []byte, revealed []int, pp *provePredicates) (proof, predProof []byte, err error) {
	rc, err := readRevocableCredential(o.credential, o.nonRevoked)
	if err != nil {
		return nil, nil, err
	}
	if !nonRevokedScheme(rc.cred.Scheme) {
		return nil, nil, usagef("--non-revoked: scheme %s has no presentation with non-revocation (only %s and %s)",
			rc.cred.Scheme.Name(), bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name)
	}
	h := rc.cred.HandleIndex
	if slices.Contains(revealed, h) {
		return nil, nil, usagef("--reveal: message %d is the revocation handle, which stays hidden with --non-revoked", h)
	}
	if c.mm.IsInteger(h) {
		return nil, nil, usagef("--non-revoked: message %d, the revocation handle, is an integer position of %s", h, displayName(o.credential))
	}
	for _, i := range revealed {
		if c.mm.IsInteger(i) {
			return nil, nil, usagef("--reveal: message %d is an integer position, which a presentation with non-revocation does not disclose (the chaincode refuses it)", i)
		}
	}
	for _, q := range pp.preds {
		if q.Index == h {
			return nil, nil, usagef("--range, --in-set: message %d is the revocation handle", h)
		}
	}
	p, predProof, err := predicate.ProveNonRevoked(rnd, rc.cred, rc.acc, rc.value, nonce, revealed, c.mm, pp.preds)
	if err != nil {
		return nil, nil, fmt.Errorf("present %s: %w", displayName(o.credential), err)
	}
	sorted := slices.Sorted(slices.Values(revealed))
	disclosed := make([]bbs.DisclosedMessage, len(sorted))
	for i, idx := range sorted {
		disclosed[i] = bbs.DisclosedMessage{Index: idx, Message: c.messages[idx]}
	}
	if err := predicate.VerifyNonRevoked(c.pk, p, h, c.header, nonce, disclosed, c.mm, rc.acc, rc.value, pp.preds, predProof); err != nil {
		return nil, nil, fmt.Errorf("the presentation does not verify: %w", err)
	}
	return p.Bytes(), predProof, nil
}
