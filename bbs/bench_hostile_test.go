// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// BenchmarkHostileProof measures what a BBS+ 2020 verifier spends on a
// bogus but parseable proof, beside a valid m10r2 proof in the same run.
// Each iteration parses the key and the proof and verifies, as a verifier
// does per request. The proofs:
//
//	valid-m10r2            a valid proof, 10 messages, 2 revealed
//	bogus-L1024            random points and scalars, L = 1024, repeated
//	bogus-distinct-L       the same at 128 distinct L (1024 down to 897), cycled
//	replayed-L1024         A', Ā re-used from a valid proof (so the pairing
//	                       check passes), the rest bogus, L = 1024, repeated
//	replayed-distinct-L    the same at 128 distinct L, cycled
//	pinned-replayed-distinct-L  replayed-distinct-L refused by a verifier
//	                       that accepts only the message counts an issuer
//	                       registry pins (here 10) before VerifyProof
//
//	go test -run '^$' -bench HostileProof -count 5 ./bbs/
func BenchmarkHostileProof(b *testing.B) {
	s := BBSPlus2020()
	sk := testKey(b, s)
	pk := sk.PublicKey()
	pkBytes := pk.Bytes()
	msgs := testMessages(10)
	revealed := []int{0, 5}
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		b.Fatal(err)
	}
	nonce := []byte("benchmark nonce 0123456789abcdef")
	valid, err := s.DeriveProof(rand.Reader, pk, sig, nil, nonce, msgs, revealed)
	if err != nil {
		b.Fatal(err)
	}
	disclosed := disclosedFor(msgs, revealed)
	vp := valid.body.(*bbsPlusProof)

	const distinct = 128
	var bogus, replayed [][]byte
	for i := range distinct {
		bogus = append(bogus, hostileProof(b, MaxMessages-i, nil))
		replayed = append(replayed, hostileProof(b, MaxMessages-i, vp))
	}
	pinned := []int{10}

	// verify parses and verifies one proof and reports whether it passed.
	verify := func(b *testing.B, proof []byte, disc []DisclosedMessage, pins []int) error {
		pk, err := s.ParsePublicKey(pkBytes)
		if err != nil {
			b.Fatal(err)
		}
		p, err := s.ParseProof(proof)
		if err != nil {
			b.Fatal(err)
		}
		if pins != nil {
			if n, _, _ := p.Revealed(); !slices.Contains(pins, n) {
				return fmt.Errorf("%w: message count %d not pinned", ErrInvalidProof, n)
			}
		}
		return s.VerifyProof(pk, p, nil, nonce, disc)
	}
	mustFail := func(b *testing.B, err error) {
		if !errors.Is(err, ErrInvalidProof) {
			b.Fatalf("bogus proof: %v", err)
		}
	}

	b.Run("valid-m10r2", func(b *testing.B) {
		for b.Loop() {
			if err := verify(b, valid.Bytes(), disclosed, nil); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bogus-L1024", func(b *testing.B) {
		for b.Loop() {
			mustFail(b, verify(b, bogus[0], nil, nil))
		}
	})
	b.Run("bogus-distinct-L", func(b *testing.B) {
		i := 0
		for b.Loop() {
			mustFail(b, verify(b, bogus[i%distinct], nil, nil))
			i++
		}
	})
	b.Run("replayed-L1024", func(b *testing.B) {
		for b.Loop() {
			mustFail(b, verify(b, replayed[0], nil, nil))
		}
	})
	b.Run("replayed-distinct-L", func(b *testing.B) {
		i := 0
		for b.Loop() {
			mustFail(b, verify(b, replayed[i%distinct], nil, nil))
			i++
		}
	})
	b.Run("pinned-replayed-distinct-L", func(b *testing.B) {
		i := 0
		for b.Loop() {
			mustFail(b, verify(b, replayed[i%distinct], nil, pinned))
			i++
		}
	})
}

// hostileProof returns a parseable BBS+ 2020 proof of count messages, none
// revealed, with random points and scalars; A' and Ā are taken from from
// when it is not nil.
func hostileProof(tb testing.TB, count int, from *bbsPlusProof) []byte {
	tb.Helper()
	point := func() bls12381.G1Affine {
		var k fr.Element
		if _, err := k.SetRandom(); err != nil {
			tb.Fatal(err)
		}
		var p bls12381.G1Affine
		p.ScalarMultiplicationBase(k.BigInt(new(big.Int)))
		return p
	}
	p := &bbsPlusProof{count: count, aPrime: point(), aBar: point(), d: point(), c1: point(), c2: point()}
	if from != nil {
		p.aPrime, p.aBar = from.aPrime, from.aBar
	}
	for i := range p.r1 {
		p.r1[i].SetRandom()
	}
	p.r2 = make([]fr.Element, count+2)
	for i := range p.r2 {
		p.r2[i].SetRandom()
	}
	return p.encode()
}
