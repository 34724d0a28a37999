#!/usr/bin/env bash
# A Fabric v2.5 network on this machine, without docker:
#   one Raft orderer (channel participation, no system channel),
#   peer0.org1 (Org1MSP) and peer0.org2 (Org2MSP), TLS everywhere,
#   every listener on 127.0.0.1, channel "mychannel" joined by both peers.
#
#   ./network.sh up                 start the nodes, create and join mychannel
#                                   (STATE_DB=couchdb: each peer's state database is a
#                                   pouchdb-server on 127.0.0.1:COUCHDB1_PORT/COUCHDB2_PORT)
#   ./network.sh deploy [-ccaas]    package/install/approve/commit chaincode "bbs", then the
#                                   example chaincode "poll" (examples/poll, which calls bbs;
#                                   DEPLOY_POLL=false skips it)
#                                   (-ccaas: run it as a chaincode server instead of
#                                   letting the peers build and launch it)
#   ./network.sh deploy-relay       deploy internal/relaycc as "relay", a chaincode that
#                                   forwards its arguments to bbs (e2e-trust.sh)
#   ./network.sh demo               register an issuer, verify and submit a proof
#   ./network.sh down               stop every process started here, remove .state/
#   ./network.sh status             what is running
#   FABRIC_VERSION=3.1 ./network.sh up      Fabric v3.1 instead: four BFT orderers
#                                   (scripts/bft.sh); the other commands follow .state/
#   ./network.sh orderer-stop|orderer-start N   (v3.1) stop / restart orderer N (1-4)
#   ./network.sh orderer-stop|orderer-start     (v2.5) stop / restart the Raft orderer
#   ./network.sh peer-stop|peer-start N         stop / restart peer0.orgN
#   ./network.sh package [DIR]      the chaincode packages an operator installs (golang with
#                                   vendor/, and ccaas), with their package IDs (make package)
#   ./network.sh cc-kill [N] | cc-pids          kill the chaincode process(es) (the peer
#                                   launches it again; CCaaS: restart the server) / list them
#                                   (scripts/faults.sh, used by the soak test)
#   ./network.sh peer-kill N | orderer-kill | peer-recovery N   crashes (SIGKILL) for the
#                                   soak test; what a restarted peer recommitted (scripts/faults.sh)
#   ./network.sh orderer-kill N | bft-leader | bft-view-wait VIEW   (v3.1) SIGKILL orderer N;
#                                   the SmartBFT leader and view; wait for a view change
#                                   (scripts/bft-faults.sh, used by the soak test)
#   ./network.sh node-pids          "NAME PID" of every running node and chaincode process
#                                   (the soak test samples their memory)
#
# Generated files live in test-network/.state/, logs in .state/logs/.
# Binaries come from scripts/build-bins.sh (make network-bins).
# The chaincode source is the repository root (CC_SRC), main package ./chaincode (CC_PKG).
# CC_POLICY is the chaincode endorsement policy (default AND of both orgs' peers).
# BBS_ENDORSEMENT_MODE (and|owner, default and) is the bbs endorsement configuration that
# deploy sets once on the channel (SetEndorsementConfig, both orgs): "and" makes every change
# of an issuer or policy need the owner's org AND both orgs; "owner" the owner's org alone.
# A failed "up" stops whatever it started and removes .state/ (logs kept in
# .up-failed-logs/); "down" only signals processes whose start time still
# matches the one recorded when network.sh started them.
set -euo pipefail

# shellcheck source=env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

CC_SRC="${CC_SRC:-$REPO_ROOT}"           # Go module holding the chaincode (with vendor/)
CC_PKG="${CC_PKG:-./chaincode}"          # main package inside CC_SRC
POLL_CC_PKG="${POLL_CC_PKG:-./examples/poll}" # main package of the poll example inside CC_SRC
DEPLOY_POLL="${DEPLOY_POLL:-true}"
CC_VERSION="${CC_VERSION:-1.0}"
# Both orgs' peers endorse every transaction (MAJORITY of 2 orgs = both):
# a nonce record or verification record cannot be written by one org's peer
# alone. Issuer records also carry a key-level policy (the owner's org) set
# by the contract, which replaces this policy for those keys.
CC_POLICY="${CC_POLICY:-AND('Org1MSP.peer','Org2MSP.peer')}"
BBS_ENDORSEMENT_MODE="${BBS_ENDORSEMENT_MODE:-and}"

# Fabric's default log format, without terminal colours (the logs are files).
LOG_FORMAT='%{time:2006-01-02 15:04:05.000 MST} %{id:04x} %{level:.4s} [%{module}] %{shortfunc} -> %{message}'

log()  { printf '\n==> %s\n' "$*"; }
step() { printf '    - %s\n' "$*"; }
die()  { printf '\nERROR: %s\n' "$*" >&2; exit 1; }
now_ms() { date +%s%3N; }
elapsed() { local ms=$(( $(now_ms) - $1 )); printf '%d.%01d s' $((ms / 1000)) $(((ms % 1000) / 100)); }

# ---------------------------------------------------------------- checks

