// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"fmt"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
)

// fault is one fault of the plan: its kind, an argument (the peer's org
// for peer-restart) and the fraction of the load sent when it starts.
type fault struct {
	Kind string  `json:"kind"` // cc-kill, peer-restart, orderer-restart, peer-kill, orderer-kill, bft-leader-stop, bft-leader-kill, issuer-change, net, cc-upgrade, disk-full
	Arg  string  `json:"arg,omitempty"`
	At   float64 `json:"at"`
}

// faultKinds are the known kinds and whether they take an argument.
var faultKinds = map[string]bool{"cc-kill": false, "peer-restart": true, "orderer-restart": false,
	"peer-kill": true, "orderer-kill": false, "bft-leader-stop": false, "bft-leader-kill": false, "issuer-change": false,
	"net": true, "cc-upgrade": false, "disk-full": true}

// netScenario is what a net fault's argument may be: network.sh net-fault's
// scenario (scripts/toxiproxy.sh), e.g. latency:100:50, peer-partition-1,
// orderer-partition-leader, bandwidth:64, reset:3000.
var netScenario = regexp.MustCompile(`^(latency|bandwidth|reset|peer-partition-[12]|orderer-partition-([1-4]|leader|follower))(:[0-9]+)*$`)

// parseFaults reads a fault plan: comma-separated KIND[:ARG]@FRACTION,
// e.g. "cc-kill@0.15,peer-restart:2@0.35,orderer-restart@0.55" ("" or
// "none": no fault). Fractions are in [0, 1) and must not decrease.
func parseFaults(s string) ([]fault, error) {
	s = strings.TrimSpace(s)
	if s == "" || s == "none" {
		return nil, nil
	}
	var out []fault
	for _, part := range strings.Split(s, ",") {
		spec, at, ok := strings.Cut(strings.TrimSpace(part), "@")
		if !ok {
			return nil, fmt.Errorf("fault %q: no @FRACTION", part)
		}
		f := fault{}
		var err error
		if f.At, err = strconv.ParseFloat(at, 64); err != nil || !(f.At >= 0 && f.At < 1) {
			return nil, fmt.Errorf("fault %q: the fraction must be a number in [0, 1)", part)
		}
		f.Kind, f.Arg, _ = strings.Cut(spec, ":")
		takesArg, known := faultKinds[f.Kind]
		switch {
		case !known:
			return nil, fmt.Errorf("fault %q: unknown kind %q (cc-kill, peer-restart:N, orderer-restart, peer-kill:N, orderer-kill, bft-leader-stop, bft-leader-kill, issuer-change, net:SCENARIO, cc-upgrade, disk-full:N)", part, f.Kind)
		case f.Kind == "net":
			if !netScenario.MatchString(f.Arg) {
				return nil, fmt.Errorf("fault %q: net needs a scenario: latency[:MS[:JITTER]], peer-partition-1|2, orderer-partition-1..4|leader|follower, bandwidth[:KBPS], reset[:MS]", part)
			}
		case takesArg && f.Arg != "1" && f.Arg != "2":
			return nil, fmt.Errorf("fault %q: %s needs the peer's org, 1 or 2", part, f.Kind)
		case !takesArg && f.Arg != "":
			return nil, fmt.Errorf("fault %q: %s takes no argument", part, f.Kind)
		}
		if len(out) > 0 && f.At < out[len(out)-1].At {
			return nil, fmt.Errorf("fault %q: fractions must not decrease", part)
		}
		out = append(out, f)
	}
	return out, nil
}

// step is one command of a fault, with its times.
type step struct {
	Command string    `json:"command"`
	Start   time.Time `json:"start"`
	End     time.Time `json:"end"`
	Output  string    `json:"output,omitempty"`
	Error   string    `json:"error,omitempty"`
}

