#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The soak test on a fresh local network: a fresh Fabric
# network (FABRIC_VERSION=2.5, the default: one Raft orderer; 3.1: four
# SmartBFT orderers, scripts/bft.sh), the chaincode deployed (CCAAS=1: as a chaincode server), loadgen's
# soak requests, bbs-soak with faults, the report, and the network torn
# down (also on failure or Ctrl-C).
#
#   scripts/soak.sh           (make soak)
#
# Environment (defaults): SOAK_TX=10000 SubmitProof transactions in the load
# (SOAK_PER_SCHEME, by default from SOAK_TX: 2,729 soak.jsonl and 272
# mix.jsonl lines per scheme with the default faults, 3 schemes), SOAK_MINUTES (15 when neither SOAK_TX nor
# SOAK_PER_SCHEME is set, otherwise unset; unset: the load runs until SOAK_TX
# are sent, at most 10 minutes; set: at most that many minutes, and SOAK_RATE
# defaults to SOAK_TX spread over them, so the load fills its minutes; the
# load ends at whichever comes first), SOAK_INFLIGHT=40, SOAK_RATE=25
# transactions started per second at most, SOAK_MEM_INTERVAL=5s (the memory
# samples of every node and chaincode process), SOAK_FAULTS (v2.5:
# "cc-kill@0.1,peer-restart:2@0.25,orderer-restart@0.4,peer-kill:1@0.55,orderer-kill@0.7,cc-kill@0.85";
# v3.1: "cc-kill@0.1,bft-leader-stop@0.25,peer-kill:2@0.4,bft-leader-kill@0.55,peer-restart:1@0.7,cc-kill@0.85",
# bft-leader-stop/-kill: the current SmartBFT leader stopped / SIGKILLed;
# issuer-change: each scheme's rotating issuer rotated to key version 2,
# then version 1 revoked, a status list entry set, a holder revoked
# through the accumulator and an epoch raised, while proofs under both
# versions, credentials with that entry and the rest are in the load: with it
# loadgen -mix adds PER_SCHEME/10 lines per scheme of SubmitProofs batches
# and proofs under versions 1 and 2, pseudonym races (4 requests per
# PER_SCHEME/80 per IETF scheme), poll votes through the poll chaincode
# (as many races, of 4 votes of one voter and a late duplicate),
# SubmitCredentials batches and races of bbs-2023 pseudonym credentials
# (PER_SCHEME/160 each, bbs-bls12381-sha256), bbs-2023 credentials and revocable ones
# (PER_SCHEME/40 each, bbs-bls12381-sha256), presentations with
# non-revocation of a holder the fault revokes through the accumulator
# (RevokeHandle) and of others, and proofs of epochs 1 and 2 while the
# issuer's epoch is raised to 2 (PER_SCHEME/40 each, bbs-bls12381-sha256),
# and PER_SCHEME is smaller),
# SOAK_DOWN=5s (how long a stopped node stays down), SOAK_RESUBMITS=3,
# SOAK_VANISH=2 (clients that submit, close their connection before the
# status and resubmit the same signed transaction from a new connection),
# SOAK_SEED=fabric-bbs-soak, SOAK_OUT=test-network/.soak, CCAAS=1, SOAK_KEEP=1
# to leave the network up. TOXIPROXY=1 (the default here; 0: without):
# every link of the network through Toxiproxy (scripts/toxiproxy.sh) and
# the network faults in the default plan (net:latency, net:peer-partition-N,
# v3.1 net:orderer-partition-follower and -leader, net:bandwidth, net:reset;
# each lasts SOAK_NET_HOLD=20s, then heals, then every node catches up);
# the proxies' connections and bytes go to net-stats.txt, and a proxy that
# carried nothing fails the run; also in that plan: cc-upgrade (a new
# package of bbs committed as the next sequence under load) and disk-full:2
# (peer0.org2's data on a tmpfs of SOAK_LEDGER_FS_SIZE=1g, filled until the
# peer stops, then freed; the peer restarts on its ledger and catches up). Exit status: bbs-soak's (0 only when nothing was
# lost, nothing counted twice and both peers agree).
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# TOXIPROXY=1 by default, 0 with NETNS=1 (the two do not go together)
if [ "${NETNS:-0}" = 1 ]; then export TOXIPROXY="${TOXIPROXY:-0}"; else export TOXIPROXY="${TOXIPROXY:-1}"; fi
# shellcheck source=../env.sh
. "$TN_DIR/env.sh"
# BLOCK_CACHE_MIB: from Fabric v3.0 on, every orderer and peer keeps its most
# recent blocks in memory, up to 50 MiB (common/ledger/blkstorage cache.go);
# bbs-soak's memory bound allows for it (-mem-block-cache-mib,
# docs/reliability.md "Memory"). v2.5 has no such cache.
case "$FABRIC_VERSION" in
  2.5) DEFAULT_FAULTS="cc-kill@0.1,peer-restart:2@0.25,orderer-restart@0.4,issuer-change@0.5,peer-kill:1@0.55,orderer-kill@0.7,cc-kill@0.85"
    BLOCK_CACHE_MIB=0 ;;
  3.1) DEFAULT_FAULTS="cc-kill@0.1,bft-leader-stop@0.25,peer-kill:2@0.4,issuer-change@0.5,bft-leader-kill@0.55,peer-restart:1@0.7,cc-kill@0.85"
    BLOCK_CACHE_MIB=50 ;;
  *) echo "soak.sh: FABRIC_VERSION is 2.5 (Raft) or 3.1 (SmartBFT), not $FABRIC_VERSION" >&2; exit 2 ;;
