// SPDX-License-Identifier: Apache-2.0

package group

import (
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// ctEdgeScalars are the scalars whose windows or carries are special: 0,
// 1, 2, 15, 16, r−1, r−2, (r−1)/2, 2^k and 2^k − 1 at window edges, all
// nibbles 0xf below r, and one scalar per single non-zero window.
func ctEdgeScalars() []fr.Element {
	r := fr.Modulus()
	var ints []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 15, 16, 17, 255, 256} {
		ints = append(ints, big.NewInt(v))
	}
	ints = append(ints, new(big.Int).Sub(r, big.NewInt(1)), new(big.Int).Sub(r, big.NewInt(2)),
		new(big.Int).Rsh(new(big.Int).Sub(r, big.NewInt(1)), 1))
	for _, k := range []uint{4, 64, 128, 252, 253, 254} {
		p := new(big.Int).Lsh(big.NewInt(1), k)
		ints = append(ints, p, new(big.Int).Sub(p, big.NewInt(1)))
	}
	for w := uint(0); w < 64; w += 7 {
		ints = append(ints, new(big.Int).Lsh(big.NewInt(0xa), 4*w))
	}
	out := make([]fr.Element, 0, len(ints))
	for _, b := range ints {
		var e fr.Element
		e.SetBigInt(b)
		out = append(out, e)
	}
	return out
}

func varTimeMul(p *bls12381.G1Affine, k *fr.Element) bls12381.G1Affine {
	var out bls12381.G1Affine
	out.ScalarMultiplication(p, k.BigInt(new(big.Int)))
	return out
}

// TestScalarMulConstantTime: ScalarMulConstantTime equals gnark-crypto's
// variable-time multiplication for random scalars and points, for the edge
// scalars (0, 1, r−1, powers of 2 at window edges, ...), for the
// generator, and for the identity point.
func TestScalarMulConstantTime(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	points := []bls12381.G1Affine{g1, {}}
	for range 4 {
		var s fr.Element
		if _, err := s.SetRandom(); err != nil {
			t.Fatal(err)
		}
		points = append(points, varTimeMul(&g1, &s))
	}
	scalars := ctEdgeScalars()
	for range 32 {
		var s fr.Element
		if _, err := s.SetRandom(); err != nil {
			t.Fatal(err)
		}
		scalars = append(scalars, s)
	}
	for i := range points {
		for j := range scalars {
			got := ScalarMulConstantTime(&points[i], &scalars[j])
			want := varTimeMul(&points[i], &scalars[j])
			if !got.Equal(&want) {
				t.Fatalf("point %d, scalar %s: constant-time result differs", i, scalars[j].String())
			}
			if !got.IsOnCurve() {
				t.Fatalf("point %d, scalar %s: not on the curve", i, scalars[j].String())
			}
		}
	}
}

// TestCompleteFormulas: the projective addition and doubling give the
// affine group law for the cases a Jacobian formula special-cases: P + O,
// O + P, O + O, P + P, P + (−P), 2·O.
func TestCompleteFormulas(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	var k fr.Element
	k.SetUint64(7)
	p := varTimeMul(&g1, &k)
	var negP bls12381.G1Affine
	negP.Neg(&p)
	proj := func(a *bls12381.G1Affine) g1Proj {
		var q g1Proj
		if a.IsInfinity() {
			q.setIdentity()
			return q
		}
		q.x, q.y = a.X, a.Y
		q.z.SetOne()
		return q
	}
	affine := func(q *g1Proj) bls12381.G1Affine {
		var out bls12381.G1Affine
		if q.z.IsZero() {
			return out
		}
		var zi fp.Element
		zi.Inverse(&q.z)
		out.X.Mul(&q.x, &zi)
		out.Y.Mul(&q.y, &zi)
		return out
	}
	var o bls12381.G1Affine
	cases := []struct{ a, b bls12381.G1Affine }{{p, o}, {o, p}, {o, o}, {p, p}, {p, negP}, {g1, p}}
	for i, c := range cases {
		pa, pb := proj(&c.a), proj(&c.b)
		var s g1Proj
		s.add(&pa, &pb)
		var want bls12381.G1Affine
		want.Add(&c.a, &c.b)
		if got := affine(&s); !got.Equal(&want) {
			t.Errorf("case %d: sum differs", i)
		}
		var d g1Proj
		d.double(&pa)
		want.Double(&c.a)
		if got := affine(&d); !got.Equal(&want) {
			t.Errorf("case %d: double differs", i)
		}
	}
}

