package bbs

import (
	"container/list"
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

type lruEntry[K comparable, V any] struct {
	key  K
	once sync.Once
	val  V
	err  error
}

func newLRUCache[K comparable, V any](max int) *lruCache[K, V] {
	return &lruCache[K, V]{max: max, order: list.New(), items: make(map[K]*list.Element)}
}

// get returns the value for key, computing it with compute if absent. A
// failed computation is not kept.
func (c *lruCache[K, V]) get(key K, compute func() (V, error)) (V, error) {
	c.mu.Lock()
	el, ok := c.items[key]
	if ok {
		c.order.MoveToFront(el)
	} else {
		el = c.order.PushFront(&lruEntry[K, V]{key: key})
		c.items[key] = el
		for c.order.Len() > c.max {
			last := c.order.Back()
			c.order.Remove(last)
			delete(c.items, last.Value.(*lruEntry[K, V]).key)
		}
	}
	e := el.Value.(*lruEntry[K, V])
	c.mu.Unlock()

	e.once.Do(func() { e.val, e.err = compute() })
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

// len returns the number of cached values.
func (c *lruCache[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
