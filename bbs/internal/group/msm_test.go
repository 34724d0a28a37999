// SPDX-License-Identifier: Apache-2.0

package group

import (
	"encoding/hex"
	"fmt"
	"math/big"
	"slices"
	"syscall"
	"testing"
	"time"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// TestMSM checks MSMWithTables (Straus/GLV with cached and per-call tables,
// or MultiExp) against gnark-crypto's MultiExp, with edge cases: zero and
// small scalars, r − 1, repeated points, the identity, cancelling sums,
// and sizes around the switches between methods.
func TestMSM(t *testing.T) {
	g, err := testPoints(2*StrausMaxTerms + 10)
	if err != nil {
		t.Fatal(err)
	}
	var minusOne, two fr.Element
	minusOne.SetOne().Neg(&minusOne)
	two.SetUint64(2)
	sizes := []struct{ fixed, vars int }{
		{0, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 3}, {12, 1}, {3, 5}, {0, StrausMaxVarPoints}, {0, StrausMaxVarPoints + 1},
		{40, StrausMaxVarPoints}, {StrausMaxTerms - 1, 1}, {StrausMaxTerms, 1}, {StrausMaxTerms + 5, 0},
		{StrausMaxTerms + 5, 3}, {2*StrausMaxTerms + 1, 1}, {StrausMaxTerms + 1, StrausMaxVarPoints + 1},
	}
	for _, size := range sizes {
		for variant := 0; variant < 4; variant++ {
			t.Run(fmt.Sprintf("f%d/v%d/variant%d", size.fixed, size.vars, variant), func(t *testing.T) {
				fixed := make([]*G1Table, size.fixed)
				fixedScalars := make([]fr.Element, size.fixed)
				for i := range fixed {
					fixed[i] = &g.tables[i]
					fixedScalars[i].SetRandom()
				}
				points := make([]bls12381.G1Affine, size.vars)
				scalars := make([]fr.Element, size.vars)
				for i := range points {
					points[i] = g.points[len(g.points)-1-i%9]
					scalars[i].SetRandom()
				}
				switch variant {
				case 1: // special scalars
					for i := range scalars {
						switch i % 4 {
						case 0:
							scalars[i].SetZero()
						case 1:
							scalars[i] = minusOne
						case 2:
							scalars[i].SetOne()
						}
					}
					for i := range fixedScalars {
						switch i % 3 {
						case 0:
							fixedScalars[i].SetZero()
						case 1:
							fixedScalars[i] = minusOne
						}
					}
				case 2: // the identity among the variable points
					for i := range points {
						if i%3 == 0 {
							points[i] = bls12381.G1Affine{}
						}
					}
				case 3: // sums that cancel: F·2 + F·(−1) + F·(−1), P·1 + P·(−1)
					if size.vars >= 2 {
						points[1] = points[0]
						scalars[0], scalars[1] = minusOne, *new(fr.Element).SetOne()
					}
					if size.fixed >= 1 && size.vars >= 2 {
						points[0], points[1] = fixed[0][0], fixed[0][0]
						fixedScalars[0], scalars[0], scalars[1] = two, minusOne, minusOne
					}
				}
				got := MSMWithTables(fixed, fixedScalars, points, scalars)
				all := append([]bls12381.G1Affine(nil), points...)
				allScalars := append([]fr.Element(nil), scalars...)
				for i := range fixed {
					all = append(all, fixed[i][0])
					allScalars = append(allScalars, fixedScalars[i])
				}
				var want bls12381.G1Affine
				if _, err := want.MultiExp(all, allScalars, ecc.MultiExpConfig{}); err != nil {
					t.Fatal(err)
				}
				if !got.Equal(&want) {
					t.Errorf("MSMWithTables = %s, MultiExp = %s", g1Hex(&got), g1Hex(&want))
				}
			})
		}
	}
}

// TestTables checks the cached tables of odd multiples.
func TestTables(t *testing.T) {
	g, err := testPoints(3)
	if err != nil {
		t.Fatal(err)
	}
	_, _, p1, _ := bls12381.Generators()
	tables := append(NewG1Tables([]bls12381.G1Affine{p1}), g.tables...)
	points := append([]bls12381.G1Affine{p1}, g.points...)
	for i := range tables {
		for k := range tables[i] {
			var want bls12381.G1Affine
			want.ScalarMultiplication(&points[i], big.NewInt(int64(2*k+1)))
			if !tables[i][k].Equal(&want) {
				t.Fatalf("table %d entry %d is not %d·P", i, k, 2*k+1)
			}
		}
	}
}

// BenchmarkMSM compares Straus' method with MultiExp at the sizes the
// schemes use (n fixed generators and one variable point), to place
// StrausMaxTerms and StrausMaxTabledTerms. Besides wall time each reports
// cpu-µs/op, the process's CPU time per MSM, steadier on a shared machine.
func BenchmarkMSM(b *testing.B) {
	g, err := testPoints(1024 + 1)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2, 12, 32, 48, 64, 80, 102, 128, 204, 256, 1024} {
		fixed := make([]*G1Table, n)
		scalars := make([]fr.Element, n+1)
		points := make([]bls12381.G1Affine, n+1)
		for i := range fixed {
			fixed[i] = &g.tables[i]
			points[i] = g.points[i]
		}
		points[n] = g.points[n]
		for i := range scalars {
			scalars[i].SetRandom()
		}
		b.Run(fmt.Sprintf("straus/n%d+1", n), func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				StrausMSM(fixed, scalars[:n], points[n:], scalars[n:])
			}
			reportCPU(b, start)
		})
		b.Run(fmt.Sprintf("multiexp/n%d+1", n), func(b *testing.B) {
			start := cpuNow()
			for b.Loop() {
				var r bls12381.G1Jac
				r.MultiExp(points, scalars, ecc.MultiExpConfig{})
			}
			reportCPU(b, start)
		})
	}
}

