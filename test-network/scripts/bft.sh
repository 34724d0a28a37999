# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Fabric v3.1 with BFT ordering: sourced by network.sh when FABRIC_VERSION=3.1.
#
# Four orderers of OrdererMSP run SmartBFT (tolerating f = 1 faulty of 4):
#   orderer  (orderer.example.com)   127.0.0.1:ORDERER_PORT   admin ORDERER_ADMIN_PORT
#   orderer2 (orderer2.example.com)  127.0.0.1:ORDERER2_PORT  admin ORDERER2_ADMIN_PORT
#   orderer3, orderer4               likewise (env.sh has the defaults)
# The channel genesis block comes from config/configtx-bft.yaml (profile
# ChannelUsingBFT: channel capability V3_0, consenter mapping with the
# orderers' identities); each orderer joins it with osnadmin. The peers and
# everything else are as in network.sh.
#
# Everything else is network.sh's: each orderer is started by start_process
# (its PID and start time in .state/pids, so "down" and orderer-stop signal
# only the process network.sh started), a failed or interrupted "up" stops
# all four through up_failed, and deploy (AND policy, gateway plan wait,
# mutual-TLS ccaas) is the same as on v2.5.
#
# This file replaces these functions of network.sh and scripts/{nodes,channel}.sh (the originals stay callable
# under a *_v25 name): generate_crypto, generate_channel_block, start_orderer,
# join_channel, node_ports, status; and defines bft_command for
#   ./network.sh orderer-stop N    stop orderer N (1-4) and what it spawned
#   ./network.sh orderer-start N   start it again on its ledger (catches up)

BFT_ORDERERS=(orderer orderer2 orderer3 orderer4)

# keep NAME: the current definition of function NAME stays callable as NAME_v25
keep() { eval "$(declare -f "$1" | sed "1s/^$1 /${1}_v25 /")"; }
keep generate_crypto
keep start_orderer
keep node_ports
keep status

# bft_name N: orderer N's process name (1 -> orderer, 2 -> orderer2, ...)
bft_name() {
  case "$1" in
    1) echo orderer ;;
    2|3|4) echo "orderer$1" ;;
    *) die "orderer '$1': use 1, 2, 3 or 4" ;;
  esac
}

# bft_ports N: "PORT ADMIN_PORT OPS_PORT" of orderer N
bft_ports() {
  local p=ORDERER
  [ "$1" = 1 ] || p="ORDERER$1"
  local a="${p}_PORT" b="${p}_ADMIN_PORT" c="${p}_OPS_PORT"
  echo "${!a} ${!b} ${!c}"
}

node_ports() {
  node_ports_v25
  local n ports
  for n in 2 3 4; do
    read -r -a ports <<< "$(bft_ports "$n")"
    echo "ORDERER${n}_PORT=${ports[0]} ORDERER${n}_ADMIN_PORT=${ports[1]} ORDERER${n}_OPS_PORT=${ports[2]}"
  done
}

generate_crypto() {
  echo "$FABRIC_VERSION" > "$STATE_DIR/fabric-version"   # env.sh reads it for later commands
  generate_crypto_v25
  step "cryptogen extend --config=config/crypto-config-bft.yaml (orderer2, orderer3, orderer4)"
  cryptogen extend --input="$ORG_DIR" --config="$(netns_crypto_config "$TN_DIR/config/crypto-config-bft.yaml")" \
    >> "$LOG_DIR/cryptogen.log" 2>&1 || die "cryptogen extend failed; see $LOG_DIR/cryptogen.log"
}

# network.sh's generate_channel_block, with the BFT template and profile.
CHANNEL_CONFIGTX=configtx-bft.yaml
CHANNEL_PROFILE=ChannelUsingBFT

