// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"crypto/rand"
	"errors"
	"path/filepath"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// A MessageMap with no integers gives the draft's fixtures byte for byte,
// through the mapped signing, finalising, proving and verifying paths.
func TestNymMappedFixtures(t *testing.T) {
	empty, err := NewMessageMap(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, mm := range []*MessageMap{nil, empty} {
		for _, suite := range nymSuites {
			s := suite.s
			for _, path := range nymFiles(t, suite.dir, "nymSignature") {
				var f nymSignatureFixture
				readNymFixture(t, path, &f)
				sk, err := s.ParseSecretKey(f.SignerKeyPair.SecretKey)
				if err != nil {
					t.Fatal(err)
				}
				com, err := s.ParseNymCommitment(f.CommitmentWithProof, len(f.ProverNyms))
				if err != nil {
					t.Fatal(err)
				}
				entropy := nymScalar(t, f.SignerNymEntropy)
				sig, err := s.blindSignWithNymMapped(sk, com.com, com.n, &entropy, f.Header, nymBytes(f.Messages), mm)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(sig.Bytes(), f.Signature) {
					t.Errorf("%s: signature\n got %x\nwant %x", path, sig.Bytes(), f.Signature)
				}
				blind := nymScalar(t, f.ProverBlind)
				nyms, err := s.verifyFinalizeWithNymMapped(sk.PublicKey(), sig, f.Header, nymBytes(f.Messages), nymBytes(f.CommittedMessages), nymScalars(t, f.ProverNyms), &entropy, &blind, mm)
				if (err == nil) != f.Result.Valid {
					t.Fatalf("%s: finalise: %v, want valid=%v", path, err, f.Result.Valid)
				}
				for i, w := range nymScalars(t, f.NymSecrets) {
					if !nyms[i].Equal(&w) {
						t.Errorf("%s: nym secret %d differs", path, i)
					}
				}
			}
			for _, path := range nymFiles(t, suite.dir, "nymProof") {
				var f nymProofFixture
				readNymFixture(t, path, &f)
				pk, err := s.ParsePublicKey(f.SignerPublicKey)
				if err != nil {
					t.Fatal(err)
				}
				sig, err := s.ParseSignature(f.Signature)
				if err != nil {
					t.Fatal(err)
				}
				nyms := nymScalars(t, f.NymSecrets)
				blind := nymScalar(t, f.ProverBlind)
				rev, disclosed := nymRevealed(t, f.RevealedMessages)
				revC, disclosedC := nymRevealed(t, f.RevealedCommittedMessages)
				hidden := len(f.Messages) + 1 + len(f.CommittedMessages) + len(nyms) - len(rev) - len(revC)
				rnd := mockedProofScalars{nymMockRandom(t, s, f.MockRngParameters.Seed, f.MockRngParameters.Proof.DST, 5+hidden)}
				proof, _, err := s.proofGenWithNymMapped(rnd, pk, sig, f.Header, f.PresentationHeader, f.ContextID,
					nymBytes(f.Messages), nymBytes(f.CommittedMessages), rev, revC, nyms, &blind, mm, nil, nil)
				if err != nil {
					t.Fatal(err)
				}
				if got := proof.encode(); !bytes.Equal(got, f.Proof) {
					t.Errorf("%s: proof\n got %x\nwant %x", path, got, f.Proof)
				}
				pp, err := s.ParseProof(f.Proof)
				if err != nil {
					t.Fatal(err)
				}
				ps, err := s.ParsePseudonym(f.Pseudonym)
				if err != nil {
					t.Fatal(err)
				}
				err = VerifyProofWithPseudonymMapped(s, pk, pp, ps, f.Header, f.PresentationHeader, f.ContextID, f.L, len(nyms), disclosed, disclosedC, mm)
				if (err == nil) != f.Result.Valid {
					t.Errorf("%s: verify: %v, want valid=%v", filepath.Base(path), err, f.Result.Valid)
				}
			}
		}
	}
}

// nymIntegerFlow issues [name, age, country, day] with positions 1 and 3
// integers through the mapped public API.
func nymIntegerFlow(t testing.TB, s PseudonymScheme) (*nymFlow, *MessageMap) {
	t.Helper()
	mm, err := NewMessageMap([]int{3, 1})
	if err != nil {
		t.Fatal(err)
	}
	f := &nymFlow{
		s:         s,
		header:    []byte("nym integer header"),
		messages:  [][]byte{[]byte("name: Alice"), IntegerMessage(42), []byte("country: NO"), IntegerMessage(-3)},
		committed: [][]byte{[]byte("holder attribute")},
	}
	if f.sk, err = s.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32)); err != nil {
		t.Fatal(err)
	}
	if f.com, f.prover, err = s.CommitWithNym(rand.Reader, f.committed, 2); err != nil {
		t.Fatal(err)
	}
	if f.sig, f.entropy, err = BlindSignWithNymMapped(rand.Reader, s, f.sk, f.com, f.header, f.messages, mm); err != nil {
		t.Fatal(err)
	}
	// Finalised without the map, the signature does not verify: the
	// integers are signed as integers.
	if _, err := s.FinalizeWithNym(f.sk.PublicKey(), f.sig, f.header, f.messages, f.committed, f.prover, f.entropy); !errors.Is(err, ErrInvalidSignature) {
		t.Fatalf("finalise without the map: %v, want ErrInvalidSignature", err)
	}
	if f.secret, err = FinalizeWithNymMapped(s, f.sk.PublicKey(), f.sig, f.header, f.messages, f.committed, f.prover, f.entropy, mm); err != nil {
		t.Fatal(err)
	}
	return f, mm
}

