// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"io"
	"math/big"
	"sync"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/curvetest"
)

// cofactorPrimes are the primes of h = (x−1)²/3 = 3·11²·10177²·859267²·52437899².
var cofactorPrimes = []int64{3, 11, 10177, 859267, 52437899}

func TestCofactorFactorization(t *testing.T) {
	prod := big.NewInt(3)
	for _, p := range cofactorPrimes[1:] {
		prod.Mul(prod, new(big.Int).Mul(big.NewInt(p), big.NewInt(p)))
	}
	if prod.Cmp(curvetest.Cofactor) != 0 {
		t.Fatal("h is not 3·11²·10177²·859267²·52437899²")
	}
	for _, p := range cofactorPrimes {
		if !big.NewInt(p).ProbablyPrime(20) {
			t.Fatalf("%d is not prime", p)
		}
	}
	// No 2-torsion: the smallest order of a point outside G1 is 3, which
	// the batch test's argument needs.
	if curvetest.Cofactor.Bit(0) != 1 || fr.Modulus().Bit(0) != 1 {
		t.Fatal("#E(Fp) = h·r is even")
	}
}

// memCurvePoint returns the point of E(Fp) with x-coordinate x and the
// square root gnark-crypto picks for y, and whether there is one.
func memCurvePoint(x uint64) (bls12381.G1Affine, bool) {
	var p bls12381.G1Affine
	var four, y2 fp.Element
	four.SetUint64(4)
	p.X.SetUint64(x)
	y2.Square(&p.X).Mul(&y2, &p.X).Add(&y2, &four)
	return p, p.Y.Sqrt(&y2) != nil
}

// inG1Reference is membership by definition: on the curve and r·P = 0
// by plain double-and-add.
func inG1Reference(p *bls12381.G1Affine) bool {
	if !p.IsOnCurve() {
		return false
	}
	rp := curvetest.MulPlain(p, fr.Modulus())
	return rp.IsInfinity()
}

// torsionFixture holds points of E(Fp) outside G1: for each prime ℓ of h a
// point of order exactly ℓ, and a second point of order 11 independent of
// the first (E(Fp)[11] is Z/11 × Z/11).
type torsionFixture struct {
	byPrime  map[int64]bls12381.G1Affine
	second11 bls12381.G1Affine
}

var (
	torsionOnce sync.Once
	torsion     torsionFixture
)

// torsionPoints builds the fixture from the points x = 1, 2, … of the
// curve: the ℓ-part (h/ℓ^v)·(r·P) of each, brought to order ℓ.
func torsionPoints(t testing.TB) *torsionFixture {
	t.Helper()
	torsionOnce.Do(func() {
		torsion.byPrime = map[int64]bls12381.G1Affine{}
		var elevens []bls12381.G1Affine
		for x := uint64(1); x < 200 && (len(torsion.byPrime) < len(cofactorPrimes) || torsion.second11.IsInfinity()); x++ {
			p, ok := memCurvePoint(x)
			if !ok {
				continue
			}
			q := curvetest.MulPlain(&p, fr.Modulus()) // in E(Fp)[h]
			for _, l := range cofactorPrimes {
				bl := big.NewInt(l)
				lv := new(big.Int).Set(bl)
				if l != 3 {
					lv.Mul(lv, bl)
				}
				tl := curvetest.MulPlain(&q, new(big.Int).Div(curvetest.Cofactor, lv))
				if tl.IsInfinity() {
					continue
				}
				if next := curvetest.MulPlain(&tl, bl); !next.IsInfinity() {
					tl = next // order ℓ² before: now ℓ
				}
				if _, seen := torsion.byPrime[l]; !seen {
					torsion.byPrime[l] = tl
				}
				if l == 11 && torsion.second11.IsInfinity() {
					if len(elevens) == 0 {
						elevens = append(elevens, tl)
					} else if !inSubgroupOf(&tl, &elevens[0], 11) {
						torsion.second11 = tl
					}
				}
			}
		}
	})
	if len(torsion.byPrime) != len(cofactorPrimes) || torsion.second11.IsInfinity() {
		t.Fatal("torsion points of every prime of h not found")
	}
	return &torsion
}

// inSubgroupOf reports whether p = i·g for some i in [0, n).
func inSubgroupOf(p, g *bls12381.G1Affine, n int64) bool {
	for i := range n {
		ig := curvetest.MulPlain(g, big.NewInt(i))
		if ig.Equal(p) {
			return true
		}
	}
	return false
}

// memG1Point returns k·G for a small k, in G1.
func memG1Point(k uint64) bls12381.G1Affine {
	_, _, g, _ := bls12381.Generators()
	var s fr.Element
	s.SetUint64(k*0x9e3779b97f4a7c15 + 1)
	var p bls12381.G1Affine
	p.ScalarMultiplication(&g, s.BigInt(new(big.Int)))
	return p
}