esac
# The network faults (Toxiproxy), among the others.
if [ "$TOXIPROXY" = 1 ]; then
  case "$FABRIC_VERSION" in
    2.5) DEFAULT_FAULTS="net:latency@0.04,cc-kill@0.1,net:peer-partition-1@0.15,peer-restart:2@0.22,net:bandwidth@0.28,orderer-restart@0.34,cc-upgrade@0.4,issuer-change@0.5,peer-kill:1@0.55,net:reset@0.62,orderer-kill@0.7,net:peer-partition-2@0.76,cc-kill@0.82,disk-full:2@0.88" ;;
    3.1) DEFAULT_FAULTS="net:latency@0.04,cc-kill@0.08,net:orderer-partition-follower@0.13,bft-leader-stop@0.2,net:peer-partition-2@0.27,peer-kill:2@0.33,cc-upgrade@0.4,issuer-change@0.5,bft-leader-kill@0.55,net:orderer-partition-leader@0.61,peer-restart:1@0.68,net:bandwidth@0.73,net:reset@0.78,cc-kill@0.84,disk-full:2@0.89" ;;
  esac
fi
NET_HOLD="${SOAK_NET_HOLD:-20s}"
# disk-full:N in the plan: peer0.orgN's data on a file system of its own
# (a tmpfs of SOAK_LEDGER_FS_SIZE, 1g), which the fault fills.
case ",${SOAK_FAULTS:-$DEFAULT_FAULTS}" in
  *,disk-full:[12]@*) n="${SOAK_FAULTS:-$DEFAULT_FAULTS}" n="${n#*disk-full:}"
    export PEER_LEDGER_FS="${n%%@*}:${SOAK_LEDGER_FS_SIZE:-1g}" ;;
esac

RESUBMITS="${SOAK_RESUBMITS:-3}"
VANISH="${SOAK_VANISH:-2}"
# The default run (neither SOAK_TX nor SOAK_PER_SCHEME): 10,000 over 15 minutes.
[ -z "${SOAK_TX:-}${SOAK_PER_SCHEME:-}" ] &&: "${SOAK_MINUTES:=15}"
TX="${SOAK_TX:-10000}"
case "$TX" in ''|*[!0-9]*|0) echo "soak.sh: SOAK_TX must be a positive number of transactions" >&2; exit 2 ;; esac
FAULTS="${SOAK_FAULTS:-$DEFAULT_FAULTS}"
# The mix (SubmitProofs batches, proofs under a key rotated and revoked in
# the run) goes with an issuer-change fault: on when the faults have one.
case ",$FAULTS" in *,issuer-change@*) MIX_ON=1 ;; *) MIX_ON=0 ;; esac
# The load is 9 originals per replay: TX = 10/9 x (3 x PER_SCHEME - RESUBMITS)
# without the mix, about 10/9 x (3 x PER_SCHEME + 7 x MIX - RESUBMITS) with it,
# MIX = PER_SCHEME / 10 mix.jsonl lines per scheme (3 x MIX of mix.jsonl,
# and MIX of nym.jsonl, 1.25 x MIX of vote.jsonl, MIX/2 of cred.jsonl and
# status.jsonl, MIX/3 of credmore.jsonl and MIX/2 each of acc.jsonl and
# epoch.jsonl in all).
# The poll votes go to the poll example chaincode (POLL_CC_NAME), which
# network.sh deploys beside bbs unless DEPLOY_POLL=false (then no votes).
POLL_CC=""
[ "${DEPLOY_POLL:-true}" = true ] && POLL_CC="$POLL_CC_NAME"
# Both estimates are rounded up by 1% (the mix's shares are whole lines),
# so that at least TX are generated; bbs-soak sends TX of them.
if [ "$MIX_ON" = 1 ]; then
  PER_SCHEME="${SOAK_PER_SCHEME:-$(( (TX * 18 * 101 / 100 + (RESUBMITS + VANISH + 2) * 20) / 74 ))}"
  MIX=$(( PER_SCHEME / 10 < 3 ? 3: PER_SCHEME / 10 ))
