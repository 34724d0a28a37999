// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"math"
	"slices"
	"time"
)

// Percentile is the nearest-rank p-th percentile (0 < p <= 100) of the
// durations: the smallest value that at least p% of them do not exceed. It
// is 0 for none. The input is not modified.
func Percentile(ds []time.Duration, p float64) time.Duration {
	if len(ds) == 0 || p <= 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return percentileSorted(s, p)
}

func percentileSorted(s []time.Duration, p float64) time.Duration {
	if len(s) == 0 || p <= 0 {
		return 0
	}
	rank := int(math.Ceil(p / 100 * float64(len(s))))
	rank = max(1, min(rank, len(s)))
	return s[rank-1]
}

// Latency is a latency summary in milliseconds.
type Latency struct {
	P50 float64 `json:"p50"`
	P95 float64 `json:"p95"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// SummarizeLatency gives the nearest-rank p50, p95, p99 and the maximum.
func SummarizeLatency(ds []time.Duration) Latency {
	s := slices.Clone(ds)
	slices.Sort(s)
	ms := func(d time.Duration) float64 { return math.Round(float64(d)/float64(time.Millisecond)*10) / 10 }
	var l Latency
	if len(s) > 0 {
		l = Latency{P50: ms(percentileSorted(s, 50)), P95: ms(percentileSorted(s, 95)),
			P99: ms(percentileSorted(s, 99)), Max: ms(s[len(s)-1])}
	}
	return l
}
