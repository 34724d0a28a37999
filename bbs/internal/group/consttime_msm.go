// SPDX-License-Identifier: Apache-2.0

package group

import (
	"crypto/subtle"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Constant-time sums of many terms, for a prover whose scalars are secret
// (the blinding vectors and bits of a Bulletproofs range proof). They use
// the complete formulas and masked table reads of ScalarMulConstantTime.

// MSMConstantTime returns Σ scalars[i]·points[i] in time independent of
// the scalars and points (only their number counts), sharing one chain of
// 256 doublings between all terms: per term, the 16-entry table (14
// additions), then one masked read and one addition in each of the 64
// 4-bit windows. That is about a third of the work of
// LinearCombinationConstantTime, which doubles per term. Mismatched
// lengths give the identity, which callers rule out.
func MSMConstantTime(points []bls12381.G1Affine, scalars []fr.Element) bls12381.G1Affine {
	if len(points) != len(scalars) {
		return bls12381.G1Affine{}
	}
	tables := make([][16]g1Proj, len(points))
	kbs := make([][fr.Bytes]byte, len(points))
	for i := range points {
		tables[i][0].setIdentity()
		tables[i][1].fromAffine(&points[i])
		for j := 2; j < 16; j++ {
			tables[i][j].add(&tables[i][j-1], &tables[i][1])
		}
		kbs[i] = scalars[i].Bytes() // big-endian, canonical
	}
	var acc, t g1Proj
	acc.setIdentity()
	for w := range 2 * fr.Bytes {
		acc.double(&acc)
		acc.double(&acc)
		acc.double(&acc)
		acc.double(&acc)
		for i := range tables {
			d := kbs[i][w/2] >> (4 * (1 - uint(w)%2)) & 0x0f
			t.setIdentity()
			for j := range tables[i] {
				c := subtle.ConstantTimeByteEq(uint8(j), d)
				ctSelect(&t.x, &tables[i][j].x, c)
				ctSelect(&t.y, &tables[i][j].y, c)
				ctSelect(&t.z, &tables[i][j].z, c)
			}
			acc.add(&acc, &t)
		}
	}
	return acc.affine()
}

// SelectSumConstantTime returns Σ (bits[i] = 1 ? a[i] : b[i]) over the
// public points a and b, in time independent of bits (each bit 0 or 1;
// only the low bit is read): one masked selection and one complete
// addition per term. Mismatched lengths give the identity.
func SelectSumConstantTime(a, b []bls12381.G1Affine, bits []byte) bls12381.G1Affine {
	if len(a) != len(b) || len(a) != len(bits) {
		return bls12381.G1Affine{}
	}
	var acc, t, u g1Proj
	acc.setIdentity()
	for i := range a {
		t.fromAffine(&b[i])
		u.fromAffine(&a[i])
		c := int(bits[i] & 1)
		ctSelect(&t.x, &u.x, c)
		ctSelect(&t.y, &u.y, c)
		ctSelect(&t.z, &u.z, c)
		acc.add(&acc, &t)
	}
	return acc.affine()
}
