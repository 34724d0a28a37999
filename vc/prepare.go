// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// Prepared is a derived credential taken through every step of Verify
// Derived Proof except the BBS ProofVerify itself: parsed, canonicalized,
// split into mandatory and disclosed statements, with the BBS statement to
// verify. A caller that verifies many credentials together (the contract's
// SubmitCredentials, through bbs.VerifyProofs) or that must refuse a
// credential on its content before any pairing prepares them first; Verify
// is Prepare followed by ProofVerify.
type Prepared struct {
	// Verified holds what the verifier will have established once the
	// proof verifies; it is not established before.
	Verified
	// Item is the BBS statement the proof must verify (bbs.BatchItem
	// form): the key, the parsed proof, the header (ProofHash ‖
	// MandatoryHash), the presentation header as nonce, the disclosed
	// statements as messages at their selective indexes.
	Item bbs.BatchItem
	// Scheme is the BBS scheme of bbs-2023 (BLS12-381-SHA-256).
	Scheme bbs.Scheme
}

// Prepare runs Verify Derived Proof on doc up to the BBS proof check. It
// returns an error for a malformed or unsafe document or proof, and
// ErrInvalidProof (wrapped) when the proof's indexes or label map do not
// fit the document; it never verifies the proof.
func (v *Verifier) Prepare(doc map[string]any) (*Prepared, error) {
	if v.Loader == nil {
		return nil, errors.New("vc: Verifier has no Loader")
	}
	proof, unsecured, err := splitProof(doc)
	if err != nil {
		return nil, err
	}
	pv, _ := proof["proofValue"].(string)
	if isPseudonymDerived(pv) {
		return nil, fmt.Errorf("%w: a derived proof of the pseudonym feature, which Prepare does not admit", ErrProofValue)
	}
	return v.prepareBaseline(proof, unsecured, pv)
}

// prepareBaseline is Prepare for a baseline derived proof value pv.
func (v *Verifier) prepareBaseline(proof, unsecured map[string]any, pv string) (*Prepared, error) {
	dp, err := ParseDerivedProofValue(pv)
	if err != nil {
		return nil, err
	}
	vm, pkBytes, err := v.resolveKey(proof)
	if err != nil {
		return nil, err
	}
	scheme := ietfScheme()
	pk, err := scheme.ParsePublicKey(pkBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrKey, err)
	}
	bp, err := scheme.ParseProof(dp.Proof)
	if err != nil {
		return nil, fmt.Errorf("%w: bbsProof: %v", ErrProofValue, err)
	}
	out, header, disclosed, err := v.statements(proof, unsecured, dp)
	if err != nil {
		return nil, err
	}
	out.VerificationMethod, out.PublicKey, out.Feature = vm, pkBytes, FeatureBaseline
	return &Prepared{Scheme: scheme, Verified: *out,
		Item: bbs.BatchItem{PublicKey: pk, Proof: bp, Header: header, Nonce: dp.PresentationHeader, Disclosed: disclosed}}, nil
}

// ProofVerify runs the BBS ProofVerify of the prepared statement; an
// error wraps ErrInvalidProof.
func (p *Prepared) ProofVerify() error {
	it := &p.Item
	if err := p.Scheme.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalidProof, err)
	}
	return nil
}
