#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# profile-split.sh DIR: where peer0.org1's CPU went during each profiled
# fill chunk of growth.sh (GROWTH_PROFILE=1: DIR/pprof-peer1-fill-K-C.pb.gz,
# 30 s each). One row per profile (tsv, stdout): size K, chunk C, the
# records after the chunk (fill.tsv), the profile's CPU seconds, and the
# share (percent of the profile's samples) of the stacks through:
#   leveldb      any goleveldb function (state, history and block-index
#                databases, and the private data store)
#   compaction   goleveldb's background compactions (memtable flushes and
#                table compactions)
#   stateget     reads of the state database (stateleveldb GetState: the
#                chaincode's reads, MVCC versions, key-level policies)
#   metadata     of those, the reads of a written key's metadata (its
#                key-level policy: in simulation for every written key,
#                and in validation)
#   gc           the garbage collector's background marking
#   validate     block validation (txvalidator)
#   commit       the ledger's commit of a block (kvLedger.Commit*, commit)
#   endorse      the endorser (proposal simulation, chaincode calls)
# The shares overlap (a commit's LevelDB writes count in both).
#
# profile-split.sh --one FILE: the profile's CPU seconds and those shares,
# one tsv line without a header (probe-profile.sh).
set -euo pipefail
share() { # FILE REGEX: percent of FILE's samples whose stack matches REGEX
  go tool pprof -top -nodefraction=0 -nodecount=1000000 -focus "$2" "$1" 2> /dev/null |
    awk '/^Showing nodes accounting for/ { sub(/%.*/, "", $6); p = $6 } END { print (p == "" ? 0 : p) }'
}
one() { # FILE: cpu_s and the shares, tab-separated
  local cpu
  cpu=$(go tool pprof -top -nodecount=1 "$1" 2> /dev/null |
    awk '/Total samples/ { for (i = 1; i <= NF; i++) if ($i == "=") { v = $(i + 1); if (v ~ /ms$/) { sub(/ms/, "", v); v /= 1000 } else sub(/s/, "", v); print v } }')
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "${cpu:-0}" \
    "$(share "$1" 'syndtr/goleveldb')" \
    "$(share "$1" 'goleveldb/leveldb\.\(\*DB\)\.(mCompaction|tCompaction)')" \
    "$(share "$1" 'stateleveldb\.\(\*versionedDB\)\.GetState$')" \
    "$(share "$1" 'privacyenabledstate\.\(\*DB\)\.GetStateMetadata$')" \
    "$(share "$1" 'runtime\.gcBgMarkWorker')" \
    "$(share "$1" 'core/committer/txvalidator')" \
    "$(share "$1" 'kvledger\.\(\*kvLedger\)\.([Cc]ommit|CommitLegacy)$')" \
    "$(share "$1" 'core/endorser\.\(\*Endorser\)\.ProcessProposal')"
}
if [ "${1:-}" = --one ]; then
  one "$2"
  exit
fi
OUT="$1"
printf 'size\tchunk\trecords\tcpu_s\tleveldb_pct\tcompaction_pct\tstateget_pct\tmetadata_pct\tgc_pct\tvalidate_pct\tcommit_pct\tendorse_pct\n'
for b in $(cd "$OUT" && ls pprof-peer1-fill-*.pb.gz 2> /dev/null | sort -t- -k4,4n -k5,5n); do
  f="$OUT/$b"
  kc=${b#pprof-peer1-fill-}
  kc=${kc%.pb.gz}
  k=${kc%-*}
  c=${kc#*-}
  recs=$(awk -F'\t' -v k="$k" -v c="$c" '$1 == k && $2 == c { print $3 }' "$OUT/fill.tsv")
  printf '%s\t%s\t%s\t%s\n' "$k" "$c" "${recs:-0}" "$(one "$f")"
done
