// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

// proposalOf decodes the stub's signed proposal as the peer's endorser
// does (protoutil.UnpackProposal) and describes it: "channel txID
// headerChaincode specChaincode [args] creator transient".
func proposalOf(stub shim.ChaincodeStubInterface) (string, error) {
	sp, err := stub.GetSignedProposal()
	if err != nil {
		return "", err
	}
	var prop peer.Proposal
	var hdr common.Header
	var chdr common.ChannelHeader
	var shdr common.SignatureHeader
	var ext peer.ChaincodeHeaderExtension
	var cpp peer.ChaincodeProposalPayload
	var cis peer.ChaincodeInvocationSpec
	// Each step decodes a field the previous one filled.
	steps := []func() error{
		func() error { return proto.Unmarshal(sp.ProposalBytes, &prop) },
		func() error { return proto.Unmarshal(prop.Header, &hdr) },
		func() error { return proto.Unmarshal(hdr.ChannelHeader, &chdr) },
		func() error { return proto.Unmarshal(hdr.SignatureHeader, &shdr) },
		func() error { return proto.Unmarshal(chdr.Extension, &ext) },
		func() error { return proto.Unmarshal(prop.Payload, &cpp) },
		func() error { return proto.Unmarshal(cpp.Input, &cis) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return "", err
		}
	}
	if chdr.Type != int32(common.HeaderType_ENDORSER_TRANSACTION) {
		return "", fmt.Errorf("header type %d", chdr.Type)
	}
	var args []string
	for _, a := range cis.ChaincodeSpec.Input.Args {
		args = append(args, string(a))
	}
	return fmt.Sprintf("%s %s %s %s %q %x %s", chdr.ChannelId, chdr.TxId, ext.ChaincodeId.Name, cis.ChaincodeSpec.ChaincodeId.Name,
		args, shdr.Creator, cpp.TransientMap["t"]), nil
}

func TestSignedProposalIsTheInvokedChaincodes(t *testing.T) {
	l, _ := twoChaincodes(t)
	org1 := creatorOf(t, "Org1MSP")
	args := []string{"proposal", "call:lib::proposal", "call:lib:ch2:proposal"}
	r := l.SubmitBlock(&scriptCC, Tx{Creator: org1, Args: args, Transient: map[string][]byte{"t": []byte("secret")}, Endorsers: []string{"Org1MSP", "Org2MSP"}})[0]
	out := outputs(t, r)
	want := fmt.Sprintf("ch %s app app %q %x secret", r.TxID, args, org1)
	require.Equal(t, want, out[0])
	for i, call := range out[1:] {
		var callee []string
		require.NoError(t, json.Unmarshal([]byte(strings.SplitN(call, "|", 3)[2]), &callee), call)
		require.Equal(t, want, callee[0], "call %d: the callee sees the caller's proposal, on its channel, with its arguments", i)
	}

	// A stub of NewStub, and an evaluation, have proposals too.
	s := l.NewStub(org1, "fn", "a")
	p, err := proposalOf(s)
	require.NoError(t, err)
	require.Equal(t, fmt.Sprintf("ch %s %s %s %q %x ", s.GetTxID(), DefaultNamespace, DefaultNamespace, []string{"fn", "a"}, org1), p)
	l.DefaultChaincodeName = "mycc"
	p, err = proposalOf(l.NewStub(org1, "fn"))
	require.NoError(t, err)
	require.Contains(t, p, " mycc mycc ")
	e := l.Evaluate(&scriptCC, org1, "proposal")
	require.Equal(t, fmt.Sprintf("ch %s app app %q %x ", e.TxID, []string{"proposal"}, org1), outputs(t, e)[0])
}

// invocationOf decodes a signed proposal as a chaincode reads it: the
// channel header and the invoked chaincode's spec.
func invocationOf(t *testing.T, sp *peer.SignedProposal) (*common.ChannelHeader, *common.SignatureHeader, *peer.ChaincodeSpec) {
	t.Helper()
	var prop peer.Proposal
	require.NoError(t, proto.Unmarshal(sp.GetProposalBytes(), &prop))
	var hdr common.Header
	require.NoError(t, proto.Unmarshal(prop.GetHeader(), &hdr))
	var ch common.ChannelHeader
	require.NoError(t, proto.Unmarshal(hdr.GetChannelHeader(), &ch))
	var sh common.SignatureHeader
	require.NoError(t, proto.Unmarshal(hdr.GetSignatureHeader(), &sh))
	var payload peer.ChaincodeProposalPayload
	require.NoError(t, proto.Unmarshal(prop.GetPayload(), &payload))
	var cis peer.ChaincodeInvocationSpec
	require.NoError(t, proto.Unmarshal(payload.GetInput(), &cis))
	return &ch, &sh, cis.GetChaincodeSpec()
}

func TestSignedProposal(t *testing.T) {
	l := NewLedger("ch")
	top := l.newTx([]byte("creator"), nil).invoke("app", [][]byte{[]byte("fn"), []byte("a")})
	// A chaincode the invoked one calls gets the same proposal.
	callee := top.tx.stub("lib", [][]byte{[]byte("other")})
	for _, s := range []*Stub{top, callee} {
		sp, err := s.GetSignedProposal()
		require.NoError(t, err)
		ch, sh, spec := invocationOf(t, sp)
		require.Equal(t, int32(common.HeaderType_ENDORSER_TRANSACTION), ch.GetType())
		require.Equal(t, "ch", ch.GetChannelId())
		require.Equal(t, top.GetTxID(), ch.GetTxId())
		require.Equal(t, []byte("creator"), sh.GetCreator())
		require.Equal(t, "app", spec.GetChaincodeId().GetName())
		require.Equal(t, [][]byte{[]byte("fn"), []byte("a")}, spec.GetInput().GetArgs())
	}

	// Again: the same proposal, simulated anew.
	again := callee.Again()
	require.Equal(t, top.GetTxID(), again.GetTxID())
	require.Equal(t, top.GetArgs(), again.GetArgs())
	require.Equal(t, "app", again.ns)
	ts1, _ := top.GetTxTimestamp()
	ts2, _ := again.GetTxTimestamp()
	require.True(t, proto.Equal(ts1, ts2))
	require.NoError(t, top.PutState("k", []byte("v")))
	require.Zero(t, again.tx.writeCount(), "the new simulation shares the first one's writes")
	sp1, _ := top.GetSignedProposal()
	sp2, _ := again.GetSignedProposal()
	require.True(t, proto.Equal(sp1, sp2))
}
