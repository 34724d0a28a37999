// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// echoCC answers each call with its argument, or fails when it is "fail".
type echoCC struct{}

func (echoCC) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (echoCC) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	args := stub.GetStringArgs()
	if args[1] == "fail" {
		return shim.Error(args[0] + " failed")
	}
	return shim.Success([]byte(args[0] + ":" + args[1]))
}

func TestCall(t *testing.T) {
	l := fakestub.NewLedger("ch")
	require.NoError(t, l.Deploy("echo", echoCC{}, nil))
	require.NoError(t, l.Deploy("spendtestcc", caller{}, nil))
	r := l.Submit(caller{}, nil, "Call", "echo", `["A","x"]`, `["B","fail"]`, `["A","y"]`)
	require.True(t, r.OK(), r.Response.GetMessage())
	var out []response
	require.NoError(t, json.Unmarshal(r.Response.Payload, &out))
	require.Equal(t, []response{{Status: 200, Payload: "A:x"}, {Status: 500, Message: "B failed"}, {Status: 200, Payload: "A:y"}}, out)

	require.False(t, l.Submit(caller{}, nil, "Call", "echo").OK())
	require.False(t, l.Submit(caller{}, nil, "Call", "echo", `"not an array"`).OK())
	r = l.Evaluate(caller{}, nil, "org.hyperledger.fabric:GetMetadata")
	require.True(t, r.OK())
	require.Equal(t, "{}", string(r.Response.Payload))
}
