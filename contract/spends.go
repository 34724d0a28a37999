// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
)

// One transaction, one spend.
//
// A Fabric transaction does not read its own writes: GetState answers the
// committed state whatever the transaction wrote before. A chaincode that
// calls SubmitProof (or SubmitProofs) several times in one transaction
// would, with the ledger alone, get each call accepted for the same nonce
// or pseudonym use, and each call's records would overwrite the earlier
// ones. So the contract keeps, in the chaincode process, what each
// transaction has spent so far (spendTracker): the nonce keys it consumed,
// the pseudonym uses it counted, and how many calls recorded. A later call
// of the same transaction sees them: a nonce spent earlier in the
// transaction is a replay, the pseudonym's uses include the earlier ones,
// and its records get keys of their own (callRecordID).
//
// Every endorser runs the same calls in the same order, so the answers are
// the same on every endorser. They are kept per peer connection (a chaincode
// server serves several peers, and each simulates the transaction), per
// channel and per transaction ID.
//
// Re-simulation: a peer may simulate a proposal again with the same
// transaction ID (a client retrying an endorsement, or anyone replaying the
// signed proposal before it commits), and nothing the shim gives a callee
// tells a second simulation from a later call of the first one. The
// contract therefore distinguishes two cases by the signed proposal:
//
//   - a call whose arguments are exactly the proposal's (a client calling
//     the contract directly; that is the only call of its simulation)
//     starts the transaction's record afresh and leaves nothing in it, so
//     that a retried direct call gets the same answer as its first
//     simulation, and direct calls take no memory;
//   - any other call (from another chaincode) is counted against what the
//     earlier calls with the transaction ID spent in this process; a
//     re-simulation of such a transaction on the same peer, within
//     spendRetention of its last call, is refused as a replay. That refuses
//     an honest retry of the same signed proposal on that peer (a new
//     proposal, with a new transaction ID, is accepted), and never accepts a
//     second spend.
//
// Memory: a transaction's record is forgotten spendRetention after its last
// call, longer than any simulation can last (the peer abandons a chaincode
// call after core.chaincode.executetimeout, 30 s by default), so forgetting
// never changes an answer within a simulation. At most maxTrackedTx
// transactions are kept (only those called from another chaincode, and
// only once a call spent something). Whoever can simulate can add records:
// evaluations that are never ordered spend in the tracker as submitted
// transactions do. So a full tracker never refuses a new transaction:
// it evicts the record whose last call is the oldest, and keeps its scope
// as a tombstone (tombstones, below) for spendRetention. A later call of an
// evicted transaction finds the tombstone and is refused (an error, never
// an acceptance), as a re-simulation is: eviction can lose a record, never
// let its nonces or pseudonym uses be spent a second time in the
// transaction. For that refusal an attacker must push maxTrackedTx other
// transactions' spends through the peer's chaincode between two calls of
// one transaction's simulation; a transaction whose calls all come before
// that is unaffected, and a transaction's first call is refused only for a
// tombstone filter's false positive (tombstoneBits: about 3 in 10^4 after a
// million evictions within spendRetention). A transaction's spend past
// maxTxSpends nonces is refused.
//
// Limit: a calling chaincode that forwards its own proposal's arguments
// unchanged is taken for the client: its calls neither see nor leave
// spends (TestPassThroughCallStartsAfresh).

// tracker is the contract's spend tracker.
func (c *Contract) tracker() *spends.SpendTracker {
	if c.spends == nil {
		return spends.DefaultSpends
	}
	return c.spends
}
