# SPDX-License-Identifier: Apache-2.0
# Local Fabric test network targets; the root Makefile includes this file:
#
#   include test-network/network.mk
#
#   make network-bins     build peer, orderer, configtxgen, cryptogen, osnadmin (Fabric v2.5,
#                         from the Go module proxy, once; how long: docs/network.md) and the Gateway client
#   make network-up       start orderer + peer0.org1 + peer0.org2, create and join mychannel
#   make network-deploy   deploy chaincode "bbs" (add CCAAS=1 for chaincode-as-a-service)
#   make network-down     stop everything the network started and remove its state
#   make demo             a fresh network, the chaincode, and the demo flow; leaves the network up
#   make e2e              the end-to-end test on a fresh network, torn down afterwards, once per
#                         Fabric version in E2E_FABRIC_VERSIONS (default 2.5 Raft and 3.1 BFT)
#                         and per state database in E2E_STATE_DBS (default goleveldb; couchdb with
#                         pouchdb-server does not work, see docs/network.md)
#   FABRIC_VERSION=3.1    with network-bins/network-up: Fabric v3.1, four BFT orderers
#                         (v3.1 binaries are built into .bin-v3.1 only when asked for)
#   make network-couchdb-deps   pouchdb-server (pinned in couchdb/package-lock.json) into test-network/.state-tools (npm ci)
#   make bench-network    throughput on a fresh network (bbs-load), torn down afterwards
#   make soak             the soak test on a fresh network, torn down afterwards

TEST_NETWORK := $(patsubst %/,%,$(dir $(lastword $(MAKEFILE_LIST))))

.PHONY: network-deps network-netns-deps network-couchdb-deps network-image-deps network-bins network-up network-deploy network-down demo e2e

# State databases "make e2e" runs the test on, one fresh network each.
E2E_STATE_DBS ?= goleveldb

