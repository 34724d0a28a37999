// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

func TestParseVmRSS(t *testing.T) {
	status := "Name:\tpeer\nVmPeak:\t 999 kB\nVmRSS:\t  123456 kB\nRssAnon:\t 1 kB\n"
	if n, err := parseVmRSS(status); err != nil || n != 123456 {
		t.Errorf("parseVmRSS = %d, %v; want 123456", n, err)
	}
	for _, bad := range []string{"", "Name:\tx\n", "VmRSS:\t12 MB\n", "VmRSS:\t-1 kB\n", "VmRSS:\tx kB\n", "VmRSS:\n"} {
		if n, err := parseVmRSS(bad); err == nil {
			t.Errorf("parseVmRSS(%q) = %d, nil; want an error", bad, n)
		}
	}
}

func TestParsePIDs(t *testing.T) {
	got := parsePIDs("orderer 10\npeer0.org1 20\nchaincode.peer0.org1 30\nchaincode.peer0.org1 31\n\nnoise\nbad x\nneg -3\nzero 0\n")
	want := "map[chaincode.peer0.org1:[30 31] orderer:[10] peer0.org1:[20]]"
	if fmt.Sprint(got) != want {
		t.Errorf("parsePIDs = %v, want %s", got, want)
	}
}

func TestSummarizeMem(t *testing.T) {
	series := map[string][]memSample{
		// steady: 100 MiB 30 s in, 250 MiB at the end: within 2 x 100 + 64.
		"peer0.org1": {{0, 10, 50 << 10}, {30, 10, 100 << 10}, {60, 10, 300 << 10}, {90, 10, 250 << 10}},
		// leak: 100 MiB 30 s in, 300 MiB at the end: beyond 264.
		"orderer": {{0, 5, 100 << 10}, {35, 5, 100 << 10}, {90, 5, 300 << 10}},
		// restarted: the first instance is judged, the second lived 10 s.
		"peer0.org2": {{0, 7, 80 << 10}, {40, 7, 90 << 10}, {50, 8, 20 << 10}, {60, 8, 400 << 10}},
		"short":      {{0, 9, 1 << 10}, {10, 9, 900 << 10}},
	}
	r := summarizeMem(series, 5*time.Second, 2, 64, 0)
	if len(r.Processes) != 4 || r.Processes[0].Name != "orderer" || r.Processes[3].Name != "short" {
		t.Fatalf("processes %+v", r.Processes)
	}
	p1 := r.Processes[1]
	if p1.Name != "peer0.org1" || p1.StartKiB != 50<<10 || p1.MaxKiB != 300<<10 || p1.EndKiB != 250<<10 ||
		len(p1.Checks) != 1 || !p1.Checks[0].OK || p1.Checks[0].RefKiB != 100<<10 || p1.Checks[0].BoundKiB != 264<<10 {
		t.Errorf("peer0.org1 = %+v", p1)
	}
	p2 := r.Processes[2]
	if fmt.Sprint(p2.PIDs) != "[7 8]" || len(p2.Checks) != 1 || p2.Checks[0].PID != 7 || !p2.Checks[0].OK || p2.EndKiB != 400<<10 {
		t.Errorf("peer0.org2 = %+v", p2)
	}
	if len(r.Processes[3].Checks) != 0 {
		t.Errorf("a 10 s instance was judged: %+v", r.Processes[3])
	}
	if len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "orderer (pid 5)") {
		t.Errorf("problems %q, want the orderer's growth only", r.Problems)
	}
}

