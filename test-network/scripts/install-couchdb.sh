#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Installs pouchdb-server 4.2.0 (a CouchDB-compatible HTTP server, npm) into
# test-network/.state-tools/ for STATE_DB=couchdb, from the versions pinned in
# couchdb/package-lock.json (npm ci: exact versions, integrity-checked).
# Reinstalls only when the lock file changed. Needs node and npm (Node 20).
#
#   scripts/install-couchdb.sh        (make network-couchdb-deps)
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DIR="$TN_DIR/.state-tools"
BIN="$DIR/node_modules/.bin/pouchdb-server"
STAMP="$DIR/.lock-stamp"

for t in node npm; do
  command -v "$t" > /dev/null || { echo "ERROR: '$t' is not on PATH; STATE_DB=couchdb needs Node.js and npm" >&2; exit 1; }
done
stamp="$(sha256sum "$TN_DIR/couchdb/package.json" "$TN_DIR/couchdb/package-lock.json" | sha256sum | cut -c1-16)"
if [ -x "$BIN" ] && [ "$(cat "$STAMP" 2> /dev/null)" = "$stamp" ]; then
  echo "==> pouchdb-server is up to date in $DIR"
  exit 0
fi
echo "==> Installing pouchdb-server (couchdb/package-lock.json) into $DIR (npm ci)"
mkdir -p "$DIR"
cp "$TN_DIR/couchdb/package.json" "$TN_DIR/couchdb/package-lock.json" "$DIR/"
start=$SECONDS
npm ci --prefix "$DIR" --no-audit --no-fund --loglevel=error
[ -x "$BIN" ] || { echo "ERROR: npm ci did not install $BIN" >&2; exit 1; }
echo "$stamp" > "$STAMP"
echo "    installed in $((SECONDS - start)) s: pouchdb-server $(node -p "require('$DIR/node_modules/pouchdb-server/package.json').version")"
