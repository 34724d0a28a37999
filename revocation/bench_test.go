// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"runtime"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// Benchmarks of the revocation budget, in one run:
//
//	GOFLAGS=-mod=vendor go test -run '^$' -bench . -count 5 ./revocation/
//
// Verify/plain is ParseProof + VerifyProof of a core BBS proof;
// Verify/non-revoked is ParsePresentation + VerifyPresentation of the same
// credential with the same disclosure (the committed BBS proof and the
// membership proof). Each reports cpu-µs/op (process CPU time from
// getrusage, less sensitive to other load than wall time).

func cpuNow() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64((cpuNow()-start).Microseconds())/float64(b.N), "cpu-µs/op")
}

func BenchmarkVerify(b *testing.B) {
	for _, n := range []int{5, 20} {
		is := newIssuer(b, bbs.BLS12381SHA256())
		c := is.issue(b, "bench", n)
		nonce := []byte("bench nonce")
		revealed := []int{0, 1}
		d := disclosed(c, 0, 1)
		plain, err := is.s.DeriveProof(nil, c.PublicKey, c.Signature, c.Header, nonce, c.Messages, revealed)
		if err != nil {
			b.Fatal(err)
		}
		pres, err := Present(nil, c, is.ask.PublicKey(), is.v[0], nonce, revealed)
		if err != nil {
			b.Fatal(err)
		}
		pb, prb := plain.Bytes(), pres.Bytes()
		b.Run(name("plain", n), func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				p, err := is.s.ParseProof(pb)
				if err == nil {
					err = is.s.VerifyProof(c.PublicKey, p, c.Header, nonce, d)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
		b.Run(name("non-revoked", n), func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				if err := is.verify(prb, nonce, d); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
	}
}

func name(s string, n int) string {
	return s + "/messages=" + string(rune('0'+n/10)) + string(rune('0'+n%10))
}

func BenchmarkIssuerRemove(b *testing.B) {
	sk, v0, _ := GenerateKey(nil)
	h := handle(b, bbs.BLS12381SHA256(), "x")
	start := cpuNow()
	for b.Loop() {
		if _, err := sk.Remove(0, v0, h); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkVerifyRemoval(b *testing.B) {
	sk, v0, _ := GenerateKey(nil)
	r, _ := sk.Remove(0, v0, handle(b, bbs.BLS12381SHA256(), "x"))
	rb := r.Bytes()
	start := cpuNow()
	for b.Loop() {
		q, err := ParseRemoval(rb)
		if err == nil {
			err = VerifyRemoval(sk.PublicKey(), v0, q)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkHolderUpdateWitness(b *testing.B) {
	s := bbs.BLS12381SHA256()
	sk, v0, _ := GenerateKey(nil)
	x := handle(b, s, "x")
	w, _ := sk.Witness(v0, x)
	r, _ := sk.Remove(0, v0, handle(b, s, "y"))
	start := cpuNow()
	for b.Loop() {
		if _, err := UpdateWitness(x, w, r); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

func BenchmarkPresent(b *testing.B) {
	is := newIssuer(b, bbs.BLS12381SHA256())
	c := is.issue(b, "bench", 5)
	start := cpuNow()
	for b.Loop() {
		if _, err := Present(nil, c, is.ask.PublicKey(), is.v[0], []byte("n"), []int{0, 1}); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// threadCPU is the calling thread's CPU time (the goroutine is locked to
// it), so other load and GC threads are not counted.
func threadCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkVerifyRatio alternates a plain verification and a non-revoked
// one of the same credential and disclosure in every iteration, on one
// locked thread, and reports each one's median thread CPU time over
// batches of 20 and their ratio: both see the same load.
func BenchmarkVerifyRatio(b *testing.B) {
	for _, n := range []int{5, 20} {
		is := newIssuer(b, bbs.BLS12381SHA256())
		c := is.issue(b, "bench", n)
		nonce := []byte("bench nonce")
		d := disclosed(c, 0, 1)
		plain, _ := is.s.DeriveProof(nil, c.PublicKey, c.Signature, c.Header, nonce, c.Messages, []int{0, 1})
		pres, err := Present(nil, c, is.ask.PublicKey(), is.v[0], nonce, []int{0, 1})
		if err != nil {
			b.Fatal(err)
		}
		pb, prb := plain.Bytes(), pres.Bytes()
		b.Run(name("messages", n), func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			var tp, tn []float64
			for b.Loop() {
				var sp, sn time.Duration
				for range 20 {
					t0 := threadCPU()
					p, err := is.s.ParseProof(pb)
					if err == nil {
						err = is.s.VerifyProof(c.PublicKey, p, c.Header, nonce, d)
					}
					t1 := threadCPU()
					if err == nil {
						err = is.verify(prb, nonce, d)
					}
					t2 := threadCPU()
					if err != nil {
						b.Fatal(err)
					}
					sp += t1 - t0
					sn += t2 - t1
				}
				tp = append(tp, float64(sp.Microseconds())/20)
				tn = append(tn, float64(sn.Microseconds())/20)
			}
			mp, mn := median(tp), median(tn)
			b.ReportMetric(mp, "plain-cpu-µs")
			b.ReportMetric(mn, "nonrevoked-cpu-µs")
			b.ReportMetric(mn/mp, "ratio")
		})
	}
}

func median(x []float64) float64 {
	sort.Float64s(x)
	return x[len(x)/2]
}

// BenchmarkVerifyHostile: presentations that fail, next to a valid one,
// for the "hostile input costs at most a small multiple" rule: a changed
// membership response, a changed BBS response (both refused at the
// membership challenge, whose context hashes the BBS proof), and a proof made with a
// revoked holder's stale witness, which passes every check but the
// pairing fold (the most expensive failure).
func BenchmarkVerifyHostile(b *testing.B) {
	is := newIssuer(b, bbs.BLS12381SHA256())
	c := is.issue(b, "bench", 5)
	nonce := []byte("n")
	pres, err := Present(nil, c, is.ask.PublicKey(), is.v[0], nonce, nil)
	if err != nil {
		b.Fatal(err)
	}
	valid := pres.Bytes()
	flip := func(i int) []byte { x := append([]byte(nil), valid...); x[i] ^= 1; return x }
	bob := is.issue(b, "bob", 5)
	is.revoke(b, bob)
	bob.Version = 1
	cases := []struct {
		name string
		b    []byte
		v    uint64
	}{
		{"valid", valid, 0},
		{"membership-response", flip(len(valid) - 1), 0},
		{"bbs-response", flip(9 + 8 + 3*48 + 5), 0},
		{"stale-witness-pairing", presentUncheckedTB(b, bob, is.ask.PublicKey(), is.v[1], nonce), 1},
	}
	for _, tc := range cases {
		b.Run(tc.name, func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				err := is.verify(tc.b, nonce, nil)
				if (err == nil) != (tc.name == "valid") {
					b.Fatal(tc.name, err)
				}
			}
			reportCPU(b, start)
		})
	}
}

// BenchmarkBatch: one batch of m removals against m single ones, for the
// issuer, the contract's check and a holder's witness update.
func BenchmarkBatch(b *testing.B) {
	s := bbs.BLS12381SHA256()
	sk, v0, _ := GenerateKey(nil)
	x := handle(b, s, "holder")
	w0, _ := sk.Witness(v0, x)
	for _, m := range []int{16, 128} {
		hs := make([][]byte, m)
		for i := range hs {
			hs[i] = handle(b, s, string(rune('a'+i%26))+string(rune('0'+i)))
		}
		batch, err := sk.RemoveBatch(0, v0, hs)
		if err != nil {
			b.Fatal(err)
		}
		enc := batch.Bytes()
		var seq []*Removal
		v := v0
		for i, h := range hs {
			r, _ := sk.Remove(uint64(i), v, h)
			seq = append(seq, r)
			v = r.Value()
		}
		sfx := "/m=" + itoa(m)
		b.Run("issuer-batch"+sfx, func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				if _, err := sk.RemoveBatch(0, v0, hs); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
		b.Run("verify-batch"+sfx, func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				r, err := ParseBatchRemoval(enc)
				if err == nil {
					err = VerifyBatchRemoval(sk.PublicKey(), v0, r)
				}
				if err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
		b.Run("holder-batch"+sfx, func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				if _, err := UpdateWitnessBatch(x, w0, batch); err != nil {
					b.Fatal(err)
				}
			}
			reportCPU(b, start)
		})
		b.Run("holder-sequential"+sfx, func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				w := w0
				for _, r := range seq {
					if w, err = UpdateWitness(x, w, r); err != nil {
						b.Fatal(err)
					}
				}
			}
			reportCPU(b, start)
		})
	}
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
