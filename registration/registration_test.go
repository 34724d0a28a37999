// SPDX-License-Identifier: Apache-2.0

package registration

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

func statement(scheme string) *Statement {
	return &Statement{Purpose: PurposeRegister, Channel: "ch", IssuerID: "acme", KeyVersion: 1, Scheme: scheme,
		MSPID: "Org1MSP", SubmitterID: "eDUwOTo6Q049YWxpY2U="}
}

// TestProveVerifyEveryScheme: a proof of possession verifies for its
// statement, and for no statement that differs in any message.
func TestProveVerifyEveryScheme(t *testing.T) {
	schemes := bbs.Schemes()
	for _, s := range bbs.PseudonymSchemes() {
		schemes = append(schemes, s)
	}
	for i, s := range schemes {
		t.Run(s.Name(), func(t *testing.T) {
			sk, err := s.NewKeyFromSeed([]byte(strings.Repeat("k", 32) + string(rune('a'+i))))
			if err != nil {
				t.Fatal(err)
			}
			st := statement(s.Name())
			proof, err := Prove(rand.NewChaCha8([32]byte{1}), sk, st)
			if err != nil {
				t.Fatal(err)
			}
			if err := Verify(sk.PublicKey(), st, proof); err != nil {
				t.Fatalf("own statement: %v", err)
			}
			for name, change := range map[string]func(*Statement){
				"purpose": func(x *Statement) { x.Purpose = PurposeRotate },
				"channel": func(x *Statement) { x.Channel = "ch2" },
				"issuer":  func(x *Statement) { x.IssuerID = "acme2" },
				"version": func(x *Statement) { x.KeyVersion = 2 },
				"scheme":  func(x *Statement) { x.Scheme = "other" },
				"msp":     func(x *Statement) { x.MSPID = "Org2MSP" },
				"id":      func(x *Statement) { x.SubmitterID = "other" },
				// Moving bytes between adjacent messages changes the statement.
				"boundary": func(x *Statement) { x.Channel, x.IssuerID = "cha", "cme" },
			} {
				other := statement(s.Name())
				change(other)
				if err := Verify(sk.PublicKey(), other, proof); !errors.Is(err, ErrNoPossession) {
					t.Errorf("%s changed: %v", name, err)
				}
			}
			other, _ := s.NewKeyFromSeed([]byte(strings.Repeat("o", 33)))
			if err := Verify(other.PublicKey(), st, proof); !errors.Is(err, ErrNoPossession) {
				t.Errorf("another key: %v", err)
			}
			if _, err := Prove(nil, sk, statement("other")); err == nil {
				t.Error("Prove made a proof for a statement naming another scheme")
			}
		})
	}
}

// TestVerifyRefusesOtherCounts: a proof over another number of messages
// is refused before any curve arithmetic.
func TestVerifyRefusesOtherCounts(t *testing.T) {
	s := bbs.BBSPlus2020()
	sk, _ := s.NewKeyFromSeed(make([]byte, 32))
	msgs := make([][]byte, 9)
	for i := range msgs {
		msgs[i] = []byte{byte(i)}
	}
	sig, _ := s.Sign(sk, nil, msgs)
	p, err := s.DeriveProof(nil, sk.PublicKey(), sig, nil, nil, msgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	err = Verify(sk.PublicKey(), statement(s.Name()), p.Bytes())
	if !errors.Is(err, ErrNoPossession) || !strings.Contains(err.Error(), "covers 9 messages") {
		t.Fatal(err)
	}
}

func TestParseRegistration(t *testing.T) {
	ok := `{"id":"a","scheme":"bbs+2020","publicKey":"AA==","description":"d","settings":{"messageCounts":[5]},"proofOfPossession":"AA=="}`
	r, err := ParseRegistration(ok)
	if err != nil || r.ID != "a" || string(r.Settings) != `{"messageCounts":[5]}` {
		t.Fatalf("%+v %v", r, err)
	}
	for doc, want := range map[string]string{
		``:          "one JSON object",
		`[]`:        "one JSON object",
		`{"id":"a"`: "one JSON object",
		`{"id":"a","scheme":"s","publicKey":"AA==","proofOfPossession":"AA=="} {}`:                                    "one JSON object",
		`{"id":"a","id":"b","scheme":"s","publicKey":"AA==","proofOfPossession":"AA=="}`:                              `duplicate field "id"`,
		`{"id":"a","scheme":"s","publicKey":"AA==","proofOfPossession":"AA==","x":1}`:                                 `unknown field "x"`,
		`{"id":"a","scheme":"s","publicKey":"AA==","proofOfPossession":"AA==","settings":null}`:                       "settings must be an object",
		`{"id":"a","scheme":"s","publicKey":"AA=="}`:                                                                  "proofOfPossession is missing",
		`{"scheme":"s","publicKey":"AA==","proofOfPossession":"AA=="}`:                                                "id is missing",
		`{"id":1,"scheme":"s","publicKey":"AA==","proofOfPossession":"AA=="}`:                                         "cannot unmarshal",
		`{"id":"a","scheme":"s","publicKey":"AA==","proofOfPossession":"AA==","` + strings.Repeat("x", 5000) + `":1}`: "...",
		strings.Repeat(" ", MaxDocumentSize+1):                                                                        "over the limit",
	} {
		_, err := ParseRegistration(doc)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), want) || len(err.Error()) > 400 {
			t.Errorf("%.80q: %v", doc, err)
		}
	}
}

