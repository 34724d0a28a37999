# Local Fabric test network targets; the root Makefile includes this file:
#
#   include test-network/network.mk
#
#   make network-bins     build peer, orderer, configtxgen, cryptogen, osnadmin (Fabric v2.5,
#                         from the Go module proxy; ~3 min once) and the Gateway client
#   make network-up       start orderer + peer0.org1 + peer0.org2, create and join mychannel
#   make network-deploy   deploy chaincode "bbs" (add CCAAS=1 for chaincode-as-a-service)
#   make network-down     stop everything the network started and remove its state
#   make demo             a fresh network, the chaincode, and the demo flow; leaves the network up
#   make e2e              the end-to-end test on a fresh network, torn down afterwards
#                         (once per Fabric version in E2E_FABRIC_VERSIONS: 2.5 Raft, 3.1 BFT)
#   FABRIC_VERSION=3.1    with network-bins/network-up: Fabric v3.1, four BFT orderers
#                         (v3.1 binaries are built into .bin-v3.1 only when asked for)

TEST_NETWORK := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))

.PHONY: network-deps network-bins network-up network-deploy network-down demo e2e

## network-deps: jq and the Debian tools the network scripts use
network-deps:
	@command -v jq >/dev/null 2>&1 || { \
	  echo "==> installing jq (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null; }

## network-bins: Fabric binaries in test-network/.bin (rebuilt only when missing)
network-bins:
	$(TEST_NETWORK)/scripts/build-bins.sh

## network-up: a fresh local Fabric network (no docker; 127.0.0.1 only)
network-up: network-deps network-bins
	$(TEST_NETWORK)/network.sh up

## network-deploy: the lifecycle for chaincode bbs (CCAAS=1: as a chaincode server)
network-deploy: network-deps
	$(TEST_NETWORK)/network.sh deploy $(if $(filter 1 true yes,$(CCAAS)),-ccaas)

## network-down: stop every node and chaincode process, remove test-network/.state
network-down:
	$(TEST_NETWORK)/network.sh down

## demo: fresh network + chaincode + register/verify/submit demo; the network stays up
demo: network-deps network-bins
	$(TEST_NETWORK)/network.sh down
	$(TEST_NETWORK)/network.sh up
	$(TEST_NETWORK)/network.sh deploy
	$(TEST_NETWORK)/network.sh demo

# ---- Fabric version (begin)
# Fabric versions "make e2e" runs the test on, one fresh network each
# (3.1 builds its binaries into .bin-v3.1 first, ~5 min once).
E2E_FABRIC_VERSIONS ?= 2.5 3.1
# ---- Fabric version (end)

## e2e: end-to-end test on a fresh network per Fabric version (each prints "e2e: N passed, M failed")
e2e: network-deps network-bins
	@rc=0; for v in $(E2E_FABRIC_VERSIONS); do \
	  echo "=== e2e pass: FABRIC_VERSION=$$v"; \
	  FABRIC_VERSION=$$v $(TEST_NETWORK)/e2e.sh || rc=1; \
	done; exit $$rc
