// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"
)

// nymIssue issues the windsurf document with the pseudonym feature, under
// the vector's key, HMAC key and mandatory pointers, to a fresh holder.
func nymIssue(t *testing.T, l *Loader) (signed map[string]any, secret []byte) {
	t.Helper()
	var km windKeys
	readVector(t, "BBSKeyMaterial.json", &km)
	skb, _ := hex.DecodeString(km.PrivateKeyHex)
	sk, err := ietfScheme().ParseSecretKey(skb)
	if err != nil {
		t.Fatal(err)
	}
	hk, _ := hex.DecodeString(km.HmacKeyString)
	var mandatory []string
	readVector(t, "windMandatory.json", &mandatory)
	com, secret, err := NewPseudonymCommitment(nil)
	if err != nil {
		t.Fatal(err)
	}
	signed, err = l.IssueWithPseudonym(readDoc(t, "windDoc.json"), IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: mandatory, HMACKey: hk}, com, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return signed, secret
}

func proofValueBytes(t *testing.T, doc map[string]any) []byte {
	t.Helper()
	b, err := decodeMultibase(doc["proof"].(map[string]any)["proofValue"].(string))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestPseudonymIssueDeriveVerify: the whole pseudonym feature. The base
// proof has header d95d06 and six components, the derived d95d07 and
// eight; the verifier returns the pseudonym and its domain; two
// presentations in one domain show the same pseudonym, in two domains
// different ones; the pseudonym is the holder's (bbs Pseudonym of the
// final secret); a baseline verifier path refuses nothing it should not.
func TestPseudonymIssueDeriveVerify(t *testing.T) {
	l := newTestLoader(t)
	signed, secret := nymIssue(t, l)
	if h := proofValueBytes(t, signed)[:3]; !bytes.Equal(h, []byte{0xd9, 0x5d, 0x06}) {
		t.Fatalf("base proof header %x, want d95d06", h)
	}
	if _, err := ParseBaseProofValue(signed["proof"].(map[string]any)["proofValue"].(string)); err == nil {
		t.Error("the baseline parser accepts a pseudonym base proof")
	}
	v := &Verifier{Loader: l, Pseudonyms: true}
	derive := func(domain, nonce string, sel []string) map[string]any {
		t.Helper()
		d, err := l.DeriveWithPseudonym(signed, PseudonymDeriveOptions{
			DeriveOptions: DeriveOptions{SelectivePointers: sel, PresentationHeader: []byte(nonce)},
			NymSecret:     secret, NymDomain: []byte(domain),
		}, Limits{})
		if err != nil {
			t.Fatal(err)
		}
		return d
	}
	d1 := derive("https://verifier-a.example/", "nonce-0123456789-a", []string{"/credentialSubject/sails/0"})
	d2 := derive("https://verifier-a.example/", "nonce-0123456789-b", nil)
	d3 := derive("https://verifier-b.example/", "nonce-0123456789-c", []string{"/credentialSubject/boards/1/brand"})
	if h := proofValueBytes(t, d1)[:3]; !bytes.Equal(h, []byte{0xd9, 0x5d, 0x07}) {
		t.Fatalf("derived proof header %x, want d95d07", h)
	}
	if _, err := (&Verifier{Loader: l}).Verify(d1); !errors.Is(err, ErrProofValue) {
		t.Errorf("a verifier without Pseudonyms: %v, want ErrProofValue", err)
	}
	var res [3]*Verified
	for i, d := range []map[string]any{d1, d2, d3} {
		r, err := v.Verify(d)
		if err != nil {
			t.Fatalf("derived %d: %v", i+1, err)
		}
		if r.Feature != FeaturePseudonym || len(r.Pseudonym) != 48 {
			t.Fatalf("derived %d: feature %q, pseudonym %x", i+1, r.Feature, r.Pseudonym)
		}
		res[i] = r
	}
	if !bytes.Equal(res[0].Pseudonym, res[1].Pseudonym) {
		t.Error("two presentations in one domain show different pseudonyms")
	}
	if bytes.Equal(res[0].Pseudonym, res[2].Pseudonym) {
		t.Error("two domains show the same pseudonym")
	}
	if string(res[2].NymDomain) != "https://verifier-b.example/" || string(res[2].PresentationHeader) != "nonce-0123456789-c" {
		t.Errorf("domain %q, presentation header %q", res[2].NymDomain, res[2].PresentationHeader)
	}
	final, err := l.PseudonymSecret(signed, secret, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	fs, err := nymScheme().ParseNymSecret(final)
	if err != nil {
		t.Fatal(err)
	}
	want, err := nymScheme().Pseudonym(fs, []byte("https://verifier-a.example/"))
	if err != nil || !bytes.Equal(want.Bytes(), res[0].Pseudonym) {
		t.Fatalf("pseudonym %x, the holder's is %x (%v)", res[0].Pseudonym, want.Bytes(), err)
	}
	// The final secret derives the same pseudonym.
	d4, err := l.DeriveWithPseudonym(signed, PseudonymDeriveOptions{NymSecret: final, NymDomain: []byte("https://verifier-a.example/")}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if r, err := v.Verify(d4); err != nil || !bytes.Equal(r.Pseudonym, res[0].Pseudonym) {
		t.Fatalf("derived from the final secret: %v", err)
	}
	// The baseline Derive refuses the pseudonym base proof.
	if _, err := l.Derive(signed, DeriveOptions{}, Limits{}); !errors.Is(err, ErrProofValue) {
		t.Errorf("baseline Derive of a pseudonym credential: %v", err)
	}
}

// TestPseudonymTampered: every change a holder or a copier could make to a
// derived credential with a pseudonym is refused: another pseudonym, domain,
// presentation header, length, a changed claim; another holder's secret
// cannot derive from the credential.
func TestPseudonymTampered(t *testing.T) {
	l := newTestLoader(t)
	signed, secret := nymIssue(t, l)
	v := &Verifier{Loader: l, Pseudonyms: true}
	d, err := l.DeriveWithPseudonym(signed, PseudonymDeriveOptions{
		DeriveOptions: DeriveOptions{SelectivePointers: []string{"/credentialSubject/sails/0"}, PresentationHeader: []byte("nonce-0123456789")},
		NymSecret:     secret, NymDomain: []byte("https://verifier-a.example/"),
	}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	pv := d["proof"].(map[string]any)["proofValue"].(string)
	dp, err := ParsePseudonymDerivedProofValue(pv)
	if err != nil {
		t.Fatal(err)
	}
	other, err := l.DeriveWithPseudonym(signed, PseudonymDeriveOptions{NymSecret: secret, NymDomain: []byte("https://verifier-b.example/")}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	otherDP, _ := ParsePseudonymDerivedProofValue(other["proof"].(map[string]any)["proofValue"].(string))
	for name, spoil := range map[string]func(p *PseudonymDerivedProofValue){
		"pseudonym":          func(p *PseudonymDerivedProofValue) { p.Pseudonym = otherDP.Pseudonym },
		"nym_domain":         func(p *PseudonymDerivedProofValue) { p.NymDomain = []byte("https://verifier-b.example/") },
		"presentationHeader": func(p *PseudonymDerivedProofValue) { p.PresentationHeader = []byte("nonce-0123456789-x") },
		"lengthBBSMessages":  func(p *PseudonymDerivedProofValue) { p.LengthBBSMessages++ },
		"empty domain":       func(p *PseudonymDerivedProofValue) { p.NymDomain = nil },
	} {
		q := *dp
		spoil(&q)
		s, err := q.Encode()
		if err != nil {
			t.Fatal(err)
		}
		bad := deepCopy(d).(map[string]any)
		bad["proof"].(map[string]any)["proofValue"] = s
		_, err = v.Verify(bad)
		t.Logf("%s changed: %v", name, err)
		if !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrProofValue) {
			t.Errorf("%s changed: %v", name, err)
		}
	}
	bad := deepCopy(d).(map[string]any)
	bad["credentialSubject"].(map[string]any)["sails"].([]any)[0].(map[string]any)["size"] = 99.0
	if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("a changed claim: %v", err)
	}
	_, otherSecret, err := NewPseudonymCommitment(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.DeriveWithPseudonym(signed, PseudonymDeriveOptions{NymSecret: otherSecret, NymDomain: []byte("x")}, Limits{}); err == nil ||
		!strings.Contains(err.Error(), "finalize") {
		t.Errorf("another holder's secret: %v", err)
	}
}
