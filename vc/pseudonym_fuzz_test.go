// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"reflect"
	"testing"
)

func seedPseudonymProofValues(f *testing.F) {
	for _, name := range []string{"Pseudonym/addSignedSDBase.json", "Pseudonym/derivedRevealDocument.json", "HolderBinding/derivedRevealDocument.json"} {
		var doc struct{ Proof struct{ ProofValue string } }
		readFeature(&testing.T{}, name, &doc)
		f.Add(doc.Proof.ProofValue)
		// The same components under this package's headers.
		if b, err := decodeMultibase(doc.Proof.ProofValue); err == nil && len(b) > 3 {
			b[2] = 0x06
			f.Add(encodeMultibase(b))
			b[2] = 0x07
			f.Add(encodeMultibase(b))
		}
	}
	// A valid pair, from the round-trip encoders.
	base := &PseudonymBaseProofValue{BaseProofValue: BaseProofValue{Signature: make([]byte, 80), Header: make([]byte, 64),
		PublicKey: make([]byte, 96), HMACKey: make([]byte, 32), MandatoryPointers: []string{"/issuer"}}, SignerNymEntropy: make([]byte, 32)}
	if s, err := base.Encode(); err == nil {
		f.Add(s)
	}
	derived := &PseudonymDerivedProofValue{DerivedProofValue: DerivedProofValue{Proof: make([]byte, 304), LabelMap: map[string]string{"c14n0": "b1"},
		MandatoryIndexes: []int{0, 2}, SelectiveIndexes: []int{1}, PresentationHeader: []byte("ph")},
		NymDomain: []byte("https://verifier.example/"), Pseudonym: make([]byte, 48), LengthBBSMessages: 3}
	if s, err := derived.Encode(); err == nil {
		f.Add(s)
	}
	f.Add("u2V0GhkBAQEBA")
	f.Add("")
}

// FuzzParsePseudonymProofValues: neither parser panics; what parses
// encodes and parses back to the same value.
func FuzzParsePseudonymProofValues(f *testing.F) {
	seedPseudonymProofValues(f)
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := ParsePseudonymBaseProofValue(s); err == nil {
			enc, err := p.Encode()
			if err != nil {
				t.Fatalf("encode of a parsed base value: %v", err)
			}
			q, err := ParsePseudonymBaseProofValue(enc)
			if err != nil || !reflect.DeepEqual(p, q) {
				t.Fatalf("base round trip: %v", err)
			}
		}
		if p, err := ParsePseudonymDerivedProofValue(s); err == nil {
			enc, err := p.Encode()
			if err != nil {
				t.Fatalf("encode of a parsed derived value: %v", err)
			}
			q, err := ParsePseudonymDerivedProofValue(enc)
			if err != nil || !reflect.DeepEqual(p, q) {
				t.Fatalf("derived round trip: %v", err)
			}
		}
	})
}
