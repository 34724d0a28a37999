// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"errors"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// fixedReader returns a reader of 64 bytes of b: two derivations with
// fresh fixedReaders of one b draw the same randomness.
func fixedReader(b byte) *bytes.Reader { return bytes.NewReader(bytes.Repeat([]byte{b}, 64)) }

// TestCommittedProofMappedSameBytes: without integer positions and fixed
// scalars the mapped derivation is deriveCommittedProof, byte for byte (so
// every fixture and stored presentation stays what it is).
func TestCommittedProofMappedSameBytes(t *testing.T) {
	empty, err := NewMessageMap(nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []*ietfScheme{bbsSHA256, bbsSHAKE256} {
		c := newCommitCase(t, s)
		want, wop, err := deriveCommittedProof(fixedReader(7), s, c.sk.PublicKey(), c.sig, c.header, []byte("nonce"), c.messages, c.revealed, c.committed)
		if err != nil {
			t.Fatal(err)
		}
		for _, mm := range []*MessageMap{nil, empty} {
			got, gop, err := deriveCommittedProofMapped(fixedReader(7), s, c.sk.PublicKey(), c.sig, c.header, []byte("nonce"), c.messages, c.revealed, c.committed, mm, nil, nil)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Bytes(), want.Bytes()) || len(gop) != len(wop) || !bytes.Equal(gop[0].Blind, wop[0].Blind) {
				t.Fatalf("%s: the mapped derivation without integers or fixed scalars changed the proof", s.Name())
			}
		}
	}
}

// integerCommitCase is newCommitCase with messages 1 and 3 integers,
// signed with the map.
func integerCommitCase(t *testing.T, s *ietfScheme) (*commitCase, *MessageMap) {
	t.Helper()
	c := newCommitCase(t, s)
	mm, err := NewMessageMap([]int{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	c.messages[1], c.messages[3] = IntegerMessage(42), IntegerMessage(-7)
	if c.sig, err = SignMapped(s, c.sk, c.header, c.messages, mm); err != nil {
		t.Fatal(err)
	}
	return c, mm
}

// TestCommittedProofMapped: a committed proof of a credential signed over
// integer messages verifies with the message map (message 3 an integer
// disclosed), not without it; its fixed scalars are the m̃ its responses
// answer with (m̂ = m̃ + m·c); without the map the prover refuses (the
// signature is not over the hashed messages).
func TestCommittedProofMapped(t *testing.T) {
	for _, s := range []*ietfScheme{bbsSHA256, bbsSHAKE256} {
		c, mm := integerCommitCase(t, s)
		pk := c.sk.PublicKey()
		nonce := []byte("nonce")
		var f1, f4 fr.Element
		f1.SetUint64(1111)
		f4.SetUint64(4444)
		p, op, err := deriveCommittedProofMapped(nil, s, pk, c.sig, c.header, nonce, c.messages, c.revealed, c.committed, mm, []int{4, 1}, []fr.Element{f4, f1})
		if err != nil {
			t.Fatal(err)
		}
		if len(op) != 2 {
			t.Fatalf("%d openings", len(op))
		}
		d := c.disclosed()
		if err := verifyCommittedProofMapped(pk, p, c.header, nonce, d, mm); err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if err := verifyCommittedProof(pk, p, c.header, nonce, d); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("%s: verified without the message map: %v", s.Name(), err)
		}
		if err := verifyCommittedProofMapped(pk, p, c.header, []byte("other"), d, mm); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("%s: verified for another nonce: %v", s.Name(), err)
		}
		// hidden 1, 2, 4, 5: m̂ of message 1 is mHat[0], of 4 mHat[2]
		m, err := s.mapMessages(c.messages, nil, mm)
		if err != nil {
			t.Fatal(err)
		}
		for _, x := range []struct {
			u, i int
			f    fr.Element
		}{{0, 1, f1}, {2, 4, f4}} {
			var want fr.Element
			want.Mul(&m[x.i], &p.bbs.c).Add(&want, &x.f)
			if !want.Equal(&p.bbs.mHat[x.u]) {
				t.Fatalf("%s: m̂ of message %d does not answer with the fixed m̃", s.Name(), x.i)
			}
		}
		if _, _, err := deriveCommittedProof(nil, s, pk, c.sig, c.header, nonce, c.messages, c.revealed, c.committed); !errors.Is(err, ErrInvalidSignature) {
			t.Fatalf("%s: derived over hashed messages of an integer credential: %v", s.Name(), err)
		}
		// A fixed scalar must be of a hidden message, once, one per position.
		for _, bad := range []struct {
			at []int
			f  []fr.Element
		}{{[]int{0}, []fr.Element{f1}}, {[]int{1, 1}, []fr.Element{f1, f4}}, {[]int{1}, nil}, {[]int{9}, []fr.Element{f1}}} {
			if _, _, err := deriveCommittedProofMapped(nil, s, pk, c.sig, c.header, nonce, c.messages, c.revealed, c.committed, mm, bad.at, bad.f); !errors.Is(err, ErrInvalidArgument) {
				t.Fatalf("%s: fixed %v: %v", s.Name(), bad.at, err)
			}
		}
	}
}
