// SPDX-License-Identifier: Apache-2.0

package bbspred

import (
	"io"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// DeriveNymProof is bbs.DeriveProofWithPseudonymMapped(rnd, s, pk, sig,
// header, nonce, context, messages, committed, revealed,
// revealedCommitted, secret, mm) with the random scalar m̃ of hidden issuer
// message fixedAt[k] set to fixed[k]. s is a pseudonym scheme, secret a
// *bbs.NymSecret; it returns a *bbs.Proof and a *bbs.Pseudonym.
var DeriveNymProof func(rnd io.Reader, s, pk, sig any, header, nonce, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, secret, mm any, fixedAt []int, fixed []fr.Element) (proof, pseudonym any, err error)
