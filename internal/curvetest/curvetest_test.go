// SPDX-License-Identifier: Apache-2.0

package curvetest

import (
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

func TestMulPlainAgreesOnG1(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	for _, k := range []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(3), big.NewInt(0xdeadbeef), new(big.Int).Sub(fr.Modulus(), big.NewInt(1))} {
		var want bls12381.G1Affine
		want.ScalarMultiplication(&g1, k)
		if got := MulPlain(&g1, k); !got.Equal(&want) {
			t.Errorf("MulPlain(G, %v) differs from gnark-crypto", k)
		}
	}
	if r := MulPlain(&g1, fr.Modulus()); !r.IsInfinity() {
		t.Error("r·G is not the identity")
	}
}

func TestTorsion(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	if _, ok := Torsion(&g1); ok {
		t.Error("a point of G1 has a torsion part")
	}
	p := PointOutsideG1()
	if !p.IsOnCurve() || p.IsInSubGroup() {
		t.Fatal("PointOutsideG1 is not on the curve outside G1")
	}
	if _, ok := Torsion(&p); !ok {
		t.Error("no torsion part found for a point outside G1")
	}
}