// The block-cache allowance (-mem-block-cache-mib) goes to the Fabric
// nodes only: an orderer and a peer from 56 to 224 MiB (the v3.1 run of
// docs/reliability.md) pass 2 x (56 + 50) + 64 = 276 MiB; a chaincode
// process and CouchDB with the same figures do not (2 x 56 + 64 = 176),
// and without the allowance neither does the orderer.
func TestSummarizeMemBlockCache(t *testing.T) {
	grow := []memSample{{0, 3, 40 << 10}, {30, 3, 56 << 10}, {900, 3, 224 << 10}}
	series := map[string][]memSample{"orderer2": grow, "peer0.org1": grow, "chaincode.peer0.org1": grow, "couchdb1": grow}
	r := summarizeMem(series, 5*time.Second, 2, 64, 50)
	bounds := map[string]int64{}
	for _, p := range r.Processes {
		bounds[p.Name] = p.Checks[0].BoundKiB >> 10
	}
	if fmt.Sprint(bounds) != "map[chaincode.peer0.org1:176 couchdb1:176 orderer2:276 peer0.org1:276]" || r.BlockCacheMiB != 50 {
		t.Errorf("bounds (MiB) %v, block cache %d", bounds, r.BlockCacheMiB)
	}
	if len(r.Problems) != 2 || !strings.Contains(r.Problems[0], "chaincode.peer0.org1") || !strings.Contains(r.Problems[1], "couchdb1") {
		t.Errorf("problems %q, want the chaincode's and CouchDB's", r.Problems)
	}
	if r := summarizeMem(map[string][]memSample{"orderer2": grow}, 5*time.Second, 2, 64, 0); len(r.Problems) != 1 {
		t.Errorf("without the allowance: problems %q, want the orderer's", r.Problems)
	}
}

func TestMemSampler(t *testing.T) {
	calls := 0
	m := &memSampler{interval: time.Second, series: map[string][]memSample{}, start: time.Unix(1000, 0)}
	m.list = func(context.Context) (string, error) {
		calls++
		if calls == 2 {
			return "", errors.New("network.sh failed")
		}
		return "peer0.org1 11\nchaincode.peer0.org1 12\n", nil
	}
	m.readRSS = func(pid int) (int64, error) {
		if pid == 12 && calls == 3 {
			return 0, errors.New("gone") // exited between listing and reading
		}
		return int64(pid * calls), nil
	}
	for i := range 3 {
		m.sampleOnce(context.Background(), m.start.Add(time.Duration(i)*time.Second))
	}
	if got := fmt.Sprint(m.series); got != "map[chaincode.peer0.org1:[{0 12 12}] peer0.org1:[{0 11 11} {2 11 33}]]" || m.errors != 1 {
		t.Errorf("series %s, errors %d", got, m.errors)
	}
	empty := &memSampler{interval: time.Second, series: map[string][]memSample{}}
	if r := empty.report(2, 64, 0); len(r.Problems) != 1 {
		t.Errorf("nothing sampled gives problems %q, want one", r.Problems)
	}
}

// fakeRecs are committed transactions started at the given seconds after
// start, each with latency ms.
func fakeRecs(start time.Time, at []float64, ms []int) []engine.Record {
	var out []engine.Record
	for i, s := range at {
		out = append(out, engine.Record{Index: i, Outcome: engine.Committed,
			Start: start.Add(time.Duration(s * float64(time.Second))), Latency: time.Duration(ms[i]) * time.Millisecond})
	}
	return out
}

