// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
)

// memWarmup: an instance's reference sample is its first one at least this
// long after its first; an instance that lived less is not judged.
const memWarmup = 30 * time.Second

// memSample is one reading of a process's resident set size.
type memSample struct {
	T   float64 `json:"t"` // seconds since the sampler started
	PID int     `json:"pid"`
	KiB int64   `json:"rssKiB"`
}

// memProcess is the memory of one named process (e.g. peer0.org1) over the
// run; a restart or relaunch makes a new instance (another PID).
type memProcess struct {
	Name     string `json:"name"`
	StartKiB int64  `json:"startKiB"` // first sample of the run
	MaxKiB   int64  `json:"maxKiB"`
	EndKiB   int64  `json:"endKiB"` // last sample of the run
	PIDs     []int  `json:"pids"`   // instances, in order
	// Judged instances: each one's last sample against its bound,
	// factor x reference + slack (reference: its first sample at least
	// memWarmup after its first).
	Checks  []memCheck  `json:"checks,omitempty"`
	Samples []memSample `json:"samples"`
}

type memCheck struct {
	PID      int   `json:"pid"`
	RefKiB   int64 `json:"referenceKiB"`
	EndKiB   int64 `json:"endKiB"`
	BoundKiB int64 `json:"boundKiB"`
	OK       bool  `json:"ok"`
}

// memReport is the report's memory section.
type memReport struct {
	IntervalSeconds float64 `json:"intervalSeconds"`
	Factor          float64 `json:"boundFactor"`
	SlackMiB        int64   `json:"boundSlackMiB"`
	// BlockCacheMiB is the allowance of every Fabric node process (see
	// holdsBlockCache) for its block store's cache of recent blocks: its
	// bound is factor x (reference + BlockCacheMiB) + slack.
	BlockCacheMiB int64        `json:"blockCacheMiB,omitempty"`
	Processes     []memProcess `json:"processes"`
	Problems      []string     `json:"problems,omitempty"`
}

// parseVmRSS reads VmRSS (kB) from the text of /proc/PID/status.
func parseVmRSS(status string) (int64, error) {
	for _, l := range strings.Split(status, "\n") {
		v, ok := strings.CutPrefix(l, "VmRSS:")
		if !ok {
			continue
		}
		f := strings.Fields(v)
		if len(f) != 2 || f[1] != "kB" {
			return 0, fmt.Errorf("VmRSS line %q", l)
		}
		n, err := strconv.ParseInt(f[0], 10, 64)
		if err != nil || n < 0 {
			return 0, fmt.Errorf("VmRSS line %q", l)
		}
		return n, nil
	}
	return 0, fmt.Errorf("no VmRSS line")
}

// parsePIDs reads node-pids' "NAME PID" lines; other lines are skipped.
func parsePIDs(out string) map[string][]int {
	m := map[string][]int{}
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) != 2 {
			continue
		}
		pid, err := strconv.Atoi(f[1])
		if err != nil || pid <= 0 {
			continue
		}
		m[f[0]] = append(m[f[0]], pid)
	}
	return m
}

// memSampler samples the network's processes every interval.
type memSampler struct {
	interval time.Duration
	list     func(ctx context.Context) (string, error) // node-pids output
	readRSS  func(pid int) (int64, error)
	start    time.Time
	mu       sync.Mutex
	series   map[string][]memSample
	errors   int
}

func newMemSampler(script string, interval time.Duration) *memSampler {
	return &memSampler{
		interval: interval,
		list: func(ctx context.Context) (string, error) {
			out, err := exec.CommandContext(ctx, script, "node-pids").Output()
			return string(out), err
		},
		readRSS: func(pid int) (int64, error) {
			b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
			if err != nil {
				return 0, err
			}
			return parseVmRSS(string(b))
		},
		series: map[string][]memSample{},
	}
}

