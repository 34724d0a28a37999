# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The node processes of the local network, sourced by network.sh: the
# checks before "up" (tools, ports), start_process and the PID plus
# start-time records that "down" trusts (owned, alive), the node
# configuration and crypto material, the orderer (Raft; scripts/bft.sh
# replaces it on v3.1), the peers, and stop_all.

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
  tp_ports
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
    node_port_open "$1" "$2" && return 0   # NETNS=1: in its namespace (scripts/netns.sh)
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
  # NETNS=1: each organisation's address added to its TLS SANs (scripts/netns.sh)
  cryptogen generate --config="$(netns_crypto_config "$TN_DIR/config/crypto-config.yaml")" --output="$ORG_DIR" > "$LOG_DIR/cryptogen.log" 2>&1 ||
    die "cryptogen failed; see $LOG_DIR/cryptogen.log"
}

# start_orderer [NAME PORT ADMIN_PORT OPS_PORT]: orderer NAME.example.com
# (default: "orderer" on ORDERER_PORT, ORDERER_ADMIN_PORT, ORDERER_OPS_PORT).
# NODE_PROFILE=1: the orderer's Go pprof server (orderer.yaml General.Profile)
# on 127.0.0.1:OPS_PORT+10000, e.g. for a heap profile under load:
#   go tool pprof -sample_index=inuse_space http://127.0.0.1:$((ORDERER_OPS_PORT + 10000))/debug/pprof/heap
start_orderer() {
  local name="${1:-orderer}" port="${2:-$ORDERER_PORT}" admin="${3:-$ORDERER_ADMIN_PORT}" ops="${4:-$ORDERER_OPS_PORT}"
  local o="$ORG_DIR/ordererOrganizations/example.com/orderers/$name.example.com"
  local data="$STATE_DIR/$name"
  local profile=(ORDERER_GENERAL_PROFILE_ENABLED=false)
  [ "${NODE_PROFILE:-0}" = 1 ] &&
    profile=(ORDERER_GENERAL_PROFILE_ENABLED=true ORDERER_GENERAL_PROFILE_ADDRESS="127.0.0.1:$((ops + 10000))")
  mkdir -p "$data"
  local wrap ip
  ip="$(node_ip "$name")"   # NETNS=1: the orderer organisation's address (scripts/netns.sh)
  # TOXIPROXY=1: its own /etc/hosts (scripts/toxiproxy.sh); NETNS=1: its namespace
  mapfile -t wrap < <(tp_wrap "$name"; netns_wrap "$name")
  start_process "$name" \
    "${profile[@]}" \
    FABRIC_CFG_PATH="$FABRIC_CFG_PATH" FABRIC_LOGGING_SPEC=INFO FABRIC_LOGGING_FORMAT="$LOG_FORMAT" \
    ORDERER_GENERAL_LISTENADDRESS="$ip" ORDERER_GENERAL_LISTENPORT="$port" \
    ORDERER_GENERAL_LOCALMSPID=OrdererMSP ORDERER_GENERAL_LOCALMSPDIR="$o/msp" \
    ORDERER_GENERAL_TLS_ENABLED=true \
    ORDERER_GENERAL_TLS_CERTIFICATE="$o/tls/server.crt" ORDERER_GENERAL_TLS_PRIVATEKEY="$o/tls/server.key" \
    ORDERER_GENERAL_TLS_ROOTCAS="[$o/tls/ca.crt]" \
    ORDERER_GENERAL_CLUSTER_CLIENTCERTIFICATE="$o/tls/server.crt" \
    ORDERER_GENERAL_CLUSTER_CLIENTPRIVATEKEY="$o/tls/server.key" \
    ORDERER_GENERAL_CLUSTER_ROOTCAS="[$o/tls/ca.crt]" \
    ORDERER_GENERAL_BOOTSTRAPMETHOD=none ORDERER_CHANNELPARTICIPATION_ENABLED=true \
    ORDERER_ADMIN_LISTENADDRESS="$ip:$admin" ORDERER_ADMIN_TLS_ENABLED=true \
    ORDERER_ADMIN_TLS_CERTIFICATE="$o/tls/server.crt" ORDERER_ADMIN_TLS_PRIVATEKEY="$o/tls/server.key" \
    ORDERER_ADMIN_TLS_ROOTCAS="[$o/tls/ca.crt]" ORDERER_ADMIN_TLS_CLIENTROOTCAS="[$o/tls/ca.crt]" \
    ORDERER_OPERATIONS_LISTENADDRESS="$ip:$ops" \
    ORDERER_FILELEDGER_LOCATION="$data/ledger" \
    ORDERER_CONSENSUS_WALDIR="$data/etcdraft/wal" ORDERER_CONSENSUS_SNAPDIR="$data/etcdraft/snapshot" \
    -- ${wrap[@]+"${wrap[@]}"} "$FABRIC_BIN_DIR/orderer"
  wait_for_port "$name" "$admin" 30
  wait_for_port "$name" "$port" 30
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
  # BBS_PPROF_ADDR (set by NODE_PROFILE=1) reaches the chaincode process the
  # builder's run starts: a pprof listener on a free loopback port, written
  # to this peer's log ("pprof listening on").
  local builders="[{name: bbs-builder, path: $TN_DIR/builders, propagateEnvironment: [HOME, GOCACHE, GOTOOLCHAIN, BBS_CCAAS_CLIENT_CERT, BBS_CCAAS_CLIENT_KEY, BBS_PPROF_ADDR]}]"
  # NODE_PROFILE=1: the peer's Go pprof server (core.yaml peer.profile) on
  # 127.0.0.1:OPS_PORT+10000, and one in each chaincode process it launches
  # (docs/performance.md, "Where a batch's network cost goes").
  local profile=(CORE_PEER_PROFILE_ENABLED=false)
  [ "${NODE_PROFILE:-0}" = 1 ] &&
    profile=(CORE_PEER_PROFILE_ENABLED=true CORE_PEER_PROFILE_LISTENADDRESS="127.0.0.1:$((opsport + 10000))" BBS_PPROF_ADDR=127.0.0.1:0)
  # PEER_STATE_BATCHING=0 (a benchmark aid, docs/performance.md): the peer
  # tells the chaincode it takes neither write batches nor multi-key reads
  # (core.yaml chaincode.runtimeParams, Fabric v3.1; v2.5 has neither), so
  # the same chaincode falls back, in the shim, on one message per key, as
  # on a v2.5 peer. Unset or 1: core.yaml's defaults (both on in v3.1).
  local batching=()
  case "${PEER_STATE_BATCHING:-1}" in
    1) ;;
    0) batching=(CORE_CHAINCODE_RUNTIMEPARAMS_USEWRITEBATCH=false CORE_CHAINCODE_RUNTIMEPARAMS_USEGETMULTIPLEKEYS=false) ;;
    *) die "PEER_STATE_BATCHING=$PEER_STATE_BATCHING: 0 or 1" ;;
  esac
  local ledger_env
  mapfile -t ledger_env < <(state_db_env "$org")
  # TOXIPROXY=1: the other peer and the chaincode reach this one through
  # its proxies, and it runs with its own /etc/hosts (scripts/toxiproxy.sh)
  # NETNS=1: it listens on its organisation's address and is named by its host name (scripts/netns.sh)
  local ip host
  ip="$(node_ip "$name")" host="$(node_host "$name")"
  local gossip_ep="$host:$port" cc_ep="$host:$ccport" wrap
  if tp_on; then
    local g="TP_GOSSIP_PEER${org}_PORT" c="TP_CC_PEER${org}_PORT"
    gossip_ep="127.0.0.1:${!g}" cc_ep="127.0.0.1:${!c}"
  fi
  mapfile -t wrap < <(tp_wrap "$name"; netns_wrap "$name")
  start_process "$name" \
    "${ledger_env[@]}" "${profile[@]}" ${batching[@]+"${batching[@]}"} \
    BBS_CCAAS_CLIENT_CERT="$p/tls/server.crt" BBS_CCAAS_CLIENT_KEY="$p/tls/server.key" \
    FABRIC_CFG_PATH="$FABRIC_CFG_PATH" FABRIC_LOGGING_SPEC=INFO FABRIC_LOGGING_FORMAT="$LOG_FORMAT" \
    CORE_PEER_ID="peer0.org$org.example.com" CORE_PEER_LOCALMSPID="Org${org}MSP" \
    CORE_PEER_MSPCONFIGPATH="$p/msp" \
    CORE_PEER_LISTENADDRESS="$ip:$port" CORE_PEER_ADDRESS="$host:$port" \
    CORE_PEER_CHAINCODELISTENADDRESS="$ip:$ccport" CORE_PEER_CHAINCODEADDRESS="$cc_ep" \
    CORE_PEER_GOSSIP_BOOTSTRAP="$host:$port" CORE_PEER_GOSSIP_EXTERNALENDPOINT="$gossip_ep" \
    CORE_PEER_TLS_ENABLED=true CORE_PEER_TLS_CERT_FILE="$p/tls/server.crt" \
    CORE_PEER_TLS_KEY_FILE="$p/tls/server.key" CORE_PEER_TLS_ROOTCERT_FILE="$p/tls/ca.crt" \
    CORE_PEER_FILESYSTEMPATH="$data/ledger" CORE_LEDGER_SNAPSHOTS_ROOTDIR="$data/snapshots" \
    CORE_OPERATIONS_LISTENADDRESS="$ip:$opsport" \
    CORE_CHAINCODE_EXTERNALBUILDERS="$builders" \
    CORE_CHAINCODE_INSTALLTIMEOUT=900s CORE_CHAINCODE_STARTUPTIMEOUT=300s \
    CORE_CHAINCODE_EXECUTETIMEOUT=60s \
    -- ${wrap[@]+"${wrap[@]}"} "$FABRIC_BIN_DIR/peer" node start
  wait_for_port "$name" "$port" 30
}

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
