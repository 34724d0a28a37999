// SPDX-License-Identifier: Apache-2.0

// Package load is bbs-load (cmd/bbs-load): it measures the throughput of the fabric-bbs chaincode on
// the local test network through the Fabric Gateway, as applications would
// load it. It sends the transactions that test-network/loadgen
// wrote, with clients of both orgs, at most -inflight outstanding, and
// prints committed tx/s, verified proofs/s, commit latency percentiles and
// outcomes by cause, as a table (standard output) and a JSON report (-json).
//
//	bbs-load -org-dir DIR -peer1 127.0.0.1:7051 -peer2 127.0.0.1:9051 -data LOADGEN_DIR
//	         [-schemes all] [-modes light,single,batch] [-count 1000] [-inflight 200]
//	         [-duration 5m] [-json report.json] [-records DIR] [-results DIR] [-cpu-prefix DIR/]
//
// Modes: light = CreatePolicy with distinct policy IDs naming the bench
// issuer (parse, validate, one read, two writes: no cryptography),
// single = SubmitProof (one proof per transaction), batch = SubmitProofs (a
// JSON array of requests per transaction; "n/a" when the contract has no
// such transaction); NAME=FILE sends the transactions of FILE (in the
// scheme's folder), reported as mode NAME. A transaction marked
// "endorseOnly" (a query) is endorsed, not submitted. Before a scheme's modes, its setup.jsonl (the bench
// issuer's RegisterIssuer) is committed unless -setup=false.
//
// Bounds: each run stops after -count transactions or -duration (then
// in-flight ones get -drain to finish), whichever comes first. Retries
// (with back-off) only for "too many requests" and unavailable peers,
// repeating the failed stage with the same signed proposal or transaction.
// Only the local test network's peers are accepted (127.0.0.1, or
// NETNS=1's peer0.orgN.example.com).
//
// -probe TX only tells whether the contract has transaction TX.
// -summarize r1.json,r2.json,... only prints the medians over rounds of
// earlier reports (see rounds.go). -cpu-prefix DIR/ adds, per run, the CPU
// time of the network's processes per committed transaction (see cpu.go).
//
// Exit status: 0 every run done (n/a included), 1 a failure (connection,
// setup, a run with nothing committed), 2 usage, 3 -probe: no such
// transaction.
package load

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
)

// Main runs bbs-load with the process's arguments and standard streams,
// stopped by SIGINT or SIGTERM, and returns its exit status.
func Main() int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	return code
}

func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	o, code := parseFlags(args, stderr)
	if o == nil {
		return code
	}
	if len(o.summarize) > 0 {
		return summarize(o.summarize, stdout, stderr)
	}
	var clients []engine.Client
	var first *gwclient.Client
	for _, p := range o.Peers {
		for _, u := range o.Users {
			c, err := gwclient.Dial(o.OrgDir, p, u, o.Channel, o.Chaincode)
			if err != nil {
				fmt.Fprintf(stderr, "bbs-load: %v\n", err)
				return 1
			}
			defer c.Close()
			if first == nil {
				first = c
			}
			clients = append(clients, c)
		}
	}
	txNames, err := transactionsOf(first.Contract(), o.timeout)
	if o.probe != "" {
		return probe(txNames, err, o.probe, stdout, stderr)
	}
	if err != nil {
		// Not fatal: a missing transaction then shows as no-such-transaction.
		fmt.Fprintf(stderr, "bbs-load: %v (going on without it)\n", err)
	}
	rep := newReport(o, clients)
	failed := false
	for _, scheme := range o.Schemes {
		dir := filepath.Join(o.data, schemeDir(scheme))
		if o.setup {
			if err := setup(ctx, o, clients[0], filepath.Join(dir, "setup.jsonl"), stderr); err != nil {
				fmt.Fprintf(stderr, "bbs-load: %s: setup: %v\n", scheme, err)
				return 1
			}
		}
		for _, m := range o.modes {
			r := runMode(ctx, o, clients, txNames, scheme, dir, m, stderr)
			if r.NA == "" && r.Committed == 0 {
				failed = true
			}
			rep.Runs = append(rep.Runs, r)
		}
	}
	rep.LoadAvgEnd = engine.LoadAvg()
	if err := rep.write(o.jsonOut); err != nil {
		fmt.Fprintf(stderr, "bbs-load: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "bbs-load %s: %d in flight, %d clients (%s), load average %s -> %s\n",
		rep.Date, o.inFlight, len(clients), strings.Join(o.Users, ","), rep.LoadAvgStart, rep.LoadAvgEnd)
	sums := make([]engine.Summary, len(rep.Runs))
	for i, r := range rep.Runs {
		sums[i] = r.Summary
	}
	if err := engine.WriteTable(stdout, sums); err != nil {
		return 1
	}
	writeRatios(stdout, sums)
	writeCPURatios(stdout, rep.Runs)
	writeCPUSplits(stdout, rep.Runs, rep.CPUs)
	if failed || ctx.Err() != nil {
		return 1
	}
	return 0
}

