// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"bytes"
	"crypto/rand"
	"fmt"
	"math"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// Benchmarks of proving and verifying n = 8, 32 and 64 bits (one
// commitment) and a 64-bit [min, max] (two aggregated statements), with
// the proof's size as a metric; the ranges are [0, 2^n − 1] (the
// 64-bit one [−2^63, 2^63 − 1]), both ends proven as one aggregate of two,
// the statements of bbs/predicate's BenchmarkRange, next to the reference the 3× bound
// is about: an IETF BBS (SHA-256) VerifyProof of 10 messages with 2
// disclosed, parsing included, as BenchmarkVerifyProof in package bbs
// (docs/performance.md). Measure with
//
//	go test -run '^$' -bench 'BenchmarkBulletproofs' -count 5 -cpu 1 ./bbs/internal/bulletproofs/

type benchShape struct {
	name   string
	n      int
	lo, hi int64 // a range when lo < hi
}

var shapes = []benchShape{
	{"n8", 8, 0, 0}, {"n32", 32, 0, 0}, {"n64", 64, 0, 0},
	{"range8", 8, 0, 255}, {"range32", 32, 0, 1<<32 - 1}, {"range64", 64, math.MinInt64, math.MaxInt64}, {"range64two", 64, math.MinInt64 + 1, math.MaxInt64 - 1},
}

func BenchmarkBulletproofs(b *testing.B) {
	g, h := bases(b)
	ctx := []byte("benchmark context")
	for _, s := range shapes {
		var gamma fr.Element
		if _, err := gamma.SetRandom(); err != nil {
			b.Fatal(err)
		}
		prove := func() ([]byte, error) {
			if s.lo < s.hi {
				p, _, err := ProveRange(&g, &h, s.n, 30, &gamma, s.lo, s.hi, ctx, rand.Reader)
				return p, err
			}
			return Prove(&g, &h, s.n, []uint64{30}, []fr.Element{gamma}, ctx, rand.Reader)
		}
		proof, err := prove()
		if err != nil {
			b.Fatal(err)
		}
		vs := commitments(b, []uint64{30}, []fr.Element{gamma})
		var sv fr.Element
		sv.SetInt64(30)
		V := Commit(&g, &h, &sv, &gamma)
		verify := func(p []byte) error {
			if s.lo < s.hi {
				return VerifyRange(&g, &h, s.n, &V, s.lo, s.hi, p, ctx)
			}
			return Verify(&g, &h, s.n, vs, p, ctx)
		}
		b.Run("Prove/"+s.name, func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if _, err := prove(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(proof)), "proof-bytes")
		})
		b.Run("Verify/"+s.name, func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if err := verify(proof); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(proof)), "proof-bytes")
		})
	}
	b.Run("Reference/IETF-BBS-SHA256-VerifyProof/m10r2", benchBBSVerifyProof)
}

func benchBBSVerifyProof(b *testing.B) {
	s := bbs.BLS12381SHA256()
	sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		b.Fatal(err)
	}
	msgs := make([][]byte, 10)
	for i := range msgs {
		msgs[i] = []byte(fmt.Sprintf("claim %d: value %d", i, i*i))
	}
	hdr, nonce := []byte("benchmark header"), []byte("benchmark nonce 0123456789abcdef")
	sig, err := s.Sign(sk, hdr, msgs)
	if err != nil {
		b.Fatal(err)
	}
	rev := []int{0, 5}
	proof, err := s.DeriveProof(rand.Reader, sk.PublicKey(), sig, hdr, nonce, msgs, rev)
	if err != nil {
		b.Fatal(err)
	}
	disc := []bbs.DisclosedMessage{{Index: 0, Message: msgs[0]}, {Index: 5, Message: msgs[5]}}
	pkBytes, proofBytes := sk.PublicKey().Bytes(), proof.Bytes()
	defer cpuMetric(b)()
	for b.Loop() {
		pk, err := s.ParsePublicKey(pkBytes)
		if err != nil {
			b.Fatal(err)
		}
		p, err := s.ParseProof(proofBytes)
		if err != nil {
			b.Fatal(err)
		}
		if err := s.VerifyProof(pk, p, hdr, nonce, disc); err != nil {
			b.Fatal(err)
		}
	}
}

// cpuMetric starts counting the process's CPU time; the function it
// returns reports it per operation as cpu-ns/op (when it can be read).
// With -cpu 1 that is the CPU time on one core, less sensitive than
// ns/op to other work on a shared host.
func cpuMetric(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		end, ok2 := processCPU()
		if ok && ok2 && b.N > 0 {
			b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}
