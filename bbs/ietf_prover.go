// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Prover-side helpers of the IETF schemes: the computations of Sign and
// DeriveProof that involve secrets, with secret scalars split into random
// shares (secret_shares.go).

// secretCommitment is commitment, B = P1 + Q_1·domain + Σ H_i·m_i, for
// secret messages.
func (s *ietfScheme) secretCommitment(gens *ietfGenerators, domain *fr.Element, m []fr.Element) (bls12381.G1Affine, error) {
	fixed, scalars := s.commitmentTerms(gens, domain, m)
	return secretMSMWithTables(fixed, scalars, nil, nil)
}

// proverCheckSignature checks the holder's signature as Verify does,
// e(A, W)·e(e·A − B, P2) = 1, with A and e treated as secrets. It returns
// ErrInvalidSignature if the signature does not verify.
func (s *ietfScheme) proverCheckSignature(pk *PublicKey, sig *Signature, gens *ietfGenerators, header []byte, m []fr.Element) error {
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return err
	}
	b, err := s.secretCommitment(gens, &domain, m)
	if err != nil {
		return err
	}
	ea, err := secretMSM([]bls12381.G1Affine{sig.a}, []fr.Element{sig.e})
	if err != nil {
		return err
	}
	var eaMinusB bls12381.G1Affine
	eaMinusB.Sub(&ea, &b)
	ok, err := pairingProductIsOne(&sig.a, pk, &eaMinusB)
	if err != nil {
		return fmt.Errorf("check signature: %w", err)
	}
	if !ok {
		return ErrInvalidSignature
	}
	return nil
}
