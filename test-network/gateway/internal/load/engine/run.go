// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"context"
	"math/rand/v2"
	"sync"
	"time"
)

// Config bounds and shapes a run.
type Config struct {
	// InFlight is the most transactions outstanding at once (>= 1).
	InFlight int
	// Count is how many of the transactions to send (0: all of them).
	Count int
	// Duration stops issuing new transactions after this long (0: no
	// limit); those in flight then get Drain more to finish.
	Duration time.Duration
	// Drain is how long in-flight transactions may still take once the
	// Duration is over (default 30 s); then they are cancelled.
	Drain time.Duration
	// CallTimeout bounds each stage call (default 60 s).
	CallTimeout time.Duration
	// Backoff paces the retries of one stage.
	Backoff Backoff
	// Verified counts the proofs a committed transaction verified, from
	// the transaction and its result (default: tx.Proofs).
	Verified func(tx Tx, result []byte) int
	// Seed makes the back-off jitter reproducible.
	Seed uint64
	// Rate, when > 0, paces the sending: transaction i is not started
	// before i/Rate seconds into the run (a client-side rate limit, so
	// that a long load spans the faults a soak test injects).
	Rate float64
}

// Record is the outcome of one transaction.
type Record struct {
	Index   int    `json:"index"`
	Client  string `json:"client"`
	TxID    string `json:"txId,omitempty"`
	Class   string `json:"class,omitempty"`
	Outcome string `json:"outcome"` // "committed", "rejected" or "not-sent"
	// Cause of a rejection: a Classify cause, or "invalid:<CODE>" for a
	// transaction that committed with another validation code.
	Cause string `json:"cause,omitempty"`
	// Stage where a rejection happened: propose, endorse, submit, status.
	Stage   string         `json:"stage,omitempty"`
	Retries map[string]int `json:"retries,omitempty"`
	Latency time.Duration  `json:"latencyNs"`
	// Start is when the transaction was first proposed (zero if not sent);
	// Start + Latency is when its answer came.
	Start    time.Time `json:"start,omitzero"`
	Block    uint64    `json:"block,omitempty"`
	Proofs   int       `json:"proofs"`
	Verified int       `json:"verified"`
	Error    string    `json:"error,omitempty"`
	Result   []byte    `json:"-"`
}

// Outcomes.
const (
	Committed = "committed"
	Rejected  = "rejected"
	NotSent   = "not-sent"
)

// Run sends txs[:cfg.Count] through the clients (transaction i through
// clients[i % len(clients)]) with at most cfg.InFlight outstanding, and
// returns one Record per transaction in input order, and the wall time
// from the first send to the last answer. It stops by itself: after the
// count, or after cfg.Duration (+ cfg.Drain), or when ctx ends.
func Run(ctx context.Context, cfg Config, clients []Client, txs []Tx) ([]Record, time.Duration) {
	cfg = withDefaults(cfg)
	n := len(txs)
	if cfg.Count > 0 && cfg.Count < n {
		n = cfg.Count
	}
	recs := make([]Record, n)
	for i := range recs {
		recs[i] = Record{Index: i, Class: txs[i].Class, Outcome: NotSent, Proofs: txs[i].Proofs,
			Client: clients[i%len(clients)].Name()}
	}
	issueCtx, stopIssuing := context.WithCancel(ctx)
	defer stopIssuing()
	runCtx := ctx
	if cfg.Duration > 0 {
		var cancelIssue, cancelRun context.CancelFunc
		issueCtx, cancelIssue = context.WithTimeout(issueCtx, cfg.Duration)
		defer cancelIssue()
		runCtx, cancelRun = context.WithTimeout(ctx, cfg.Duration+cfg.Drain)
		defer cancelRun()
	}
	slots := make(chan struct{}, cfg.InFlight)
	var wg sync.WaitGroup
	start := time.Now()
issue:
	for i := 0; i < n; i++ {
		select {
		case slots <- struct{}{}:
		case <-issueCtx.Done():
			break issue
		}
		if cfg.Rate > 0 {
			at := start.Add(time.Duration(float64(i) / cfg.Rate * float64(time.Second)))
			if d := time.Until(at); d > 0 {
				t := time.NewTimer(d)
				select {
				case <-t.C:
				case <-issueCtx.Done():
					t.Stop()
				}
			}
		}
		if issueCtx.Err() != nil {
			<-slots
			break
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			defer func() { <-slots }()
			rnd := rand.New(rand.NewPCG(cfg.Seed, uint64(i)))
			send(runCtx, cfg, clients[i%len(clients)], txs[i], &recs[i], rnd)
		}(i)
	}
	wg.Wait()
	return recs, time.Since(start)
}

