// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// BenchmarkVerify2020 verifies MATTR's derived credential (Document) and
// the bare bbs+2020 VerifyProof of the same statement (BareVerifyProof:
// the same key, proof, nonce and disclosed messages), side by side; the
// difference is JSON-LD expansion and canonicalization of the document and
// the proof options.
func BenchmarkVerify2020(b *testing.B) {
	l := loader2020(b)
	v := &Verifier2020{Loader: l}
	derived := readDoc2020(b, "derived-mattr.json")
	got, err := v.Verify(derived)
	if err != nil {
		b.Fatal(err)
	}
	s := bbs.BBSPlus2020()
	pk, err := s.ParsePublicKey(got.PublicKey)
	if err != nil {
		b.Fatal(err)
	}
	pb, err := ParseProofValue2020(got.Proof["proofValue"].(string))
	if err != nil {
		b.Fatal(err)
	}
	proof, err := s.ParseProof(pb)
	if err != nil {
		b.Fatal(err)
	}
	all := append(append([]string{}, got.ProofStatements...), got.DocumentStatements...)
	disclosed := make([]bbs.DisclosedMessage, len(all))
	for i, m := range all {
		disclosed[i] = bbs.DisclosedMessage{Index: got.Indexes[i], Message: []byte(m)}
	}
	b.Run("Document", func(b *testing.B) {
		withCPU(b, func() {
			if _, err := v.Verify(derived); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("BareVerifyProof", func(b *testing.B) {
		withCPU(b, func() {
			if err := s.VerifyProof(pk, proof, nil, got.Nonce, disclosed); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// BenchmarkVerify2020Hostile: a derived credential carrying a poison graph
// (a clique of 10 blank nodes) is refused with ErrLimit; compare its
// cpu-ns/op with BenchmarkVerify2020/Document.
func BenchmarkVerify2020Hostile(b *testing.B) {
	v := &Verifier2020{Loader: loader2020(b)}
	doc := hostile2020(b)
	b.Run("poison-clique-10", func(b *testing.B) {
		withCPU(b, func() {
			if _, err := v.Verify(doc); !errors.Is(err, ErrLimit) {
				b.Fatal(err)
			}
		})
	})
}

func hostile2020(b testing.TB) map[string]any {
	return edit2020(readDoc2020(b, "derived-mattr.json"), func(m map[string]any) {
		subject(m)["https://ex.example/crew"] = poisonDocument(10)["@graph"]
	})
}