func TestParseRotation(t *testing.T) {
	if _, err := ParseRotation(`{"id":"a","keyVersion":2,"publicKey":"AA==","proofOfPossession":"AA=="}`); err != nil {
		t.Fatal(err)
	}
	for doc, want := range map[string]string{
		`{"id":"a","publicKey":"AA==","proofOfPossession":"AA=="}`:                             "keyVersion is 0",
		`{"id":"a","keyVersion":1,"publicKey":"AA==","proofOfPossession":"AA=="}`:              "keyVersion is 1",
		`{"id":"a","keyVersion":2,"publicKey":"AA==","proofOfPossession":"AA==","scheme":"s"}`: `unknown field "scheme"`,
		`{"id":"a","keyVersion":2,"proofOfPossession":"AA=="}`:                                 "publicKey is missing",
	} {
		if _, err := ParseRotation(doc); !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v", doc, err)
		}
	}
}

// FuzzParseRegistration: never panics, fails only with ErrInvalid and a
// short error, and what it accepts has the required fields.
func FuzzParseRegistration(f *testing.F) {
	f.Add(`{"id":"a","scheme":"bbs+2020","publicKey":"AA==","settings":{"messageCounts":[5]},"proofOfPossession":"AA=="}`)
	f.Add(`{"id":"a","keyVersion":2,"publicKey":"AA==","proofOfPossession":"AA=="}`)
	f.Add(`{"id":"a","id":"a"}`)
	f.Add(`{"id":"a","ID":"b","scheme":"bbs+2020","publicKey":"AA==","proofOfPossession":"AA=="}`)
	f.Add(`{"Id":"b","scheme":"bbs+2020","publicKey":"AA==","proofOfPossession":"AA=="}`)
	exact := map[string]bool{"id": true, "scheme": true, "publicKey": true, "description": true, "settings": true, "proofOfPossession": true, "keyVersion": true}
	f.Fuzz(func(t *testing.T, doc string) {
		if r, err := ParseRegistration(doc); err != nil {
			if !errors.Is(err, ErrInvalid) || len(err.Error()) > 400 {
				t.Fatalf("registration: %v", err)
			}
		} else if r.ID == "" || r.Scheme == "" || r.PublicKey == "" || r.ProofOfPossession == "" {
			t.Fatalf("accepted %+v", r)
		} else {
			// A reader that matches keys exactly reads the same ID.
			var m map[string]json.RawMessage
			var id string
			if json.Unmarshal([]byte(doc), &m) != nil || json.Unmarshal(m["id"], &id) != nil || id != r.ID {
				t.Fatalf("accepted %q as ID %q", doc, r.ID)
			}
			for k := range m {
				if !exact[k] {
					t.Fatalf("accepted %q with key %q", doc, k)
				}
			}
		}
		if r, err := ParseRotation(doc); err != nil {
			if !errors.Is(err, ErrInvalid) || len(err.Error()) > 400 {
				t.Fatalf("rotation: %v", err)
			}
		} else if r.ID == "" || r.KeyVersion < 2 || r.PublicKey == "" || r.ProofOfPossession == "" {
			t.Fatalf("accepted %+v", r)
		}
	})
}

// BenchmarkVerify is the chaincode's cost of checking a proof of
// possession, per scheme.
func BenchmarkVerify(b *testing.B) {
	for _, s := range []bbs.Scheme{bbs.BBSPlus2020(), bbs.BLS12381SHA256(), bbs.NymBLS12381SHA256()} {
		b.Run(s.Name(), func(b *testing.B) {
			sk, err := s.NewKeyFromSeed(make([]byte, 32))
			if err != nil {
				b.Fatal(err)
			}
			st := statement(s.Name())
			proof, err := Prove(nil, sk, st)
			if err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if err := Verify(sk.PublicKey(), st, proof); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
