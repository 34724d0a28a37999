// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"testing"
)

// Extra benchmarks for the IETF schemes at the shape the chaincode cares
// about: 10 messages, 4 disclosed. The per-scheme Sign/Verify/DeriveProof/
// VerifyProof benchmarks are in bench_test.go.
//
//	go test -run '^$' -bench IETF -count 5 ./bbs/

func BenchmarkIETFVerifyProofM10R4(b *testing.B) {
	for _, s := range ietfSchemes {
		sk := ietfTestKey(b, s)
		msgs := ietfTestMessages(10)
		header, nonce := []byte("benchmark header"), []byte("benchmark nonce 0123456789abcdef")
		revealed := []int{0, 3, 5, 8}
		sig, err := s.Sign(sk, header, msgs)
		if err != nil {
			b.Fatal(err)
		}
		proof, err := s.DeriveProof(rand.Reader, sk.PublicKey(), sig, header, nonce, msgs, revealed)
		if err != nil {
			b.Fatal(err)
		}
		disc := ietfDisclose(msgs, revealed)
		pkBytes, proofBytes := sk.PublicKey().Bytes(), proof.Bytes()
		// What a verifier does per request: parse the key and the proof, verify.
		b.Run(s.name+"/parse+verify", func(b *testing.B) {
			for b.Loop() {
				pk, err := s.ParsePublicKey(pkBytes)
				if err != nil {
					b.Fatal(err)
				}
				p, err := s.ParseProof(proofBytes)
				if err != nil {
					b.Fatal(err)
				}
				if err := s.VerifyProof(pk, p, header, nonce, disc); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(s.name+"/verify", func(b *testing.B) {
			for b.Loop() {
				if err := s.VerifyProof(sk.PublicKey(), proof, header, nonce, disc); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(s.name+"/parse-proof", func(b *testing.B) {
			for b.Loop() {
				if _, err := s.ParseProof(proofBytes); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkIETFGenerators measures deriving Q_1 and H_1..H_100 (with their
// tables) into a cold cache: what the first request of a process pays.
func BenchmarkIETFGenerators(b *testing.B) {
	for _, s := range ietfSchemes {
		b.Run(s.name, func(b *testing.B) {
			for b.Loop() {
				cold := newIETFScheme(s.name, s.suiteID, s.expand, ietfG1Hex(&s.p1))
				if _, err := cold.generators(101); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
