// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"runtime"
	"sort"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
)

// report is bbs-soak's JSON report.
type report struct {
	Date         string   `json:"date"`
	Command      string   `json:"command"`
	CPUs         int      `json:"cpus"`
	LoadAvgStart string   `json:"loadAvgStart"`
	LoadAvgEnd   string   `json:"loadAvgEnd"`
	Clients      []string `json:"clients"`
	InFlight     int      `json:"inFlight"`
	Rate         float64  `json:"rateLimit"`
	Schemes      []string `json:"schemes"`
	FaultPlan    []fault  `json:"faultPlan"`
	Backoff      string   `json:"backoff"`
	// Requests counts the load's transactions by class; replays are also
	// counted as concurrent (sent right after their original) or late.
	Requests map[string]int `json:"requests"`
	// Load is the main run: outcomes by class and cause, retries, tx/s,
	// commit latency.
	Load engine.Summary `json:"load"`
	// ErrorSamples are the first error text of each rejection cause.
	ErrorSamples map[string]string `json:"errorSamples,omitempty"`
	Recovery     []engine.Summary  `json:"recovery,omitempty"`
	Probes       []probe           `json:"resubmissions"`
	// NotSubmittedProbes counts the probes whose first attempt never
	// reached the orderer (probe.NotSubmitted): nothing to resubmit, not
	// a problem.
	NotSubmittedProbes int           `json:"notSubmittedProbes"`
	Faults             []faultRecord `json:"faults"`
	// Unsent counts the requests the load never sent (it ended by -tx or
	// -duration first); they are not accounted.
	Unsent int `json:"unsentRequests"`
	// Phases: commit latency before, during and after each fault.
	Phases []phase `json:"phases"`
	// Memory of each node and chaincode process over the run.
	Memory     *memReport      `json:"memory,omitempty"`
	Heights    []uint64        `json:"ledgerHeights"`
	Verdict    account.Verdict `json:"accounting"`
	CrossCheck crossCheck      `json:"crossCheck"`
	// Votes: the poll votes of the run, per poll (votes.go).
	Votes []pollSummary `json:"votes,omitempty"`
	// Problems are the client-side failures: a request of an invalid class
	// that committed, a fault that failed, a probe whose resubmission did
	// not commit.
	Problems []string `json:"problems,omitempty"`
	OK       bool     `json:"ok"`
	started  time.Time
}

func newReport(o *options, clients []*gwclient.Client, p *plan) *report {
	r := &report{
		Date: time.Now().UTC().Format(time.RFC3339), Command: "bbs-soak " + strings.Join(o.args, " "),
		CPUs: runtime.NumCPU(), LoadAvgStart: engine.LoadAvg(), InFlight: o.inFlight, Rate: o.rate, Schemes: o.Schemes,
		FaultPlan: o.faults, Requests: map[string]int{}, started: time.Now(),
		Backoff: fmt.Sprintf("%v doubling to %v, equal jitter, %d retries per stage", soakBackoff.Base, soakBackoff.Max, soakBackoff.Retries),
	}
	for _, c := range clients {
		r.Clients = append(r.Clients, c.Name())
	}
	return r
}

