// SPDX-License-Identifier: Apache-2.0

package engine

import "time"

// Backoff is an exponential back-off with "equal jitter": the n-th retry
// (n from 0) waits between d/2 and d, where d = min(Max, Base·2ⁿ).
type Backoff struct {
	Base time.Duration // first delay's upper bound (> 0)
	Max  time.Duration // cap of every delay (>= Base)
	// Retries is how many times one stage of a transaction is retried
	// before its last answer becomes the outcome.
	Retries int
}

// DefaultBackoff: 50 ms doubling to 2 s, 10 retries per stage (about 12 s
// of waiting at worst).
var DefaultBackoff = Backoff{Base: 50 * time.Millisecond, Max: 2 * time.Second, Retries: 10}

// Delay is the wait before retry n (n >= 0), with u in [0, 1) the jitter.
func (b Backoff) Delay(n int, u float64) time.Duration {
	d := b.Base
	for i := 0; i < n && d < b.Max; i++ {
		d *= 2
	}
	d = min(d, b.Max)
	if u < 0 {
		u = 0
	} else if u >= 1 {
		u = 0.999999
	}
	return d/2 + time.Duration(u*float64(d/2))
}
