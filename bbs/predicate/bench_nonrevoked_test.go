// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// BenchmarkNonRevoked measures, in CPU time (cpu-ns/op), verifying a presentation with
// non-revocation (parsed from its bytes each time) without predicates
// (baseline), and with one 8-bit range predicate, by Bulletproofs and by
// CCS08 with u = 16; hostile is the CCS08 one with its last response
// altered. It reports the predicate proof size.
func BenchmarkNonRevoked(b *testing.B) {
	rp, _ := params(b)
	s := bbs.BLS12381SHA256()
	f := newRevFixture(b, s, 30, 0, "handle-1")
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	b.Run("baseline/verify", func(b *testing.B) {
		// the baseline credential is signed over hashed messages only
		sig, err := s.Sign(f.sk, []byte("hdr"), f.msgs)
		if err != nil {
			b.Fatal(err)
		}
		c := *f.cred
		c.Signature = sig
		p, err := revocation.Present(nil, &c, f.acc, f.v0, []byte("ph"), []int{0})
		if err != nil {
			b.Fatal(err)
		}
		defer cpuMetric(b)()
		for b.Loop() {
			q, err := revocation.ParsePresentation(s, p.Bytes())
			if err != nil {
				b.Fatal(err)
			}
			if err := revocation.VerifyPresentationAt(f.sk.PublicKey(), q, revHandleIndex, []byte("hdr"), []byte("ph"), d, f.acc, f.v0); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, c := range []struct {
		name  string
		preds []Predicate
	}{
		{"bulletproofs/8bit", []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 255}}},
		{"u16/8bit", []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 255, Params: rp}}},
	} {
		p, pp, err := f.prove(b, c.preds)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/verify", func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if err := f.verify(p, c.preds, pp, f.v0); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(pp)), "bytes")
		})
		if c.preds[0].Params == nil {
			continue
		}
		bad := append([]byte(nil), pp...)
		bad[len(bad)-1] ^= 1
		b.Run(c.name+"/hostile", func(b *testing.B) {
			defer cpuMetric(b)()
			for b.Loop() {
				if err := f.verify(p, c.preds, bad, f.v0); err == nil {
					b.Fatal("accepted")
				}
			}
		})
	}
}
