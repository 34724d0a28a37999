#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Hyperledger Caliper against the fabric-bbs chaincode, beside bbs-load in the same run:
#   a fresh network with the chaincode deployed (as make demo's), Caliper 0.6.0 installed from
#   test-network/caliper/package-lock.json, loadgen data for bbs-load and, with another seed, for
#   Caliper; then for the scheme: bbs-load runs (a) the light write (CreatePolicy), (b) SubmitProof
#   and (c) SubmitProofs batches, and Caliper runs the same three rounds over its own copy of the
#   data (two local workers, workload test-network/caliper/workload/replay.js, fixed-load rate
#   control with CALIPER_INFLIGHT outstanding transactions); table.txt puts both side by side.
#
#   scripts/caliper.sh        (make bench-caliper)
#
# Environment (defaults): BENCH_COUNT=1000 transactions per mode (light, single),
# BENCH_BATCH_COUNT=100 SubmitProofs transactions of BENCH_BATCH=32 proofs, BENCH_SCHEME=bbs+2020,
# BENCH_INFLIGHT=200 outstanding for bbs-load, CALIPER_INFLIGHT=50 for Caliper (its two Node
# workers saturate before the network does; see docs/performance.md), CALIPER_WORKERS=2,
# BENCH_KEEP=1 to leave the network up, CALIPER_NETWORK=running to use a network that is already
# up with the chaincode deployed (make demo's) instead of a fresh one.
# Results in test-network/.caliper/: table.txt, bbs-load.json, caliper-report.html, caliper.log.
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=../invoke.sh
. "$TN_DIR/invoke.sh"
# shellcheck source=tools-lib.sh
. "$TN_DIR/scripts/tools-lib.sh"

COUNT="${BENCH_COUNT:-1000}"
BATCH="${BENCH_BATCH:-32}"
BATCH_COUNT="${BENCH_BATCH_COUNT:-100}"
SCHEME="${BENCH_SCHEME:-bbs+2020}"
INFLIGHT="${BENCH_INFLIGHT:-200}"
CAL_INFLIGHT="${CALIPER_INFLIGHT:-50}"
CAL_WORKERS="${CALIPER_WORKERS:-2}"
OUT="$TN_DIR/.caliper"
CAL_DIR="$TN_DIR/caliper"

"$TN_DIR/scripts/install-caliper.sh"
log "Building bbs-load and loadgen"
build_tools load
rm -rf "$OUT"
mkdir -p "$OUT"
if [ "${CALIPER_NETWORK:-fresh}" = running ]; then
  log "Using the running network (CALIPER_NETWORK=running)"
else
  fresh_network BENCH_KEEP
fi

gen() { # DIR SEED
  bbs-loadgen -out "$1" -seed "$2" -schemes "$SCHEME" -light "$COUNT" -single "$COUNT" \
    -batch-tx "$BATCH_COUNT" -batch-size "$BATCH" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
}
log "Generating the transactions ($COUNT light, $COUNT single, $BATCH_COUNT batches of $BATCH; $SCHEME)"
gen "$OUT/data-load" "fabric-bbs-caliper-load-$$"
gen "$OUT/data-caliper" "fabric-bbs-caliper-$$"
sdir="$(ls -d "$OUT/data-caliper"/*/ | head -1)"

log "bbs-load: light, single, batch (load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
bbs-load -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" \
  -cpu-prefix "$(cd "$TN_DIR" && pwd -P)/" -data "$OUT/data-load" -schemes "$SCHEME" \
  -modes light,single,batch -count "$COUNT" -inflight "$INFLIGHT" -json "$OUT/bbs-load.json" |
  tee "$OUT/bbs-load.txt"

log "Caliper's issuer: its setup registration, by Org1 User1 (the submitter its proof of possession names)"
setOrg 1 User1
reg="$(node -e 'const l=require("fs").readFileSync(process.argv[1],"utf8").split("\n")[0]; const t=JSON.parse(l); if (t.tx!=="RegisterIssuer") process.exit(1); process.stdout.write(t.args[0])' "$sdir/setup.jsonl")"
cc_invoke RegisterIssuer "$reg" | tail -1

# The network configuration: both organisations, User1 of each, one peer each (the Gateway
# endorses on the others through discovery), TLS with the peers' names.
for o in 1 2; do
  addr_var="PEER${o}_ADDRESS" ca_var="PEER${o}_TLS_CA"
  cat > "$OUT/ccp-org$o.yaml" <<YAML
name: org$o
version: "1.0.0"
client:
  organization: Org$o
organizations:
  Org$o:
    mspid: Org${o}MSP
    peers: [peer0.org$o.example.com]
