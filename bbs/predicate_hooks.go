// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// init gives package bbs/predicate, through internal/bbspred, a proof with
// caller-chosen m̃ scalars and the suite's hashing, without exporting them.
func init() {
	bbspred.DeriveProof = func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed []int, mm any, fixedAt []int, fixed []fr.Element) (any, error) {
		is, err := ietfOf(anyScheme(s))
		if err != nil {
			return nil, err
		}
		k, _ := pk.(*PublicKey)
		g, _ := sig.(*Signature)
		m, _ := mm.(*MessageMap)
		if len(fixedAt) == 0 {
			return nil, fmt.Errorf("%w: no fixed positions", ErrInvalidArgument)
		}
		return is.deriveProof(rnd, k, g, header, nonce, messages, revealed, m, fixedAt, fixed)
	}
	bbspred.MessageScalar = func(s any, message []byte, integer bool) (fr.Element, error) {
		is, err := predicateSuite(anyScheme(s))
		if err != nil {
			return fr.Element{}, err
		}
		if integer {
			return integerScalar(message)
		}
		return is.hashToScalar(message, is.mapDST)
	}
	bbspred.HashToScalar = func(s any, msg, dst []byte) (fr.Element, error) {
		is, err := predicateSuite(anyScheme(s))
		if err != nil {
			return fr.Element{}, err
		}
		return is.hashToScalar(msg, dst)
	}
	bbspred.RandomScalars = func(rnd io.Reader, tag string, count int, inputs [][]byte) ([]fr.Element, error) {
		var in hedgeInput
		in.list(inputs)
		return hedgedProofScalars(rnd, tag, count, &in)
	}
}
