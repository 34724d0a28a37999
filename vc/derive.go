// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"io"
)

// DeriveOptions are the holder's inputs to a derived proof.
type DeriveOptions struct {
	// SelectivePointers are the JSON pointers of what to disclose beyond
	// the issuer's mandatory pointers.
	SelectivePointers []string
	// PresentationHeader is the BBS presentation header (the verifier's
	// nonce, for example); may be empty.
	PresentationHeader []byte
	// Rand is the randomness of the BBS proof (nil: crypto/rand).
	Rand io.Reader
}

// Derive returns the reveal document of signed (a credential with a
// bbs-2023 base proof, not modified) with a derived proof: the Add Derived
// Proof algorithm of the specification, baseline feature. The public key
// is the one the base proof carries; Derive checks the signature against
// it before proving.
func (l *Loader) Derive(signed map[string]any, opts DeriveOptions, lim Limits) (map[string]any, error) {
	proof, doc, err := splitSigned(signed)
	if err != nil {
		return nil, err
	}
	pv, _ := proof["proofValue"].(string)
	base, err := ParseBaseProofValue(pv)
	if err != nil {
		return nil, err
	}
	scheme := ietfScheme()
	pk, err := scheme.ParsePublicKey(base.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("%w: base proof public key: %v", ErrKey, err)
	}
	sig, err := scheme.ParseSignature(base.Signature)
	if err != nil {
		return nil, fmt.Errorf("%w: bbsSignature: %v", ErrProofValue, err)
	}
	d, err := l.deriveStatements(doc, base.HMACKey, base.MandatoryPointers, opts.SelectivePointers, lim)
	if err != nil {
		return nil, err
	}
	ph := opts.PresentationHeader
	if ph == nil {
		ph = []byte{}
	}
	bp, err := scheme.DeriveProof(opts.Rand, pk, sig, base.Header, ph, d.messages, d.selectiveIndexes)
	if err != nil {
		return nil, fmt.Errorf("vc: derive: %w", err)
	}
	dpv, err := (&DerivedProofValue{Proof: bp.Bytes(), LabelMap: d.labelMap, MandatoryIndexes: d.mandatoryIndexes,
		SelectiveIndexes: d.selectiveIndexes, PresentationHeader: ph}).Encode()
	if err != nil {
		return nil, err
	}
	return d.withProof(proof, dpv), nil
}

// splitSigned returns a signed credential's proof object and the
// credential without it.
func splitSigned(signed map[string]any) (proof, doc map[string]any, err error) {
	proof, ok := signed["proof"].(map[string]any)
	if !ok {
		return nil, nil, fmt.Errorf("%w: proof is missing or not one JSON object", ErrDocument)
	}
	doc = make(map[string]any, len(signed))
	for k, x := range signed { //bbs:maporder-ok copies a map
		if k != "proof" {
			doc[k] = x
		}
	}
	return proof, doc, nil
}

// derivedStatements is what every feature's derived proof is made from:
// the signed messages, the indexes of the disclosed ones, the reveal
// document and the label map its verifier needs.
type derivedStatements struct {
	messages         [][]byte
	mandatoryIndexes []int
	selectiveIndexes []int
	reveal           map[string]any
	labelMap         map[string]string
}

// withProof returns the reveal document with a copy of proof whose
// proofValue is dpv.
func (d *derivedStatements) withProof(proof map[string]any, dpv string) map[string]any {
	newProof := deepCopy(proof).(map[string]any)
	newProof["proofValue"] = dpv
	d.reveal["proof"] = newProof
	return d.reveal
}

// deriveStatements runs the Add Derived Proof steps other than the BBS
// proof: canonicalization under the issuer's HMAC key, the mandatory,
// selective and combined groups, their indexes, the reveal document and
// the verifier's label map.
func (l *Loader) deriveStatements(doc map[string]any, hmacKey []byte, mandatoryPointers, selectivePointers []string, lim Limits) (*derivedStatements, error) {
	combined := append(append([]string{}, mandatoryPointers...), selectivePointers...)
	g, err := l.canonicalizeAndGroup(doc, hmacKey, map[string][]string{
		"mandatory": mandatoryPointers,
		"selective": selectivePointers,
		"combined":  combined,
	}, lim)
	if err != nil {
		return nil, err
	}
	mandatory, selective, comb := g.groups["mandatory"], g.groups["selective"], g.groups["combined"]
	posIn := func(list []int) map[int]int {
		m := make(map[int]int, len(list))
		for i, x := range list {
			m[x] = i
		}
		return m
	}
	combinedPos := posIn(comb.matching)
	var mandatoryIndexes []int
	for _, i := range mandatory.matching {
		mandatoryIndexes = append(mandatoryIndexes, combinedPos[i])
	}
	nonMandatoryPos := posIn(mandatory.nonMatching)
	var selectiveIndexes []int
	for _, i := range selective.matching {
		if p, ok := nonMandatoryPos[i]; ok {
			selectiveIndexes = append(selectiveIndexes, p)
		}
	}
	reveal, err := selectJSONLD(doc, combined)
	if err != nil {
		return nil, err
	}
	if reveal == nil {
		return nil, fmt.Errorf("%w: nothing to disclose (no mandatory or selective pointers)", ErrDocument)
	}
	// The canonical labels the verifier will give the reveal document are
	// those of the combined selection's statements.
	idMap, err := canonicalize(comb.quads, lim.withDefaults().MaxCanonWork)
	if err != nil {
		return nil, err
	}
	verifierLabels := make(map[string]string, len(idMap))
	for in, c := range idMap { //bbs:maporder-ok inverts a map whose values are distinct canonical labels
		verifierLabels[c] = g.labelMap[in]
	}
	return &derivedStatements{messages: toMessages(mandatory.nonMatchingLines(g.lines)), mandatoryIndexes: mandatoryIndexes,
		selectiveIndexes: selectiveIndexes, reveal: reveal, labelMap: verifierLabels}, nil
}
