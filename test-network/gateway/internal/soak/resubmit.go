// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/fabconn"
	"math/rand/v2"
	"sync/atomic"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
	"github.com/hyperledger/fabric-gateway/pkg/client"
)

// counting is an engine.Client that counts the proposals made through it
// (the progress the faults are scheduled on).
type counting struct {
	engine.Client
	n *atomic.Int64
}

func (c counting) Propose(tx engine.Tx) (engine.Proposal, error) {
	c.n.Add(1)
	return c.Client.Propose(tx)
}

// probe is one resubmission of the same signed transaction: a client that
// gave up waiting for the commit status (FirstWait) and submitted the very
// same signed bytes again (same transaction ID).
type probe struct {
	Group  string    `json:"group"`
	Client string    `json:"client"`
	TxID   string    `json:"txId"`
	Start  time.Time `json:"start"`
	// First is the first attempt's outcome: the submit's error cause, or
	// the commit status within FirstWait ("timeout", "VALID", ...).
	First     string  `json:"first"`
	FirstWait float64 `json:"firstWaitS"`
	// Second is the resubmission's commit status ("VALID" when the
	// transaction is on the ledger once).
	Second      string `json:"second"`
	SecondError string `json:"secondError,omitempty"`
	Retries     int    `json:"retries"`
	// Vanished: the client dialled a connection of its own, submitted,
	// closed the connection before any commit status, and resubmitted the
	// same signed bytes from a new connection.
	Vanished bool `json:"vanished,omitempty"`
	// NotSubmitted: the first attempt ended before its submit (a dial,
	// proposal, endorsement or signing failure, e.g. the endorsing peer
	// was down): the transaction never reached the orderer and there is
	// nothing to resubmit. Not a problem of the network: the request is
	// left to the recovery, and the accounting checks that the
	// transaction ID is on no ledger.
	NotSubmitted bool `json:"notSubmitted,omitempty"`
}

// failed tells whether the probe is a problem: it was submitted and its
// resubmission did not commit as VALID.
func (p probe) failed() bool { return !p.NotSubmitted && p.Second != "VALID" }

// sent is the probe's transaction for the accounting: one that was never
// submitted must be on no ledger.
func (p probe) sent() account.Sent {
	if p.NotSubmitted {
		return account.Sent{TxID: p.TxID, Kind: account.KindNotSubmitted}
	}
	return account.Sent{TxID: p.TxID, Kind: "resubmit", ClientValid: p.Second == "VALID"}
}

