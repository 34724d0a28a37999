// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"fmt"
	"testing"
)

// Benchmarks for every scheme at two shapes: m10r2 (10 messages, 2
// revealed) and m100r10 (100 messages, 10 revealed). Generators and
// pairing lines are warm: the first operation fills the caches, as a
// long-running verifier's would be.
//
//	go test -run '^$' -bench . -count 5 ./bbs/

var benchShapes = []struct {
	messages, revealed int
}{{10, 2}, {100, 10}}

type benchCase struct {
	name  string
	s     Scheme
	sk    *SecretKey
	msgs  [][]byte
	rev   []int
	hdr   []byte
	nonce []byte
	sig   *Signature
	proof *Proof
	disc  []DisclosedMessage
}

func benchCases(b *testing.B) []benchCase {
	b.Helper()
	var out []benchCase
	for _, s := range Schemes() {
		for _, shape := range benchShapes {
			c := benchCase{
				name:  fmt.Sprintf("%s/m%dr%d", s.Name(), shape.messages, shape.revealed),
				s:     s,
				sk:    testKey(b, s),
				msgs:  testMessages(shape.messages),
				nonce: []byte("benchmark nonce 0123456789abcdef"),
			}
			if s.Name() != BBSPlus2020Name {
				c.hdr = []byte("benchmark header")
			}
			step := shape.messages / shape.revealed
			for i := 0; i < shape.revealed; i++ {
				c.rev = append(c.rev, i*step)
			}
			var err error
			if c.sig, err = s.Sign(c.sk, c.hdr, c.msgs); err != nil {
				b.Fatal(err)
			}
			if c.proof, err = s.DeriveProof(rand.Reader, c.sk.PublicKey(), c.sig, c.hdr, c.nonce, c.msgs, c.rev); err != nil {
				b.Fatal(err)
			}
			c.disc = disclosedFor(c.msgs, c.rev)
			out = append(out, c)
		}
	}
	return out
}

func BenchmarkSign(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.s.Sign(c.sk, c.hdr, c.msgs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkVerify(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if err := c.s.Verify(c.sk.PublicKey(), c.sig, c.hdr, c.msgs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkDeriveProof(b *testing.B) {
	for _, c := range benchCases(b) {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := c.s.DeriveProof(rand.Reader, c.sk.PublicKey(), c.sig, c.hdr, c.nonce, c.msgs, c.rev); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkVerifyProof measures what a verifier does per request: parse the
// public key and the proof from bytes, then verify.
func BenchmarkVerifyProof(b *testing.B) {
	for _, c := range benchCases(b) {
		pkBytes, proofBytes := c.sk.PublicKey().Bytes(), c.proof.Bytes()
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				pk, err := c.s.ParsePublicKey(pkBytes)
				if err != nil {
					b.Fatal(err)
				}
				p, err := c.s.ParseProof(proofBytes)
				if err != nil {
					b.Fatal(err)
				}
				if err := c.s.VerifyProof(pk, p, c.hdr, c.nonce, c.disc); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
