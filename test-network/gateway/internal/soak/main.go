// SPDX-License-Identifier: Apache-2.0

// Package soak is bbs-soak (cmd/bbs-soak), the reliability test of the fabric-bbs chaincode on
// the local test network: a bounded load of SubmitProof
// transactions through the Fabric Gateway from clients of both orgs, with
// faults injected while it runs, then an accounting of the ledgers of both
// peers, read block by block, that does not ask the chaincode.
//
//	bbs-soak -org-dir DIR -peer1 127.0.0.1:7051 -peer2 127.0.0.1:9051 -data LOADGEN_DIR
//	         -network test-network/network.sh [-faults PLAN] [-inflight 40]
//	         [-resubmits 3] [-json report.json]
//
// The load is loadgen's soak.jsonl of each scheme (valid, tampered,
// malformed and misbound requests), interleaved, plus one replay of a
// valid request per 9 lines (half sent right after their original, half
// later), started at -rate per second at most. Clients are well behaved:
// bounded in-flight, retries with
// back-off only of "too many requests" and unavailable peers or orderer
// (the load engine, test-network/gateway/internal/load/engine), never of a
// definitive answer. The faults (-faults) run network.sh: cc-kill (the
// chaincode processes killed, the peers launch them again; CCaaS: the
// server restarted), peer-restart:N, orderer-restart. -resubmits probes
// submit a signed transaction, give up waiting, and submit the same signed
// bytes again (same transaction ID); one of them while the orderer is down.
// Valid requests whose transactions the clients never saw commit (a fault
// broke their endorsement) are proposed again (recovery).
//
// Then both peers' ledgers are read from block 0 (Deliver) and checked
// (package account); a sample is cross-checked with GetVerification on
// each peer. The report (text on standard output, -json) has requests by
// class, outcomes by cause, retries, the faults with their times, tx/s,
// latency percentiles (overall and per phase: before, during and after
// each fault), the memory (RSS) of every node and chaincode process
// sampled every -mem-interval with its bound, and the verdict; -plot (by
// default next to -json) is an SVG of throughput and latency over time
// with the faults marked.
//
// The load ends when -tx transactions are sent or -duration is over,
// whichever comes first (-rate fill spreads them over -duration); the
// requests it did not reach are left out of the accounting.
//
// Bounds: -duration (+ -drain) for the load, a minute per fault wait, the
// whole run -duration + -drain + 15 minutes; only the local test network's peers (127.0.0.1, or NETNS=1's peer0.orgN.example.com). Exit status: 0 verdict OK, 1 a loss, a duplicate, a
// disagreement, a failed fault or cross-check, 2 usage.
package soak

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
	"github.com/hyperledger/fabric-gateway/pkg/client"
)

// soakBackoff rides out a stopped orderer or peer: 100 ms doubling to 2 s,
// 30 retries per stage (about a minute).
var soakBackoff = engine.Backoff{Base: 100 * time.Millisecond, Max: 2 * time.Second, Retries: 30}

