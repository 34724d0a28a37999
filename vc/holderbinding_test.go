// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"encoding/hex"
	"errors"
	"reflect"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// hbIssue issues the windsurf document with the anonymous_holder_binding
// feature, under the vector's key, HMAC key and mandatory pointers, to a
// fresh holder secret.
func hbIssue(t *testing.T, l *Loader) (signed map[string]any, secret, blind []byte) {
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
	if secret, err = NewHolderSecret(nil); err != nil {
		t.Fatal(err)
	}
	com, blind, err := HolderBindingCommitment(nil, secret)
	if err != nil {
		t.Fatal(err)
	}
	signed, err = l.IssueWithHolderBinding(readDoc(t, "windDoc.json"), IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: mandatory, HMACKey: hk}, com, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	return signed, secret, blind
}

// TestHolderBindingIssueDeriveVerify: the whole feature. The base proof
// has header d95d04 and five components, the derived d95d05 and six; the
// holder's check passes for its secret and fails for another; the derived
// credential verifies with Feature anonymous_holder_binding, only under a
// verifier that admits the feature; the baseline Derive and parsers refuse
// the feature's proof values.
func TestHolderBindingIssueDeriveVerify(t *testing.T) {
	l := newTestLoader(t)
	signed, secret, blind := hbIssue(t, l)
	pv := proofValueBytes(t, signed)
	if !bytes.Equal(pv[:3], []byte{0xd9, 0x5d, 0x04}) {
		t.Fatalf("base proof header %x, want d95d04", pv[:3])
	}
	if _, err := ParseBaseProofValue(signed["proof"].(map[string]any)["proofValue"].(string)); err == nil {
		t.Error("the baseline parser accepts a holder binding base proof")
	}
	if err := l.CheckHolderBinding(signed, secret, blind, Limits{}); err != nil {
		t.Fatal(err)
	}
	other, _ := NewHolderSecret(nil)
	if err := l.CheckHolderBinding(signed, other, blind, Limits{}); !errors.Is(err, bbs.ErrInvalidSignature) {
		t.Errorf("another secret: %v", err)
	}
	d, err := l.DeriveWithHolderBinding(signed, HolderBindingDeriveOptions{
		DeriveOptions: DeriveOptions{SelectivePointers: []string{"/credentialSubject/sails/0"}, PresentationHeader: []byte("nonce-0123456789")},
		HolderSecret:  secret, ProverBlind: blind,
	}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	dpv := proofValueBytes(t, d)
	if !bytes.Equal(dpv[:3], []byte{0xd9, 0x5d, 0x05}) {
		t.Fatalf("derived proof header %x, want d95d05", dpv[:3])
	}
	dp, err := ParseHolderBindingDerivedProofValue(d["proof"].(map[string]any)["proofValue"].(string))
	if err != nil {
		t.Fatal(err)
	}
	v := &Verifier{Loader: l, HolderBinding: true}
	r, err := v.Verify(d)
	if err != nil {
		t.Fatal(err)
	}
	if r.Feature != FeatureHolderBinding || string(r.PresentationHeader) != "nonce-0123456789" {
		t.Errorf("feature %q, presentation header %q", r.Feature, r.PresentationHeader)
	}
	// The proof hides L - disclosed signer statements, the secret and the blind.
	if hidden := (len(dp.Proof) - 272) / 32; hidden != dp.LengthBBSMessages-len(r.NonMandatory)+2 {
		t.Errorf("%d hidden messages, want %d", hidden, dp.LengthBBSMessages-len(r.NonMandatory)+2)
	}
	if _, err := (&Verifier{Loader: l}).Verify(d); !errors.Is(err, ErrProofValue) {
		t.Errorf("a verifier without HolderBinding: %v, want ErrProofValue", err)
	}
	if _, err := (&Verifier{Loader: l, Pseudonyms: true}).Verify(d); !errors.Is(err, ErrProofValue) {
		t.Errorf("a verifier with Pseudonyms only: %v, want ErrProofValue", err)
	}
	if _, err := l.Derive(signed, DeriveOptions{}, Limits{}); !errors.Is(err, ErrProofValue) {
		t.Errorf("baseline Derive of a holder binding credential: %v", err)
	}
	// Mandatory only, empty presentation header.
	d2, err := l.DeriveWithHolderBinding(signed, HolderBindingDeriveOptions{HolderSecret: secret, ProverBlind: blind}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := v.Verify(d2); err != nil {
		t.Fatal(err)
	}
}

// TestHolderBindingTampered: a copier without the secret cannot derive; a
// changed claim, presentation header or lengthBBSMessages is refused; a
// baseline header over the same components is refused; so is a
// commitment that is not to one secret, or whose proof is false.
func TestHolderBindingTampered(t *testing.T) {
	l := newTestLoader(t)
	signed, secret, blind := hbIssue(t, l)
	other, _ := NewHolderSecret(nil)
	if _, err := l.DeriveWithHolderBinding(signed, HolderBindingDeriveOptions{HolderSecret: other, ProverBlind: blind}, Limits{}); !errors.Is(err, bbs.ErrInvalidSignature) {
		t.Errorf("another holder's secret: %v", err)
	}
	wrongBlind := bytes.Clone(blind)
	wrongBlind[31] ^= 1
	if _, err := l.DeriveWithHolderBinding(signed, HolderBindingDeriveOptions{HolderSecret: secret, ProverBlind: wrongBlind}, Limits{}); !errors.Is(err, bbs.ErrInvalidSignature) {
		t.Errorf("another prover blind: %v", err)
	}
	if _, err := l.DeriveWithHolderBinding(signed, HolderBindingDeriveOptions{HolderSecret: secret}, Limits{}); err == nil {
		t.Error("derived without a prover blind")
	}
	d, err := l.DeriveWithHolderBinding(signed, HolderBindingDeriveOptions{
		DeriveOptions: DeriveOptions{SelectivePointers: []string{"/credentialSubject/sails/0"}, PresentationHeader: []byte("nonce-0123456789")},
		HolderSecret:  secret, ProverBlind: blind,
	}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	v := &Verifier{Loader: l, HolderBinding: true}
	dp, err := ParseHolderBindingDerivedProofValue(d["proof"].(map[string]any)["proofValue"].(string))
	if err != nil {
		t.Fatal(err)
	}
	for name, spoil := range map[string]func(p *HolderBindingDerivedProofValue){
		"presentationHeader":  func(p *HolderBindingDerivedProofValue) { p.PresentationHeader = []byte("nonce-0123456789-x") },
		"lengthBBSMessages+1": func(p *HolderBindingDerivedProofValue) { p.LengthBBSMessages++ },
		"lengthBBSMessages-1": func(p *HolderBindingDerivedProofValue) { p.LengthBBSMessages-- },
		"lengthBBSMessages 0": func(p *HolderBindingDerivedProofValue) { p.LengthBBSMessages = 0 },
	} {
		q := *dp
		spoil(&q)
		s, err := q.Encode()
		if err != nil {
			t.Fatal(err)
		}
		bad := deepCopy(d).(map[string]any)
		bad["proof"].(map[string]any)["proofValue"] = s
		if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("%s changed: %v", name, err)
		}
	}
	// The same BBS proof under the baseline header: a plain ProofVerify
	// (another api_id, and L + 2 messages) refuses it.
	baseline, err := dp.DerivedProofValue.Encode()
	if err != nil {
		t.Fatal(err)
	}
	bad := deepCopy(d).(map[string]any)
	bad["proof"].(map[string]any)["proofValue"] = baseline
	if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("under the baseline header: %v", err)
	}
	bad = deepCopy(d).(map[string]any)
	bad["credentialSubject"].(map[string]any)["sails"].([]any)[0].(map[string]any)["size"] = 99.0
	if _, err := v.Verify(bad); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("a changed claim: %v", err)
	}
	// The issuer's side: commitments that are not to one secret, or false.
	var km windKeys
	readVector(t, "BBSKeyMaterial.json", &km)
	skb, _ := hex.DecodeString(km.PrivateKeyHex)
	sk, _ := ietfScheme().ParseSecretKey(skb)
	two, _, err := bbs.BlindBLS12381SHA256().Commit(nil, [][]byte{secret, secret})
	if err != nil {
		t.Fatal(err)
	}
	com, _, err := HolderBindingCommitment(nil, secret)
	if err != nil {
		t.Fatal(err)
	}
	falseCom := bytes.Clone(com)
	falseCom[len(falseCom)-1] ^= 1
	for name, c := range map[string][]byte{"two secrets": two, "false proof": falseCom, "empty": nil} {
		if _, err := l.IssueWithHolderBinding(readDoc(t, "windDoc.json"), IssueOptions{SecretKey: sk}, c, Limits{}); err == nil {
			t.Errorf("issued over a commitment with %s", name)
		}
	}
}

