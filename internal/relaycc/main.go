// SPDX-License-Identifier: Apache-2.0

// Command relaycc is a test chaincode for the real network (e2e/trust.sh):
// it forwards its arguments, exactly as the client gave them, to the
// chaincode named by RELAY_TARGET ("bbs" when unset) on the same channel,
// and answers what that chaincode answers. It is the caller of a
// confused-deputy attack: a client that invokes it with bbs's own
// arguments makes bbs see the client as the submitter, and bbs must still
// refuse owner-only transactions that do not invoke it directly.
//
// It runs as internal/ccmain runs the other chaincodes of this module.
package main

import (
	"log"
	"os"

	"github.com/fabric-bbs/fabric-bbs/internal/ccmain"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// relay forwards every invocation to target.
type relay struct{ target string }

func (r relay) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (r relay) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	return stub.InvokeChaincode(r.target, stub.GetArgs(), "")
}

func main() {
	target := os.Getenv("RELAY_TARGET")
	if target == "" {
		target = "bbs"
	}
	newCC := func() (shim.Chaincode, error) { return relay{target: target}, nil }
	if err := ccmain.Run("relay to "+target, newCC, os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("relaycc: %v", err)
	}
}
