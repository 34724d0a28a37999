// SPDX-License-Identifier: Apache-2.0

// Command poll runs the poll example chaincode (package pollcc), launched
// by a peer or as chaincode-as-a-service: package internal/ccmain documents
// the environment variables that choose the mode and its TLS. It calls the
// bbs chaincode of the same channel.
package main

import (
	"log"
	"os"

	"github.com/fabric-bbs/fabric-bbs/examples/poll/pollcc"
	"github.com/fabric-bbs/fabric-bbs/internal/ccmain"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

func main() {
	newCC := func() (shim.Chaincode, error) { return pollcc.NewChaincode() }
	if err := ccmain.Run("fabric-bbs poll chaincode "+pollcc.Version, newCC, os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("poll chaincode: %v", err)
	}
}