peers:
  peer0.org$o.example.com:
    url: grpcs://${!addr_var}
    tlsCACerts:
      path: ${!ca_var}
    grpcOptions:
      ssl-target-name-override: peer0.org$o.example.com
YAML
done
{
  printf 'name: fabric-bbs\nversion: "2.0.0"\ncaliper:\n  blockchain: fabric\n'
  printf 'channels:\n  - channelName: %s\n    contracts:\n      - id: %s\norganizations:\n' "$CHANNEL_NAME" "$CC_NAME"
  for o in 1 2; do
    msp="$(userMSP "$o" User1)"
    printf '  - mspid: Org%sMSP\n    identities:\n      certificates:\n        - name: User1\n' "$o"
    printf '          clientPrivateKey:\n            path: %s\n' "$(ls "$msp"/keystore/* | head -1)"
    printf '          clientSignedCert:\n            path: %s\n' "$(ls "$msp"/signcerts/* | head -1)"
    printf '    connectionProfile:\n      path: %s\n      discover: true\n' "$OUT/ccp-org$o.yaml"
  done
} > "$OUT/networkconfig.yaml"
round() { # LABEL FILE TXNUMBER
  cat <<YAML
    - label: $1
      txNumber: $3
      rateControl:
        type: fixed-load
        opts:
          transactionLoad: $CAL_INFLIGHT
      workload:
        module: workload/replay.js
        arguments:
          file: $2
          contractId: $CC_NAME
          channel: $CHANNEL_NAME
YAML
}
{
  printf 'test:\n  name: fabric-bbs\n  description: light write, SubmitProof and SubmitProofs x%s (%s)\n' "$BATCH" "$SCHEME"
  printf '  workers:\n    number: %s\n  rounds:\n' "$CAL_WORKERS"
  round light "$sdir/light.jsonl" "$COUNT"
  round single "$sdir/single.jsonl" "$COUNT"
  round batch "$sdir/batch.jsonl" "$BATCH_COUNT"
} > "$OUT/benchmark.yaml"

log "Caliper: light, single, batch ($CAL_WORKERS workers, $CAL_INFLIGHT outstanding; load average now: $(cut -d' ' -f1-3 /proc/loadavg))"
(cd "$CAL_DIR" && node_modules/.bin/caliper launch manager --caliper-workspace "$CAL_DIR" \
  --caliper-networkconfig "$OUT/networkconfig.yaml" --caliper-benchconfig "$OUT/benchmark.yaml" \
  --caliper-flow-only-test --caliper-report-path "$OUT/caliper-report.html" \
  --caliper-logging-targets-file-enabled false) > "$OUT/caliper.log" 2>&1 || {
  tail -40 "$OUT/caliper.log" >&2
  echo "caliper failed; its log: $OUT/caliper.log" >&2
  exit 1
}

# Side by side: Caliper's summary rows (name | succ | fail | send rate | ... | throughput) and
# bbs-load's committed tx/s per mode (from its JSON report).
node - "$OUT/caliper.log" "$OUT/bbs-load.json" "$BATCH" > "$OUT/table.txt" <<'JS'
const fs = require('fs');
const [log, loadJSON, batch] = process.argv.slice(2);
const rows = {};
for (const line of fs.readFileSync(log, 'utf8').split('\n')) {
  const c = line.split('|').map((s) => s.trim());
  if (c.length >= 9 && ['light', 'single', 'batch'].includes(c[1])) {
    rows[c[1]] = { succ: +c[2], fail: +c[3], tps: +c[8], avgLat: +c[7] };
  }
}
const load = JSON.parse(fs.readFileSync(loadJSON, 'utf8'));
const runs = load.runs || [];
const byMode = {};
for (const r of runs) { byMode[r.mode] = r; }
const f = (x) => (x === undefined || Number.isNaN(x) ? 'n/a': x.toFixed(1));
console.log('| mode | Caliper tx/s | Caliper ok/failed | Caliper avg latency s | bbs-load tx/s | proofs/s (Caliper, bbs-load) |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const m of ['light', 'single', 'batch']) {
  const c = rows[m] || {};
  const l = byMode[m] || {};
  const ltps = l.committedTxPerSecond;
  const per = m === 'batch' ? +batch: (m === 'single' ? 1: 0);
  const proofs = per ? `${f(c.tps * per)}, ${f(l.verifiedProofsPerSecond)}`: '—';
  console.log(`| ${m} | ${f(c.tps)} | ${c.succ ?? 'n/a'}/${c.fail ?? 'n/a'} | ${f(c.avgLat)} | ${f(ltps)} | ${proofs} |`);
}
JS
cat "$OUT/table.txt"
log "Results in $OUT (table.txt, caliper-report.html, caliper.log, bbs-load.json)"
