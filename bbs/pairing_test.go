// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/lru"
)

// TestPublicKeyCachePanic: a panic while computing a key's cached pairing
// lines is an error of the verification, not a crash or a zero value.
func TestPublicKeyCachePanic(t *testing.T) {
	pk := testKey(t, BBSPlus2020()).PublicKey()
	saved := keyLines
	t.Cleanup(func() { keyLines = saved })
	keyLines = lru.New[[PublicKeySize]byte, *g2Lines](maxCachedKeys)
	if _, err := keyLines.Get(pk.enc, func() (*g2Lines, error) { panic("boom") }); err == nil {
		t.Fatal("panic not reported")
	}
	if _, err := publicKeyLines(pk); err != nil {
		t.Fatalf("lines after a failed computation: %v", err)
	}
}
