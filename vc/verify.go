// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// The identifiers of the cryptosuite.
const (
	ProofType   = "DataIntegrityProof"
	Cryptosuite = "bbs-2023"
)

// ErrInvalidProof means a well-formed derived credential does not verify:
// the BBS proof is false for the statements, header and presentation
// header the document gives.
var ErrInvalidProof = errors.New("vc: invalid proof")

// Verified is what the verifier established about a derived credential.
type Verified struct {
	// Document is the credential without its proof: every statement of it
	// is either signed by the issuer and disclosed, or it was refused.
	Document map[string]any
	// Proof is the proof object, proofValue included.
	Proof map[string]any
	// VerificationMethod is the proof's verificationMethod; PublicKey the
	// issuer key it resolved to (96-byte compressed G2).
	VerificationMethod string
	PublicKey          []byte
	// PresentationHeader is the BBS presentation header the proof is bound
	// to (possibly empty).
	PresentationHeader []byte
	// ProofHash and MandatoryHash are the two halves of the BBS header.
	ProofHash, MandatoryHash [32]byte
	// Mandatory and NonMandatory are the document's canonical N-Quads
	// (issuer's blank node labels), split by the proof's mandatory
	// indexes; NonMandatory are the disclosed BBS messages, with
	// SelectiveIndexes their indexes among the signed messages.
	Mandatory, NonMandatory []string
	SelectiveIndexes        []int
	// Feature is the proof's bbs-2023 feature: FeatureBaseline,
	// FeaturePseudonym or FeatureHolderBinding.
	Feature string
	// Pseudonym (48-byte compressed G1) and NymDomain are set for the
	// pseudonym feature: the holder's pseudonym in that verifier context.
	Pseudonym, NymDomain []byte
}

// KeyResolver returns the public key of a verification method. The
// default resolves did:key only.
type KeyResolver func(verificationMethod string) ([]byte, error)

// Verifier verifies bbs-2023 derived credentials (baseline feature; the
// pseudonym feature too when Pseudonyms is set). The
// zero value is not usable: set Loader.
type Verifier struct {
	Loader *Loader
	Limits Limits
	// Resolve resolves the proof's verificationMethod (nil: did:key).
	Resolve KeyResolver
	// Pseudonyms admits derived proofs of the pseudonym feature
	// (Verified.Pseudonym, Verified.NymDomain). Without it they are refused
	// with ErrProofValue, so that a caller that never reads the pseudonym
	// and its domain is not handed one.
	Pseudonyms bool
	// HolderBinding admits derived proofs of the anonymous_holder_binding
	// feature (Verified.Feature FeatureHolderBinding): the holder proved
	// knowledge of the secret the credential was issued to. Without it they
	// are refused with ErrProofValue, so that a caller that treats every
	// credential alike is not handed one unawares.
	HolderBinding bool
}

// VerifyJSON is Verify of a credential given as JSON bytes.
func (v *Verifier) VerifyJSON(b []byte) (*Verified, error) {
	doc, err := ParseDocument(b, v.Limits)
	if err != nil {
		return nil, err
	}
	return v.Verify(doc)
}

// Verify runs the specification's Verify Derived Proof (bbs-2023) on doc,
// which it does not modify. It returns ErrInvalidProof (wrapped) for a
// proof that does not verify, and another error for a malformed or unsafe
// document or proof.
func (v *Verifier) Verify(doc map[string]any) (*Verified, error) {
	if v.Loader == nil {
		return nil, errors.New("vc: Verifier has no Loader")
	}
	proof, unsecured, err := splitProof(doc)
	if err != nil {
		return nil, err
	}
	pv, _ := proof["proofValue"].(string)
	if isPseudonymDerived(pv) {
		if !v.Pseudonyms {
			return nil, fmt.Errorf("%w: a derived proof of the pseudonym feature, which this verifier does not admit", ErrProofValue)
		}
		return v.verifyPseudonym(proof, unsecured, pv)
	}
	if isHolderBindingDerived(pv) {
		if !v.HolderBinding {
			return nil, fmt.Errorf("%w: a derived proof of the anonymous_holder_binding feature, which this verifier does not admit", ErrProofValue)
		}
		return v.verifyHolderBinding(proof, unsecured, pv)
	}
	p, err := v.prepareBaseline(proof, unsecured, pv)
	if err != nil {
		return nil, err
	}
	if err := p.ProofVerify(); err != nil {
		return nil, err
	}
	return &p.Verified, nil
}

