package bbs

import (
	"fmt"
	"io"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
)

// BenchmarkSubgroupBatch times the membership test of n points of G1 each
// alone (gnark-crypto's IsInSubGroup, Scott's test, as ParseProof and the
// batch's commitment check do) against the batch test of
// membership_batch_test.go with k ternary tests (k = 81: error 3^-81 <
// 2^-128; k = 41: 3^-41 ≈ 2^-65), digits from a transcript of the points'
// encodings, on up to GOMAXPROCS goroutines.
//
//	go test -run '^$' -bench SubgroupBatch -count 5 -cpu 1,2 ./bbs/
func BenchmarkSubgroupBatch(b *testing.B) {
	pts := make([]bls12381.G1Affine, 640)
	for i := range pts {
		pts[i] = g1Point(uint64(i))
	}
	for _, n := range []int{64, 160, 320, 640} {
		ps := pts[:n]
		transcript := func(w io.Writer) {
			for i := range ps {
				enc := ps[i].Bytes()
				w.Write(enc[:])
			}
		}
		b.Run(fmt.Sprintf("n%d/each", n), func(b *testing.B) {
			for b.Loop() {
				if !eachInG1(ps, batchWorkers(n)) {
					b.Fatal("refused")
				}
			}
		})
		for _, k := range []int{81, 41} {
			b.Run(fmt.Sprintf("n%d/batch-k%d", n, k), func(b *testing.B) {
				for b.Loop() {
					if !batchInG1(ps, subgroupDigits(n, k, transcript), k, batchWorkers(n)) {
						b.Fatal("refused")
					}
				}
			})
		}
	}
}

// BenchmarkG1Ops times what the batch test is made of: one mixed addition
// (Jacobian + affine, the general formulas), one full membership test
// (Scott's), and the digits of 81 tests for 160 points.
func BenchmarkG1Ops(b *testing.B) {
	p, q := g1Point(1), g1Point(2)
	b.Run("add-mixed", func(b *testing.B) {
		var acc bls12381.G1Jac
		acc.FromAffine(&p)
		for b.Loop() {
			acc.AddMixed(&q)
		}
	})
	b.Run("scott", func(b *testing.B) {
		for b.Loop() {
			p.IsInSubGroup()
		}
	})
	b.Run("digits-k81-n160", func(b *testing.B) {
		for b.Loop() {
			subgroupDigits(160, 81, batchTranscript("digits"))
		}
	})
}