// sampleOnce takes one sample of every listed process.
func (m *memSampler) sampleOnce(ctx context.Context, now time.Time) {
	out, err := m.list(ctx)
	m.mu.Lock()
	defer m.mu.Unlock()
	if err != nil {
		m.errors++
		return
	}
	t := roundTo(now.Sub(m.start).Seconds(), 1)
	for name, pids := range parsePIDs(out) {
		for _, pid := range pids {
			kib, err := m.readRSS(pid)
			if err != nil { // it exited between the listing and the read
				continue
			}
			m.series[name] = append(m.series[name], memSample{T: t, PID: pid, KiB: kib})
		}
	}
}

// run samples until ctx ends.
func (m *memSampler) run(ctx context.Context) {
	m.start = time.Now()
	tick := time.NewTicker(m.interval)
	defer tick.Stop()
	for {
		m.sampleOnce(ctx, time.Now())
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}

// holdsBlockCache tells whether the process of network.sh node-pids name
// is a Fabric node with a block store (an orderer or a peer, not a
// chaincode or CouchDB). From Fabric v3.0 on, a block store keeps the most
// recent blocks it wrote in memory, up to 50 MiB of their serialized size
// (common/ledger/blkstorage: cache.go, defaultBlockCacheSizeBytes in
// blockfile_mgr.go; not configurable): a node's live heap grows by that
// much under load, then stops (docs/reliability.md, "Memory").
func holdsBlockCache(name string) bool {
	return strings.HasPrefix(name, "orderer") || strings.HasPrefix(name, "peer")
}

// summarize the samples, judging each instance against factor x its
// reference + slackMiB, and each Fabric node's (holdsBlockCache) against
// factor x (its reference + cacheMiB) + slackMiB.
func summarizeMem(series map[string][]memSample, interval time.Duration, factor float64, slackMiB, cacheMiB int64) memReport {
	r := memReport{IntervalSeconds: interval.Seconds(), Factor: factor, SlackMiB: slackMiB, BlockCacheMiB: cacheMiB}
	names := make([]string, 0, len(series))
	for n := range series {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		ss := series[n]
		if len(ss) == 0 {
			continue
		}
		p := memProcess{Name: n, StartKiB: ss[0].KiB, EndKiB: ss[len(ss)-1].KiB, Samples: ss}
		inst := map[int][]memSample{}
		for _, s := range ss {
			p.MaxKiB = max(p.MaxKiB, s.KiB)
			if _, seen := inst[s.PID]; !seen {
				p.PIDs = append(p.PIDs, s.PID)
			}
			inst[s.PID] = append(inst[s.PID], s)
		}
		for _, pid := range p.PIDs {
			is := inst[pid]
			var ref *memSample
			for i := range is {
				if is[i].T-is[0].T >= memWarmup.Seconds() {
					ref = &is[i]
					break
				}
			}
			if ref == nil {
				continue
			}
			end := is[len(is)-1]
			base := ref.KiB
			if holdsBlockCache(n) {
				base += cacheMiB << 10
			}
			c := memCheck{PID: pid, RefKiB: ref.KiB, EndKiB: end.KiB,
				BoundKiB: int64(factor*float64(base)) + slackMiB<<10}
			c.OK = c.EndKiB <= c.BoundKiB
			if !c.OK {
				r.Problems = append(r.Problems, fmt.Sprintf("memory: %s (pid %d) grew from %d KiB to %d KiB, beyond its bound %d KiB",
					n, pid, c.RefKiB, c.EndKiB, c.BoundKiB))
			}
			p.Checks = append(p.Checks, c)
		}
		r.Processes = append(r.Processes, p)
	}
	return r
}

// report summarizes what was sampled so far.
func (m *memSampler) report(factor float64, slackMiB, cacheMiB int64) memReport {
	m.mu.Lock()
	defer m.mu.Unlock()
	r := summarizeMem(m.series, m.interval, factor, slackMiB, cacheMiB)
	if len(m.series) == 0 {
		r.Problems = append(r.Problems, fmt.Sprintf("memory: no process sampled (%d failed listings)", m.errors))
	}
	return r
}
