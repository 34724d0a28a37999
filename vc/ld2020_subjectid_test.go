// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// A credentialSubject named by an IRI that sorts after <urn:bnid:...>
// (urn:uuid:1) in a credential with blank nodes (no top-level id): the
// derived document's canonical order is not the signed order, and before
// the verifier sorted the statements again with their blank node labels
// back, such a derived proof (ours or MATTR's) was refused as invalid.
// Every case signs, derives, goes through JSON, verifies; a changed claim
// fails.
func TestLD2020SubjectID(t *testing.T) {
	l := loader2020(t)
	sk, err := bbs.BBSPlus2020().NewKeyFromSeed([]byte("interop-issuer-seed-0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	did, _, err := DIDKey(sk.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	frame := readDoc2020(t, "frame.json")
	v := &Verifier2020{Loader: l}
	for _, credentialID := range []bool{true, false} {
		for _, id := range []string{"", "urn:uuid:1", "did:example:b34ca6cd37bbf23", "https://subject.example/x", "zz:last"} {
			name := "subject id " + id
			if id == "" {
				name = "no subject id"
			}
			if !credentialID {
				name += ", no credential id"
			}
			unsigned := readDoc2020(t, "signed-mattr.json")
			delete(unsigned, "proof")
			unsigned["issuer"] = did
			if !credentialID {
				delete(unsigned, "id")
			}
			if id != "" {
				subject(unsigned)["id"] = id
			}
			signed, err := l.Sign2020(unsigned, Sign2020Options{SecretKey: sk, Created: "2024-01-02T03:04:05Z"}, Limits{})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			derived, err := l.Derive2020(signed, frame, Derive2020Options{Nonce: []byte("nonce-0123456789")}, Limits{})
			if err != nil {
				t.Fatalf("%s: derive: %v", name, err)
			}
			b, err := json.Marshal(derived)
			if err != nil {
				t.Fatal(err)
			}
			if derived, err = ParseDocument(b, Limits{}); err != nil {
				t.Fatal(err)
			}
			got, err := v.Verify(derived)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if id != "" && subject(got.Document)["id"] != id {
				t.Errorf("%s: derived subject id %v", name, subject(got.Document)["id"])
			}
			bad := edit2020(derived, func(m map[string]any) { subject(m)["givenName"] = "JANE" })
			if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s, claim changed: %v, want ErrInvalidProof", name, err)
			}
		}
	}
}

// MATTR's derived proofs of credentials whose credentialSubject has an id
// verify in Go: urn:uuid:1 without a credential id (MATTR's own verifier
// refuses that one, see interop/bbs-2020-ld) and a did:example subject;
// changed claims and a changed subject id do not.
func TestLD2020MATTRSubjectID(t *testing.T) {
	v := &Verifier2020{Loader: loader2020(t)}
	for name, id := range map[string]string{
		"derived-mattr-subject-urn.json": "urn:uuid:1",
		"derived-mattr-subject-did.json": "did:example:b34ca6cd37bbf23",
	} {
		derived := readDoc2020(t, name)
		got, err := v.Verify(derived)
		if err != nil {
			t.Errorf("%s: %v", name, err)
			continue
		}
		if subject(got.Document)["id"] != id || len(got.Indexes) >= got.MessageCount {
			t.Errorf("%s: subject %v, %d of %d disclosed", name, subject(got.Document)["id"], len(got.Indexes), got.MessageCount)
		}
		for what, bad := range map[string]map[string]any{
			"claim":      edit2020(derived, func(m map[string]any) { subject(m)["givenName"] = "JANE" }),
			"subject id": edit2020(derived, func(m map[string]any) { subject(m)["id"] = "urn:uuid:2" }),
		} {
			if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s, %s changed: %v, want ErrInvalidProof", name, what, err)
			}
		}
	}
}
