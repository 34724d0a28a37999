#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# How the cost of the contract's transactions grows with the ledger: a fresh
# network, then for each size N of GROWTH_SIZES (verification records,
# cumulative) it fills the ledger up to N through SubmitProofs batches
# (bbs-load mode batch) and measures, on the same network:
#   submitproof      GROWTH_PROBE SubmitProof (bbs-load mode single)
#   revoke           GROWTH_REVOKE RevokeHandle, one at a time
#   removal-read     GetAccumulatorRemoval of those versions, one at a time
#                    (endorsed, not submitted)
#   witness-update   a holder's witness update over them: the reads and
#                    "bbs update-witness" on their answers
#   cred             GROWTH_PROBE SubmitCredential (bbs-2023)
#   status-verify    GROWTH_PROBE VerifyProof under a status-list rule
#                    (a 131072-entry list; endorsed, not submitted)
#   status-update    up to 16 UpdateStatusList of that list, one page each
#   acc-present      GROWTH_PROBE SubmitProof with non-revocation
#                    (accumulator, policy of grace 0, current version)
# and, after the last size, the revocation-state shapes (rows "shape"):
#   status-fill      GROWTH_BITS entries set in a list of 1,048,576
#   status-verify, status-update   against that list
#   revoke           GROWTH_REVOCATIONS handles in RevokeHandles batches
#                    of 1000, one at a time
#   removal-read, witness-update   a holder offline for all of them
#                    updates its witness from the ledger
#   acc-present      presentations against the version after them
# Each probe: committed (answered) tx/s, p50 latency, the network's CPU per
# transaction (all, chaincode, peers) and, for the witness update, the
# holder's CPU. Besides, the size of peer0.org1's ledger directory (block
# files and state database apart).
# It writes test-network/.growth/report.md, growth.tsv (fill and ledger),
# probes.tsv (every probe) and growth.svg (each figure over its figure at
# the smallest size, against log10 N; the shapes to the right), and tears
# the network down (GROWTH_KEEP=1 leaves it up).
#
#   test-network/growth/growth.sh          (make bench-growth)
#
# Environment (defaults): GROWTH_SIZES="1000 10000", GROWTH_PROBE=100,
# GROWTH_REVOKE=10, GROWTH_BITS=10000, GROWTH_REVOCATIONS=10000,
# GROWTH_BATCH=32 proofs per fill transaction, GROWTH_INFLIGHT=200,
# GROWTH_CHUNK=50000 fill proofs per loadgen run (bounds its memory),
# GROWTH_WORKERS=$(nproc) derivations in parallel,
# GROWTH_SCHEME=bbs+2020 (fill and SubmitProof probe; the other probes are
# bbs-bls12381-sha256), GROWTH_SEED=fabric-bbs-growth, GROWTH_KEEP=0,
# GROWTH_IDLE=10 seconds of the peers' CPU measured, with no transaction
# in flight, after each size's fill (background work such as the state
# database's compactions), GROWTH_PROFILE=0 (1: NODE_PROFILE=1, and a 30 s
# CPU profile of peer0.org1 during each fill chunk of at least 1000
# batches, pprof-peer1-fill-K-C.pb.gz, split by growth/profile-split.sh
# into profile.tsv), PORT_OFFSET (env.sh). Every nonce is fresh (each fill chunk and size has
# its seed; the other probes are one loadgen run, -growth).
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"
# shellcheck source=../scripts/tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

SIZES="${GROWTH_SIZES:-1000 10000}"
PROBE="${GROWTH_PROBE:-100}"
REVOKE="${GROWTH_REVOKE:-10}"
BITS="${GROWTH_BITS:-10000}"
REVOCATIONS="${GROWTH_REVOCATIONS:-10000}"
BATCH="${GROWTH_BATCH:-32}"
INFLIGHT="${GROWTH_INFLIGHT:-200}"
CHUNK="${GROWTH_CHUNK:-50000}"
WORKERS="${GROWTH_WORKERS:-$(nproc)}"
SCHEME="${GROWTH_SCHEME:-bbs+2020}"
SEED="${GROWTH_SEED:-fabric-bbs-growth}"
IDLE="${GROWTH_IDLE:-10}"
PROFILE="${GROWTH_PROFILE:-0}"
[ "$PROFILE" = 1 ] && export NODE_PROFILE=1
OUT="$TN_DIR/.growth"
die() { printf 'growth: %s\n' "$*" >&2; exit 1; }
PSCHEME=bbs-bls12381-sha256

