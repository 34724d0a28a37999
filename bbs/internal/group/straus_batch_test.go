// SPDX-License-Identifier: Apache-2.0

package group

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// TestStrausBatchAffine checks the batch-affine sum of Straus' digits
// (forced for every digit count) against the plain Straus loop and against
// gnark-crypto's MultiExp, on inputs that reach each branch of the pairwise
// additions: random scalars; one point repeated with one scalar (every pair
// of every level is P + P, a doubling); a point with scalars k and −k, and
// with its negation (pairs P + (−P), identities carried up the tree); zero,
// ±1 and short scalars; the identity among the variable points; sums that
// cancel to the identity; sizes of 1 to 130 terms.
func TestStrausBatchAffine(t *testing.T) {
	g, err := testPoints(130)
	if err != nil {
		t.Fatal(err)
	}
	var minusOne fr.Element
	minusOne.SetOne().Neg(&minusOne)
	for _, n := range []int{1, 2, 3, 7, 13, 64, 103, 130} {
		for variant := range 7 {
			t.Run(fmt.Sprintf("n%d/variant%d", n, variant), func(t *testing.T) {
				fixed := make([]*G1Table, n)
				fixedScalars := make([]fr.Element, n)
				for i := range fixed {
					fixed[i] = &g.tables[i]
					fixedScalars[i].SetRandom()
				}
				points := []bls12381.G1Affine{g.points[n%len(g.points)], g.points[0], {}}
				scalars := make([]fr.Element, len(points))
				for i := range scalars {
					scalars[i].SetRandom()
				}
				switch variant {
				case 1: // one point, one scalar: doublings at every level
					for i := range fixed {
						fixed[i], fixedScalars[i] = &g.tables[0], fixedScalars[0]
					}
				case 2: // k and −k on one point: cancelling pairs
					for i := range fixed {
						fixed[i] = &g.tables[0]
						if i%2 == 1 {
							fixedScalars[i].Neg(&fixedScalars[i-1])
						}
					}
				case 3: // P and −P as variable points beside their table
					var neg bls12381.G1Affine
					neg.Neg(&g.points[0])
					points = []bls12381.G1Affine{g.points[0], neg, g.points[0]}
					scalars = []fr.Element{fixedScalars[0], fixedScalars[0], fixedScalars[0]}
				case 4: // zero, ±1 and short scalars
					for i := range fixedScalars {
						switch i % 4 {
						case 0:
							fixedScalars[i].SetZero()
						case 1:
							fixedScalars[i] = minusOne
						case 2:
							fixedScalars[i].SetUint64(uint64(i) << 40)
						}
					}
				case 5: // the sum is the identity: F·k + P·(−k) for P = F
					for i := range fixed {
						fixed[i] = &g.tables[i%2]
					}
					var s0, s1 fr.Element
					for i := range fixedScalars {
						if i%2 == 0 {
							s0.Add(&s0, &fixedScalars[i])
						} else {
							s1.Add(&s1, &fixedScalars[i])
						}
					}
					points = []bls12381.G1Affine{g.points[0], g.points[1]}
					scalars = []fr.Element{*new(fr.Element).Neg(&s0), *new(fr.Element).Neg(&s1)}
				case 6: // every scalar −1
					for i := range fixedScalars {
						fixedScalars[i] = minusOne
					}
					for i := range scalars {
						scalars[i] = minusOne
					}
				}
				terms, maxLen := strausTerms(fixed, fixedScalars, points, scalars)
				var got, plain bls12381.G1Affine
				gotJac := strausSum(terms, maxLen, 0)
				got.FromJacobian(&gotJac)
				plainJac := strausPlain(terms, maxLen)
				plain.FromJacobian(&plainJac)

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
				if !got.Equal(&want) || !plain.Equal(&want) {
					t.Errorf("batch affine %s, plain %s, MultiExp %s", g1Hex(&got), g1Hex(&plain), g1Hex(&want))
				}
				if variant == 5 && !got.IsInfinity() {
					t.Errorf("cancelling sum = %s, want the identity", g1Hex(&got))
				}
			})
		}
	}
}

