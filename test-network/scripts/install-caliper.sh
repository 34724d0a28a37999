#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs Hyperledger Caliper (@hyperledger/caliper-cli, -core and -fabric 0.6.0, with the Fabric
# Gateway binding: @hyperledger/fabric-gateway 1.5.0 and @grpc/grpc-js 1.10.3, the versions
# Caliper 0.6.0's "fabric:2.5" binding names) into test-network/caliper/node_modules, from the
# versions pinned in test-network/caliper/package-lock.json (npm ci: exact versions,
# integrity-checked; no `caliper bind` step, which would resolve versions at run time). The npm
# cache is test-network/.state-tools/npm-cache, so a reinstall needs no registry
# (--prefer-offline); it reinstalls only when the lock file changed. No install script runs
# (Caliper's Ethereum connector's native add-ons are not needed). Needs node and npm (Node 18.19+).
#
#   scripts/install-caliper.sh        (run by scripts/caliper.sh)
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP_DIR="$TN_DIR/caliper"
# shellcheck source=npm-ci-lib.sh
. "$TN_DIR/scripts/npm-ci-lib.sh"

npm_ci_locked "$APP_DIR" node_modules/.bin/caliper "Caliper"
echo "    caliper-cli $(node -p "require('$APP_DIR/node_modules/@hyperledger/caliper-cli/package.json').version"), fabric-gateway $(node -p "require('$APP_DIR/node_modules/@hyperledger/fabric-gateway/package.json').version")"
