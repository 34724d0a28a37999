// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"container/list"
	"fmt"
	"sync"
)

// lruCache is a goroutine-safe cache of at most max values, evicting the
// least recently used. A value is computed once even when several callers
// ask for a missing key at the same time.
type lruCache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *lruEntry, most recent first
	items map[K]*list.Element
}

// lruEntry is one cached value. ready is closed once val and err are set;
// they are never written again.
type lruEntry[K comparable, V any] struct {
	key   K
	ready chan struct{}
	val   V
	err   error
}

func newLRUCache[K comparable, V any](max int) *lruCache[K, V] {
	return &lruCache[K, V]{max: max, order: list.New(), items: make(map[K]*list.Element)}
}

// get returns the value for key, computing it with compute if absent. A
// failed computation is not kept. A panic inside compute is recovered and
// returned as an error (the entry is evicted like any failure), so no
// caller ever gets a zero value with a nil error.
func (c *lruCache[K, V]) get(key K, compute func() (V, error)) (V, error) {
	c.mu.Lock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		e := el.Value.(*lruEntry[K, V])
		c.mu.Unlock()
		<-e.ready
		return e.val, e.err
	}
	e := &lruEntry[K, V]{key: key, ready: make(chan struct{})}
	el := c.insertLocked(e)
	c.mu.Unlock()

	e.val, e.err = recoverCompute(compute)
	close(e.ready)
	if e.err != nil {
		c.mu.Lock()
		if cur, ok := c.items[key]; ok && cur == el {
			c.order.Remove(el)
			delete(c.items, key)
		}
		c.mu.Unlock()
	}
	return e.val, e.err
}

// lookup returns the value for key if the cache holds one that was
// computed successfully, waiting for a computation under way. It never
// computes or inserts anything.
func (c *lruCache[K, V]) lookup(key K) (V, bool) {
	c.mu.Lock()
	el, ok := c.items[key]
	if !ok {
		c.mu.Unlock()
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	e := el.Value.(*lruEntry[K, V])
	c.mu.Unlock()
	<-e.ready
	return e.val, e.err == nil
}

// add caches val for key unless the cache already has an entry for key.
func (c *lruCache[K, V]) add(key K, val V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return
	}
	e := &lruEntry[K, V]{key: key, ready: make(chan struct{}), val: val}
	close(e.ready)
	c.insertLocked(e)
}

// insertLocked puts e first and evicts beyond the bound; c.mu is held.
func (c *lruCache[K, V]) insertLocked(e *lruEntry[K, V]) *list.Element {
	el := c.order.PushFront(e)
	c.items[e.key] = el
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*lruEntry[K, V]).key)
	}
	return el
}

// recoverCompute runs compute, turning a panic into an error with a zero
// value.
func recoverCompute[V any](compute func() (V, error)) (val V, err error) {
	defer func() {
		if r := recover(); r != nil {
			var zero V
			val, err = zero, fmt.Errorf("bbs: internal error in cached computation: %v", r)
		}
	}()
	return compute()
}

// len returns the number of cached values.
func (c *lruCache[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