// BenchmarkStrausSum compares the batch-affine sum with the plain loop at
// the sizes of the schemes' MSMs (n cached tables and one variable point).
func BenchmarkStrausSum(b *testing.B) {
	g, err := testPoints(104)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{2, 4, 12, 102} {
		fixed := make([]*G1Table, n)
		scalars := make([]fr.Element, n+1)
		for i := range fixed {
			fixed[i] = &g.tables[i]
		}
		for i := range scalars {
			scalars[i].SetRandom()
		}
		terms, maxLen := strausTerms(fixed, scalars[:n], g.points[n:n+1], scalars[n:])
		b.Run(fmt.Sprintf("batch-affine/n%d+1", n), func(b *testing.B) {
			for b.Loop() {
				strausSum(terms, maxLen, 0)
			}
		})
		b.Run(fmt.Sprintf("plain/n%d+1", n), func(b *testing.B) {
			for b.Loop() {
				strausPlain(terms, maxLen)
			}
		})
	}
}

// glvSplit returns StrausMSM's GLV halves of s.
func glvSplit(s *big.Int) [2]big.Int {
	var k [2]big.Int
	glvSplitInto(s, &k[0], &k[1])
	return k
}

// TestGLVSplit checks the halves StrausMSM recodes: s = k1 + k2·λ exactly,
// 0 ≤ k1 < λ and 0 ≤ k2 < 2^128, for the boundary scalars (0, 1, λ − 1,
// λ, λ + 1, λ², r − 1, r − 2, 2^160 and its neighbours) and random ones,
// and that λ is φ's eigenvalue (s·P = k1·P + k2·φ(P) on a point).
func TestGLVSplit(t *testing.T) {
	initGLV()
	lambda := &glv.lambda
	r := fr.Modulus()
	one := big.NewInt(1)
	add := func(a *big.Int, v int64) *big.Int { return new(big.Int).Add(a, big.NewInt(v)) }
	ks := []*big.Int{big.NewInt(0), one, add(lambda, -1), lambda, add(lambda, 1), new(big.Int).Mul(lambda, lambda),
		add(r, -1), add(r, -2), new(big.Int).Lsh(one, StrausShortScalarBits), add(new(big.Int).Lsh(one, StrausShortScalarBits), 1)}
	for range 1000 {
		var z fr.Element
		z.SetRandom()
		ks = append(ks, z.BigInt(new(big.Int)))
	}
	bound := new(big.Int).Lsh(one, 128)
	for _, s := range ks {
		h := glvSplit(s)
		sum := new(big.Int).Mul(&h[1], lambda)
		sum.Add(sum, &h[0])
		if sum.Cmp(s) != 0 || h[0].Sign() < 0 || h[0].Cmp(lambda) >= 0 || h[1].Sign() < 0 || h[1].Cmp(bound) >= 0 {
			t.Fatalf("s = %v: halves %v, %v", s, &h[0], &h[1])
		}
	}
	g, err := testPoints(1)
	if err != nil {
		t.Fatal(err)
	}
	p := g.points[0]
	var want, phi, got bls12381.G1Affine
	want.ScalarMultiplication(&p, lambda)
	phi = p
	phi.X.Mul(&phi.X, &glv.omega)
	if !phi.Equal(&want) {
		t.Fatal("φ(P) ≠ λ·P")
	}
	s := add(r, -12345)
	h := glvSplit(s)
	want.ScalarMultiplication(&p, s)
	var a, b bls12381.G1Jac
	a.FromAffine(new(bls12381.G1Affine).ScalarMultiplication(&p, &h[0]))
	b.FromAffine(new(bls12381.G1Affine).ScalarMultiplication(&phi, &h[1]))
	a.AddAssign(&b)
	got.FromJacobian(&a)
	if !got.Equal(&want) {
		t.Fatal("k1·P + k2·φ(P) ≠ s·P")
	}
}
