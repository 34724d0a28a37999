// SPDX-License-Identifier: Apache-2.0

package group

import (
	"math/bits"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// BatchMSM returns Σ fixedScalars[i]·fixed[i][0] + Σ scalars[i]·points[i]
// as MSMWithTables does, for sums of any size, using up to workers
// goroutines; the result does not depend on workers.
//
// The points with tables (generators) go through Straus' method, in chunks
// of at most StrausMaxTerms. The points without tables (a batch's proof
// points, 5 per proof) go through Straus' method too when there are few;
// beyond StrausMaxVarPoints, gnark-crypto's bucket method costs less
// (measured: 160 points 5.2 ms by Straus, 3.7 ms by MultiExp, one core),
// and it runs faster still on short scalars, so the short ones (batch
// weights) and the long ones are summed apart.
func BatchMSM(fixed []*G1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element, workers int) bls12381.G1Jac {
	var sum bls12381.G1Jac
	sum.X.SetOne()
	sum.Y.SetOne() // Z = 0: the identity
	if len(points) > StrausMaxVarPoints {
		var short, long []int
		for i := range scalars {
			if scalarBitLen(&scalars[i]) <= StrausShortScalarBits {
				short = append(short, i)
			} else {
				long = append(long, i)
			}
		}
		for _, part := range [][]int{long, short} {
			if len(part) == 0 {
				continue
			}
			ps := make([]bls12381.G1Affine, len(part))
			ss := make([]fr.Element, len(part))
			for k, i := range part {
				ps[k], ss[k] = points[i], scalars[i]
			}
			var r bls12381.G1Jac
			if _, err := r.MultiExp(ps, ss, MultiExpConfig(workers)); err != nil {
				// Only a length mismatch or a bad config fail, both
				// excluded here; Straus' method gives the same sum.
				r = StrausMSM(nil, nil, ps, ss)
			}
			sum.AddAssign(&r)
		}
		points, scalars = nil, nil
	}
	nf := len(fixed)
	chunks := max(1, (nf+len(points)+StrausMaxTerms-1)/StrausMaxTerms)
	parts := make([]bls12381.G1Jac, chunks)
	ParallelFor(chunks, workers, func(c int) {
		f0, f1 := nf*c/chunks, nf*(c+1)/chunks
		v0, v1 := len(points)*c/chunks, len(points)*(c+1)/chunks
		parts[c] = StrausMSM(fixed[f0:f1], fixedScalars[f0:f1], points[v0:v1], scalars[v0:v1])
	})
	for c := range parts {
		sum.AddAssign(&parts[c])
	}
	return sum
}

// MaxMultiExpTasks is the most goroutines gnark-crypto's MultiExp accepts:
// it refuses a config with more (an error, which BatchMSM once turned into
// a panic of VerifyProofs under GOMAXPROCS above 1024).
const MaxMultiExpTasks = 1024

// MultiExpConfig is MultiExp's config for up to workers goroutines, within
// its limit. The sum does not depend on the number of tasks.
func MultiExpConfig(workers int) ecc.MultiExpConfig {
	return ecc.MultiExpConfig{NbTasks: max(1, min(workers, MaxMultiExpTasks))}
}

// scalarBitLen returns the bit length of z's value (not of its Montgomery
// form, which fr.Element.BitLen measures).
func scalarBitLen(z *fr.Element) int {
	b := z.Bits()
	for i := len(b) - 1; i >= 0; i-- {
		if b[i] != 0 {
			return 64*i + bits.Len64(b[i])
		}
	}
	return 0
}
