// SPDX-License-Identifier: Apache-2.0

package spends

import (
	"fmt"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// TestSpendTrackerForgetsAndBounds: a transaction's spends are forgotten
// spendRetention after its last call, not before; a full tracker evicts
// the record of the oldest last call for a new transaction's, never
// refuses the new one, and refuses a later call of the evicted one (its
// tombstone) until spendRetention has passed.
func TestSpendTrackerForgetsAndBounds(t *testing.T) {
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	tr := NewSpendTracker()
	tr.now = func() time.Time { return now }
	tr.max = 2
	stub := fakestub.NewLedger("ch").NewStub(nil)
	spend := func(tx string) error {
		c, err := tr.Begin(trackerStub{stub, tx}, false, "")
		if err != nil {
			return err
		}
		c.Spend("k-"+tx, tx)
		return c.Commit()
	}
	seen := func(tx string) bool {
		_, ok := tr.txs[spendScope{channel: "ch", txID: tx}]
		return ok
	}
	require.NoError(t, spend("a"))
	now = now.Add(spendRetention - time.Second)
	require.NoError(t, spend("b"))
	require.True(t, seen("a"), "forgotten before spendRetention")
	require.NoError(t, spend("c"), "a full tracker refused a new transaction")
	require.True(t, seen("c"))
	require.False(t, seen("a"), "the oldest record was not evicted")
	require.True(t, seen("b"))
	require.Len(t, tr.txs, 2)
	require.Equal(t, tr.order.Len(), 2)
	// a's later call is refused: its earlier spends are lost.
	require.ErrorIs(t, spend("a"), errTooManySpends)
	_, err := tr.Begin(trackerStub{stub, "a"}, true, "")
	require.NoError(t, err, "a read-only call is never refused")

	// b's call makes it the most recent: c is evicted next.
	require.NoError(t, spend("b"))
	require.NoError(t, spend("d"))
	require.False(t, seen("c"))
	require.True(t, seen("b"))

	now = now.Add(spendRetention + time.Second) // every record, and the first tombstones, expire
	_, err = tr.Begin(trackerStub{stub, "e"}, false, "")
	require.NoError(t, err)
	require.Empty(t, tr.txs)
	require.Zero(t, tr.order.Len())
	require.ErrorIs(t, spend("c"), errTooManySpends, "a tombstone forgotten before spendRetention")
	now = now.Add(spendRetention)
	require.NoError(t, spend("a"), "a tombstone kept past 2 spendRetention")
}

// TestSpendTrackerEvictionNeverDoubleSpends: however many other
// transactions spend between two calls of one transaction, and whenever
// (between its calls, or between a call's begin and commit), the later
// call never gets a nonce spent by the earlier one accepted: it sees the
// Spend, or is refused.
func TestSpendTrackerEvictionNeverDoubleSpends(t *testing.T) {
	tr := NewSpendTracker()
	tr.max = 8
	stub := fakestub.NewLedger("ch").NewStub(nil)
	flood := func(from, n int) {
		for i := range n {
			c, err := tr.Begin(trackerStub{stub, fmt.Sprintf("other-%d", from+i)}, false, "")
			require.NoError(t, err)
			c.Spend("other nonce", "x")
			require.NoError(t, c.Commit())
		}
	}
	for others := 0; others <= 2*tr.max; others++ {
		for _, during := range []bool{false, true} {
			tx := fmt.Sprintf("t-%d-%v", others, during)
			first, err := tr.Begin(trackerStub{stub, tx}, false, "")
			require.NoError(t, err)
			first.Spend("N", tx)
			require.NoError(t, first.Commit())
			if !during {
				flood(1000*others, others)
			}
			second, err := tr.Begin(trackerStub{stub, tx}, false, "")
			if err != nil {
				require.ErrorIs(t, err, errTooManySpends)
				require.GreaterOrEqual(t, others, tr.max, "refused without an eviction")
				continue
			}
			if during {
				flood(1000*others+500, others)
			}
			if _, spent := second.SpentBy("N"); spent {
				continue // the replay is seen
			}
			second.Spend("N", tx+"/1")
			require.ErrorIs(t, second.Commit(), errTooManySpends, "%d others, during %v: the nonce was spent twice", others, during)
		}
	}
}

// TestSpendTrackerConcurrentTransactions: transactions on one tracker at
// once (a chaincode process serves them concurrently) keep their own spends
// (run with -race).
func TestSpendTrackerConcurrentTransactions(t *testing.T) {
	tr := NewSpendTracker()
	done := make(chan error)
	for i := range 8 {
		stub := fakestub.NewLedger("ch").NewStub(nil) // a fake ledger is not for concurrent use
		go func() {
			tx := fmt.Sprintf("tx%d", i)
			for n := range 20 {
				c, err := tr.Begin(trackerStub{stub, tx}, false, "")
				if err != nil {
					done <- err
					return
				}
				if _, spent := c.SpentBy(fmt.Sprintf("%s-%d", tx, n)); spent {
					done <- fmt.Errorf("%s: nonce %d spent before", tx, n)
					return
				}
				if got, want := c.RecordID(), callRecordID(tx, n); got != want {
					done <- fmt.Errorf("record ID %s, want %s", got, want)
					return
				}
				c.Spend(fmt.Sprintf("%s-%d", tx, n), c.RecordID())
				if err := c.Commit(); err != nil {
					done <- err
					return
				}
			}
			done <- nil
		}()
	}
	for range 8 {
		require.NoError(t, <-done)
	}
	require.Len(t, tr.txs, 8)
}

// TestTombstoneFalsePositives: after a million evictions in one
// generation, a scope never evicted is taken for an evicted one (its
// call refused) at about the rate spends.go gives, 2 in 10 000 per
// generation; an evicted scope is always found.
func TestTombstoneFalsePositives(t *testing.T) {
	if testing.Short() {
		t.Skip("a million evictions")
	}
	now := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	var d tombstones
	for i := range 1_000_000 {
		d.add(spendScope{channel: "ch", txID: fmt.Sprintf("evicted-%d", i)}, now)
	}
	for i := 0; i < 1_000_000; i += 997 {
		require.True(t, d.has(spendScope{channel: "ch", txID: fmt.Sprintf("evicted-%d", i)}, now))
	}
	fp := 0
	const tries = 200_000
	for i := range tries {
		if d.has(spendScope{channel: "ch", txID: fmt.Sprintf("never-%d", i)}, now) {
			fp++
		}
	}
	t.Logf("false positives: %d in %d", fp, tries)
	require.Less(t, fp, tries*4/10_000)
}

// trackerStub is a stub with another transaction ID, called from another
// chaincode.
type trackerStub struct {
	shim.ChaincodeStubInterface
	txID string
}

func (s trackerStub) GetTxID() string { return s.txID }

// GetSignedProposal fails: the stub's calls are not direct calls.
func (s trackerStub) GetSignedProposal() (*peer.SignedProposal, error) {
	return nil, fmt.Errorf("no signed proposal")
}
