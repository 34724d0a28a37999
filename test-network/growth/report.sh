#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# report.sh DIR: growth.sh's report (markdown, stdout) from DIR/growth.tsv
# and DIR/probes.tsv.
set -euo pipefail
OUT="$1"
sizes=$(tail -n +2 "$OUT/growth.tsv" | cut -f1 | tr '\n' ' ')
cat <<EOF
# As the ledger grows ($(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg) at the end)

Command: \`GROWTH_SIZES="${GROWTH_SIZES:-1000 10000}" GROWTH_PROBE=${GROWTH_PROBE:-100}$([ "${GROWTH_PROFILE:-0}" = 1 ] && echo " GROWTH_PROFILE=1") make bench-growth\`
(ledger sizes reached: $sizes verification records).

## The fill, SubmitProof and the ledger

Each row: the ledger's verification records after the fill and the SubmitProof probe; loadgen's
time (deriving the fill's and the probe's proofs), the fill (SubmitProofs batches: wall time and
verified proofs/s); the SubmitProof probe: committed tx/s, p50 commit latency, the network's CPU
per transaction (all, chaincode, peers); peer0.org1's ledger data (ledgersData: block files, state
database, history database); the peers' CPU with nothing in flight, measured for GROWTH_IDLE
seconds right after the fill (percent of one core, both peers). Bytes per record are the growth
since the previous row over the records added since it (the first row: over all its records).

| records | loadgen s | fill s | fill proofs/s | probe tx/s | p50 ms | CPU ms/tx | chaincode | peers | peers idle % | ledger data bytes | blocks | state db | history db | bytes/record: all | blocks | state db | history db |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
EOF
tail -n +2 "$OUT/growth.tsv" | awk -F'\t' '{d = $1 - r0; printf "| %d | %d | %d | %.0f | %.1f | %.1f | %.2f | %.2f | %.2f | %s | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f | %.0f |\n", $1,$13,$2,$3,$4,$5,$6,$7,$8,$14,$9,$10,$11,$12,($9-l0)/d,($10-c0)/d,($11-s0)/d,($12-h0)/d; r0=$1; l0=$9; c0=$10; s0=$11; h0=$12}'
cat <<'EOF'

## The fill, chunk by chunk

Each fill chunk (GROWTH_CHUNK proofs in SubmitProofs batches): the records after it, its batches,
verified proofs/s, and the network's CPU per verified proof (all processes, the chaincode's, the
peers').

| size | chunk | records after | batches | proofs/s | CPU ms/proof | chaincode | peers |
| --- | --- | --- | --- | --- | --- | --- | --- |
EOF
tail -n +2 "$OUT/fill.tsv" | awk -F'\t' '{printf "| %d | %d | %d | %d | %.1f | %.3f | %.3f | %.3f |\n", $1,$2,$3,$4,$5,$6,$7,$8}'
if [ -s "$OUT/profile.tsv" ]; then
  cat <<'EOF'

## Where peer0.org1's CPU went during the fill

GROWTH_PROFILE=1: a 30 s CPU profile of peer0.org1 during each fill chunk of at least 1000
batches (growth/profile-split.sh): the records after the chunk, the profile's CPU seconds, the
same per proof (over 30 s at the chunk's proofs/s), and the share of its samples whose stack goes through LevelDB (any goleveldb function), LevelDB's
background compactions, reads of the state database, of which reads of written keys' metadata
(key-level policies), the garbage collector's background marking, block validation, the
ledger's block commit and the endorser. The shares overlap.

| size | chunk | records after | CPU s | ms/proof | LevelDB % | compactions % | state reads % | metadata reads % | GC % | validation % | commit % | endorser % |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
EOF
  awk -F'\t' 'FNR == NR { if (FNR > 1) rate[$1 "-" $2] = $5; next }
    FNR > 1 { r = rate[$1 "-" $2]; ms = (r > 0) ? $4 * 1000 / (30 * r) : 0
      printf "| %d | %d | %d | %.1f | %.2f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f | %.1f |\n", $1,$2,$3,$4,ms,$5,$6,$7,$8,$9,$10,$11,$12 }' \
    "$OUT/fill.tsv" "$OUT/profile.tsv"
fi
cat <<'EOF'

## Every probe

Rows "size": measured after the fill of that size. Rows "shape": after the last size, on the
revocation-state shapes: a status list of 1,048,576 entries with its bits set (status-fill sets
them), an accumulator after the batch revocations (revoke: RevokeHandles of 1000 handles each), a
holder offline for all of them (removal-read, witness-update). Columns: transactions, answered
(committed; for the endorsed-only queries status-verify and removal-read, endorsed) tx/s, p50
latency (witness-update: the whole update, reads and holder), the network's CPU per transaction
(all processes, the chaincode's, the peers'), the holder's CPU ("bbs update-witness"), and each
probe's p50 and CPU over its figure at the smallest size.

| row | records | probe | tx | tx/s | p50 ms | CPU ms/tx | chaincode | peers | holder | p50 / smallest | CPU / smallest |
| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |
EOF
tail -n +2 "$OUT/probes.tsv" | awk -F'\t' '
  $1 == "size" && !($3 in l0) { l0[$3] = $7; c0[$3] = $8 }
  { rl = ($3 in l0 && l0[$3] > 0) ? sprintf("%.2f", $7 / l0[$3]) : "";
    rc = ($3 in c0 && c0[$3] > 0) ? sprintf("%.2f", $8 / c0[$3]) : "";
    if ($1 == "shape" && ($3 == "revoke" || $3 == "removal-read" || $3 == "witness-update")) { rl = "(batches)"; rc = "" }
    printf "| %s | %d | %s | %d | %.1f | %.1f | %.2f | %.2f | %.2f | %s | %s | %s |\n", $1, $2, $3, $4, $6, $7, $8, $9, $10, ($11 > 0 ? sprintf("%.2f", $11) : ""), rl, rc }'
cat <<'EOF'

A witness update's row is per removal record read: tx/s is records applied per second end to end,
CPU per record the network's (the read) plus the holder's. Plot: growth.svg.
EOF
