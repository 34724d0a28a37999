// SPDX-License-Identifier: Apache-2.0

// Command bbs-load measures the throughput of the fabric-bbs chaincode on the
// local test network through the Fabric Gateway.
// Its flags, behaviour and exit status are documented in package load
// (test-network/gateway/internal/load) and in test-network/README.md.
package main

import (
	"os"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load"
)

func main() {
	os.Exit(load.Main())
}
