// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/types/known/timestamppb"
)

// txn is one transaction being simulated on one channel: what every
// chaincode it invokes shares (Fabric's transaction parameters and
// simulator).
type txn struct {
	ledger    *Ledger
	id        string
	timestamp *timestamppb.Timestamp
	creator   []byte
	transient map[string][]byte
	// invoked and invokedArgs are the chaincode the client's proposal
	// invokes and its arguments, channel its channel (GetSignedProposal).
	invoked     string
	invokedArgs [][]byte
	channel     string
	rw          map[string]*rwset // namespace -> its read-write set
	paged       bool              // ran a paginated query
	// msgs counts the state messages its chaincodes sent the peer, by
	// type (Result.Messages).
	msgs map[peer.ChaincodeMessage_Type]int
	// executing holds channel+"/"+chaincode of every invocation under way
	// in the transaction, shared with cross-channel simulations: a peer
	// keeps one transaction context per chaincode, channel and
	// transaction ID.
	executing map[string]bool
	// prop is the proposal's invocation: the transaction's first stub,
	// the invoked chaincode's (GetSignedProposal).
	prop *proposal
}

// rwset is a transaction's reads and writes in one namespace.
type rwset struct {
	reads    map[string]uint64 // key -> committed version read (0: absent)
	writes   map[string]write
	vpWrites map[string][]byte // key-level endorsement policies set
}

// stub returns a stub of the transaction for chaincode name, with its
// arguments.
func (t *txn) stub(name string, args [][]byte) *Stub {
	if t.prop == nil {
		t.prop = &proposal{name: name, args: cloneArgs(args)}
	}
	return &Stub{tx: t, ns: name, args: args}
}

// invoke returns the stub of the chaincode the transaction's proposal
// invokes, name, with its arguments.
func (t *txn) invoke(name string, args [][]byte) *Stub {
	t.invoked, t.invokedArgs, t.channel = name, cloneArgs(args), t.ledger.ChannelID
	if name == DefaultNamespace && t.ledger.DefaultChaincodeName != "" {
		t.invoked = t.ledger.DefaultChaincodeName
	}
	return t.stub(name, args)
}

// rwFor returns the read-write set of namespace name, creating it.
func (t *txn) rwFor(name string) *rwset {
	rw, ok := t.rw[name]
	if !ok {
		rw = &rwset{reads: map[string]uint64{}, writes: map[string]write{}, vpWrites: map[string][]byte{}}
		t.rw[name] = rw
	}
	return rw
}

// writeCount is the number of keys the transaction wrote, in every
// namespace.
func (t *txn) writeCount() int {
	n := 0
	for _, rw := range t.rw {
		n += len(rw.writes) + len(rw.vpWrites)
	}
	return n
}

// run invokes cc on s, marking it executing for the invocation. As the
// shim's handleTransaction does after Invoke, whatever the response, it
// then sends a write batch still open; if the peer refuses it, the
// invocation fails with that error (err) instead of its response.
func (s *Stub) run(cc shim.Chaincode) (resp *peer.Response, err error) {
	key := s.tx.ledger.ChannelID + "/" + s.ns
	s.tx.executing[key] = true
	defer delete(s.tx.executing, key)
	resp = cc.Invoke(s)
	if err := s.FinishWriteBatch(); err != nil {
		return nil, err
	}
	return resp, nil
}
