// SPDX-License-Identifier: Apache-2.0

package group

import (
	"fmt"
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
