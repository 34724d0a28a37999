// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/rand"
	"fmt"
	"io"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// The bbs-2023 anonymous_holder_binding feature: the holder commits to a
// secret (holderSecret) with Blind BBS's Commit, the issuer blind-signs
// the credential's statements and the commitment (BlindSign), and every
// derived credential proves, without showing it, knowledge of the secret
// the credential was issued to (Blind BBS ProofGen with the secret and the
// prover blind hidden). A copier of a credential without the secret cannot
// derive from it. The cryptography is package bbs's BlindBBS
// (draft-irtf-cfrg-bbs-blind-signatures-02, BLS12-381-SHA-256); the
// proofValue layouts and headers (0xd95d04, 0xd95d05) are the
// specification's.

// HolderSecretSize is the size of a holder secret NewHolderSecret makes.
const HolderSecretSize = 32

func blindScheme() *bbs.BlindBBS { return bbs.BlindBLS12381SHA256() }

// NewHolderSecret returns HolderSecretSize random bytes from rand (nil:
// crypto/rand), a holder secret.
func NewHolderSecret(r io.Reader) ([]byte, error) {
	if r == nil {
		r = rand.Reader
	}
	s := make([]byte, HolderSecretSize)
	if _, err := io.ReadFull(r, s); err != nil {
		return nil, fmt.Errorf("vc: holder secret: %w", err)
	}
	return s, nil
}

// HolderBindingCommitment is the holder's first step: Blind BBS's
// commitment with proof to holderSecret (to send to the issuer) and the
// secret_prover_blind (32 bytes, to keep with the secret).
func HolderBindingCommitment(r io.Reader, holderSecret []byte) (commitment, proverBlind []byte, err error) {
	if len(holderSecret) == 0 {
		return nil, nil, fmt.Errorf("vc: empty holder secret")
	}
	com, blind, err := blindScheme().Commit(r, [][]byte{holderSecret})
	if err != nil {
		return nil, nil, fmt.Errorf("vc: holder binding commitment: %w", err)
	}
	return com, blind, nil
}

// IssueWithHolderBinding is Issue for the anonymous_holder_binding
// feature: the base proof (header 0xd95d04) carries a Blind BBS signature
// over the credential's statements and the holder's commitment (from
// HolderBindingCommitment, to exactly one committed message), whose proof
// it checks.
func (l *Loader) IssueWithHolderBinding(doc map[string]any, opts IssueOptions, commitment []byte, lim Limits) (map[string]any, error) {
	if opts.SecretKey == nil || opts.SecretKey.Scheme().Name() != bbs.BLS12381SHA256Name {
		return nil, fmt.Errorf("%w: the issuer key must be of scheme %s", ErrKey, bbs.BLS12381SHA256Name)
	}
	// commitment_with_proof to one message: C ‖ s^ ‖ m^_1 ‖ c.
	if want := 48 + 3*32; len(commitment) != want {
		return nil, fmt.Errorf("vc: holder binding commitment is %d bytes, want %d (a commitment to one holder secret)", len(commitment), want)
	}
	b, err := l.baseStatements(doc, opts, lim)
	if err != nil {
		return nil, err
	}
	sig, err := blindScheme().BlindSign(opts.SecretKey, commitment, b.header, b.messages)
	if err != nil {
		return nil, fmt.Errorf("vc: blind sign: %w", err)
	}
	pv, err := encodeHolderBindingBase(&BaseProofValue{Signature: sig.Bytes(), Header: b.header, PublicKey: b.publicKey, HMACKey: b.hmacKey, MandatoryPointers: b.pointers})
	if err != nil {
		return nil, err
	}
	return b.secured(doc, pv), nil
}

// HolderBindingDeriveOptions are the holder's inputs to a derived proof
// of the anonymous_holder_binding feature.
type HolderBindingDeriveOptions struct {
	DeriveOptions
	// HolderSecret and ProverBlind are the holder's values of
	// HolderBindingCommitment.
	HolderSecret, ProverBlind []byte
}

// holderBindingBase parses signed's holder-binding base proof, its key and
// signature.
func holderBindingBase(signed map[string]any) (map[string]any, map[string]any, *BaseProofValue, *bbs.PublicKey, *bbs.Signature, error) {
	proof, doc, err := splitSigned(signed)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	pv, _ := proof["proofValue"].(string)
	base, err := ParseHolderBindingBaseProofValue(pv)
	if err != nil {
		return nil, nil, nil, nil, nil, err
	}
	s := ietfScheme()
	pk, err := s.ParsePublicKey(base.PublicKey)
	if err != nil {
		return nil, nil, nil, nil, nil, fmt.Errorf("%w: base proof public key: %v", ErrKey, err)
	}
	sig, err := s.ParseSignature(base.Signature)
	if err != nil {
		return nil, nil, nil, nil, nil, fmt.Errorf("%w: bbsSignature: %v", ErrProofValue, err)
	}
	return proof, doc, base, pk, sig, nil
}

