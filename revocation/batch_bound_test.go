// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"errors"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// TestVerifyBatchRemovalBound: a batch removal with more than MaxBatch
// handles is refused as malformed, whatever its points: at m = 1001 (one
// above the bound) and at m = 1025, where both linear combinations of the
// check have more than bbsrev.MaxLinearTerms terms, so that a combination that
// answered the identity for too many terms would make the pairing check
// e(O, P̃_α)·e(O, P̃) = 1 accept any record.
func TestVerifyBatchRemovalBound(t *testing.T) {
	sk, v0, err := GenerateKey(&detRand{seed: []byte("bound")})
	if err != nil {
		t.Fatal(err)
	}
	_, _, g1, _ := bls12381.Generators()
	for _, m := range []int{MaxBatch + 1, bbsrev.MaxLinearTerms + 1} {
		r := &BatchRemoval{Version: 1, value: g1}
		for i := range m {
			var y fr.Element
			y.SetUint64(uint64(i + 1))
			r.handles = append(r.handles, y)
			r.omega = append(r.omega, g1)
		}
		if err := VerifyBatchRemoval(sk.PublicKey(), v0, r); !errors.Is(err, ErrMalformed) {
			t.Errorf("batch of %d handles: %v, want ErrMalformed", m, err)
		}
	}
}

// TestLinearBound: linear refuses more than bbsrev.MaxLinearTerms terms and
// mismatched lengths with ErrMalformed, rather than answer a point.
func TestLinearBound(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	for _, c := range []struct{ points, scalars int }{{bbsrev.MaxLinearTerms + 1, bbsrev.MaxLinearTerms + 1}, {2, 3}} {
		pts := make([]bls12381.G1Affine, c.points)
		for i := range pts {
			pts[i] = g1
		}
		if _, err := linear(pts, make([]fr.Element, c.scalars)); !errors.Is(err, ErrMalformed) {
			t.Errorf("%d points, %d scalars: %v, want ErrMalformed", c.points, c.scalars, err)
		}
	}
	var one fr.Element
	one.SetOne()
	pts := make([]bls12381.G1Affine, bbsrev.MaxLinearTerms)
	sc := make([]fr.Element, bbsrev.MaxLinearTerms)
	for i := range pts {
		pts[i], sc[i] = g1, one
	}
	got, err := linear(pts, sc)
	var want bls12381.G1Affine
	var k fr.Element
	k.SetUint64(bbsrev.MaxLinearTerms)
	want.ScalarMultiplicationBase(k.BigInt(new(big.Int)))
	if err != nil || !got.Equal(&want) {
		t.Fatalf("%d terms: %v", bbsrev.MaxLinearTerms, err)
	}
}
