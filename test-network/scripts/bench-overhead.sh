#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The chaincode's CPU above the verification floor, on a fresh local
# network (not part of make test):
#
#   scripts/bench-overhead.sh           (make bench-overhead)
#
# A fresh network with Go's pprof on in both chaincode processes
# (NODE_PROFILE=1), then, OVERHEAD_ROUNDS times (default 3), bbs-load runs
# of (a) light writes (CreatePolicy), (b) SubmitProof of one bbs+2020 m10r2
# proof and (c) SubmitProofs of 32 such proofs, OVERHEAD_COUNT (default
# 4000) transactions of (a) and (b) and OVERHEAD_BATCH_COUNT (default 600)
# of (c) per round, 200 in flight, fresh data each round. During each run
# both chaincode processes are profiled for OVERHEAD_PROFILE_S (default 12)
# seconds from 3 s in. Per run it prints the chaincode CPU per committed
# transaction (bbs-load: both processes' user + system time, so both
# endorsements), and from the profiles' samples (both processes merged)
# how much of it was
#   floor:  the operations BenchmarkVerifyProofFloor times, as the chaincode
#           ran them: the pairing product and the proof's multi-scalar
#           multiplication of each VerifyProof (b), the whole bbs.VerifyProofs
#           of each batch, its goroutines included (c);
#   decode: decoding the proofs (bbs ParseProof: square roots and G1
#           subgroup checks, which the specifications require);
# and then (b) - (a) over the floor, and per verified proof (c) over its
# floor. `bench-overhead.sh --summarize` recomputes the tables from a
# run's files. Results in test-network/.overhead/ (overhead.tsv, the profiles,
# bbs-load's reports); the network is torn down (OVERHEAD_KEEP=1 leaves it).
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
export NODE_PROFILE=1
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"
# shellcheck source=tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

ROUNDS="${OVERHEAD_ROUNDS:-3}"
COUNT="${OVERHEAD_COUNT:-4000}"
BATCH_COUNT="${OVERHEAD_BATCH_COUNT:-600}"
PROFILE_S="${OVERHEAD_PROFILE_S:-12}"
SCHEME=bbs+2020
OUT="$TN_DIR/.overhead"

command -v jq > /dev/null || { echo "ERROR: jq is not on PATH (make network-deps)" >&2; exit 1; }

# pprof_addrs: the pprof listeners of the bbs chaincode processes, from the
# peers' logs (the last one each peer launched).
pprof_addrs() {
  local p
  for p in peer0.org1 peer0.org2; do
    grep -h 'fabric-bbs chaincode.*pprof listening on' "$STATE_DIR/logs/$p.log" | tail -1 |
      sed 's/.*pprof listening on \([0-9.:]*\).*/\1/'
  done
}

# samples_ms REGEX PROFILES...: CPU ms of the samples whose stack has a
# frame matching REGEX (all samples with REGEX '.'), over the merged profiles;
# 0 when they cannot be read.
samples_ms() {
  local re="$1"
  shift
  { go tool pprof -unit=ms -top -nodefraction=0 -nodecount=1000000 -focus="$re" "$@" 2> /dev/null || true; } |
    awk '$1 ~ /ms$/ && $2 ~ /%$/ { sub(/ms$/, "", $1); s += $1 } END { printf "%.0f\n", s }'
}