func TestPhases(t *testing.T) {
	start := time.Unix(2000, 0)
	sec := func(s float64) time.Time { return start.Add(time.Duration(s * float64(time.Second))) }
	recs := fakeRecs(start, []float64{1, 2, 10, 11, 12, 25, 30, 31}, []int{100, 200, 5000, 6000, 7000, 300, 400, 500})
	recs = append(recs, engine.Record{Outcome: engine.Rejected, Start: sec(11.5), Latency: time.Second},
		engine.Record{Outcome: engine.NotSent})
	faults := []faultRecord{
		{fault: fault{Kind: "cc-kill"}, Start: sec(10), End: sec(20)},
		{fault: fault{Kind: "peer-restart", Arg: "2"}, Start: sec(28), End: sec(29)},
	}
	ph := phases(start, recs, faults)
	want := []struct {
		name               string
		from, to           float64
		started, committed int
		p50, max           float64
	}{
		{"before the first fault", 0, 10, 2, 2, 100, 200},
		{"during cc-kill #1", 10, 20, 4, 3, 6000, 7000},
		{"after cc-kill #1, before peer-restart:2 #2", 20, 28, 1, 1, 300, 300},
		{"during peer-restart:2 #2", 28, 29, 0, 0, 0, 0},
		{"after peer-restart:2 #2", 29, 31.5, 2, 2, 400, 500},
	}
	if len(ph) != len(want) {
		t.Fatalf("%d phases: %+v", len(ph), ph)
	}
	for i, w := range want {
		g := ph[i]
		if g.Name != w.name || g.From != w.from || g.To != w.to || g.Started != w.started || g.Committed != w.committed || g.P50 != w.p50 || g.Max != w.max {
			t.Errorf("phase %d = %+v, want %+v", i, g, w)
		}
	}
	// Commit times: 1.1, 2.2 | 15, 17, 19 | 25.3 | - | 30.4, 31.5. The
	// longest gaps: 2.2 -> 15 (12.8 s, began before the fault), 19 -> 25.3
	// (6.3 s, began during cc-kill), 25.3 -> 30.4 (5.1 s, began after it).
	for i, want := range []float64{12.8, 6.3, 5.1, 0, 1.1} {
		if ph[i].Stall != want {
			t.Errorf("phase %d stall %v s, want %v", i, ph[i].Stall, want)
		}
	}
	if ph[1].P90 != 7000 || ph[1].P99 != 7000 {
		t.Errorf("during cc-kill p90 %v p99 %v, want 7000", ph[1].P90, ph[1].P99)
	}
	if whole := phases(start, recs, nil); len(whole) != 1 || whole[0].Name != "whole load" || whole[0].Started != 9 {
		t.Errorf("no faults: %+v", whole)
	}
}

func TestProgressAndFill(t *testing.T) {
	for _, tt := range []struct {
		proposed, total   int
		elapsed, duration time.Duration
		want              float64
	}{
		{50, 100, 0, time.Minute, 0.5},
		{10, 100, 30 * time.Second, time.Minute, 0.5}, // time is further along
		{100, 100, 0, time.Minute, 1},
		{0, 0, 2 * time.Minute, time.Minute, 1},
		{0, 0, 0, 0, 0},
	} {
		if got := progress(tt.proposed, tt.total, tt.elapsed, tt.duration); got != tt.want {
			t.Errorf("progress(%d, %d, %v, %v) = %v, want %v", tt.proposed, tt.total, tt.elapsed, tt.duration, got, tt.want)
		}
	}
	if r := fillRate(10000, 15*time.Minute); r < 11.45 || r > 11.46 {
		t.Errorf("fillRate(10000, 15m) = %v, want 11.45 (10,000 over 97%% of 15 minutes)", r)
	}
	if r := fillRate(0, time.Minute); r != 0 {
		t.Errorf("fillRate(0, 1m) = %v", r)
	}
}

func TestMarkUnsent(t *testing.T) {
	p := makePlan([][]line{makeLines("a", 40)}, 2, 5)
	// The load ended after 10 transactions, the 10th not sent.
	recs := make([]engine.Record, 10)
	for i := range recs {
		recs[i] = engine.Record{Outcome: engine.Committed, TxID: fmt.Sprint("tx", i)}
	}
	recs[9].Outcome, recs[9].TxID = engine.NotSent, ""
	sentReq := map[int]bool{}
	for i, it := range p.items[:9] {
		sentReq[it.req] = true
		p.record(it.req, it.kind, recs[i])
	}
	n := p.markUnsent(recs)
	if want := len(p.reqs) - len(sentReq) - len(p.resubmits); n != want {
		t.Errorf("markUnsent = %d, want %d", n, want)
	}
	for _, r := range p.resubmits {
		if p.unsent[r] {
			t.Errorf("probe request %d counted unsent", r)
		}
	}
	if got := len(p.accounted()); got != len(p.reqs)-n {
		t.Errorf("accounted %d, want %d", got, len(p.reqs)-n)
	}
	for _, r := range p.unrecorded() {
		if p.unsent[r] {
			t.Errorf("unsent request %d would be recovered", r)
		}
	}
}

