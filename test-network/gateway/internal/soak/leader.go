// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// leaderLoss is what a bft-leader-stop or bft-leader-kill fault did: the
// SmartBFT leader it stopped (orderer N, node N of the consenter mapping)
// in which view, and the view a quorum of the other orderers moved to
// with its new leader.
type leaderLoss struct {
	Orderer    int       `json:"orderer"`    // the leader stopped (1-4)
	View       uint64    `json:"view"`       // the view it led
	Stopped    time.Time `json:"stopped"`    // when its process was gone
	NewView    uint64    `json:"newView"`    // the view after the view change
	NewLeader  int       `json:"newLeader"`  // that view's leader
	ViewChange float64   `json:"viewChange"` // seconds from Stopped to a quorum in NewView
	// Stall is the time without a commit of the load across the loss:
	// from the last commit before Stopped to the first one after it
	// (seconds; leaderStalls).
	Stall float64 `json:"stallSeconds"`
	// FirstCommit is when the load's first commit after Stopped came
	// (seconds after Stopped); zero if none did.
	FirstCommit float64 `json:"firstCommitAfterSeconds"`
}

// parseLeader reads `network.sh bft-leader`'s "N VIEW" (its last line).
func parseLeader(out string) (int, uint64, error) {
	f := strings.Fields(lastLines(out, 1))
	if len(f) != 2 {
		return 0, 0, fmt.Errorf("bft-leader: want \"N VIEW\", got %q", out)
	}
	n, err1 := strconv.Atoi(f[0])
	v, err2 := strconv.ParseUint(f[1], 10, 64)
	if err1 != nil || err2 != nil || n < 1 || n > 4 {
		return 0, 0, fmt.Errorf("bft-leader: want \"N VIEW\" with N in 1-4, got %q", out)
	}
	return n, v, nil
}

// parseViewWait reads `network.sh bft-view-wait`'s "NEWVIEW LEADER
// SECONDS" (its last line).
func parseViewWait(out string) (uint64, int, float64, error) {
	f := strings.Fields(lastLines(out, 1))
	if len(f) != 3 {
		return 0, 0, 0, fmt.Errorf("bft-view-wait: want \"VIEW LEADER SECONDS\", got %q", out)
	}
	v, err1 := strconv.ParseUint(f[0], 10, 64)
	n, err2 := strconv.Atoi(f[1])
	s, err3 := strconv.ParseFloat(f[2], 64)
	if err1 != nil || err2 != nil || err3 != nil || n < 1 || n > 4 || !(s >= 0) {
		return 0, 0, 0, fmt.Errorf("bft-view-wait: want \"VIEW LEADER SECONDS\", got %q", out)
	}
	return v, n, s, nil
}

// leaderLoss finds the current SmartBFT leader, stops it (SIGTERM, or
// SIGKILL right after it writes a block with kill), runs the probe that
// times out while an orderer is down, waits until a quorum of the other
// orderers is in a later view under another leader, keeps the old leader
// down for the down time more (the load commits under the new leader),
// then starts it again on its ledger. It returns what happened and
// whether the fault failed: a command that failed, or a view change that
// kept the stopped node as leader.
func (in *injector) leaderLoss(ctx context.Context, kill bool, add func(step) bool, pause func()) (*leaderLoss, bool) {
	s := in.run(ctx, "bft-leader")
	if !add(s) {
		return nil, true
	}
	n, view, err := parseLeader(s.Output)
	if err != nil {
		s.Error = err.Error()
		add(s)
		return nil, true
	}
	l := &leaderLoss{Orderer: n, View: view}
	stop := "orderer-stop"
	if kill {
		stop = "orderer-kill"
	}
	failed := false
	if !add(in.run(ctx, stop, strconv.Itoa(n))) {
		return l, true
	}
	l.Stopped = time.Now()
	if in.during != nil {
		in.during()
	}
	w := in.run(ctx, "bft-view-wait", strconv.FormatUint(view, 10))
	if add(w) {
		l.NewView, l.NewLeader, _, err = parseViewWait(w.Output)
		l.ViewChange = w.End.Sub(l.Stopped).Seconds()
		if err == nil && l.NewLeader == n {
			err = fmt.Errorf("view %d still has the stopped orderer %d as leader", l.NewView, n)
		}
		if err != nil {
			add(step{Command: "check the view change", Start: w.End, End: w.End, Error: err.Error()})
			failed = true
		}
	} else {
		failed = true
	}
	pause()
	if !add(in.run(ctx, "orderer-start", strconv.Itoa(n))) {
		failed = true
	}
	return l, failed
}

// leaderStalls sets each leader loss's Stall and FirstCommit from the
// load's commit times (a record's Start + Latency); start is the load's
// start (the last "commit" when none came before the loss).
func leaderStalls(start time.Time, recs []engine.Record, faults []faultRecord) {
	var commits []time.Time
	for _, r := range recs {
		if r.Outcome == engine.Committed && !r.Start.IsZero() {
			commits = append(commits, r.Start.Add(r.Latency))
		}
	}
	slices.SortFunc(commits, func(a, b time.Time) int { return a.Compare(b) })
	for i := range faults {
		l := faults[i].Leader
		if l == nil || l.Stopped.IsZero() {
			continue
		}
		k, _ := slices.BinarySearchFunc(commits, l.Stopped, func(c, t time.Time) int {
			if c.After(t) {
				return 1
			}
			return -1
		})
		// commits[:k] are at or before Stopped, commits[k:] after it.
		if k == len(commits) {
			continue
		}
		prev := start
		if k > 0 {
			prev = commits[k-1]
		}
		l.Stall = roundTo(commits[k].Sub(prev).Seconds(), 1)
		l.FirstCommit = roundTo(commits[k].Sub(l.Stopped).Seconds(), 1)
	}
}

// leaderText is the report's line of a leader loss ("" for other faults).
func leaderText(f faultRecord) string {
	l := f.Leader
	if l == nil {
		return ""
	}
	return fmt.Sprintf("    SmartBFT leader orderer %d (view %d) stopped at %s; view %d, leader orderer %d, %.1f s later; first commit %.1f s after the stop, %.1f s without a commit",
		l.Orderer, l.View, l.Stopped.UTC().Format("15:04:05.0"), l.NewView, l.NewLeader, l.ViewChange, l.FirstCommit, l.Stall)
}
