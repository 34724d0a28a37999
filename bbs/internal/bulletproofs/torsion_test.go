// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"errors"
	"math"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// torsionPoints returns points of the curve outside G1: a point of T alone
// (r·P for P outside G1, whose G1 part r·P cancels), of order 3, and
// points with both parts.
func torsionPoints(t *testing.T) []bls12381.G1Affine {
	t.Helper()
	var out []bls12381.G1Affine
	for i := uint64(1); len(out) < 4; i++ {
		var f fp.Element
		f.SetUint64(i)
		pj := bls12381.GeneratePointNotInG1(f)
		var p bls12381.G1Affine
		p.FromJacobian(&pj)
		if p.IsInSubGroup() || !p.IsOnCurve() {
			t.Fatal("GeneratePointNotInG1 gave a point of G1")
		}
		var e bls12381.G1Affine
		e.ScalarMultiplication(&p, fr.Modulus()) // its T part
		if e.IsInfinity() || e.IsInSubGroup() {
			t.Fatal("no T part")
		}
		out = append(out, p, e)
	}
	// A point of order 3: (h/3)·E for E in T has order dividing 3.
	h3, ok := new(big.Int).SetString("396c8c005555e1568c00aaab0000aaab", 16) // the cofactor h
	if !ok {
		t.Fatal("constant")
	}
	h3.Div(h3, big.NewInt(3))
	var e3 bls12381.G1Affine
	e3.ScalarMultiplication(&out[1], h3)
	var three bls12381.G1Affine
	three.ScalarMultiplication(&e3, big.NewInt(3))
	if e3.IsInfinity() || !three.IsInfinity() {
		t.Fatal("no point of order 3")
	}
	out = append(out, e3)
	return out
}

// A proof point moved out of G1 (replaced by, or added to, a point of the
// curve outside G1) is refused at decoding.
func TestPointsOutsideG1(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("torsion")
	gamma := scalar(t, rnd)
	proof, V, err := ProveRange(&g, &h, 64, -5, &gamma, math.MinInt64, 17, nil, rnd)
	if err != nil {
		t.Fatal(err)
	}
	k := log2(64)
	offsets := []int{0, 48, 96, 144}
	for r := range 2 * k {
		offsets = append(offsets, 4*48+3*32+48*r)
	}
	for _, e := range torsionPoints(t) {
		for _, off := range offsets {
			x, err := group.DecodeG1(proof[off : off+48])
			if err != nil {
				t.Fatal(err)
			}
			var sum bls12381.G1Affine
			sum.Add(&x, &e)
			for _, q := range []bls12381.G1Affine{e, sum} {
				if q.IsInfinity() {
					continue
				}
				bad := append([]byte(nil), proof...)
				b := q.Bytes()
				copy(bad[off:], b[:])
				if err := VerifyRange(&g, &h, 64, &V, math.MinInt64, 17, bad, nil); !errors.Is(err, ErrMalformedProof) {
					t.Fatalf("point at %d outside G1: %v, want ErrMalformedProof", off, err)
				}
			}
		}
	}
}
