// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"testing"
	"time"
)

func ms(n int) time.Duration { return time.Duration(n) * time.Millisecond }

func TestPercentile(t *testing.T) {
	hundred := make([]time.Duration, 100)
	for i := range hundred {
		hundred[i] = ms(100 - i) // reversed: Percentile sorts a copy
	}
	tests := []struct {
		name string
		ds   []time.Duration
		p    float64
		want time.Duration
	}{
		{"none", nil, 50, 0},
		{"one", []time.Duration{ms(7)}, 99, ms(7)},
		{"p50 of 1..100", hundred, 50, ms(50)},
		{"p95 of 1..100", hundred, 95, ms(95)},
		{"p99 of 1..100", hundred, 99, ms(99)},
		{"p100 is the max", hundred, 100, ms(100)},
		{"p50 of 4 is the 2nd", []time.Duration{ms(4), ms(1), ms(3), ms(2)}, 50, ms(2)},
		{"p51 of 4 is the 3rd", []time.Duration{ms(4), ms(1), ms(3), ms(2)}, 51, ms(3)},
		{"p0 is 0", hundred, 0, 0},
	}
	for _, tt := range tests {
		if got := Percentile(tt.ds, tt.p); got != tt.want {
			t.Errorf("%s: Percentile(p%v) = %v, want %v", tt.name, tt.p, got, tt.want)
		}
	}
	if hundred[0] != ms(100) {
		t.Error("Percentile modified its input")
	}
}

func TestSummarizeLatency(t *testing.T) {
	ds := []time.Duration{ms(10), 1500 * time.Microsecond, ms(30), ms(20)}
	got := SummarizeLatency(ds)
	want := Latency{P50: 10, P95: 30, P99: 30, Max: 30}
	if got != want {
		t.Errorf("SummarizeLatency = %+v, want %+v", got, want)
	}
	if got := SummarizeLatency([]time.Duration{1500 * time.Microsecond}); got.P50 != 1.5 {
		t.Errorf("p50 of 1.5 ms = %v", got.P50)
	}
	if got := SummarizeLatency(nil); got != (Latency{}) {
		t.Errorf("SummarizeLatency(nil) = %+v", got)
	}
}

func TestBackoffDelay(t *testing.T) {
	b := Backoff{Base: 100 * time.Millisecond, Max: time.Second, Retries: 5}
	tests := []struct {
		n      int
		u      float64
		lo, hi time.Duration // inclusive
	}{
		{0, 0, ms(50), ms(50)},
		{0, 0.5, ms(75), ms(75)},
		{1, 0, ms(100), ms(100)},
		{2, 0.999, ms(200), ms(400)},
		{3, 0, ms(400), ms(400)},
		{4, 0, ms(500), ms(500)}, // 1600 capped at 1000
		{60, 0.999, ms(500), ms(1000)},
		{0, -1, ms(50), ms(50)}, // u clamped
		{0, 7, ms(50), ms(100)}, // u clamped
	}
	for _, tt := range tests {
		got := b.Delay(tt.n, tt.u)
		if got < tt.lo || got > tt.hi {
			t.Errorf("Delay(%d, %v) = %v, want in [%v, %v]", tt.n, tt.u, got, tt.lo, tt.hi)
		}
	}
}
