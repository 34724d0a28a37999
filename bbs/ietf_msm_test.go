package bbs

import (
	"fmt"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// TestIETFMSM checks the Straus/GLV multi-scalar multiplication against
// gnark-crypto's MultiExp, with edge cases: zero and small scalars, r − 1,
// repeated points, the identity, and sizes around the method switch.
func TestIETFMSM(t *testing.T) {
	gens, _, err := bbsSHA256.generators(2 * strausMaxPoints)
	if err != nil {
		t.Fatal(err)
	}
	var minusOne, two fr.Element
	minusOne.SetOne().Neg(&minusOne)
	two.SetUint64(2)
	for _, n := range []int{0, 1, 2, 3, 5, 13, strausMaxPoints, strausMaxPoints + 1, 2 * strausMaxPoints} {
		for variant := 0; variant < 4; variant++ {
			t.Run(fmt.Sprintf("n%d/v%d", n, variant), func(t *testing.T) {
				points := append([]bls12381.G1Affine(nil), gens[:n]...)
				scalars := make([]fr.Element, n)
				for i := range scalars {
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
				case 2: // repeated points and the identity
					for i := range points {
						if i%3 == 0 {
							points[i] = bls12381.G1Affine{}
						} else if i > 0 {
							points[i] = points[i-1]
						}
					}
				case 3: // a sum that cancels: P·2 + P·(−1) + P·(−1)
					if n >= 3 {
						points[1], points[2] = points[0], points[0]
						scalars[0], scalars[1], scalars[2] = two, minusOne, minusOne
					}
				}
				got := ietfMSM(points, scalars)
				var want bls12381.G1Affine
				if _, err := want.MultiExp(points, scalars, ecc.MultiExpConfig{}); err != nil {
					t.Fatal(err)
				}
				if !got.Equal(&want) {
					t.Errorf("ietfMSM = %s, MultiExp = %s", g1Hex(&got), g1Hex(&want))
				}
			})
		}
	}
}

// BenchmarkIETFMSM compares Straus/GLV with MultiExp at the sizes the
// IETF schemes use, to place strausMaxPoints.
func BenchmarkIETFMSM(b *testing.B) {
	gens, _, err := bbsSHA256.generators(200)
	if err != nil {
		b.Fatal(err)
	}
	for _, n := range []int{1, 3, 13, 32, 48, 64, 103, 128} {
		scalars := make([]fr.Element, n)
		for i := range scalars {
			scalars[i].SetRandom()
		}
		b.Run(fmt.Sprintf("straus/n%d", n), func(b *testing.B) {
			for b.Loop() {
				strausMSM(gens[:n], scalars)
			}
		})
		b.Run(fmt.Sprintf("multiexp/n%d", n), func(b *testing.B) {
			for b.Loop() {
				var r bls12381.G1Jac
				r.MultiExp(gens[:n], scalars, ecc.MultiExpConfig{})
			}
		})
	}
}
