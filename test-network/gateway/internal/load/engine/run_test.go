// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// fakeClient answers each stage from a script keyed by tx.Args[0]: the
// errors of successive calls of a stage (nil = success), then success.
// Status answers tx.Args[1] (default VALID).
type fakeClient struct {
	name      string
	mu        sync.Mutex
	calls     map[string]int // stage/txArg -> calls
	scripts   map[string][]error
	inFlight  *atomic.Int32 // shared by the fakes of one test
	maxFlight *atomic.Int32
	hold      time.Duration
}

func newFake(name string, scripts map[string][]error) *fakeClient {
	return &fakeClient{name: name, calls: map[string]int{}, scripts: scripts,
		inFlight: new(atomic.Int32), maxFlight: new(atomic.Int32)}
}

func (f *fakeClient) Name() string { return f.name }

func (f *fakeClient) next(stage string, tx Tx) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	k := stage + "/" + tx.Args[0]
	n := f.calls[k]
	f.calls[k]++
	s := f.scripts[k]
	if n < len(s) {
		return s[n]
	}
	return nil
}

type fakeProposal struct {
	f  *fakeClient
	tx Tx
}

func (f *fakeClient) Propose(tx Tx) (Proposal, error) {
	if err := f.next("propose", tx); err != nil {
		return nil, err
	}
	return &fakeProposal{f, tx}, nil
}
func (p *fakeProposal) TxID() string { return "tx-" + p.tx.Args[0] }
func (p *fakeProposal) Endorse(ctx context.Context) (Endorsed, error) {
	n := p.f.inFlight.Add(1)
	defer p.f.inFlight.Add(-1)
	for {
		m := p.f.maxFlight.Load()
		if n <= m || p.f.maxFlight.CompareAndSwap(m, n) {
			break
		}
	}
	if p.f.hold > 0 {
		time.Sleep(p.f.hold)
	}
	if err := p.f.next("endorse", p.tx); err != nil {
		return nil, err
	}
	return p, nil
}
func (p *fakeProposal) Result() []byte { return []byte(`{"ok":true}`) }
func (p *fakeProposal) Submit(ctx context.Context) (Pending, error) {
	if err := p.f.next("submit", p.tx); err != nil {
		return nil, err
	}
	return p, nil
}
func (p *fakeProposal) Status(ctx context.Context) (string, uint64, error) {
	if err := p.f.next("status", p.tx); err != nil {
		return "", 0, err
	}
	if len(p.tx.Args) > 1 {
		return p.tx.Args[1], 7, nil
	}
	return "VALID", 7, nil
}

var (
	tooMany = status.Error(codes.Unknown, "too many requests for /gateway.Gateway, exceeding concurrency limit (500)")
	replay  = &StageError{Stage: "endorse", Err: status.Error(codes.Aborted, "failed to endorse"), Details: []string{"BBS_REPLAY: replay: the nonce was already used"}}
	fastCfg = Config{InFlight: 4, Backoff: Backoff{Base: time.Microsecond, Max: 10 * time.Microsecond, Retries: 3}}
)

func txs(n int, class string) []Tx {
	out := make([]Tx, n)
	for i := range out {
		out[i] = Tx{Name: "SubmitProof", Args: []string{fmt.Sprint(i)}, Proofs: 1, Class: class}
	}
	return out
}

// An endorse-only transaction is endorsed, never submitted, and counts as
// committed with the endorsement's result; its endorsement's errors are
// rejections as for any transaction.
func TestRunEndorseOnly(t *testing.T) {
	f := newFake("c", map[string][]error{
		"submit/0":  {status.Error(codes.Internal, "submitted")},
		"status/0":  {status.Error(codes.Internal, "waited for")},
		"endorse/1": {replay},
	})
	list := txs(2, "")
	for i := range list {
		list[i].EndorseOnly = true
	}
	recs, _ := Run(context.Background(), fastCfg, []Client{f}, list)
	if r := recs[0]; r.Outcome != Committed || string(r.Result) != `{"ok":true}` || r.Verified != 1 || r.Block != 0 {
		t.Errorf("endorse-only: %+v", r)
	}
	if r := recs[1]; r.Outcome != Rejected || r.Stage != "endorse" {
		t.Errorf("endorse-only, refused: %+v", r)
	}
	if f.calls["submit/0"] != 0 || f.calls["status/0"] != 0 {
		t.Errorf("submitted: %v", f.calls)
	}
}

