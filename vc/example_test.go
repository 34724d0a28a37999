// SPDX-License-Identifier: Apache-2.0

package vc_test

import (
	"crypto/rand"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// An issuer signs a bbs-2023 credential, the holder discloses one claim of
// it bound to the verifier's nonce, and the verifier checks the derived
// credential. The claims' terms are defined in an inline context: in safe
// mode every property must expand to an absolute IRI.
func Example() {
	l, err := vc.NewLoader()
	if err != nil {
		panic(err)
	}
	credential := `{
	  "@context": [
	    "https://www.w3.org/ns/credentials/v2",
	    {"licenseClass": "https://vocab.example/#licenseClass", "fullName": "https://vocab.example/#fullName"}
	  ],
	  "type": ["VerifiableCredential"],
	  "issuer": "https://issuer.example/",
	  "credentialSubject": {"id": "did:example:holder", "fullName": "Alice", "licenseClass": "C"}
	}`
	doc, err := vc.ParseDocument([]byte(credential), vc.Limits{})
	if err != nil {
		panic(err)
	}

	// Issuer: a key of bbs-bls12381-sha256; the issuer is always disclosed.
	sk, err := bbs.BLS12381SHA256().GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: sk, MandatoryPointers: []string{"/issuer"}}, vc.Limits{})
	if err != nil {
		panic(err)
	}

	// Holder: disclose the licence class only.
	derived, err := l.Derive(signed, vc.DeriveOptions{
		SelectivePointers:  []string{"/credentialSubject/licenseClass"},
		PresentationHeader: []byte("verifier nonce 42"),
	}, vc.Limits{})
	if err != nil {
		panic(err)
	}

	// Verifier: the issuer key comes from the proof's did:key method.
	v := &vc.Verifier{Loader: l}
	res, err := v.Verify(derived)
	if err != nil {
		panic(err)
	}
	subject := res.Document["credentialSubject"].(map[string]any)
	fmt.Println("licence class:", subject["licenseClass"])
	_, hasName := subject["fullName"]
	fmt.Println("full name disclosed:", hasName)
	fmt.Printf("nonce: %s\n", res.PresentationHeader)

	// A term the contexts do not define is refused, and named (the v1
	// context, unlike v2, has no @vocab).
	bad, _ := vc.ParseDocument([]byte(`{"@context": ["https://www.w3.org/2018/credentials/v1", "https://w3id.org/security/data-integrity/v2"],
	  "type": ["VerifiableCredential"], "issuer": "https://issuer.example/", "issuanceDate": "2026-01-01T00:00:00Z",
	  "credentialSubject": {"id": "did:example:holder", "licenseClass": "C"}}`), vc.Limits{})
	_, err = l.Issue(bad, vc.IssueOptions{SecretKey: sk}, vc.Limits{})
	fmt.Println(err)
	// Output:
	// licence class: C
	// full name disclosed: false
	// nonce: verifier nonce 42
	// vc: document: JSON-LD expansion: term "licenseClass" at /credentialSubject/licenseClass does not expand to an absolute IRI (an undefined term: JSON-LD would drop it)
}
