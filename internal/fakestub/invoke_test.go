// SPDX-License-Identifier: Apache-2.0

package fakestub

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// scriptCC runs its arguments as operations and answers, as a JSON array,
// one string per operation:
//
//	put:k=v            writes v to k ("")
//	get:k              reads k (its value)
//	event:name         sets an event ("")
//	fail:msg           returns shim.Error(msg) at once
//	whoami             the stub's transaction ID, channel, creator, timestamp, transient and arguments
//	proposal           the signed proposal's channel, transaction ID, chaincode (header extension and invocation spec) and arguments
//	call:cc:ch:op;op   invokes cc on channel ch with the operations ("status|message|payload")
var scriptCC = chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response {
	var out []string
	for _, op := range stub.GetStringArgs() {
		verb, arg, _ := strings.Cut(op, ":")
		switch verb {
		case "put":
			k, v, _ := strings.Cut(arg, "=")
			if err := stub.PutState(k, []byte(v)); err != nil {
				return shim.Error(err.Error())
			}
			out = append(out, "")
		case "get":
			v, err := stub.GetState(arg)
			if err != nil {
				return shim.Error(err.Error())
			}
			out = append(out, string(v))
		case "event":
			if err := stub.SetEvent(arg, []byte(arg)); err != nil {
				return shim.Error(err.Error())
			}
			out = append(out, "")
		case "fail":
			return shim.Error(arg)
		case "whoami":
			creator, _ := stub.GetCreator()
			ts, _ := stub.GetTxTimestamp()
			tr, _ := stub.GetTransient()
			out = append(out, fmt.Sprintf("%s %s %x %d %s %q", stub.GetTxID(), stub.GetChannelID(), creator, ts.Seconds, tr["t"], stub.GetStringArgs()))
		case "proposal":
			p, err := proposalOf(stub)
			if err != nil {
				return shim.Error(err.Error())
			}
			out = append(out, p)
		case "call":
			parts := strings.SplitN(arg, ":", 3)
			var args [][]byte
			for _, a := range strings.Split(parts[2], ";") {
				args = append(args, []byte(a))
			}
			r := stub.InvokeChaincode(parts[0], args, parts[1])
			out = append(out, fmt.Sprintf("%d|%s|%s", r.Status, r.Message, r.Payload))
		default:
			return shim.Error("unknown operation " + op)
		}
	}
	b, _ := json.Marshal(out)
	return shim.Success(b)
})

// otherCC is scriptCC as a distinct chaincode value.
var otherCC = chaincodeFunc(func(stub shim.ChaincodeStubInterface) *peer.Response { return scriptCC(stub) })

func outputs(t *testing.T, r Result) []string {
	t.Helper()
	require.True(t, r.OK(), "%s %s", r.Response.Message, r.Response.Payload)
	var out []string
	require.NoError(t, json.Unmarshal(r.Response.Payload, &out))
	return out
}

// twoChaincodes is a channel with "app" (scriptCC, any endorsement) and
// "lib" (otherCC, endorsed by Org2MSP), and a channel "ch2" with "lib".
func twoChaincodes(t *testing.T) (*Ledger, *Ledger) {
	t.Helper()
	l := NewLedger("ch")
	require.NoError(t, l.Deploy("app", &scriptCC, nil))
	require.NoError(t, l.Deploy("lib", &otherCC, MSPPolicy(1, "Org2MSP")))
	other := NewLedger("ch2")
	require.NoError(t, other.Deploy("lib", &otherCC, nil))
	l.Connect(other)
	return l, other
}

