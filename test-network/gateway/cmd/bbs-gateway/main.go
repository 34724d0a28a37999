// SPDX-License-Identifier: Apache-2.0

// Command bbs-gateway talks to the fabric-bbs chaincode through the Fabric Gateway,
// as an application would: evaluate, submit, endorse, flow and events.
// Its flags, behaviour and exit status are documented in package gatewaycli
// (test-network/gateway/internal/gatewaycli) and in test-network/README.md.
package main

import (
	"os"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/gatewaycli"
)

func main() {
	os.Exit(gatewaycli.Main())
}
