package bbs

import (
	"fmt"
	"math/big"
	"sync"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Multi-scalar multiplication for the IETF schemes. Their MSMs are small
// (3 points for T1, L + 3 for T2), where gnark-crypto's Pippenger MultiExp
// spends most of its time on empty buckets and goroutines. Below
// strausMaxPoints they use Straus' interleaved method instead: each scalar
// is split in two halves of about 128 bits with the GLV endomorphism
// φ(x, y) = (ω·x, y) = λ·(x, y), each half is recoded in width-5 NAF, and
// all 2n digit streams share one chain of about 130 doublings. Tables of
// odd multiples are normalized to affine with one inversion so that every
// addition is a mixed one. Timing depends on the scalars, as with MultiExp.

const (
	// strausWindow is the wNAF width: tables of 2^(w-2) odd multiples.
	strausWindow = 5
	strausTable  = 1 << (strausWindow - 2)
	// strausMaxPoints is the largest MSM done with Straus' method; larger
	// ones go to gnark-crypto's MultiExp (measured crossover on amd64).
	strausMaxPoints = 48
	// strausMaxDigits bounds the wNAF length of a GLV half-scalar.
	strausMaxDigits = fr.Bits + 1
)

var glv struct {
	once    sync.Once
	omega   fp.Element  // cube root of unity with φ(P) = λ·P on G1
	lattice ecc.Lattice // short basis for splitting scalars along λ
}

// initGLV sets up the endomorphism: λ = z² − 1 for the BLS12-381 seed z,
// and ω the cube root of unity in Fp of eigenvalue λ (checked on the
// generator, as either non-trivial root could be meant).
func initGLV() {
	glv.once.Do(func() {
		lambda, _ := new(big.Int).SetString("228988810152649578064853576960394133503", 10)
		ecc.PrecomputeLattice(fr.Modulus(), lambda, &glv.lattice)
		glv.omega.SetString("4002409555221667392624310435006688643935503118305586438271171395842971157480381377015405980053539358417135540939436")
		_, _, g, _ := bls12381.Generators()
		var want, phi bls12381.G1Affine
		want.ScalarMultiplication(&g, lambda)
		phi = g
		phi.X.Mul(&phi.X, &glv.omega)
		if !phi.Equal(&want) {
			glv.omega.Square(&glv.omega)
			phi = g
			phi.X.Mul(&phi.X, &glv.omega)
			if !phi.Equal(&want) {
				panic("bbs: GLV endomorphism constants do not match")
			}
		}
	})
}

// ietfMSM returns Σ scalars[i]·points[i].
func ietfMSM(points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Affine {
	var r bls12381.G1Affine
	if len(points) != len(scalars) {
		panic(fmt.Sprintf("bbs: multi-scalar multiplication of %d points and %d scalars", len(points), len(scalars)))
	}
	if len(points) <= strausMaxPoints {
		j := strausMSM(points, scalars)
		return *r.FromJacobian(&j)
	}
	if _, err := r.MultiExp(points, scalars, ecc.MultiExpConfig{}); err != nil {
		// Only a length mismatch or a bad config fail, both excluded here.
		panic(fmt.Sprintf("bbs: multi-scalar multiplication: %v", err))
	}
	return r
}

// strausMSM returns Σ scalars[i]·points[i] by Straus' method with GLV.
func strausMSM(points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Jac {
	initGLV()
	n := len(points)
	digits := make([]int8, 2*n*strausMaxDigits) // stream 2i: k1 of point i; 2i+1: k2
	lens := make([]int, 2*n)
	jac := make([]bls12381.G1Jac, 0, n*strausTable)
	used := make([]int, 0, n) // indices of the points that contribute
	var s big.Int
	maxLen := 0
	for i := range points {
		if points[i].IsInfinity() || scalars[i].IsZero() {
			continue
		}
		scalars[i].BigInt(&s)
		k := ecc.SplitScalar(&s, &glv.lattice)
		for h := range k {
			neg := k[h].Sign() < 0
			if neg {
				k[h].Neg(&k[h])
			}
			d := digits[(2*i+h)*strausMaxDigits : (2*i+h+1)*strausMaxDigits]
			lens[2*i+h] = ecc.WnafDecomposition(&k[h], strausWindow, d)
			if neg {
				for j := range d[:lens[2*i+h]] {
					d[j] = -d[j]
				}
			}
			maxLen = max(maxLen, lens[2*i+h])
		}
		// Odd multiples P, 3P, …, 15P.
		var p, twoP bls12381.G1Jac
		p.FromAffine(&points[i])
		twoP.Double(&p)
		jac = append(jac, p)
		for t := 1; t < strausTable; t++ {
			p.AddAssign(&twoP)
			jac = append(jac, p)
		}
		used = append(used, i)
	}
	var res bls12381.G1Jac
	res.X.SetOne()
	res.Y.SetOne() // Z = 0: the identity
	if len(used) == 0 {
		return res
	}
	table := batchToAffine(jac) // table[u*strausTable+t] = (2t+1)·points[used[u]]
	phiTable := make([]bls12381.G1Affine, len(table))
	for t := range table {
		phiTable[t] = table[t]
		phiTable[t].X.Mul(&phiTable[t].X, &glv.omega)
	}

	var neg bls12381.G1Affine
	add := func(tab []bls12381.G1Affine, d int8) {
		if d > 0 {
			res.AddMixed(&tab[(d-1)/2])
		} else {
			neg.Neg(&tab[(-d-1)/2])
			res.AddMixed(&neg)
		}
	}
	for j := maxLen - 1; j >= 0; j-- {
		res.DoubleAssign()
		for u, i := range used {
			if j < lens[2*i] {
				if d := digits[2*i*strausMaxDigits+j]; d != 0 {
					add(table[u*strausTable:(u+1)*strausTable], d)
				}
			}
			if j < lens[2*i+1] {
				if d := digits[(2*i+1)*strausMaxDigits+j]; d != 0 {
					add(phiTable[u*strausTable:(u+1)*strausTable], d)
				}
			}
		}
	}
	return res
}

// batchToAffine converts points, none of them the identity, to affine
// coordinates with one field inversion (Montgomery's trick).
func batchToAffine(points []bls12381.G1Jac) []bls12381.G1Affine {
	out := make([]bls12381.G1Affine, len(points))
	prefix := make([]fp.Element, len(points))
	var acc fp.Element
	acc.SetOne()
	for i := range points {
		prefix[i] = acc
		acc.Mul(&acc, &points[i].Z)
	}
	acc.Inverse(&acc) // 1 / Π Z_i; Z_i ≠ 0 for the odd multiples of a point of order r
	var zInv, zInv2 fp.Element
	for i := len(points) - 1; i >= 0; i-- {
		zInv.Mul(&acc, &prefix[i])
		acc.Mul(&acc, &points[i].Z)
		zInv2.Square(&zInv)
		out[i].X.Mul(&points[i].X, &zInv2)
		out[i].Y.Mul(&points[i].Y, &zInv2).Mul(&out[i].Y, &zInv)
	}
	return out
}