// CheckHolderBinding is the holder's check of a credential issued to it
// (VerifyBlindSign): the issuer's signature is over the credential's
// statements, holderSecret and proverBlind. It returns nil or an error
// (bbs.ErrInvalidSignature wrapped when the signature is not over them).
func (l *Loader) CheckHolderBinding(signed map[string]any, holderSecret, proverBlind []byte, lim Limits) error {
	_, doc, base, pk, sig, err := holderBindingBase(signed)
	if err != nil {
		return err
	}
	g, err := l.canonicalizeAndGroup(doc, base.HMACKey, map[string][]string{"mandatory": base.MandatoryPointers}, lim)
	if err != nil {
		return err
	}
	msgs := toMessages(g.groups["mandatory"].nonMatchingLines(g.lines))
	if err := blindScheme().VerifyBlindSign(pk, sig, base.Header, msgs, [][]byte{holderSecret}, proverBlind); err != nil {
		return fmt.Errorf("vc: holder binding: %w", err)
	}
	return nil
}

// DeriveWithHolderBinding is Derive for the anonymous_holder_binding
// feature: the reveal document with a derived proof (header 0xd95d05)
// that hides the holder secret and the prover blind and proves the
// credential was issued to them. The signature is checked first against
// the secret (bbs.ErrInvalidSignature wrapped for another holder's).
func (l *Loader) DeriveWithHolderBinding(signed map[string]any, opts HolderBindingDeriveOptions, lim Limits) (map[string]any, error) {
	proof, doc, base, pk, sig, err := holderBindingBase(signed)
	if err != nil {
		return nil, err
	}
	if len(opts.HolderSecret) == 0 || len(opts.ProverBlind) != bbs.ProverBlindSize {
		return nil, fmt.Errorf("vc: holder binding: a holder secret and a %d-byte prover blind are required", bbs.ProverBlindSize)
	}
	d, err := l.deriveStatements(doc, base.HMACKey, base.MandatoryPointers, opts.SelectivePointers, lim)
	if err != nil {
		return nil, err
	}
	ph := opts.PresentationHeader
	if ph == nil {
		ph = []byte{}
	}
	bp, err := blindScheme().ProofGen(opts.Rand, pk, sig, base.Header, ph, d.messages, [][]byte{opts.HolderSecret},
		d.selectiveIndexes, nil, opts.ProverBlind)
	if err != nil {
		return nil, fmt.Errorf("vc: derive: %w", err)
	}
	dpv, err := (&HolderBindingDerivedProofValue{
		DerivedProofValue: DerivedProofValue{Proof: bp.Bytes(), LabelMap: d.labelMap, MandatoryIndexes: d.mandatoryIndexes,
			SelectiveIndexes: d.selectiveIndexes, PresentationHeader: ph},
		LengthBBSMessages: len(d.messages),
	}).Encode()
	if err != nil {
		return nil, err
	}
	return d.withProof(proof, dpv), nil
}

// verifyHolderBinding is Verify for a derived proof of the
// anonymous_holder_binding feature: the specification's verifier with
// Blind BBS's ProofVerify for L = lengthBBSMessages and no disclosed
// committed message.
func (v *Verifier) verifyHolderBinding(proof, unsecured map[string]any, pv string) (*Verified, error) {
	dp, err := ParseHolderBindingDerivedProofValue(pv)
	if err != nil {
		return nil, err
	}
	vm, pkBytes, err := v.resolveKey(proof)
	if err != nil {
		return nil, err
	}
	s := ietfScheme()
	pk, err := s.ParsePublicKey(pkBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	bp, err := s.ParseProof(dp.Proof)
	if err != nil {
		return nil, fmt.Errorf("%w: bbsProof: %v", ErrProofValue, err)
	}
	out, header, disclosed, err := v.statements(proof, unsecured, &dp.DerivedProofValue)
	if err != nil {
		return nil, err
	}
	out.VerificationMethod, out.PublicKey, out.Feature = vm, pkBytes, FeatureHolderBinding
	if err := blindScheme().ProofVerify(pk, bp, header, dp.PresentationHeader, dp.LengthBBSMessages, disclosed, nil); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalidProof, err)
	}
	return out, nil
}