func memAddAffine(a, b *bls12381.G1Affine) bls12381.G1Affine {
	var j bls12381.G1Jac
	j.FromAffine(a)
	j.AddMixed(b)
	var out bls12381.G1Affine
	out.FromJacobian(&j)
	return out
}

// membershipCases are points of E(Fp) and beyond, with their names: G1
// points, each torsion point alone and added to a G1 point, sums of two
// torsion points, and points off the curve.
func membershipCases(t testing.TB) (names []string, points []bls12381.G1Affine) {
	tf := torsionPoints(t)
	add := func(name string, p bls12381.G1Affine) {
		names = append(names, name)
		points = append(points, p)
	}
	var id bls12381.G1Affine
	add("identity", id)
	for k := range uint64(4) {
		add(fmt.Sprintf("G1 point %d", k), memG1Point(k))
	}
	g := memG1Point(7)
	for _, l := range cofactorPrimes {
		tl := tf.byPrime[l]
		add(fmt.Sprintf("order %d", l), tl)
		add(fmt.Sprintf("G1 + order %d", l), memAddAffine(&g, &tl))
	}
	add("second order 11", tf.second11)
	t3, t11 := tf.byPrime[3], tf.byPrime[11]
	add("order 3 + order 11", memAddAffine(&t3, &t11))
	add("G1 + order 11 + second order 11", memAddAffine(&g, memPtr(memAddAffine(&t11, &tf.second11))))
	for x := uint64(1); len(points) < 24; x++ {
		if p, ok := memCurvePoint(x); ok {
			add(fmt.Sprintf("curve point x=%d", x), p)
		}
	}
	off := memG1Point(3)
	off.Y.Add(&off.Y, new(fp.Element).SetOne())
	add("G1 point with y+1 (off the curve)", off)
	var offX bls12381.G1Affine
	offX.X.SetUint64(5)
	offX.Y.SetUint64(7)
	add("(5, 7) (off the curve)", offX)
	return names, points
}

func memPtr[T any](v T) *T { return &v }

// TestScottMembershipExact checks gnark-crypto's membership test (Scott's
// φ(P) = −x²·P), the one the batch's sums end with, against the
// definition r·P = 0 on every case, affine and Jacobian.
func TestScottMembershipExact(t *testing.T) {
	names, points := membershipCases(t)
	for i := range points {
		p := &points[i]
		want := inG1Reference(p)
		if got := p.IsInSubGroup(); got != want {
			t.Errorf("%s: IsInSubGroup %v, r·P = 0 %v", names[i], got, want)
		}
		if p.IsInfinity() {
			continue
		}
		var j bls12381.G1Jac
		j.FromAffine(p)
		var z fp.Element
		z.SetUint64(12345)
		var z2, z3 fp.Element
		z2.Square(&z)
		z3.Mul(&z2, &z)
		j.X.Mul(&j.X, &z2)
		j.Y.Mul(&j.Y, &z3)
		j.Z.Mul(&j.Z, &z)
		if got := j.IsInSubGroup(); got != want {
			t.Errorf("%s (rescaled Jacobian): IsInSubGroup %v, r·P = 0 %v", names[i], got, want)
		}
	}
	tf := torsionPoints(t)
	for _, l := range cofactorPrimes {
		p := tf.byPrime[l]
		if lp := curvetest.MulPlain(&p, big.NewInt(l)); inG1Reference(&p) || !lp.IsInfinity() {
			t.Errorf("the order-%d point is not of order %d", l, l)
		}
	}
}

// TestDigitSum checks Σ di·Pi against double-and-add on points in and out
// of G1, with repeated and opposite points.
func TestDigitSum(t *testing.T) {
	_, points := membershipCases(t)
	var onCurve []bls12381.G1Affine
	for _, p := range points {
		if p.IsOnCurve() {
			onCurve = append(onCurve, p)
		}
	}
	var neg bls12381.G1Affine
	neg.Neg(&onCurve[3])
	onCurve = append(onCurve, onCurve[3], neg, onCurve[5], onCurve[5])
	for seed := range 6 {
		digits := make([]uint8, len(onCurve))
		for i := range digits {
			digits[i] = uint8((i*7 + seed*5 + i*i*seed) % 3)
		}
		var want bls12381.G1Jac
		want.X.SetOne()
		want.Y.SetOne()
		for i := range onCurve {
			term := curvetest.MulPlain(&onCurve[i], big.NewInt(int64(digits[i])))
			want.AddMixed(&term)
		}
		got := digitSum(onCurve, digits)
		if !got.Equal(&want) {
			t.Errorf("seed %d: digit sum differs from double-and-add", seed)
		}
	}
}

