// SPDX-License-Identifier: Apache-2.0

package group

import (
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// ctTestPoints returns k points of G1, the identity among them when
// withIdentity, and a point repeated (and its negation) to hit the
// complete formulas' doubling and cancelling cases.
func ctTestPoints(k int, withIdentity bool) []bls12381.G1Affine {
	_, _, g, _ := bls12381.Generators()
	out := make([]bls12381.G1Affine, k)
	var s fr.Element
	for i := range out {
		s.SetUint64(uint64(7*i + 3))
		out[i].ScalarMultiplication(&g, s.BigInt(new(big.Int)))
	}
	if k > 3 {
		out[1] = out[0]
		out[2].Neg(&out[0])
	}
	if withIdentity && k > 4 {
		out[4] = bls12381.G1Affine{}
	}
	return out
}

// TestMSMConstantTime checks MSMConstantTime against MultiExp on the
// edge scalars (every one, in sums of several sizes) with the identity,
// repeated and opposite points among the terms.
func TestMSMConstantTime(t *testing.T) {
	edge := ctEdgeScalars()
	for _, k := range []int{0, 1, 2, 5, 17, len(edge)} {
		pts := ctTestPoints(k, true)
		sc := make([]fr.Element, k)
		for i := range sc {
			sc[i] = edge[(i*5+k)%len(edge)]
		}
		got := MSMConstantTime(pts, sc)
		var want bls12381.G1Affine
		if k > 0 {
			if _, err := want.MultiExp(pts, sc, MultiExpConfig(1)); err != nil {
				t.Fatal(err)
			}
		}
		if !got.Equal(&want) {
			t.Fatalf("%d terms: MSMConstantTime differs from MultiExp", k)
		}
	}
	// Every edge scalar on one point, and a sum whose terms cancel.
	pts := ctTestPoints(2, false)
	for i := range edge {
		got := MSMConstantTime(pts[:1], edge[i:i+1])
		var want bls12381.G1Affine
		want.ScalarMultiplication(&pts[0], edge[i].BigInt(new(big.Int)))
		if !got.Equal(&want) {
			t.Fatalf("edge scalar %d", i)
		}
	}
	var one, minusOne fr.Element
	one.SetOne()
	minusOne.Neg(&one)
	if got := MSMConstantTime([]bls12381.G1Affine{pts[0], pts[0]}, []fr.Element{one, minusOne}); !got.IsInfinity() {
		t.Fatal("P − P is not the identity")
	}
	if got := MSMConstantTime(pts, edge[:1]); !got.IsInfinity() {
		t.Fatal("mismatched lengths do not give the identity")
	}
}

func TestSelectSumConstantTime(t *testing.T) {
	a := ctTestPoints(9, true)
	b := ctTestPoints(9, false)
	for i := range b {
		b[i].Neg(&b[i])
		b[i].Add(&b[i], &a[len(a)-1-i])
	}
	for mask := range 1 << 9 {
		bits := make([]byte, 9)
		var want bls12381.G1Jac
		for i := range bits {
			bits[i] = byte(mask>>i&1) | 0x10 // only the low bit counts
			p := b[i]
			if mask>>i&1 == 1 {
				p = a[i]
			}
			want.AddMixed(&p)
		}
		var wa bls12381.G1Affine
		wa.FromJacobian(&want)
		if got := SelectSumConstantTime(a, b, bits); !got.Equal(&wa) {
			t.Fatalf("mask %#x", mask)
		}
	}
	if got := SelectSumConstantTime(a, b[:3], make([]byte, 9)); !got.IsInfinity() {
		t.Fatal("mismatched lengths do not give the identity")
	}
}

func BenchmarkMSMConstantTime(b *testing.B) {
	edge := ctEdgeScalars()
	pts := ctTestPoints(129, false)
	sc := make([]fr.Element, len(pts))
	for i := range sc {
		sc[i] = edge[i%len(edge)]
	}
	b.Run("MSMConstantTime/129", func(b *testing.B) {
		for b.Loop() {
			MSMConstantTime(pts, sc)
		}
	})
	b.Run("LinearCombinationConstantTime/129", func(b *testing.B) {
		for b.Loop() {
			LinearCombinationConstantTime(pts, sc)
		}
	})
}
