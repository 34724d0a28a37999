package fakestub

import (
	"testing"

	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

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
	top := l.newTx([]byte("creator"), nil).stub("app", [][]byte{[]byte("fn"), []byte("a")})
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