func TestInvokeChaincode(t *testing.T) {
	org1 := creatorOf(t, "Org1MSP")
	both := []string{"Org1MSP", "Org2MSP"}
	for _, tc := range []struct {
		name      string
		endorsers []string
		args      []string
		check     func(t *testing.T, l, other *Ledger, r Result)
	}{{
		name: "same transaction, own namespace", endorsers: both,
		args: []string{"put:k=app", "whoami", "call:lib::whoami;put:k=lib;get:k"},
		check: func(t *testing.T, l, _ *Ledger, r Result) {
			out := outputs(t, r)
			var me, callee []string
			require.NoError(t, json.Unmarshal([]byte(strings.SplitN(out[2], "|", 3)[2]), &callee))
			me = strings.Fields(out[1])
			cs := strings.Fields(callee[0])
			require.Equal(t, me[:5], cs[:5], "transaction ID, channel, creator, timestamp, transient")
			require.Equal(t, r.TxID, me[0])
			require.Contains(t, callee[0], `["whoami" "put:k=lib" "get:k"]`, "the callee gets its own arguments")
			require.Equal(t, "", callee[2], "the callee reads its own namespace, committed state only")
			require.True(t, r.Committed)
			require.Equal(t, 2, r.Writes)
			require.Equal(t, "app", string(l.StateIn("app", "k")))
			require.Equal(t, "lib", string(l.StateIn("lib", "k")))
		},
	}, {
		name: "callee failure returned, not fatal", endorsers: both,
		args: []string{"call:lib::put:x=1;fail:no entry"},
		check: func(t *testing.T, l, _ *Ledger, r Result) {
			out := outputs(t, r)
			require.Equal(t, "500|no entry|", out[0], "status and message as the callee made them")
			require.True(t, r.Committed, "the caller decides")
			require.Equal(t, "1", string(l.StateIn("lib", "x")), "the failed callee's writes stay in the read-write set")
		},
	}, {
		name: "callee event dropped", endorsers: both,
		args: []string{"event:mine", "call:lib::event:theirs"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			require.Equal(t, "mine", r.Event.EventName)
		},
	}, {
		name: "callee event alone dropped", endorsers: both,
		args: []string{"call:lib::event:theirs"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			require.Nil(t, r.Event)
		},
	}, {
		name: "not deployed", args: []string{"call:nothere::whoami"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			out := outputs(t, r)
			require.Regexp(t, `^500\|\|INVOKE_CHAINCODE failed: transaction ID: [0-9a-f]+: .*chaincode nothere not found$`, out[0])
		},
	}, {
		name: "re-entry refused", endorsers: both, args: []string{"call:lib::call:app::whoami"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			out := outputs(t, r)
			require.Contains(t, out[0], "(ch) exists", out[0])
		},
	}, {
		name: "self-invocation refused", args: []string{"call:app::whoami"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			require.Contains(t, outputs(t, r)[0], "(ch) exists")
		},
	}, {
		name: "other channel is a query", args: []string{"call:lib:ch2:whoami;get:k;put:k=changed"},
		check: func(t *testing.T, _, other *Ledger, r Result) {
			out := outputs(t, r)
			require.True(t, strings.HasPrefix(out[0], "200||"), out[0])
			require.Contains(t, out[0], " ch2 ", "the callee runs on its channel")
			require.Contains(t, out[0], `other channel`, "it reads that channel's state")
			require.True(t, r.Committed)
			require.Zero(t, r.Writes)
			require.Equal(t, "other channel", string(other.StateIn("lib", "k")), "its writes are discarded")
		},
	}, {
		name: "unknown channel", args: []string{"call:lib:nowhere:whoami"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			require.Contains(t, outputs(t, r)[0], "failed to find ledger for channel: nowhere")
		},
	}, {
		name: "callee's namespace validated against its policy", endorsers: []string{"Org1MSP"},
		args: []string{"put:k=app", "call:lib::put:k=lib"},
		check: func(t *testing.T, l, _ *Ledger, r Result) {
			require.True(t, r.OK())
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
			require.Contains(t, r.ValidationDetail, "namespace lib")
			require.Nil(t, l.StateIn("app", "k"), "nothing of the transaction commits")
		},
	}, {
		name: "a namespace only read is not validated", endorsers: []string{"Org1MSP"},
		args: []string{"put:k=app", "call:lib::get:k"},
		check: func(t *testing.T, _, _ *Ledger, r Result) {
			require.Equal(t, peer.TxValidationCode_VALID, r.Validation)
		},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			l, other := twoChaincodes(t)
			s := other.newTx(nil, nil).stub("lib", nil)
			require.NoError(t, s.PutState("k", []byte("other channel")))
			other.Commit(s)
			r := l.SubmitBlock(&scriptCC, Tx{Creator: org1, Args: tc.args, Endorsers: tc.endorsers, Transient: map[string][]byte{"t": []byte("secret")}})[0]
			tc.check(t, l, other, r)
		})
	}
}

