// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"fmt"
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
	"github.com/fabric-bbs/fabric-bbs/internal/revpred"
)

// init gives package bbs/predicate, through internal/revpred, the
// presentation over integer messages with shared random scalars that a
// presentation with non-revocation and predicates is made of, without
// exporting it (it takes gnark-crypto scalars).
func init() {
	revpred.Present = func(rnd io.Reader, c, acc any, value, nonce []byte, revealed []int, mm any, fixedAt []int, fixed []fr.Element) (any, error) {
		cr, _ := c.(*Credential)
		k, ok := acc.(*PublicKey)
		if !ok || k == nil {
			return nil, fmt.Errorf("%w: accumulator key of type %T", ErrMalformed, acc)
		}
		m, err := hookMessageMap(mm)
		if err != nil {
			return nil, err
		}
		p, err := presentMapped(rnd, cr, k, value, nonce, revealed, m, fixedAt, fixed)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	revpred.Proof = func(p any) (any, bbsrev.CommittedProof, error) {
		pr, _ := p.(*Presentation)
		if pr == nil || pr.proof == nil {
			return nil, nil, fmt.Errorf("%w: nil presentation", ErrMalformed)
		}
		return pr.scheme, pr.proof, nil
	}
	revpred.VerifyAt = func(pk, p any, handleIndex int, header, nonce []byte, disclosed, mm, acc any, value []byte) error {
		k, _ := pk.(*bbs.PublicKey)
		pr, _ := p.(*Presentation)
		a, _ := acc.(*PublicKey)
		d, ok := disclosed.([]bbs.DisclosedMessage)
		if !ok && disclosed != nil {
			return fmt.Errorf("%w: disclosed messages of type %T", ErrMalformed, disclosed)
		}
		m, err := hookMessageMap(mm)
		if err != nil {
			return err
		}
		if k == nil {
			return fmt.Errorf("%w: nil issuer key", ErrMalformed)
		}
		return verifyPresentationAtMapped(k, pr, handleIndex, header, nonce, d, m, a, value)
	}
}

// hookMessageMap returns mm as a *bbs.MessageMap (nil: by hash).
func hookMessageMap(mm any) (*bbs.MessageMap, error) {
	if mm == nil {
		return nil, nil
	}
	m, ok := mm.(*bbs.MessageMap)
	if !ok {
		return nil, fmt.Errorf("%w: message map of type %T", ErrMalformed, mm)
	}
	return m, nil
}