// Main runs bbs-soak with the process's arguments and standard streams,
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
	// The whole run is bounded: the load's time, its drain, and 15 minutes
	// for the faults' waits, the recovery and the accounting.
	ctx, cancel := context.WithTimeout(ctx, o.duration+o.drain+15*time.Minute)
	defer cancel()
	logf := func(format string, a ...any) {
		fmt.Fprintf(stderr, "bbs-soak %s: %s\n", time.Now().UTC().Format("15:04:05.0"), fmt.Sprintf(format, a...))
	}
	var clients []*gwclient.Client
	var ecs []engine.Client
	for _, p := range o.Peers {
		for _, u := range o.Users {
			c, err := gwclient.Dial(o.OrgDir, p, u, o.Channel, o.Chaincode)
			if err != nil {
				fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
				return 1
			}
			defer c.Close()
			clients = append(clients, c)
			ecs = append(ecs, c)
		}
	}
	var perScheme [][]line
	var dirs []string
	for _, s := range o.Schemes {
		dir := filepath.Join(o.data, strings.ReplaceAll(s, "+", "plus"))
		dirs = append(dirs, dir)
		ls, err := readLinesFile(filepath.Join(dir, "soak.jsonl"))
		if err != nil {
			fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
			return 1
		}
		// The other transaction kinds (loadgen -mix), spread among the rest.
		mixPath := filepath.Join(dir, "mix.jsonl")
		if _, err := os.Stat(mixPath); err == nil {
			mix, err := readLinesFile(mixPath)
			if err != nil {
				fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
				return 1
			}
			ls = interleave(ls, mix)
			if err := setup(ctx, o, ecs[0], filepath.Join(dir, "mix-setup.jsonl")); err != nil {
				fmt.Fprintf(stderr, "bbs-soak: %s: mix setup: %v\n", s, err)
				return 1
			}
		}
		// Pseudonym races (loadgen -mix, IETF schemes; makePlan sends each
		// race's requests together), bbs-2023 credentials and revocable
		// ones whose status entry the issuer-change fault sets (loadgen
		// -mix, bbs-bls12381-sha256), spread likewise.
		// Poll votes (loadgen -mix, IETF schemes, vote.jsonl): races of
		// one voter's CastVotes through the poll chaincode, sent likewise.
		// credmore.jsonl (bbs-bls12381-sha256): SubmitCredentials batches
		// and races of bbs-2023 pseudonym credentials, of the issuers
		// cred-setup.jsonl registers.
		// acc.jsonl (bbs-bls12381-sha256): presentations with
		// non-revocation while the issuer-change fault revokes one holder
		// through the accumulator (acc-setup.jsonl, acc-change.jsonl).
		// epoch.jsonl (bbs-bls12381-sha256): proofs of epochs 1 and 2 while
		// the fault raises the issuer's epoch (epoch-setup.jsonl,
		// epoch-change.jsonl).
		for _, kind := range []string{"nym", "cred", "status", "credmore", "vote", "acc", "epoch"} {
			path := filepath.Join(dir, kind+".jsonl")
			if _, err := os.Stat(path); err != nil {
				continue
			}
			more, err := readLinesFile(path)
			if err != nil {
				fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
				return 1
			}
			ls = interleave(ls, more)
			if kind == "status" || kind == "credmore" {
				continue // cred-setup.jsonl made their issuers, list and policy
			}
			if err := setup(ctx, o, ecs[0], filepath.Join(dir, kind+"-setup.jsonl")); err != nil {
				fmt.Fprintf(stderr, "bbs-soak: %s: %s setup: %v\n", s, kind, err)
				return 1
			}
		}
		perScheme = append(perScheme, ls)
		if err := setup(ctx, o, ecs[0], filepath.Join(dir, "setup.jsonl")); err != nil {
			fmt.Fprintf(stderr, "bbs-soak: %s: setup: %v\n", s, err)
			return 1
		}
	}
	changes, err := readIssuerChanges(dirs)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
		return 1
	}
	planned := false
	for _, f := range o.faults {
		planned = planned || f.Kind == "issuer-change"
	}
	if (changes != nil) != planned {
		fmt.Fprintf(stderr, "bbs-soak: the mix (loadgen -mix) and an issuer-change fault go together: mix data %v, issuer-change planned %v\n", changes != nil, planned)
		return 2
	}
	var ic *issuerChange
	if changes != nil {
		status, err := readStatusChanges(dirs)
		if err != nil {
			fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
			return 1
		}
		acc, err := readAccChanges(dirs)
		if err != nil {
			fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
			return 1
		}
		epoch, err := readEpochChanges(dirs)
		if err != nil {
			fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
			return 1
		}
		ic = &issuerChange{owner: ecs[0], txs: changes, status: status, acc: acc, epoch: epoch}
	}
	p := makePlan(perScheme, o.resubmits+o.vanish, o.lateGap)
	// The first probes resubmit on their client's connection, the last
	// o.vanish ones vanish and come back on a new connection.
	nProbe := min(o.resubmits, len(p.resubmits))
	nLoad := len(p.items)
	if o.tx > 0 && o.tx < nLoad {
		nLoad = o.tx
	}
	if o.fill {
		o.rate = fillRate(nLoad, o.duration)
	}
	rep := newReport(o, clients, p)
	logf("%d transactions (%d distinct requests, %d resubmission probes), %d clients, %d in flight, %.2f tx/s at most for %v at most, faults %v",
		nLoad, len(p.reqs), len(p.resubmits), len(clients), o.inFlight, o.rate, o.duration, o.faults)

	// The resubmission probes: the first at the start of the load, one
	// while the orderer is down (if the plan stops it), the rest after.
	var probeMu sync.Mutex
	nextProbe := 0
	var probes sync.WaitGroup
	runProbe := func(firstWait time.Duration, firstDone chan<- struct{}) {
		defer probes.Done()
		probeMu.Lock()
		i := nextProbe
		nextProbe++
		probeMu.Unlock()
		if i >= nProbe {
			if firstDone != nil {
				close(firstDone)
			}
			return
		}
		r := p.resubmits[i]
		c := clients[i%len(clients)]
		logf("resubmission probe %d (%s): first wait %v", i, c.Name(), firstWait)
		pr := resubmit(ctx, c, p.reqs[r].Group, p.args[r], firstWait, soakBackoff, firstDone, nil)
		probeMu.Lock()
		rep.Probes = append(rep.Probes, pr)
		if pr.TxID != "" {
			p.reqs[r].Sent = append(p.reqs[r].Sent, pr.sent())
		}
		probeMu.Unlock()
		logf("resubmission probe %d: tx %s first %s, second %s %s", i, pr.TxID, pr.First, pr.Second, pr.SecondError)
	}

	var proposed atomic.Int64
	counted := make([]engine.Client, len(ecs))
	for i, c := range ecs {
		counted[i] = counting{c, &proposed}
	}
	// The probe while the orderer is down: its first attempt then, its
	// resubmission whenever the orderer is back.
	during := func() {
		done := make(chan struct{})
		probes.Add(1)
		go runProbe(time.Millisecond, done)
		<-done
	}
	in := &injector{script: o.network, down: o.down, netHold: o.netHold, during: during, poke: func() { poke(ctx, clients, o) }}
	if ic != nil {
		in.change = func(ctx context.Context) []step { return ic.run(ctx, o.down, o.timeout) }
	}
	faultCtx, stopFaults := context.WithCancel(ctx)
	var faultsDone sync.WaitGroup
	faultsDone.Add(1)
	go func() {
		defer faultsDone.Done()
		rep.Faults = scheduleFaults(faultCtx, in, o.faults, &proposed, nLoad, o.duration, logf)
	}()
	// Memory of every node and chaincode process, until the recovery ends.
	var mem *memSampler
	memCtx, stopMem := context.WithCancel(ctx)
	defer stopMem()
	var memDone sync.WaitGroup
	if o.memInterval > 0 && o.network != "" {
		mem = newMemSampler(o.network, o.memInterval)
		memDone.Add(1)
		go func() {
			defer memDone.Done()
			mem.run(memCtx)
		}()
	}
	probes.Add(1)
	go runProbe(time.Millisecond, nil)
	// The vanishing clients: the k-th of n when the load is (k+1)/(n+1)
	// along, each through connections of its own to peer k mod 2.
	var vanishDone sync.WaitGroup
	vanishDone.Add(1)
	go func() {
		defer vanishDone.Done()
		start := time.Now()
		for k, r := range p.resubmits[nProbe:] {
			at := float64(k+1) / float64(len(p.resubmits)-nProbe+1)
			for progress(int(proposed.Load()), nLoad, time.Since(start), o.duration) < at && ctx.Err() == nil {
				time.Sleep(100 * time.Millisecond)
			}
			peer, user := o.Peers[k%len(o.Peers)], o.Users[k%len(o.Users)]
			fresh := func() (*gwclient.Client, error) { return gwclient.Dial(o.OrgDir, peer, user, o.Channel, o.Chaincode) }
			logf("vanishing client %d: submit, disconnect, resubmit from a new connection", k)
			pr := resubmit(ctx, nil, p.reqs[r].Group, p.args[r], 0, soakBackoff, nil, fresh)
			probeMu.Lock()
			rep.Probes = append(rep.Probes, pr)
			if pr.TxID != "" {
				p.reqs[r].Sent = append(p.reqs[r].Sent, pr.sent())
			}
			probeMu.Unlock()
			logf("vanishing client %d: tx %s first %s, second %s %s", k, pr.TxID, pr.First, pr.Second, pr.SecondError)
		}
	}()
	cfg := engine.Config{InFlight: o.inFlight, Count: nLoad, Duration: o.duration, Drain: o.drain, CallTimeout: o.timeout,
		Backoff: soakBackoff, Seed: uint64(time.Now().UnixNano()), Rate: o.rate}
	logf("load: sending %d transactions", nLoad)
	loadStart := time.Now()
	recs, wall := engine.Run(ctx, cfg, counted, p.txs())
	faultsDone.Wait()
	stopFaults()
	probes.Wait()
	vanishDone.Wait()
	for nextProbe < nProbe && ctx.Err() == nil {
		probes.Add(1)
		runProbe(time.Millisecond, nil)
	}
	for i, r := range recs {
		p.record(p.items[i].req, p.items[i].kind, r)
	}
	rep.Unsent = p.markUnsent(recs)
	rep.Load = engine.Summarize(recs, wall)
	rep.addClasses(p, recs)
	if ic != nil {
		rep.Problems = append(rep.Problems, earlyRefusals(recs, ic.updateSent)...)
		rep.Problems = append(rep.Problems, earlyAccRefusals(recs, ic.accSent)...)
		rep.Problems = append(rep.Problems, earlyEpochRefusals(recs, ic.epochSent)...)
	}
	rep.Phases = phases(loadStart, recs, rep.Faults)
	leaderStalls(loadStart, recs, rep.Faults)
	logf("load: %d committed, %d rejected %v, %.1f tx/s, p50 %.0f ms", rep.Load.Committed, rep.Load.Rejected,
		rep.Load.RejectedBy, rep.Load.TxPerSecond, rep.Load.Latency.P50)

	// Recovery: valid requests none of whose transactions the clients saw
	// commit are proposed again (three rounds at most, 5 s apart).
	for round := 1; round <= 3 && ctx.Err() == nil; round++ {
		idx := p.unrecorded()
		if len(idx) == 0 {
			break
		}
		if round > 1 {
			time.Sleep(5 * time.Second)
		}
		txs := make([]engine.Tx, len(idx))
		for i, r := range idx {
			txs[i] = p.tx(r, "recovery")
		}
		logf("recovery round %d: %d valid requests", round, len(idx))
		rc := cfg
		rc.Duration, rc.Rate = 5*time.Minute, 0
		rrecs, rwall := engine.Run(ctx, rc, ecs, txs)
		for i, r := range rrecs {
			p.record(idx[i], "recovery", r)
		}
		rep.Recovery = append(rep.Recovery, engine.Summarize(rrecs, rwall))
	}

	stopMem()
	memDone.Wait()
	if mem != nil {
		m := mem.report(o.memFactor, o.memSlackMiB, o.memBlockCacheMiB)
		rep.Memory = &m
	}
	if o.plotOut != "" {
		// A plot that cannot be written fails the run, after the accounting.
		if err := writePlotFile(o.plotOut, "bbs-soak "+rep.Date, loadStart, recs, rep.Faults); err != nil {
			fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
			rep.Problems = append(rep.Problems, fmt.Sprintf("plot: %v", err))
		}
	}

	logf("accounting: reading both peers' ledgers")
	peers, heights, err := readLedgers(ctx, clients, o, p.pollNamespaces()...)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
		rep.Verdict = account.Verdict{Problems: []string{err.Error()}}
	} else {
		rep.Heights = heights
		orderChanges(p, ic)
		rep.Verdict = account.Check(p.accounted(), peers)
		rep.CrossCheck = checkSample(ctx, clients, o, p, rep.Verdict.Recorded)
		rep.Votes = voteSummary(p, recs, rep.Verdict.Polls)
		tallies := checkTallies(ctx, clients, o, p, rep.Verdict.Polls, rep.Votes)
		rep.CrossCheck.Checked += tallies.Checked
		rep.CrossCheck.Problems = append(rep.CrossCheck.Problems, tallies.Problems...)
	}
	rep.finish(p)
	if err := rep.write(o.jsonOut); err != nil {
		fmt.Fprintf(stderr, "bbs-soak: %v\n", err)
		return 1
	}
	rep.text(stdout)
	if !rep.OK {
		return 1
	}
	return 0
}

