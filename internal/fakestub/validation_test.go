// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"
	"strings"
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

// opsChaincode runs its arguments: "read:k" reads k, "set:k=v" writes v
// to k without reading it, "policy:k=MSP" sets k's key-level policy to
// that MSP's peers.
var opsChaincode = chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
	for _, op := range stub.GetStringArgs() {
		verb, arg, _ := strings.Cut(op, ":")
		k, v, _ := strings.Cut(arg, "=")
		var err error
		switch verb {
		case "read":
			_, err = stub.GetState(k)
		case "set":
			err = stub.PutState(k, []byte(v))
		case "policy":
			err = stub.SetStateValidationParameter(k, MSPPolicy(1, v))
		default:
			err = fmt.Errorf("unknown operation %s", op)
		}
		if err != nil {
			return shim.Error(err.Error())
		}
	}
	return shim.Success(nil)
})

// TestValidationParameterUpdatedInBlock: a transaction that writes a key
// whose key-level policy an earlier valid transaction of the same block
// changed is invalid, whatever its endorsement (Fabric's
// ValidationParameterUpdatedError); other transactions of the block are
// checked against the policies committed before it.
func TestValidationParameterUpdatedInBlock(t *testing.T) {
	org1, org2, both := []string{"Org1MSP"}, []string{"Org2MSP"}, []string{"Org1MSP", "Org2MSP"}
	c := creatorOf(t, "Org1MSP")
	type tx struct {
		endorsers []string
		ops       []string
	}
	const (
		valid  = peer.TxValidationCode_VALID
		policy = peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE
		mvcc   = peer.TxValidationCode_MVCC_READ_CONFLICT
	)
	for _, tc := range []struct {
		name  string
		setup []string // committed first, endorsed by Org1MSP
		block []tx
		want  []peer.TxValidationCode
		k     string // k's value after the block
	}{{
		name:  "a later write satisfying the new policy is invalid",
		block: []tx{{org1, []string{"policy:k=Org2MSP"}}, {org2, []string{"set:k=2"}}},
		want:  []peer.TxValidationCode{valid, policy},
	}, {
		name:  "endorsed by everyone, still invalid",
		block: []tx{{org1, []string{"set:k=1", "policy:k=Org2MSP"}}, {both, []string{"set:k=2"}}},
		want:  []peer.TxValidationCode{valid, policy}, k: "1",
	}, {
		name:  "a later policy change of the key is invalid too",
		block: []tx{{org1, []string{"policy:k=Org2MSP"}}, {both, []string{"policy:k=Org1MSP"}}},
		want:  []peer.TxValidationCode{valid, policy},
	}, {
		name:  "the old committed policy is checked before the change",
		setup: []string{"set:k=0", "policy:k=Org1MSP"},
		block: []tx{{org2, []string{"set:k=1"}}, {org1, []string{"policy:k=Org2MSP"}}, {org2, []string{"set:k=2"}}},
		want:  []peer.TxValidationCode{policy, valid, policy}, k: "0",
	}, {
		name:  "an earlier change that failed endorsement does not count",
		setup: []string{"set:k=0", "policy:k=Org1MSP"},
		block: []tx{{org2, []string{"policy:k=Org2MSP"}}, {org1, []string{"set:k=2"}}},
		want:  []peer.TxValidationCode{policy, valid}, k: "2",
	}, {
		name:  "an earlier change that fails MVCC still counts",
		block: []tx{{org1, []string{"read:r", "set:r=1"}}, {org1, []string{"read:r", "policy:k=Org2MSP"}}, {both, []string{"set:k=2"}}},
		want:  []peer.TxValidationCode{valid, mvcc, policy},
	}, {
		name:  "an earlier value write, other keys: no dependency",
		block: []tx{{org1, []string{"set:k=1", "policy:other=Org2MSP"}}, {org1, []string{"set:k=2"}}},
		want:  []peer.TxValidationCode{valid, valid}, k: "2",
	}} {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLedger("ch")
			if tc.setup != nil {
				require.True(t, l.SubmitAs(opsChaincode, org1, c, tc.setup...).Committed)
			}
			var txs []Tx
			for _, b := range tc.block {
				txs = append(txs, Tx{Creator: c, Args: b.ops, Endorsers: b.endorsers})
			}
			rs := l.SubmitBlock(opsChaincode, txs...)
			for i, r := range rs {
				require.Equal(t, tc.want[i], r.Validation, "transaction %d: %s", i, r.ValidationDetail)
				require.Equal(t, tc.want[i] == valid, r.Committed)
			}
			require.Equal(t, tc.k, string(l.State("k")))
		})
	}

	// In the next block, the new policy applies.
	l := NewLedger("ch")
	require.True(t, l.SubmitAs(opsChaincode, org1, c, "set:k=0", "policy:k=Org2MSP").Committed)
	require.Equal(t, policy, l.SubmitAs(opsChaincode, org1, c, "set:k=1").Validation)
	require.Equal(t, valid, l.SubmitAs(opsChaincode, org2, c, "set:k=2").Validation)

	// The detail names Fabric's error.
	rs := l.SubmitBlock(opsChaincode, Tx{Creator: c, Args: []string{"policy:x=Org2MSP"}, Endorsers: org1},
		Tx{Creator: c, Args: []string{"set:x=1"}, Endorsers: org2})
	require.Equal(t, policy, rs[1].Validation)
	require.Contains(t, rs[1].ValidationDetail, "ValidationParameterUpdatedError")
}
