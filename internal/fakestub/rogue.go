// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"encoding/json"
	"fmt"
	"maps"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/ledger/queryresult"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// Write is one key of a write set in one namespace: a value written or
// the key deleted, and, or only, its key-level endorsement policy set.
type Write struct {
	Key string `json:"key"`
	// Value is the value written, unless Delete or PolicyOnly.
	Value []byte `json:"value,omitempty"`
	// Delete deletes the key; on a peer the deletion removes its key-level
	// policy too.
	Delete bool `json:"delete,omitempty"`
	// PolicyOnly: neither a value nor a deletion, only the policy (a
	// metadata-only write, dropped at commit if the key has no value).
	PolicyOnly bool `json:"policyOnly,omitempty"`
	// SetPolicy: the write sets the key's key-level endorsement policy to
	// Policy (empty: removes it, the chaincode policy then governs the
	// key).
	SetPolicy bool   `json:"setPolicy,omitempty"`
	Policy    []byte `json:"policy,omitempty"`
}

// Writes returns the write set of the stub's namespace so far (writes
// staged in an open write batch excluded), in key order.
func (s *Stub) Writes() []Write {
	rw := s.rw()
	keys := map[string]bool{}
	for k := range rw.writes { //bbs:maporder-ok collecting keys, sorted below
		keys[k] = true
	}
	for k := range rw.vpWrites { //bbs:maporder-ok collecting keys, sorted below
		keys[k] = true
	}
	var out []Write
	for _, k := range sortedKeys(keys) {
		w := Write{Key: k}
		if v, ok := rw.writes[k]; ok {
			w.Value, w.Delete = append([]byte(nil), v.value...), v.delete
		} else {
			w.PolicyOnly = true
		}
		if p, ok := rw.vpWrites[k]; ok {
			w.SetPolicy, w.Policy = true, append([]byte(nil), p...)
		}
		out = append(out, w)
	}
	return out
}

// Rogue is other code run under a chaincode's name: it writes whatever it
// is told, in the namespace it is proposed in (Ledger.ProposeIn), as an
// organisation can on its own peers (Fabric lets each organisation approve
// its own package for a chaincode definition, and its peers endorse what
// that package writes). Its first argument is a JSON array of Write,
// applied in order with PutState, DelState and SetStateValidationParameter;
// the committing peers validate the transaction like any other, against
// the key-level policy of each key written, else the chaincode policy.
type Rogue struct{}

var _ shim.Chaincode = Rogue{}

// Init does nothing.
func (Rogue) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

// Invoke applies the writes of its first argument.
func (Rogue) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	args := stub.GetArgs()
	if len(args) != 1 {
		return shim.Error(fmt.Sprintf("fakestub: the rogue chaincode takes one argument, a JSON array of writes; got %d", len(args)))
	}
	var ws []Write
	if err := json.Unmarshal(args[0], &ws); err != nil {
		return shim.Error("fakestub: the rogue chaincode's writes: " + err.Error())
	}
	for _, w := range ws {
		var err error
		switch {
		case w.Delete:
			err = stub.DelState(w.Key)
		case !w.PolicyOnly:
			err = stub.PutState(w.Key, w.Value)
		}
		if err == nil && w.SetPolicy {
			err = stub.SetStateValidationParameter(w.Key, w.Policy)
		}
		if err != nil {
			return shim.Error(fmt.Sprintf("fakestub: the rogue chaincode's write of %q: %v", w.Key, err))
		}
	}
	return shim.Success(nil)
}

// RogueProposal is the proposal of a Rogue transaction making writes in
// namespace ns, endorsed by peers of endorsers; Order it to commit it.
func (l *Ledger) RogueProposal(ns string, endorsers []string, writes ...Write) *Proposal {
	b, err := json.Marshal(writes)
	if err != nil {
		panic(err) // a Write always marshals
	}
	return l.ProposeIn(ns, Rogue{}, Tx{Args: []string{string(b)}, Endorsers: append([]string{}, endorsers...)})
}

// SubmitWrites commits the writes in namespace ns as a Rogue transaction
// endorsed by peers of endorsers, alone in a block, validated like any
// other transaction: it commits only if the endorsers satisfy the
// key-level policy of every key written (else the chaincode policy).
func (l *Ledger) SubmitWrites(ns string, endorsers []string, writes ...Write) Result {
	return l.Order(l.RogueProposal(ns, endorsers, writes...))[0]
}

// Clone returns a copy of the ledger's committed state, clock and
// transaction counter: the same transactions on both give the same
// transaction IDs and answers, as two peers of the channel do. Deployed
// chaincodes and connected channels are shared, not copied.
func (l *Ledger) Clone() *Ledger {
	c := *l
	c.namespaces = make(map[string]*namespace, len(l.namespaces))
	for name, n := range l.namespaces { //bbs:maporder-ok copying a map
		m := &namespace{
			state:    map[string][]byte{},
			versions: maps.Clone(n.versions),
			vparams:  map[string][]byte{},
			history:  map[string][]*queryresult.KeyModification{},
		}
		for k, v := range n.state { //bbs:maporder-ok copying a map
			m.state[k] = append([]byte(nil), v...)
		}
		for k, v := range n.vparams { //bbs:maporder-ok copying a map
			m.vparams[k] = append([]byte(nil), v...)
		}
		for k, h := range n.history { //bbs:maporder-ok copying a map
			m.history[k] = append([]*queryresult.KeyModification(nil), h...)
		}
		c.namespaces[name] = m
	}
	c.chaincodes = maps.Clone(l.chaincodes)
	c.channels = maps.Clone(l.channels)
	c.ordered = maps.Clone(l.ordered)
	return &c
}

// History returns the committed modifications of key in namespace ns,
// oldest first.
func (l *Ledger) History(ns, key string) []*queryresult.KeyModification {
	return append([]*queryresult.KeyModification(nil), l.ns(ns).history[key]...)
}
