// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// init gives this module's other packages (revocation, cmd/bbs) committed
// disclosure and the group arithmetic they build on, through package
// internal/bbsrev, without exporting them: they take gnark-crypto types and
// are protocol internals a user of this package does not need.
func init() {
	bbsrev.CommitmentGenerators = func(s any) ([]byte, []byte, error) { return commitmentGenerators(anyScheme(s)) }
	bbsrev.CommitmentCombination = func(s any, s0, s1 fr.Element, p bls12381.G1Affine, z fr.Element) (bls12381.G1Affine, error) {
		return commitmentCombination(anyScheme(s), s0, s1, p, z)
	}
	bbsrev.MessageScalar = func(s any, message []byte) ([]byte, error) { return messageScalar(anyScheme(s), message) }
	bbsrev.DeriveCommittedProof = func(rnd io.Reader, s, pk, sig any, header, nonce []byte, messages [][]byte, revealed, committed []int) (bbsrev.CommittedProof, []bbsrev.CommitmentOpening, error) {
		k, _ := pk.(*PublicKey)
		g, _ := sig.(*Signature)
		p, o, err := deriveCommittedProof(rnd, anyScheme(s), k, g, header, nonce, messages, revealed, committed)
		if err != nil {
			return nil, nil, err
		}
		return p, o, nil
	}
	bbsrev.ParseCommittedProof = func(s any, b []byte) (bbsrev.CommittedProof, error) {
		p, err := parseCommittedProof(anyScheme(s), b)
		if err != nil {
			return nil, err
		}
		return p, nil
	}
	bbsrev.VerifyCommittedProof = func(pk any, p bbsrev.CommittedProof, header, nonce []byte, disclosed any) error {
		k, q, d, err := committedArgs(pk, p, disclosed)
		if err != nil {
			return err
		}
		return verifyCommittedProof(k, q, header, nonce, d)
	}
	bbsrev.VerifyCommittedProofWithDH = func(pk any, p bbsrev.CommittedProof, header, nonce []byte, disclosed, key any, a, b *bls12381.G1Affine) error {
		k, q, d, err := committedArgs(pk, p, disclosed)
		if err != nil {
			return err
		}
		dh, _ := key.(*PublicKey)
		return verifyCommittedProofWithDH(k, q, header, nonce, d, dh, a, b)
	}
	bbsrev.VerifyCommittedProofWithPairing = func(pk any, p bbsrev.CommittedProof, header, nonce []byte, disclosed any, rel *bbsrev.PairingRelation) error {
		k, q, d, err := committedArgs(pk, p, disclosed)
		if err != nil {
			return err
		}
		return verifyCommittedProofWithPairing(k, q, header, nonce, d, rel)
	}
	bbsrev.PublicLinearCombination = publicLinearCombination
	bbsrev.SecretLinearCombination = secretLinearCombination
	bbsrev.SecretScalarMul = secretScalarMul
	bbsrev.SecretScalarMulAdd = secretScalarMulAdd
}

// anyScheme returns s as a Scheme, or nil (refused as ErrInvalidArgument by
// every caller).
func anyScheme(s any) Scheme {
	sc, _ := s.(Scheme)
	return sc
}

// committedArgs converts the hooks' arguments; a proof this package did not
// make is an ErrInvalidArgument (a nil one too, as verifyCommittedChallenge
// refuses it).
func committedArgs(pk any, p bbsrev.CommittedProof, disclosed any) (*PublicKey, *committedProof, []DisclosedMessage, error) {
	k, _ := pk.(*PublicKey)
	d, ok := disclosed.([]DisclosedMessage)
	if !ok && disclosed != nil {
		return nil, nil, nil, fmt.Errorf("%w: disclosed messages of type %T", ErrInvalidArgument, disclosed)
	}
	if p == nil {
		return k, nil, d, nil
	}
	q, ok := p.(*committedProof)
	if !ok {
		return nil, nil, nil, fmt.Errorf("%w: committed proof of type %T", ErrInvalidArgument, p)
	}
	return k, q, d, nil
}
