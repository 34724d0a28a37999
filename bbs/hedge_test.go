// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"io"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// mockedProofScalars is the test-only reader whose bytes DeriveProof takes
// as the proof's random scalars themselves (48 bytes each, reduced modulo
// r), unhedged: the IETF draft's mocked calculate_random_scalars.
type mockedProofScalars struct{ io.Reader }

func (mockedProofScalars) unhedgedProofScalarsForTesting() {}

// TestProofRandomnessReuse: two proofs of one signature made from the same
// random stream with different nonces. With the draft's unhedged scalars
// (the mocked path) the hidden messages fall out as
// m = (m̂¹ − m̂²)/(c¹ − c²); with the hedged scalars DeriveProof uses, the
// same extraction yields nothing.
func TestProofRandomnessReuse(t *testing.T) {
	stream := bytes.Repeat([]byte("the same random stream, again.. "), 200)
	fixed := func() io.Reader { return bytes.NewReader(stream) }
	mocked := func() io.Reader { return mockedProofScalars{bytes.NewReader(stream)} }
	nonces := [2][]byte{[]byte("nonce one"), []byte("nonce two")}
	msgs := testMessages(4)
	revealed := []int{1}
	hidden := []int{0, 2, 3}

	for _, s := range Schemes() {
		sk := testKey(t, s)
		pk := sk.PublicKey()
		sig, err := s.Sign(sk, nil, msgs)
		if err != nil {
			t.Fatal(err)
		}
		// extract returns the scalars recovered from two proofs' responses
		// for the hidden messages, and the true message scalars.
		extract := func(rnd func() io.Reader) (got, want []fr.Element) {
			var c [2]fr.Element
			var resp [2][]fr.Element
			for k, nonce := range nonces {
				proof, err := s.DeriveProof(rnd(), pk, sig, nil, nonce, msgs, revealed)
				if err != nil {
					t.Fatal(err)
				}
				c[k], resp[k], want = proofResponses(t, s, pk, proof, nonce, msgs, hidden)
			}
			var dc fr.Element
			dc.Sub(&c[0], &c[1])
			dc.Inverse(&dc)
			got = make([]fr.Element, len(hidden))
			for i := range got {
				got[i].Sub(&resp[0][i], &resp[1][i])
				got[i].Mul(&got[i], &dc)
			}
			return got, want
		}
		t.Run(s.Name()+"/unhedged", func(t *testing.T) {
			got, want := extract(mocked)
			for i := range want {
				if !got[i].Equal(&want[i]) {
					t.Errorf("hidden message %d not extracted from the mocked path", hidden[i])
				}
			}
		})
		t.Run(s.Name()+"/hedged", func(t *testing.T) {
			got, want := extract(fixed)
			for i := range want {
				if got[i].Equal(&want[i]) {
					t.Errorf("hidden message %d extracted from two hedged proofs", hidden[i])
				}
			}
		})
	}
}

// proofResponses returns a proof's challenge c, its responses for the
// hidden messages normalised to m̂ = m̃ + m·c, and the hidden messages'
// scalars.
func proofResponses(t *testing.T, s Scheme, pk *PublicKey, proof *Proof, nonce []byte, msgs [][]byte, hidden []int) (c fr.Element, resp, m []fr.Element) {
	t.Helper()
	switch p := proof.body.(type) {
	case *ietfProof:
		is := s.(*ietfScheme)
		all, err := is.messagesToScalars(msgs)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range hidden {
			m = append(m, all[j])
		}
		return p.c, p.mHat, m
	case *bbsPlusProof:
		// r̂ = blinding − c·m: negate to get the same form.
		gens, err := bbsPlus.generators(pk, p.count)
		if err != nil {
			t.Fatal(err)
		}
		isRevealed := make([]bool, p.count)
		for _, i := range p.revealed {
			isRevealed[i] = true
		}
		c = bbsPlus.challenge(p, gens, isRevealed, nonce)
		for k, j := range hidden {
			var r fr.Element
			r.Neg(&p.r2[2+k])
			resp = append(resp, r)
			m = append(m, blake2Scalar(msgs[j]))
		}
		return c, resp, m
	}
	t.Fatalf("unknown proof body %T", proof.body)
	return
}

// TestHedgedScalarsDependOnEveryInput: changing the fresh bytes or any
// input changes every scalar; the same inputs give the same scalars.
func TestHedgedScalarsDependOnEveryInput(t *testing.T) {
	s := bbsSHA256
	sk := ietfTestKey(t, s)
	msgs := ietfTestMessages(3)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	fresh := bytes.Repeat([]byte{1}, hedgeFreshSize)
	base := func() (io.Reader, []byte, []byte, [][]byte, []int) {
		return bytes.NewReader(fresh), []byte("h"), []byte("ph"), slices.Clone(msgs), []int{1}
	}
	draw := func(rnd io.Reader, h, ph []byte, m [][]byte, d []int, extra ...[]byte) []fr.Element {
		out, err := ietfProofRandomScalars(rnd, s, 6, sk.PublicKey(), sig, h, ph, m, d, extra...)
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	ref := draw(base())
	if again := draw(base()); !slices.Equal(ref, again) {
		t.Fatal("same inputs, different scalars")
	}
	for name, got := range map[string][]fr.Element{
		"fresh bytes": func() []fr.Element {
			_, h, ph, m, d := base()
			return draw(bytes.NewReader(bytes.Repeat([]byte{2}, hedgeFreshSize)), h, ph, m, d)
		}(),
		"header":       func() []fr.Element { r, _, ph, m, d := base(); return draw(r, []byte("H"), ph, m, d) }(),
		"presentation": func() []fr.Element { r, h, _, m, d := base(); return draw(r, h, []byte("PH"), m, d) }(),
		"message":      func() []fr.Element { r, h, ph, m, d := base(); m[2] = []byte("x"); return draw(r, h, ph, m, d) }(),
		"disclosed":    func() []fr.Element { r, h, ph, m, _ := base(); return draw(r, h, ph, m, []int{2}) }(),
		"extra":        func() []fr.Element { r, h, ph, m, d := base(); return draw(r, h, ph, m, d, []byte("nym")) }(),
	} {
		for i := range ref {
			if got[i].Equal(&ref[i]) {
				t.Errorf("%s: scalar %d unchanged", name, i)
			}
		}
	}
}
