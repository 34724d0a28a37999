// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"errors"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
)

// TestDeriveProofVerifiesSignature: every scheme refuses to prove with a
// signature that does not verify, such as a tagged one (t·A, e) a
// malicious issuer could later recognise, or one of other messages.
func TestDeriveProofVerifiesSignature(t *testing.T) {
	for _, s := range Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			sk := testKey(t, s)
			msgs := testMessages(4)
			sig, err := s.Sign(sk, nil, msgs)
			if err != nil {
				t.Fatal(err)
			}
			// Tag: A ← 2·A, the rest unchanged.
			enc := sig.Bytes()
			var a bls12381.G1Affine
			a.ScalarMultiplication(&sig.a, big.NewInt(2))
			b := a.Bytes()
			copy(enc, b[:])
			tagged, err := s.ParseSignature(enc)
			if err != nil {
				t.Fatal(err)
			}
			other := append([][]byte{[]byte("not signed")}, msgs[1:]...)
			for name, c := range map[string]struct {
				sig  *Signature
				msgs [][]byte
			}{"tagged": {tagged, msgs}, "other messages": {sig, other}} {
				p, err := s.DeriveProof(rand.Reader, sk.PublicKey(), c.sig, nil, nil, c.msgs, []int{1})
				if !errors.Is(err, ErrInvalidSignature) || p != nil {
					t.Errorf("%s: DeriveProof = %v, %v; want ErrInvalidSignature", name, p != nil, err)
				}
			}
		})
	}
}
