// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// Proposal is a transaction that the peers have endorsed (simulated) and
// that is not ordered yet. Between Propose and Order others may commit
// transactions of their own, as anyone who sees the pending proposal can
// on a network (its endorsers, or whoever the client shows it to): Order
// validates it against the state committed then.
type Proposal struct {
	// Stub is the simulation: its read-write set is what Order validates
	// and commits (Stub.Writes lists the writes).
	Stub *Stub
	// Result is the endorsement's outcome; Validation is NOT_VALIDATED
	// until Order.
	Result Result
	// Endorsers are the MSPs whose peers endorsed it (nil: policies are
	// not checked, as for Tx.Endorsers with a creator that does not
	// decode).
	Endorsers []string
}

// Propose simulates tx on cc, in the namespace cc was deployed under (else
// DefaultNamespace), as the endorsing peers do, without ordering it.
func (l *Ledger) Propose(cc shim.Chaincode, tx Tx) *Proposal {
	return l.ProposeIn(l.namespaceOf(cc), cc, tx)
}

// ProposeIn simulates tx on cc in namespace ns, whatever cc is: as on a
// channel where an organisation's peers run other code under the
// chaincode's name (Fabric lets each organisation approve and install its
// own package for a chaincode definition), cc reads and writes ns, and
// Order validates its writes against ns's policies like any other
// transaction's.
func (l *Ledger) ProposeIn(ns string, cc shim.Chaincode, tx Tx) *Proposal {
	s := l.newTx(tx.Creator, tx.Transient).invoke(ns, stringArgs(tx.Args))
	endorsers := tx.Endorsers
	if endorsers == nil {
		endorsers = creatorMSP(tx.Creator)
	}
	return &Proposal{Stub: s, Result: l.invoke(cc, s), Endorsers: append([]string(nil), endorsers...)}
}

// Order validates and commits, in order, as one block, the proposals the
// chaincode endorsed, against the state committed now (see SubmitBlock).
// A proposal whose transaction ID was ordered before is invalid
// (DUPLICATE_TXID), as a peer's validator finds it in the block store,
// valid or not. It returns the results, in the proposals' order; a
// proposal's Result is updated too.
func (l *Ledger) Order(ps ...*Proposal) []Result {
	if l.ordered == nil {
		l.ordered = map[string]bool{}
	}
	// Endorsements first, every one against the state before the block,
	// as the peer's validator checks them in parallel before the ledger
	// commits anything; then, in order, reads and commit.
	updated := vpUpdates{}
	for _, p := range ps {
		r := &p.Result
		if !r.OK() {
			continue
		}
		if l.ordered[r.TxID] {
			r.Validation, r.ValidationDetail = peer.TxValidationCode_DUPLICATE_TXID, fmt.Sprintf("transaction %s was ordered before", r.TxID)
			r.Committed = false
			continue
		}
		l.ordered[r.TxID] = true
		var valid map[string]bool
		r.Validation, r.ValidationDetail, valid = l.validateEndorsement(p.Stub, p.Endorsers, updated)
		updated.add(p.Stub, valid)
	}
	for _, p := range ps {
		r := &p.Result
		if r.Validation != peer.TxValidationCode_VALID || r.Committed {
			continue
		}
		if r.Validation, r.ValidationDetail = l.validateReads(p.Stub); r.Validation == peer.TxValidationCode_VALID {
			l.Commit(p.Stub)
			r.Committed = true
		}
	}
	out := make([]Result, len(ps))
	for i, p := range ps {
		out[i] = p.Result
	}
	return out
}
