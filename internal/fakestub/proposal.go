package fakestub

import (
	"crypto/sha256"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"google.golang.org/protobuf/proto"
)

// proposal is what a transaction's signed proposal says of its invocation:
// the chaincode (namespace) the client invoked and the arguments it gave.
type proposal struct {
	name string
	args [][]byte
}

// GetSignedProposal returns the transaction's proposal, as the peer gives
// it to every chaincode of the transaction, the invoked one and those it
// calls (Fabric passes txParams.SignedProp to a chaincode-to-chaincode
// call): the channel header (type ENDORSER_TRANSACTION, channel,
// transaction ID, timestamp, the invoked chaincode in its extension), the
// signature header (creator and a nonce) and the payload (the invoked
// chaincode's name and arguments, and the transient map). The proposal is
// not signed: Signature is empty.
func (s *Stub) GetSignedProposal() (*peer.SignedProposal, error) {
	t := s.tx
	p := t.prop
	if p == nil {
		p = &proposal{name: s.ns, args: s.args}
	}
	ccid := &peer.ChaincodeID{Name: p.name}
	ext, err := proto.Marshal(&peer.ChaincodeHeaderExtension{ChaincodeId: ccid})
	if err != nil {
		return nil, err
	}
	ch, err := proto.Marshal(&common.ChannelHeader{
		Type: int32(common.HeaderType_ENDORSER_TRANSACTION), ChannelId: t.ledger.ChannelID,
		TxId: t.id, Timestamp: t.timestamp, Extension: ext,
	})
	if err != nil {
		return nil, err
	}
	nonce := sha256.Sum256([]byte("fakestub/nonce/" + t.id))
	sh, err := proto.Marshal(&common.SignatureHeader{Creator: t.creator, Nonce: nonce[:]})
	if err != nil {
		return nil, err
	}
	hdr, err := proto.Marshal(&common.Header{ChannelHeader: ch, SignatureHeader: sh})
	if err != nil {
		return nil, err
	}
	input, err := proto.Marshal(&peer.ChaincodeInvocationSpec{ChaincodeSpec: &peer.ChaincodeSpec{
		Type: peer.ChaincodeSpec_GOLANG, ChaincodeId: ccid, Input: &peer.ChaincodeInput{Args: cloneArgs(p.args)},
	}})
	if err != nil {
		return nil, err
	}
	payload, err := proto.Marshal(&peer.ChaincodeProposalPayload{Input: input, TransientMap: t.transient})
	if err != nil {
		return nil, err
	}
	prop, err := proto.Marshal(&peer.Proposal{Header: hdr, Payload: payload})
	if err != nil {
		return nil, err
	}
	return &peer.SignedProposal{ProposalBytes: prop}, nil
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
		rw: map[string]*rwset{}, executing: map[string]bool{},
	}
	return n.stub(p.name, cloneArgs(p.args))
}

// Simulate runs cc on s as a peer's endorsement does, without committing
// (Commit applies the writes).
func (l *Ledger) Simulate(cc shim.Chaincode, s *Stub) Result { return l.invoke(cc, s) }
