// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"fmt"
	"testing"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// writeMany is a chaincode that reads n keys with GetMultipleStates, then
// writes them (value "v<i>") and sets a key-level policy on k0, inside a
// write batch; finish says whether it calls FinishWriteBatch itself.
func writeMany(n int, finish bool) chaincodeFunc {
	return func(stub shim.ChaincodeStubInterface) *peer.Response {
		keys := make([]string, n)
		for i := range keys {
			keys[i] = fmt.Sprintf("k%03d", i)
		}
		vals, err := stub.GetMultipleStates(keys...)
		if err != nil {
			return shim.Error(err.Error())
		}
		stub.StartWriteBatch()
		for i, k := range keys {
			if err := stub.PutState(k, []byte(fmt.Sprintf("v%d/%s", i, vals[i]))); err != nil {
				return shim.Error(err.Error())
			}
		}
		if err := stub.SetStateValidationParameter("k000", MSPPolicy(1, "Org1MSP")); err != nil {
			return shim.Error(err.Error())
		}
		if finish {
			if err := stub.FinishWriteBatch(); err != nil {
				return shim.Error(err.Error())
			}
		}
		return shim.Success(nil)
	}
}

func msgs(kv ...any) map[peer.ChaincodeMessage_Type]int {
	m := map[peer.ChaincodeMessage_Type]int{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i].(peer.ChaincodeMessage_Type)] = kv[i+1].(int)
	}
	return m
}

// TestPeerBatchingSameOutcome: with and without the peer's batching, a
// transaction reads, writes and commits the same; only the messages
// differ: one per key without it (the shim's fallback, as on v2.5), one
// per chunk of the peer's size with it, the shim raising a size under 100
// to 100, and a batch the chaincode leaves open sent at the end.
func TestPeerBatchingSameOutcome(t *testing.T) {
	const n = 250
	for _, finish := range []bool{true, false} {
		run := func(batching bool, size uint32) (*Ledger, Result) {
			l := NewLedger("ch")
			l.PeerBatching, l.MaxSizeWriteBatch, l.MaxSizeGetMultipleKeys = batching, size, size
			put(l, "k001", "old")
			return l, l.Submit(writeMany(n, finish), nil)
		}
		off, r := run(false, 0)
		require.True(t, r.Committed, r.Response.GetMessage())
		require.Equal(t, msgs(peer.ChaincodeMessage_GET_STATE, n, peer.ChaincodeMessage_PUT_STATE, n,
			peer.ChaincodeMessage_PUT_STATE_METADATA, 1), r.Messages)
		require.Equal(t, "v1/old", string(off.State("k001")))
		for _, c := range []struct {
			size   uint32
			chunks int
		}{{0, 1}, {100, 3}, {10, 3}, {249, 2}, {251, 1}} {
			on, r := run(true, c.size)
			require.True(t, r.Committed, r.Response.GetMessage())
			require.Equal(t, n+1, r.Writes)
			require.Equal(t, msgs(peer.ChaincodeMessage_GET_STATE_MULTIPLE, c.chunks,
				peer.ChaincodeMessage_WRITE_BATCH_STATE, c.chunks), r.Messages, "size %d", c.size)
			require.Equal(t, off.Keys(), on.Keys())
			for _, k := range off.Keys() {
				require.Equal(t, off.State(k), on.State(k), k)
			}
			require.Equal(t, off.ValidationParameter("k000"), on.ValidationParameter("k000"))
		}
	}
}