func TestRunRetriesOnlyNotNow(t *testing.T) {
	f := newFake("c", map[string][]error{
		"endorse/0": {tooMany, tooMany},                                          // then commits
		"submit/1":  {status.Error(codes.Unavailable, "orderer down")},           // then commits
		"endorse/2": {replay},                                                    // definitive
		"endorse/3": {tooMany, tooMany, tooMany, tooMany, tooMany},               // more than Retries
		"status/4":  {status.Error(codes.DeadlineExceeded, "deadline exceeded")}, // unknown outcome: no retry
	})
	list := txs(6, "")
	list[5].Args = append(list[5].Args, "MVCC_READ_CONFLICT")
	recs, _ := Run(context.Background(), fastCfg, []Client{f}, list)
	want := []struct {
		outcome, cause, stage string
		retries               int
	}{
		{Committed, "", "", 2},
		{Committed, "", "", 1},
		{Rejected, "replay", "endorse", 0},
		{Rejected, "too-many-requests", "endorse", 3},
		{Rejected, "timeout", "status", 0},
		{Rejected, "invalid:MVCC_READ_CONFLICT", "status", 0},
	}
	for i, w := range want {
		r := recs[i]
		got := 0
		for _, n := range r.Retries {
			got += n
		}
		if r.Outcome != w.outcome || r.Cause != w.cause || r.Stage != w.stage || got != w.retries {
			t.Errorf("tx %d: %s cause %q stage %q retries %d, want %s %q %q %d (%s)",
				i, r.Outcome, r.Cause, r.Stage, got, w.outcome, w.cause, w.stage, w.retries, r.Error)
		}
	}
	if n := f.calls["endorse/2"]; n != 1 {
		t.Errorf("a definitive answer was retried: %d endorse calls", n)
	}
	if recs[0].TxID != "tx-0" || recs[0].Verified != 1 || recs[0].Block != 7 {
		t.Errorf("record 0 = %+v", recs[0])
	}
	if recs[2].Verified != 0 {
		t.Error("a rejected transaction counts verified proofs")
	}
}

func TestRunBoundsInFlightAndCount(t *testing.T) {
	a, b := newFake("a", nil), newFake("b", nil)
	a.hold, b.hold = time.Millisecond, time.Millisecond
	b.inFlight, b.maxFlight = a.inFlight, a.maxFlight
	cfg := fastCfg
	cfg.InFlight, cfg.Count = 3, 40
	recs, _ := Run(context.Background(), cfg, []Client{a, b}, txs(50, ""))
	if len(recs) != 40 {
		t.Fatalf("%d records, want 40 (Count)", len(recs))
	}
	for i, r := range recs {
		if r.Outcome != Committed {
			t.Errorf("tx %d: %s", i, r.Outcome)
		}
		if want := []string{"a", "b"}[i%2]; r.Client != want {
			t.Errorf("tx %d went through %s, want %s", i, r.Client, want)
		}
	}
	if m := a.maxFlight.Load(); m > 3 {
		t.Errorf("up to %d in flight, want at most 3", m)
	}
	if len(a.calls)+len(b.calls) != 40*4 {
		t.Errorf("%d (stage, tx) pairs called, want %d", len(a.calls)+len(b.calls), 40*4)
	}
}

func TestRunStopsAtDuration(t *testing.T) {
	f := newFake("c", nil)
	f.hold = 20 * time.Millisecond
	cfg := fastCfg
	cfg.InFlight, cfg.Duration = 1, time.Millisecond
	recs, _ := Run(context.Background(), cfg, []Client{f}, txs(10, ""))
	s := Summarize(recs, time.Second)
	if s.Sent > 1 || s.NotSent < 9 || s.Transactions != 10 {
		t.Errorf("sent %d, not sent %d of %d; want at most one sent", s.Sent, s.NotSent, s.Transactions)
	}
}

func TestRunStopsWithContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	recs, _ := Run(ctx, fastCfg, []Client{newFake("c", nil)}, txs(5, ""))
	for i, r := range recs {
		if r.Outcome == Committed {
			t.Errorf("tx %d committed after the context ended", i)
		}
	}
}

func TestRunProposeError(t *testing.T) {
	f := newFake("c", map[string][]error{"propose/0": {errors.New("bad key")}})
	recs, _ := Run(context.Background(), fastCfg, []Client{f}, txs(1, ""))
	if r := recs[0]; r.Outcome != Rejected || r.Stage != "propose" || r.Cause != "error" || r.Error != "bad key" {
		t.Errorf("record = %+v", r)
	}
}

// Rate bounds how many transactions start within a duration: at most
// 1 + Rate x Duration (an upper bound only, so a slow machine cannot fail it).
func TestRunRateLimits(t *testing.T) {
	f := newFake("c", nil)
	cfg := fastCfg
	cfg.InFlight, cfg.Rate, cfg.Duration = 8, 20, 120*time.Millisecond
	recs, _ := Run(context.Background(), cfg, []Client{f}, txs(100, ""))
	s := Summarize(recs, time.Second)
	if s.Sent < 1 || s.Sent > 4 { // 1 + 20 x 0.12, rounded up
		t.Errorf("sent %d in 120 ms at 20/s, want 1..4", s.Sent)
	}
	if s.Sent+s.NotSent != 100 {
		t.Errorf("sent %d + not sent %d != 100", s.Sent, s.NotSent)
	}
}
