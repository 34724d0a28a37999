// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"fmt"
)

// The proofValue headers of the anonymous_holder_binding feature
// (vc-di-bbs, serializeBaseProofValue and serializeDerivedProofValue);
// the W3C feature vectors of 2024-08 use the same.
var (
	headerBaseHolderBinding    = []byte{0xd9, 0x5d, 0x04}
	headerDerivedHolderBinding = []byte{0xd9, 0x5d, 0x05}
)

// FeatureHolderBinding is the anonymous_holder_binding feature.
const FeatureHolderBinding = "anonymous_holder_binding"

// HolderBindingDerivedProofValue is a parsed derived proof value of the
// anonymous_holder_binding feature (header 0xd95d05): the baseline's five
// components and lengthBBSMessages.
type HolderBindingDerivedProofValue struct {
	DerivedProofValue
	// LengthBBSMessages is the number of the issuer's signed messages
	// (the credential's non-mandatory statements), the L of Blind BBS's
	// ProofVerify.
	LengthBBSMessages int
}

// isHolderBindingDerived reports whether a proofValue string has the
// derived holder-binding header (no other check).
func isHolderBindingDerived(s string) bool {
	b, err := decodeMultibase(s)
	return err == nil && len(b) >= 3 && bytes.Equal(b[:3], headerDerivedHolderBinding)
}

// ParseHolderBindingBaseProofValue parses a base proof value of the
// anonymous_holder_binding feature (header 0xd95d04): the baseline's five
// components (bbsSignature, bbsHeader, publicKey, hmacKey,
// mandatoryPointers), the signature a Blind BBS one.
func ParseHolderBindingBaseProofValue(s string) (*BaseProofValue, error) {
	comps, err := decodeFeatureComponents(s, headerBaseHolderBinding, 5, "holder binding base proof")
	if err != nil {
		return nil, err
	}
	baseline, err := reencodeBaseline(headerBaseBaseline, comps)
	if err != nil {
		return nil, err
	}
	return ParseBaseProofValue(baseline)
}

// encodeHolderBindingBase serializes p as a base proof value of the
// feature (0xd95d04).
func encodeHolderBindingBase(p *BaseProofValue) (string, error) {
	s, err := p.Encode()
	if err != nil {
		return "", err
	}
	b, _ := decodeMultibase(s) // just encoded
	copy(b, headerBaseHolderBinding)
	return encodeMultibase(b), nil
}

// ParseHolderBindingDerivedProofValue parses a derived proof value of the
// anonymous_holder_binding feature (header 0xd95d05, six components).
func ParseHolderBindingDerivedProofValue(s string) (*HolderBindingDerivedProofValue, error) {
	comps, err := decodeFeatureComponents(s, headerDerivedHolderBinding, 6, "holder binding derived proof")
	if err != nil {
		return nil, err
	}
	baseline, err := reencodeBaseline(headerDerivedBaseline, comps)
	if err != nil {
		return nil, err
	}
	dp, err := ParseDerivedProofValue(baseline)
	if err != nil {
		return nil, err
	}
	var n uint64
	if err := decodeInto(comps[5], &n, "lengthBBSMessages"); err != nil {
		return nil, err
	}
	if n > 1<<20 {
		return nil, fmt.Errorf("%w: lengthBBSMessages %d", ErrProofValue, n)
	}
	return &HolderBindingDerivedProofValue{DerivedProofValue: *dp, LengthBBSMessages: int(n)}, nil
}

// Encode serializes p as a multibase derived proof value (0xd95d05).
func (p *HolderBindingDerivedProofValue) Encode() (string, error) {
	s, err := p.DerivedProofValue.Encode()
	if err != nil {
		return "", err
	}
	raw, err := decodeFeatureComponents(s, headerDerivedBaseline, 5, "derived proof")
	if err != nil {
		return "", err
	}
	comps := []any{raw[0], raw[1], raw[2], raw[3], raw[4], uint64(p.LengthBBSMessages)}
	b, err := cborEnc.Marshal(comps)
	if err != nil {
		return "", fmt.Errorf("vc: encode holder binding derived proof value: %w", err)
	}
	return encodeMultibase(append(append([]byte(nil), headerDerivedHolderBinding...), b...)), nil
}
