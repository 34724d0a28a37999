#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Builds the Fabric v2.5 binaries (peer, orderer, configtxgen, cryptogen,
# osnadmin) from the Go module pinned in test-network/tools/go.mod into
# test-network/.bin/, and the Gateway client (test-network/gateway) into
# test-network/.bin/bbs-gateway.
# FABRIC_VERSION=3.1: Fabric v3.1 from tools-v3/go.mod into .bin-v3.1/ (and
# the Gateway client there too); built only when asked for.
#
# Fabric binaries are rebuilt only when one is missing or tools/go.mod
# changed (how long that takes: docs/network.md); the gateway client is rebuilt when
# its sources are newer than the binary. Only the Go module proxy is used.
#
#   scripts/build-bins.sh            # both
#   scripts/build-bins.sh fabric     # Fabric binaries only
#   scripts/build-bins.sh gateway    # gateway client only
#   scripts/build-bins.sh toxiproxy  # toxiproxy-server (tools-toxiproxy/go.mod)
#                                    # into .bin-toxiproxy/, for network faults
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
[ -n "${HOME:-}" ] || { HOME="$(cd ~ && pwd)"; export HOME; }   # go needs it
BIN_DIR="$TN_DIR/.bin"
TOOLS_DIR="$TN_DIR/tools"
# ---- Fabric version (begin): 2.5 (default) or 3.1, as in env.sh
case "${FABRIC_VERSION:-2.5}" in
  2.5) ;;
  3.1) BIN_DIR="$TN_DIR/.bin-v3.1" TOOLS_DIR="$TN_DIR/tools-v3" ;;
  *) echo "ERROR: FABRIC_VERSION=$FABRIC_VERSION is not supported (2.5 or 3.1)" >&2; exit 2 ;;
esac
# ---- Fabric version (end)
FABRIC_TOOLS=(peer orderer configtxgen cryptogen osnadmin)
what="${1:-all}"

command -v go >/dev/null || { echo "ERROR: 'go' is not on PATH" >&2; exit 1; }
mkdir -p "$BIN_DIR"

build_fabric() {
  local stamp_file="$BIN_DIR/.fabric-stamp" stamp missing=()
  stamp="$(sha256sum "$TOOLS_DIR/go.mod" "$TOOLS_DIR/go.sum" | sha256sum | cut -c1-16)"
  for t in "${FABRIC_TOOLS[@]}"; do
    [ -x "$BIN_DIR/$t" ] || missing+=("$t")
  done
  if [ ${#missing[@]} -eq 0 ] && [ "$(cat "$stamp_file" 2>/dev/null)" = "$stamp" ]; then
    echo "==> Fabric binaries are up to date in $BIN_DIR (delete the folder to force a rebuild)"
    return
  fi
  local version
  version="$(awk '$1 == "github.com/hyperledger/fabric" {print $2}' "$TOOLS_DIR/go.mod")"
  echo "==> Building Fabric $version: ${FABRIC_TOOLS[*]} -> $BIN_DIR (once; docs/network.md says how long)"
  local start=$SECONDS
  # -mod=readonly: go.mod/go.sum are committed, nothing is resolved anew.
  (cd "$TOOLS_DIR" && GOWORK=off GOFLAGS="-mod=readonly -buildvcs=false" \
    go build -trimpath -o "$BIN_DIR/" tool)
  echo "$stamp" > "$stamp_file"
  echo "    built in $((SECONDS - start)) s"
  "$BIN_DIR/peer" version | sed 's/^/    /'
}

build_gateway() {
  local out="$BIN_DIR/bbs-gateway"
  if [ -x "$out" ] && [ -z "$(find "$TN_DIR/gateway" -newer "$out" -type f \( -name '*.go' -o -name 'go.*' \) -print -quit)" ]; then
    echo "==> Gateway client is up to date: $out"
    return
  fi
  echo "==> Building the Gateway client (test-network/gateway/cmd/bbs-gateway) -> $out"
  (cd "$TN_DIR/gateway" && GOWORK=off GOFLAGS="-mod=readonly -buildvcs=false" \
    go build -trimpath -o "$out" ./cmd/bbs-gateway)
}

# toxiproxy-server (github.com/Shopify/toxiproxy/v2, pinned by the tool
# directive of tools-toxiproxy/go.mod): a TCP proxy whose links take latency,
# bandwidth limits, resets and partitions through its HTTP API (issue 35).
# Built only when asked for, like v3.1; rebuilt when go.mod or go.sum change.
build_toxiproxy() {
  local dir="$TN_DIR/tools-toxiproxy" out_dir="$TN_DIR/.bin-toxiproxy" stamp
  stamp="$(sha256sum "$dir/go.mod" "$dir/go.sum" | sha256sum | cut -c1-16)"
  if [ -x "$out_dir/toxiproxy-server" ] && [ "$(cat "$out_dir/.stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "==> toxiproxy-server is up to date in $out_dir"
    return
  fi
  mkdir -p "$out_dir"
  echo "==> Building toxiproxy-server -> $out_dir"
  (cd "$dir" && GOWORK=off GOFLAGS="-mod=readonly -buildvcs=false" \
    go build -trimpath -o "$out_dir/toxiproxy-server" github.com/Shopify/toxiproxy/v2/cmd/server)
  echo "$stamp" > "$out_dir/.stamp"
}

case "$what" in
  toxiproxy) build_toxiproxy ;;
  all) build_fabric; build_gateway ;;
  fabric) build_fabric ;;
  gateway) build_gateway ;;
  *) echo "usage: $0 [all|fabric|gateway|toxiproxy]" >&2; exit 2 ;;
esac
