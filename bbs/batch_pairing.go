// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// The folded pairing check, shared by every scheme.

// firstWeightsOne returns w with the first item's γ and α set to 1 (a copy
// when that changes anything). Fixing one item's weights keeps the
// small-exponents argument whole: an item other than the first that fails
// is caught by its own random weight, and the first alone by the others'
// being zero; and it saves work, a single item's pairing equation needing
// no multiplication at all.
func firstWeightsOne(w []batchWeights) []batchWeights {
	if len(w) == 0 || (w[0].gamma.IsOne() && w[0].alpha.IsOne()) {
		return w
	}
	out := append([]batchWeights(nil), w...)
	out[0].gamma.SetOne()
	out[0].alpha.SetOne()
	return out
}

// batchPairingHolds checks Π_keys e(Σ γi·Xi, W) · e(−Σ γi·Yi, P2) = 1 for n
// items, item(i) giving the key and the points Xi, Yi of item i. Keys are
// grouped in order of first appearance.
func batchPairingHolds(n int, item func(i int) (*PublicKey, *bls12381.G1Affine, *bls12381.G1Affine), w []batchWeights, workers int) bool {
	type keyGroup struct {
		pk      *PublicKey
		points  []bls12381.G1Affine
		scalars []fr.Element
	}
	var groups []*keyGroup
	byKey := map[[PublicKeySize]byte]*keyGroup{}
	ys := make([]bls12381.G1Affine, n)
	yScalars := make([]fr.Element, n)
	for i := 0; i < n; i++ {
		pk, x, y := item(i)
		g := byKey[pk.enc]
		if g == nil {
			g = &keyGroup{pk: pk}
			byKey[pk.enc] = g
			groups = append(groups, g)
		}
		g.points = append(g.points, *x)
		g.scalars = append(g.scalars, w[i].gamma)
		ys[i].Neg(y) // −Y·γ rather than Y·(−γ): the weight stays short
		yScalars[i] = w[i].gamma
	}
	g1 := make([]bls12381.G1Affine, len(groups)+1)
	// PairingCheckFixedQ's Miller loop overwrites the line arrays it is
	// given (it scales them by the G1 points): lines holds copies of the
	// cached lines, never the caches themselves, or the next check would
	// use spoiled lines (TestPairingLineCachesUnchanged).
	lines := make([]g2Lines, len(groups)+1)
	for k, g := range groups {
		g1[k] = weightedSum(g.points, g.scalars, workers)
		l, err := publicKeyLines(g.pk)
		if err != nil {
			return false
		}
		lines[k] = *l
	}
	g1[len(groups)] = weightedSum(ys, yScalars, workers)
	lines[len(groups)] = *generatorG2Lines()
	ok, err := bls12381.PairingCheckFixedQ(g1, lines)
	return err == nil && ok
}

// weightedSum returns Σ scalars[i]·points[i], without any multiplication
// for a single point of weight 1.
func weightedSum(points []bls12381.G1Affine, scalars []fr.Element, workers int) bls12381.G1Affine {
	if len(points) == 1 && scalars[0].IsOne() {
		return points[0]
	}
	var r bls12381.G1Affine
	j := group.BatchMSM(nil, nil, points, scalars, workers)
	return *r.FromJacobian(&j)
}
