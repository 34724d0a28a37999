// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"
	"testing"
	"time"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
)

// BenchmarkSubgroupBatch times the membership test of n points of G1 each
// alone (gnark-crypto's IsInSubGroup, Scott's test, as ParseProof and the
// batch's commitment check do) against the batch test of
// membership_batch_test.go with k ternary tests (k = 81: error 3^-81 <
// 2^-128; k = 41: 3^-41 ≈ 2^-65), digits from a transcript of the points'
// encodings, on up to GOMAXPROCS goroutines. Each iteration runs the three
// in turn, so that a change of the host's load falls on all of them; the
// metrics are each one's time per iteration and the batch/each ratios.
//
//	go test -run '^$' -bench SubgroupBatch -count 5 -cpu 1,2 ./bbs/
func BenchmarkSubgroupBatch(b *testing.B) {
	pts := make([]bls12381.G1Affine, 640)
	for i := range pts {
		pts[i] = memG1Point(uint64(i))
	}
	for _, n := range []int{64, 160, 320, 640} {
		ps := pts[:n]
		transcript := func(w io.Writer) {
			for i := range ps {
				enc := ps[i].Bytes()
				w.Write(enc[:])
			}
		}
		b.Run(fmt.Sprintf("n%d", n), func(b *testing.B) {
			var each, k81, k41 time.Duration
			for b.Loop() {
				t0 := time.Now()
				ok1 := eachInG1(ps, batchWorkers(n))
				t1 := time.Now()
				ok2 := batchInG1(ps, subgroupDigits(n, 81, transcript), 81, batchWorkers(n))
				t2 := time.Now()
				ok3 := batchInG1(ps, subgroupDigits(n, 41, transcript), 41, batchWorkers(n))
				t3 := time.Now()
				if !ok1 || !ok2 || !ok3 {
					b.Fatal("points of G1 refused")
				}
				each, k81, k41 = each+t1.Sub(t0), k81+t2.Sub(t1), k41+t3.Sub(t2)
			}
			it := float64(b.N)
			b.ReportMetric(float64(each.Microseconds())/it, "each-µs")
			b.ReportMetric(float64(k81.Microseconds())/it, "k81-µs")
			b.ReportMetric(float64(k41.Microseconds())/it, "k41-µs")
			b.ReportMetric(float64(k81)/float64(each), "k81/each")
			b.ReportMetric(float64(k41)/float64(each), "k41/each")
		})
	}
}

// BenchmarkG1Ops times what the batch test is made of, in turn in each
// iteration: 100 mixed additions (Jacobian + affine, the general formulas)
// and one full membership test (Scott's); the metric scott/add is their
// cost ratio, the figure the batch test's cost model needs.
func BenchmarkG1Ops(b *testing.B) {
	p, q := memG1Point(1), memG1Point(2)
	var acc bls12381.G1Jac
	acc.FromAffine(&p)
	var add, scott time.Duration
	for b.Loop() {
		t0 := time.Now()
		for range 100 {
			acc.AddMixed(&q)
		}
		t1 := time.Now()
		if !p.IsInSubGroup() {
			b.Fatal("not in G1")
		}
		t2 := time.Now()
		add, scott = add+t1.Sub(t0), scott+t2.Sub(t1)
	}
	b.ReportMetric(float64(add.Nanoseconds())/float64(100*b.N), "add-ns")
	b.ReportMetric(float64(scott.Nanoseconds())/float64(b.N), "scott-ns")
	b.ReportMetric(100*float64(scott)/float64(add), "scott/add")
}
