// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// init gives package revocation, through internal/bbsrev, committed
// disclosure over integer messages with caller-chosen random scalars (a
// presentation with non-revocation and predicates), without exporting it.
func init() {
	bbsrev.DeriveCommittedProofMapped = func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed, committed []int, mm any, fixedAt []int, fixed []fr.Element) (bbsrev.CommittedProof, []bbsrev.CommitmentOpening, error) {
		k, _ := pk.(*PublicKey)
		g, _ := sig.(*Signature)
		m, err := anyMessageMap(mm)
		if err != nil {
			return nil, nil, err
		}
		p, o, err := deriveCommittedProofMapped(rnd, anyScheme(s), k, g, header, nonce, messages, revealed, committed, m, fixedAt, fixed)
		if err != nil {
			return nil, nil, err
		}
		return p, o, nil
	}
	bbsrev.VerifyCommittedProofWithDHMapped = func(pk any, p bbsrev.CommittedProof, header, nonce []byte, disclosed, mm, key any, a, b *bls12381.G1Affine) error {
		k, q, d, err := committedArgs(pk, p, disclosed)
		if err != nil {
			return err
		}
		m, err := anyMessageMap(mm)
		if err != nil {
			return err
		}
		dh, _ := key.(*PublicKey)
		return verifyCommittedProofWithDHMapped(k, q, header, nonce, d, m, dh, a, b)
	}
	bbsrev.VerifyCommittedProofWithPairingMapped = func(pk any, p bbsrev.CommittedProof, header, nonce []byte, disclosed, mm any, rel *bbsrev.PairingRelation) error {
		k, q, d, err := committedArgs(pk, p, disclosed)
		if err != nil {
			return err
		}
		m, err := anyMessageMap(mm)
		if err != nil {
			return err
		}
		return verifyCommittedProofWithPairingMapped(k, q, header, nonce, d, m, rel)
	}
}

// anyMessageMap returns mm as a *MessageMap: nil (untyped or typed) is
// the map of every message by hash, a value of another type an
// ErrInvalidArgument.
func anyMessageMap(mm any) (*MessageMap, error) {
	if mm == nil {
		return nil, nil
	}
	m, ok := mm.(*MessageMap)
	if !ok {
		return nil, fmt.Errorf("%w: message map of type %T", ErrInvalidArgument, mm)
	}
	return m, nil
}
