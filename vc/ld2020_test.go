// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
)

// loader2020 is a Loader with the application context of the fixtures.
func loader2020(t testing.TB) *Loader {
	t.Helper()
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile("testdata/ld2020/citizenship_v1.jsonld")
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add("https://w3id.org/citizenship/v1", b, ""); err != nil {
		t.Fatal(err)
	}
	return l
}

func readDoc2020(t testing.TB, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile("testdata/ld2020/" + name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := ParseDocument(b, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

func edit2020(doc map[string]any, f func(m map[string]any)) map[string]any {
	c := deepCopy(doc).(map[string]any)
	f(c)
	return c
}

func subject(m map[string]any) map[string]any { return m["credentialSubject"].(map[string]any) }

// MATTR's BbsBlsSignature2020 verifies in Go; a changed claim or proof
// option does not.
func TestLD2020MATTRSignature(t *testing.T) {
	v := &Verifier2020{Loader: loader2020(t)}
	signed := readDoc2020(t, "signed-mattr.json")
	got, err := v.VerifySignature(signed)
	if err != nil {
		t.Fatal(err)
	}
	if got.MessageCount != 4+len(got.DocumentStatements) || len(got.ProofStatements) != 4 {
		t.Fatalf("%d messages, %d proof statements", got.MessageCount, len(got.ProofStatements))
	}
	for name, bad := range map[string]map[string]any{
		"claim":   edit2020(signed, func(m map[string]any) { subject(m)["givenName"] = "JANE" }),
		"created": edit2020(signed, func(m map[string]any) { m["proof"].(map[string]any)["created"] = "2020-01-01T00:00:00Z" }),
		"dropped": edit2020(signed, func(m map[string]any) { delete(subject(m), "lprNumber") }),
	} {
		if _, err := v.VerifySignature(bad); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("%s changed: %v, want ErrInvalidProof", name, err)
		}
	}
}

// MATTR's derived proofs (of its own signature and of one package vc made)
// verify in Go; tampered ones do not.
func TestLD2020MATTRDerived(t *testing.T) {
	v := &Verifier2020{Loader: loader2020(t)}
	for _, name := range []string{"derived-mattr.json", "derived-mattr-from-go.json"} {
		derived := readDoc2020(t, name)
		got, err := v.Verify(derived)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if string(got.Nonce) != "fabric-bbs interop nonce 0123456789" {
			t.Errorf("%s: nonce %q", name, got.Nonce)
		}
		if len(got.Indexes) >= got.MessageCount {
			t.Errorf("%s: %d of %d messages disclosed: nothing hidden", name, len(got.Indexes), got.MessageCount)
		}
		for what, bad := range map[string]map[string]any{
			"claim":  edit2020(derived, func(m map[string]any) { subject(m)["givenName"] = "JANE" }),
			"nonce":  edit2020(derived, func(m map[string]any) { m["proof"].(map[string]any)["nonce"] = "AAAA" }),
			"drop":   edit2020(derived, func(m map[string]any) { delete(subject(m), "familyName") }),
			"hidden": edit2020(derived, func(m map[string]any) { subject(m)["lprNumber"] = "999-999-999" }),
			"issuer": edit2020(derived, func(m map[string]any) { m["issuer"] = "did:example:other" }),
		} {
			if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s, %s changed: %v, want ErrInvalidProof", name, what, err)
			}
		}
	}
}

// A document that says more than its statements is refused before any
// cryptography: undefined terms, a top-level nonce, the wrong proof type.
func TestLD2020Safety(t *testing.T) {
	v := &Verifier2020{Loader: loader2020(t)}
	derived := readDoc2020(t, "derived-mattr.json")
	for what, bad := range map[string]map[string]any{
		"undefined term":  edit2020(derived, func(m map[string]any) { subject(m)["licenseClass"] = "C" }),
		"top-level nonce": edit2020(derived, func(m map[string]any) { m["nonce"] = "x" }),
		"proof type":      edit2020(derived, func(m map[string]any) { m["proof"].(map[string]any)["type"] = ProofType2020 }),
		"no nonce":        edit2020(derived, func(m map[string]any) { delete(m["proof"].(map[string]any), "nonce") }),
		"purpose":         edit2020(derived, func(m map[string]any) { m["proof"].(map[string]any)["proofPurpose"] = "authentication" }),
		"proofValue":      edit2020(derived, func(m map[string]any) { m["proof"].(map[string]any)["proofValue"] = "AAAA" }),
		"null":            edit2020(derived, func(m map[string]any) { subject(m)["gender"] = nil }),
	} {
		_, err := v.Verify(bad)
		if err == nil || errors.Is(err, ErrInvalidProof) {
			t.Errorf("%s: %v, want a malformed-document error", what, err)
		}
	}
	// An unknown application context is never fetched.
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := (&Verifier2020{Loader: l}).Verify(derived); !errors.Is(err, ErrDocument) {
		t.Errorf("without the application context: %v, want ErrDocument", err)
	}
}

// Package vc signs, derives from its own and MATTR's signature, and
// verifies; a derived proof is bound to its nonce.
func TestLD2020RoundTrip(t *testing.T) {
	l := loader2020(t)
	sk, err := bbs.BBSPlus2020().NewKeyFromSeed([]byte("interop-issuer-seed-0123456789abcdef"))
	if err != nil {
		t.Fatal(err)
	}
	unsigned := readDoc2020(t, "signed-mattr.json")
	delete(unsigned, "proof")
	did, _, err := DIDKey(sk.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	unsigned["issuer"] = did
	signed, err := l.Sign2020(unsigned, Sign2020Options{SecretKey: sk, Created: "2024-01-02T03:04:05Z"}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	v := &Verifier2020{Loader: l}
	if _, err := v.VerifySignature(signed); err != nil {
		t.Fatal(err)
	}
	frame := readDoc2020(t, "frame.json")
	for _, s := range []map[string]any{signed, readDoc2020(t, "signed-mattr.json")} {
		derived, err := l.Derive2020(s, frame, Derive2020Options{Nonce: []byte("nonce-0123456789")}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		got, err := v.Verify(derived)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := subject(derived)["lprNumber"]; ok {
			t.Error("the frame did not hide lprNumber")
		}
		if subject(derived)["givenName"] != "JOHN" || string(got.Nonce) != "nonce-0123456789" {
			t.Errorf("derived %v, nonce %q", subject(derived), got.Nonce)
		}
	}
	// The IETF key is refused for this suite.
	ietf, err := ietfScheme().NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Sign2020(unsigned, Sign2020Options{SecretKey: ietf}, Limits{}); !errors.Is(err, ErrKey) {
		t.Errorf("IETF key: %v, want ErrKey", err)
	}
}

// Derive2020 refuses a frame that matches nothing, and one without a
// @context.
func TestLD2020DeriveRefusesBadFrame(t *testing.T) {
	l := loader2020(t)
	signed := readDoc2020(t, "signed-mattr.json")
	frame := map[string]any{"@context": map[string]any{"@vocab": "https://ex.example/"}, "@type": "https://ex.example/Nothing"}
	if _, err := l.Derive2020(signed, frame, Derive2020Options{}, Limits{}); !errors.Is(err, ErrDocument) {
		t.Fatalf("a frame matching nothing: %v, want ErrDocument", err)
	}
	if _, err := l.Derive2020(signed, map[string]any{}, Derive2020Options{}, Limits{}); !errors.Is(err, ErrDocument) {
		t.Fatalf("a frame without @context: %v, want ErrDocument", err)
	}
}

func TestLegacyStatements(t *testing.T) {
	in := []string{"<a:b> <a:p> \"t\\tx\\u0001\\n\\r\\\"\\\\\\b\\f\" .\n", "<a:a> <a:p> \"x\" .\n"}
	got := legacyStatements(in)
	want := []string{"<a:a> <a:p> \"x\" .", "<a:b> <a:p> \"t\tx\x01\\n\\r\\\"\\\\\b\f\" ."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestBnid(t *testing.T) {
	line := `_:c14n0 <a:p> _:c14n12 <urn:bnid:_:c14nx> "_:c14n" .`
	b := toBnid(line)
	if b != `<urn:bnid:_:c14n0> <a:p> <urn:bnid:_:c14n12> <urn:bnid:_:c14nx> "_:c14n" .` {
		t.Fatalf("toBnid: %s", b)
	}
	if u := unBnid(b); u != `_:c14n0 <a:p> _:c14n12 <urn:bnid:_:c14nx> "_:c14n" .` {
		t.Fatalf("unBnid: %s", u)
	}
}

func TestBls12381G2Key2020(t *testing.T) {
	sk, err := bbs.BBSPlus2020().NewKeyFromSeed(bytes.Repeat([]byte{2}, 32))
	if err != nil {
		t.Fatal(err)
	}
	pk := sk.PublicKey().Bytes()
	vm, err := Bls12381G2Key2020("did:example:1#k", "did:example:1", pk)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(vm)
	var back map[string]any
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	id, got, err := ParseBls12381G2Key2020(back)
	if err != nil || id != "did:example:1#k" || !bytes.Equal(got, pk) {
		t.Fatalf("%s %x %v", id, got, err)
	}
	back["publicKeyBase58"] = "3mJr7AoUXx2Wqd"
	if _, _, err := ParseBls12381G2Key2020(back); !errors.Is(err, ErrKey) {
		t.Fatalf("short key: %v", err)
	}
}

// One encoding per value: encoding/base64 skips line breaks even in strict
// mode (found by FuzzParseProofValue2020).
func TestParseProofValue2020LineBreak(t *testing.T) {
	for _, s := range []string{"AAA=\n", "AA\r\nAA", "AAAA\n"} {
		if _, err := ParseProofValue2020(s); !errors.Is(err, ErrProofValue) {
			t.Errorf("proofValue %q: %v, want ErrProofValue", s, err)
		}
		if _, err := ParseNonce2020(s); !errors.Is(err, ErrProofValue) {
			t.Errorf("nonce %q: %v, want ErrProofValue", s, err)
		}
	}
	if b, err := ParseProofValue2020("AAA="); err != nil || len(b) != 2 {
		t.Errorf("AAA=: %x %v", b, err)
	}
}

// A poison graph of blank nodes is refused with ErrLimit, before any
// pairing, in a derived document and in a signed one.
func TestLD2020Hostile(t *testing.T) {
	v := &Verifier2020{Loader: loader2020(t)}
	if _, err := v.Verify(hostile2020(t)); !errors.Is(err, ErrLimit) {
		t.Fatalf("derived: %v, want ErrLimit", err)
	}
	signed := edit2020(readDoc2020(t, "signed-mattr.json"), func(m map[string]any) {
		subject(m)["https://ex.example/crew"] = poisonDocument(10)["@graph"]
	})
	if _, err := v.VerifySignature(signed); !errors.Is(err, ErrLimit) {
		t.Fatalf("signed: %v, want ErrLimit", err)
	}
}

// Every peer gives the same answer, bytes and error text, for valid and
// hostile documents alike (map order, GOMAXPROCS).
func TestLD2020OneAnswer(t *testing.T) {
	v := &Verifier2020{Loader: loader2020(t)}
	derived := readDoc2020(t, "derived-mattr.json")
	docs := map[string]map[string]any{
		"valid":    derived,
		"tampered": edit2020(derived, func(m map[string]any) { subject(m)["givenName"] = "JANE" }),
		"hostile":  hostile2020(t),
		"unsafe":   edit2020(derived, func(m map[string]any) { subject(m)["licenseClass"] = "C"; m["foo"] = "bar" }),
	}
	for _, name := range []string{"hostile", "tampered", "unsafe", "valid"} {
		doc := docs[name]
		oneanswer.Check(t, 8, func() string {
			res, err := v.Verify(doc)
			if err != nil {
				return "error: " + err.Error()
			}
			return strings.Join(res.DocumentStatements, "\n") + fmt.Sprint(res.Indexes)
		})
	}
}
