// SPDX-License-Identifier: Apache-2.0

package lru

import (
	"errors"
	"sync"
	"sync/atomic"
	"testing"
)

// TestCachePanic: a panic inside a cached computation becomes an error
// for the caller (not a crash), the entry is evicted, and the next call
// computes again instead of getting a zero value with a nil error.
func TestCachePanic(t *testing.T) {
	c := New[string, *int](4)
	func() {
		defer func() {
			if r := recover(); r != nil {
				t.Errorf("panic escaped the cache: %v", r)
			}
		}()
		if v, err := c.Get("k", func() (*int, error) { panic("computation failed") }); err == nil || v != nil {
			t.Errorf("panicking computation: got %v, %v; want an error", v, err)
		}
	}()
	if n := c.Len(); n != 0 {
		t.Errorf("poisoned entry kept: %d entries", n)
	}
	if _, ok := c.Lookup("k"); ok {
		t.Error("lookup finds the failed entry")
	}
	one := 1
	if v, err := c.Get("k", func() (*int, error) { return &one, nil }); err != nil || v != &one {
		t.Fatalf("after the panic: got %v, %v; want the recomputed value", v, err)
	}
	if v, ok := c.Lookup("k"); !ok || v != &one {
		t.Fatal("recomputed value not cached")
	}
	if _, err := c.Get("e", func() (*int, error) { return nil, errors.New("plain failure") }); err == nil || c.Len() != 1 {
		t.Fatalf("failed computation: %v, %d entries", err, c.Len())
	}
}

// TestCacheConcurrent: callers asking for one key at once share one
// computation.
func TestCacheConcurrent(t *testing.T) {
	c := New[int, int](2)
	var calls atomic.Int32
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			v, err := c.Get(1, func() (int, error) { calls.Add(1); return 42, nil })
			if err != nil || v != 42 {
				t.Errorf("get = %d, %v", v, err)
			}
		}()
	}
	wg.Wait()
	if n := calls.Load(); n != 1 {
		t.Fatalf("%d computations, want 1", n)
	}
	c.Add(1, 7) // present: kept
	c.Add(2, 5)
	c.Add(3, 6) // evicts 1, the least recently used
	if v, ok := c.Lookup(2); !ok || v != 5 {
		t.Fatalf("lookup(2) = %d, %v", v, ok)
	}
	if _, ok := c.Lookup(1); ok || c.Len() != 2 {
		t.Fatalf("bound not kept: %d entries", c.Len())
	}
}
