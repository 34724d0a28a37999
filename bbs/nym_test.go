// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"crypto/rand"
	"errors"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// The pseudonym schemes through their public API: the whole flow, and
// every way it must fail.

// nymFlow is one credential issued through the public API.
type nymFlow struct {
	s         PseudonymScheme
	sk        *SecretKey
	header    []byte
	messages  [][]byte
	committed [][]byte
	com       *NymCommitment
	prover    *NymSecret
	sig       *Signature
	entropy   *NymEntropy
	secret    *NymSecret
}

func newNymFlow(t testing.TB, s PseudonymScheme, nymCount int) *nymFlow {
	t.Helper()
	f := &nymFlow{
		s:         s,
		header:    []byte("nym test header"),
		messages:  [][]byte{[]byte("name: Alice"), []byte("country: NO"), []byte("role: voter"), nil},
		committed: [][]byte{[]byte("holder attribute 1"), []byte("holder attribute 2")},
	}
	var err error
	if f.sk, err = s.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32)); err != nil {
		t.Fatal(err)
	}
	if f.com, f.prover, err = s.CommitWithNym(rand.Reader, f.committed, nymCount); err != nil {
		t.Fatal(err)
	}
	// The issuer receives bytes.
	com, err := s.ParseNymCommitment(f.com.Bytes(), nymCount)
	if err != nil {
		t.Fatal(err)
	}
	if f.sig, f.entropy, err = s.BlindSignWithNym(rand.Reader, f.sk, com, f.header, f.messages); err != nil {
		t.Fatal(err)
	}
	// The holder receives bytes and restores its secret from bytes.
	sig, err := s.ParseSignature(f.sig.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	entropy, err := s.ParseNymEntropy(f.entropy.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	prover, err := s.ParseNymSecret(f.prover.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if f.secret, err = s.FinalizeWithNym(f.sk.PublicKey(), sig, f.header, f.messages, f.committed, prover, entropy); err != nil {
		t.Fatal(err)
	}
	return f
}

// prove makes a proof revealing signer messages 0 and 2 and committed
// message 1.
func (f *nymFlow) prove(t testing.TB, nonce, context []byte) (*Proof, *Pseudonym) {
	t.Helper()
	p, nym, err := f.s.DeriveProofWithPseudonym(rand.Reader, f.sk.PublicKey(), f.sig, f.header, nonce, context, f.messages, f.committed, []int{2, 0}, []int{1}, f.secret)
	if err != nil {
		t.Fatal(err)
	}
	return p, nym
}

func (f *nymFlow) disclosed() ([]DisclosedMessage, []DisclosedMessage) {
	return []DisclosedMessage{{0, f.messages[0]}, {2, f.messages[2]}}, []DisclosedMessage{{1, f.committed[1]}}
}

func (f *nymFlow) verify(p *Proof, nym *Pseudonym, nonce, context []byte) error {
	d, dc := f.disclosed()
	return f.s.VerifyProofWithPseudonym(f.sk.PublicKey(), p, nym, f.header, nonce, context, len(f.messages), f.secret.NymCount(), d, dc)
}

func TestNymSchemesRegistered(t *testing.T) {
	for _, name := range []string{NymBLS12381SHA256Name, NymBLS12381SHAKE256Name} {
		s, err := SchemeByName(name)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := s.(PseudonymScheme); !ok {
			t.Errorf("%s is not a PseudonymScheme", name)
		}
		if slices.Contains(Schemes(), s) {
			t.Errorf("Schemes() lists %s, whose plain operations refuse", name)
		}
		if !slices.Contains(PseudonymSchemes(), s.(PseudonymScheme)) {
			t.Errorf("PseudonymSchemes() lacks %s", name)
		}
	}
}

func TestNymFlow(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		for _, n := range []int{1, 3} {
			t.Run(s.Name(), func(t *testing.T) {
				f := newNymFlow(t, s, n)
				ctx1, ctx2 := []byte("poll-2026-17"), []byte("poll-2026-18")
				p1, nym1 := f.prove(t, []byte("nonce 1"), ctx1)
				p1b, nym1b := f.prove(t, []byte("nonce 2"), ctx1)
				_, nym2 := f.prove(t, []byte("nonce 3"), ctx2)
				if !nym1.Equal(nym1b) {
					t.Error("two proofs in one context have different pseudonyms")
				}
				if nym1.Equal(nym2) {
					t.Error("two contexts share a pseudonym")
				}
				if bytes.Equal(p1.Bytes(), p1b.Bytes()) {
					t.Error("two proofs are equal")
				}
				calc, err := s.Pseudonym(f.secret, ctx1)
				if err != nil || !calc.Equal(nym1) {
					t.Fatalf("Pseudonym() = %v, %v; want the proof's", calc, err)
				}
				// Verifier side: from bytes.
				pp, err := s.ParseProof(p1.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				pn, err := s.ParsePseudonym(nym1.Bytes())
				if err != nil {
					t.Fatal(err)
				}
				if err := f.verify(pp, pn, []byte("nonce 1"), ctx1); err != nil {
					t.Fatalf("valid proof: %v", err)
				}
			})
		}
	}
}

func TestNymProofNegative(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f := newNymFlow(t, s, 2)
			other := newNymFlow(t, s, 2) // another holder, same issuer
			nonce, ctx := []byte("nonce"), []byte("poll-2026-17")
			p, nym := f.prove(t, nonce, ctx)
			_, nymOtherCtx := f.prove(t, nonce, []byte("poll-2026-18"))
			_, nymOtherCred := other.prove(t, nonce, ctx)
			d, dc := f.disclosed()
			swapped := []DisclosedMessage{{1, f.committed[0]}}
			pk := f.sk.PublicKey()
			for _, c := range []struct {
				name string
				err  error
			}{
				{"wrong context", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, []byte("poll-2026-18"), 4, 2, d, dc)},
				{"empty context", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, nil, 4, 2, d, dc)},
				{"pseudonym of another context", s.VerifyProofWithPseudonym(pk, p, nymOtherCtx, f.header, nonce, ctx, 4, 2, d, dc)},
				{"pseudonym of another credential", s.VerifyProofWithPseudonym(pk, p, nymOtherCred, f.header, nonce, ctx, 4, 2, d, dc)},
				{"wrong nonce", s.VerifyProofWithPseudonym(pk, p, nym, f.header, []byte("other"), ctx, 4, 2, d, dc)},
				{"wrong header", s.VerifyProofWithPseudonym(pk, p, nym, []byte("other"), nonce, ctx, 4, 2, d, dc)},
				{"wrong nym count", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 4, 1, d, dc)},
				{"wrong signer message count", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 3, 2, d, dc)},
				{"swapped committed message", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 4, 2, d, swapped)},
				{"committed disclosed as signer's", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 4, 2, append(slices.Clone(d), DisclosedMessage{3, f.committed[1]}), nil)},
			} {
				if !errors.Is(c.err, ErrInvalidProof) {
					t.Errorf("%s: %v, want ErrInvalidProof", c.name, c.err)
				}
			}
			// newNymFlow always uses one issuer key: make another.
			sk2, err := s.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32))
			if err != nil {
				t.Fatal(err)
			}
			if err := s.VerifyProofWithPseudonym(sk2.PublicKey(), p, nym, f.header, nonce, ctx, 4, 2, d, dc); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("another issuer's key: %v, want ErrInvalidProof", err)
			}
			for _, c := range []struct {
				name string
				err  error
			}{
				{"nym count 0", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 4, 0, d, dc)},
				{"negative L", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, -1, 2, d, dc)},
				{"index out of range", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 4, 2, []DisclosedMessage{{4, nil}}, dc)},
				{"indices descending", s.VerifyProofWithPseudonym(pk, p, nym, f.header, nonce, ctx, 4, 2, []DisclosedMessage{d[1], d[0]}, dc)},
				{"nil pseudonym", s.VerifyProofWithPseudonym(pk, p, nil, f.header, nonce, ctx, 4, 2, d, dc)},
				{"plain VerifyProof", s.VerifyProof(pk, p, f.header, nonce, d)},
				{"plain Verify", s.Verify(pk, f.sig, f.header, f.messages)},
			} {
				if !errors.Is(c.err, ErrInvalidArgument) {
					t.Errorf("%s: %v, want ErrInvalidArgument", c.name, c.err)
				}
			}
			if _, err := s.Sign(f.sk, nil, f.messages); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("plain Sign: %v", err)
			}
			if _, err := s.DeriveProof(nil, pk, f.sig, nil, nil, f.messages, nil); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("plain DeriveProof: %v", err)
			}
		})
	}
}

