// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"testing"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// TestMetadataWrites: as on a peer, a policy written without a value is
// dropped for a key without a committed value, changes the policy and
// the version (MVCC) of one with a value, and adds no history; a
// deletion removes the key's policy; a value written alone keeps it.
func TestMetadataWrites(t *testing.T) {
	l := NewLedger("ch")
	org1, org2 := []string{"Org1MSP"}, []string{"Org2MSP"}
	nobody := MSPPolicy(1, "NobodyMSP")

	// A policy alone on an absent key: valid, dropped.
	r := l.SubmitWrites(DefaultNamespace, org1, Write{Key: "k", PolicyOnly: true, SetPolicy: true, Policy: nobody})
	require.True(t, r.Committed, r.ValidationDetail)
	require.Nil(t, l.ValidationParameter("k"))
	require.Nil(t, l.State("k"))
	require.True(t, l.SubmitWrites(DefaultNamespace, org2, Write{Key: "k", Value: []byte("v")}).Committed)

	// A policy alone on a key with a value: set; it bumps the version.
	s := l.NewStub(nil)
	_, err := s.GetState("k")
	require.NoError(t, err)
	pending := &Proposal{Stub: s, Result: Result{TxID: s.GetTxID(), Response: &peer.Response{Status: 200}}, Endorsers: org1}
	require.True(t, l.SubmitWrites(DefaultNamespace, org1, Write{Key: "k", PolicyOnly: true, SetPolicy: true, Policy: MSPPolicy(1, "Org1MSP")}).Committed)
	require.Equal(t, MSPPolicy(1, "Org1MSP"), l.ValidationParameter("k"))
	require.Equal(t, "v", string(l.State("k")))
	require.Len(t, l.History(DefaultNamespace, "k"), 1, "a metadata write adds no history")
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, l.Order(pending)[0].Validation)

	// A value alone keeps the policy; Org2 cannot write it.
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.SubmitWrites(DefaultNamespace, org2, Write{Key: "k", Value: []byte("w")}).Validation)
	require.True(t, l.SubmitWrites(DefaultNamespace, org1, Write{Key: "k", Value: []byte("w")}).Committed)
	require.Equal(t, MSPPolicy(1, "Org1MSP"), l.ValidationParameter("k"))

	// A deletion needs the policy, and removes it.
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.SubmitWrites(DefaultNamespace, org2, Write{Key: "k", Delete: true}).Validation)
	require.True(t, l.SubmitWrites(DefaultNamespace, org1, Write{Key: "k", Delete: true, SetPolicy: true, Policy: nobody}).Committed)
	require.Nil(t, l.ValidationParameter("k"))
	require.True(t, l.SubmitWrites(DefaultNamespace, org2, Write{Key: "k", Value: []byte("x")}).Committed,
		"a deleted key is governed by the chaincode policy again")

	// Removing a policy with an empty one.
	require.True(t, l.SubmitWrites(DefaultNamespace, org2, Write{Key: "k", SetPolicy: true, Policy: nobody, Value: []byte("y")}).Committed)
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.SubmitWrites(DefaultNamespace, org2, Write{Key: "k", PolicyOnly: true, SetPolicy: true}).Validation)
}

// TestReadingPolicyIsARead: GetStateValidationParameter puts the key in
// the read set, as a peer's simulator does.
func TestReadingPolicyIsARead(t *testing.T) {
	l := NewLedger("ch")
	c := creatorOf(t, "Org1MSP")
	require.True(t, l.SubmitWrites(DefaultNamespace, []string{"Org1MSP"}, Write{Key: "k", Value: []byte("v")}).Committed)
	p := l.Propose(chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
		if _, err := stub.GetStateValidationParameter("k"); err != nil {
			return &peer.Response{Status: 500, Message: err.Error()}
		}
		if err := stub.PutState("other", []byte("1")); err != nil {
			return &peer.Response{Status: 500, Message: err.Error()}
		}
		return &peer.Response{Status: 200}
	}), Tx{Creator: c})
	require.True(t, p.Result.OK())
	require.True(t, l.SubmitWrites(DefaultNamespace, []string{"Org1MSP"}, Write{Key: "k", PolicyOnly: true, SetPolicy: true, Policy: MSPPolicy(1, "Org1MSP")}).Committed)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, l.Order(p)[0].Validation)
}

// TestProposeOrder: a pending proposal is validated when ordered, against
// the state then: a rogue transaction committed first, creating its key
// with a policy nobody satisfies, makes it fail; a proposal is ordered
// once; Writes lists the write set; a clone answers like the original.
func TestProposeOrder(t *testing.T) {
	l := NewLedger("ch")
	l.ChaincodePolicy = MSPPolicy(2, "Org1MSP", "Org2MSP", "Org3MSP")
	all, coalition := []string{"Org1MSP", "Org2MSP", "Org3MSP"}, []string{"Org2MSP", "Org3MSP"}
	c := creatorOf(t, "Org1MSP")

	p := l.Propose(kvChaincode, Tx{Creator: c, Args: []string{"put", "k", "1", "Org1MSP"}, Endorsers: all})
	require.True(t, p.Result.OK())
	require.Equal(t, []Write{{Key: "k", Value: []byte("1"), SetPolicy: true, Policy: MSPPolicy(1, "Org1MSP")}}, p.Stub.Writes())
	clone := l.Clone()

	r := l.SubmitWrites(DefaultNamespace, coalition, Write{Key: "k", Value: []byte("1"), SetPolicy: true, Policy: MSPPolicy(1, "NobodyMSP")})
	require.True(t, r.Committed, r.ValidationDetail)
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.Order(p)[0].Validation)
	require.Equal(t, peer.TxValidationCode_DUPLICATE_TXID, l.Order(p)[0].Validation)
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.SubmitAs(kvChaincode, all, c, "put", "k", "2").Validation)

	// The clone has neither the rogue write nor the order.
	require.Nil(t, clone.State("k"))
	cr := clone.Order(&Proposal{Stub: p.Stub, Result: Result{TxID: p.Result.TxID, Response: p.Result.Response}, Endorsers: all})[0]
	require.True(t, cr.Committed, cr.ValidationDetail)
	require.Equal(t, MSPPolicy(1, "Org1MSP"), clone.ValidationParameter("k"))
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, clone.SubmitWrites(DefaultNamespace, coalition, Write{Key: "k", Delete: true}).Validation)

	// A rogue transaction needs the chaincode policy for a new key.
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.SubmitWrites(DefaultNamespace, []string{"Org2MSP"}, Write{Key: "n", Value: []byte("1")}).Validation)
}