require_tools() {
  local missing=()
  for b in peer orderer configtxgen cryptogen osnadmin; do
    [ -x "$FABRIC_BIN_DIR/$b" ] || missing+=("$b")
  done
  [ ${#missing[@]} -eq 0 ] || die "missing Fabric binaries in $FABRIC_BIN_DIR: ${missing[*]}
       build them with:  make network-bins   (or test-network/scripts/build-bins.sh)"
  for t in go jq tar; do
    command -v "$t" >/dev/null || die "'$t' is not on PATH (jq: apt-get install -y jq, or make network-up installs it)"
  done
}

port_in_use() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

check_ports() {
  local busy=() entry
  for entry in "$@"; do
    if port_in_use "${entry#*=}"; then busy+=("${entry%%=*}=${entry#*=}"); fi
  done
  [ ${#busy[@]} -eq 0 ] || die "port(s) already in use on 127.0.0.1: ${busy[*]}
       another network (or another program) is listening there.
       stop it (./network.sh down) or move this network, e.g. ${busy[0]%%=*}=$(( ${busy[0]#*=} + 10000 )) ./network.sh up"
}

node_ports() {
  echo "ORDERER_PORT=$ORDERER_PORT ORDERER_ADMIN_PORT=$ORDERER_ADMIN_PORT ORDERER_OPS_PORT=$ORDERER_OPS_PORT" \
       "PEER1_PORT=$PEER1_PORT PEER1_CC_PORT=$PEER1_CC_PORT PEER1_OPS_PORT=$PEER1_OPS_PORT" \
       "PEER2_PORT=$PEER2_PORT PEER2_CC_PORT=$PEER2_CC_PORT PEER2_OPS_PORT=$PEER2_OPS_PORT"
  if [ "$STATE_DB" = couchdb ]; then echo "COUCHDB1_PORT=$COUCHDB1_PORT COUCHDB2_PORT=$COUCHDB2_PORT"; fi
}

# start_time PID: the process's start time in clock ticks since boot
# (/proc/PID/stat field 22), which stays the same across exec and tells a
# process apart from a later one that reuses its PID. Empty if none.
start_time() {
  local stat
  stat="$(cat "/proc/$1/stat" 2> /dev/null)" || return 0
  # the command name (field 2) may hold spaces and parentheses: cut after the last ")"
  stat="${stat##*) }"
  # shellcheck disable=SC2086 # word splitting wanted
  set -- $stat
  echo "${20:-}"
}

# owned NAME: the process recorded in .state/pids/NAME.pid is running and is
# the one network.sh started (same PID and same start time as recorded in
# NAME.start), not a process that reused the PID later.
owned() {
  local f="$PID_DIR/$1.pid" pid rec
  [ -s "$f" ] || return 1
  pid="$(cat "$f")"
  rec="$(cat "$PID_DIR/$1.start" 2> /dev/null)"
  [ -n "$rec" ] && [ "$(start_time "$pid")" = "$rec" ]
}

# alive NAME: the process network.sh started as NAME is running
alive() { owned "$1"; }

require_network() {
  if ! { alive orderer && alive peer0.org1 && alive peer0.org2; }; then
    die "the network is not running: ./network.sh up (make network-up)"
  fi
}

wait_for_port() { # NAME PORT SECONDS
  local i
  for ((i = 0; i < $3 * 10; i++)); do
    port_in_use "$2" && return 0
    alive "$1" || die "$1 exited while starting; see $LOG_DIR/$1.log:
$(tail -n 20 "$LOG_DIR/$1.log" 2>/dev/null)"
    sleep 0.1
  done
  die "$1 did not open port $2 within $3 s; see $LOG_DIR/$1.log"
}

# start_process NAME ENV... -- COMMAND ARGS...
# Runs COMMAND with only the given environment (plus PATH, HOME, GOCACHE),
# in its own session so that "down" can stop it with everything it spawned
# (the peers' chaincode builds and processes), output in .state/logs/NAME.log.
start_process() {
  local name="$1" envs=()
  shift
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  rm -f "$PID_DIR/$name.pid" "$PID_DIR/$name.start"
  # shellcheck disable=SC2016 # $$ and $@ belong to the inner bash
  setsid bash -c 'echo $$ > "$0"; exec "$@"' "$PID_DIR/$name.pid" \
    env -i PATH="$PATH" HOME="$HOME" GOCACHE="$(go env GOCACHE)" "${envs[@]}" "$@" \
    > "$LOG_DIR/$name.log" 2>&1 < /dev/null &
  local i
  for ((i = 0; i < 50; i++)); do [ -s "$PID_DIR/$name.pid" ] && break; sleep 0.1; done
  [ -s "$PID_DIR/$name.pid" ] || die "$name did not start; see $LOG_DIR/$name.log"
  # The start time identifies the process for "down" (the PID alone may be reused).
  start_time "$(cat "$PID_DIR/$name.pid")" > "$PID_DIR/$name.start"
  step "started $name (pid $(cat "$PID_DIR/$name.pid"), log .state/logs/$name.log)"
}

# ---------------------------------------------------------------- up

fabric_sampleconfig() {
  local version dir
  version="$(awk '$1 == "github.com/hyperledger/fabric" {print $2}' "$FABRIC_TOOLS_DIR/go.mod")"
  dir="$(go env GOMODCACHE)/github.com/hyperledger/fabric@$version/sampleconfig"
  if [ ! -f "$dir/core.yaml" ]; then
    # the module is normally in the cache since the binaries were built from it
    (cd "$FABRIC_TOOLS_DIR" && GOWORK=off GOFLAGS=-mod=readonly go list github.com/hyperledger/fabric/cmd/peer >/dev/null)
  fi
  [ -f "$dir/core.yaml" ] || die "Fabric sampleconfig not found at $dir"
  echo "$dir"
}

write_node_config() {
  local sample
  sample="$(fabric_sampleconfig)"
  step "core.yaml, orderer.yaml from $sample"
  mkdir -p "$FABRIC_CFG_PATH"
  cp "$sample/core.yaml" "$sample/orderer.yaml" "$FABRIC_CFG_PATH/"
  chmod u+w "$FABRIC_CFG_PATH"/*.yaml
  # No docker here: an empty vm.endpoint turns the docker VM off. This must be
  # in the file, because an empty CORE_VM_ENDPOINT does not override it.
  # (indented by 4 spaces in v2.5's core.yaml, by 2 in v3.1's)
  sed -i 's|^\( *endpoint:\) unix:///var/run/docker.sock$|\1 ""|' "$FABRIC_CFG_PATH/core.yaml"
  grep -q '^ *endpoint: ""$' "$FABRIC_CFG_PATH/core.yaml" ||
    die "could not set vm.endpoint in $FABRIC_CFG_PATH/core.yaml (sampleconfig changed?)"
  step "core.yaml: vm.endpoint set to \"\" (no docker)"
}

generate_crypto() {
  step "cryptogen generate --config=config/crypto-config.yaml"
  cryptogen generate --config="$TN_DIR/config/crypto-config.yaml" --output="$ORG_DIR" > "$LOG_DIR/cryptogen.log" 2>&1 ||
    die "cryptogen failed; see $LOG_DIR/cryptogen.log"
}

# The channel's configtx template (config/) and profile; scripts/bft.sh sets
# the BFT ones for FABRIC_VERSION=3.1.
CHANNEL_CONFIGTX="${CHANNEL_CONFIGTX:-configtx.yaml}"
CHANNEL_PROFILE="${CHANNEL_PROFILE:-ChannelUsingRaft}"

generate_channel_block() {
  step "configtxgen -profile $CHANNEL_PROFILE -channelID $CHANNEL_NAME -outputBlock"
  sed -e "s/@ORDERER_PORT@/$ORDERER_PORT/g" -e "s/@ORDERER2_PORT@/$ORDERER2_PORT/g" \
    -e "s/@ORDERER3_PORT@/$ORDERER3_PORT/g" -e "s/@ORDERER4_PORT@/$ORDERER4_PORT/g" \
    -e "s/@PEER1_PORT@/$PEER1_PORT/g" -e "s/@PEER2_PORT@/$PEER2_PORT/g" \
    "$TN_DIR/config/$CHANNEL_CONFIGTX" > "$STATE_DIR/configtx.yaml"
  mkdir -p "$STATE_DIR/channel-artifacts"
  configtxgen -configPath "$STATE_DIR" -profile "$CHANNEL_PROFILE" -channelID "$CHANNEL_NAME" \
    -outputBlock "$STATE_DIR/channel-artifacts/$CHANNEL_NAME.block" > "$LOG_DIR/configtxgen.log" 2>&1 ||
    die "configtxgen failed; see $LOG_DIR/configtxgen.log"
}

# start_orderer [NAME PORT ADMIN_PORT OPS_PORT]: orderer NAME.example.com
# (default: "orderer" on ORDERER_PORT, ORDERER_ADMIN_PORT, ORDERER_OPS_PORT)
start_orderer() {
  local name="${1:-orderer}" port="${2:-$ORDERER_PORT}" admin="${3:-$ORDERER_ADMIN_PORT}" ops="${4:-$ORDERER_OPS_PORT}"
  local o="$ORG_DIR/ordererOrganizations/example.com/orderers/$name.example.com"
  local data="$STATE_DIR/$name"
  mkdir -p "$data"
  start_process "$name" \
    FABRIC_CFG_PATH="$FABRIC_CFG_PATH" FABRIC_LOGGING_SPEC=INFO FABRIC_LOGGING_FORMAT="$LOG_FORMAT" \
    ORDERER_GENERAL_LISTENADDRESS=127.0.0.1 ORDERER_GENERAL_LISTENPORT="$port" \
    ORDERER_GENERAL_LOCALMSPID=OrdererMSP ORDERER_GENERAL_LOCALMSPDIR="$o/msp" \
    ORDERER_GENERAL_TLS_ENABLED=true \
    ORDERER_GENERAL_TLS_CERTIFICATE="$o/tls/server.crt" ORDERER_GENERAL_TLS_PRIVATEKEY="$o/tls/server.key" \
    ORDERER_GENERAL_TLS_ROOTCAS="[$o/tls/ca.crt]" \
    ORDERER_GENERAL_CLUSTER_CLIENTCERTIFICATE="$o/tls/server.crt" \
    ORDERER_GENERAL_CLUSTER_CLIENTPRIVATEKEY="$o/tls/server.key" \
    ORDERER_GENERAL_CLUSTER_ROOTCAS="[$o/tls/ca.crt]" \
    ORDERER_GENERAL_BOOTSTRAPMETHOD=none ORDERER_CHANNELPARTICIPATION_ENABLED=true \
    ORDERER_ADMIN_LISTENADDRESS="127.0.0.1:$admin" ORDERER_ADMIN_TLS_ENABLED=true \
    ORDERER_ADMIN_TLS_CERTIFICATE="$o/tls/server.crt" ORDERER_ADMIN_TLS_PRIVATEKEY="$o/tls/server.key" \
    ORDERER_ADMIN_TLS_ROOTCAS="[$o/tls/ca.crt]" ORDERER_ADMIN_TLS_CLIENTROOTCAS="[$o/tls/ca.crt]" \
    ORDERER_OPERATIONS_LISTENADDRESS="127.0.0.1:$ops" \
    ORDERER_FILELEDGER_LOCATION="$data/ledger" \
    ORDERER_CONSENSUS_WALDIR="$data/etcdraft/wal" ORDERER_CONSENSUS_SNAPDIR="$data/etcdraft/snapshot" \
    -- "$FABRIC_BIN_DIR/orderer"
  wait_for_port "$name" "$admin" 30
  wait_for_port "$name" "$port" 30
}

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

# start_peer ORG PORT CC_PORT OPS_PORT
start_peer() {
  local org="$1" port="$2" ccport="$3" opsport="$4"
  local name="peer0.org$org" p="$ORG_DIR/peerOrganizations/org$org.example.com/peers/peer0.org$org.example.com"
  local data="$STATE_DIR/peers/$name"
  mkdir -p "$data"
  # The external builder gets only PATH, TMPDIR, LD_LIBRARY_PATH and the
  # variables listed in propagateEnvironment: go build needs HOME/GOCACHE;
  # "release" of a ccaas package with client_auth_required puts the peer's
  # own TLS key pair (BBS_CCAAS_CLIENT_*) into connection.json.
  local builders="[{name: bbs-builder, path: $TN_DIR/builders, propagateEnvironment: [HOME, GOCACHE, GOTOOLCHAIN, BBS_CCAAS_CLIENT_CERT, BBS_CCAAS_CLIENT_KEY]}]"
  local ledger_env
  mapfile -t ledger_env < <(state_db_env "$org")
  start_process "$name" \
    "${ledger_env[@]}" \
    BBS_CCAAS_CLIENT_CERT="$p/tls/server.crt" BBS_CCAAS_CLIENT_KEY="$p/tls/server.key" \
    FABRIC_CFG_PATH="$FABRIC_CFG_PATH" FABRIC_LOGGING_SPEC=INFO FABRIC_LOGGING_FORMAT="$LOG_FORMAT" \
    CORE_PEER_ID="peer0.org$org.example.com" CORE_PEER_LOCALMSPID="Org${org}MSP" \
    CORE_PEER_MSPCONFIGPATH="$p/msp" \
    CORE_PEER_LISTENADDRESS="127.0.0.1:$port" CORE_PEER_ADDRESS="127.0.0.1:$port" \
    CORE_PEER_CHAINCODELISTENADDRESS="127.0.0.1:$ccport" CORE_PEER_CHAINCODEADDRESS="127.0.0.1:$ccport" \
    CORE_PEER_GOSSIP_BOOTSTRAP="127.0.0.1:$port" CORE_PEER_GOSSIP_EXTERNALENDPOINT="127.0.0.1:$port" \
    CORE_PEER_TLS_ENABLED=true CORE_PEER_TLS_CERT_FILE="$p/tls/server.crt" \
    CORE_PEER_TLS_KEY_FILE="$p/tls/server.key" CORE_PEER_TLS_ROOTCERT_FILE="$p/tls/ca.crt" \
    CORE_PEER_FILESYSTEMPATH="$data/ledger" CORE_LEDGER_SNAPSHOTS_ROOTDIR="$data/snapshots" \
    CORE_OPERATIONS_LISTENADDRESS="127.0.0.1:$opsport" \
    CORE_CHAINCODE_EXTERNALBUILDERS="$builders" \
    CORE_CHAINCODE_INSTALLTIMEOUT=900s CORE_CHAINCODE_STARTUPTIMEOUT=300s \
    CORE_CHAINCODE_EXECUTETIMEOUT=60s \
    -- "$FABRIC_BIN_DIR/peer" node start
  wait_for_port "$name" "$port" 30
}

# join_peers BLOCK: both peers join the channel (retried: a peer may not
# serve its admin API yet).
join_peers() {
  local block="$1" org i
  for org in 1 2; do
    step "peer channel join -b $CHANNEL_NAME.block (peer0.org$org, Org$org Admin)"
    setOrg "$org" Admin
    for ((i = 1; ; i++)); do
      peer channel join -b "$block" >> "$LOG_DIR/channel-join.log" 2>&1 && break
      [ "$i" -lt 10 ] || die "peer0.org$org could not join $CHANNEL_NAME; see $LOG_DIR/channel-join.log"
      sleep 1
    done
  done
}

join_channel() {
  local block="$STATE_DIR/channel-artifacts/$CHANNEL_NAME.block"
  local o="$ORG_DIR/ordererOrganizations/example.com"
  step "osnadmin channel join --channelID $CHANNEL_NAME (orderer)"
  osnadmin channel join --channelID "$CHANNEL_NAME" --config-block "$block" \
    -o "127.0.0.1:$ORDERER_ADMIN_PORT" --ca-file "$ORDERER_CA" \
    --client-cert "$o/users/Admin@example.com/tls/client.crt" \
    --client-key "$o/users/Admin@example.com/tls/client.key" > "$LOG_DIR/osnadmin.log" 2>&1 ||
    die "osnadmin channel join failed; see $LOG_DIR/osnadmin.log"
  join_peers "$block"
  # The orderer must have elected itself Raft leader before the first transaction.
  for ((i = 0; i < 100; i++)); do
    grep -q "Raft leader changed: 0 -> 1\|became leader at term" "$LOG_DIR/orderer.log" && break
    sleep 0.2
  done
}

# up_failed: the EXIT trap of "up". After a partial failure (a node that
# did not start, a channel that could not be joined, Ctrl-C), stop every
# process this "up" started and remove .state/, keeping the logs in
# .up-failed-logs/ so the next "up" starts clean.
up_failed() {
  local rc=$?
  trap - EXIT
  [ "$rc" -ne 0 ] || return 0
  local keep="$TN_DIR/.up-failed-logs"
  if [ -d "$LOG_DIR" ]; then
    rm -rf "$keep"
    cp -a "$LOG_DIR" "$keep" 2> /dev/null || true
  fi
  printf '\n==> network up failed (exit %s): cleaning up what it started\n' "$rc" >&2
  stop_all >&2
  rm -rf "$STATE_DIR"
  [ -d "$keep" ] && echo "    the logs of the failed attempt are in $keep" >&2
  exit "$rc"
}

network_up() {
  local t0
  t0=$(now_ms)
  require_tools
  case "$STATE_DB" in
    goleveldb) ;;
    couchdb)
      "$TN_DIR/scripts/install-couchdb.sh" || die "could not install pouchdb-server (scripts/install-couchdb.sh)"
      command -v curl > /dev/null || die "'curl' is not on PATH (STATE_DB=couchdb checks pouchdb-server with it)" ;;
    *) die "STATE_DB=$STATE_DB: use goleveldb (default) or couchdb" ;;
  esac
  if alive orderer || alive peer0.org1 || alive peer0.org2; then
    die "the network is already running (.state/pids): ./network.sh down first"
  fi
  # shellcheck disable=SC2046
  check_ports $(node_ports)
  log "Creating the network in $STATE_DIR (state database: $STATE_DB)"
  rm -rf "$STATE_DIR"
  mkdir -p "$LOG_DIR" "$PID_DIR"
  echo "$STATE_DB" > "$STATE_DIR/state-db"
  trap up_failed EXIT
  trap 'exit 130' INT TERM
  write_node_config
  generate_crypto
  generate_channel_block
  if [ "$STATE_DB" = couchdb ]; then
    log "Starting the state databases: pouchdb-server on 127.0.0.1:$COUCHDB1_PORT and :$COUCHDB2_PORT"
    start_couchdb 1 "$COUCHDB1_PORT"
    start_couchdb 2 "$COUCHDB2_PORT"
  fi
  log "Starting the orderer (127.0.0.1:$ORDERER_PORT, admin :$ORDERER_ADMIN_PORT)"
  start_orderer
  log "Starting peer0.org1 (127.0.0.1:$PEER1_PORT) and peer0.org2 (127.0.0.1:$PEER2_PORT)"
  start_peer 1 "$PEER1_PORT" "$PEER1_CC_PORT" "$PEER1_OPS_PORT"
  start_peer 2 "$PEER2_PORT" "$PEER2_CC_PORT" "$PEER2_OPS_PORT"
  log "Creating channel $CHANNEL_NAME"
  join_channel
  trap - EXIT INT TERM
  log "Network up in $(elapsed "$t0"): orderer, peer0.org1, peer0.org2 ($STATE_DB) on channel $CHANNEL_NAME"
  echo "    logs: $LOG_DIR    next: ./network.sh deploy"
}

# ---------------------------------------------------------------- down

# stop_all: stop every process recorded in .state/pids that is still the
# process network.sh started (see owned), with everything in its group.
stop_all() {
  local f pid name pids=()
  if [ -d "$PID_DIR" ]; then
    for f in "$PID_DIR"/*.pid; do
      [ -e "$f" ] || continue
      name="$(basename "$f" .pid)"
      pid="$(cat "$f")"
      [ -n "$pid" ] || continue
      if owned "$name"; then
        step "stopping $name (pid $pid and its children)"
        # each process leads its own session/process group (start_process)
        kill -TERM -- "-$pid" 2>/dev/null || kill -TERM "$pid" 2>/dev/null || true
        pids+=("$pid")
      elif kill -0 "$pid" 2>/dev/null; then
        step "WARNING: pid $pid ($name) is running but is not the process network.sh started" \
          "(start time $(start_time "$pid"), recorded $(cat "$PID_DIR/$name.start" 2> /dev/null || echo none)): left alone"
      fi
    done
  fi
  local i left
  for ((i = 0; i < 100; i++)); do
    left=0
    for pid in "${pids[@]}"; do
      if kill -0 -- "-$pid" 2>/dev/null; then left=1; fi
    done
    [ "$left" -eq 0 ] && break
    sleep 0.1
  done
  for pid in "${pids[@]}"; do
    if kill -0 -- "-$pid" 2>/dev/null; then
      step "pid $pid did not stop in 10 s: SIGKILL"
      kill -KILL -- "-$pid" 2>/dev/null || true
    fi
  done
}

network_down() {
  log "Stopping the network"
  stop_all
  step "removing $STATE_DIR"
  rm -rf "$STATE_DIR"
  # shellcheck disable=SC2046
  local entry busy=()
  for entry in $(STATE_DB=couchdb node_ports) CCAAS_PORT="$CCAAS_PORT" POLL_CCAAS_PORT="$POLL_CCAAS_PORT"; do
    if port_in_use "${entry#*=}"; then busy+=("$entry"); fi
  done
  if [ ${#busy[@]} -gt 0 ]; then
    echo "    WARNING: still in use (not by a process this network started?): ${busy[*]}" >&2
  fi
  log "Network down"
}

# ---------------------------------------------------------------- deploy

committed_sequence() {
  setOrg 1 Admin
  peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json 2>/dev/null |
    jq -r '.sequence // 0' || echo 0
}

# stage_source: the module's files as git sees them (tracked and untracked,
# not ignored; vendor/ always), without test-network/, copied to
# .state/cc-src. "peer lifecycle chaincode package --lang golang" takes every
# non-hidden file of the module root, so packaging this copy keeps build
# leftovers (test binaries, bin/) out of the package, and the same commit
# always gives the same package ID. Not a git work tree: the folder as is.
stage_source() {
  local dst="$STATE_DIR/cc-src"
  if ! git -C "$CC_SRC" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    echo "$CC_SRC"
    return
  fi
  rm -rf "$dst"
  mkdir -p "$dst"
  (
    cd "$CC_SRC"
    {
      git ls-files -z --cached --others --exclude-standard -- . ':(exclude)test-network'
      find vendor -type f -print0
    } | tar --null --ignore-failed-read -cf - -T - 2> /dev/null
  ) | tar -C "$dst" -xf -
  echo "$dst"
}

# package_golang OUT LABEL: the real "peer lifecycle chaincode package --lang golang".
# Fabric puts the whole module (every non-hidden file, vendor/ included)
# under src/ and the main package's import path in metadata.json.
package_golang() {
  local out="$1" label="$2" src
  [ -f "$CC_SRC/go.mod" ] || die "no go.mod in CC_SRC=$CC_SRC"
  [ -d "$CC_SRC/$CC_PKG" ] || die "no chaincode main package at $CC_SRC/$CC_PKG"
  [ -f "$CC_SRC/vendor/modules.txt" ] ||
    die "no $CC_SRC/vendor/: the peers build without network access; run 'go mod vendor' in $CC_SRC"
  src="$(stage_source)"
  [ "$src" = "$CC_SRC" ] || step "module files (git ls-files + vendor/, without test-network/) copied to ${src#"$REPO_ROOT"/}"
  step "peer lifecycle chaincode package --lang golang --path ${CC_PKG} --label $label   (in $src)"
  (cd "$src" && GOFLAGS=-mod=vendor GOPROXY=off GOWORK=off \
    peer lifecycle chaincode package "$out" --lang golang --path "$CC_PKG" --label "$label")
}

# The chaincode server's TLS key pair (cryptogen node ccaas.org1.example.com)
# and the CA the peers verify it with. CCAAS_TLS=false serves plain gRPC (the
# server is then started with the explicit opt-out CHAINCODE_TLS_DISABLED=true).
# CCAAS_MTLS=true (default, with TLS) makes it mutual: the server accepts only
# peers presenting a client certificate from Org1's or Org2's TLS CA; each
# peer presents its own TLS key pair, which the builder's "release" step
# writes into connection.json (client_key, client_cert) on that peer only.
CCAAS_TLS="${CCAAS_TLS:-true}"
CCAAS_MTLS="${CCAAS_MTLS:-true}"
CCAAS_TLS_DIR="$ORG_DIR/peerOrganizations/org1.example.com/peers/ccaas.org1.example.com/tls"

# package_ccaas OUT LABEL: a "ccaas" package is metadata.json + code.tar.gz
# holding connection.json: the address the peers dial and, with TLS, the CA
# certificate that the server's certificate must chain to. CCAAS_ADDRESS and
# CCAAS_ROOT_CERT (a PEM file) override the local network's server and CA
# (make package); CCAAS_CLIENT_TEMPLATES=true writes client_key/client_cert as
# the templates {{.client_key}}/{{.client_cert}} that Fabric's ccaas_builder
# fills in from each peer's CHAINCODE_AS_A_SERVICE_BUILDER_CONFIG.
package_ccaas() {
  local out="$1" label="$2" dir mtls=false tmpl=false
  local addr="${CCAAS_ADDRESS:-127.0.0.1:$CCAAS_PORT}" ca="${CCAAS_ROOT_CERT:-$CCAAS_TLS_DIR/ca.crt}"
  dir="$(mktemp -d)"
  if [ "$CCAAS_TLS" = true ]; then
    [ "$CCAAS_MTLS" = true ] && mtls=true
    [ "$mtls" = true ] && [ "${CCAAS_CLIENT_TEMPLATES:-false}" = true ] && tmpl=true
    [ -r "$ca" ] || die "ccaas package: no CA certificate file $ca (CCAAS_ROOT_CERT)"
    jq -n --arg addr "$addr" --rawfile ca "$ca" --argjson mtls "$mtls" --argjson tmpl "$tmpl" \
      '{address: $addr, dial_timeout: "10s", tls_required: true, client_auth_required: $mtls, root_cert: $ca}
       + (if $tmpl then {client_key: "{{.client_key}}", client_cert: "{{.client_cert}}"} else {} end)' \
      > "$dir/connection.json"
  else
    jq -n --arg addr "$addr" '{address: $addr, dial_timeout: "10s", tls_required: false}' \
      > "$dir/connection.json"
  fi
  printf '{"type":"ccaas","label":"%s"}\n' "$label" > "$dir/metadata.json"
  step "ccaas package: metadata.json {type: ccaas, label: $label}, connection.json {address: $addr, tls_required: $CCAAS_TLS, client_auth_required: $mtls}"
  tar -C "$dir" -czf "$dir/code.tar.gz" connection.json
  tar -C "$dir" -czf "$out" metadata.json code.tar.gz
  rm -rf "$dir"
}

# The chaincode server's process name (ccaas-bbs, ccaas-poll): deploy_one
# sets CC_NAME for each chaincode it deploys.
ccaas_proc() { echo "ccaas-$CC_NAME"; }

stop_ccaas() {
  local proc
  proc="$(ccaas_proc)"
  if owned "$proc"; then kill -TERM -- "-$(cat "$PID_DIR/$proc.pid")" 2>/dev/null || true; fi
  local i
  for ((i = 0; i < 50; i++)); do alive "$proc" || break; sleep 0.1; done
  rm -f "$PID_DIR/$proc.pid"
}

# start_ccaas PACKAGE_ID: build $CC_PKG from vendor/ and run it as a
# chaincode server that the peers connect to.
start_ccaas() {
  local pkgid="$1" bin="$STATE_DIR/ccaas/$CC_NAME"
  [ -f "$CC_SRC/vendor/modules.txt" ] || die "no $CC_SRC/vendor/; run 'go mod vendor' in $CC_SRC"
  if alive "$(ccaas_proc)"; then
    step "stopping the previous chaincode server"
    stop_ccaas
  fi
  port_in_use "$CCAAS_PORT" && die "port CCAAS_PORT=$CCAAS_PORT is already in use on 127.0.0.1; set CCAAS_PORT=<free port>"
  mkdir -p "$(dirname "$bin")"
  if [ -n "${CCAAS_IMAGE:-}" ] && [ "$CC_PKG" = ./chaincode ]; then
    # CCAAS_IMAGE: the bbs server from that OCI image (scripts/ccaas-image.sh
    # build), run by podman on the host network, instead of a host binary.
    step "chaincode server from image $CCAAS_IMAGE (podman, scripts/ccaas-image.sh run)"
    bin="$TN_DIR/scripts/ccaas-image.sh"
    set -- run "$CCAAS_IMAGE" "$(ccaas_proc)-$CCAAS_PORT"
  else
    step "go build -mod=vendor -trimpath -o .state/ccaas/$CC_NAME $CC_PKG (GOPROXY=off)"
    (cd "$CC_SRC" && GOFLAGS="-mod=vendor -buildvcs=false" GOPROXY=off GOSUMDB=off GOWORK=off \
      go build -trimpath -o "$bin" "$CC_PKG")
    set --
  fi
  local tls_env=()
  if [ "$CCAAS_TLS" = true ]; then
    tls_env=(CHAINCODE_TLS_CERT="$CCAAS_TLS_DIR/server.crt" CHAINCODE_TLS_KEY="$CCAAS_TLS_DIR/server.key")
    if [ "$CCAAS_MTLS" = true ]; then
      # the peers' TLS certificates come from their orgs' TLS CAs
      cat "$PEER1_TLS_CA" "$PEER2_TLS_CA" > "$STATE_DIR/ccaas/client-cas.pem"
      tls_env+=(CHAINCODE_CLIENT_CA_CERT="$STATE_DIR/ccaas/client-cas.pem")
    fi
  else
    tls_env=(CHAINCODE_TLS_DISABLED=true)
  fi
  start_process "$(ccaas_proc)" CHAINCODE_SERVER_ADDRESS="127.0.0.1:$CCAAS_PORT" CHAINCODE_ID="$pkgid" BBS_CHAINCODE_NAME="$CC_NAME" \
    "${tls_env[@]}" -- "$bin" "$@"
  wait_for_port "$(ccaas_proc)" "$CCAAS_PORT" 30
}

install_on() { # ORG PACKAGE PACKAGE_ID
  setOrg "$1" Admin
  if peer lifecycle chaincode queryinstalled -O json 2>/dev/null |
      jq -e --arg id "$3" '.installed_chaincodes // [] | any(.package_id == $id)' >/dev/null; then
    step "peer0.org$1: $3 is already installed"
    return
  fi
  local t
  t=$(now_ms)
  step "peer0.org$1: peer lifecycle chaincode install (the peer's external builder builds it)"
  peer lifecycle chaincode install "$2" >> "$LOG_DIR/deploy.log" 2>&1 ||
    die "install on peer0.org$1 failed; see $LOG_DIR/deploy.log and $LOG_DIR/peer0.org$1.log"
  step "peer0.org$1: installed in $(elapsed "$t")"
}

# deploy_cc [-ccaas]: deploy bbs and, unless DEPLOY_POLL=false, the poll
# example, each with the same lifecycle, policy and builder (or each as its
# own chaincode server, on CCAAS_PORT and POLL_CCAAS_PORT).
deploy_cc() {
  local ccaas=false
  while [ $# -gt 0 ]; do
    case "$1" in
      -ccaas|--ccaas) ccaas=true ;;
      *) die "deploy: unknown option $1 (known: -ccaas)" ;;
    esac
    shift
  done
  require_tools
  require_network
  mkdir -p "$STATE_DIR/packages"
  deploy_one "$ccaas" "$CC_NAME" "$CC_PKG" "$CCAAS_PORT" ListIssuers 1 ""
  echo "$DEPLOYED_PKGID" > "$STATE_DIR/packages/current-package-id"
  configure_endorsement
  if [ "$DEPLOY_POLL" = true ]; then
    deploy_one "$ccaas" "$POLL_CC_NAME" "$POLL_CC_PKG" "$POLL_CCAAS_PORT" org.hyperledger.fabric:GetMetadata
    echo "$DEPLOYED_PKGID" > "$STATE_DIR/packages/current-package-id-$POLL_CC_NAME"
  fi
}

# configure_endorsement: the channel's bbs endorsement configuration, set
# once (a later deploy, an upgrade, keeps it): mode BBS_ENDORSEMENT_MODE,
# both orgs, endorsed by both peers. No issuer or policy can be created
# before it.
configure_endorsement() {
  local cfg t0
  t0=$(now_ms)
  setOrg 1 Admin
  if cfg="$(peer chaincode query -C "$CHANNEL_NAME" -n "$CC_NAME" -c '{"Args":["GetEndorsementConfig"]}' 2>/dev/null)"; then
    step "endorsement configuration already set: $cfg"
    return 0
  fi
  cfg="$(jq -cn --arg mode "$BBS_ENDORSEMENT_MODE" '{mode: $mode, orgs: ["Org1MSP", "Org2MSP"]}')"
  peer chaincode invoke "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" "${BOTH_PEERS[@]}" --waitForEvent \
    -c "$(jq -cn --arg cfg "$cfg" '{Args: ["SetEndorsementConfig", $cfg]}')" >> "$LOG_DIR/deploy.log" 2>&1 ||
    die "SetEndorsementConfig $cfg failed; see $LOG_DIR/deploy.log"
  step "SetEndorsementConfig $cfg ($(elapsed "$t0"))"
}

# deploy_one CCAAS NAME PKG CCAAS_PORT PLAN_FUNCTION [ARGS...]: the lifecycle
# of one chaincode; PLAN_FUNCTION is the read-only call that shows the
# gateways can plan its endorsements. Sets DEPLOYED_PKGID.
deploy_one() {
  local ccaas="$1" CC_NAME="$2" CC_PKG="$3" CCAAS_PORT="$4" t0
  shift 4
  t0=$(now_ms)
  local seq label pkg pkgid
  seq=$(( $(committed_sequence) + 1 ))
  if $ccaas; then
    label="${CC_NAME}_ccaas_${CC_VERSION}"
    pkg="$STATE_DIR/packages/$label.tar.gz"
    log "Deploying $CC_NAME as a chaincode server (ccaas), sequence $seq"
    package_ccaas "$pkg" "$label"
  else
    label="${CC_NAME}_${CC_VERSION}"
    pkg="$STATE_DIR/packages/$label.tar.gz"
    log "Deploying $CC_NAME from $CC_SRC ($CC_PKG), sequence $seq"
    package_golang "$pkg" "$label"
  fi
  pkgid="$(peer lifecycle chaincode calculatepackageid "$pkg")"
  step "package $pkg ($(du -h "$pkg" | cut -f1)), id $pkgid"
  if $ccaas; then start_ccaas "$pkgid"; fi

  log "Installing on both peers"
  install_on 1 "$pkg" "$pkgid"
  install_on 2 "$pkg" "$pkgid"

  log "Approving for Org1MSP and Org2MSP: policy $CC_POLICY"
  local org
  for org in 1 2; do
    setOrg "$org" Admin
    step "peer lifecycle chaincode approveformyorg (Org$org)"
    peer lifecycle chaincode approveformyorg "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" \
      --version "$CC_VERSION" --package-id "$pkgid" --sequence "$seq" \
      --signature-policy "$CC_POLICY" >> "$LOG_DIR/deploy.log" 2>&1 ||
      die "approveformyorg for Org$org failed; see $LOG_DIR/deploy.log"
  done
  setOrg 1 Admin
  step "peer lifecycle chaincode checkcommitreadiness: $(peer lifecycle chaincode checkcommitreadiness \
    -C "$CHANNEL_NAME" -n "$CC_NAME" --version "$CC_VERSION" --sequence "$seq" \
    --signature-policy "$CC_POLICY" -O json | jq -c .approvals)"

  log "Committing the definition (endorsed by both peers)"
  peer lifecycle chaincode commit "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" \
    --version "$CC_VERSION" --sequence "$seq" --signature-policy "$CC_POLICY" \
    "${BOTH_PEERS[@]}" >> "$LOG_DIR/deploy.log" 2>&1 ||
    die "commit failed; see $LOG_DIR/deploy.log"
  step "querycommitted: $(peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json |
    jq -c '{sequence, version, approvals}')"

  # The first call on each peer launches the chaincode (or dials the server).
  log "Starting the chaincode on both peers"
  local t
  for org in 1 2; do
    setOrg "$org" User1
    t=$(now_ms)
    peer chaincode query -C "$CHANNEL_NAME" -n "$CC_NAME" \
      -c '{"Args":["org.hyperledger.fabric:GetMetadata"]}' > /dev/null 2>> "$LOG_DIR/deploy.log" ||
      die "chaincode does not answer on peer0.org$org; see $LOG_DIR/deploy.log and $LOG_DIR/peer0.org$org.log"
    step "peer0.org$org: chaincode answers ($(elapsed "$t"))"
  done
  wait_for_gateway_plan "$@"
  if ! $ccaas && alive "$(ccaas_proc)"; then
    step "the chaincode server of the previous definition is no longer used: stopping it"
    stop_ccaas
  fi
  DEPLOYED_PKGID="$pkgid"
  log "Chaincode $CC_NAME deployed in $(elapsed "$t0") (package id $pkgid)"
}

# wait_for_gateway_plan: after a (re)definition the peers learn through
# gossip, some seconds later, that the other org's peer runs the chaincode;
# until then the Gateway's discovery finds no set of peers that satisfies
# the AND policy ("no peer combination can satisfy the endorsement
# policy"). Wait until the read-only call FUNCTION [ARGS...] of $CC_NAME
# (bbs: ListIssuers) can be endorsed as the policies require through each
# peer's gateway (nothing is submitted).
wait_for_gateway_plan() { # FUNCTION [ARGS...]
  local gwbin="$FABRIC_BIN_DIR/bbs-gateway" org addr ca t i
  if [ ! -x "$gwbin" ]; then
    step "no $gwbin: not waiting for the gateways' endorsement plans"
    return 0
  fi
  for org in 1 2; do
    if [ "$org" = 1 ]; then addr="$PEER1_ADDRESS" ca="$PEER1_TLS_CA"; else addr="$PEER2_ADDRESS" ca="$PEER2_TLS_CA"; fi
    t=$(now_ms)
    for ((i = 0; ; i++)); do
      "$gwbin" -peer "$addr" -tls-ca "$ca" -msp "Org${org}MSP" -user "$(userMSP "$org" User1)" \
        -channel "$CHANNEL_NAME" -chaincode "$CC_NAME" -timeout 10s endorse "$@" \
        >> "$LOG_DIR/deploy.log" 2>&1 && break
      [ "$i" -lt 120 ] || die "peer0.org$org's gateway found no endorsement plan for $CC_NAME within 60 s; see $LOG_DIR/deploy.log"
      sleep 0.5
    done
    step "peer0.org$org's gateway can plan $CC_NAME endorsements by both orgs ($(elapsed "$t"))"
  done
}

# ---------------------------------------------------------------- status, demo

status() {
  local name
  for name in orderer peer0.org1 peer0.org2 couchdb.org1 couchdb.org2 ccaas-bbs "ccaas-$POLL_CC_NAME"; do
    if alive "$name"; then echo "$name: running (pid $(cat "$PID_DIR/$name.pid"))"
    else echo "$name: not running"; fi
  done
  if alive peer0.org1; then
    setOrg 1 Admin
    for name in "$CC_NAME" "$POLL_CC_NAME"; do
      echo "chaincode $name: $(peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$name" -O json 2>/dev/null |
        jq -c '{sequence, version}' || echo 'not committed')"
    done
  fi
}

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'
}

main() {
  local cmd="${1:-}"
  [ $# -gt 0 ] && shift
  case "$cmd" in
    up) network_up ;;
    deploy|deployCC) deploy_cc "$@" ;;
    deploy-relay) require_tools; require_network; mkdir -p "$STATE_DIR/packages"
      deploy_one false relay ./internal/relaycc 0 GetEndorsementConfig ;;
    down) network_down ;;
    demo) require_network; exec "$TN_DIR/scripts/demo.sh" "$@" ;;
    status) status ;;
    orderer-stop|orderer-start)
      if [ "$FABRIC_VERSION" = 3.1 ]; then bft_command "$cmd" "$@"   # scripts/bft.sh
      else raft_orderer_command "$cmd"; fi ;;                     # scripts/faults.sh
    orderer-kill)
      if [ "$FABRIC_VERSION" = 3.1 ]; then bft_orderer_kill "$@"      # scripts/bft-faults.sh
      else raft_orderer_command "$cmd"; fi ;;
    bft-leader) bft_leader ;;                                        # scripts/bft-faults.sh
    bft-view-wait) bft_view_wait "$@" ;;
    peer-stop|peer-start|peer-kill|peer-recovery) peer_command "$cmd" "$@" ;;
    cc-kill) cc_kill "$@" ;;
    cc-pids) cc_pids ;;
    node-pids) node_pids ;;
    package) package_release "$@" ;;                                # scripts/package.sh
    ""|-h|--help|help) usage ;;
    *) usage; die "unknown command '$cmd'" ;;
  esac
}

# The operator's packages (make package): scripts/package.sh.
# shellcheck source=scripts/package.sh
. "$TN_DIR/scripts/package.sh"

# Fault injection (cc-kill, peer-stop/start, orderer-stop/start): scripts/faults.sh.
# shellcheck source=scripts/faults.sh
. "$TN_DIR/scripts/faults.sh"

# ---- Fabric v3.1 (begin): four BFT orderers; scripts/bft.sh replaces the
# orderer functions above (crypto, channel block, start, join, status).
bft_command() { die "$1: only for the BFT network (FABRIC_VERSION=3.1 ./network.sh up)"; }
bft_leader() { die "bft-leader: only for the BFT network (FABRIC_VERSION=3.1 ./network.sh up)"; }
bft_view_wait() { die "bft-view-wait: only for the BFT network (FABRIC_VERSION=3.1 ./network.sh up)"; }
if [ "$FABRIC_VERSION" = 3.1 ]; then
  # shellcheck source=scripts/bft.sh
  . "$TN_DIR/scripts/bft.sh"
fi
# ---- Fabric v3.1 (end)

main "$@"