// probe answers -probe: exit 0 when the contract has tx, 3 when not, 1
// when the metadata could not be read.
func probe(txNames map[string]bool, err error, tx string, stdout, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintf(stderr, "bbs-load: %v\n", err)
		return 1
	}
	if !txNames[tx] {
		fmt.Fprintf(stdout, "no: the contract has no %s\n", tx)
		return 3
	}
	fmt.Fprintf(stdout, "yes: the contract has %s\n", tx)
	return 0
}

// schemeDir is loadgen's folder name of a scheme ("+" spelled "plus").
func schemeDir(name string) string { return strings.ReplaceAll(name, "+", "plus") }

// setup commits a scheme's setup transactions one by one; one that is
// already on the ledger (issuer exists) is fine.
func setup(ctx context.Context, o *options, c engine.Client, path string, stderr io.Writer) error {
	txs, err := engine.ReadTxsFile(path)
	if err != nil {
		return err
	}
	cfg := o.engineConfig()
	cfg.InFlight, cfg.Count, cfg.Duration = 1, 0, 0
	recs, _ := engine.Run(ctx, cfg, []engine.Client{c}, txs)
	for i, r := range recs {
		switch {
		case r.Outcome == engine.Committed:
		case r.Cause == "exists":
			fmt.Fprintf(stderr, "bbs-load: %s #%d: already on the ledger\n", filepath.Base(path), i+1)
		default:
			return fmt.Errorf("%s #%d (%s): %s %s: %s", path, i+1, txs[i].Name, r.Outcome, r.Cause, r.Error)
		}
	}
	return nil
}

// runMode runs one mode of one scheme and summarises it.
func runMode(ctx context.Context, o *options, clients []engine.Client, txNames map[string]bool, scheme, dir string, m mode, stderr io.Writer) runReport {
	r := runReport{LoadAvgBefore: engine.LoadAvg()}
	na := func(reason string) runReport {
		r.Summary = engine.Summary{Scheme: scheme, Mode: m.name, NA: reason}
		fmt.Fprintf(stderr, "bbs-load: %s %s: n/a: %s\n", scheme, m.name, reason)
		return r
	}
	if m.tx != "" && txNames != nil && !txNames[m.tx] {
		return na("contract has no " + m.tx)
	}
	txs, err := engine.ReadTxsFile(filepath.Join(dir, m.file))
	if err != nil {
		return na(err.Error())
	}
	if len(txs) == 0 {
		return na("no transactions in " + filepath.Join(dir, m.file))
	}
	fmt.Fprintf(stderr, "bbs-load: %s %s: %d transactions, %d in flight...\n", scheme, m.name, min(len(txs), o.count), o.inFlight)
	cpuBefore, roleBefore, cpuErr := o.networkCPU()
	recs, wall := engine.Run(ctx, o.engineConfig(), clients, txs)
	cpuAfter, roleAfter, cpuErr2 := o.networkCPU()
	r.Summary = engine.Summarize(recs, wall)
	if o.cpuPrefix != "" {
		if cpuErr != nil || cpuErr2 != nil {
			fmt.Fprintf(stderr, "bbs-load: %s %s: network CPU not measured: %v %v\n", scheme, m.name, cpuErr, cpuErr2)
		} else {
			r.NetworkCPUMsPerTx = cpuMsPerTx(cpuAfter-cpuBefore, r.Committed)
			r.NetworkCPUMsPerTxBy = cpuSplit(roleBefore, roleAfter, r.Committed)
		}
	}
	r.Scheme, r.Mode = scheme, m.name
	r.LoadAvgAfter = engine.LoadAvg()
	if r.Committed == 0 && r.RejectedBy["no-such-transaction"] == r.Sent && r.Sent > 0 {
		return na("contract has no " + txs[0].Name)
	}
	fmt.Fprintf(stderr, "bbs-load: %s %s: %d committed, %d rejected %v, %.1f tx/s, %.1f proofs/s, p50 %.0f ms\n",
		scheme, m.name, r.Committed, r.Rejected, r.RejectedBy, r.TxPerSecond, r.ProofsPerSec, r.Latency.P50)
	if o.results != "" {
		if err := writeResults(filepath.Join(o.results, schemeDir(scheme)+"-"+m.name), recs); err != nil {
			fmt.Fprintf(stderr, "bbs-load: %v\n", err)
		}
	}
	if o.records != "" {
		if err := writeRecords(filepath.Join(o.records, schemeDir(scheme)+"-"+m.name+".jsonl"), recs); err != nil {
			fmt.Fprintf(stderr, "bbs-load: %v\n", err)
		}
	}
	return r
}

// networkCPU is the CPU time of the -cpu-prefix processes so far (0
// without -cpu-prefix).
func (o *options) networkCPU() (time.Duration, map[string]time.Duration, error) {
	if o.cpuPrefix == "" {
		return 0, nil, nil
	}
	return processCPU("/proc", o.cpuPrefix)
}

// engineConfig is the engine's configuration for a measured run.
func (o *options) engineConfig() engine.Config {
	return engine.Config{
		InFlight:    o.inFlight,
		Count:       o.count,
		Duration:    o.duration,
		Drain:       o.drain,
		CallTimeout: o.timeout,
		Backoff:     engine.DefaultBackoff,
		Verified:    verified,
		Seed:        uint64(time.Now().UnixNano()),
		Rate:        o.rate,
	}
}
