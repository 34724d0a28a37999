// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/fxamacker/cbor/v2"
)

// ErrProofValue means a proofValue is malformed: not multibase
// base64url-no-pad, an unknown header, CBOR that is not the expected array.
var ErrProofValue = errors.New("vc: malformed proofValue")

// MaxProofValueSize is the largest proofValue accepted, in bytes of its
// decoded form.
const MaxProofValueSize = 128 << 10

// The three-byte headers of bbs-2023 proof values (CBOR tag 0x5d0X as the
// specification writes it; the bytes are compared, not parsed as a tag).
var (
	headerBaseBaseline    = []byte{0xd9, 0x5d, 0x02}
	headerDerivedBaseline = []byte{0xd9, 0x5d, 0x03}
)

// BaseProofValue is a parsed bbs-2023 base proof value (baseline feature),
// the holder's secret material: never shown to a verifier.
type BaseProofValue struct {
	Signature         []byte
	Header            []byte // bbsHeader: proofHash || mandatoryHash
	PublicKey         []byte
	HMACKey           []byte
	MandatoryPointers []string
}

// DerivedProofValue is a parsed bbs-2023 derived proof value (baseline).
type DerivedProofValue struct {
	Proof []byte
	// LabelMap maps a canonical blank node label of the reveal document
	// ("c14nN") to the label the issuer signed ("bM").
	LabelMap           map[string]string
	MandatoryIndexes   []int
	SelectiveIndexes   []int
	PresentationHeader []byte
}

var (
	cborDec cbor.DecMode
	cborEnc cbor.EncMode
)

func init() {
	var err error
	cborDec, err = cbor.DecOptions{
		DupMapKey:        cbor.DupMapKeyEnforcedAPF,
		IndefLength:      cbor.IndefLengthForbidden,
		TagsMd:           cbor.TagsForbidden,
		MaxNestedLevels:  4,
		MaxArrayElements: 4096,
		MaxMapPairs:      4096,
		IntDec:           cbor.IntDecConvertNone,
		UTF8:             cbor.UTF8RejectInvalid,
	}.DecMode()
	if err != nil {
		panic(err) // static options
	}
	cborEnc, err = cbor.EncOptions{Sort: cbor.SortCanonical, IndefLength: cbor.IndefLengthForbidden, TagsMd: cbor.TagsForbidden}.EncMode()
	if err != nil {
		panic(err) // static options
	}
}

func decodeMultibase(s string) ([]byte, error) {
	if !strings.HasPrefix(s, "u") {
		return nil, fmt.Errorf("%w: not multibase base64url-no-pad (no leading 'u')", ErrProofValue)
	}
	if len(s) > 1+base64.RawURLEncoding.EncodedLen(MaxProofValueSize) {
		return nil, fmt.Errorf("%w: longer than %d bytes", ErrProofValue, MaxProofValueSize)
	}
	b, err := base64.RawURLEncoding.Strict().DecodeString(s[1:])
	if err != nil {
		return nil, fmt.Errorf("%w: base64url: %v", ErrProofValue, err)
	}
	return b, nil
}

func encodeMultibase(b []byte) string { return "u" + base64.RawURLEncoding.EncodeToString(b) }

func decodeComponents(s string, header []byte, what string) ([]cbor.RawMessage, error) {
	b, err := decodeMultibase(s)
	if err != nil {
		return nil, err
	}
	if len(b) < 3 || !bytes.Equal(b[:3], header) {
		h := b
		if len(h) > 3 {
			h = h[:3]
		}
		return nil, fmt.Errorf("%w: header %x%s, want %x (%s, baseline feature)", ErrProofValue, h, featureOfHeader(h), header, what)
	}
	var comps []cbor.RawMessage
	rest, err := cborDec.UnmarshalFirst(b[3:], &comps)
	if err != nil {
		return nil, fmt.Errorf("%w: CBOR: %v", ErrProofValue, err)
	}
	if len(rest) != 0 {
		return nil, fmt.Errorf("%w: %d bytes after the CBOR array", ErrProofValue, len(rest))
	}
	if len(comps) != 5 {
		return nil, fmt.Errorf("%w: %d components, want 5", ErrProofValue, len(comps))
	}
	return comps, nil
}

func decodeInto(raw cbor.RawMessage, v any, name string) error {
	if err := cborDec.Unmarshal(raw, v); err != nil {
		return fmt.Errorf("%w: %s: %v", ErrProofValue, name, err)
	}
	return nil
}

// ParseBaseProofValue parses a base proof value (header 0xd95d02).
func ParseBaseProofValue(s string) (*BaseProofValue, error) {
	comps, err := decodeComponents(s, headerBaseBaseline, "base proof")
	if err != nil {
		return nil, err
	}
	var p BaseProofValue
	if err := decodeInto(comps[0], &p.Signature, "bbsSignature"); err != nil {
		return nil, err
	}
	if err := decodeInto(comps[1], &p.Header, "bbsHeader"); err != nil {
		return nil, err
	}
	if err := decodeInto(comps[2], &p.PublicKey, "publicKey"); err != nil {
		return nil, err
	}
	if err := decodeInto(comps[3], &p.HMACKey, "hmacKey"); err != nil {
		return nil, err
	}
	if err := decodeInto(comps[4], &p.MandatoryPointers, "mandatoryPointers"); err != nil {
		return nil, err
	}
	if len(p.Header) != 64 {
		return nil, fmt.Errorf("%w: bbsHeader is %d bytes, want 64", ErrProofValue, len(p.Header))
	}
	if len(p.HMACKey) != 32 {
		return nil, fmt.Errorf("%w: hmacKey is %d bytes, want 32", ErrProofValue, len(p.HMACKey))
	}
	return &p, nil
}