// cpuNow is the CPU time (user + system) the process has used so far.
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

// TestWNAF checks the wNAF recoding: the digits sum back to k, are odd
// or zero, below 2^(w-1) in magnitude, separated by w−1 zeros, and agree
// with wnafDefinition.
func TestWNAF(t *testing.T) {
	var ks []*big.Int
	for _, v := range []int64{0, 1, -1, 2, 15, 16, 17, 31, 32, 33, -33, 1 << 40, -(1 << 62)} {
		ks = append(ks, big.NewInt(v))
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	ks = append(ks, max, new(big.Int).Neg(max), new(big.Int).Lsh(big.NewInt(1), 255), fr.Modulus())
	for i := 0; i < 200; i++ {
		var z fr.Element
		z.SetRandom()
		k := z.BigInt(new(big.Int))
		k.Rsh(k, uint(i%200))
		if i%2 == 1 {
			k.Neg(k)
		}
		ks = append(ks, k)
	}
	for _, w := range []uint{varWindow, fixedWindow} {
		for _, k := range ks {
			out := make([]int8, maxDigits)
			n := wnaf(k, w, out)
			sum := new(big.Int)
			for i := n - 1; i >= 0; i-- {
				sum.Lsh(sum, 1).Add(sum, big.NewInt(int64(out[i])))
				d := int(out[i])
				if d != 0 && (d%2 == 0 || d >= 1<<(w-1) || d <= -(1<<(w-1))) {
					t.Fatalf("w=%d k=%v: bad digit %d", w, k, d)
				}
				if d != 0 {
					for j := i + 1; j < min(n, i+int(w)); j++ {
						if out[j] != 0 {
							t.Fatalf("w=%d k=%v: digits %d and %d adjacent", w, k, i, j)
						}
					}
				}
			}
			if sum.Cmp(k) != 0 || (n > 0 && out[n-1] == 0) {
				t.Fatalf("w=%d k=%v: digits sum to %v", w, k, sum)
			}
			if k.Sign() > 0 {
				if ref := wnafDefinition(k, w); !slices.Equal(ref, out[:n]) {
					t.Fatalf("w=%d k=%v: differs from the definition's %v", w, k, ref)
				}
			}
		}
	}
}

// testPoints are n points of G1 (hashed to the curve, none the identity)
// and their tables, as a scheme's generators are.
type testPointSet struct {
	points []bls12381.G1Affine
	tables []G1Table
}

func testPoints(n int) (testPointSet, error) {
	var g testPointSet
	for i := range n {
		p, err := bls12381.HashToG1([]byte(fmt.Sprintf("point %d", i)), []byte("BBS-GROUP-TEST-POINTS"))
		if err != nil {
			return g, err
		}
		g.points = append(g.points, p)
	}
	g.tables = NewG1Tables(g.points)
	return g, nil
}

func g1Hex(p *bls12381.G1Affine) string {
	b := p.Bytes()
	return hex.EncodeToString(b[:])
}