// resolveKey returns the proof's verificationMethod and the public key
// bytes it resolves to.
func (v *Verifier) resolveKey(proof map[string]any) (string, []byte, error) {
	vm, _ := proof["verificationMethod"].(string)
	resolve := v.Resolve
	if resolve == nil {
		resolve = ParseDIDKey
	}
	pkBytes, err := resolve(vm)
	if err != nil {
		return "", nil, fmt.Errorf("vc: verificationMethod: %w", err)
	}
	return vm, pkBytes, nil
}

// statements runs the verifier's createVerifyData on the unsecured
// document: the proof hash, the canonical statements under the proof's
// label map, their mandatory split, the BBS header and the disclosed
// messages.
func (v *Verifier) statements(proof, unsecured map[string]any, dp *DerivedProofValue) (*Verified, []byte, []bbs.DisclosedMessage, error) {
	proofHash, err := v.proofHash(proof, unsecured)
	if err != nil {
		return nil, nil, nil, err
	}
	quads, err := v.Loader.toQuads(unsecured, v.Limits)
	if err != nil {
		return nil, nil, nil, err
	}
	lines, err := canonicalWithLabelMap(quads, dp.LabelMap, v.Limits)
	if err != nil {
		return nil, nil, nil, err
	}
	out := &Verified{Document: unsecured, Proof: proof,
		PresentationHeader: dp.PresentationHeader, ProofHash: proofHash, SelectiveIndexes: dp.SelectiveIndexes}
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
		return nil, nil, nil, fmt.Errorf("%w: mandatory index %d beyond the %d statements", ErrInvalidProof, dp.MandatoryIndexes[mi], len(lines))
	}
	if len(dp.SelectiveIndexes) != len(out.NonMandatory) {
		return nil, nil, nil, fmt.Errorf("%w: %d selective indexes for %d disclosed statements", ErrInvalidProof, len(dp.SelectiveIndexes), len(out.NonMandatory))
	}
	out.MandatoryHash = sha256.Sum256([]byte(strings.Join(out.Mandatory, "")))
	header := append(append([]byte(nil), proofHash[:]...), out.MandatoryHash[:]...)
	disclosed := make([]bbs.DisclosedMessage, len(out.NonMandatory))
	for i, l := range out.NonMandatory {
		disclosed[i] = bbs.DisclosedMessage{Index: dp.SelectiveIndexes[i], Message: []byte(l)}
	}
	return out, header, disclosed, nil
}

// splitProof returns the document's one proof, checked for type,
// cryptosuite and purpose, and the document without it.
func splitProof(doc map[string]any) (proof, unsecured map[string]any, err error) {
	p, ok := doc["proof"].(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("%w: proof is missing or not one JSON object", ErrDocument)
	}
	if t, _ := p["type"].(string); t != ProofType {
		return nil, nil, fmt.Errorf("%w: proof type %v, want %s", ErrDocument, p["type"], ProofType)
	}
	if c, _ := p["cryptosuite"].(string); c != Cryptosuite {
		return nil, nil, fmt.Errorf("%w: cryptosuite %v, want %s", ErrDocument, p["cryptosuite"], Cryptosuite)
	}
	if pp, _ := p["proofPurpose"].(string); pp != "assertionMethod" {
		return nil, nil, fmt.Errorf("%w: proofPurpose %v, want assertionMethod", ErrDocument, p["proofPurpose"])
	}
	if _, ok := p["proofValue"].(string); !ok {
		return nil, nil, fmt.Errorf("%w: proof has no proofValue string", ErrDocument)
	}
	unsecured = make(map[string]any, len(doc))
	for k, x := range doc { //bbs:maporder-ok copies a map
		if k != "proof" {
			unsecured[k] = x
		}
	}
	return p, unsecured, nil
}

