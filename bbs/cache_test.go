// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestLRUCachePanic: a panic inside a cached computation becomes an error
// for the caller (not a crash), the entry is evicted, and the next call
// computes again instead of getting a zero value with a nil error.
func TestLRUCachePanic(t *testing.T) {
	c := newLRUCache[string, *int](4)
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("panic escaped the cache: %v", r)
			}
		}()
		if v, err := c.get("k", func() (*int, error) { panic("computation failed") }); err == nil || v != nil {
			t.Errorf("panicking computation: got %v, %v; want an error", v, err)
		}
	}()
	if n := c.len(); n != 0 {
		t.Errorf("poisoned entry kept: %d entries", n)
	}
	if _, ok := c.lookup("k"); ok {
		t.Error("lookup finds the failed entry")
	}
	one := 1
	if v, err := c.get("k", func() (*int, error) { return &one, nil }); err != nil || v != &one {
		t.Fatalf("after the panic: got %v, %v; want the recomputed value", v, err)
	}
	if v, ok := c.lookup("k"); !ok || v != &one {
		t.Fatal("recomputed value not cached")
	}
	if _, err := c.get("e", func() (*int, error) { return nil, errors.New("plain failure") }); err == nil || c.len() != 1 {
		t.Fatalf("failed computation: %v, %d entries", err, c.len())
	}
}

// TestLRUCacheConcurrent: callers asking for one key at once share one
// computation.
func TestLRUCacheConcurrent(t *testing.T) {
	c := newLRUCache[int, int](2)
	var calls atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := c.get(1, func() (int, error) { calls.Add(1); return 42, nil })
			if err != nil || v != 42 {
				t.Errorf("get = %d, %v", v, err)
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("%d computations, want 1", n)
	}
	c.add(1, 7) // present: kept
	c.add(2, 5)
	c.add(3, 6) // evicts 1, the least recently used
	if v, ok := c.lookup(2); !ok || v != 5 {
		t.Fatalf("lookup(2) = %d, %v", v, ok)
	}
	if _, ok := c.lookup(1); ok || c.len() != 2 {
		t.Fatalf("bound not kept: %d entries", c.len())
	}
}

// TestPublicKeyCachePanic: a panic while computing a key's cached pairing
// lines is an error of the verification, not a crash or a zero value.
func TestPublicKeyCachePanic(t *testing.T) {
	pk := testKey(t, BBSPlus2020()).PublicKey()
	saved := keyLines
	t.Cleanup(func() { keyLines = saved })
	keyLines = newLRUCache[[PublicKeySize]byte, *g2Lines](maxCachedKeys)
	if _, err := keyLines.get(pk.enc, func() (*g2Lines, error) { panic("boom") }); err == nil {
		t.Fatal("panic not reported")
	}
	if _, err := publicKeyLines(pk); err != nil {
		t.Fatalf("lines after a failed computation: %v", err)
	}
}
