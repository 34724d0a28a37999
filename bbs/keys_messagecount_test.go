// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"crypto/rand"
	"testing"
)

// TestProofMessageCount: every scheme's proof reports the number of signed
// messages it covers, whatever it reveals, without verifying anything.
func TestProofMessageCount(t *testing.T) {
	for _, s := range Schemes() {
		for _, tc := range []struct {
			n        int
			revealed []int
		}{{1, nil}, {1, []int{0}}, {5, []int{1, 3}}, {10, nil}, {10, []int{0, 1, 2, 3, 4, 5, 6, 7, 8, 9}}} {
			f := newProofFixture(t, s, tc.n, tc.revealed, []byte("nonce"))
			if got := f.proof.MessageCount(len(tc.revealed)); got != tc.n {
				t.Errorf("%s: %d messages, %d revealed: MessageCount = %d", s.Name(), tc.n, len(tc.revealed), got)
			}
		}
	}
	if got := (&Proof{}).MessageCount(3); got != 0 {
		t.Errorf("MessageCount of a proof of no scheme = %d, want 0", got)
	}
}

// TestNymProofMessageCount: a proof of a pseudonym scheme counts the
// issuer's messages (what the issuer signed and pins in the contract), not
// the prover blind and nym secret it also hides.
func TestNymProofMessageCount(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{3}, 32))
		if err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			n        int
			revealed []int
		}{{1, nil}, {1, []int{0}}, {5, []int{1, 3}}, {10, nil}} {
			messages := make([][]byte, tc.n)
			for i := range messages {
				messages[i] = []byte{byte(i)}
			}
			com, prover, err := s.CommitWithNym(rand.Reader, nil, DefaultNymCount)
			if err != nil {
				t.Fatal(err)
			}
			sig, entropy, err := s.BlindSignWithNym(rand.Reader, sk, com, nil, messages)
			if err != nil {
				t.Fatal(err)
			}
			secret, err := s.FinalizeWithNym(sk.PublicKey(), sig, nil, messages, nil, prover, entropy)
			if err != nil {
				t.Fatal(err)
			}
			p, _, err := s.DeriveProofWithPseudonym(rand.Reader, sk.PublicKey(), sig, nil, []byte("n"), []byte("ctx"), messages, nil, tc.revealed, nil, secret)
			if err != nil {
				t.Fatal(err)
			}
			parsed, err := s.ParseProof(p.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			if got := parsed.MessageCount(len(tc.revealed)); got != tc.n {
				t.Errorf("%s: %d messages, %d revealed: MessageCount = %d", s.Name(), tc.n, len(tc.revealed), got)
			}
		}
	}
}
