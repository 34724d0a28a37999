#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Throughput of the fabric-bbs chaincode on a fresh local network:
#   a fresh network, the chaincode deployed, then bbs-load runs
#   (a) "light" write (CreatePolicy: parse, validate, one read, two writes,
#   no cryptography), (b) SubmitProof, (c) SubmitProofs with
#   BENCH_BATCH proofs per transaction, for each scheme, prints the table,
#   and tears the network down (also on failure or Ctrl-C).
#
#   scripts/bench-network.sh           (make bench-network)
#
# Environment (defaults): BENCH_COUNT=1000 transactions per run,
# BENCH_BATCH_COUNT=BENCH_COUNT SubmitProofs transactions (their proofs are
# derived only when the contract has SubmitProofs: ~3 ms of CPU each, so
# 1000 x 32 x 3 schemes is about 5 CPU minutes), BENCH_INFLIGHT=200, BENCH_BATCH=32, BENCH_DURATION=5m per run,
# BENCH_SCHEMES=all, BENCH_SEED=fabric-bbs-load, CCAAS=1 to deploy as a
# chaincode server, BENCH_KEEP=1 to leave the network up, BENCH_ROUNDS=3:
# with N > 1, rounds 2..N run (a), (b) and (c) again on the same network,
# each with fresh loadgen data (seed BENCH_SEED-rK; the batch proofs are
# derived again each round, see the cost above), so the three modes
# alternate, and rounds.txt gives every round and the medians,
# (b)/(a) per round and its median (bbs-load -summarize).
# Results: test-network/.bench/report.json and table.txt (round 1; kept
# after down), report-rK.json and table-rK.txt, rounds.txt.
# Every port comes from env.sh (export PEER1_PORT=... to move the network).
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"

COUNT="${BENCH_COUNT:-1000}"
INFLIGHT="${BENCH_INFLIGHT:-200}"
BATCH="${BENCH_BATCH:-32}"
BATCH_COUNT="${BENCH_BATCH_COUNT:-$COUNT}"
DURATION="${BENCH_DURATION:-5m}"
SCHEMES="${BENCH_SCHEMES:-all}"
SEED="${BENCH_SEED:-fabric-bbs-load}"
ROUNDS="${BENCH_ROUNDS:-3}"
OUT="$TN_DIR/.bench"
DATA="$OUT/data"

# shellcheck source=tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

log "Building bbs-load (test-network/gateway/cmd/bbs-load) and loadgen (test-network/loadgen)"
build_tools load

rm -rf "$OUT"
mkdir -p "$OUT"
fresh_network BENCH_KEEP

# -cpu-prefix: the CPU time of every process run from test-network/ (peers,
# orderer, chaincode, bbs-load) per committed transaction, which moves much
# less than tx/s on a shared machine.
LOAD=(bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/")

batch_tx=0
if "${LOAD[@]}" -probe SubmitProofs; then
  batch_tx="$BATCH_COUNT"
fi
log "Generating the transactions (seed $SEED; $COUNT light, $COUNT single, $batch_tx batches of $BATCH)"
bbs-loadgen -out "$DATA" -seed "$SEED" -schemes "$SCHEMES" \
  -light "$COUNT" -single "$COUNT" -batch-tx "$batch_tx" -batch-size "$BATCH" \
  -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"

log "Load: $COUNT transactions per run, $INFLIGHT in flight (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
"${LOAD[@]}" -data "$DATA" -schemes "$SCHEMES" -modes light,single,batch \
  -count "$COUNT" -inflight "$INFLIGHT" -duration "$DURATION" \
  -json "$OUT/report.json" | tee "$OUT/table.txt"
log "Report: $OUT/report.json, table: $OUT/table.txt"

if [ "$ROUNDS" -gt 1 ]; then
  reports="$OUT/report.json"
  for r in $(seq 2 "$ROUNDS"); do
    log "Round $r of $ROUNDS: (a), (b) and (c) again, seed $SEED-r$r (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
    bbs-loadgen -out "$OUT/data-r$r" -seed "$SEED-r$r" -schemes "$SCHEMES" \
      -light "$COUNT" -single "$COUNT" -batch-tx "$batch_tx" -batch-size "$BATCH" \
  -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
    "${LOAD[@]}" -data "$OUT/data-r$r" -schemes "$SCHEMES" -modes light,single,batch \
      -count "$COUNT" -inflight "$INFLIGHT" -duration "$DURATION" \
      -json "$OUT/report-r$r.json" | tee "$OUT/table-r$r.txt"
    reports="$reports,$OUT/report-r$r.json"
  done
  log "Rounds: every round and the medians ($OUT/rounds.txt)"
  bbs-load -summarize "$reports" | tee "$OUT/rounds.txt"
fi