func TestParseFlagsLonger(t *testing.T) {
	base := []string{"-org-dir", "o", "-data", "d", "-faults", "none"}
	o, _ := parseFlags(append(base, "-rate", "fill", "-tx", "10000", "-duration", "15m", "-json", "x/r.json"), io.Discard)
	if o == nil || !o.fill || o.tx != 10000 || o.duration != 15*time.Minute || o.plotOut != "x/r.svg" {
		t.Fatalf("parseFlags = %+v", o)
	}
	o, _ = parseFlags(append(base, "-rate", "12.5", "-plot", "p.svg", "-json", "r.json"), io.Discard)
	if o == nil || o.fill || o.rate != 12.5 || o.plotOut != "p.svg" || o.memInterval != 5*time.Second {
		t.Fatalf("parseFlags = %+v", o)
	}
	for _, bad := range [][]string{{"-rate", "fast"}, {"-rate", "-1"}, {"-tx", "-1"}, {"-mem-factor", "0.5"}, {"-mem-interval", "-1s"}, {"-mem-slack-mib", "-1"}} {
		if o, code := parseFlags(append(base, bad...), io.Discard); o != nil || code != 2 {
			t.Errorf("parseFlags(%q) accepted", bad)
		}
	}
}

func TestWritePlot(t *testing.T) {
	start := time.Unix(3000, 0)
	sec := func(s float64) time.Time { return start.Add(time.Duration(s * float64(time.Second))) }
	recs := fakeRecs(start, []float64{0.1, 0.5, 1.2, 5, 9, 9.5}, []int{80, 120, 300, 4000, 90, 100})
	faults := []faultRecord{
		{fault: fault{Kind: "cc-kill"}, Start: sec(3), End: sec(6)},
		{fault: fault{Kind: "orderer-restart"}, Start: sec(7), End: sec(8)},
	}
	var b bytes.Buffer
	if err := writePlot(&b, "soak <test> & co", start, recs, faults); err != nil {
		t.Fatal(err)
	}
	// Well-formed XML, an svg root, the fault marks and the data.
	dec := xml.NewDecoder(bytes.NewReader(b.Bytes()))
	var root string
	ids := map[string]bool{}
	texts := ""
	lines := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v\n%s", err, b.String())
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = el.Name.Local
			}
			if el.Name.Local == "line" {
				lines++
			}
			for _, a := range el.Attr {
				if a.Name.Local == "id" {
					ids[a.Value] = true
				}
			}
		case xml.CharData:
			texts += string(el) + "|"
		}
	}
	if lines < 2 {
		t.Errorf("%d line elements, want the fault lines at least", lines)
	}
	if root != "svg" {
		t.Errorf("root element %q", root)
	}
	// The latency lines break over the seconds without a commit: a move
	// at the start and one after the gap (seconds 2..8 here).
	if d := regexp.MustCompile(`id="latency-p50"[^>]* d="([^"]*)"`).FindStringSubmatch(b.String()); d == nil || strings.Count(d[1], "M") != 2 {
		t.Errorf("latency-p50 path %q, want two segments", d)
	}
	for _, id := range []string{"fault-1", "fault-2", "throughput", "latency-p50", "latency-max"} {
		if !ids[id] {
			t.Errorf("no element %q", id)
		}
	}
	for _, label := range []string{"cc-kill #1", "orderer-restart #2", "soak <test> & co", "committed tx/s"} {
		if !strings.Contains(texts, label) {
			t.Errorf("no text %q", label)
		}
	}
	// Throughput by commit time: 2 in second 0, 1 in second 1, and 3 in
	// second 9 (the one started at 5 s committed 4 s later).
	bs := bins(start, recs)
	if len(bs) != 10 || bs[0].Committed != 2 || bs[1].Committed != 1 || bs[5].Committed != 0 || bs[9].Committed != 3 ||
		bs[9].Max != 4*time.Second || bs[9].P50 != 100*time.Millisecond {
		t.Errorf("bins %+v", bs)
	}
	if !strings.Contains(b.String(), `id="fault-2"><title>orderer-restart #2</title>`) {
		t.Errorf("fault 2 not labelled")
	}
	// Empty load: still a well-formed plot.
	b.Reset()
	if err := writePlot(&b, "empty", start, nil, nil); err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(b.Bytes(), new(struct{})); err != nil {
		t.Errorf("empty plot: %v", err)
	}
}

