// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"testing"
)

// BenchmarkVerifyHolderBinding: the verifier on a credential of 16 claims
// revealing 4, issued and derived with the baseline feature and with
// anonymous_holder_binding (two more hidden messages, the Blind BBS
// generators), side by side.
func BenchmarkVerifyHolderBinding(b *testing.B) {
	l, err := NewLoader()
	if err != nil {
		b.Fatal(err)
	}
	subject := map[string]any{"id": "did:example:holder"}
	for i := 0; i < 16; i++ {
		subject[fmt.Sprintf("claim%02d", i)] = fmt.Sprintf("value %d", i)
	}
	doc := map[string]any{
		"@context":          []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"@vocab": "https://claims.example/#"}},
		"type":              []any{"VerifiableCredential"},
		"issuer":            "https://issuer.example/",
		"credentialSubject": subject,
	}
	sk, err := ietfScheme().NewKeyFromSeed([]byte("fabric-bbs vc benchmark issuer key seed"))
	if err != nil {
		b.Fatal(err)
	}
	opts := IssueOptions{SecretKey: sk, MandatoryPointers: []string{"/issuer"}, Created: "2026-12-01T00:00:00Z"}
	dopts := DeriveOptions{SelectivePointers: []string{
		"/credentialSubject/claim01", "/credentialSubject/claim05", "/credentialSubject/claim09", "/credentialSubject/claim13",
	}, PresentationHeader: []byte("0123456789abcdef")}
	signed, err := l.Issue(doc, opts, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	baseline, err := l.Derive(signed, dopts, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	secret, _ := NewHolderSecret(nil)
	com, blind, err := HolderBindingCommitment(nil, secret)
	if err != nil {
		b.Fatal(err)
	}
	hbSigned, err := l.IssueWithHolderBinding(doc, opts, com, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	hb, err := l.DeriveWithHolderBinding(hbSigned, HolderBindingDeriveOptions{DeriveOptions: dopts, HolderSecret: secret, ProverBlind: blind}, Limits{})
	if err != nil {
		b.Fatal(err)
	}
	v := &Verifier{Loader: l, HolderBinding: true}
	for _, c := range []struct {
		name string
		doc  map[string]any
	}{{"claims16-reveal4/baseline", baseline}, {"claims16-reveal4/holder-binding", hb}} {
		if _, err := v.Verify(c.doc); err != nil {
			b.Fatalf("%s: %v", c.name, err)
		}
		b.Run(c.name, func(b *testing.B) {
			withCPU(b, func() {
				if _, err := v.Verify(c.doc); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
