// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	cryptorand "crypto/rand"
	"io"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// extractReused returns (x̂¹ − x̂²)/(c¹ − c²) for each pair of responses:
// the secret behind them if both came from the same blinding.
func extractReused(c1, c2 *fr.Element, r1, r2 []fr.Element) []fr.Element {
	var dc fr.Element
	dc.Sub(c1, c2)
	dc.Inverse(&dc)
	out := make([]fr.Element, len(r1))
	for i := range out {
		out[i].Sub(&r1[i], &r2[i])
		out[i].Mul(&out[i], &dc)
	}
	return out
}

// checkExtraction reports, for want[i], whether got[i] equals it as
// expected: every secret on the mocked path, none on the hedged one.
func checkExtraction(t *testing.T, got, want []fr.Element, names []string, extracted bool) {
	t.Helper()
	for i := range want {
		if got[i].Equal(&want[i]) != extracted {
			if extracted {
				t.Errorf("%s not extracted from the mocked path", names[i])
			} else {
				t.Errorf("%s extracted from two hedged proofs", names[i])
			}
		}
	}
}

// TestNymProofRandomnessReuse mirrors TestProofRandomnessReuse for proofs
// with a pseudonym: two proofs of one credential in one context, made from
// the same random stream with different nonces. With the draft's unhedged
// scalars (the mocked path) every hidden message, the prover blind and
// the nym secret fall out as m = (m̂¹ − m̂²)/(c¹ − c²); with the hedged
// scalars DeriveProofWithPseudonym uses, none does.
func TestNymProofRandomnessReuse(t *testing.T) {
	stream := bytes.Repeat([]byte("the same random stream, again.. "), 200)
	nonces := [2][]byte{[]byte("nonce one"), []byte("nonce two")}
	ctx := []byte("poll-2026-17")
	for _, suite := range nymSuites {
		s := suite.s
		f := newNymFlow(t, s, 1)
		rev, revC := []int{0, 2}, []int{1}
		m, _, err := s.prepareParameters(f.messages, f.committed, &f.secret.blind, f.secret.nyms)
		if err != nil {
			t.Fatal(err)
		}
		L := len(f.messages)
		hidden := complement([]int{0, 2, L + 1 + 1}, len(m))
		want, names := make([]fr.Element, len(hidden)), make([]string, len(hidden))
		for k, i := range hidden {
			want[k] = m[i]
			switch {
			case i < L:
				names[k] = "signer message"
			case i == L:
				names[k] = "prover blind"
			case i <= L+len(f.committed):
				names[k] = "committed message"
			default:
				names[k] = "nym secret"
			}
		}
		extract := func(rnd func() io.Reader) []fr.Element {
			var c [2]fr.Element
			var resp [2][]fr.Element
			for k, nonce := range nonces {
				proof, _, err := s.DeriveProofWithPseudonym(rnd(), f.sk.PublicKey(), f.sig, f.header, nonce, ctx, f.messages, f.committed, rev, revC, f.secret)
				if err != nil {
					t.Fatal(err)
				}
				p := proof.body.(*ietfProof)
				c[k], resp[k] = p.c, p.mHat
			}
			return extractReused(&c[0], &c[1], resp[0], resp[1])
		}
		t.Run(suite.dir+"/unhedged", func(t *testing.T) {
			got := extract(func() io.Reader { return mockedProofScalars{bytes.NewReader(stream)} })
			checkExtraction(t, got, want, names, true)
		})
		t.Run(suite.dir+"/hedged", func(t *testing.T) {
			got := extract(func() io.Reader { return bytes.NewReader(stream) })
			checkExtraction(t, got, want, names, false)
		})
	}
}

// TestNymCommitRandomnessReuse: two commitments from the same random stream
// (so to the same fresh nym secret) with different committed messages.
// With the draft's unhedged scalars the nym secret and the prover blind
// fall out of the two commitments' proofs; with CommitWithNym's hedged
// scalars they do not.
func TestNymCommitRandomnessReuse(t *testing.T) {
	stream := bytes.Repeat([]byte("the same random stream, again.. "), 20)
	committed := [2][][]byte{{[]byte("attribute one")}, {[]byte("attribute two")}}
	for _, suite := range nymSuites {
		s := suite.s
		extract := func(rnd func() io.Reader) (got, want []fr.Element) {
			var c [2]fr.Element
			var resp [2][]fr.Element
			for k, msgs := range committed {
				com, secret, err := s.CommitWithNym(rnd(), msgs, 1)
				if err != nil {
					t.Fatal(err)
				}
				c[k] = com.com.chal
				resp[k] = []fr.Element{com.com.sHat, com.com.mHat[len(msgs)]}
				want = []fr.Element{secret.blind, secret.nyms[0]}
			}
			return extractReused(&c[0], &c[1], resp[0], resp[1]), want
		}
		names := []string{"prover blind", "nym secret"}
		t.Run(suite.dir+"/unhedged", func(t *testing.T) {
			got, want := extract(func() io.Reader { return mockedProofScalars{bytes.NewReader(stream)} })
			checkExtraction(t, got, want, names, true)
		})
		t.Run(suite.dir+"/hedged", func(t *testing.T) {
			got, want := extract(func() io.Reader { return bytes.NewReader(stream) })
			checkExtraction(t, got, want, names, false)
		})
	}
}

