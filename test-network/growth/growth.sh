#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# How the cost of a SubmitProof grows with the ledger (issue 36, item 2):
# a fresh network, then for each size N of GROWTH_SIZES (verification
# records, cumulative) it fills the ledger up to N through SubmitProofs
# batches (bbs-load mode batch) and measures, on the same network,
# GROWTH_PROBE SubmitProof transactions (bbs-load mode single): committed
# tx/s, commit latency, the network's CPU per transaction, and the size of
# peer0.org1's ledger directory (block files and state database apart).
# It writes test-network/.growth/report.md, growth.tsv and growth.svg
# (each figure over its figure at the smallest size, against log10 N),
# and tears the network down (GROWTH_KEEP=1 leaves it up).
#
#   test-network/growth/growth.sh          (make bench-growth)
#
# Environment (defaults): GROWTH_SIZES="1000 10000", GROWTH_PROBE=200,
# GROWTH_BATCH=32 proofs per fill transaction, GROWTH_INFLIGHT=200,
# GROWTH_SCHEME=bbs+2020, GROWTH_SEED=fabric-bbs-growth, GROWTH_KEEP=0,
# PORT_OFFSET (env.sh). Each size's fill and probe transactions come from
# loadgen with their own seed, so every nonce is fresh.
#
# Not measured yet (issue 36 item 2, listed in report.md): SubmitCredential,
# VerifyProof with a status-list rule, non-revocation presentations and
# witness updates, a 1,048,576-entry status list, an accumulator after
# 10^4 revocations.
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"
# shellcheck source=../scripts/tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

SIZES="${GROWTH_SIZES:-1000 10000}"
PROBE="${GROWTH_PROBE:-200}"
BATCH="${GROWTH_BATCH:-32}"
INFLIGHT="${GROWTH_INFLIGHT:-200}"
SCHEME="${GROWTH_SCHEME:-bbs+2020}"
SEED="${GROWTH_SEED:-fabric-bbs-growth}"
OUT="$TN_DIR/.growth"

log "Building bbs-load and loadgen"
build_tools load
rm -rf "$OUT"
mkdir -p "$OUT"
fresh_network GROWTH_KEEP

LOAD=(bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS"
  -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/" -schemes "$SCHEME" -inflight "$INFLIGHT" -duration 60m)
LEDGER="$STATE_DIR/peers/peer0.org1/ledger/ledgersData"

# bytes DIR: the bytes under DIR (0 if absent).
bytes() { if [ -d "$1" ]; then du -sb "$1" | cut -f1; else echo 0; fi; }

printf 'records\tfill_s\tfill_proofs_per_s\tprobe_tx_per_s\tprobe_p50_ms\tprobe_cpu_ms_per_tx\tchaincode_cpu_ms_per_tx\tpeer_cpu_ms_per_tx\tledger_bytes\tchains_bytes\tstate_bytes\thistory_bytes\n' > "$OUT/growth.tsv"
records=0
k=0
for n in $SIZES; do
  k=$((k + 1))
  fill=$(( (n - records - PROBE + BATCH - 1) / BATCH ))
  [ "$fill" -lt 0 ] && fill=0
  log "Size $n: generating $fill batches of $BATCH and $PROBE single (seed $SEED-$k)"
  t0=$(date +%s)
  bbs-loadgen -out "$OUT/data-$k" -seed "$SEED-$k" -schemes "$SCHEME" -light 0 \
    -single "$PROBE" -batch-tx "$fill" -batch-size "$BATCH" \
    -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
  gen_s=$(( $(date +%s) - t0 ))
  fill_s=0
  fill_rate=0
  if [ "$fill" -gt 0 ]; then
    log "Size $n: filling ($fill SubmitProofs)"
    t0=$(date +%s)
    "${LOAD[@]}" -data "$OUT/data-$k" -modes batch -count "$fill" -json "$OUT/fill-$k.json" > "$OUT/fill-$k.txt"
    fill_s=$(( $(date +%s) - t0 ))
    got=$(jq '[.runs[].verifiedProofs] | add' "$OUT/fill-$k.json")
    records=$((records + got))
    fill_rate=$(jq '[.runs[].verifiedProofsPerSecond] | add' "$OUT/fill-$k.json")
  fi
  log "Size $n: probing ($PROBE SubmitProof)"
  # The probe's setup finds this seed's issuer already registered by the
  # fill ("already on the ledger", fine) or registers it.
  "${LOAD[@]}" -data "$OUT/data-$k" -modes single -count "$PROBE" -json "$OUT/probe-$k.json" > "$OUT/probe-$k.txt"
  records=$((records + $(jq '[.runs[].verifiedProofs] | add' "$OUT/probe-$k.json")))
  jq -r --arg n "$records" --arg fs "$fill_s" --arg fr "$fill_rate" \
    --arg lb "$(bytes "$LEDGER")" --arg cb "$(bytes "$LEDGER/chains")" --arg sb "$(bytes "$LEDGER/stateLeveldb")" --arg hb "$(bytes "$LEDGER/historyLeveldb")" \
    '.runs[0] | [$n, $fs, $fr, .committedTxPerSecond, .commitLatencyMs.p50, .networkCpuMsPerTx,
      (.networkCpuMsPerTxBy.chaincode // 0), (.networkCpuMsPerTxBy.peer // 0), $lb, $cb, $sb, $hb] | @tsv' \
    "$OUT/probe-$k.json" >> "$OUT/growth.tsv"
  log "Size $n: $records records (loadgen ${gen_s}s, fill ${fill_s}s)"
  tail -1 "$OUT/growth.tsv"
done

"$TN_DIR/growth/plot.sh" "$OUT/growth.tsv" > "$OUT/growth.svg"
{
  echo "# SubmitProof as the ledger grows ($SCHEME, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg))"
  echo
  echo "Command: \`GROWTH_SIZES=\"$SIZES\" GROWTH_PROBE=$PROBE make bench-growth\`. Each row: the ledger's"
  echo "verification records after the fill and probe, the fill (SubmitProofs of $BATCH, wall time and"
  echo "verified proofs/s), then the probe of $PROBE SubmitProof: committed tx/s, p50 commit latency, the"
  echo "network's CPU per transaction (all, chaincode, peers), and peer0.org1's ledger data"
  echo "(ledgersData: block files, state database, history database). Bytes per record are the growth"
  echo "since the previous row over the records added since it (the first row: over all its records)."
  echo
  echo "| records | fill s | fill proofs/s | probe tx/s | p50 ms | CPU ms/tx | chaincode | peers | ledger data bytes | blocks | state db | history db | bytes/record: all | blocks | state db | history db |"
  echo "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"
  tail -n +2 "$OUT/growth.tsv" | awk -F'\t' '{d = $1 - r0; printf "| %d | %d | %.0f | %.1f | %.1f | %.2f | %.2f | %.2f | %d | %d | %d | %d | %.0f | %.0f | %.0f | %.0f |\n", $1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,($9-l0)/d,($10-c0)/d,($11-s0)/d,($12-h0)/d; r0=$1; l0=$9; c0=$10; s0=$11; h0=$12}'
  echo
  echo "Plot: growth.svg (each figure over its value at the smallest size)."
  echo
  echo "Not measured by this tool yet: SubmitCredential, VerifyProof with a status-list rule,"
  echo "non-revocation presentations and witness updates, a status list of 1,048,576 entries, an"
  echo "accumulator after 10^4 revocations."
} > "$OUT/report.md"
cat "$OUT/report.md"
