#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs Digital Bazaar's bbs-2023 packages (@digitalbazaar/bbs-2023-cryptosuite 2.0.1,
# @digitalbazaar/data-integrity 2.5.0, jsonld-signatures 11.6.0, @digitalbazaar/bls12-381-multikey
# 2.1.0 and what they depend on) into interop/bbs-2023/node_modules, from the versions pinned in
# interop/bbs-2023/package-lock.json (npm ci: exact versions, integrity-checked; cache
# test-network/.state-tools/npm-cache, optional packages omitted, no install script run).
# Reinstalls only when the lock file changed. Used by e2e/credentials-db.sh. Needs node and npm.
#
#   scripts/install-interop-bbs-2023.sh
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
APP_DIR="$(cd "$TN_DIR/../interop/bbs-2023" && pwd)"
# shellcheck source=npm-ci-lib.sh
. "$TN_DIR/scripts/npm-ci-lib.sh"

npm_ci_locked "$APP_DIR" node_modules/@digitalbazaar/bbs-2023-cryptosuite/package.json "Digital Bazaar's bbs-2023 packages"
echo "    @digitalbazaar/bbs-2023-cryptosuite $(node -p "require('$APP_DIR/node_modules/@digitalbazaar/bbs-2023-cryptosuite/package.json').version")"
