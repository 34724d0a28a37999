#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs the Node.js client sample's packages (@hyperledger/fabric-gateway 1.11.0,
# @grpc/grpc-js 1.14.3 and what they depend on) into examples/client/node/node_modules, from
# the versions pinned in examples/client/node/package-lock.json (npm ci: exact versions,
# integrity-checked). The npm cache is test-network/.state-tools/npm-cache, so a reinstall
# after the first one needs no registry (--prefer-offline). Reinstalls only when the lock file
# changed. The optional native pkcs11js (HSM signing, unused by the sample) is omitted and no
# install script runs. Needs node and npm (Node 20.9 or later).
#
#   scripts/install-client-node.sh        (make examples-client-node-deps)
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP_DIR="$(cd "$TN_DIR/../examples/client/node" && pwd)"
CACHE="$TN_DIR/.state-tools/npm-cache"
STAMP="$APP_DIR/node_modules/.lock-stamp"

for t in node npm; do
  command -v "$t" > /dev/null || { echo "ERROR: '$t' is not on PATH; the Node.js client sample needs Node.js and npm" >&2; exit 1; }
done
stamp="$(sha256sum "$APP_DIR/package.json" "$APP_DIR/package-lock.json" | sha256sum | cut -c1-16)"
if [ -f "$APP_DIR/node_modules/@hyperledger/fabric-gateway/package.json" ] && [ "$(cat "$STAMP" 2> /dev/null)" = "$stamp" ]; then
  echo "==> the Node.js client sample's packages are up to date in $APP_DIR/node_modules"
  exit 0
fi
echo "==> Installing the Node.js client sample's packages (package-lock.json) into $APP_DIR/node_modules (npm ci)"
mkdir -p "$CACHE"
start=$SECONDS
npm ci --prefix "$APP_DIR" --cache "$CACHE" --prefer-offline --omit=optional --ignore-scripts \
  --no-audit --no-fund --loglevel=error
[ -f "$APP_DIR/node_modules/@hyperledger/fabric-gateway/package.json" ] || { echo "ERROR: npm ci did not install @hyperledger/fabric-gateway" >&2; exit 1; }
echo "$stamp" > "$STAMP"
echo "    installed in $((SECONDS - start)) s: @hyperledger/fabric-gateway $(node -p "require('$APP_DIR/node_modules/@hyperledger/fabric-gateway/package.json').version"), @grpc/grpc-js $(node -p "require('$APP_DIR/node_modules/@grpc/grpc-js/package.json').version")"
