// SPDX-License-Identifier: Apache-2.0

// Command spendtestcc is a test chaincode for the end-to-end test of one
// spend per transaction (test-network/e2e/spends.sh): it calls another
// chaincode several times in one transaction.
//
// Call(target, call...) invokes chaincode target once per call, in order,
// in the same transaction; each call is a JSON array [function, argument].
// It answers the JSON array of the responses ({status, message, payload},
// the payload as a string) and succeeds whatever they are, as a caller
// that ignores a failed call would. Any other function answers {} (the
// network's deploy checks call GetMetadata and ListIssuers).
//
// Package internal/ccmain documents the environment variables that choose
// the mode (peer-launched or chaincode-as-a-service).
package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"

	"github.com/fabric-bbs/fabric-bbs/internal/ccmain"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// caller is the chaincode.
type caller struct{}

// response is one call's response.
type response struct {
	Status  int32  `json:"status"`
	Message string `json:"message"`
	Payload string `json:"payload"`
}

func (caller) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (caller) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	args := stub.GetArgs()
	if len(args) == 0 || string(args[0]) != "Call" {
		return shim.Success([]byte("{}"))
	}
	if len(args) < 3 {
		return shim.Error("Call needs a target chaincode and at least one call")
	}
	target := string(args[1])
	out := []response{}
	for i, arg := range args[2:] {
		var call []string
		if err := json.Unmarshal(arg, &call); err != nil || len(call) != 2 {
			return shim.Error(fmt.Sprintf("call %d: want a JSON array [function, argument]", i))
		}
		r := stub.InvokeChaincode(target, [][]byte{[]byte(call[0]), []byte(call[1])}, "")
		out = append(out, response{Status: r.GetStatus(), Message: r.GetMessage(), Payload: string(r.GetPayload())})
	}
	b, err := json.Marshal(out)
	if err != nil {
		return shim.Error(err.Error())
	}
	return shim.Success(b)
}

func main() {
	newCC := func() (shim.Chaincode, error) { return caller{}, nil }
	if err := ccmain.Run("spendtestcc", newCC, os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("spendtestcc: %v", err)
	}
}