// TestCtFieldOps: ctAdd and ctSub equal fp's Add and Sub, at 0, 1, p−1
// and random elements.
func TestCtFieldOps(t *testing.T) {
	var vals []fp.Element
	var z, one, m1 fp.Element
	one.SetOne()
	m1.Neg(&one)
	vals = append(vals, z, one, m1)
	for range 16 {
		var r fp.Element
		if _, err := r.SetRandom(); err != nil {
			t.Fatal(err)
		}
		vals = append(vals, r)
	}
	for i := range vals {
		for j := range vals {
			var got, want fp.Element
			ctAdd(&got, &vals[i], &vals[j])
			want.Add(&vals[i], &vals[j])
			if !got.Equal(&want) {
				t.Fatalf("ctAdd(%d, %d)", i, j)
			}
			ctSub(&got, &vals[i], &vals[j])
			want.Sub(&vals[i], &vals[j])
			if !got.Equal(&want) {
				t.Fatalf("ctSub(%d, %d)", i, j)
			}
		}
	}
}

// BenchmarkScalarMul compares, in one run, the constant-time
// multiplication with gnark-crypto's variable-time GLV multiplication and
// with the variable-time one on two random shares (the split the secret
// paths used before), for a random point and scalar.
func BenchmarkScalarMul(b *testing.B) {
	_, _, g1, _ := bls12381.Generators()
	var s, k fr.Element
	if _, err := s.SetRandom(); err != nil {
		b.Fatal(err)
	}
	if _, err := k.SetRandom(); err != nil {
		b.Fatal(err)
	}
	p := varTimeMul(&g1, &s)
	b.Run("constant-time", func(b *testing.B) {
		start := cpuNow()
		for range b.N {
			ScalarMulConstantTime(&p, &k)
		}
		reportCPU(b, start)
	})
	b.Run("variable-time", func(b *testing.B) {
		start := cpuNow()
		for range b.N {
			varTimeMul(&p, &k)
		}
		reportCPU(b, start)
	})
	b.Run("variable-time-split", func(b *testing.B) {
		start := cpuNow()
		defer reportCPU(b, start)
		for range b.N {
			var k1, k2 fr.Element
			if _, err := k1.SetRandom(); err != nil {
				b.Fatal(err)
			}
			k2.Sub(&k, &k1)
			a := varTimeMul(&p, &k1)
			c := varTimeMul(&p, &k2)
			a.Add(&a, &c)
		}
	})
}

// TestMulAddConstantTime: k·P + Q equals the variable-time result, also
// for Q = −k·P (the identity), Q = O and P = O.
func TestMulAddConstantTime(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	var k fr.Element
	if _, err := k.SetRandom(); err != nil {
		t.Fatal(err)
	}
	kp := varTimeMul(&g1, &k)
	var negKP, o bls12381.G1Affine
	negKP.Neg(&kp)
	for i, c := range []struct{ p, q bls12381.G1Affine }{{g1, g1}, {g1, negKP}, {g1, o}, {o, g1}, {kp, g1}} {
		got := MulAddConstantTime(&c.p, &k, &c.q)
		want := varTimeMul(&c.p, &k)
		want.Add(&want, &c.q)
		if !got.Equal(&want) {
			t.Errorf("case %d: differs", i)
		}
	}
}

// TestLinearCombinationConstantTime: the constant-time sum of 1 to 3
// terms equals the variable-time MSM's, also for opposite terms that
// cancel and with the identity among the points.
func TestLinearCombinationConstantTime(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	var a, b, one, minusOne fr.Element
	if _, err := a.SetRandom(); err != nil {
		t.Fatal(err)
	}
	if _, err := b.SetRandom(); err != nil {
		t.Fatal(err)
	}
	one.SetOne()
	minusOne.Neg(&one)
	p := varTimeMul(&g1, &a)
	cases := []struct {
		pts []bls12381.G1Affine
		sc  []fr.Element
	}{
		{[]bls12381.G1Affine{p}, []fr.Element{b}},
		{[]bls12381.G1Affine{p, g1}, []fr.Element{a, b}},
		{[]bls12381.G1Affine{p, p}, []fr.Element{one, minusOne}},
		{[]bls12381.G1Affine{p, {}, g1}, []fr.Element{b, a, one}},
	}
	for i, c := range cases {
		got := LinearCombinationConstantTime(c.pts, c.sc)
		want := MSMWithTables(nil, nil, c.pts, c.sc)
		if !got.Equal(&want) {
			t.Errorf("case %d: differs", i)
		}
	}
}
