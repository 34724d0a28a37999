// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"sync"
	"testing"
	"time"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Benchmarks of batch verification, with the single verifications they
// replace in the same run:
//
//	BenchmarkVerifyProofs/<scheme>/n32-m10r2       VerifyProofs on 32 proofs
//	BenchmarkVerifyProofs/<scheme>/single32-m10r2  32 VerifyProof calls on the same proofs
//
// and likewise n1/single1 and n256; n32-bad1 and n32-bad32 have one and 32
// proofs with a wrong nonce; parse32 times parsing the 32 proofs
// and keys from bytes, which both need before verifying. The proofs are
// of one key, 10 messages with 2 revealed, each with its own nonce; caches
// are warm. BenchmarkVerifyProofFloor is the least a single verification
// can cost with this pairing and MSM code: one two-pairing product with
// precomputed lines and one MSM of a proof's size.
//
//	go test -run '^$' -bench 'VerifyProofs|VerifyProofFloor' -count 5 ./bbs/

// batchBenchCache keeps the benchmark items across -count runs.
var batchBenchCache sync.Map // scheme name -> []BatchItem

// batchBenchItems returns n valid m10r2 items of scheme s under one key.
func batchBenchItems(b *testing.B, s Scheme, n int) []BatchItem {
	b.Helper()
	if items, ok := batchBenchCache.Load(s.Name()); ok && len(items.([]BatchItem)) >= n {
		return items.([]BatchItem)[:n]
	}
	sk := testKey(b, s)
	msgs := testMessages(10)
	revealed := []int{0, 5}
	var hdr []byte
	if s.Name() != BBSPlus2020Name {
		hdr = []byte("benchmark header")
	}
	sig, err := s.Sign(sk, hdr, msgs)
	if err != nil {
		b.Fatal(err)
	}
	items := make([]BatchItem, n)
	for i := range items {
		nonce := []byte(fmt.Sprintf("benchmark nonce %d", i))
		rng := mathrand.NewChaCha8([32]byte{'b', 'e', 'n', 'c', 'h', byte(i), byte(i >> 8)})
		proof, err := s.DeriveProof(rng, sk.PublicKey(), sig, hdr, nonce, msgs, revealed)
		if err != nil {
			b.Fatal(err)
		}
		items[i] = BatchItem{PublicKey: sk.PublicKey(), Proof: proof, Header: hdr, Nonce: nonce, Disclosed: disclosedFor(msgs, revealed)}
	}
	batchBenchCache.Store(s.Name(), items)
	return items
}

