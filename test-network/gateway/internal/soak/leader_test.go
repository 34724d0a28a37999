// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

func TestParseLeader(t *testing.T) {
	if n, v, err := parseLeader("    - something\n3 12\n"); err != nil || n != 3 || v != 12 {
		t.Errorf("parseLeader = %d, %d, %v; want 3, 12", n, v, err)
	}
	for _, bad := range []string{"", "3", "3 12 1", "0 1", "5 1", "x 1", "1 -1", "1 y"} {
		if n, v, err := parseLeader(bad); err == nil {
			t.Errorf("parseLeader(%q) = %d, %d, nil; want an error", bad, n, v)
		}
	}
	if v, n, s, err := parseViewWait("1 2 21.4\n"); err != nil || v != 1 || n != 2 || s != 21.4 {
		t.Errorf("parseViewWait = %d, %d, %v, %v; want 1, 2, 21.4", v, n, s, err)
	}
	for _, bad := range []string{"", "1 2", "1 2 3 4", "1 5 1.0", "1 2 -1", "1 2 NaN", "x 2 1"} {
		if _, _, _, err := parseViewWait(bad); err == nil {
			t.Errorf("parseViewWait(%q): want an error", bad)
		}
	}
}

// leaderNetwork is a network.sh that answers bft-leader with "2 4" and
// bft-view-wait with VIEW_WAIT, and logs its calls.
func leaderNetwork(t *testing.T, viewWait string) (script, calls string) {
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	script = filepath.Join(dir, "network.sh")
	body := "#!/bin/sh\necho \"$*\" >> " + calls + "\n" +
		"[ \"$1\" = bft-leader ] && echo '2 4'\n" +
		"[ \"$1\" = bft-view-wait ] && echo '" + viewWait + "'\nexit 0\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, calls
}

func TestInjectLeaderLoss(t *testing.T) {
	for _, tt := range []struct {
		kind, viewWait, calls string
		failed                bool
	}{
		{"bft-leader-stop", "5 3 21.0", "bft-leader|orderer-stop 2|bft-view-wait 4|orderer-start 2|", false},
		{"bft-leader-kill", "5 3 21.0", "bft-leader|orderer-kill 2|bft-view-wait 4|orderer-start 2|", false},
		// The view changed but the stopped node still leads: a failure.
		{"bft-leader-stop", "5 2 21.0", "bft-leader|orderer-stop 2|bft-view-wait 4|orderer-start 2|", true},
		// An answer that is not "VIEW LEADER SECONDS": a failure.
		{"bft-leader-kill", "garbage", "bft-leader|orderer-kill 2|bft-view-wait 4|orderer-start 2|", true},
	} {
		script, calls := leaderNetwork(t, tt.viewWait)
		ran := false
		in := &injector{script: script, during: func() { ran = true }}
		r := in.inject(context.Background(), fault{Kind: tt.kind}, 7)
		b, _ := os.ReadFile(calls)
		got := strings.ReplaceAll(string(b), "\n", "|")
		if got != tt.calls || r.Failed != tt.failed || !ran || r.Leader == nil {
			t.Fatalf("%s %q: calls %q failed %v during %v leader %+v; want %q failed %v", tt.kind, tt.viewWait, got, r.Failed, ran, r.Leader, tt.calls, tt.failed)
		}
		l := r.Leader
		if l.Orderer != 2 || l.View != 4 || l.Stopped.IsZero() {
			t.Errorf("%s: leader %+v; want orderer 2, view 4, a stop time", tt.kind, l)
		}
		if !tt.failed && (l.NewView != 5 || l.NewLeader != 3 || l.ViewChange < 0) {
			t.Errorf("%s: leader %+v; want view 5, leader 3", tt.kind, l)
		}
	}
	// A network.sh that fails: the fault stops at the first command and failed.
	dir := t.TempDir()
	script := filepath.Join(dir, "network.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$*\" >> "+filepath.Join(dir, "calls")+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := (&injector{script: script}).inject(context.Background(), fault{Kind: "bft-leader-kill"}, 0)
	b, _ := os.ReadFile(filepath.Join(dir, "calls"))
	if !r.Failed || string(b) != "bft-leader\n" || r.Leader != nil {
		t.Errorf("failed bft-leader: failed %v, calls %q, leader %+v", r.Failed, b, r.Leader)
	}
}

func TestLeaderStalls(t *testing.T) {
	start := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	at := func(s float64) time.Time { return start.Add(time.Duration(s * float64(time.Second))) }
	rec := func(startS, commitS float64, outcome string) engine.Record {
		return engine.Record{Start: at(startS), Latency: at(commitS).Sub(at(startS)), Outcome: outcome}
	}
	recs := []engine.Record{
		rec(0, 1, engine.Committed),
		rec(9, 30, engine.Committed), // committed after the stop, late
		rec(1, 9.5, engine.Committed),
		rec(10, 12, engine.Rejected), // not a commit
		{Outcome: engine.NotSent},
		rec(31, 32, engine.Committed),
	}
	faults := []faultRecord{
		{fault: fault{Kind: "bft-leader-stop"}, Leader: &leaderLoss{Stopped: at(10)}},
		{fault: fault{Kind: "cc-kill"}},
		{fault: fault{Kind: "bft-leader-kill"}, Leader: &leaderLoss{Stopped: at(40)}},  // nothing after
		{fault: fault{Kind: "bft-leader-kill"}, Leader: &leaderLoss{Stopped: at(0.5)}}, // nothing before
	}
	leaderStalls(start, recs, faults)
	if l := faults[0].Leader; l.Stall != 20.5 || l.FirstCommit != 20 {
		t.Errorf("stall %v first commit %v; want 20.5 (9.5 s to 30 s), 20", l.Stall, l.FirstCommit)
	}
	if l := faults[2].Leader; l.Stall != 0 || l.FirstCommit != 0 {
		t.Errorf("no commit after: stall %v first commit %v; want 0, 0", l.Stall, l.FirstCommit)
	}
	if l := faults[3].Leader; l.Stall != 1 || l.FirstCommit != 0.5 {
		t.Errorf("no commit before: stall %v first commit %v; want 1 (from the load's start), 0.5", l.Stall, l.FirstCommit)
	}
	if txt := leaderText(faults[0]); !strings.Contains(txt, "20.5 s without a commit") || leaderText(faults[1]) != "" {
		t.Errorf("leaderText = %q, %q", txt, leaderText(faults[1]))
	}
}
