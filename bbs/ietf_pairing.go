// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
)

// proofPairing is the last step of ProofVerify: e(Ā, W)·e(B̄, −P2) = 1,
// checked as e(Ā, W)·e(−B̄, P2).
func proofPairing(pk *PublicKey, p *ietfProof) error {
	var negBbar bls12381.G1Affine
	negBbar.Neg(&p.bbar)
	ok, err := pairingProductIsOne(&p.abar, pk, &negBbar)
	if err != nil {
		return fmt.Errorf("verify proof: %w", err)
	}
	if !ok {
		return fmt.Errorf("%w: pairing check failed", ErrInvalidProof)
	}
	return nil
}
