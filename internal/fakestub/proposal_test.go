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