func TestNymIntegers(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f, mm := nymIntegerFlow(t, s)
			pk := f.sk.PublicKey()
			nonce, ctx := []byte("nonce"), []byte("context")
			proof, nym, err := DeriveProofWithPseudonymMapped(nil, s, pk, f.sig, f.header, nonce, ctx, f.messages, f.committed, []int{1, 0}, nil, f.secret, mm)
			if err != nil {
				t.Fatal(err)
			}
			d := []DisclosedMessage{{0, f.messages[0]}, {1, f.messages[1]}}
			if err := VerifyProofWithPseudonymMapped(s, pk, proof, nym, f.header, nonce, ctx, 4, 2, d, nil, mm); err != nil {
				t.Fatal(err)
			}
			// The disclosed integer read by hash does not verify, nor
			// another integer.
			if err := s.VerifyProofWithPseudonym(pk, proof, nym, f.header, nonce, ctx, 4, 2, d, nil); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("verify without the map: %v, want ErrInvalidProof", err)
			}
			d[1].Message = IntegerMessage(43)
			if err := VerifyProofWithPseudonymMapped(s, pk, proof, nym, f.header, nonce, ctx, 4, 2, d, nil, mm); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("verify another integer: %v, want ErrInvalidProof", err)
			}
			// A map position on a committed message's combined index (the
			// blind is at 4, the committed message at 5) does not map the
			// committed message: it stays hashed.
			mm5, _ := NewMessageMap([]int{1, 3, 5})
			proof, nym, err = DeriveProofWithPseudonymMapped(nil, s, pk, f.sig, f.header, nonce, ctx, f.messages, f.committed, nil, []int{0}, f.secret, mm5)
			if err != nil {
				t.Fatal(err)
			}
			if err := VerifyProofWithPseudonymMapped(s, pk, proof, nym, f.header, nonce, ctx, 4, 2, nil, []DisclosedMessage{{0, f.committed[0]}}, mm5); err != nil {
				t.Errorf("committed message under a map naming its combined index: %v", err)
			}
			// An integer position whose message is not 8 bytes is refused.
			bad := append([][]byte(nil), f.messages...)
			bad[1] = []byte("forty-two")
			if _, _, err := BlindSignWithNymMapped(nil, s, f.sk, f.com, f.header, bad, mm); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("sign a non-integer at an integer position: %v", err)
			}
			// Not a pseudonym scheme.
			if _, _, err := DeriveProofWithPseudonymMapped(nil, BLS12381SHA256(), pk, f.sig, f.header, nonce, ctx, f.messages, f.committed, nil, nil, f.secret, mm); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("IETF scheme: %v", err)
			}
		})
	}
}

// The fixed m̃ of a hidden issuer message is the one the proof uses:
// m̂ − m·c = m̃. Fixing a disclosed message, the blind or a nym secret is
// refused.
func TestNymFixedScalars(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f, mm := nymIntegerFlow(t, s)
			ns := s.(*nymScheme)
			pk := f.sk.PublicKey()
			var fixed fr.Element
			fixed.SetUint64(123456789)
			p, _, err := ns.deriveProofWithPseudonym(nil, pk, f.sig, f.header, []byte("n"), []byte("c"), f.messages, f.committed, []int{0}, nil, f.secret, mm, []int{3}, []fr.Element{fixed})
			if err != nil {
				t.Fatal(err)
			}
			body := p.body.(*ietfProof)
			m, err := integerScalar(f.messages[3])
			if err != nil {
				t.Fatal(err)
			}
			// Hidden: 1, 2, 3, the blind, the committed message, 2 nyms;
			// message 3 is the third.
			var got fr.Element
			got.Mul(&m, &body.c)
			got.Sub(&body.mHat[2], &got)
			if !got.Equal(&fixed) {
				t.Errorf("m̃_3 = %x, want %x", group.AppendScalar(nil, &got), group.AppendScalar(nil, &fixed))
			}
			for _, at := range [][]int{{0}, {4}, {7}, {-1}, {3, 3}} {
				fx := make([]fr.Element, len(at))
				if _, _, err := ns.deriveProofWithPseudonym(nil, pk, f.sig, f.header, []byte("n"), []byte("c"), f.messages, f.committed, []int{0}, nil, f.secret, mm, at, fx); !errors.Is(err, ErrInvalidArgument) {
					t.Errorf("fixed at %v: %v, want ErrInvalidArgument", at, err)
				}
			}
		})
	}
}