else
  PER_SCHEME="${SOAK_PER_SCHEME:-$(( (TX * 9 * 101 / 1000 + RESUBMITS + VANISH + 2) / 3 ))}"
  MIX=0
fi
# SOAK_PER_SCHEME without SOAK_TX: all of its transactions (-tx 0).
[ -n "${SOAK_PER_SCHEME:-}" ] && [ -z "${SOAK_TX:-}" ] && TX=0
MINUTES="${SOAK_MINUTES:-}"
DURATION=10m
RATE="${SOAK_RATE:-25}"
if [ -n "$MINUTES" ]; then
  case "$MINUTES" in *[!0-9]*|0) echo "soak.sh: SOAK_MINUTES must be a positive whole number of minutes" >&2; exit 2 ;; esac
  DURATION="${MINUTES}m"
  RATE="${SOAK_RATE:-fill}"
fi
MEM_INTERVAL="${SOAK_MEM_INTERVAL:-5s}"
INFLIGHT="${SOAK_INFLIGHT:-40}"
DOWN="${SOAK_DOWN:-5s}"
SEED="${SOAK_SEED:-fabric-bbs-soak}"
OUT="${SOAK_OUT:-$TN_DIR/.soak}"

# shellcheck source=tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

if [ "${1:-}" = --build-only ]; then build_tools soak; exit 0; fi

log "Building bbs-soak (test-network/gateway/cmd/bbs-soak) and loadgen (test-network/loadgen)"
build_tools soak
[ "$TOXIPROXY" = 1 ] && "$TN_DIR/scripts/build-bins.sh" toxiproxy
rm -rf "$OUT"
mkdir -p "$OUT"
fresh_network SOAK_KEEP

# After the network is up: the setup registration carries a proof of
# possession for bbs-soak's first client, whose certificate the network made.
log "Generating the requests (seed $SEED, $PER_SCHEME per scheme, mix $MIX per scheme)"
bbs-loadgen -out "$OUT/data" -seed "$SEED" -light 0 -single 0 -soak "$PER_SCHEME" -mix "$MIX" -poll-chaincode "$POLL_CC" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"

log "Soak on Fabric v$FABRIC_VERSION: $TX transactions (0: all generated), at most $DURATION, $INFLIGHT in flight, $RATE tx/s at most, faults $FAULTS (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
set +e
# NETNS=1: in the client namespace (env.sh's tn_client)
tn_client "$FABRIC_BIN_DIR/bbs-soak" -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" -channel "$CHANNEL_NAME" \
  -data "$OUT/data" -network "$TN_DIR/network.sh" -inflight "$INFLIGHT" -rate "$RATE" -faults "$FAULTS" \
  -tx "$TX" -duration "$DURATION" -mem-interval "$MEM_INTERVAL" -mem-block-cache-mib "$BLOCK_CACHE_MIB" -down "$DOWN" -net-hold "$NET_HOLD" -resubmits "$RESUBMITS" -vanish "$VANISH" -json "$OUT/report.json" 2> "$OUT/soak.log" | tee "$OUT/report.txt"
rc=${PIPESTATUS[0]}
set -e
if [ "$TOXIPROXY" = 1 ]; then
  # Every proxy carried traffic: connections open now, or bytes of closed ones.
  "$TN_DIR/network.sh" net-stats > "$OUT/net-stats.txt"
  # The chaincode links in use: cc-peerN (a chaincode the peer launched) or,
  # with CCAAS=1, ccaas-peerN (the peer to the chaincode server); the poll
  # example is not deployed here.
  unused='^ccaas-'
  [ "${CCAAS:-0}" = 1 ] && unused='^(cc-peer|ccaas-poll-)'
  idle="$(awk -v unused="$unused" 'NR > 1 && $1 !~ unused && $3 == 0 && $4 == 0 && $5 == 0 {print $1}' "$OUT/net-stats.txt" | tr '\n' ' ')"
  log "Toxiproxy: $(($(wc -l < "$OUT/net-stats.txt") - 1)) proxies, per proxy in $OUT/net-stats.txt${idle:+; carried nothing: $idle}"
  if [ -n "$idle" ]; then echo "soak.sh: a proxy carried nothing, so its link did not go through Toxiproxy: $idle" >&2; [ "$rc" -ne 0 ] || rc=1; fi
fi
[ "$rc" -eq 0 ] || { echo "--- bbs-soak log (last lines):"; tail -n 20 "$OUT/soak.log"; cp -a "$LOG_DIR" "$OUT/logs" 2> /dev/null || true; }
log "Report: $OUT/report.txt, $OUT/report.json, plot $OUT/report.svg, log $OUT/soak.log (exit $rc)"
exit "$rc"
