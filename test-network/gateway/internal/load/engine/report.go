// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"time"
)

// Summary is the measurement of one run.
type Summary struct {
	Scheme string `json:"scheme,omitempty"`
	Mode   string `json:"mode"`
	// NA is set (to the reason) when the run could not happen, e.g. the
	// contract has no such transaction.
	NA string `json:"na,omitempty"`

	Transactions int `json:"transactions"` // asked for
	Sent         int `json:"sent"`
	Committed    int `json:"committed"`
	Rejected     int `json:"rejected"`
	NotSent      int `json:"notSent"`
	// RejectedBy counts rejections by cause; RetriesBy counts retries.
	RejectedBy map[string]int `json:"rejectedBy,omitempty"`
	RetriesBy  map[string]int `json:"retriesBy,omitempty"`
	Retries    int            `json:"retries"`
	// ByClass counts outcomes by transaction class, when classes are set.
	ByClass map[string]map[string]int `json:"byClass,omitempty"`

	// Blocks is the number of distinct blocks the committed transactions
	// are in; TxPerBlock the committed transactions per such block.
	Blocks     int     `json:"blocks"`
	TxPerBlock float64 `json:"txPerBlock"`

	Proofs         int     `json:"proofs"`         // proofs in the committed transactions
	VerifiedProofs int     `json:"verifiedProofs"` // of those, verified valid
	Seconds        float64 `json:"seconds"`
	TxPerSecond    float64 `json:"committedTxPerSecond"`
	ProofsPerSec   float64 `json:"verifiedProofsPerSecond"`
	// Latency of the committed transactions, first send to commit status,
	// back-off included.
	Latency Latency `json:"commitLatencyMs"`
}

// Summarize a run's records and wall time.
func Summarize(recs []Record, wall time.Duration) Summary {
	s := Summary{Transactions: len(recs), Seconds: round(wall.Seconds(), 3)}
	var lat []time.Duration
	blocks := map[uint64]bool{}
	for _, r := range recs {
		if r.Outcome != NotSent {
			s.Sent++
		}
		for cause, n := range r.Retries {
			s.RetriesBy = inc(s.RetriesBy, cause, n)
			s.Retries += n
		}
		switch r.Outcome {
		case Committed:
			s.Committed++
			s.Proofs += r.Proofs
			s.VerifiedProofs += r.Verified
			lat = append(lat, r.Latency)
			blocks[r.Block] = true
		case Rejected:
			s.Rejected++
			s.RejectedBy = inc(s.RejectedBy, r.Cause, 1)
		default:
			s.NotSent++
		}
		if r.Class != "" {
			if s.ByClass == nil {
				s.ByClass = map[string]map[string]int{}
			}
			key := r.Outcome
			if r.Outcome == Rejected {
				key += ":" + r.Cause
			}
			s.ByClass[r.Class] = inc(s.ByClass[r.Class], key, 1)
		}
	}
	if wall > 0 {
		s.TxPerSecond = round(float64(s.Committed)/wall.Seconds(), 1)
		s.ProofsPerSec = round(float64(s.VerifiedProofs)/wall.Seconds(), 1)
	}
	s.Latency = SummarizeLatency(lat)
	if s.Blocks = len(blocks); s.Blocks > 0 {
		s.TxPerBlock = round(float64(s.Committed)/float64(s.Blocks), 1)
	}
	return s
}

func inc(m map[string]int, k string, n int) map[string]int {
	if m == nil {
		m = map[string]int{}
	}
	m[k] += n
	return m
}

func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

// Counts formats a count map as "a=1 b=2", sorted by key; "-" when empty.
func Counts(m map[string]int) string {
	if len(m) == 0 {
		return "-"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s=%d", k, m[k])
	}
	return strings.Join(parts, " ")
}

// outcomes is the table's last column: rejections by cause, and the
// transactions a time bound left unsent.
func outcomes(s Summary) string {
	c := Counts(s.RejectedBy)
	if s.NotSent > 0 {
		if c == "-" {
			c = ""
		} else {
			c += " "
		}
		c += fmt.Sprintf("(not sent: %d)", s.NotSent)
	}
	return c
}

// WriteTable prints the summaries as an aligned text table, one row per
// run; a run that could not happen shows its reason.
func WriteTable(w io.Writer, sums []Summary) error {
	const head = "%-22s %-7s %6s %9s %8s %8s %8s %9s %8s %8s %8s %6s  %s\n"
	const row = "%-22s %-7s %6d %9d %8d %8d %8.1f %9.1f %8.1f %8.1f %8.1f %6.1f  %s\n"
	if _, err := fmt.Fprintf(w, head, "scheme", "mode", "tx", "committed", "rejected", "retries",
		"tx/s", "proofs/s", "p50 ms", "p95 ms", "p99 ms", "tx/blk", "rejected by cause (not sent)"); err != nil {
		return err
	}
	for _, s := range sums {
		var err error
		if s.NA != "" {
			_, err = fmt.Fprintf(w, "%-22s %-7s n/a: %s\n", s.Scheme, s.Mode, s.NA)
		} else {
			_, err = fmt.Fprintf(w, row, s.Scheme, s.Mode, s.Transactions, s.Committed, s.Rejected, s.Retries,
				s.TxPerSecond, s.ProofsPerSec, s.Latency.P50, s.Latency.P95, s.Latency.P99, s.TxPerBlock, outcomes(s))
		}
		if err != nil {
			return err
		}
	}
	return nil
}