log "Building bbs-load, loadgen and bbs"
build_tools load
(cd "$REPO_ROOT" && GOWORK=off GOPROXY=off GOFLAGS="-mod=vendor -buildvcs=false" \
  go build -trimpath -o "$FABRIC_BIN_DIR/bbs" ./cmd/bbs)
rm -rf "$OUT"
mkdir -p "$OUT"
fresh_network GROWTH_KEEP
steps=$(wc -w <<< "$SIZES")
log "Generating the probes ($steps sizes, $PROBE per probe, $WORKERS workers)"
t0=$(date +%s.%N)
bbs-loadgen -out "$OUT/probes" -seed "$SEED-probes" -schemes "$PSCHEME" -light 0 -single 0 -workers "$WORKERS" \
  -growth "$steps" -growth-probe "$PROBE" -growth-revoke "$REVOKE" -growth-bits "$BITS" -growth-revocations "$REVOCATIONS" \
  -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
log "Probes generated in $(echo "$(date +%s.%N) - $t0" | bc) s"

LOADBASE=(bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS"
  -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/" -duration 60m)
LOAD=("${LOADBASE[@]}" -schemes "$SCHEME" -inflight "$INFLIGHT")
LEDGER="$STATE_DIR/peers/peer0.org1/ledger/ledgersData"
G="growth"

# peers_ticks: the CPU time (clock ticks, user + system) of the peer
# processes run from test-network/.
CPU_PREFIX="$(cd "$TN_DIR" && pwd -P)/"
peers_ticks() {
  local t=0 p exe
  for p in /proc/[0-9]*; do
    exe=$(readlink "$p/exe" 2> /dev/null) || continue
    case "$exe" in
      "$CPU_PREFIX"*/peer) t=$((t + $(sed 's/.*) //' "$p/stat" | awk '{print $12 + $13}'))) ;;
    esac
  done
  echo "$t"
}
# idle_pct: the peers' CPU over IDLE seconds with nothing in flight, in
# percent of one core (both peers together).
idle_pct() {
  [ "$IDLE" -gt 0 ] || { echo 0; return; }
  local a b
  a=$(peers_ticks)
  sleep "$IDLE"
  b=$(peers_ticks)
  echo "scale=1; ($b - $a) * 100 / $(getconf CLK_TCK) / $IDLE" | bc
}

# bytes DIR: the bytes under DIR (0 if absent).
bytes() { if [ -d "$1" ]; then du -sb "$1" | cut -f1; else echo 0; fi; }

