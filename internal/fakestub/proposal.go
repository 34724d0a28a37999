// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"

	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// GetSignedProposal returns the transaction's proposal as a client's SDK
// makes it (Fabric protoutil.CreateChaincodeProposalWithTxIDNonceAndTransient):
// an ENDORSER_TRANSACTION channel header of the transaction's channel with the
// transaction ID and timestamp, whose ChaincodeHeaderExtension names the
// chaincode the transaction invokes; a signature header with the creator
// and a nonce; and a ChaincodeProposalPayload whose
// ChaincodeInvocationSpec carries that chaincode's name and arguments, with
// the transient map.
//
// As on a peer, every chaincode of the transaction gets the same proposal:
// the one the client signed for the chaincode it invoked. A chaincode
// called with Stub.InvokeChaincode sees its caller's name and arguments
// there, not its own (Fabric's handler passes txParams.SignedProp on to the
// callee). The signature is empty: the fake has no client key, and the
// peer checked it before the chaincode ran.
func (s *Stub) GetSignedProposal() (*peer.SignedProposal, error) {
	t := s.tx
	ext, err := proto.Marshal(&peer.ChaincodeHeaderExtension{ChaincodeId: &peer.ChaincodeID{Name: t.invoked}})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	chdr, err := proto.Marshal(&common.ChannelHeader{
		Type:      int32(common.HeaderType_ENDORSER_TRANSACTION),
		ChannelId: t.channel,
		TxId:      t.id,
		Timestamp: t.timestamp,
		Extension: ext,
	})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	shdr, err := proto.Marshal(&common.SignatureHeader{Creator: t.creator, Nonce: []byte(t.id)})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	cis, err := proto.Marshal(&peer.ChaincodeInvocationSpec{ChaincodeSpec: &peer.ChaincodeSpec{
		Type:        peer.ChaincodeSpec_GOLANG,
		ChaincodeId: &peer.ChaincodeID{Name: t.invoked},
		Input:       &peer.ChaincodeInput{Args: cloneArgs(t.invokedArgs)},
	}})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	payload, err := proto.Marshal(&peer.ChaincodeProposalPayload{Input: cis, TransientMap: t.transient})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	hdr, err := proto.Marshal(&common.Header{ChannelHeader: chdr, SignatureHeader: shdr})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	prop, err := proto.Marshal(&peer.Proposal{Header: hdr, Payload: payload})
	if err != nil {
		return nil, fmt.Errorf("fakestub: signed proposal: %w", err)
	}
	return &peer.SignedProposal{ProposalBytes: prop}, nil
}

// proposal is the namespace and arguments of the transaction's first stub,
// the invoked chaincode's (Stub.Again simulates them again).
type proposal struct {
	name string
	args [][]byte
}

// Again returns the stub of a new simulation of the transaction's
// proposal, as a peer makes when the same signed proposal reaches it again
// (a client retrying an endorsement, or anyone replaying the proposal
// before it commits): the same transaction ID, timestamp, creator,
// transient map, invoked chaincode and arguments, and an empty read-write
// set. Run it with Ledger.Simulate; Commit applies its writes.
func (s *Stub) Again() *Stub {
	t := s.tx
	p := t.prop
	if p == nil {
		p = &proposal{name: s.ns, args: s.args}
	}
	n := &txn{
		ledger: t.ledger, id: t.id, timestamp: t.timestamp, creator: t.creator, transient: t.transient,
		invoked: t.invoked, invokedArgs: cloneArgs(t.invokedArgs), channel: t.channel,
		rw: map[string]*rwset{}, executing: map[string]bool{},
	}
	return n.stub(p.name, cloneArgs(p.args))
}

// Simulate runs cc on s as a peer's endorsement does, without committing
// (Commit applies the writes).
func (l *Ledger) Simulate(cc shim.Chaincode, s *Stub) Result { return l.invoke(cc, s) }
