#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Side by side, in one run: verification CPU time of a BBS presentation
# with one range proof, and without it, in @docknetwork/crypto-wasm-ts
# (Bulletproofs++ and its set-membership-check range proof, WebAssembly
# under Node.js) and in fabric-bbs (Bulletproofs and CCS08, Go, one core).
# Installs the pinned package into .dock/ (gitignored) on first use; needs
# Go, Node.js 18+ and the npm registry once. Not part of make test.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
dock="$here/.dock"
version=0.67.0
if [ ! -d "$dock/node_modules/@docknetwork/crypto-wasm-ts" ]; then
  mkdir -p "$dock"
  printf '{"name":"fabric-bbs-dock-bench","private":true,"type":"module"}\n' > "$dock/package.json"
  (cd "$dock" && npm install --no-audit --no-fund --save-exact "@docknetwork/crypto-wasm-ts@$version")
fi
cp "$here/dock-bench.mjs" "$dock/dock-bench.mjs"
echo "== @docknetwork/crypto-wasm-ts $version (node $(node --version)): medians of 5 rounds, ms per verification"
(cd "$dock" && node dock-bench.mjs 2>/dev/null)
echo "== fabric-bbs (go test -bench BenchmarkPresentation -count 5 -cpu 1): medians of 5, ms per operation"
cd "$root"
GOFLAGS=-mod=vendor GOPROXY=off go test -run '^$' -bench BenchmarkPresentation -count 5 -cpu 1 ./bbs/predicate/ |
  awk '/^BenchmarkPresentation/ {
         name = $1; sub(/^BenchmarkPresentation\//, "", name)
         for (i = 2; i < NF; i++) {
           if ($(i+1) == "cpu-ns/op") cpu[name] = cpu[name] " " $i
           if ($(i+1) == "proof-bytes") bytes[name] = $i
         }
         if (!(name in seen)) { seen[name] = 1; order[++n] = name }
       }
       function median(s,   a, k, i, j, t) {
         k = split(s, a, " ")
         for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
         return a[int((k + 1) / 2)]
       }
       END {
         for (i = 1; i <= n; i++) {
           m = order[i]
           printf "%-44s cpu %8.3f ms%s\n", m, median(cpu[m]) / 1e6, (m in bytes) ? sprintf("  %d proof bytes", bytes[m]) : ""
         }
       }'