// Encode serializes p as a multibase base proof value.
func (p *BaseProofValue) Encode() (string, error) {
	pointers := p.MandatoryPointers
	if pointers == nil {
		pointers = []string{}
	}
	b, err := cborEnc.Marshal([]any{p.Signature, p.Header, p.PublicKey, p.HMACKey, pointers})
	if err != nil {
		return "", fmt.Errorf("vc: encode base proof value: %w", err)
	}
	return encodeMultibase(append(append([]byte(nil), headerBaseBaseline...), b...)), nil
}

// ParseDerivedProofValue parses a derived proof value (header 0xd95d03).
// The label map must be one to one; the indexes strictly ascending.
func ParseDerivedProofValue(s string) (*DerivedProofValue, error) {
	comps, err := decodeComponents(s, headerDerivedBaseline, "derived proof")
	if err != nil {
		return nil, err
	}
	var p DerivedProofValue
	if err := decodeInto(comps[0], &p.Proof, "bbsProof"); err != nil {
		return nil, err
	}
	var compressed map[uint64]uint64
	if err := decodeInto(comps[1], &compressed, "labelMap"); err != nil {
		return nil, err
	}
	if err := decodeIndexes(comps[2], &p.MandatoryIndexes, "mandatoryIndexes"); err != nil {
		return nil, err
	}
	if err := decodeIndexes(comps[3], &p.SelectiveIndexes, "selectiveIndexes"); err != nil {
		return nil, err
	}
	if err := decodeInto(comps[4], &p.PresentationHeader, "presentationHeader"); err != nil {
		return nil, err
	}
	if p.PresentationHeader == nil {
		p.PresentationHeader = []byte{}
	}
	p.LabelMap = make(map[string]string, len(compressed))
	used := make(map[uint64]bool, len(compressed))
	// In key order: with several labels given twice, the one reported must
	// not depend on Go's map order (every endorser gives the same error).
	keys := make([]uint64, 0, len(compressed))
	for k := range compressed { //bbs:maporder-ok keys collected, sorted below
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		v := compressed[k]
		if used[v] {
			return nil, fmt.Errorf("%w: labelMap gives b%d to two labels", ErrProofValue, v)
		}
		used[v] = true
		p.LabelMap["c14n"+strconv.FormatUint(k, 10)] = "b" + strconv.FormatUint(v, 10)
	}
	return &p, nil
}

func decodeIndexes(raw cbor.RawMessage, out *[]int, name string) error {
	var u []uint64
	if err := decodeInto(raw, &u, name); err != nil {
		return err
	}
	s := make([]int, len(u))
	for i, x := range u {
		if x > 1<<20 || (i > 0 && x <= u[i-1]) {
			return fmt.Errorf("%w: %s not strictly ascending small integers", ErrProofValue, name)
		}
		s[i] = int(x)
	}
	*out = s
	return nil
}

// Encode serializes p as a multibase derived proof value.
func (p *DerivedProofValue) Encode() (string, error) {
	compressed := make(map[uint64]uint64, len(p.LabelMap))
	labels := make([]string, 0, len(p.LabelMap))
	for k := range p.LabelMap { //bbs:maporder-ok keys collected, sorted below
		labels = append(labels, k)
	}
	slices.Sort(labels) // the error names the least bad entry
	for _, k := range labels {
		v := p.LabelMap[k]
		ck, err1 := strconv.ParseUint(strings.TrimPrefix(k, "c14n"), 10, 32)
		cv, err2 := strconv.ParseUint(strings.TrimPrefix(v, "b"), 10, 32)
		if !strings.HasPrefix(k, "c14n") || !strings.HasPrefix(v, "b") || err1 != nil || err2 != nil {
			return "", fmt.Errorf("vc: encode derived proof value: label map entry %q -> %q", k, v)
		}
		compressed[ck] = cv
	}
	ph := p.PresentationHeader
	if ph == nil {
		ph = []byte{}
	}
	mi, si := p.MandatoryIndexes, p.SelectiveIndexes
	if mi == nil {
		mi = []int{}
	}
	if si == nil {
		si = []int{}
	}
	b, err := cborEnc.Marshal([]any{p.Proof, compressed, mi, si, ph})
	if err != nil {
		return "", fmt.Errorf("vc: encode derived proof value: %w", err)
	}
	return encodeMultibase(append(append([]byte(nil), headerDerivedBaseline...), b...)), nil
}

// featureOfHeader names the bbs-2023 feature whose proofValue header is h
// (" (the NAME feature)"), or returns "" for another header.
func featureOfHeader(h []byte) string {
	if len(h) != 3 || h[0] != 0xd9 || h[1] != 0x5d {
		return ""
	}
	name := map[byte]string{0x02: FeatureBaseline, 0x03: FeatureBaseline, 0x04: FeatureHolderBinding, 0x05: FeatureHolderBinding,
		0x06: FeaturePseudonym, 0x07: FeaturePseudonym, 0x08: "holder_binding_pseudonym", 0x09: "holder_binding_pseudonym"}[h[2]]
	if name == "" {
		return ""
	}
	return " (the " + name + " feature)"
}
