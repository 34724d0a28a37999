// Command chaincode runs the fabric-bbs contract (package contract) as
// Hyperledger Fabric chaincode, launched by a peer or as
// chaincode-as-a-service; package internal/ccmain documents the
// environment variables that choose the mode and its TLS.
package main

import (
	"log"
	"os"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/ccmain"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

func main() {
	newCC := func() (shim.Chaincode, error) { return contract.NewChaincode() }
	if err := ccmain.Run("fabric-bbs chaincode "+contract.Version, newCC, os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("fabric-bbs chaincode: %v", err)
	}
}
