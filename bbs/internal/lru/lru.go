// SPDX-License-Identifier: Apache-2.0

// Package lru is a small goroutine-safe least-recently-used cache that
// computes each missing value once; package bbs keeps its per-key
// generators, pairing lines and pseudonym contexts in it.
package lru

import (
	"container/list"
	"fmt"
	"sync"
)

// Cache is a goroutine-safe cache of at most max values, evicting the
// least recently used. A value is computed once even when several callers
// ask for a missing key at the same time.
type Cache[K comparable, V any] struct {
	mu    sync.Mutex
	max   int
	order *list.List // of *entry, most recent first
	items map[K]*list.Element
}

// entry is one cached value. ready is closed once val and err are set;
// they are never written again.
type entry[K comparable, V any] struct {
	key   K
	ready chan struct{}
	val   V
	err   error
}

func New[K comparable, V any](max int) *Cache[K, V] {
	return &Cache[K, V]{max: max, order: list.New(), items: make(map[K]*list.Element)}
}

// get returns the value for key, computing it with compute if absent. A
// failed computation is not kept. A panic inside compute is recovered and
// returned as an error (the entry is evicted like any failure), so no
// caller ever gets a zero value with a nil error.
func (c *Cache[K, V]) Get(key K, compute func() (V, error)) (V, error) {
	c.mu.Lock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		e := el.Value.(*entry[K, V])
		c.mu.Unlock()
		<-e.ready
		return e.val, e.err
	}
	e := &entry[K, V]{key: key, ready: make(chan struct{})}
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
func (c *Cache[K, V]) Lookup(key K) (V, bool) {
	c.mu.Lock()
	el, ok := c.items[key]
	if !ok {
		c.mu.Unlock()
		var zero V
		return zero, false
	}
	c.order.MoveToFront(el)
	e := el.Value.(*entry[K, V])
	c.mu.Unlock()
	<-e.ready
	return e.val, e.err == nil
}

// add caches val for key unless the cache already has an entry for key.
func (c *Cache[K, V]) Add(key K, val V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.order.MoveToFront(el)
		return
	}
	e := &entry[K, V]{key: key, ready: make(chan struct{}), val: val}
	close(e.ready)
	c.insertLocked(e)
}

// insertLocked puts e first and evicts beyond the bound; c.mu is held.
func (c *Cache[K, V]) insertLocked(e *entry[K, V]) *list.Element {
	el := c.order.PushFront(e)
	c.items[e.key] = el
	for c.order.Len() > c.max {
		last := c.order.Back()
		c.order.Remove(last)
		delete(c.items, last.Value.(*entry[K, V]).key)
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
func (c *Cache[K, V]) Len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}

// Contains reports whether key has a value (or one being computed),
// without making it more recent.
func (c *Cache[K, V]) Contains(key K) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	_, ok := c.items[key]
	return ok
}
