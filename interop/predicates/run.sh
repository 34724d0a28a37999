#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Checks that the BBS part of fabric-bbs predicate presentations
# (package bbs/predicate) verifies in Digital Bazaar's IETF BBS
# implementation with the derived presentation header. Needs Go and
# Node.js 18+; npm ci fetches the pinned package once, the check itself
# runs offline.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && GOFLAGS=-mod=vendor GOPROXY=off go build -o "$tmp/predtool" ./interop/predicates/predtool)
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
"$tmp/predtool" > "$tmp/vectors.json"
node interop.js < "$tmp/vectors.json"
