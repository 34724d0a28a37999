// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"fmt"
	"math"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// benchWidths are the range widths of docs/predicates.md: [0, 2^bits − 1].
var benchWidths = []struct {
	bits int
	max  int64
}{{8, 255}, {32, math.MaxUint32}, {64, math.MaxInt64}}

func benchPreds(rp *Params, max int64) []Predicate {
	min := int64(0)
	if max == math.MaxInt64 {
		min = math.MinInt64 // width 2^64 − 1
	}
	return []Predicate{{Kind: Range, Index: 1, Min: min, Max: max, Params: rp}}
}

// BenchmarkRange measures proving and verifying a presentation with one
// range predicate of each width, and the same presentation's plain IETF
// BBS verify (baseline), with digit bases u = 16 and u = 256. It reports
// the predicate proof size.
func BenchmarkRange(b *testing.B) {
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
		for b.Loop() {
			if err := bbs.VerifyProofMapped(s, f.sk.PublicKey(), proof, []byte("hdr"), []byte("ph"), d, f.mm); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, rp := range []*Params{rp16, rp256} {
		for _, w := range benchWidths {
			preds := benchPreds(rp, w.max)
			name := fmt.Sprintf("u%d/%dbit", rp.Base(), w.bits)
			b.Run(name+"/prove", func(b *testing.B) {
				for b.Loop() {
					if _, _, err := f.prove(b, preds); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(ProofSize(preds)), "bytes")
			})
			proof, pp, err := f.prove(b, preds)
			if err != nil {
				b.Fatal(err)
			}
			b.Run(name+"/verify", func(b *testing.B) {
				for b.Loop() {
					if err := f.verify(proof, preds, pp); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64(len(pp)), "bytes")
			})
			// Hostile: the last response altered, so every check runs and the
			// proof is refused at the end.
			bad := append([]byte(nil), pp...)
			bad[len(bad)-1] ^= 1
			b.Run(name+"/hostile", func(b *testing.B) {
				for b.Loop() {
					if err := f.verify(proof, preds, bad); err == nil {
						b.Fatal("accepted")
					}
				}
			})
		}
	}
}
