// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"encoding/base64"
	"os"
	"reflect"
	"testing"
)

func seedProofValues(f *testing.F) {
	for _, name := range []string{"derivedRevealDocument.json", "addSignedSDBase.json"} {
		d := readDoc(f, name)
		f.Add(d["proof"].(map[string]any)["proofValue"].(string))
	}
	f.Add("u2V0DhUAAgICA")
	f.Add("")
	f.Add("z123")
}

// FuzzParseDerivedProofValue: never panics; what parses encodes and
// parses back to the same value.
func FuzzParseDerivedProofValue(f *testing.F) {
	seedProofValues(f)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseDerivedProofValue(s)
		if err != nil {
			return
		}
		enc, err := p.Encode()
		if err != nil {
			t.Fatalf("encode of a parsed value: %v", err)
		}
		q, err := ParseDerivedProofValue(enc)
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("round trip changed the value")
		}
	})
}

// FuzzParseBaseProofValue: never panics; round trip as above.
func FuzzParseBaseProofValue(f *testing.F) {
	seedProofValues(f)
	f.Fuzz(func(t *testing.T, s string) {
		p, err := ParseBaseProofValue(s)
		if err != nil {
			return
		}
		enc, err := p.Encode()
		if err != nil {
			t.Fatalf("encode of a parsed value: %v", err)
		}
		q, err := ParseBaseProofValue(enc)
		if err != nil {
			t.Fatalf("re-parse: %v", err)
		}
		if !bytes.Equal(p.Signature, q.Signature) || !reflect.DeepEqual(p.MandatoryPointers, q.MandatoryPointers) && len(p.MandatoryPointers) > 0 {
			t.Fatalf("round trip changed the value")
		}
	})
}

// FuzzVerifyDocument: any bytes as a derived credential: never panics, and
// the verdict and error text are the same on a second run (determinism).
func FuzzVerifyDocument(f *testing.F) {
	for _, name := range []string{"derivedRevealDocument.json", "addSignedSDBase.json", "windDoc.json"} {
		b, err := os.ReadFile("testdata/w3c/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"@context":{"@vocab":"https://ex.example/"},"@graph":[1,{"@id":"_:a","p":{"@id":"_:a"}}]}`))
	l, err := NewLoader()
	if err != nil {
		f.Fatal(err)
	}
	v := &Verifier{Loader: l, Limits: Limits{MaxCanonWork: 512}}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err1 := v.VerifyJSON(b)
		_, err2 := v.VerifyJSON(b)
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("two runs differ: %v / %v", err1, err2)
		}
	})
}

// FuzzMultikey: DecodeMultikey never panics, and a key it accepts encodes
// back to the same string.
func FuzzMultikey(f *testing.F) {
	var km struct{ PublicKeyHex string }
	readVector(f, "BBSKeyMaterial.json", &km)
	f.Add("zUC7DerdEmfZ8f4pFajXgGwJoMkV1ofMTmEG5UoNvnWiPiLuGKNeqgRpLH2TV4Xe5mJ2cXV76gRN7LFQwapF1VFu6x2yrr5ci1mXqC1WNUrnHnLgvfZfMH7h6xP6qsf9EKRQrPQ")
	f.Add("z" + base64.RawURLEncoding.EncodeToString([]byte(km.PublicKeyHex)))
	f.Fuzz(func(t *testing.T, s string) {
		pk, err := DecodeMultikey(s)
		if err != nil {
			return
		}
		if enc, err := EncodeMultikey(pk); err != nil || enc != s {
			t.Fatalf("re-encoded %q as %q (%v)", s, enc, err)
		}
	})
}