func TestNymIssuanceNegative(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f := newNymFlow(t, s, 1)
			pk := f.sk.PublicKey()
			enc := f.com.Bytes()

			// Tampered commitment: the challenge of its proof changed.
			bad := slices.Clone(enc)
			bad[len(bad)-1] ^= 1
			if com, err := s.ParseNymCommitment(bad, 1); err != nil {
				t.Fatal(err)
			} else if _, _, err := s.BlindSignWithNym(nil, f.sk, com, f.header, f.messages); !errors.Is(err, ErrInvalidCommitment) {
				t.Errorf("tampered commitment: %v, want ErrInvalidCommitment", err)
			}
			// A commitment proof for another generator set: the other
			// ciphersuite's, Blind BBS's (another api_id), or read with a
			// scalar dropped (one generator fewer).
			var otherSuite PseudonymScheme = nymSHA256
			if s == otherSuite {
				otherSuite = nymSHAKE256
			}
			oc, _, err := otherSuite.CommitWithNym(nil, f.committed, 1)
			if err != nil {
				t.Fatal(err)
			}
			bs := blindTestScheme(s.(*nymScheme).nym)
			bcom, _, err := bs.commitWithNym(f.committed, nymRandomScalarsT(t, 1), nymRandomScalarsT(t, 5))
			if err != nil {
				t.Fatal(err)
			}
			short := slices.Delete(slices.Clone(enc), g1Size+scalarSize, g1Size+2*scalarSize)
			for name, b := range map[string][]byte{"other suite": oc.Bytes(), "blind bbs api_id": bcom.encode(), "one scalar fewer": short} {
				com, err := s.ParseNymCommitment(b, 1)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if _, _, err := s.BlindSignWithNym(nil, f.sk, com, f.header, f.messages); !errors.Is(err, ErrInvalidCommitment) {
					t.Errorf("%s: %v, want ErrInvalidCommitment", name, err)
				}
			}

			// Finalisation with the wrong values.
			e2, err := s.ParseNymEntropy(bytes.Repeat([]byte{1}, 32))
			if err != nil {
				t.Fatal(err)
			}
			other := newNymFlow(t, s, 1)
			swapped := [][]byte{f.committed[1], f.committed[0]}
			for _, c := range []struct {
				name      string
				msgs, cm  [][]byte
				secret    *NymSecret
				entropy   *NymEntropy
				wantError error
			}{
				{"wrong nym entropy", f.messages, f.committed, f.prover, e2, ErrInvalidSignature},
				{"another holder's secret", f.messages, f.committed, other.prover, f.entropy, ErrInvalidSignature},
				{"swapped committed messages", f.messages, swapped, f.prover, f.entropy, ErrInvalidSignature},
				{"a committed message missing", f.messages, f.committed[:1], f.prover, f.entropy, ErrInvalidSignature},
				{"wrong signer messages", f.messages[:3], f.committed, f.prover, f.entropy, ErrInvalidSignature},
				{"already final", f.messages, f.committed, f.secret, f.entropy, ErrInvalidArgument},
			} {
				if _, err := s.FinalizeWithNym(pk, f.sig, f.header, c.msgs, c.cm, c.secret, c.entropy); !errors.Is(err, c.wantError) {
					t.Errorf("%s: %v, want %v", c.name, err, c.wantError)
				}
			}
			if _, _, err := s.DeriveProofWithPseudonym(nil, pk, f.sig, f.header, nil, []byte("c"), f.messages, swapped, nil, nil, f.secret); !errors.Is(err, ErrInvalidSignature) {
				t.Errorf("proof over swapped committed messages: %v, want ErrInvalidSignature", err)
			}
			if _, err := s.Pseudonym(f.prover, []byte("ctx")); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("pseudonym of a secret not finalised: %v", err)
			}
			if _, _, err := s.DeriveProofWithPseudonym(nil, pk, f.sig, f.header, nil, []byte("c"), f.messages, f.committed, nil, nil, f.prover); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("proof with a secret not finalised: %v", err)
			}
			// Values of one pseudonym scheme refused by the other.
			if _, _, err := otherSuite.BlindSignWithNym(nil, f.sk, f.com, nil, nil); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("key of another scheme: %v", err)
			}
			if _, err := otherSuite.Pseudonym(f.secret, []byte("c")); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("secret of another scheme: %v", err)
			}
		})
	}
}

