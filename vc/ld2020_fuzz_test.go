// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/base64"
	"os"
	"testing"
)

// FuzzParseProofValue2020: never panics; what it accepts re-encodes to the
// same string (one encoding per value).
func FuzzParseProofValue2020(f *testing.F) {
	f.Add("AAAA")
	f.Add("")
	f.Add("AA==")
	f.Add("AAA=\n")
	f.Fuzz(func(t *testing.T, s string) {
		b, err := ParseProofValue2020(s)
		if err == nil && base64.StdEncoding.EncodeToString(b) != s {
			t.Fatalf("%q accepted, re-encodes to %q", s, base64.StdEncoding.EncodeToString(b))
		}
		n, err := ParseNonce2020(s)
		if err == nil && base64.StdEncoding.EncodeToString(n) != s {
			t.Fatalf("nonce %q accepted, re-encodes differently", s)
		}
	})
}

// FuzzVerify2020Document: Verify and VerifySignature never panic and give
// the same answer twice on any document (the derived fixtures as seeds).
// Run it with a bounded minimization (make fuzz passes
// -fuzzminimizetime 100x): Go's minimizer is quadratic in the input's
// length, and on these kilobyte seeds the default 60 s per new input is
// the whole run (docs/testing.md#fuzzing).
func FuzzVerify2020Document(f *testing.F) {
	for _, name := range []string{"derived-mattr.json", "derived-mattr-from-go.json", "signed-mattr.json"} {
		b, err := os.ReadFile("testdata/ld2020/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	l := loader2020(f)
	v := &Verifier2020{Loader: l, Limits: Limits{MaxCanonWork: 512}}
	f.Fuzz(func(t *testing.T, b []byte) {
		_, err1 := v.VerifyJSON(b)
		_, err2 := v.VerifyJSON(b)
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() {
			t.Fatalf("two runs differ: %v / %v", err1, err2)
		}
		if doc, err := ParseDocument(b, v.Limits); err == nil {
			_, _ = v.VerifySignature(doc)
		}
	})
}

// FuzzBnid: unBnid undoes toBnid on any line without the bnid IRI.
func FuzzBnid(f *testing.F) {
	f.Add(`_:c14n0 <a:p> _:c14n12 "_:c14n" .`)
	f.Fuzz(func(t *testing.T, s string) {
		if u := unBnid(toBnid(s)); containsBnid(s) == false && u != s {
			t.Fatalf("%q -> %q -> %q", s, toBnid(s), u)
		}
	})
}

func containsBnid(s string) bool {
	for i := 0; i+len("<"+bnidPrefix) <= len(s); i++ {
		if s[i:i+len("<"+bnidPrefix)] == "<"+bnidPrefix {
			return true
		}
	}
	return false
}