# start_orderer [N]: orderer N, or all four
start_orderer() {
  local n ports list=("$@")
  [ $# -gt 0 ] || list=(1 2 3 4)
  for n in "${list[@]}"; do
    read -r -a ports <<< "$(bft_ports "$n")"
    start_orderer_v25 "$(bft_name "$n")" "${ports[@]}"
  done
}

# bft_osnadmin N ARGS...: osnadmin against orderer N's admin endpoint, as the orderer Admin
bft_osnadmin() {
  local n="$1" ports o="$ORG_DIR/ordererOrganizations/example.com"
  shift
  read -r -a ports <<< "$(bft_ports "$n")"
  osnadmin "$@" -o "$(orderer_client_host "$n"):${ports[1]}" --ca-file "$ORDERER_CA" \
    --client-cert "$o/users/Admin@example.com/tls/client.crt" \
    --client-key "$o/users/Admin@example.com/tls/client.key"
}

# bft_height N: orderer N's block height of the channel (osnadmin channel list)
bft_height() {
  bft_osnadmin "$1" channel list --channelID "$CHANNEL_NAME" 2> /dev/null |
    sed -n '/^{/,$p' | jq -r '.height // empty' 2> /dev/null
}

join_channel() {
  local block="$STATE_DIR/channel-artifacts/$CHANNEL_NAME.block" n i
  for n in 1 2 3 4; do
    step "osnadmin channel join --channelID $CHANNEL_NAME ($(bft_name "$n"))"
    bft_osnadmin "$n" channel join --channelID "$CHANNEL_NAME" --config-block "$block" \
      >> "$LOG_DIR/osnadmin.log" 2>&1 || die "osnadmin channel join failed on $(bft_name "$n"); see $LOG_DIR/osnadmin.log"
  done
  join_peers "$block"
  # Every orderer must have started its SmartBFT node (view 0, leader 1)
  # before the first transaction.
  local name
  for n in 1 2 3 4; do
    name="$(bft_name "$n")"
    for ((i = 0; i < 150; i++)); do
      grep -q "$BFT_READY_LOG" "$LOG_DIR/$name.log" && break
      sleep 0.2
    done
    grep -q "$BFT_READY_LOG" "$LOG_DIR/$name.log" ||
      die "$name did not start its BFT node for $CHANNEL_NAME within 30 s; see $LOG_DIR/$name.log"
  done
  step "SmartBFT started on the 4 orderers: $(grep -h "$BFT_READY_LOG" "$LOG_DIR/orderer.log" | head -n 1 | sed 's/.*-> //')"
}
# A line each orderer logs once its SmartBFT node of the channel runs.
BFT_READY_LOG="Starting view with number"

status() {
  status_v25
  local n name
  for n in 2 3 4; do
    name="$(bft_name "$n")"
    if alive "$name"; then echo "$name: running (pid $(cat "$PID_DIR/$name.pid"))"
    else echo "$name: not running"; fi
  done
  for n in 1 2 3 4; do
    echo "$(bft_name "$n") height of $CHANNEL_NAME: $(bft_height "$n" || true)"
  done
}

# bft_command orderer-stop|orderer-start N
bft_command() {
  local cmd="$1" n="${2:?usage: network.sh $1 1|2|3|4}" name pid i ports
  name="$(bft_name "$n")"
  [ -d "$PID_DIR" ] || die "the network is not running: FABRIC_VERSION=3.1 ./network.sh up"
  case "$cmd" in
    orderer-stop)
      alive "$name" || die "$name is not running"
      pid="$(cat "$PID_DIR/$name.pid")"
      log "Stopping $name (pid $pid)"
      kill -TERM -- "-$pid" 2> /dev/null || kill -TERM "$pid" 2> /dev/null || true
      for ((i = 0; i < 100; i++)); do kill -0 -- "-$pid" 2> /dev/null || break; sleep 0.1; done
      if kill -0 -- "-$pid" 2> /dev/null; then kill -KILL -- "-$pid" 2> /dev/null || true; fi
      step "$name stopped; its ledger stays in .state/$name"
      ;;
    orderer-start)
      alive "$name" && die "$name is already running"
      read -r -a ports <<< "$(bft_ports "$n")"
      netns_on || check_ports "${name}_port=${ports[0]}" "${name}_admin_port=${ports[1]}" "${name}_ops_port=${ports[2]}"
      [ -f "$LOG_DIR/$name.log" ] && mv "$LOG_DIR/$name.log" "$LOG_DIR/$name.$(date +%s).log"
      log "Starting $name again ($(node_ip "$name"):${ports[0]})"
      start_orderer "$n"
      ;;
  esac
}

# The SmartBFT leader faults of the soak test (bft-leader, bft-view-wait,
# orderer-kill N): scripts/bft-faults.sh.
# shellcheck source=bft-faults.sh
. "$TN_DIR/scripts/bft-faults.sh"
