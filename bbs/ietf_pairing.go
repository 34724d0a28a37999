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

// extraPairing is a caller's pairing product e(p2, P2)·Π_k e(g1[k], Q_k),
// Q_k the G2 point of lines[k], folded into a proof's final pairing
// check (see bbspred.VerifyProofPairing).
type extraPairing struct {
	p2    *bls12381.G1Affine
	g1    []bls12381.G1Affine
	lines []*g2Lines
}

// proofPairingWith is proofPairing with x folded in: e(Ā, W)·e(p2 − B̄,
// P2)·Π_k e(g1[k], Q_k) = 1, one multi-Miller loop and one final
// exponentiation.
func proofPairingWith(pk *PublicKey, abar, bbar *bls12381.G1Affine, x *extraPairing) error {
	wl, err := publicKeyLines(pk)
	if err != nil {
		return fmt.Errorf("verify proof: %w", err)
	}
	var q bls12381.G1Affine
	q.Neg(bbar)
	q.Add(&q, x.p2)
	pts := append([]bls12381.G1Affine{*abar, q}, x.g1...)
	// Copies of the lines: the Miller loop scales the arrays it is given.
	ls := make([]g2Lines, 0, len(pts))
	ls = append(ls, *wl, *generatorG2Lines())
	for _, l := range x.lines {
		ls = append(ls, *l)
	}
	ok, err := bls12381.PairingCheckFixedQ(pts, ls)
	if err != nil {
		return fmt.Errorf("verify proof: pairing check: %w", err)
	}
	if !ok {
		return fmt.Errorf("%w: pairing check failed", ErrInvalidProof)
	}
	return nil
}