// faultRecord is what happened when a fault ran.
type faultRecord struct {
	fault
	SentBefore int       `json:"sentBefore"` // transactions proposed when it started
	Start      time.Time `json:"start"`
	End        time.Time `json:"end"`
	Steps      []step    `json:"steps"`
	// Relaunch (cc-kill): the chaincode processes before the kill and
	// after the peers launched them again (or the restarted server).
	PIDsBefore string `json:"chaincodePidsBefore,omitempty"`
	PIDsAfter  string `json:"chaincodePidsAfter,omitempty"`
	Relaunched bool   `json:"relaunched,omitempty"`
	// Recovery (peer-kill): what the restarted peer's log says it
	// recommitted from its block store to its state database; (disk-full)
	// what the peer did when its disk filled and after it was freed;
	// (net) the heights of the nodes just before the heal.
	Recovery string `json:"recovery,omitempty"`
	// Leader (bft-leader-stop, bft-leader-kill): the SmartBFT leader
	// stopped and the view change that followed.
	Leader *leaderLoss `json:"leader,omitempty"`
	// CaughtUp (net): the height every peer (and orderer) reached after
	// the heal, how long it took and the heights at the heal (net-caught-up).
	CaughtUp string `json:"caughtUp,omitempty"`
	Failed   bool   `json:"failed"`
}

// injector runs fault commands through network.sh.
type injector struct {
	script string        // path of network.sh
	down   time.Duration // how long a stopped node stays down
	// netHold is how long a net fault lasts before net-heal.
	netHold time.Duration
	// during, if set, runs while the orderer is down (the resubmission
	// probe that times out).
	during func()
	// poke, if set, makes the peers call the chaincode (so that they
	// launch it again when no load is running).
	poke func()
	// change, if set, is the issuer-change fault (change.go).
	change func(context.Context) []step
}

// run runs `network.sh args...` and records it.
func (in *injector) run(ctx context.Context, args ...string) step {
	s := step{Command: "network.sh " + strings.Join(args, " "), Start: time.Now()}
	cmd := exec.CommandContext(ctx, in.script, args...)
	out, err := cmd.CombinedOutput()
	s.End = time.Now()
	s.Output = lastLines(string(out), 6)
	if err != nil {
		s.Error = err.Error()
	}
	return s
}

// inject runs one fault. For cc-kill it waits (up to a minute) until the
// chaincode processes are running again, launched anew by the peers.
func (in *injector) inject(ctx context.Context, f fault, sent int) faultRecord {
	r := faultRecord{fault: f, SentBefore: sent, Start: time.Now()}
	add := func(s step) bool {
		r.Steps = append(r.Steps, s)
		if s.Error != "" {
			r.Failed = true
		}
		return s.Error == ""
	}
	pause := func() {
		select {
		case <-time.After(in.down):
		case <-ctx.Done():
		}
	}
	switch f.Kind {
	case "cc-kill":
		before := in.run(ctx, "cc-pids")
		r.PIDsBefore = strings.TrimSpace(before.Output)
		if add(in.run(ctx, "cc-kill", "all")) {
			r.PIDsAfter, r.Relaunched = in.waitRelaunch(ctx, r.PIDsBefore)
			r.Failed = r.Failed || !r.Relaunched
		}
	case "peer-restart":
		if add(in.run(ctx, "peer-stop", f.Arg)) {
			pause()
			add(in.run(ctx, "peer-start", f.Arg))
		}
	case "peer-kill":
		if add(in.run(ctx, "peer-kill", f.Arg)) {
			pause()
			if add(in.run(ctx, "peer-start", f.Arg)) {
				rec := in.run(ctx, "peer-recovery", f.Arg)
				r.Recovery = strings.TrimSpace(rec.Output)
				add(rec)
			}
		}
	case "net":
		// Toxiproxy's toxics (network.sh net-fault) for netHold, then
		// removed; then the wait until every node has caught up.
		if add(in.run(ctx, "net-fault", f.Arg)) {
			select {
			case <-time.After(in.netHold):
			case <-ctx.Done():
			}
			heal := in.run(ctx, "net-heal")
			r.Recovery = strings.TrimSpace(lastLines(heal.Output, 1))
			if add(heal) {
				c := in.run(ctx, "net-caught-up", "300")
				r.CaughtUp = strings.TrimSpace(lastLines(c.Output, 1))
				add(c)
			}
		} else {
			add(in.run(ctx, "net-heal"))
		}
	case "disk-full":
		// The peer's own file system filled (it stops committing), for
		// netHold; then the space given back (the peer started again if
		// it exited) and the wait until it has caught up.
		fill := in.run(ctx, "disk-fill", f.Arg)
		r.Recovery = strings.TrimSpace(fill.Output)
		if add(fill) {
			select {
			case <-time.After(in.netHold):
			case <-ctx.Done():
			}
		}
		free := in.run(ctx, "disk-free", f.Arg)
		r.Recovery += "\n" + strings.TrimSpace(free.Output)
		if add(free) {
			c := in.run(ctx, "net-caught-up", "300")
			r.CaughtUp = strings.TrimSpace(lastLines(c.Output, 1))
			add(c)
		}
	case "cc-upgrade":
		// A new package of the chaincode, approved by both orgs and
		// committed as the next sequence, while the load runs.
		add(in.run(ctx, "cc-upgrade"))
	case "issuer-change":
		if in.change == nil {
			add(step{Command: "issuer-change", Start: time.Now(), End: time.Now(), Error: "no issuer-change.jsonl (loadgen -mix)"})
			break
		}
		for _, s := range in.change(ctx) {
			add(s)
		}
	case "bft-leader-stop", "bft-leader-kill":
		var failed bool
		r.Leader, failed = in.leaderLoss(ctx, f.Kind == "bft-leader-kill", add, pause)
		r.Failed = r.Failed || failed
	case "orderer-restart", "orderer-kill":
		stop := "orderer-stop"
		if f.Kind == "orderer-kill" {
			stop = "orderer-kill"
		}
		if add(in.run(ctx, stop)) {
			if in.during != nil {
				in.during()
			}
			pause()
			add(in.run(ctx, "orderer-start"))
		}
	}
	r.End = time.Now()
	return r
}

