#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Cross-implementation check of BbsBlsSignature2020 / BbsBlsSignatureProof2020:
# fabric-bbs's vc package against MATTR's @mattrglobal/jsonld-signatures-bbs,
# both ways. Needs Go and Node.js 18+; npm ci fetches the pinned packages
# once, the check itself runs offline. With --write DIR it also writes the
# fixtures the Go tests use (vc/testdata/ld2020/).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$root" && GOFLAGS=-mod=vendor GOPROXY=off go build -o "$tmp/vctool" ./interop/bbs-2020-ld/vctool)
cd "$here"
[ -d node_modules ] || npm ci --no-audit --no-fund
VCTOOL="$tmp/vctool" node interop.js "$@"