// nymRandomScalarsT draws n scalars from crypto/rand.
func nymRandomScalarsT(t testing.TB, n int) []fr.Element {
	t.Helper()
	z, err := nymRandomScalars(nil, n)
	if err != nil {
		t.Fatal(err)
	}
	return z
}

// TestNymParseTruncatedExtended truncates and extends every encoded value
// of the protocol by one byte and by one scalar.
func TestNymParseTruncatedExtended(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f := newNymFlow(t, s, 2)
			p, nym := f.prove(t, []byte("n"), []byte("c"))
			parsers := []struct {
				name string
				enc  []byte
				// extendable: a value one scalar longer still parses (a
				// longer vector); then the longer value must not verify.
				parse func([]byte) error
				want  error
			}{
				{"commitment", f.com.Bytes(), func(b []byte) error { _, err := s.ParseNymCommitment(b, 2); return err }, ErrMalformedCommitment},
				{"nym secret", f.secret.Bytes(), func(b []byte) error { _, err := s.ParseNymSecret(b); return err }, ErrMalformedNymSecret},
				{"entropy", f.entropy.Bytes(), func(b []byte) error { _, err := s.ParseNymEntropy(b); return err }, ErrMalformedNymSecret},
				{"pseudonym", nym.Bytes(), func(b []byte) error { _, err := s.ParsePseudonym(b); return err }, ErrMalformedPseudonym},
				{"signature", f.sig.Bytes(), func(b []byte) error { _, err := s.ParseSignature(b); return err }, ErrMalformedSignature},
				{"proof", p.Bytes(), func(b []byte) error { _, err := s.ParseProof(b); return err }, ErrMalformedProof},
				{"public key", f.sk.PublicKey().Bytes(), func(b []byte) error { _, err := s.ParsePublicKey(b); return err }, ErrMalformedPublicKey},
			}
			for _, c := range parsers {
				if err := c.parse(c.enc); err != nil {
					t.Fatalf("%s: valid encoding refused: %v", c.name, err)
				}
				for _, b := range [][]byte{c.enc[:len(c.enc)-1], append(slices.Clone(c.enc), 0), nil, c.enc[:1]} {
					if err := c.parse(b); !errors.Is(err, c.want) {
						t.Errorf("%s of %d bytes: %v, want %v", c.name, len(b), err, c.want)
					}
				}
			}
			// One scalar longer or shorter, where the encoding allows it,
			// parses but does not verify.
			d, dc := f.disclosed()
			for _, b := range [][]byte{append(p.Bytes(), p.Bytes()[len(p.Bytes())-32:]...), slices.Delete(p.Bytes(), 3*g1Size+3*scalarSize, 3*g1Size+4*scalarSize)} {
				pp, err := s.ParseProof(b)
				if err != nil {
					t.Fatal(err)
				}
				// Shorter, the proof leaves no room for the disclosed
				// committed index: ErrInvalidArgument, as in VerifyProof.
				if err := s.VerifyProofWithPseudonym(f.sk.PublicKey(), pp, nym, f.header, []byte("n"), []byte("c"), 4, 2, d, dc); !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrInvalidArgument) {
					t.Errorf("proof of %d bytes: %v, want ErrInvalidProof or ErrInvalidArgument", len(b), err)
				}
			}
			ext := append(f.com.Bytes(), f.com.Bytes()[g1Size:g1Size+scalarSize]...)
			com, err := s.ParseNymCommitment(ext, 2)
			if err != nil {
				t.Fatal(err)
			}
			if _, _, err := s.BlindSignWithNym(nil, f.sk, com, f.header, f.messages); !errors.Is(err, ErrInvalidCommitment) {
				t.Errorf("commitment one scalar longer: %v, want ErrInvalidCommitment", err)
			}
			sec := append(f.secret.Bytes(), f.secret.Bytes()[1:33]...)
			if ls, err := s.ParseNymSecret(sec); err != nil {
				t.Fatal(err)
			} else if _, _, err := s.DeriveProofWithPseudonym(nil, f.sk.PublicKey(), f.sig, f.header, []byte("n"), []byte("c"), f.messages, f.committed, nil, nil, ls); !errors.Is(err, ErrInvalidSignature) {
				t.Errorf("proof with a nym secret one longer: %v, want ErrInvalidSignature", err)
			}
			// Other malformed values.
			for name, b := range map[string][]byte{
				"nym secret stage 3":       append([]byte{3}, f.secret.Bytes()[1:]...),
				"nym secret zero scalar":   append(f.secret.Bytes()[:33], make([]byte, 32)...),
				"nym secret non-canonical": append(f.secret.Bytes()[:33], bytes.Repeat([]byte{0xff}, 32)...),
			} {
				if _, err := s.ParseNymSecret(b); !errors.Is(err, ErrMalformedNymSecret) {
					t.Errorf("%s: %v", name, err)
				}
			}
			if _, err := s.ParseNymEntropy(make([]byte, 32)); !errors.Is(err, ErrMalformedNymSecret) {
				t.Errorf("zero entropy: %v", err)
			}
			p1 := group.AppendG1(nil, &s.(*nymScheme).nym.p1)
			var id [g1Size]byte
			id[0] = 0xc0
			for name, b := range map[string][]byte{"P1": p1, "identity": id[:]} {
				if _, err := s.ParsePseudonym(b); !errors.Is(err, ErrMalformedPseudonym) {
					t.Errorf("pseudonym %s: %v", name, err)
				}
			}
			if _, err := s.ParseNymCommitment(f.com.Bytes(), 5); !errors.Is(err, ErrMalformedCommitment) {
				t.Errorf("commitment with more nym secrets than scalars: %v", err)
			}
			if _, err := s.ParseNymCommitment(f.com.Bytes(), 0); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("commitment with no nym secret: %v", err)
			}
		})
	}
}
