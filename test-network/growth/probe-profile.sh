#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# probe-profile.sh DIR [N]: where peer0.org1's CPU goes per SubmitProof on
# the network that is up (started with NODE_PROFILE=1, e.g. by
# GROWTH_PROFILE=1 GROWTH_KEEP=1 make bench-growth, or
# NODE_PROFILE=1 make network-up): N (default 4000) SubmitProof
# (GROWTH_SCHEME, default bbs+2020, m10r2; bbs-load mode single with
# GROWTH_INFLIGHT, default 200, in flight; fresh nonces), and a CPU profile
# of peer0.org1 for PROFILE_S (default 20) seconds starting 5 s into them.
# Writes DIR/probe-profile.json (bbs-load), DIR/pprof-peer1-probe.pb.gz,
# and prints one tsv row: the probe's transactions, committed tx/s, the
# two peers' CPU ms per transaction (bbs-load), peer0.org1's CPU ms per
# transaction over the profile's window (its CPU seconds over the
# transactions committed in it, at the probe's rate), then the
# profile-split.sh shares (percent) and, from them, peer0.org1's ms per
# transaction in LevelDB and outside it. The window must lie inside the
# probe: the script fails if the probe took less than PROFILE_S + 5 s.
set -euo pipefail
TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"
OUT="$1"
N="${2:-4000}"
SCHEME="${GROWTH_SCHEME:-bbs+2020}"
INFLIGHT="${GROWTH_INFLIGHT:-200}"
PROFILE_S="${PROFILE_S:-20}"
mkdir -p "$OUT"
data="$OUT/probe-profile-data"
rm -rf "$data"
bbs-loadgen -out "$data" -seed "fabric-bbs-probe-profile-$(date +%s)" -schemes "$SCHEME" -light 0 -single "$N" \
  -workers "$(nproc)" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR" > /dev/null
(sleep 5 && curl -fsS -o "$OUT/pprof-peer1-probe.pb.gz" \
  "http://127.0.0.1:$((PEER1_OPS_PORT + 10000))/debug/pprof/profile?seconds=$PROFILE_S") &
prof=$!
bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/" \
  -duration 60m -schemes "$SCHEME" -inflight "$INFLIGHT" -data "$data" -modes single -count "$N" \
  -json "$OUT/probe-profile.json" > "$OUT/probe-profile.txt"
wait "$prof"
rm -rf "$data"
secs=$(jq '.runs[0].seconds' "$OUT/probe-profile.json")
rate=$(jq '.runs[0].committedTxPerSecond // 0' "$OUT/probe-profile.json")
awk -v r="$rate" 'BEGIN { exit !(r > 0) }' ||
  { echo "probe-profile: no transaction committed (see $OUT/probe-profile.txt)" >&2; exit 1; }
awk -v s="$secs" -v p="$PROFILE_S" 'BEGIN { exit !(s >= p + 5) }' ||
  { echo "probe-profile: the probe took $secs s, less than the profile's window ($PROFILE_S s from 5 s): raise N" >&2; exit 1; }
split=$("$TN_DIR/growth/profile-split.sh" --one "$OUT/pprof-peer1-probe.pb.gz")
jq -r '.runs[0] | [.transactions, .committedTxPerSecond, (.networkCpuMsPerTxBy.peer // 0)] | @tsv' "$OUT/probe-profile.json" |
  awk -F'\t' -v sp="$split" -v p="$PROFILE_S" 'BEGIN { OFS = "\t" } {
    n = split(sp, f, "\t")
    ms = f[1] * 1000 / (p * $2)
    printf "%s\t%s\t%s\t%.2f", $1, $2, $3, ms
    for (i = 1; i <= n; i++) printf "\t%s", f[i]
    printf "\t%.2f\t%.2f\n", ms * f[2] / 100, ms * (1 - f[2] / 100)
  }'