## network-deps: jq and the Debian tools the network scripts use
network-deps:
	@command -v jq >/dev/null 2>&1 || { \
	  echo "==> installing jq (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq jq >/dev/null; }

## network-image-deps: podman and runc for the e2e's chaincode-server images, and debootstrap for
## the build stage of ./Dockerfile (scripts/ccaas-image.sh)
network-image-deps:
	@command -v podman >/dev/null 2>&1 && command -v runc >/dev/null 2>&1 && command -v debootstrap >/dev/null 2>&1 || { \
	  echo "==> installing podman, runc and debootstrap (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap >/dev/null; }

## network-netns-deps: ip (iproute2) for NETNS=1 (each organisation in a network namespace)
network-netns-deps:
	@command -v ip >/dev/null 2>&1 || { \
	  echo "==> installing iproute2 (apt-get)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq iproute2 >/dev/null; }

## network-couchdb-deps: pouchdb-server for STATE_DB=couchdb (Node.js and npm needed)
network-couchdb-deps:
	$(TEST_NETWORK)/scripts/install-couchdb.sh

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
# Fabric versions "make e2e" runs the test on, one fresh network each per state
# database (3.1 builds its binaries into .bin-v3.1 first, once).
E2E_FABRIC_VERSIONS ?= 2.5 3.1
# ---- Fabric version (end)

## e2e: end-to-end test on a fresh network per Fabric version and state database
## (each pass prints "e2e: N passed, M failed")
e2e: network-deps network-image-deps network-bins
	@rc=0; for v in $(E2E_FABRIC_VERSIONS); do for db in $(E2E_STATE_DBS); do \
	  echo "=== e2e pass: FABRIC_VERSION=$$v STATE_DB=$$db"; \
	  FABRIC_VERSION=$$v STATE_DB=$$db $(TEST_NETWORK)/e2e.sh || rc=1; \
	done; done; exit $$rc

# ---- bench-network: not part of make test -------------------------
.PHONY: bench-network network-unit

## bench-network: committed tx/s, verified proofs/s and commit latency of a light write,
## SubmitProof and SubmitProofs (32 per tx) for each scheme, on a fresh network torn down
## afterwards; all three again in BENCH_ROUNDS (3) rounds with medians (BENCH_COUNT,
## BENCH_INFLIGHT, BENCH_BATCH, BENCH_SCHEMES, BENCH_ROUNDS, CCAAS=1)
bench-network: network-deps network-bins
	$(TEST_NETWORK)/scripts/bench-network.sh

## bench-overhead: the chaincode's CPU above the verification floor (light write, SubmitProof,
## SubmitProofs, with CPU profiles of both chaincode processes), OVERHEAD_ROUNDS (3) rounds on
## a fresh network torn down afterwards (OVERHEAD_COUNT, OVERHEAD_BATCH_COUNT, OVERHEAD_KEEP=1)
.PHONY: bench-overhead
bench-overhead: network-deps network-bins
	$(TEST_NETWORK)/scripts/bench-overhead.sh

## bench-caliper: Hyperledger Caliper 0.6.0 (Fabric Gateway binding, npm, pinned) and bbs-load
## side by side in one run: light write, SubmitProof, SubmitProofs; a fresh network, or
## CALIPER_NETWORK=running for make demo's (BENCH_COUNT, BENCH_BATCH_COUNT, BENCH_SCHEME,
## CALIPER_INFLIGHT, CALIPER_WORKERS)
.PHONY: bench-caliper
bench-caliper: network-deps network-bins
	$(TEST_NETWORK)/scripts/caliper.sh

## network-unit: unit tests of the Gateway client, bbs-load and its engine (module
## test-network/gateway; no network), and of NETNS=1's scripts (scripts/netns-test.sh,
## without root); part of make test
network-unit:
	cd $(TEST_NETWORK)/gateway && GOWORK=off GOFLAGS=-mod=readonly $(GO) test -count=1 ./...
	$(TEST_NETWORK)/scripts/netns-test.sh
# ---- end bench-network --------------------------------------------------------

## bench-growth: the contract's transactions as the ledger grows: fill a fresh network
## through SubmitProofs to each of GROWTH_SIZES verification records, probe at each
## (GROWTH_PROBE each) SubmitProof, SubmitCredential, a status-list VerifyProof and update,
## a non-revocation presentation, revocations and a holder's witness update; then a
## 1,048,576-entry status list with GROWTH_BITS set and an accumulator after
## GROWTH_REVOCATIONS revocations; report, tables and SVG plot in test-network/.growth/
## (GROWTH_SCHEME, GROWTH_BATCH, GROWTH_INFLIGHT, GROWTH_REVOKE, GROWTH_CHUNK,
## GROWTH_WORKERS, GROWTH_KEEP; see growth.sh; not part of make test)
.PHONY: bench-growth
bench-growth: network-deps network-bins
	$(TEST_NETWORK)/growth/growth.sh

# ---- soak: not part of make test (make e2e runs a short one) ------------------
.PHONY: soak

## soak: 10,000 SubmitProof transactions over 15 minutes (valid, replayed,
## tampered, malformed, misbound) from 4 clients with chaincode kills, peers
## and orderers stopped and SIGKILLed (FABRIC_VERSION=3.1: the SmartBFT leader),
## then the accounting of both peers' ledgers, on a fresh Fabric network
## (FABRIC_VERSION=2.5 by default, or 3.1) torn down afterwards (SOAK_TX, SOAK_MINUTES, SOAK_PER_SCHEME,
## SOAK_INFLIGHT, SOAK_RATE, SOAK_FAULTS, SOAK_MEM_INTERVAL, CCAAS=1; report,
## memory samples and an SVG plot in test-network/.soak/)
soak: network-deps network-bins
	FABRIC_VERSION=$(or $(FABRIC_VERSION),2.5) $(TEST_NETWORK)/scripts/soak.sh
# ---- end soak ------------------------------------------------------------------

# ---- package: the operator's chaincode packages ------------------------------
.PHONY: package

## package: the chaincode packages an operator installs (type golang with vendor/,
## and chaincode-as-a-service) with their package IDs, into dist/ (PACKAGE_DIR);
## CCAAS_ADDRESS, CCAAS_ROOT_CERT, CCAAS_MTLS, CCAAS_CLIENT_TEMPLATES shape the
## ccaas package's connection.json (see docs/deploy.md). Needs only go, git and
## tar: cmd/ccpackage writes them as the peer CLI would, no Fabric binary
package:
	$(TEST_NETWORK)/network.sh package $(PACKAGE_DIR)
# ---- end package ---------------------------------------------------------------

# ---- client samples: examples/client/go (own module) and examples/client/node --
.PHONY: examples-client-unit examples-client-bins examples-client-node-deps

# The Go sample is built, vetted and unit-tested with the Gateway client's tests.
network-unit: examples-client-unit

## examples-client-unit: vet and unit-test the Go client sample (module examples/client/go; no network)
examples-client-unit:
	cd $(TEST_NETWORK)/../examples/client/go && GOWORK=off GOFLAGS=-mod=readonly $(GO) vet ./... && \
	  GOWORK=off GOFLAGS=-mod=readonly $(GO) test -count=1 ./...

## examples-client-bins: the Go client sample into test-network/.bin/bbs-client-go
examples-client-bins:
	cd $(TEST_NETWORK)/../examples/client/go && GOWORK=off GOFLAGS=-mod=readonly $(GO) build -trimpath -o $(abspath $(TEST_NETWORK))/.bin/bbs-client-go .

## examples-client-node-deps: the Node.js sample's packages, npm ci from its package-lock.json
examples-client-node-deps:
	$(TEST_NETWORK)/scripts/install-client-node.sh
# ---- end client samples --------------------------------------------------------
