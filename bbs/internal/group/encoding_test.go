// SPDX-License-Identifier: Apache-2.0

package group

import (
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// BenchmarkDecodeG1 times what every G1 point of a proof costs before any
// equation is checked: decompression (a square root in Fp) with and
// without the prime-order subgroup check, and the check alone. A
// bbs+2020 proof in a batch pays five full decodes, an IETF proof three
// (see docs/performance.md, "G1 membership tests").
func BenchmarkDecodeG1(b *testing.B) {
	_, _, g1, _ := bls12381.Generators()
	var k fr.Element
	k.SetUint64(0x9e3779b97f4a7c15)
	var p bls12381.G1Affine
	p.ScalarMultiplication(&g1, k.BigInt(new(big.Int)))
	enc := p.Bytes()
	b.Run("on-curve", func(b *testing.B) {
		for b.Loop() {
			if _, err := DecodeG1OnCurve(enc[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("in-subgroup", func(b *testing.B) {
		for b.Loop() {
			if _, err := DecodeG1(enc[:]); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("subgroup-check", func(b *testing.B) {
		for b.Loop() {
			if !p.IsInSubGroup() {
				b.Fatal("not in G1")
			}
		}
	})
}
