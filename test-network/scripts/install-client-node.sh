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
#   scripts/install-client-node.sh DIR    the same into a copy of the sample's folder (e2e/clients.sh)
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP_DIR="$(cd "${1:-$TN_DIR/../examples/client/node}" && pwd)"
# shellcheck source=npm-ci-lib.sh
. "$TN_DIR/scripts/npm-ci-lib.sh"

npm_ci_locked "$APP_DIR" node_modules/@hyperledger/fabric-gateway/package.json "the Node.js client sample's packages"
echo "    @hyperledger/fabric-gateway $(node -p "require('$APP_DIR/node_modules/@hyperledger/fabric-gateway/package.json').version"), @grpc/grpc-js $(node -p "require('$APP_DIR/node_modules/@grpc/grpc-js/package.json').version")"