func BenchmarkVerifyProofs(b *testing.B) {
	for _, s := range Schemes() {
		items := batchBenchItems(b, s, 256)
		batch := func(n int) func(b *testing.B) {
			return func(b *testing.B) {
				cpu := startCPU()
				for b.Loop() {
					for i, err := range VerifyProofs(s, items[:n]) {
						if err != nil {
							b.Fatalf("item %d: %v", i, err)
						}
					}
				}
				cpu.report(b, n)
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/proof")
			}
		}
		single := func(n int) func(b *testing.B) {
			return func(b *testing.B) {
				cpu := startCPU()
				for b.Loop() {
					for _, it := range items[:n] {
						if err := s.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed); err != nil {
							b.Fatal(err)
						}
					}
				}
				cpu.report(b, n)
				b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*n), "µs/proof")
			}
		}
		b.Run(s.Name()+"/n1-m10r2", batch(1))
		b.Run(s.Name()+"/single1-m10r2", single(1))
		b.Run(s.Name()+"/n32-m10r2", batch(32))
		b.Run(s.Name()+"/single32-m10r2", single(32))
		b.Run(s.Name()+"/n256-m10r2", batch(256))
		// With bad items: one (a wrong nonce, in the middle), and all.
		bad := func(n int, isBad func(i int) bool) func(b *testing.B) {
			spoilt := append([]BatchItem(nil), items[:n]...)
			for i := range spoilt {
				if isBad(i) {
					spoilt[i].Nonce = []byte("wrong nonce")
				}
			}
			return func(b *testing.B) {
				cpu := startCPU()
				for b.Loop() {
					for i, err := range VerifyProofs(s, spoilt) {
						if (err != nil) != isBad(i) {
							b.Fatalf("item %d: %v", i, err)
						}
					}
				}
				cpu.report(b, n)
			}
		}
		b.Run(s.Name()+"/n32-bad1-m10r2", bad(32, func(i int) bool { return i == 13 }))
		b.Run(s.Name()+"/n32-bad32-m10r2", bad(32, func(int) bool { return true }))
		b.Run(s.Name()+"/parse32-m10r2", func(b *testing.B) {
			pks, proofs := make([][]byte, 32), make([][]byte, 32)
			for i := range pks {
				pks[i], proofs[i] = items[i].PublicKey.Bytes(), items[i].Proof.Bytes()
			}
			for b.Loop() {
				for i := range pks {
					if _, err := s.ParsePublicKey(pks[i]); err != nil {
						b.Fatal(err)
					}
					if _, err := s.ParseProof(proofs[i]); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// cpuClock measures the process's CPU time over a benchmark's loop: on a
// shared machine, wall time counts other processes' load, CPU time much
// less (it still counts a slower core under load).
type cpuClock struct {
	start time.Duration
	ok    bool
}

func startCPU() cpuClock {
	d, ok := processCPU()
	return cpuClock{d, ok}
}

// report adds the metrics cpu-ns/op and cpu-µs/proof, the process's CPU
// time since startCPU per iteration and per proof (n proofs an iteration).
// The loop must be b.Loop, whose setup and teardown fall outside b.N but
// are short beside it here.
func (c cpuClock) report(b *testing.B, n int) {
	d, ok := processCPU()
	if !ok || !c.ok || b.N == 0 {
		return
	}
	cpu := float64(d - c.start)
	b.ReportMetric(cpu/float64(b.N), "cpu-ns/op")
	b.ReportMetric(cpu/1e3/float64(b.N*n), "cpu-µs/proof")
}

// BenchmarkVerifyProofFloor times, per scheme and shape, one pairing
// product e(X, W)·e(Y, P2) with the cached lines of W and P2, and one
// multi-scalar multiplication over the generators a proof of that shape
// uses (with their tables) and the proof's own points: for BBS+ 2020 P1,
// h0..hL and A', Ā−D, C1, D, C2; for the IETF schemes P1, Q_1, H_1..H_L and
// B̄, Ā, D twice (T1 and T2). A VerifyProof at that shape cannot cost less
// than this with this code; BenchmarkVerifyProof / BenchmarkVerifyProofFloor
// is the overhead of everything else (parsing, hashing, checks).
func BenchmarkVerifyProofFloor(b *testing.B) {
	rng := mathrand.New(mathrand.NewChaCha8([32]byte{'f', 'l', 'o', 'o', 'r'}))
	randomScalars := func(n int) []fr.Element {
		out := make([]fr.Element, n)
		for i := range out {
			var buf [48]byte
			for j := range buf {
				buf[j] = byte(rng.Uint32())
			}
			out[i].SetBytes(buf[:])
		}
		return out
	}
	_, _, g1, _ := bls12381.Generators()
	for _, c := range benchCases(b) {
		count := len(c.msgs)
		varPoints := 5 // A', Ā−D, C1, D, C2
		if c.s.Name() != BBSPlus2020Name {
			varPoints = 4 // B̄, Ā, D, D
		}
		gens := make([]bls12381.G1Affine, count+2) // P1 and h0/Q_1, h1..hL/H_1..H_L
		points := make([]bls12381.G1Affine, varPoints)
		for i, z := range randomScalars(len(gens) + len(points)) {
			p := &gens[min(i, len(gens)-1)]
			if i >= len(gens) {
				p = &points[i-len(gens)]
			}
			p.ScalarMultiplication(&g1, z.BigInt(new(big.Int)))
		}
		tables := group.NewG1Tables(gens)
		fixed := make([]*group.G1Table, len(tables))
		for i := range tables {
			fixed[i] = &tables[i]
		}
		fixedScalars, scalars := randomScalars(len(fixed)), randomScalars(len(points))
		pk := c.sk.PublicKey()
		x, y := points[0], points[1]
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				group.MSMWithTables(fixed, fixedScalars, points, scalars)
				if _, err := pairingProductIsOne(&x, pk, &y); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
