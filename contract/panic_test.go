// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"log"
	"os"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/stretchr/testify/require"
)

// TestInvokeRecoversPanic: a transaction that panics, here after writing a
// key and with a write batch open, through Chaincode.Invoke as the shim
// calls it: the process goes on, the answer is one error of status 500 and
// code BBS_INTERNAL with the same text on every peer, the chaincode log has
// the transaction ID and the panic, nothing is committed, and the next
// transaction is served.
func TestInvokeRecoversPanic(t *testing.T) {
	e := newEnv(t)
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	testPanicHook = func(stub shim.ChaincodeStubInterface) {
		fn, _ := stub.GetFunctionAndParameters()
		if !strings.HasSuffix(fn, "GetIssuer") {
			return
		}
		require.NoError(t, stub.PutState("written-before-the-panic", []byte("x")))
		stub.StartWriteBatch()
		require.NoError(t, stub.PutState("batched-before-the-panic", []byte("y")))
		var m map[string]int
		m["nil map"]++ // a runtime error, as a nil dereference is
	}
	defer func() { testPanicHook = nil }()

	keys := e.ledger.Keys()
	for _, run := range []func() (string, int32, string, bool){
		func() (string, int32, string, bool) {
			r := e.submit(e.bob, "GetIssuer", "acme")
			require.Zero(t, r.Writes, "the panicked transaction's writes reached the peer")
			require.Nil(t, r.Event)
			return r.TxID, r.Response.Status, r.Response.Message, r.Committed
		},
		func() (string, int32, string, bool) {
			r := e.evaluate(e.bob, "GetIssuer", "acme")
			require.Zero(t, r.Writes)
			return r.TxID, r.Response.Status, r.Response.Message, r.Committed
		},
	} {
		logged.Reset()
		txID, status, msg, committed := run()
		require.EqualValues(t, shim.ERROR, status)
		require.Equal(t, "BBS_INTERNAL: the transaction failed on an internal error of the chaincode (logged with its transaction ID "+txID+")", msg)
		require.Equal(t, codes.Internal, codes.Find(msg))
		require.False(t, committed)
		require.Contains(t, logged.String(), "transaction "+txID+" on channel "+testChannel+" panicked: assignment to entry in nil map")
		require.Contains(t, logged.String(), "panic_test.go") // the stack
	}
	require.Equal(t, keys, e.ledger.Keys(), "a recovered panic changed the ledger")
	require.Nil(t, e.ledger.State("written-before-the-panic"))

	// The same chaincode serves the next transaction.
	testPanicHook = nil
	requireFailure(t, e.evaluate(e.bob, "GetIssuer", "acme"), "BBS_NOT_FOUND")
}

// TestPanicInCalledContractWritesNothing: a chaincode calls the contract,
// whose transaction panics after writing; the caller ignores the error
// and its transaction commits: the contract's namespace gets none of the
// panicked call's writes, and a later call in the same transaction is
// served.
func TestPanicInCalledContractWritesNothing(t *testing.T) {
	e := cc2ccEnv(t)
	k := registerAcme(t, e)
	var logged bytes.Buffer
	log.SetOutput(&logged)
	defer log.SetOutput(os.Stderr)
	testPanicHook = func(stub shim.ChaincodeStubInterface) {
		if fn, _ := stub.GetFunctionAndParameters(); !strings.HasSuffix(fn, "GetIssuer") {
			return
		}
		require.NoError(t, stub.PutState("written-before-the-panic", []byte("x")))
		require.NoError(t, stub.SetEvent("PanicEvent", nil))
		panic("a bug")
	}
	defer func() { testPanicHook = nil }()
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("nonce after a panic"), 1))
	r, out := e.viaCaller(call(t, "GetIssuer", "acme"), call(t, "SubmitProof", req))
	require.True(t, r.Committed, r.Response.GetMessage())
	requireRefused(t, out[0], "BBS_INTERNAL: the transaction failed on an internal error of the chaincode (logged with its transaction ID "+r.TxID+")")
	requireOK(t, out[1])
	require.Nil(t, e.ledger.StateIn("bbs", "written-before-the-panic"))
	require.Contains(t, logged.String(), "transaction "+r.TxID+" on channel "+testChannel+" panicked: a bug")
}