// proofHash is SHA-256 of the canonical proof configuration: the proof
// without proofValue, with the document's @context.
func (v *Verifier) proofHash(proof, unsecured map[string]any) ([32]byte, error) {
	cfg := make(map[string]any, len(proof))
	for k, x := range proof { //bbs:maporder-ok copies a map
		if k != "proofValue" {
			cfg[k] = x
		}
	}
	return canonicalProofConfigHash(v.Loader, cfg, unsecured, v.Limits)
}

func canonicalProofConfigHash(l *Loader, cfg, unsecured map[string]any, lim Limits) ([32]byte, error) {
	lines, err := canonicalProofConfig(l, cfg, unsecured, lim)
	if err != nil {
		return [32]byte{}, err
	}
	return sha256.Sum256([]byte(strings.Join(lines, ""))), nil
}

// canonicalProofConfig is the canonical N-Quads of the proof configuration
// cfg (modified: it gets the document's @context), sorted.
func canonicalProofConfig(l *Loader, cfg, unsecured map[string]any, lim Limits) ([]string, error) {
	ctx, ok := unsecured["@context"]
	if !ok {
		return nil, fmt.Errorf("%w: no @context", ErrDocument)
	}
	cfg["@context"] = ctx
	quads, err := l.toQuads(cfg, lim)
	if err != nil {
		return nil, fmt.Errorf("proof configuration: %w", err)
	}
	lines, err := canonicalNQuads(quads, lim)
	if err != nil {
		return nil, fmt.Errorf("proof configuration: %w", err)
	}
	return lines, nil
}

// canonicalNQuads is RDFC-1.0's canonical N-Quads of quads, sorted.
func canonicalNQuads(quads []quad, lim Limits) ([]string, error) {
	idMap, err := canonicalize(quads, lim.withDefaults().MaxCanonWork)
	if err != nil {
		return nil, err
	}
	return relabel(quads, func(l string) string { return idMap[l] }), nil
}

// canonicalWithLabelMap is labelReplacementCanonicalize with the label map
// of a derived proof: canonical labels replaced by the issuer's, sorted.
// Every canonical label must be in the map, and the map must hold no
// other.
func canonicalWithLabelMap(quads []quad, labelMap map[string]string, lim Limits) ([]string, error) {
	idMap, err := canonicalize(quads, lim.withDefaults().MaxCanonWork)
	if err != nil {
		return nil, err
	}
	if len(idMap) != len(labelMap) {
		return nil, fmt.Errorf("%w: labelMap has %d entries for %d blank nodes", ErrInvalidProof, len(labelMap), len(idMap))
	}
	newLabel := make(map[string]string, len(idMap))
	// In label order: the label reported missing must not depend on Go's
	// map order.
	ins := make([]string, 0, len(idMap))
	for in := range idMap { //bbs:maporder-ok keys collected, sorted below
		ins = append(ins, in)
	}
	sort.Slice(ins, func(i, j int) bool { // c14n2 before c14n10
		a, b := idMap[ins[i]], idMap[ins[j]]
		return len(a) < len(b) || len(a) == len(b) && a < b
	})
	for _, in := range ins {
		c := idMap[in]
		b, ok := labelMap[c]
		if !ok {
			return nil, fmt.Errorf("%w: labelMap has no label for _:%s", ErrInvalidProof, c)
		}
		newLabel[in] = b
	}
	return relabel(quads, func(l string) string { return newLabel[l] }), nil
}

func relabel(quads []quad, label func(string) string) []string {
	lines := make([]string, len(quads))
	for i := range quads {
		lines[i] = nquad(&quads[i], label)
	}
	sort.Strings(lines)
	// An RDF dataset is a set: a statement given twice is one statement.
	out := lines[:0]
	for i, l := range lines {
		if i == 0 || l != lines[i-1] {
			out = append(out, l)
		}
	}
	return out
}
