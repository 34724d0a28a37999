// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"math"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// BenchmarkPseudonymPresentation measures, in CPU time on one core
// (cpu-ns/op; run with -cpu 1), the verification of one presentation with
// a pseudonym of the nym fixture (four issuer messages and one committed,
// one of each disclosed, two nym secrets, SHA-256 suite) without
// predicates (baseline) and with one range predicate, a hostile predicate
// proof (last byte altered) of each, and proving:
//
//	go test -run '^$' -bench BenchmarkPseudonymPresentation -count 5 -cpu 1 ./bbs/predicate/
func BenchmarkPseudonymPresentation(b *testing.B) {
	rp16, _ := params(b)
	rp256, _, err := GenerateRangeParams(nil, 256)
	if err != nil {
		b.Fatal(err)
	}
	s := bbs.NymBLS12381SHA256()
	f := newNymFixture(b, s, 30, 0)
	pk := f.sk.PublicKey()
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	dc := []bbs.DisclosedMessage{{Index: 0, Message: f.committed[0]}}
	b.Run("baseline/verify", func(b *testing.B) {
		proof, nym, err := bbs.DeriveProofWithPseudonymMapped(nil, s, pk, f.sig, []byte("hdr"), []byte("ph"), []byte("ctx"), f.msgs, f.committed, []int{0}, []int{0}, f.secret, f.mm)
		if err != nil {
			b.Fatal(err)
		}
		defer cpuMetric(b)()
		for b.Loop() {
			if err := bbs.VerifyProofWithPseudonymMapped(s, pk, proof, nym, []byte("hdr"), []byte("ph"), []byte("ctx"), 4, 2, d, dc, f.mm); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, c := range []struct {
		name     string
		p        *Params
		min, max int64
	}{
		{"bulletproofs/8bit", nil, 0, 255},
		{"bulletproofs/64bit-onesided", nil, math.MinInt64, 1 << 40},
		{"ccs08-u16/8bit", rp16, 0, 255},
		{"ccs08-u256/64bit-onesided", rp256, math.MinInt64, 1 << 40},
	} {
		preds := []Predicate{{Kind: Range, Index: 1, Min: c.min, Max: c.max, Params: c.p}}
		proof, nym, pp, err := f.prove(b, preds)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/verify", func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if err := f.verify(proof, nym, preds, pp); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(pp)), "proof-bytes")
		})
		bad := append([]byte(nil), pp...)
		bad[len(bad)-1] ^= 1
		b.Run(c.name+"/hostile", func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if err := f.verify(proof, nym, preds, bad); err == nil {
					b.Fatal("accepted")
				}
			}
		})
		b.Run(c.name+"/prove", func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if _, _, _, err := f.prove(b, preds); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