// TestDigitTestOneInThree checks the soundness argument on each torsion
// point: with the other digits fixed, at most one of the three digits of a
// point outside G1 gives a sum in G1 (exactly one, 0, when the others are
// in G1).
func TestDigitTestOneInThree(t *testing.T) {
	tf := torsionPoints(t)
	base := []bls12381.G1Affine{memG1Point(1), memG1Point(2), {}, memG1Point(3)}
	baseDigits := []uint8{1, 2, 2, 1}
	g := memG1Point(9)
	bad := map[string]bls12381.G1Affine{"second order 11": memAddAffine(&g, &tf.second11)}
	for _, l := range cofactorPrimes {
		tl := tf.byPrime[l]
		bad[fmt.Sprintf("G1 + order %d", l)] = memAddAffine(&g, &tl)
	}
	for name, b := range bad {
		points := append(append([]bls12381.G1Affine(nil), base...), b)
		passes := 0
		for d := range uint8(3) {
			if digitSumInG1(points, append(append([]uint8(nil), baseDigits...), d)) {
				passes++
				if d != 0 {
					t.Errorf("%s: digit %d passes", name, d)
				}
			}
		}
		if passes != 1 {
			t.Errorf("%s: %d of 3 digits pass, want 1", name, passes)
		}
		// Another point outside G1 with a fixed digit: at most one passes.
		for otherName, o := range bad {
			points := append(append([]bls12381.G1Affine(nil), base...), o, b)
			passes := 0
			for d := range uint8(3) {
				if digitSumInG1(points, append(append([]uint8(nil), baseDigits...), 1, d)) {
					passes++
				}
			}
			if passes > 1 {
				t.Errorf("%s with %s: %d of 3 digits pass", name, otherName, passes)
			}
		}
	}
}

// memTranscript writes a fixed transcript labelled by s.
func memTranscript(s string) func(io.Writer) {
	return func(w io.Writer) { io.WriteString(w, s) }
}

func TestAllInG1(t *testing.T) {
	names, cases := membershipCases(t)
	for _, n := range []int{1, 5, subgroupBatchMin - 1, subgroupBatchMin, subgroupBatchMin + 37} {
		good := make([]bls12381.G1Affine, n)
		for i := range good {
			good[i] = memG1Point(uint64(i % 9))
		}
		if n > 2 {
			good[1] = bls12381.G1Affine{} // the identity is in G1
		}
		for _, workers := range []int{1, 2} {
			if !allInG1(good, memTranscript("good"), workers) {
				t.Errorf("n=%d workers=%d: points of G1 refused", n, workers)
			}
		}
		for c := range cases {
			want := inG1Reference(&cases[c])
			for _, pos := range []int{0, n / 2, n - 1} {
				pts := append([]bls12381.G1Affine(nil), good...)
				pts[pos] = cases[c]
				if got := allInG1(pts, memTranscript(fmt.Sprint("case", c, pos)), 2); got != want {
					t.Errorf("n=%d, %s at %d: allInG1 %v, want %v", n, names[c], pos, got, want)
				}
			}
		}
	}
}

func TestSubgroupDigits(t *testing.T) {
	d1 := subgroupDigits(100, subgroupBatchTests, memTranscript("a"))
	d2 := subgroupDigits(100, subgroupBatchTests, memTranscript("a"))
	d3 := subgroupDigits(100, subgroupBatchTests, memTranscript("b"))
	if len(d1) != subgroupBatchTests*100 {
		t.Fatalf("%d digits, want %d", len(d1), subgroupBatchTests*100)
	}
	var count [3]int
	same := 0
	for i := range d1 {
		if d1[i] > 2 {
			t.Fatalf("digit %d is %d", i, d1[i])
		}
		if d1[i] != d2[i] {
			t.Fatal("digits not deterministic")
		}
		if d1[i] == d3[i] {
			same++
		}
		count[d1[i]]++
	}
	// Fixed inputs, so fixed counts: a gross bias (a constant digit, a
	// skipped value) shows; 8100 uniform digits give about 2700 each.
	for v, c := range count {
		if c < 2400 || c > 3000 {
			t.Errorf("digit %d appears %d times of %d", v, c, len(d1))
		}
	}
	if same > len(d1)/2 {
		t.Errorf("transcripts a and b agree on %d of %d digits", same, len(d1))
	}
}

// FuzzBatchInG1 compares the batch test with the single test on sets of
// points chosen by the input: G1 points, torsion points added to them,
// curve points, points off the curve.
func FuzzBatchInG1(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3}, []byte("t"))
	f.Add([]byte{0, 0, 0, 0, 0, 0, 17}, []byte("u"))
	f.Add([]byte{5, 5, 40, 41}, []byte(""))
	_, cases := membershipCases(f)
	f.Fuzz(func(t *testing.T, choice []byte, tr []byte) {
		if len(choice) == 0 || len(choice) > 64 {
			return
		}
		pts := make([]bls12381.G1Affine, len(choice))
		for i, c := range choice {
			if int(c) < len(cases) {
				pts[i] = cases[c]
			} else {
				pts[i] = memG1Point(uint64(c))
			}
		}
		want := eachInG1(pts, 1)
		digits := subgroupDigits(len(pts), subgroupBatchTests, memTranscript(string(tr)))
		if got := batchInG1(pts, digits, subgroupBatchTests, 2); got != want {
			t.Fatalf("batch %v, single %v for %v", got, want, choice)
		}
	})
}
