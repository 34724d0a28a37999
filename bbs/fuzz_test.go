// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// Fuzz targets for every parser and for proof verification, over every
// scheme. Each checks that nothing panics and that whatever parses
// re-encodes to exactly the input (no malleable encodings).
//
//	go test -run '^$' -fuzz FuzzParseProof -fuzztime 10m ./bbs/

func FuzzParsePublicKey(f *testing.F) {
	for _, s := range Schemes() {
		f.Add(testKey(f, s).PublicKey().Bytes())
	}
	f.Add(append([]byte{0xc0}, make([]byte, 95)...))
	f.Add(bytes.Repeat([]byte{0xff}, 96))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, s := range Schemes() {
			pk, err := s.ParsePublicKey(b)
			if err == nil && !bytes.Equal(pk.Bytes(), b) {
				t.Fatalf("%s: public key re-encodes differently", s.Name())
			}
		}
	})
}

func FuzzParseSecretKey(f *testing.F) {
	for _, s := range Schemes() {
		f.Add(testKey(f, s).Bytes())
	}
	f.Add(make([]byte, 32))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, s := range Schemes() {
			sk, err := s.ParseSecretKey(b)
			if err == nil && !bytes.Equal(sk.Bytes(), b) {
				t.Fatalf("%s: secret key re-encodes differently", s.Name())
			}
		}
	})
}

func FuzzParseSignature(f *testing.F) {
	for _, s := range Schemes() {
		sk := testKey(f, s)
		sig, err := s.Sign(sk, nil, testMessages(3))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(sig.Bytes())
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, s := range Schemes() {
			sig, err := s.ParseSignature(b)
			if err == nil && !bytes.Equal(sig.Bytes(), b) {
				t.Fatalf("%s: signature re-encodes differently", s.Name())
			}
		}
	})
}

func FuzzParseProof(f *testing.F) {
	for _, s := range Schemes() {
		for _, rev := range [][]int{nil, {0}, {1, 3}} {
			f.Add(newProofFixture(f, s, 4, rev, []byte("n")).proof.Bytes())
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		in := bytes.Clone(b)
		for _, s := range Schemes() {
			p, err := s.ParseProof(b)
			if !bytes.Equal(b, in) {
				t.Fatalf("%s: ParseProof modified its input", s.Name())
			}
			if err != nil {
				continue
			}
			if !bytes.Equal(p.Bytes(), b) {
				t.Fatalf("%s: proof bytes differ from input", s.Name())
			}
			if bp, ok := p.body.(*bbsPlusProof); ok && !bytes.Equal(bp.encode(), b) {
				t.Fatalf("%s: parsed proof re-encodes differently", s.Name())
			}
		}
	})
}

// FuzzVerifyProof mutates a valid BBS+ 2020 proof, its nonce, one disclosed
// message and the disclosed indices. Nothing may panic, and only the
// untouched statement may verify.
func FuzzVerifyProof(f *testing.F) {
	s := BBSPlus2020()
	fix := newProofFixture(f, s, 6, []int{1, 4}, []byte("fuzz nonce"))
	f.Add(fix.proof.Bytes(), fix.nonce, fix.disclosed[0].Message, uint64(0))
	f.Add(newProofFixture(f, s, 6, nil, nil).proof.Bytes(), []byte{}, []byte{}, uint64(1))
	f.Fuzz(func(t *testing.T, proof, nonce, msg []byte, shape uint64) {
		p, err := s.ParseProof(proof)
		if err != nil {
			return
		}
		disclosed := []DisclosedMessage{{Index: 1, Message: msg}, fix.disclosed[1]}
		var idx [8]byte
		binary.LittleEndian.PutUint64(idx[:], shape)
		if shape != 0 { // perturb the claimed indices
			disclosed[0].Index = int(idx[0] % 8)
			disclosed[1].Index = int(idx[1] % 8)
			if idx[2]&1 == 1 {
				disclosed = disclosed[:1]
			}
		}
		err = s.VerifyProof(fix.pk, p, nil, nonce, disclosed)
		if err != nil {
			return
		}
		same := bytes.Equal(proof, fix.proof.Bytes()) && bytes.Equal(nonce, fix.nonce) &&
			bytes.Equal(msg, fix.disclosed[0].Message) && shape == 0
		if !same {
			t.Fatalf("a changed statement verifies: proof %x nonce %x msg %q shape %d", proof, nonce, msg, shape)
		}
	})
}

// TestFuzzSeedsAreValid guards the fuzz corpus: the seeds must start from
// verifying inputs, or the fuzzers explore nothing useful.
func TestFuzzSeedsAreValid(t *testing.T) {
	for _, s := range Schemes() {
		fix := newProofFixture(t, s, 4, []int{1, 3}, []byte("n"))
		if err := fix.verifyBytes(fix.proof.Bytes(), fix.nonce, fix.disclosed); err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
	}
}