// TestNymHedgeInputs: the pseudonym proof's and the commitment's scalars
// change with each secret and with the context, and the two seams do not
// share scalars.
func TestNymHedgeInputs(t *testing.T) {
	s := nymSHA256
	f := newNymFlow(t, s, 2)
	fresh := bytes.Repeat([]byte{1}, hedgeFreshSize)
	pk := f.sk.PublicKey()
	proof := func(ctx []byte, committed [][]byte, nyms []fr.Element, blind *fr.Element) []fr.Element {
		out, err := s.nymProofRandomScalars(bytes.NewReader(fresh), 4, pk, f.sig, f.header, []byte("ph"), ctx, f.messages, committed, []int{0}, nyms, blind)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	commit := func(committed [][]byte, nyms []fr.Element) []fr.Element {
		out, err := s.nymCommitRandomScalars(bytes.NewReader(fresh), 4, committed, nyms)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	var otherNym, otherBlind fr.Element
	otherNym.SetUint64(5)
	otherBlind.SetUint64(6)
	nyms2 := []fr.Element{f.secret.nyms[0], otherNym}
	ctx := []byte("c")
	ref := proof(ctx, f.committed, f.secret.nyms, &f.secret.blind)
	refC := commit(f.committed, f.secret.nyms)
	for _, c := range []struct {
		name      string
		got, base []fr.Element
	}{
		{"proof: context", proof([]byte("d"), f.committed, f.secret.nyms, &f.secret.blind), ref},
		{"proof: committed", proof(ctx, f.committed[:1], f.secret.nyms, &f.secret.blind), ref},
		{"proof: nym", proof(ctx, f.committed, nyms2, &f.secret.blind), ref},
		{"proof: blind", proof(ctx, f.committed, f.secret.nyms, &otherBlind), ref},
		{"commit: same inputs as the proof", refC, ref},
		{"commit: nym", commit(f.committed, nyms2), refC},
		{"commit: message", commit(f.committed[:1], f.secret.nyms), refC},
	} {
		for i := range c.base {
			if c.got[i].Equal(&c.base[i]) {
				t.Errorf("%s: scalar %d unchanged", c.name, i)
			}
		}
	}
	if again := proof(ctx, f.committed, f.secret.nyms, &f.secret.blind); !slices.Equal(again, ref) {
		t.Error("proof: same inputs, different scalars")
	}
	if again := commit(f.committed, f.secret.nyms); !slices.Equal(again, refC) {
		t.Error("commit: same inputs, different scalars")
	}
}

// TestNymSecretScalarsAreSplit mirrors TestSecretScalarsAreSplit for the
// pseudonym schemes: every step that multiplies a secret (the commitment,
// blind signing, finalisation, the pseudonym, the proof and its pseudonym
// part) draws share randomness, verification draws none, and every output
// is the same whatever the share randomness.
func TestNymSecretScalarsAreSplit(t *testing.T) {
	saved := shareRand
	t.Cleanup(func() { shareRand = saved })
	seed := bytes.Repeat([]byte{3}, 32)
	fixed := func() io.Reader { return bytes.NewReader(bytes.Repeat([]byte{9}, 1024)) }
	msgs, committed := testMessages(4), testMessages(2)
	hdr, nonce, ctx := []byte("h"), []byte("n"), []byte("poll")
	for _, suite := range nymSuites {
		s := suite.s
		t.Run(suite.dir, func(t *testing.T) {
			run := func(shares io.Reader) ([][]byte, map[string]int) {
				c := &countingReader{r: shares}
				shareRand = c
				reads := map[string]int{}
				step := func(name string, err error) {
					t.Helper()
					if err != nil {
						t.Fatalf("%s: %v", name, err)
					}
					reads[name] = c.n
					c.n = 0
				}
				sk, err := s.NewKeyFromSeed(seed)
				step("key generation", err)
				com, prover, err := s.CommitWithNym(fixed(), committed, 2)
				step("CommitWithNym", err)
				sig, entropy, err := s.BlindSignWithNym(fixed(), sk, com, hdr, msgs)
				step("BlindSignWithNym", err)
				secret, err := s.FinalizeWithNym(sk.PublicKey(), sig, hdr, msgs, committed, prover, entropy)
				step("FinalizeWithNym", err)
				nym, err := s.Pseudonym(secret, ctx)
				step("Pseudonym", err)
				proof, pnym, err := s.DeriveProofWithPseudonym(fixed(), sk.PublicKey(), sig, hdr, nonce, ctx, msgs, committed, []int{1}, []int{0}, secret)
				step("DeriveProofWithPseudonym", err)
				_, err = s.nymProofInit(ctx, secret.nyms, secret.nyms)
				step("pseudonym proof init", err)
				err = s.VerifyProofWithPseudonym(sk.PublicKey(), proof, pnym, hdr, nonce, ctx, len(msgs), 2,
					disclosedFor(msgs, []int{1}), disclosedFor(committed, []int{0}))
				step("VerifyProofWithPseudonym", err)
				return [][]byte{com.Bytes(), prover.Bytes(), sig.Bytes(), entropy.Bytes(), secret.Bytes(), nym.Bytes(), proof.Bytes(), pnym.Bytes()}, reads
			}
			a, reads := run(cryptorand.Reader)
			b, _ := run(bytes.NewReader(bytes.Repeat([]byte{0x5a}, 1<<16)))
			for _, op := range []string{"CommitWithNym", "BlindSignWithNym", "FinalizeWithNym", "Pseudonym", "DeriveProofWithPseudonym", "pseudonym proof init"} {
				if reads[op] == 0 {
					t.Errorf("%s splits no secret scalar", op)
				}
			}
			if reads["VerifyProofWithPseudonym"] != 0 {
				t.Error("VerifyProofWithPseudonym draws share randomness: it handles no secret")
			}
			for i := range a {
				if !bytes.Equal(a[i], b[i]) {
					t.Errorf("output %d depends on the share randomness", i)
				}
			}
		})
	}
}
