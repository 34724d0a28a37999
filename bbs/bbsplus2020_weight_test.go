// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// TestBatchWeightHashesStatement: the combining weight ρ of the BBS+ 2020
// verifier changes with every part of the statement, not only with the
// proof bytes and the challenge.
func TestBatchWeightHashesStatement(t *testing.T) {
	s := BBSPlus2020()
	pk := testKey(t, s).PublicKey()
	other, err := s.NewKeyFromSeed(make([]byte, 32))
	if err != nil {
		t.Fatal(err)
	}
	disc := []DisclosedMessage{{Index: 1, Message: []byte("a")}, {Index: 3, Message: []byte("b")}}
	proof, nonce := []byte("proof bytes"), []byte("nonce")
	var c, c2 fr.Element
	c.SetUint64(5)
	c2.SetUint64(6)
	ref := batchWeight(pk, 4, disc, nonce, proof, &c)
	if again := batchWeight(pk, 4, disc, nonce, proof, &c); !again.Equal(&ref) {
		t.Fatal("batchWeight is not deterministic")
	}
	for _, tc := range []struct {
		name string
		rho  fr.Element
	}{
		{"key", batchWeight(other.PublicKey(), 4, disc, nonce, proof, &c)},
		{"count", batchWeight(pk, 5, disc, nonce, proof, &c)},
		{"index", batchWeight(pk, 4, []DisclosedMessage{{1, []byte("a")}, {2, []byte("b")}}, nonce, proof, &c)},
		{"message", batchWeight(pk, 4, []DisclosedMessage{{1, []byte("a")}, {3, []byte("c")}}, nonce, proof, &c)},
		{"fewer disclosed", batchWeight(pk, 4, disc[:1], nonce, proof, &c)},
		{"message boundary", batchWeight(pk, 4, []DisclosedMessage{{1, []byte("ab")}, {3, nil}}, nonce, proof, &c)},
		{"nonce", batchWeight(pk, 4, disc, []byte("nonce2"), proof, &c)},
		{"proof", batchWeight(pk, 4, disc, nonce, []byte("proof bytez"), &c)},
		{"challenge", batchWeight(pk, 4, disc, nonce, proof, &c2)},
	} {
		if tc.rho.Equal(&ref) {
			t.Errorf("ρ does not depend on the %s", tc.name)
		}
	}
}
