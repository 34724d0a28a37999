// SPDX-License-Identifier: Apache-2.0

package bbs

import "testing"

// FuzzVerifyProofs puts a mutated proof and nonce, for a chosen scheme,
// between two valid items of a batch. Nothing may panic, and every verdict
// must be the one VerifyProof gives the item alone.
func FuzzVerifyProofs(f *testing.F) {
	schemes := Schemes()
	pools := make([][]BatchItem, len(schemes))
	for k, s := range schemes {
		pools[k] = batchPool(f, s, 3)
		f.Add(uint8(k), pools[k][1].Proof.Bytes(), pools[k][1].Nonce, uint8(0))
		f.Add(uint8(k), pools[k][2].Proof.Bytes(), pools[k][1].Nonce, uint8(1))
	}
	f.Fuzz(func(t *testing.T, scheme uint8, proof, nonce []byte, which uint8) {
		k := int(scheme) % len(schemes)
		s, pool := schemes[k], pools[k]
		p, err := s.ParseProof(proof)
		if err != nil {
			return
		}
		// The statement of pool item 1 or 2, with the fuzzed proof and nonce.
		it := pool[1+int(which%2)]
		it.Proof, it.Nonce = p, nonce
		items := []BatchItem{pool[0], it, pool[2]}
		checkSameVerdicts(t, VerifyProofs(s, items), singleVerdicts(s, items))
	})
}
