// SPDX-License-Identifier: Apache-2.0

//go:build !race

// The test below mutates a slice while the package reads it, on purpose:
// the race detector would rightly report that.

package bbs

import (
	"bytes"
	"sync/atomic"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/lru"
)

// TestPublicKeyCacheDecodesItsCopy: a caller changing its key bytes while
// ParsePublicKey runs must not get one key's point cached under another
// key's encoding. Every key parsed must be the point of its own bytes.
func TestPublicKeyCacheDecodesItsCopy(t *testing.T) {
	s := BBSPlus2020()
	k1 := testKey(t, s).PublicKey().Bytes()
	k2, err := s.NewKeyFromSeed(bytes.Repeat([]byte{8}, 32))
	if err != nil {
		t.Fatal(err)
	}
	keys := [2][]byte{k1, k2.PublicKey().Bytes()}
	saved := validKeys
	t.Cleanup(func() { validKeys = saved })

	b := append([]byte(nil), keys[0]...)
	var stop atomic.Bool
	done := make(chan struct{})
	go func() { // flip b between the two keys
		defer close(done)
		for i := 0; !stop.Load(); i++ {
			copy(b, keys[i%2])
		}
	}()
	defer func() { stop.Store(true); <-done }()
	for range 10000 {
		validKeys = lru.New[[PublicKeySize]byte, bls12381.G2Affine](maxCachedKeys)
		pk, err := s.ParsePublicKey(b)
		if err != nil {
			continue // a torn copy of the two keys: refused, fine
		}
		if enc := pk.w.Bytes(); enc != pk.enc {
			t.Fatal("public key point does not match its encoding: the cache decoded the caller's slice")
		}
	}
}
