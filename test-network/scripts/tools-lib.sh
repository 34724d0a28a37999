# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Helpers of the scripts that drive a fresh network with a tool of the
# Gateway client's module and loadgen (bench-network.sh, soak.sh); sourced
# after env.sh.

log() { printf '\n==> %s\n' "$*"; }

# build_tools NAME: bbs-NAME (test-network/gateway/cmd/bbs-NAME) and bbs-loadgen
# (test-network/loadgen, main module, vendored) into FABRIC_BIN_DIR.
build_tools() {
  (cd "$TN_DIR/gateway" && GOWORK=off GOFLAGS="-mod=readonly -buildvcs=false" \
    go build -trimpath -o "$FABRIC_BIN_DIR/bbs-$1" "./cmd/bbs-$1")
  (cd "$REPO_ROOT" && GOWORK=off GOPROXY=off GOFLAGS="-mod=vendor -buildvcs=false" \
    go build -trimpath -o "$FABRIC_BIN_DIR/bbs-loadgen" ./test-network/loadgen)
}

# fresh_network KEEP_VAR: a fresh network with the chaincode deployed
# (CCAAS=1: as a chaincode server), torn down on exit unless $KEEP_VAR is 1.
fresh_network() {
  KEEP_VAR="$1"
  "$TN_DIR/network.sh" down > /dev/null
  trap down_unless_kept EXIT
  "$TN_DIR/network.sh" up
  if [ "${CCAAS:-0}" = 1 ]; then "$TN_DIR/network.sh" deploy -ccaas; else "$TN_DIR/network.sh" deploy; fi
}

down_unless_kept() {
  if [ "${!KEEP_VAR:-0}" = 1 ]; then
    log "$KEEP_VAR=1: the network stays up (make network-down)"
  else
    "$TN_DIR/network.sh" down > /dev/null || true
  fi
}