// TestWriteBatchErrors: in a batch the shim checks only that a PutState
// key is not empty; what the peer refuses (a key that is not valid UTF-8,
// a malformed key-level policy) fails FinishWriteBatch instead, or, left
// open, the whole invocation, and nothing commits. Without batching, the
// PutState itself fails.
func TestWriteBatchErrors(t *testing.T) {
	bad := "k\xff"
	l := NewLedger("ch")
	l.PeerBatching = true
	s := l.NewStub(nil)
	s.StartWriteBatch()
	require.EqualError(t, s.PutState("", []byte("x")), "key must not be an empty string")
	require.NoError(t, s.PutState("a", []byte("1")))
	require.NoError(t, s.PutState(bad, []byte("x")))
	require.NoError(t, s.SetStateValidationParameter("z", []byte("not a policy")))
	require.Zero(t, s.tx.writeCount(), "staged, not yet at the peer")
	err := s.FinishWriteBatch()
	require.ErrorContains(t, err, "failed send batch: WRITE_BATCH_STATE failed: transaction ID: ")
	require.ErrorContains(t, err, "not valid UTF-8")
	require.NoError(t, s.FinishWriteBatch(), "the batch is closed")
	require.NoError(t, s.PutState("b", []byte("2")), "after the batch, writes go to the peer at once")
	require.Equal(t, 1, s.tx.msgs[peer.ChaincodeMessage_PUT_STATE])

	// Last record of a kind wins: a delete after a put of the same key.
	s = l.NewStub(nil)
	s.StartWriteBatch()
	require.NoError(t, s.PutState("c", []byte("1")))
	require.NoError(t, s.DelState("c"))
	require.NoError(t, s.PutState("d", []byte("1")))
	require.NoError(t, s.PutState("d", []byte("2")))
	require.NoError(t, s.FinishWriteBatch())
	require.Equal(t, map[string]write{"c": {delete: true}, "d": {value: []byte("2")}}, s.rw().writes)

	// Left open: the end of the invocation sends it, and fails it.
	cc := chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
		stub.StartWriteBatch()
		if err := stub.PutState("ok", []byte("1")); err != nil {
			return shim.Error(err.Error())
		}
		if err := stub.PutState(bad, []byte("1")); err != nil {
			return shim.Error(err.Error())
		}
		return shim.Success([]byte("done"))
	})
	r := l.Submit(cc, nil)
	require.False(t, r.OK())
	require.False(t, r.Committed)
	require.Contains(t, r.Response.Message, "not valid UTF-8")
	require.Nil(t, l.State("ok"))

	// Called by another chaincode: the caller gets the peer's refusal.
	require.NoError(t, l.Deploy("bad", cc, nil))
	caller := chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
		return stub.InvokeChaincode("bad", nil, "")
	})
	r = l.Submit(caller, nil)
	require.Equal(t, int32(shim.ERROR), r.Response.Status)
	require.Contains(t, string(r.Response.Payload), "not valid UTF-8")

	// Without batching the PutState fails, and StartWriteBatch does nothing.
	l.PeerBatching = false
	s = l.NewStub(nil)
	s.StartWriteBatch()
	require.ErrorContains(t, s.PutState(bad, []byte("x")), "not valid UTF-8")
	require.NoError(t, s.PutState("a", []byte("1")))
	require.Equal(t, 1, s.tx.writeCount())
	require.NoError(t, s.FinishWriteBatch())
	require.Equal(t, map[peer.ChaincodeMessage_Type]int{peer.ChaincodeMessage_PUT_STATE: 2}, s.tx.msgs)
}

// TestGetMultipleStates: committed values only (nil when absent), every
// key in the read set (MVCC at commit), no message for no keys, an empty
// key refused, with and without the peer's batching.
func TestGetMultipleStates(t *testing.T) {
	for _, batching := range []bool{false, true} {
		l := NewLedger("ch")
		l.PeerBatching = batching
		put(l, "a", "1")
		s := l.NewStub(nil)
		vals, err := s.GetMultipleStates()
		require.NoError(t, err)
		require.Nil(t, vals)
		require.Empty(t, s.tx.msgs)
		require.NoError(t, s.PutState("b", []byte("own write")))
		vals, err = s.GetMultipleStates("a", "b", "a")
		require.NoError(t, err)
		require.Equal(t, [][]byte{[]byte("1"), nil, []byte("1")}, vals)
		_, err = s.GetMultipleStates("a", "")
		require.EqualError(t, err, "key must not be an empty string")
		require.Equal(t, map[string]uint64{"a": 1, "b": 0}, s.rw().reads)

		// A read key changed before commit: MVCC conflict.
		cc := chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
			if _, err := stub.GetMultipleStates("x", "a"); err != nil {
				return shim.Error(err.Error())
			}
			return shim.Success(nil)
		})
		res := l.SubmitBlock(cc, Tx{}, Tx{})
		require.Equal(t, peer.TxValidationCode_VALID, res[0].Validation)
		require.Equal(t, peer.TxValidationCode_VALID, res[1].Validation, "reads only")
		writer := chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
			if _, err := stub.GetMultipleStates("x", "a"); err != nil {
				return shim.Error(err.Error())
			}
			if err := stub.PutState("a", []byte("2")); err != nil {
				return shim.Error(err.Error())
			}
			return shim.Success(nil)
		})
		res = l.SubmitBlock(writer, Tx{}, Tx{})
		require.Equal(t, peer.TxValidationCode_VALID, res[0].Validation)
		require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, res[1].Validation, "batching %v", batching)
	}
}