// resubmit endorses args as c, keeps the transaction's bytes and its
// signature, submits it (5 s at most) and waits at most firstWait for its
// status; then (after firstDone is closed) makes the transaction again from
// the kept bytes and signature (NewSignedTransaction), submits it again,
// retrying what the engine calls "not now", and waits for the status.
//
// With fresh set (a client that vanishes), the first attempt goes through
// a connection fresh dials, closed right after the submit (no status is
// asked), and the second through another new one.
func resubmit(ctx context.Context, c *gwclient.Client, group, arg string, firstWait time.Duration, b engine.Backoff, firstDone chan<- struct{},
	fresh func() (*gwclient.Client, error)) probe {
	p := probe{Group: group, Start: time.Now(), FirstWait: firstWait.Seconds(), Vanished: fresh != nil}
	var reconnect func() error
	c2 := c
	if fresh != nil {
		c2 = nil // dialled after the first submit
		var err error
		if c, err = fresh(); err != nil {
			p.First = "dial: " + err.Error()
			p.NotSubmitted = true
			return p
		}
		closed := false
		closeFirst := func() {
			if !closed {
				c.Close()
				closed = true
			}
		}
		defer closeFirst()
		defer func() {
			if c2 != nil {
				c2.Close()
			}
		}()
		firstWait = 0
		p.FirstWait = 0
		// After the submit: this connection goes, a new one comes.
		reconnect = func() error {
			closeFirst()
			var err error
			c2, err = fresh()
			return err
		}
	}
	p.Client = c.Name()
	signal := func() {
		if firstDone != nil {
			close(firstDone)
			firstDone = nil
		}
	}
	defer signal()
	rnd := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))
	try := func(f func(context.Context) error) error {
		for n := 0; ; n++ {
			cctx, cancel := context.WithTimeout(ctx, 30*time.Second)
			err := f(cctx)
			cancel()
			if err == nil || !engine.Classify(err).Retry || n >= b.Retries {
				return err
			}
			p.Retries++
			time.Sleep(b.Delay(n, rnd.Float64()))
		}
	}
	prop, err := c.Contract().NewProposal("SubmitProof", client.WithArguments(arg))
	if err != nil {
		p.First = "propose: " + err.Error()
		p.NotSubmitted = true
		return p
	}
	p.TxID = prop.TransactionID()
	var txn *client.Transaction
	if err := try(func(ctx context.Context) (err error) {
		txn, err = prop.EndorseWithContext(ctx)
		if err != nil {
			err = gwclient.StageError("endorse", err)
		}
		return err
	}); err != nil {
		p.First = "endorse: " + engine.Classify(err).Cause
		p.NotSubmitted = true
		return p
	}
	bytes, err := txn.Bytes()
	if err != nil {
		p.First = err.Error()
		p.NotSubmitted = true
		return p
	}
	sig, err := c.Sign(txn.Digest())
	if err != nil {
		p.First = err.Error()
		p.NotSubmitted = true
		return p
	}
	// First attempt: give up after firstWait, whatever happened.
	first, err := c.Gateway().NewSignedTransaction(bytes, sig)
	if err != nil {
		p.First = err.Error()
		p.NotSubmitted = true
		return p
	}
	sctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	commit, err := first.SubmitWithContext(sctx)
	cancel()
	if err == nil && fresh != nil {
		p.First = "vanished"
	} else if err == nil {
		fctx, cancel := context.WithTimeout(ctx, firstWait)
		var st *client.Status
		if st, err = commit.StatusWithContext(fctx); err == nil {
			p.First = st.Code.String()
		}
		cancel()
	} else {
		err = gwclient.StageError("submit", err)
	}
	if err != nil {
		p.First = engine.Classify(err).Cause
	}
	signal()
	if fresh != nil {
		if err := reconnect(); err != nil {
			p.SecondError = "dial: " + err.Error()
			return p
		}
	}
	// Second attempt: the same signed bytes.
	again, err := c2.Gateway().NewSignedTransaction(bytes, sig)
	if err != nil {
		p.SecondError = err.Error()
		return p
	}
	var commit2 *client.Commit
	var rawErr error
	if err := try(func(ctx context.Context) (err error) {
		commit2, err = again.SubmitWithContext(ctx)
		if err != nil {
			rawErr = err
			err = gwclient.StageError("submit", err)
		}
		return err
	}); err != nil {
		// On SmartBFT the orderers refuse the copy of a transaction they
		// have ordered ("request already processed"): its status says how.
		if !fabconn.OrderedDespiteSubmitError(rawErr) {
			p.SecondError = err.Error()
			return p
		}
		if commit2, err = fabconn.CommitOf(c2.Gateway(), c2.Network().Name(), p.TxID); err != nil {
			p.SecondError = err.Error()
			return p
		}
	}
	// The status: asked again after a timeout too (asking is idempotent),
	// statusWaits times at most: the transaction may be ordered only
	// after a view change (a lost SmartBFT leader: about 22 s) and the
	// backlog behind it.
	for n := 0; ; n++ {
		err := try(func(ctx context.Context) error {
			st, err := commit2.StatusWithContext(ctx)
			if err == nil {
				p.Second = st.Code.String()
			}
			return err
		})
		if err == nil || !askStatusAgain(err, n) || ctx.Err() != nil {
			if err != nil {
				p.SecondError = err.Error()
			}
			break
		}
		p.Retries++
	}
	return p
}

// statusWaits bounds the commit status waits of a resubmission (30 s each).
const statusWaits = 4

// askStatusAgain: the n-th (from 0) commit status wait ended with err;
// ask again when it timed out and fewer than statusWaits were made.
func askStatusAgain(err error, n int) bool {
	return n+1 < statusWaits && engine.Classify(err).Cause == "timeout"
}