// fakeNetwork is a network.sh that logs its arguments to calls and answers
// peer-recovery with a recommit line.
func fakeNetwork(t *testing.T) (script, calls string) {
	dir := t.TempDir()
	calls = filepath.Join(dir, "calls")
	script = filepath.Join(dir, "network.sh")
	body := "#!/bin/sh\necho \"$*\" >> " + calls + "\n" +
		"[ \"$1\" = peer-recovery ] && echo 'Recommitting lost blocks - firstBlockNum=7, lastBlockNum=7'\nexit 0\n"
	if err := os.WriteFile(script, []byte(body), 0o755); err != nil {
		t.Fatal(err)
	}
	return script, calls
}

func TestInjectCrashes(t *testing.T) {
	for _, tt := range []struct {
		f        fault
		calls    string
		recovery string
		during   bool
	}{
		{fault{Kind: "peer-kill", Arg: "2"}, "peer-kill 2|peer-start 2|peer-recovery 2|", "Recommitting lost blocks - firstBlockNum=7, lastBlockNum=7", false},
		{fault{Kind: "orderer-kill"}, "orderer-kill|orderer-start|", "", true},
		{fault{Kind: "orderer-restart"}, "orderer-stop|orderer-start|", "", true},
	} {
		script, calls := fakeNetwork(t)
		ran := false
		in := &injector{script: script, during: func() { ran = true }}
		r := in.inject(context.Background(), tt.f, 5)
		b, _ := os.ReadFile(calls)
		got := strings.ReplaceAll(string(b), "\n", "|")
		if got != tt.calls || r.Failed || r.Recovery != tt.recovery || ran != tt.during || r.SentBefore != 5 {
			t.Errorf("%s: calls %q failed %v recovery %q during %v; want %q, %q, during %v",
				tt.f.Kind, got, r.Failed, r.Recovery, ran, tt.calls, tt.recovery, tt.during)
		}
	}
	// A kill that fails stops the fault there, and the fault failed.
	dir := t.TempDir()
	script := filepath.Join(dir, "network.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho \"$*\" >> "+filepath.Join(dir, "calls")+"\nexit 1\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	r := (&injector{script: script}).inject(context.Background(), fault{Kind: "peer-kill", Arg: "1"}, 0)
	b, _ := os.ReadFile(filepath.Join(dir, "calls"))
	if !r.Failed || string(b) != "peer-kill 1\n" {
		t.Errorf("failed kill: failed %v, calls %q", r.Failed, b)
	}
}

// The text report states the bound it judged by, with the block-cache
// allowance when there is one.
func TestMemoryText(t *testing.T) {
	for _, tc := range []struct {
		cache int64
		want  string
	}{
		{0, "bound: a process ends at most 2 x its RSS 30 s after it started + 64 MiB):"},
		{50, "bound: a process ends at most 2 x its RSS 30 s after it started + 64 MiB; an orderer or peer: 2 x (that RSS + its block cache, 50 MiB) + 64 MiB):"},
	} {
		m := summarizeMem(map[string][]memSample{"orderer": {{0, 1, 40 << 10}, {30, 1, 50 << 10}}}, 5*time.Second, 2, 64, tc.cache)
		var b bytes.Buffer
		(&report{Memory: &m}).text(&b)
		if !strings.Contains(b.String(), tc.want) {
			t.Errorf("cache %d: the text has no %q:\n%s", tc.cache, tc.want, b.String())
		}
	}
}
