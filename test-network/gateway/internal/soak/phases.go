// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"fmt"
	"slices"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// phase is a stretch of the load between fault marks: before the first
// fault, during each fault (from its first command to its last), between
// two faults (after the one, before the next) and after the last one.
type phase struct {
	Name string `json:"name"`
	// From and To are seconds since the load started.
	From float64 `json:"fromSeconds"`
	To   float64 `json:"toSeconds"`
	// Started counts the transactions started in the phase; Committed
	// those of them that committed, whose commit latency (first send to
	// commit status, back-off included) is summarized.
	Started   int     `json:"started"`
	Committed int     `json:"committed"`
	P50       float64 `json:"p50Ms"`
	P90       float64 `json:"p90Ms"`
	P99       float64 `json:"p99Ms"`
	Max       float64 `json:"maxMs"`
	// Stall is the longest time without any commit (of the load) that
	// began in the phase: from a commit (or the phase's start, for the
	// first phase the load's start) to the next commit.
	Stall float64 `json:"longestStallSeconds"`
}

// phases splits the load (started at start, records recs) at the faults'
// starts and ends; a transaction belongs to the phase in which it started.
// Faults are in time order (scheduleFaults runs them one after another).
func phases(start time.Time, recs []engine.Record, faults []faultRecord) []phase {
	type mark struct {
		at   time.Time
		name string
	}
	var marks []mark // boundaries after the first phase
	prev := "before the first fault"
	if len(faults) == 0 {
		prev = "whole load"
	}
	names := []string{prev}
	for i, f := range faults {
		label := fmt.Sprintf("%s%s #%d", f.Kind, argSuffix(f.Arg), i+1)
		marks = append(marks, mark{f.Start, "during " + label})
		next := "after " + label
		if i+1 < len(faults) {
			nf := faults[i+1]
			next += fmt.Sprintf(", before %s%s #%d", nf.Kind, argSuffix(nf.Arg), i+2)
		}
		marks = append(marks, mark{f.End, next})
	}
	for _, m := range marks {
		names = append(names, m.name)
	}
	out := make([]phase, len(names))
	lat := make([][]time.Duration, len(names))
	var last time.Time = start
	for i := range out {
		out[i].Name = names[i]
		if i > 0 {
			out[i].From = marks[i-1].at.Sub(start).Seconds()
		}
	}
	for _, r := range recs {
		if r.Outcome == engine.NotSent || r.Start.IsZero() {
			continue
		}
		if end := r.Start.Add(r.Latency); end.After(last) {
			last = end
		}
		k := 0
		for k < len(marks) && !r.Start.Before(marks[k].at) {
			k++
		}
		out[k].Started++
		if r.Outcome == engine.Committed {
			out[k].Committed++
			lat[k] = append(lat[k], r.Latency)
		}
	}
	// Stalls: the gaps between consecutive commit times (the load's start
	// first), each in the phase where it began.
	var commits []time.Time
	for _, r := range recs {
		if r.Outcome == engine.Committed && !r.Start.IsZero() {
			commits = append(commits, r.Start.Add(r.Latency))
		}
	}
	slices.SortFunc(commits, func(a, b time.Time) int { return a.Compare(b) })
	prevCommit := start
	for _, c := range commits {
		k := 0
		for k < len(marks) && !prevCommit.Before(marks[k].at) {
			k++
		}
		out[k].Stall = max(out[k].Stall, c.Sub(prevCommit).Seconds())
		prevCommit = c
	}
	for i := range out {
		out[i].Stall = roundTo(out[i].Stall, 1)
		if i+1 < len(out) {
			out[i].To = marks[i].at.Sub(start).Seconds()
		} else {
			out[i].To = max(out[i].From, last.Sub(start).Seconds())
		}
		out[i].From, out[i].To = roundTo(out[i].From, 1), roundTo(out[i].To, 1)
		if len(lat[i]) > 0 {
			ms := func(p float64) float64 {
				return roundTo(float64(engine.Percentile(lat[i], p))/float64(time.Millisecond), 1)
			}
			out[i].P50, out[i].P90, out[i].P99, out[i].Max = ms(50), ms(90), ms(99), ms(100)
		}
	}
	return out
}

func roundTo(x float64, digits int) float64 {
	p := 1.0
	for range digits {
		p *= 10
	}
	if x < 0 {
		return -float64(int64(-x*p+0.5)) / p
	}
	return float64(int64(x*p+0.5)) / p
}
