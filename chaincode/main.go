// SPDX-License-Identifier: Apache-2.0

// Command chaincode runs the fabric-bbs contract (package contract) as
// Hyperledger Fabric chaincode, launched by a peer or as
// chaincode-as-a-service; package internal/ccmain documents the
// environment variables that choose the mode and its TLS.
//
// BBS_CHAINCODE_NAME is the name the chaincode is deployed under on its
// channels ("bbs" when unset): owner-only transactions run only when the
// client's proposal invokes the chaincode of that name, not through
// another chaincode. Every endorsing peer's chaincode must have the same.
package main

import (
	"log"
	"os"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/ccmain"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

func main() {
	name := os.Getenv("BBS_CHAINCODE_NAME")
	if name == "" {
		name = contract.Name
	}
	newCC := func() (shim.Chaincode, error) { return contract.NewChaincodeAs(name) }
	if err := ccmain.Run("fabric-bbs chaincode "+contract.Version, newCC, os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("fabric-bbs chaincode: %v", err)
	}
}
