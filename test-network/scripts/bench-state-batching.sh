#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Fabric v3.1's batched state calls (GetMultipleStates, write batches) on
# and off, side by side on one running v3.1 network (
# docs/performance.md, "Fabric v3.1: batched state calls"): before each
# round both peers are restarted with PEER_STATE_BATCHING=1, then 0, in
# turn (scripts/nodes.sh), and bbs-load sends a fresh set of SubmitProofs
# transactions; the CPU of every process by role comes from -cpu-prefix.
#
#   FABRIC_VERSION=3.1 PORT_OFFSET=300 test-network/network.sh up
#   PORT_OFFSET=300 test-network/network.sh deploy
#   PORT_OFFSET=300 test-network/scripts/bench-state-batching.sh
#
# Environment (defaults): AB_ROUNDS=6 (odd rounds batched, even ones not),
# AB_COUNT=300 transactions per round, AB_BATCH=32 proofs each,
# AB_INFLIGHT=200. Results: test-network/.state/ab/ab-<round>-b<0|1>.json
# and the two summaries (bbs-load -summarize) at the end. The peers stay
# in the last round's setting.
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"
# shellcheck source=tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

[ "$FABRIC_VERSION" = 3.1 ] || { echo "bench-state-batching: needs a running v3.1 network (FABRIC_VERSION=3.1)" >&2; exit 2; }
N="${AB_ROUNDS:-6}" COUNT="${AB_COUNT:-300}" BATCH="${AB_BATCH:-32}" INFLIGHT="${AB_INFLIGHT:-200}"
D="$STATE_DIR/ab"
rm -rf "$D"
mkdir -p "$D"
build_tools load
on=() off=()
for i in $(seq 1 "$N"); do
  b=$((i % 2))
  log "Round $i of $N: PEER_STATE_BATCHING=$b (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
  for org in 1 2; do
    "$TN_DIR/network.sh" peer-stop "$org" > /dev/null
    PEER_STATE_BATCHING=$b "$TN_DIR/network.sh" peer-start "$org" > /dev/null
  done
  bbs-loadgen -out "$D/data-$i" -seed "ab-$i" -schemes bbs+2020 -light 0 -single 0 \
    -batch-tx "$COUNT" -batch-size "$BATCH" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR" > /dev/null
  bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" \
    -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/" -data "$D/data-$i" -schemes bbs+2020 -modes batch \
    -count "$COUNT" -inflight "$INFLIGHT" -json "$D/ab-$i-b$b.json" | tail -1
  rm -rf "$D/data-$i"
  if [ "$b" = 1 ]; then on+=("$D/ab-$i-b$b.json"); else off+=("$D/ab-$i-b$b.json"); fi
done
log "Batched (PEER_STATE_BATCHING=1)"
bbs-load -summarize "$(IFS=,; echo "${on[*]}")"
if [ "${#off[@]}" -gt 0 ]; then
  log "One message per key (PEER_STATE_BATCHING=0)"
  bbs-load -summarize "$(IFS=,; echo "${off[*]}")"
fi
