package vc

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"strings"

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
	dp, err := ParseDerivedProofValue(pv)
	if err != nil {
		return nil, err
	}
	vm, _ := proof["verificationMethod"].(string)
	resolve := v.Resolve
	if resolve == nil {
		resolve = ParseDIDKey
	}
	pkBytes, err := resolve(vm)
	if err != nil {
		return nil, fmt.Errorf("vc: verificationMethod: %w", err)
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
	proofHash, err := v.proofHash(proof, unsecured)
	if err != nil {
		return nil, err
	}
	quads, err := v.Loader.toQuads(unsecured, v.Limits)
	if err != nil {
		return nil, err
	}
	lines, err := canonicalWithLabelMap(quads, dp.LabelMap, v.Limits)
	if err != nil {
		return nil, err
	}
	out := &Prepared{Scheme: scheme, Verified: Verified{Document: unsecured, Proof: proof, VerificationMethod: vm, PublicKey: pkBytes,
		PresentationHeader: dp.PresentationHeader, ProofHash: proofHash, SelectiveIndexes: dp.SelectiveIndexes}}
	mi := 0
	for i, l := range lines {
		if mi < len(dp.MandatoryIndexes) && dp.MandatoryIndexes[mi] == i {
			out.Mandatory = append(out.Mandatory, l)
			mi++
		} else {
			out.NonMandatory = append(out.NonMandatory, l)
		}
	}
	if mi != len(dp.MandatoryIndexes) {
		return nil, fmt.Errorf("%w: mandatory index %d beyond the %d statements", ErrInvalidProof, dp.MandatoryIndexes[mi], len(lines))
	}
	if len(dp.SelectiveIndexes) != len(out.NonMandatory) {
		return nil, fmt.Errorf("%w: %d selective indexes for %d disclosed statements", ErrInvalidProof, len(dp.SelectiveIndexes), len(out.NonMandatory))
	}
	out.MandatoryHash = sha256.Sum256([]byte(strings.Join(out.Mandatory, "")))
	header := append(append([]byte(nil), proofHash[:]...), out.MandatoryHash[:]...)
	disclosed := make([]bbs.DisclosedMessage, len(out.NonMandatory))
	for i, l := range out.NonMandatory {
		disclosed[i] = bbs.DisclosedMessage{Index: dp.SelectiveIndexes[i], Message: []byte(l)}
	}
	out.Item = bbs.BatchItem{PublicKey: pk, Proof: bp, Header: header, Nonce: dp.PresentationHeader, Disclosed: disclosed}
	return out, nil
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
