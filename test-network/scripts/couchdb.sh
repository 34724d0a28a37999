# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# STATE_DB=couchdb, sourced by network.sh: each peer's state database is a
# pouchdb-server (scripts/install-couchdb.sh), checked for the two CouchDB
# behaviours Fabric relies on (couchdb_compat); state_db_env gives the
# peers' ledger variables for either state database.

POUCHDB_BIN="$TN_DIR/.state-tools/node_modules/.bin/pouchdb-server"

# start_couchdb ORG PORT: a pouchdb-server (CouchDB HTTP API, answers version
# 4.2.0) on 127.0.0.1:PORT as the state database of peer0.orgORG. It keeps
# its files (and its config.json, log.txt) in .state/couchdb/org$ORG.
start_couchdb() {
  local org="$1" port="$2" data="$STATE_DIR/couchdb/org$1"
  mkdir -p "$data"
  # shellcheck disable=SC2016 # $0 and $@ belong to the inner bash
  start_process "couchdb.org$org" -- bash -c 'cd "$0" && exec "$@"' "$data" \
    "$POUCHDB_BIN" --port "$port" --host 127.0.0.1 --dir "$data" --config "$data/config.json" --no-color
  wait_for_port "couchdb.org$org" "$port" 60
  local i
  for ((i = 0; i < 100; i++)); do
    curl -fsS "http://127.0.0.1:$port/" > /dev/null 2>&1 && break
    sleep 0.1
  done
  step "couchdb.org$org answers: $(curl -fsS "http://127.0.0.1:$port/" | jq -c '{version, vendor: .vendor.name}')"
  couchdb_compat "$port" "couchdb.org$org"
}

# couchdb_compat PORT NAME: checks the two things Fabric's CouchDB client
# (core/ledger/kvledger/txmgmt/statedb/statecouchdb) relies on when it
# updates a document, and that CouchDB does:
#   1. GET /db/doc answers the revision in the ETag header (readDoc takes the
#      revision from ETag, not from the body's _rev);
#   2. PUT /db/doc honours that revision in an If-Match header.
# pouchdb-server 4.2.0 does neither (its ETag is Express's weak content hash,
# W/"3f-...", and it ignores If-Match): every update of an existing document
# fails with 409 "Document update conflict", first when the peer creates the
# channel's ledger (PUT /mychannel_/channel_metadata), so "peer channel join"
# fails. Dies with that diagnosis unless COUCHDB_FORCE=1, which starts the
# peers anyway to show Fabric's own error.
couchdb_compat() {
  local base="http://127.0.0.1:$1" db="fabric_bbs_probe" rev etag code problems=()
  curl -fsS -X PUT "$base/$db" > /dev/null
  rev="$(curl -fsS -X PUT "$base/$db/doc" -H 'Content-Type: application/json' -d '{"v":1}' | jq -r .rev)"
  etag="$(curl -fsS -D - -o /dev/null "$base/$db/doc?attachments=true" | tr -d '\r' | sed -n 's/^[Ee][Tt][Aa][Gg]: *//p')"
  [ "${etag//\"/}" = "$rev" ] || problems+=("GET answers ETag $etag, not the revision \"$rev\"")
  code="$(curl -sS -o /dev/null -w '%{http_code}' -X PUT "$base/$db/doc" -H "If-Match: $rev" \
    -H 'Content-Type: application/json' -d '{"v":2}')"
  [ "$code" = 201 ] || problems+=("PUT with If-Match: $rev answers $code, not 201")
  curl -fsS -X DELETE "$base/$db" > /dev/null || true
  if [ ${#problems[@]} -eq 0 ]; then
    step "$2: ETag and If-Match behave as Fabric's CouchDB client needs"
    return 0
  fi
  local msg joined
  joined="$(printf '%s; ' "${problems[@]}")"
  msg="$2 (127.0.0.1:$1) is not compatible with Fabric's CouchDB client: ${joined%; }.
       Fabric reads a document's revision from the ETag header and sends it back in If-Match,
       so every update of an existing document fails with 409 Document update conflict
       (the first one when the peer creates the channel ledger: peer channel join fails).
       STATE_DB=couchdb does not work with pouchdb-server; use STATE_DB=goleveldb (the default)."
  if [ "${COUCHDB_FORCE:-0}" = 1 ]; then
    step "WARNING: $msg"
    step "COUCHDB_FORCE=1: starting the peers anyway"
    return 0
  fi
  die "$msg
       (COUCHDB_FORCE=1 starts the peers anyway, to see Fabric's error in the peer log)"
}

# state_db_env ORG: the peer's ledger variables for STATE_DB.
state_db_env() {
  local port
  echo "CORE_LEDGER_HISTORY_ENABLEHISTORYDATABASE=true"   # GetIssuerHistory needs it
  case "$STATE_DB" in
    goleveldb) echo "CORE_LEDGER_STATE_STATEDATABASE=goleveldb" ;;
    couchdb)
      if [ "$1" = 1 ]; then port="$COUCHDB1_PORT"; else port="$COUCHDB2_PORT"; fi
      echo "CORE_LEDGER_STATE_STATEDATABASE=CouchDB"
      echo "CORE_LEDGER_STATE_COUCHDBCONFIG_COUCHDBADDRESS=127.0.0.1:$port"
      echo "CORE_LEDGER_STATE_COUCHDBCONFIG_MAXRETRIESONSTARTUP=3"
      echo "CORE_LEDGER_STATE_COUCHDBCONFIG_CREATEGLOBALCHANGESDB=false"
      ;;
  esac
}