func withDefaults(cfg Config) Config {
	if cfg.InFlight < 1 {
		cfg.InFlight = 1
	}
	if cfg.Drain <= 0 {
		cfg.Drain = 30 * time.Second
	}
	if cfg.CallTimeout <= 0 {
		cfg.CallTimeout = 60 * time.Second
	}
	if cfg.Backoff.Base <= 0 {
		cfg.Backoff = DefaultBackoff
	}
	if cfg.Verified == nil {
		cfg.Verified = func(tx Tx, _ []byte) int { return tx.Proofs }
	}
	return cfg
}

// send runs the stages of one transaction, retrying a stage while its
// answer says "not now", and fills rec.
func send(ctx context.Context, cfg Config, c Client, tx Tx, rec *Record, rnd *rand.Rand) {
	start := time.Now()
	rec.Start = start
	reject := func(stage string, err error) {
		cl := Classify(err)
		rec.Outcome, rec.Stage, rec.Cause, rec.Error = Rejected, stage, cl.Cause, firstLine(Messages(err)[0])
		rec.Latency = time.Since(start)
	}
	p, err := c.Propose(tx)
	if err != nil {
		reject("propose", err)
		return
	}
	rec.TxID = p.TxID()
	var e Endorsed
	if err := retry(ctx, cfg, rec, rnd, func(ctx context.Context) (err error) {
		e, err = p.Endorse(ctx)
		return err
	}); err != nil {
		reject("endorse", err)
		return
	}
	if tx.EndorseOnly {
		rec.Latency = time.Since(start)
		rec.Outcome, rec.Result = Committed, e.Result()
		rec.Verified = cfg.Verified(tx, rec.Result)
		return
	}
	var pend Pending
	if err := retry(ctx, cfg, rec, rnd, func(ctx context.Context) (err error) {
		pend, err = e.Submit(ctx)
		return err
	}); err != nil {
		reject("submit", err)
		return
	}
	var code string
	if err := retry(ctx, cfg, rec, rnd, func(ctx context.Context) (err error) {
		code, rec.Block, err = pend.Status(ctx)
		return err
	}); err != nil {
		reject("status", err)
		return
	}
	rec.Latency = time.Since(start)
	if code != "VALID" {
		rec.Outcome, rec.Stage, rec.Cause = Rejected, "status", "invalid:"+code
		return
	}
	rec.Outcome, rec.Result = Committed, e.Result()
	rec.Verified = cfg.Verified(tx, rec.Result)
}

// retry calls f (each call bounded by cfg.CallTimeout) until it succeeds,
// fails definitively, runs out of retries, or ctx ends. Retries are counted
// by cause in rec.
func retry(ctx context.Context, cfg Config, rec *Record, rnd *rand.Rand, f func(context.Context) error) error {
	for n := 0; ; n++ {
		callCtx, cancel := context.WithTimeout(ctx, cfg.CallTimeout)
		err := f(callCtx)
		cancel()
		if err == nil {
			return nil
		}
		cl := Classify(err)
		if !cl.Retry || n >= cfg.Backoff.Retries {
			return err
		}
		if rec.Retries == nil {
			rec.Retries = map[string]int{}
		}
		rec.Retries[cl.Cause]++
		t := time.NewTimer(cfg.Backoff.Delay(n, rnd.Float64()))
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return err
		}
	}
}

func firstLine(s string) string {
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			return s[:i]
		}
	}
	return s
}
