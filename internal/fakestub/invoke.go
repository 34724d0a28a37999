// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"
	"strings"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// InvokeChaincode calls chaincode chaincodeName with args in the same
// transaction, as a peer does (see the package documentation): on channel
// (empty: the caller's channel) it runs the callee in its own namespace of
// this transaction's read-write set; on another channel connected with
// Ledger.Connect, on a discarded simulation of that channel. The callee's
// response is returned as it made it; the callee's event is dropped. A call
// the peer would refuse answers status 500 with the error text as payload.
func (s *Stub) InvokeChaincode(chaincodeName string, args [][]byte, channel string) *peer.Response {
	// The shim sends "name/channel"; the peer's ParseName splits it, and
	// drops a ":version" suffix of the name.
	if channel != "" {
		chaincodeName = chaincodeName + "/" + channel
	}
	name, target, _ := strings.Cut(chaincodeName, "/")
	name, _, _ = strings.Cut(name, ":")
	l := s.tx.ledger
	if target == "" {
		target = l.ChannelID
	}
	t := s.tx
	if target != l.ChannelID {
		other, ok := l.channels[target]
		if !ok {
			return s.refused(fmt.Sprintf("failed to find ledger for channel: %s", target))
		}
		// HandleInvokeChaincode: a new simulator on the other ledger,
		// released without collecting its results.
		t = &txn{
			ledger: other, id: t.id, timestamp: t.timestamp, creator: t.creator, transient: t.transient,
			invoked: t.invoked, invokedArgs: t.invokedArgs, channel: t.channel,
			rw: map[string]*rwset{}, executing: t.executing, prop: t.prop,
		}
	}
	d, ok := t.ledger.chaincodes[name]
	if !ok {
		return s.refused(fmt.Sprintf("execute failed: invalid invocation: [channel %s] failed to get chaincode container info for %s: chaincode %s not found", target, name, name))
	}
	if t.executing[target+"/"+name] {
		// TransactionContexts.Create: one context per chaincode, channel
		// and transaction ID.
		return s.refused(fmt.Sprintf("execute failed: error sending: txid: %s(%s) exists", t.id, target))
	}
	callee := t.stub(name, cloneArgs(args))
	resp, err := callee.run(d.cc)
	if err != nil {
		// The callee's shim answers ERROR; the peer's Execute fails.
		return s.refused(fmt.Sprintf("execute failed: error sending: %s", err))
	}
	if resp == nil {
		return &peer.Response{}
	}
	// The response crosses the peer as bytes: the caller gets a copy.
	return proto.Clone(resp).(*peer.Response)
}

// refused is the response the shim gives the caller when the peer answers
// an invocation with an error: status 500 and the peer's error, wrapped by
// its HandleTransaction, as payload.
func (s *Stub) refused(reason string) *peer.Response {
	msg := fmt.Sprintf("%s failed: transaction ID: %s: %s", peer.ChaincodeMessage_INVOKE_CHAINCODE, s.tx.id, reason)
	return &peer.Response{Status: shim.ERROR, Payload: []byte(msg)}
}

func cloneArgs(args [][]byte) [][]byte {
	out := make([][]byte, len(args))
	for i, a := range args {
		out[i] = append([]byte(nil), a...)
	}
	return out
}