// poke evaluates a read on each peer, endorsed by that peer alone, so that
// a peer whose chaincode process was killed launches it again even when
// the load is over.
func poke(ctx context.Context, clients []*gwclient.Client, o *options) {
	for _, c := range peerClients(clients, o) {
		cctx, cancel := context.WithTimeout(ctx, o.timeout)
		_, _ = c.Contract().EvaluateWithContext(cctx, "ListIssuers", client.WithArguments("1", ""),
			client.WithEndorsingOrganizations(c.MSPID()))
		cancel()
	}
}

// setup commits a scheme's setup transactions (the issuer's registration);
// one already on the ledger is fine.
func setup(ctx context.Context, o *options, c engine.Client, path string) error {
	txs, err := engine.ReadTxsFile(path)
	if err != nil {
		return err
	}
	cfg := engine.Config{InFlight: 1, CallTimeout: o.timeout, Backoff: soakBackoff}
	for i := range txs {
		// The commit status is the client's peer's: the other
		// organisation's peer, which endorses the next transaction too,
		// may not have committed the block yet ("not found" for an issuer
		// registered one transaction earlier). Such a refusal is retried.
		for attempt := 1; ; attempt++ {
			recs, _ := engine.Run(ctx, cfg, []engine.Client{c}, txs[i:i+1])
			if len(recs) != 1 {
				return fmt.Errorf("%s #%d: %d records for one transaction", path, i+1, len(recs))
			}
			r := recs[0]
			if r.Outcome == engine.Committed || r.Cause == "exists" {
				break
			}
			if r.Cause != "not-found" || attempt == setupAttempts || ctx.Err() != nil {
				return fmt.Errorf("%s #%d: %s %s: %s", path, i+1, r.Outcome, r.Cause, r.Error)
			}
			time.Sleep(setupRetryDelay)
		}
	}
	return nil
}

// setupAttempts and setupRetryDelay bound the wait for another peer's
// commit of an earlier setup transaction: 20 attempts 500 ms apart.
const (
	setupAttempts   = 20
	setupRetryDelay = 500 * time.Millisecond
)

// fillRate spreads n transactions over d: the rate at which the load
// fills its time.
func fillRate(n int, d time.Duration) float64 {
	if n <= 0 || d <= 0 {
		return 0
	}
	// Spread over 97% of d: the last transaction then starts about 27 s
	// before a 15-minute load ends, not on its deadline.
	return float64(n) / (0.97 * d.Seconds())
}

func writePlotFile(path, title string, start time.Time, recs []engine.Record, faults []faultRecord) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := writePlot(f, title, start, recs, faults); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