// addClasses counts the load's transactions by class.
func (r *report) addClasses(p *plan, recs []engine.Record) {
	for i, it := range p.items {
		if i >= len(recs) {
			break
		}
		r.Requests[recs[i].Class]++
		if it.kind == "replay" {
			if it.concurrent {
				r.Requests["replay (concurrent)"]++
			} else {
				r.Requests["replay (late)"]++
			}
		}
	}
	r.Requests["resubmit"] = len(p.resubmits)
	for _, rec := range recs {
		if rec.Outcome != engine.Rejected {
			continue
		}
		if r.ErrorSamples == nil {
			r.ErrorSamples = map[string]string{}
		}
		if _, ok := r.ErrorSamples[rec.Cause]; !ok {
			r.ErrorSamples[rec.Cause] = truncate(rec.Error, 300)
		}
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}

// finish collects the client-side problems and the overall verdict.
func (r *report) finish(p *plan) {
	r.LoadAvgEnd = engine.LoadAvg()
	for class, outcomes := range r.Load.ByClass {
		if !lineClasses[class] && class != "replay" && outcomes[engine.Committed] > 0 {
			r.Problems = append(r.Problems, fmt.Sprintf("%d %s requests committed", outcomes[engine.Committed], class))
		}
	}
	for _, f := range r.Faults {
		if f.Failed {
			r.Problems = append(r.Problems, fmt.Sprintf("fault %s%s failed", f.Kind, argSuffix(f.Arg)))
		}
	}
	if len(r.Faults) < len(r.FaultPlan) {
		r.Problems = append(r.Problems, fmt.Sprintf("%d of %d planned faults ran", len(r.Faults), len(r.FaultPlan)))
	}
	for _, pr := range r.Probes {
		if pr.NotSubmitted {
			r.NotSubmittedProbes++
		}
		if pr.failed() {
			r.Problems = append(r.Problems, fmt.Sprintf("resubmission of %s: %s %s", pr.TxID, pr.Second, pr.SecondError))
		}
	}
	if len(r.Probes) < len(p.resubmits) {
		r.Problems = append(r.Problems, fmt.Sprintf("%d of %d resubmission probes ran", len(r.Probes), len(p.resubmits)))
	}
	if r.Memory != nil {
		r.Problems = append(r.Problems, r.Memory.Problems...)
	}
	for _, v := range r.Votes {
		r.Problems = append(r.Problems, v.Problems...)
	}
	if r.Load.Committed == 0 {
		r.Problems = append(r.Problems, "nothing committed")
	}
	sort.Strings(r.Problems)
	r.OK = r.Verdict.OK && len(r.CrossCheck.Problems) == 0 && len(r.Problems) == 0
}

func (r *report) write(path string) error {
	if path == "" {
		return nil
	}
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// text prints the report for people.
func (r *report) text(w io.Writer) {
	pf := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	pf("bbs-soak %s: %d clients, %d in flight, at most %.0f tx/s started, schemes %s, load average %s -> %s (%d CPUs)",
		r.Date, len(r.Clients), r.InFlight, r.Rate, strings.Join(r.Schemes, ","), r.LoadAvgStart, r.LoadAvgEnd, r.CPUs)
	pf("requests: %s", engine.Counts(r.Requests))
	s := r.Load
	pf("load: %d sent, %d committed, %d rejected, %d not sent in %.1f s: %.1f committed tx/s; commit latency p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms",
		s.Sent, s.Committed, s.Rejected, s.NotSent, s.Seconds, s.TxPerSecond, s.Latency.P50, s.Latency.P95, s.Latency.P99, s.Latency.Max)
	pf("rejected by cause: %s", engine.Counts(s.RejectedBy))
	pf("retries: %d (%s)", s.Retries, engine.Counts(s.RetriesBy))
	causes := make([]string, 0, len(r.ErrorSamples))
	for c := range r.ErrorSamples {
		causes = append(causes, c)
	}
	sort.Strings(causes)
	for _, c := range causes {
		pf("  e.g. %s: %s", c, truncate(r.ErrorSamples[c], 160))
	}
	classes := make([]string, 0, len(s.ByClass))
	for c := range s.ByClass {
		classes = append(classes, c)
	}
	sort.Strings(classes)
	for _, c := range classes {
		pf("  %-10s %s", c, engine.Counts(s.ByClass[c]))
	}
	for i, rc := range r.Recovery {
		pf("recovery %d: %d sent, %d committed, rejected %s", i+1, rc.Sent, rc.Committed, engine.Counts(rc.RejectedBy))
	}
	for _, pr := range r.Probes {
		again := "same signed bytes again"
		if pr.Vanished {
			again = "connection closed, same signed bytes again from a new connection"
		}
		if pr.NotSubmitted {
			pf("resubmission %s (%s) at %s: first attempt %s, before its submit: never reached the orderer, nothing to resubmit (the recovery sends the request)",
				pr.TxID, pr.Client, pr.Start.UTC().Format("15:04:05.0"), pr.First)
			continue
		}
		pf("resubmission %s (%s) at %s: first attempt (%.1f s) %s; %s: %s %s",
			pr.TxID, pr.Client, pr.Start.UTC().Format("15:04:05.0"), pr.FirstWait, pr.First, again, pr.Second, pr.SecondError)
	}
	if r.NotSubmittedProbes > 0 {
		pf("resubmission probes not submitted (their first attempt failed before the orderer; not problems): %d", r.NotSubmittedProbes)
	}
	for _, f := range r.Faults {
		pf("fault %s%s at %s (+%.1f s, after %d tx) for %.1f s, failed %v%s", f.Kind, argSuffix(f.Arg),
			f.Start.UTC().Format("15:04:05.0"), f.Start.Sub(r.started).Seconds(), f.SentBefore, f.End.Sub(f.Start).Seconds(), f.Failed,
			relaunchText(f))
		if f.Recovery != "" {
			what := "recovery after the crash"
			switch f.Kind {
			case "disk-full":
				what = "the full disk"
			case "net":
				what = "at the heal"
			}
			pf("    %s: %s", what, strings.ReplaceAll(f.Recovery, "\n", "; "))
		}
		if f.CaughtUp != "" {
			pf("    after the heal every node reached %s", f.CaughtUp)
		}
		if t := leaderText(f); t != "" {
			pf("%s", t)
		}
		for _, st := range f.Steps {
			pf("    %s  %s .. %s %s", st.Command, st.Start.UTC().Format("15:04:05.0"), st.End.UTC().Format("15:04:05.0"), st.Error)
		}
	}
	if r.Unsent > 0 {
		pf("unsent: %d requests the load did not reach before it ended (not accounted)", r.Unsent)
	}
	for _, ph := range r.Phases {
		pf("phase %-52s %6.1f-%6.1f s: %5d started, %5d committed; latency p50 %.0f ms, p90 %.0f ms, p99 %.0f ms, max %.0f ms; longest without a commit %.1f s",
			ph.Name, ph.From, ph.To, ph.Started, ph.Committed, ph.P50, ph.P90, ph.P99, ph.Max, ph.Stall)
	}
	if m := r.Memory; m != nil {
		cache := ""
		if m.BlockCacheMiB > 0 {
			cache = fmt.Sprintf("; an orderer or peer: %.4g x (that RSS + its block cache, %d MiB) + %d MiB", m.Factor, m.BlockCacheMiB, m.SlackMiB)
		}
		pf("memory (RSS every %.0f s; bound: a process ends at most %.4g x its RSS %.0f s after it started + %d MiB%s):",
			m.IntervalSeconds, m.Factor, memWarmup.Seconds(), m.SlackMiB, cache)
		for _, p := range m.Processes {
			judged, ok := len(p.Checks), true
			for _, c := range p.Checks {
				ok = ok && c.OK
			}
			v := "within bound"
			switch {
			case judged == 0:
				v = "not judged (no instance lived 30 s)"
			case !ok:
				v = "BEYOND BOUND"
			}
			pf("  %-26s start %7.1f MiB, max %7.1f MiB, end %7.1f MiB, %d instance(s), %d samples: %s",
				p.Name, mib(p.StartKiB), mib(p.MaxKiB), mib(p.EndKiB), len(p.PIDs), len(p.Samples), v)
		}
	}
	pf("ledger heights: %v", r.Heights)
	for _, ps := range r.Verdict.Peers {
		pf("  %s: %d transactions %s, %d repeated tx IDs, %d requests recorded, %d state keys, state sha256 %s",
			ps.Name, ps.Txs, engine.Counts(ps.ByCode), ps.RepeatedTxIDs, ps.Recorded, ps.StateKeys, ps.StateHash)
	}
	for _, v := range r.Votes {
		pf("poll %s (%s): %d voters sent %d votes (raced across the peers, %d of them late duplicates); counted on the ledger %d (%s), by both peers' Tally %v; the other votes refused %s (the late ones %s)",
			v.Poll, v.Chaincode, v.Races, v.Sent, v.Late, v.Counted.Total, optionCounts(v.Counted.Options), v.Tallies, engine.Counts(v.Refused), engine.Counts(v.LateRefused))
	}
	pf("cross-check (GetVerification, GetPseudonymUses of each race and each poll's Tally, on each peer): %d checked, %d problems", r.CrossCheck.Checked, len(r.CrossCheck.Problems))
	for _, p := range append(append(append([]string(nil), r.Verdict.Problems...), r.CrossCheck.Problems...), r.Problems...) {
		pf("  PROBLEM: %s", p)
	}
	verdict := "OK: nothing lost, nothing counted twice, both peers agree"
	if r.Memory != nil {
		verdict += ", memory within its bound"
	}
	if !r.OK {
		verdict = "FAILED"
	}
	pf("verdict: %s", verdict)
}

func relaunchText(f faultRecord) string {
	if f.Kind != "cc-kill" {
		return ""
	}
	return fmt.Sprintf("; chaincode pids [%s] -> [%s], relaunched %v",
		strings.ReplaceAll(f.PIDsBefore, "\n", ", "), strings.ReplaceAll(f.PIDsAfter, "\n", ", "), f.Relaunched)
}

func mib(kib int64) float64 { return float64(kib) / 1024 }
