// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"fmt"

	"github.com/fxamacker/cbor/v2"
)

// The proofValue headers of the pseudonym feature, as the specification
// (vc-di-bbs, Candidate Recommendation, serializeBaseProofValue and
// serializeDerivedProofValue) gives them. The W3C feature vectors of
// 2024-08 use 0xd95d08 and 0xd95d09 for the pseudonym feature instead
// (docs/credentials.md).
var (
	headerBasePseudonym    = []byte{0xd9, 0x5d, 0x06}
	headerDerivedPseudonym = []byte{0xd9, 0x5d, 0x07}
)

// The bbs-2023 features this package implements.
const (
	FeatureBaseline  = "baseline"
	FeaturePseudonym = "pseudonym"
)

// PseudonymBaseProofValue is a parsed base proof value of the pseudonym
// feature (header 0xd95d06): the baseline components and the issuer's
// signer_nym_entropy. It is the holder's secret material.
type PseudonymBaseProofValue struct {
	BaseProofValue
	// SignerNymEntropy is the 32-byte scalar the issuer added to the
	// holder's nym secret.
	SignerNymEntropy []byte
}

// PseudonymDerivedProofValue is a parsed derived proof value of the
// pseudonym feature (header 0xd95d07).
type PseudonymDerivedProofValue struct {
	DerivedProofValue
	// NymDomain is the verifier context the pseudonym is computed in.
	NymDomain []byte
	// Pseudonym is the holder's pseudonym in NymDomain, a 48-byte
	// compressed G1 point.
	Pseudonym []byte
	// LengthBBSMessages is the number of the issuer's signed messages
	// (the credential's non-mandatory statements).
	LengthBBSMessages int
}

// isPseudonymDerived reports whether a proofValue string has the derived
// pseudonym header (no other check).
func isPseudonymDerived(s string) bool {
	b, err := decodeMultibase(s)
	return err == nil && len(b) >= 3 && bytes.Equal(b[:3], headerDerivedPseudonym)
}

// decodeFeatureComponents decodes a proofValue with the given header into
// exactly n CBOR components.
func decodeFeatureComponents(s string, header []byte, n int, what string) ([]cbor.RawMessage, error) {
	b, err := decodeMultibase(s)
	if err != nil {
		return nil, err
	}
	if len(b) < 3 || !bytes.Equal(b[:3], header) {
		h := b[:min(len(b), 3)]
		return nil, fmt.Errorf("%w: header %x, want %x (%s)", ErrProofValue, h, header, what)
	}
	var comps []cbor.RawMessage
	rest, err := cborDec.UnmarshalFirst(b[3:], &comps)
	if err != nil {
		return nil, fmt.Errorf("%w: CBOR: %v", ErrProofValue, err)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the CBOR array", ErrProofValue, len(rest))
	}
	if len(comps) != n {
		return nil, fmt.Errorf("%w: %d components, want %d (%s)", ErrProofValue, len(comps), n, what)
	}
	return comps, nil
}

// reencodeBaseline returns the multibase baseline proofValue made of the
// first five components, for the baseline parsers to check.
func reencodeBaseline(header []byte, comps []cbor.RawMessage) (string, error) {
	b, err := cborEnc.Marshal(comps[:5])
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrProofValue, err)
	}
	return encodeMultibase(append(append([]byte(nil), header...), b...)), nil
}

// ParsePseudonymBaseProofValue parses a base proof value of the pseudonym
// feature (header 0xd95d06, six components).
func ParsePseudonymBaseProofValue(s string) (*PseudonymBaseProofValue, error) {
	comps, err := decodeFeatureComponents(s, headerBasePseudonym, 6, "pseudonym base proof")
	if err != nil {
		return nil, err
	}
	baseline, err := reencodeBaseline(headerBaseBaseline, comps)
	if err != nil {
		return nil, err
	}
	bp, err := ParseBaseProofValue(baseline)
	if err != nil {
		return nil, err
	}
	p := &PseudonymBaseProofValue{BaseProofValue: *bp}
	if err := decodeInto(comps[5], &p.SignerNymEntropy, "signer_nym_entropy"); err != nil {
		return nil, err
	}
	if len(p.SignerNymEntropy) != 32 {
		return nil, fmt.Errorf("%w: signer_nym_entropy is %d bytes, want 32", ErrProofValue, len(p.SignerNymEntropy))
	}
	return p, nil
}

// Encode serializes p as a multibase base proof value (0xd95d06).
func (p *PseudonymBaseProofValue) Encode() (string, error) {
	pointers := p.MandatoryPointers
	if pointers == nil {
		pointers = []string{}
	}
	b, err := cborEnc.Marshal([]any{p.Signature, p.Header, p.PublicKey, p.HMACKey, pointers, p.SignerNymEntropy})
	if err != nil {
		return "", fmt.Errorf("vc: encode pseudonym base proof value: %w", err)
	}
	return encodeMultibase(append(append([]byte(nil), headerBasePseudonym...), b...)), nil
}

// ParsePseudonymDerivedProofValue parses a derived proof value of the
// pseudonym feature (header 0xd95d07, eight components: the baseline's
// five, nym_domain, pseudonym and lengthBBSMessages).
func ParsePseudonymDerivedProofValue(s string) (*PseudonymDerivedProofValue, error) {
	comps, err := decodeFeatureComponents(s, headerDerivedPseudonym, 8, "pseudonym derived proof")
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
	p := &PseudonymDerivedProofValue{DerivedProofValue: *dp}
	if err := decodeInto(comps[5], &p.NymDomain, "nym_domain"); err != nil {
		return nil, err
	}
	if err := decodeInto(comps[6], &p.Pseudonym, "pseudonym"); err != nil {
		return nil, err
	}
	var n uint64
	if err := decodeInto(comps[7], &n, "lengthBBSMessages"); err != nil {
		return nil, err
	}
	if len(p.Pseudonym) != 48 {
		return nil, fmt.Errorf("%w: pseudonym is %d bytes, want 48", ErrProofValue, len(p.Pseudonym))
	}
	if n > 1<<20 {
		return nil, fmt.Errorf("%w: lengthBBSMessages %d", ErrProofValue, n)
	}
	if p.NymDomain == nil {
		p.NymDomain = []byte{}
	}
	p.LengthBBSMessages = int(n)
	return p, nil
}

// Encode serializes p as a multibase derived proof value (0xd95d07).
func (p *PseudonymDerivedProofValue) Encode() (string, error) {
	s, err := p.DerivedProofValue.Encode()
	if err != nil {
		return "", err
	}
	raw, err := decodeFeatureComponents(s, headerDerivedBaseline, 5, "derived proof")
	if err != nil {
		return "", err
	}
	domain := p.NymDomain
	if domain == nil {
		domain = []byte{}
	}
	comps := []any{raw[0], raw[1], raw[2], raw[3], raw[4], domain, p.Pseudonym, uint64(p.LengthBBSMessages)}
	b, err := cborEnc.Marshal(comps)
	if err != nil {
		return "", fmt.Errorf("vc: encode pseudonym derived proof value: %w", err)
	}
	return encodeMultibase(append(append([]byte(nil), headerDerivedPseudonym...), b...)), nil
}