# probe LABEL RECORDS INFLIGHT MODES [bbs-load flags]: runs the probes'
# modes (NAME=FILE, comma-separated) and appends a row per run to
# probes.tsv. Every answered transaction must have verified its proofs.
# OWNER: the flags of the issuers' owner, the only client of their
# changes (loadgen's registrations are for Org1's User1).
OWNER=(-peer2 "" -users User1)
# PACED: one at a time, at most one a second: each of these transactions
# (a revocation, the next version of the accumulator) needs the previous one
# committed on every endorsing peer, and the gateway answers when its own
# peer has committed it.
PACED=(-rate 1)
PROBES_TSV="$OUT/probes.tsv"
printf 'label\trecords\tprobe\ttransactions\tcommitted\ttx_per_s\tp50_ms\tcpu_ms_per_tx\tchaincode_ms_per_tx\tpeer_ms_per_tx\tclient_ms_per_tx\tseconds\n' > "$PROBES_TSV"
probe() {
  local label="$1" recs="$2" inflight="$3" modes="$4" json
  shift 4
  json="$OUT/probe-$label-$recs-${modes%%=*}.json"
  "${LOADBASE[@]}" -data "$OUT/probes" -schemes "$PSCHEME" -setup=false -inflight "$inflight" -count 1000000 \
    -modes "$modes" -json "$json" -records "$OUT/records-$label-$recs" "$@" > "${json%.json}.txt"
  jq -e '[.runs[] | select(.committed != .transactions or .verifiedProofs != .proofs)] | length == 0' "$json" > /dev/null ||
    die "$label $modes: not every transaction answered and verified: $(jq -c '[.runs[] | {mode, committed, transactions, proofs, verifiedProofs, rejectedBy}]' "$json")"
  [ "$label" = setup ] && return
  jq -r --arg l "$label" --arg n "$recs" '.runs[] | [$l, $n, .mode, .transactions, .committed, .committedTxPerSecond,
    .commitLatencyMs.p50, .networkCpuMsPerTx, (.networkCpuMsPerTxBy.chaincode // 0), (.networkCpuMsPerTxBy.peer // 0), 0, .seconds] | @tsv' \
    "$json" >> "$PROBES_TSV"
}

# witness LABEL RECORDS DIR: the holder's witness update over the removal
# records of DIR's revoke.jsonl: reads them one at a time (removal-read),
# then "bbs update-witness" on the answers; row witness-update, per removal
# record read: records/s end to end, the whole update's time (as p50), the
# network's and the holder's CPU.
witness() {
  local label="$1" recs="$2" dir="$3" results="$OUT/results-$1-$2" n u s e rj
  sleep 2 # the last revocation committed on every peer
  probe "$label" "$recs" 1 "removal-read=$G/$dir/removals.jsonl" -results "$results"
  n=$(wc -l < "$OUT/probes/$PSCHEME/$G/$dir/removals.jsonl")
  cp "$OUT/probes/$PSCHEME/$G/$dir/witness.json" "$OUT/witness-$label-$recs.json"
  /usr/bin/time -f '%e %U %S' -o "$OUT/witness-$label-$recs.time" \
    bbs update-witness --witness "$OUT/witness-$label-$recs.json" --credential "$OUT/probes/$PSCHEME/$G/acc-credential.json" \
    "$results/$PSCHEME-removal-read"/*.json 2> "$OUT/witness-$label-$recs.txt"
  read -r e u s < "$OUT/witness-$label-$recs.time"
  rj="$OUT/probe-$label-$recs-removal-read.json"
  jq -r --arg l "$label" --arg r "$recs" --arg n "$n" --arg e "$e" --arg c "$(echo "($u + $s) * 1000" | bc)" '.runs[0] |
    (.seconds + ($e | tonumber)) as $wall | ($c | tonumber) as $cpu | ($n | tonumber) as $k |
    [$l, $r, "witness-update", $k, $k, ($k / $wall * 10 | round / 10), ($wall * 1000 | round),
     ((.networkCpuMsPerTx * $k + $cpu) / $k * 100 | round / 100), (.networkCpuMsPerTxBy.chaincode // 0), (.networkCpuMsPerTxBy.peer // 0),
     ($cpu / $k * 100 | round / 100), $wall] | @tsv' "$rj" >> "$PROBES_TSV"
}

log "Setting up the probes' issuers, status lists, accumulator and policies"
probe setup 0 1 "setup=$G/setup.jsonl" "${OWNER[@]}" "${PACED[@]}"

printf 'records\tfill_s\tfill_proofs_per_s\tprobe_tx_per_s\tprobe_p50_ms\tprobe_cpu_ms_per_tx\tchaincode_cpu_ms_per_tx\tpeer_cpu_ms_per_tx\tledger_bytes\tchains_bytes\tstate_bytes\thistory_bytes\tgen_s\tidle_peer_cpu_pct\n' > "$OUT/growth.tsv"
# fill.tsv: one row per fill chunk: the records after it, its batches,
# verified proofs/s, and the network's CPU per verified proof (all, the
# chaincode's, the peers').
printf 'size\tchunk\trecords\tbatches\tproofs_per_s\tcpu_ms_per_proof\tchaincode_ms_per_proof\tpeer_ms_per_proof\n' > "$OUT/fill.tsv"
records=0
k=0
for n in $SIZES; do
  k=$((k + 1))
  fill=$(( (n - records - PROBE + BATCH - 1) / BATCH ))
  [ "$fill" -lt 0 ] && fill=0
  gen_s=0
  fill_s=0
  fill_proofs=0
  c=0
  # The fill in chunks of at most CHUNK proofs: loadgen holds a chunk's
  # requests in memory.
  while [ "$fill" -gt 0 ]; do
    c=$((c + 1))
    chunk=$(( fill < CHUNK / BATCH ? fill : CHUNK / BATCH ))
    [ "$chunk" -lt 1 ] && chunk=1
    fill=$((fill - chunk))
    log "Size $n: generating $chunk batches of $BATCH (seed $SEED-$k-$c)"
    t0=$(date +%s.%N)
    rm -rf "$OUT/data-fill"
    bbs-loadgen -out "$OUT/data-fill" -seed "$SEED-$k-$c" -schemes "$SCHEME" -light 0 -single 0 -workers "$WORKERS" \
      -batch-tx "$chunk" -batch-size "$BATCH" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
    t1=$(date +%s.%N)
    log "Size $n: filling ($chunk SubmitProofs)"
    prof=
    if [ "$PROFILE" = 1 ] && [ "$chunk" -ge 1000 ]; then
      (sleep 20 && curl -fsS -o "$OUT/pprof-peer1-fill-$k-$c.pb.gz" \
        "http://127.0.0.1:$((PEER1_OPS_PORT + 10000))/debug/pprof/profile?seconds=30") &
      prof=$!
    fi
    "${LOAD[@]}" -data "$OUT/data-fill" -modes batch -count 1000000 -json "$OUT/fill-$k-$c.json" > "$OUT/fill-$k-$c.txt"
    t2=$(date +%s.%N)
    [ -z "$prof" ] || wait "$prof" || log "Size $n: no profile of chunk $c"
    got=$(jq '[.runs[].verifiedProofs] | add' "$OUT/fill-$k-$c.json")
    records=$((records + got))
    jq -r --arg k "$k" --arg c "$c" --arg n "$records" '.runs[0] | (.verifiedProofs / .transactions) as $p |
      [$k, $c, $n, .transactions, (.verifiedProofs / .seconds * 10 | round / 10), (.networkCpuMsPerTx / $p * 1000 | round / 1000),
       ((.networkCpuMsPerTxBy.chaincode // 0) / $p * 1000 | round / 1000), ((.networkCpuMsPerTxBy.peer // 0) / $p * 1000 | round / 1000)] | @tsv' \
      "$OUT/fill-$k-$c.json" >> "$OUT/fill.tsv"
    fill_proofs=$((fill_proofs + got))
    gen_s=$(echo "$gen_s + $t1 - $t0" | bc)
    fill_s=$(echo "$fill_s + $t2 - $t1" | bc)
  done
  rm -rf "$OUT/data-fill"
  idle=$(idle_pct)
  log "Size $n: the peers' CPU with nothing in flight: $idle% of a core"
  fill_rate=0
  [ "$fill_proofs" -gt 0 ] && fill_rate=$(echo "scale=1; $fill_proofs / $fill_s" | bc)
  log "Size $n: probing ($PROBE SubmitProof)"
  t0=$(date +%s.%N)
  bbs-loadgen -out "$OUT/data-$k" -seed "$SEED-$k" -schemes "$SCHEME" -light 0 -single "$PROBE" -workers "$WORKERS" \
    -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
  gen_s=$(echo "$gen_s + $(date +%s.%N) - $t0" | bc)
  # The probe's setup finds this seed's issuer already registered by an
  # earlier size ("already on the ledger", fine) or registers it.
  "${LOAD[@]}" -data "$OUT/data-$k" -modes single -count "$PROBE" -json "$OUT/probe-$k.json" > "$OUT/probe-$k.txt"
  records=$((records + $(jq '[.runs[].verifiedProofs] | add' "$OUT/probe-$k.json")))
  jq -r --arg n "$records" --arg fs "$fill_s" --arg fr "$fill_rate" --arg gs "$gen_s" --arg idle "$idle" \
    --arg lb "$(bytes "$LEDGER")" --arg cb "$(bytes "$LEDGER/chains")" --arg sb "$(bytes "$LEDGER/stateLeveldb")" --arg hb "$(bytes "$LEDGER/historyLeveldb")" \
    '.runs[0] | [$n, ($fs | tonumber | round), $fr, .committedTxPerSecond, .commitLatencyMs.p50, .networkCpuMsPerTx,
      (.networkCpuMsPerTxBy.chaincode // 0), (.networkCpuMsPerTxBy.peer // 0), $lb, $cb, $sb, $hb, ($gs | tonumber | round), ($idle | tonumber)] | @tsv' \
    "$OUT/probe-$k.json" >> "$OUT/growth.tsv"
  jq -r --arg n "$records" '.runs[0] | ["size", $n, "submitproof", .transactions, .committed, .committedTxPerSecond,
    .commitLatencyMs.p50, .networkCpuMsPerTx, (.networkCpuMsPerTxBy.chaincode // 0), (.networkCpuMsPerTxBy.peer // 0), 0, .seconds] | @tsv' \
    "$OUT/probe-$k.json" >> "$PROBES_TSV"

  log "Size $n: probing revocation, credentials, status lists, non-revocation"
  probe size "$records" 1 "revoke=$G/step-$k/revoke.jsonl" "${OWNER[@]}" "${PACED[@]}"
  witness size "$records" "step-$k"
  probe size "$records" "$INFLIGHT" "cred=$G/step-$k/cred.jsonl,status-verify=$G/step-$k/status.jsonl"
  probe size "$records" "$INFLIGHT" "status-update=$G/step-$k/status-update.jsonl" "${OWNER[@]}"
  probe size "$records" "$INFLIGHT" "acc-present=$G/step-$k/acc.jsonl"
  log "Size $n: $records records (loadgen $(printf %.0f "$gen_s") s, fill $(printf %.0f "$fill_s") s)"
  tail -1 "$OUT/growth.tsv"
done

log "Shape: $BITS entries set in a list of 1,048,576; then status-list VerifyProof and updates against it"
probe shape "$records" 32 "status-fill=$G/shape/status-fill.jsonl" "${OWNER[@]}"
probe shape "$records" "$INFLIGHT" "status-verify=$G/shape/status.jsonl"
probe shape "$records" "$INFLIGHT" "status-update=$G/shape/status-update.jsonl" "${OWNER[@]}"
log "Shape: $REVOCATIONS revocations in batches; a holder offline for all of them updates its witness"
probe shape "$records" 1 "revoke=$G/shape/revoke.jsonl" "${OWNER[@]}" "${PACED[@]}"
witness shape "$records" shape
probe shape "$records" "$INFLIGHT" "acc-present=$G/shape/acc.jsonl"
# The holder's witness is at the accumulator's last version.
want=$(( $(jq .version "$OUT/probes/$PSCHEME/$G/shape/witness.json") + $(wc -l < "$OUT/probes/$PSCHEME/$G/shape/revoke.jsonl") ))
jq -e --argjson v "$want" '.version == $v' "$OUT/witness-shape-$records.json" > /dev/null ||
  die "the offline holder's witness is not at the last version ($want)"

[ "$PROFILE" = 1 ] && "$TN_DIR/growth/profile-split.sh" "$OUT" > "$OUT/profile.tsv"
"$TN_DIR/growth/plot.sh" "$PROBES_TSV" "$OUT/growth.tsv" > "$OUT/growth.svg"
"$TN_DIR/growth/report.sh" "$OUT" > "$OUT/report.md"
cat "$OUT/report.md"
