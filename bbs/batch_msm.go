package bbs

import (
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// batchMinChunkTerms is the fewest terms worth a chunk of their own when a
// batch multi-scalar multiplication is spread over goroutines: each chunk
// pays its own chain of about 130 doublings.
const batchMinChunkTerms = 16

// batchMSM returns Σ fixedScalars[i]·fixed[i][0] + Σ scalars[i]·points[i]
// as msmWithTables does, for sums of any size: the terms are split into
// chunks that each suit Straus' method (at most strausMaxVarPoints points
// without a table, at most strausMaxTerms terms), spread over up to workers
// goroutines. The result does not depend on workers.
func batchMSM(fixed []*g1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element, workers int) bls12381.G1Jac {
	nf, nv := len(fixed), len(points)
	chunks := max(1,
		(nv+strausMaxVarPoints-1)/strausMaxVarPoints,
		(nf+nv+strausMaxTerms-1)/strausMaxTerms,
		min(workers, (nf+nv)/batchMinChunkTerms))
	parts := make([]bls12381.G1Jac, chunks)
	parallelFor(chunks, workers, func(c int) {
		f0, f1 := nf*c/chunks, nf*(c+1)/chunks
		v0, v1 := nv*c/chunks, nv*(c+1)/chunks
		parts[c] = strausMSM(fixed[f0:f1], fixedScalars[f0:f1], points[v0:v1], scalars[v0:v1])
	})
	sum := parts[0]
	for c := 1; c < chunks; c++ {
		sum.AddAssign(&parts[c])
	}
	return sum
}
