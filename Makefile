# SPDX-License-Identifier: Apache-2.0
# fabric-bbs: build, test and benchmark targets.
#
#   make test    the full test suite (what CI runs)
#   make demo    a local Fabric network with the chaincode and a verified proof

GO        ?= go
# The unit tests run with the Go of the oldest Fabric line whose builders the
# chaincode supports (Fabric v3.1.0's ccenv: Go 1.24.0, the go line of go.mod):
# the machine's go when it is Go 1.24, else Debian's golang-1.24, fetched once
# (scripts/go-toolchain.sh). `make unit UNIT_GO=go` uses the machine's.
UNIT_GO   ?= $(shell scripts/go-toolchain.sh 1.24)
# Every build and test uses the committed vendor/ and no module download,
# as a peer building the chaincode does.
VENDORED  := GOFLAGS=-mod=vendor GOPROXY=off
PKGS      := ./...
FUZZTIME  ?= 15s
# Go's minimizer is quadratic in the input's length: on the kilobyte JSON seeds of
# vc.FuzzVerify2020Document it spends the default 60 s on each new input (docs/testing.md#fuzzing).
FUZZMINIMIZETIME ?= 100x
BENCHCOUNT ?= 5

.PHONY: all build test unit check fmt-check vet maprange spdx spdx-check vendor vendor-check ccenv-build bench fuzz clean

all: build

## build: compile every package and the bbs CLI into bin/
build:
	$(VENDORED) $(GO) build $(PKGS)
	$(VENDORED) $(GO) build -trimpath -o bin/bbs ./cmd/bbs

## test: static checks, every unit test, then the end-to-end test on a real local Fabric network
test: check unit network-unit e2e

## unit: every Go unit test, from vendor/, and those of the contract/codes module, with UNIT_GO
unit:
	@go=$(UNIT_GO); [ -n "$$go" ] || { echo "make unit: no Go 1.24 (scripts/go-toolchain.sh 1.24)"; exit 1; }; \
	set -x; GOTOOLCHAIN=local $(VENDORED) $$go test -count=1 -timeout 30m $(PKGS) && \
	cd contract/codes && GOTOOLCHAIN=local GOWORK=off GOFLAGS= GOPROXY=off $$go test -count=1 ./...

## check: gofmt, go vet, map ranges in the chaincode, the SPDX headers, go.mod/vendor in step, and the ccenv build
check: fmt-check vet maprange spdx-check vendor-check ccenv-build

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '^vendor/')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi

vet:
	$(VENDORED) $(GO) vet $(PKGS)
	cd contract/codes && GOWORK=off GOFLAGS= GOPROXY=off $(GO) vet ./...

## maprange: fail on a range over a map (or maps.Keys, ...) in the non-test code of a package
## the chaincode links, unless annotated //bbs:maporder-ok <why> (docs/testing.md#map-order)
maprange:
	$(VENDORED) $(GO) run ./internal/tools/maprange ./chaincode/ ./internal/ccmain

## spdx: add the SPDX licence header where a source file lacks it (scripts/spdx.sh)
spdx:
	scripts/spdx.sh add

## spdx-check: fail if a source file lacks the SPDX licence header (and test scripts/spdx.sh)
spdx-check:
	scripts/spdx-test.sh
	scripts/spdx.sh check

## vendor: refresh go.sum and vendor/ from go.mod
vendor:
	$(GO) mod tidy
	$(GO) mod vendor

## vendor-check: fail if go mod tidy or go mod vendor would change anything
vendor-check:
	@tmp=$$(mktemp -d); trap 'rm -rf $$tmp' EXIT; \
	cp go.mod go.sum $$tmp/; \
	$(GO) mod tidy && $(GO) mod vendor; \
	if ! git diff --quiet -- go.mod go.sum vendor || [ -n "$$(git status --porcelain -- vendor)" ]; then \
		echo "go mod tidy / go mod vendor changed go.mod, go.sum or vendor/: run 'make vendor' and commit"; \
		git --no-pager diff --stat -- go.mod go.sum vendor; git status --porcelain -- vendor | head; \
		cp $$tmp/go.mod $$tmp/go.sum .; exit 1; \
	fi

## ccenv-build: build the chaincode as fabric-ccenv does, with the Go of each supported Fabric line
## (scripts/ccenv-build.sh: the package's files, -mod=vendor, GOTOOLCHAIN=local GOPROXY=off), after
## the script's own test (scripts/ccenv-build-test.sh)
ccenv-build:
	scripts/ccenv-build-test.sh
	scripts/ccenv-build.sh

## bench: the bbs benchmarks, BENCHCOUNT runs each
bench:
	$(VENDORED) $(GO) test -run '^$$' -bench . -count $(BENCHCOUNT) ./bbs/

## fuzz: run each fuzz target briefly (FUZZTIME each), the main module's and the Gateway client's
fuzz:
	@set -e; for pkg in $$($(VENDORED) $(GO) list $(PKGS)); do \
		dir=$$($(VENDORED) $(GO) list -f '{{.Dir}}' $$pkg); \
		for t in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/func //'); do \
			echo "== $$pkg $$t"; \
			$(VENDORED) $(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) $$pkg; \
		done; \
	done
	cd contract/codes && GOWORK=off GOFLAGS= GOPROXY=off $(GO) test -run '^$$' -fuzz '^FuzzFind$$' -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) .
	@set -e; cd test-network/gateway; for pkg in $$(GOWORK=off $(GO) list ./...); do \
		dir=$$(GOWORK=off $(GO) list -f '{{.Dir}}' $$pkg); \
		for t in $$(grep -ho '^func Fuzz[A-Za-z0-9_]*' $$dir/*_test.go 2>/dev/null | sed 's/func //'); do \
			echo "== $$pkg $$t"; \
			GOWORK=off GOFLAGS=-mod=readonly $(GO) test -run '^$$' -fuzz "^$$t\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime $(FUZZMINIMIZETIME) $$pkg; \
		done; \
	done

## clean: remove build output
clean:
	rm -rf bin
	$(GO) clean -testcache

# The local Fabric network (make demo, make e2e, make network-down, ...).
-include test-network/network.mk