func seedHolderBindingProofValues(f *testing.F) {
	for _, name := range []string{"HolderBinding/addSignedSDBase.json", "HolderBinding/derivedRevealDocument.json", "Pseudonym/derivedRevealDocument.json"} {
		var doc struct{ Proof struct{ ProofValue string } }
		readFeature(&testing.T{}, name, &doc)
		f.Add(doc.Proof.ProofValue)
		if b, err := decodeMultibase(doc.Proof.ProofValue); err == nil && len(b) > 3 {
			b[2] ^= 1 // d95d04 <-> d95d05
			f.Add(encodeMultibase(b))
		}
	}
	f.Add("u2V0FhkBAQEBA")
	f.Add("")
}

// FuzzParseHolderBindingProofValues: neither parser panics; what parses
// encodes and parses back to the same value.
func FuzzParseHolderBindingProofValues(f *testing.F) {
	seedHolderBindingProofValues(f)
	f.Fuzz(func(t *testing.T, s string) {
		if p, err := ParseHolderBindingBaseProofValue(s); err == nil {
			enc, err := encodeHolderBindingBase(p)
			if err != nil {
				t.Fatalf("encode of a parsed base value: %v", err)
			}
			q, err := ParseHolderBindingBaseProofValue(enc)
			if err != nil || !reflect.DeepEqual(p, q) {
				t.Fatalf("base round trip: %v", err)
			}
		}
		if p, err := ParseHolderBindingDerivedProofValue(s); err == nil {
			enc, err := p.Encode()
			if err != nil {
				t.Fatalf("encode of a parsed derived value: %v", err)
			}
			q, err := ParseHolderBindingDerivedProofValue(enc)
			if err != nil || !reflect.DeepEqual(p, q) {
				t.Fatalf("derived round trip: %v", err)
			}
		}
	})
}
