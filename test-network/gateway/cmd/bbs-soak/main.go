// SPDX-License-Identifier: Apache-2.0

// Command bbs-soak is the reliability test of the fabric-bbs chaincode on the
// local test network: a bounded load with faults injected, then an
// accounting of both peers' ledgers.
// Its flags, behaviour and exit status are documented in package soak
// (test-network/gateway/internal/soak) and in test-network/README.md.
package main

import (
	"os"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak"
)

func main() {
	os.Exit(soak.Main())
}
