// SPDX-License-Identifier: Apache-2.0

package main

import (
	"fmt"
	"io"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
)

// readProveCredential reads the credential of "bbs prove": a plain
// credential, checked with its signature, or with --context a finalised
// pseudonym credential (nc non-nil).
func readProveCredential(o *proveOptions) (c *credential, nc *nymCredential, err error) {
	name := displayName(o.credential)
	if o.contextSet {
		if o.context == "" {
			return nil, nil, usagef("--context: empty; a pseudonym's context is at least one byte")
		}
		if nc, err = readNymCredentialFile(o.credential); err != nil {
			return nil, nil, err
		}
		if nc.secret == nil {
			return nil, nil, fmt.Errorf("%s: nymSecret: missing; finalise the credential first (bbs nym-finalize)", name)
		}
		return nc.credential, nc, nil
	}
	c, err = readCredentialFile(o.credential)
	if err != nil {
		if o.credential != "-" {
			if _, nerr := readNymCredentialFile(o.credential); nerr == nil {
				return nil, nil, usagef("%s is a pseudonym credential: give --context (the pseudonym's scope)", name)
			}
		}
		return nil, nil, err
	}
	if err := c.verify(name); err != nil {
		return nil, nil, err
	}
	return c, nil, nil
}

// nymDeriveProof derives a proof with the pseudonym of context and checks
// it before it is written: a credential whose signature or nym secret is
// wrong yields a proof that does not verify, reported here.
func nymDeriveProof(rnd io.Reader, nc *nymCredential, name string, nonce, context []byte, revealed []int) (proof, pseudonym []byte, err error) {
	p, nym, err := bbs.DeriveProofWithPseudonymMapped(rnd, nc.ps, nc.pk, nc.sig, nc.header, nonce, context, nc.messages, nil, revealed, nil, nc.secret, nc.mm)
	if err != nil {
		return nil, nil, err
	}
	disclosed := make([]bbs.DisclosedMessage, len(revealed))
	for i, idx := range revealed {
		disclosed[i] = bbs.DisclosedMessage{Index: idx, Message: nc.messages[idx]}
	}
	if err := bbs.VerifyProofWithPseudonymMapped(nc.ps, nc.pk, p, nym, nc.header, nonce, context, len(nc.messages), cliNymCount, disclosed, nil, nc.mm); err != nil {
		return nil, nil, fmt.Errorf("%s: the credential does not verify with its nym secret (was it edited?): %w", name, err)
	}
	return p.Bytes(), nym.Bytes(), nil
}

// nymProveWithPredicates makes a presentation with the pseudonym of
// context that carries the predicates (predicate.ProveWithPseudonym) and
// checks it before it is written, as nymDeriveProof does.
func nymProveWithPredicates(rnd io.Reader, nc *nymCredential, name string, nonce, context []byte, revealed []int, pp *provePredicates) (proof, pseudonym, predProof []byte, err error) {
	p, nym, predProof, err := predicate.ProveWithPseudonym(rnd, nc.ps, nc.pk, nc.sig, nc.secret, nc.header, nonce, context, nc.messages, nil, revealed, nil, nc.mm, pp.preds)
	if err != nil {
		return nil, nil, nil, err
	}
	disclosed := make([]bbs.DisclosedMessage, len(revealed))
	for i, idx := range revealed {
		disclosed[i] = bbs.DisclosedMessage{Index: idx, Message: nc.messages[idx]}
	}
	if err := predicate.VerifyWithPseudonym(nc.ps, nc.pk, p, nym, nc.header, nonce, context, len(nc.messages), cliNymCount, disclosed, nil, nc.mm, pp.preds, predProof); err != nil {
		return nil, nil, nil, fmt.Errorf("%s: the presentation does not verify (was the credential edited?): %w", name, err)
	}
	return p.Bytes(), nym.Bytes(), predProof, nil
}
