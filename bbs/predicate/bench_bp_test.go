// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"math"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// BenchmarkPresentation measures, in CPU time on one core (cpu-ns/op;
// run with -cpu 1), the verification of one presentation of the fixture
// (four messages, one disclosed, SHA-256 suite) without predicates
// (baseline) and with one range predicate of each construction and width,
// a hostile predicate proof (last byte altered) of each, and proving:
//
//	go test -run '^$' -bench BenchmarkPresentation -count 5 -cpu 1 ./bbs/predicate/
func BenchmarkPresentation(b *testing.B) {
	rp16, _ := params(b)
	rp256, _, err := GenerateRangeParams(nil, 256)
	if err != nil {
		b.Fatal(err)
	}
	s := bbs.BLS12381SHA256()
	f := newFixture(b, s, 30, 0)
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	b.Run("baseline/verify", func(b *testing.B) {
		proof, err := bbs.DeriveProofMapped(nil, s, f.sk.PublicKey(), f.sig, []byte("hdr"), []byte("ph"), f.msgs, []int{0}, f.mm)
		if err != nil {
			b.Fatal(err)
		}
		defer cpuMetric(b)()
		for b.Loop() {
			if err := bbs.VerifyProofMapped(s, f.sk.PublicKey(), proof, []byte("hdr"), []byte("ph"), d, f.mm); err != nil {
				b.Fatal(err)
			}
		}
	})
	type shape struct {
		name     string
		min, max int64
	}
	shapes := []shape{
		{"8bit", 0, 255}, {"32bit", 0, math.MaxUint32},
		{"64bit-onesided", math.MinInt64, 1 << 40}, {"64bit", math.MinInt64 + 1, math.MaxInt64 - 1},
	}
	for _, c := range []struct {
		name string
		p    *Params
	}{{"bulletproofs", nil}, {"ccs08-u16", rp16}, {"ccs08-u256", rp256}} {
		for _, sh := range shapes {
			preds := []Predicate{{Kind: Range, Index: 1, Min: sh.min, Max: sh.max, Params: c.p}}
			name := c.name + "/" + sh.name
			proof, pp, err := f.prove(b, preds)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/verify", func(b *testing.B) {
				defer cpuMetric(b)()
				for b.Loop() {
					if err := f.verify(proof, preds, pp); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(pp)), "proof-bytes")
			})
			bad := append([]byte(nil), pp...)
			bad[len(bad)-1] ^= 1
			b.Run(name+"/hostile", func(b *testing.B) {
				defer cpuMetric(b)()
				for b.Loop() {
					if err := f.verify(proof, preds, bad); err == nil {
						b.Fatal("accepted")
					}
				}
			})
			b.Run(name+"/prove", func(b *testing.B) {
				defer cpuMetric(b)()
				for b.Loop() {
					if _, _, err := f.prove(b, preds); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// cpuMetric starts counting the process's CPU time; the function it
// returns reports it per operation as cpu-ns/op (when it can be read).
func cpuMetric(b *testing.B) func() {
	start, ok := processCPU()
	return func() {
		end, ok2 := processCPU()
		if ok && ok2 && b.N > 0 {
			b.ReportMetric(float64((end-start).Nanoseconds())/float64(b.N), "cpu-ns/op")
		}
	}
}