// waitRelaunch polls cc-pids until every chaincode process named before
// is gone and as many new ones run (the load's next transactions make the
// peers launch them).
func (in *injector) waitRelaunch(ctx context.Context, before string) (string, bool) {
	old := strings.Fields(before)
	deadline := time.Now().Add(time.Minute)
	var now string
	for time.Now().Before(deadline) && ctx.Err() == nil {
		now = strings.TrimSpace(in.run(ctx, "cc-pids").Output)
		if relaunched(before, now) && len(strings.Fields(now)) >= len(old) {
			return now, true
		}
		time.Sleep(500 * time.Millisecond)
		if in.poke != nil && time.Until(deadline) < 55*time.Second {
			in.poke()
		}
	}
	return now, false
}

// relaunched: every "ORG PID" line of after has a PID not in before, and
// after has a line for every ORG of before.
func relaunched(before, after string) bool {
	oldPID, orgs := map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(before, "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			oldPID[f[1]] = true
			orgs[f[0]] = true
		}
	}
	for _, l := range strings.Split(after, "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			continue
		}
		if oldPID[f[1]] {
			return false
		}
		delete(orgs, f[0])
	}
	return len(oldPID) > 0 && len(orgs) == 0
}

// progress is how far the load is, in [0, 1]: the larger of the fraction
// of its transactions proposed and of its time (-duration) elapsed, so
// that the faults run even when the time ends the load first.
func progress(proposed, total int, elapsed, duration time.Duration) float64 {
	p := 0.0
	if total > 0 {
		p = float64(proposed) / float64(total)
	}
	if duration > 0 {
		p = max(p, float64(elapsed)/float64(duration))
	}
	return min(p, 1)
}

// scheduleFaults injects the faults as the load's progress (transactions
// proposed out of total, or time elapsed out of duration) reaches each
// one's fraction; it returns when all ran or ctx ends.
func scheduleFaults(ctx context.Context, in *injector, faults []fault, proposed *atomic.Int64, total int, duration time.Duration, log func(string, ...any)) []faultRecord {
	var out []faultRecord
	start := time.Now()
	for _, f := range faults {
		for progress(int(proposed.Load()), total, time.Since(start), duration) < f.At {
			select {
			case <-ctx.Done():
				return out
			case <-time.After(100 * time.Millisecond):
			}
		}
		log("fault %s%s at %d/%d transactions", f.Kind, argSuffix(f.Arg), proposed.Load(), total)
		r := in.inject(ctx, f, int(proposed.Load()))
		log("fault %s%s done in %.1f s (failed: %v)", f.Kind, argSuffix(f.Arg), r.End.Sub(r.Start).Seconds(), r.Failed)
		out = append(out, r)
	}
	return out
}

func argSuffix(a string) string {
	if a == "" {
		return ""
	}
	return ":" + a
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
