#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cross-implementation check of bbs-2023: fabric-bbs's vc package against
# Digital Bazaar's @digitalbazaar/bbs-2023-cryptosuite, both ways. Needs Go
# and Node.js 18+; npm ci fetches the pinned packages once, the check itself
# runs offline.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && GOFLAGS=-mod=vendor GOPROXY=off go build -o "$tmp/vctool" ./interop/bbs-2023/vctool)
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
VCTOOL="$tmp/vctool" node interop.js
