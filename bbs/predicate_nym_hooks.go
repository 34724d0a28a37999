// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// init gives package bbs/predicate, through internal/bbspred, a proof with
// a pseudonym whose m̃ scalars for chosen hidden issuer messages it sets.
func init() {
	bbspred.DeriveNymProof = func(rnd io.Reader, s, pk, sig any, header, nonce, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, secret, mm any, fixedAt []int, fixed []fr.Element) (any, any, error) {
		ns, err := nymOf(anyScheme(s))
		if err != nil {
			return nil, nil, err
		}
		k, _ := pk.(*PublicKey)
		g, _ := sig.(*Signature)
		sec, _ := secret.(*NymSecret)
		m, _ := mm.(*MessageMap)
		if len(fixedAt) == 0 {
			return nil, nil, fmt.Errorf("%w: no fixed positions", ErrInvalidArgument)
		}
		p, nym, err := ns.deriveProofWithPseudonym(rnd, k, g, header, nonce, context, messages, committed, revealed, revealedCommitted, sec, m, fixedAt, fixed)
		if err != nil {
			return nil, nil, err
		}
		return p, nym, nil
	}
}

// predicateSuite returns the IETF core whose message map and
// hash_to_scalar the predicates of s use: s itself for an IETF scheme, the
// pseudonym api_id's core for a pseudonym scheme (its messages are mapped
// under that api_id).
func predicateSuite(s Scheme) (*ietfScheme, error) {
	if ns, ok := s.(*nymScheme); ok && (ns == nymSHA256 || ns == nymSHAKE256) {
		return ns.nym, nil
	}
	return ietfOf(s)
}