func TestInvokeChaincodeValidation(t *testing.T) {
	org1 := creatorOf(t, "Org1MSP")
	both := []string{"Org1MSP", "Org2MSP"}

	// The invoked chaincode's policy is checked even when only the callee writes.
	l, _ := twoChaincodes(t)
	require.NoError(t, l.Deploy("app", &scriptCC, MSPPolicy(1, "Org3MSP")))
	r := l.SubmitAs(&scriptCC, both, org1, "call:lib::put:k=1")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
	require.Contains(t, r.ValidationDetail, "namespace app")
	require.Equal(t, peer.TxValidationCode_VALID, l.SubmitAs(&scriptCC, append(both, "Org3MSP"), org1, "call:lib::put:k=1").Validation)

	// Reads in the callee's namespace are checked for MVCC conflicts, and
	// one key name in two namespaces is two keys.
	l, _ = twoChaincodes(t)
	rs := l.SubmitBlock(&scriptCC,
		Tx{Creator: org1, Endorsers: both, Args: []string{"call:lib::get:k;put:k=1"}},
		Tx{Creator: org1, Endorsers: both, Args: []string{"call:lib::get:k;put:k=2"}},
		Tx{Creator: org1, Endorsers: both, Args: []string{"get:k", "put:k=3"}})
	require.Equal(t, peer.TxValidationCode_VALID, rs[0].Validation)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	require.Contains(t, rs[1].ValidationDetail, "namespace lib")
	require.Equal(t, peer.TxValidationCode_VALID, rs[2].Validation)
	require.Equal(t, "1", string(l.StateIn("lib", "k")))
	require.Equal(t, "3", string(l.StateIn("app", "k")))

	// A key-level policy in the callee's namespace governs its key.
	l, _ = twoChaincodes(t)
	s := l.newTx(nil, nil).stub("lib", nil)
	require.NoError(t, s.PutState("k", []byte("0")))
	require.NoError(t, s.SetStateValidationParameter("k", MSPPolicy(1, "Org1MSP")))
	l.Commit(s)
	require.Equal(t, MSPPolicy(1, "Org1MSP"), l.ValidationParameterIn("lib", "k"))
	require.Equal(t, peer.TxValidationCode_VALID, l.SubmitAs(&scriptCC, []string{"Org1MSP"}, org1, "call:lib::put:k=1").Validation,
		"the key-level policy replaces lib's chaincode policy for k")
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, l.SubmitAs(&scriptCC, []string{"Org2MSP"}, org1, "call:lib::put:k=2").Validation)

	// The peer drops a ":version" suffix of the name.
	resp := l.newTx(org1, nil).stub("app", nil).InvokeChaincode("lib:2.0", [][]byte{[]byte("get:k")}, "")
	require.Equal(t, int32(shim.OK), resp.Status, "%s", resp.Payload)
	require.Equal(t, `["1"]`, string(resp.Payload))

	// Evaluate runs callees too, and commits nothing.
	r = l.Evaluate(&scriptCC, org1, "call:lib::put:k=9;get:k")
	require.Equal(t, `["200||[\"\",\"1\"]"]`, string(r.Response.Payload))
	require.Equal(t, "1", string(l.StateIn("lib", "k")))

	require.Error(t, l.Deploy("", &scriptCC, nil))
	require.Error(t, l.Deploy(DefaultNamespace, &scriptCC, nil))
	require.Error(t, l.Deploy("x", &scriptCC, []byte("not a policy")))
}

func TestUndeployedChaincodeRunsInDefaultNamespace(t *testing.T) {
	l := NewLedger("ch")
	require.NoError(t, l.Deploy("app", &scriptCC, nil))
	require.True(t, l.Submit(&scriptCC, nil, "put:k=deployed").Committed)
	require.True(t, l.Submit(scriptCC, nil, "put:k=default").Committed, "a func value cannot be compared: never taken for a deployment")
	require.True(t, l.Submit(&otherCC, nil, "put:k=other").Committed)
	require.Equal(t, "deployed", string(l.StateIn("app", "k")))
	require.Equal(t, "other", string(l.State("k")))
	require.Equal(t, []string{"k"}, l.Keys())
}
