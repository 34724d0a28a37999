package fakestub

import (
	"testing"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/msp"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
	"google.golang.org/protobuf/proto"
)

func creatorOf(t *testing.T, mspID string) []byte {
	t.Helper()
	b, err := proto.Marshal(&msp.SerializedIdentity{Mspid: mspID, IdBytes: []byte("cert")})
	require.NoError(t, err)
	return b
}

// kvChaincode: "put k v [policyMSP]" reads k, writes v to it and, with a
// third argument, sets the key's policy to that MSP's peers.
var kvChaincode = chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
	_, p := stub.GetFunctionAndParameters()
	if _, err := stub.GetState(p[0]); err != nil {
		return shim.Error(err.Error())
	}
	if err := stub.PutState(p[0], []byte(p[1])); err != nil {
		return shim.Error(err.Error())
	}
	if len(p) > 2 {
		if err := stub.SetStateValidationParameter(p[0], MSPPolicy(1, p[2])); err != nil {
			return shim.Error(err.Error())
		}
	}
	return shim.Success(nil)
})

func TestMVCCInOneBlock(t *testing.T) {
	l := NewLedger("ch")
	c := creatorOf(t, "Org1MSP")
	rs := l.SubmitBlock(kvChaincode,
		Tx{Creator: c, Args: []string{"put", "k", "1"}},
		Tx{Creator: c, Args: []string{"put", "k", "2"}},
		Tx{Creator: c, Args: []string{"put", "other", "3"}})
	require.Equal(t, peer.TxValidationCode_VALID, rs[0].Validation)
	require.True(t, rs[0].Committed)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	require.False(t, rs[1].Committed)
	require.Equal(t, peer.TxValidationCode_VALID, rs[2].Validation)
	require.Equal(t, "1", string(l.State("k")))
	require.Equal(t, "3", string(l.State("other")))

	// In separate blocks, the second reads the first's write: both valid.
	require.True(t, l.Submit(kvChaincode, c, "put", "k", "4").Committed)
	require.True(t, l.Submit(kvChaincode, c, "put", "k", "5").Committed)
	require.Equal(t, "5", string(l.State("k")))
}

func TestKeyLevelEndorsement(t *testing.T) {
	l := NewLedger("ch")
	l.ChaincodePolicy = MSPPolicy(1, "Org1MSP", "Org2MSP")
	org1, org2 := creatorOf(t, "Org1MSP"), creatorOf(t, "Org2MSP")
	require.True(t, l.Submit(kvChaincode, org1, "put", "k", "1", "Org1MSP").Committed)
	p, err := l.NewStub(nil).GetStateValidationParameter("k")
	require.NoError(t, err)
	require.Equal(t, MSPPolicy(1, "Org1MSP"), p)

	r := l.Submit(kvChaincode, org2, "put", "k", "2")
	require.True(t, r.OK(), "the chaincode endorses")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
	require.False(t, r.Committed)
	require.Equal(t, "1", string(l.State("k")))

	r = l.SubmitAs(kvChaincode, []string{"Org1MSP"}, org2, "put", "k", "3")
	require.Equal(t, peer.TxValidationCode_VALID, r.Validation)
	require.Equal(t, "3", string(l.State("k")))

	// Keys without a key-level policy fall under the chaincode policy.
	require.True(t, l.Submit(kvChaincode, org2, "put", "free", "1").Committed)
	r = l.SubmitAs(kvChaincode, []string{"Org3MSP"}, org2, "put", "free", "2")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
	l.ChaincodePolicy = MSPPolicy(2, "Org1MSP", "Org2MSP")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.Submit(kvChaincode, org2, "put", "free", "3").Validation)
	require.Equal(t, peer.TxValidationCode_VALID, l.SubmitAs(kvChaincode, []string{"Org1MSP", "Org2MSP"}, org2, "put", "free", "4").Validation)
	// Under an AND chaincode policy, a key with its own policy needs only it.
	require.Equal(t, peer.TxValidationCode_VALID, l.Submit(kvChaincode, org1, "put", "k", "5").Validation)

	require.Error(t, l.NewStub(nil).SetStateValidationParameter("k", []byte("not a policy")))
}