# summarize: overhead.tsv from bbs-load's reports and the profiles in OUT,
# then the summary.
summarize() {
  local r mode profiles total floor decode floor_re
  printf 'round\tmode\ttx\tchaincode_ms_per_tx\tprofile_ms\tfloor_ms\tdecode_ms\tfloor_ms_per_tx\tdecode_ms_per_tx\n' > "$OUT/overhead.tsv"
  for r in $(seq 1 "$ROUNDS"); do
    for mode in light single batch; do
      [ -f "$OUT/$mode-r$r.json" ] || continue
      profiles=("$OUT"/cc*-"$mode"-r"$r".pb.gz)
      [ -f "${profiles[0]}" ] || echo "bench-overhead: round $r $mode: no profiles in $OUT" >&2
      floor_re='bbs\.pairingProductIsOne|bbs\.\(\*bbsPlusGenerators\)\.msm'
      # A batch: all of bbs.VerifyProofs, with the goroutines it starts
      # (its own and gnark-crypto's MultiExp chunks).
      [ "$mode" = batch ] && floor_re='bbs\.VerifyProofs|bbs\.verifyBatch|group\.ParallelFor|bls12-381\.processChunkG1'
      total=$(samples_ms '.' "${profiles[@]}")
      floor=$(samples_ms "$floor_re" "${profiles[@]}")
      decode=$(samples_ms 'bbs\.\(\*bbsPlus2020\)\.ParseProof' "${profiles[@]}")
      if [ "$mode" != light ] && [ "$floor" = 0 ]; then
        echo "bench-overhead: round $r $mode: no profile samples of its verification (profiles: ${profiles[*]}); its ratios are left out" >&2
      fi
      jq -r --arg r "$r" --arg m "$mode" --argjson t "$total" --argjson f "$floor" --argjson d "$decode" \
        '.runs[0] | [$r, $m, .transactions, .networkCpuMsPerTxBy.chaincode, $t, $f, $d,
          (if $t > 0 then .networkCpuMsPerTxBy.chaincode * $f / $t else 0 end),
          (if $t > 0 then .networkCpuMsPerTxBy.chaincode * $d / $t else 0 end)] | @tsv' \
        "$OUT/$mode-r$r.json" >> "$OUT/overhead.tsv"
    done
  done
  # Per round, (b) - (a) and its parts over the floor; per verified proof,
  # (c) / 32 over its floor; then the medians.
  awk -F'\t' 'NR > 1 { cc[$1, $2] = $4; fl[$1, $2] = $8; de[$1, $2] = $9; if ($1 > n) n = $1 }
    function med(a, k,   i, j, t) {
      for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
      return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
    }
    END {
      printf "%-6s %12s %12s %12s %12s %12s %14s %16s %12s %14s %14s\n", "round", "(a) ms/tx", "(b) ms/tx", "(b)-(a)", "floor (b)", "decode (b)",
        "(b)-(a)/floor", "+decode)/floor", "(c) ms/proof", "floor (c)", "(c)/floor"
      for (r = 1; r <= n; r++) {
        if (fl[r, "single"] <= 0 || fl[r, "batch"] <= 0) { printf "%-6d no profile samples of the verification\n", r; continue }
        d = cc[r, "single"] - cc[r, "light"]
        k++
        x1[k] = d / fl[r, "single"]; x2[k] = (fl[r, "single"] + de[r, "single"]) / fl[r, "single"]
        c = cc[r, "batch"] / 32; f = fl[r, "batch"] / 32; x3[k] = c / f
        printf "%-6d %12.2f %12.2f %12.2f %12.2f %12.2f %14.2f %16.2f %12.3f %14.3f %14.2f\n", r, cc[r, "light"], cc[r, "single"], d,
          fl[r, "single"], de[r, "single"], x1[k], x2[k], c, f, x3[k]
      }
      if (k == 0) { print "no round has profile samples of the verification"; exit 1 }
      printf "median: (b)-(a) over the floor %.2fx, the floor and decoding over the floor %.2fx, (c) per proof over its floor %.2fx\n",
        med(x1, k), med(x2, k), med(x3, k)
    }' "$OUT/overhead.tsv" | tee "$OUT/summary.txt"
}

if [ "${1:-}" = --summarize ]; then summarize; exit 0; fi

log "Building bbs-load and loadgen"
build_tools load
rm -rf "$OUT"
mkdir -p "$OUT"
fresh_network OVERHEAD_KEEP

LOAD=(bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS"
  -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/" -duration 30m -schemes "$SCHEME" -inflight 200)
for r in $(seq 1 "$ROUNDS"); do
  data="$OUT/data-r$r"
  log "Round $r: generating $COUNT light, $COUNT single and $BATCH_COUNT batch transactions"
  bbs-loadgen -out "$data" -seed "fabric-bbs-overhead-r$r" -schemes "$SCHEME" -light "$COUNT" -single "$COUNT" \
    -batch-tx "$BATCH_COUNT" -batch-size 32 -workers "$(nproc)" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR" > /dev/null
  for mode in light single batch; do
    n="$COUNT"
    [ "$mode" = batch ] && n="$BATCH_COUNT"
    i=0
    for addr in $(pprof_addrs); do
      i=$((i + 1))
      (sleep 3 && curl -fsS -o "$OUT/cc$i-$mode-r$r.pb.gz" "http://$addr/debug/pprof/profile?seconds=$PROFILE_S") &
    done
    "${LOAD[@]}" -data "$data" -modes "$mode" -count "$n" -json "$OUT/$mode-r$r.json" > "$OUT/$mode-r$r.txt"
    wait
    secs=$(jq '.runs[0].seconds' "$OUT/$mode-r$r.json")
    awk -v s="$secs" -v p="$PROFILE_S" 'BEGIN { exit !(s >= p + 3) }' ||
      echo "bench-overhead: round $r $mode took $secs s, less than the profile's window ($PROFILE_S s from 3 s): raise OVERHEAD_COUNT" >&2
  done
  rm -rf "$data"
done
summarize
log "Results: $OUT/overhead.tsv, $OUT/summary.txt"
