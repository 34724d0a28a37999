#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
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
#   ./network.sh cc-upgrade [VERSION]  a new package of bbs (label bbs_VERSION, default
#                                   1.<sequence - 1>) installed on both peers, approved by
#                                   both orgs and committed as sequence + 1 (the soak's
#                                   upgrade under load)
#   ./network.sh deploy-relay       deploy internal/relaycc as "relay", a chaincode that
#                                   forwards its arguments to bbs (e2e/trust.sh)
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
#   TOXIPROXY=1 ./network.sh up     every link (client-peer, peer-peer, peer-orderer,
#                                   orderer-orderer, chaincode-peer) through a Toxiproxy
#                                   server; net-proxies, net-stats, net-fault SCENARIO,
#                                   net-heal, net-caught-up (scripts/toxiproxy.sh)
#   NETNS=1 ./network.sh up         (root, ip) the orderer organisation, Org1, Org2 and the
#                                   clients each in a network namespace of their own, on a
#                                   bridge in one more; the nodes named by their TLS host
#                                   names at their own addresses (scripts/netns.sh)
#   PEER_LEDGER_FS=N[:SIZE] ./network.sh up   peer0.orgN's data on a tmpfs of SIZE (1g);
#   ./network.sh disk-fill N | disk-free N | disk-usage N   fill it / give the space back
#                                   (and restart the peer if it exited) (scripts/disk.sh)
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
# the version of the last deploy or cc-upgrade of bbs (.state/packages/current-version)
CC_VERSION="${CC_VERSION:-$(cat "$STATE_DIR/packages/current-version" 2> /dev/null || echo 1.0)}"
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

# The parts, as fabric-samples' test-network splits its network.sh: the
# functions live in scripts/ and the command dispatch (main) stays here.
# shellcheck source=scripts/nodes.sh
. "$TN_DIR/scripts/nodes.sh"     # checks, node processes, crypto, orderer, peers, stop_all
# shellcheck source=scripts/couchdb.sh
. "$TN_DIR/scripts/couchdb.sh"   # STATE_DB=couchdb (pouchdb-server), state_db_env
# shellcheck source=scripts/channel.sh
. "$TN_DIR/scripts/channel.sh"   # genesis block, orderer and peer joins
# shellcheck source=scripts/deploy.sh
. "$TN_DIR/scripts/deploy.sh"    # chaincode lifecycle, ccaas, gateway plan wait
# shellcheck source=scripts/toxiproxy.sh
. "$TN_DIR/scripts/toxiproxy.sh" # TOXIPROXY=1: every link through Toxiproxy, network faults
# shellcheck source=scripts/disk.sh
. "$TN_DIR/scripts/disk.sh"      # PEER_LEDGER_FS=N: a peer's data on a small file system, disk-fill/-free
# shellcheck source=scripts/netns.sh
. "$TN_DIR/scripts/netns.sh"     # NETNS=1: each organisation in a network namespace of its own

# ---------------------------------------------------------------- up

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
  ledger_fs_umount >&2
  netns_down >&2
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
  [ -s "$STATE_DIR/ns/created" ] && die "the namespaces of a network are still there (.state/ns/created): ./network.sh down first"
  netns_require
  # NETNS=1: the nodes listen in namespaces of their own, not on this machine's ports
  # shellcheck disable=SC2046
  netns_on || check_ports $(node_ports)
  log "Creating the network in $STATE_DIR (state database: $STATE_DB)"
  ledger_fs_umount
  rm -rf "$STATE_DIR"
  mkdir -p "$LOG_DIR" "$PID_DIR"
  echo "$STATE_DB" > "$STATE_DIR/state-db"
  trap up_failed EXIT
  trap 'exit 130' INT TERM
  if netns_on; then
    log "Creating the network namespaces $NETNS_PREFIX-{hub,orderer,org1,org2,client} ($NETNS_NET.0/24)"
    netns_up
  fi
  write_node_config
  generate_crypto
  if tp_on; then
    log "Starting Toxiproxy (API 127.0.0.1:$TOXIPROXY_PORT): every link through a proxy"
    tp_start
  fi
  generate_channel_block
  if [ "$STATE_DB" = couchdb ]; then
    log "Starting the state databases: pouchdb-server on 127.0.0.1:$COUCHDB1_PORT and :$COUCHDB2_PORT"
    start_couchdb 1 "$COUCHDB1_PORT"
    start_couchdb 2 "$COUCHDB2_PORT"
  fi
  log "Starting the orderer ($(node_ip orderer):$ORDERER_PORT, admin :$ORDERER_ADMIN_PORT)"
  start_orderer
  ledger_fs_mount
  log "Starting peer0.org1 ($(node_ip peer0.org1):$PEER1_PORT) and peer0.org2 ($(node_ip peer0.org2):$PEER2_PORT)"
  start_peer 1 "$PEER1_PORT" "$PEER1_CC_PORT" "$PEER1_OPS_PORT"
  start_peer 2 "$PEER2_PORT" "$PEER2_CC_PORT" "$PEER2_OPS_PORT"
  log "Creating channel $CHANNEL_NAME"
  join_channel
  trap - EXIT INT TERM
  log "Network up in $(elapsed "$t0"): orderer, peer0.org1, peer0.org2 ($STATE_DB) on channel $CHANNEL_NAME"
  echo "    logs: $LOG_DIR    next: ./network.sh deploy"
}

# ---------------------------------------------------------------- down

network_down() {
  log "Stopping the network"
  stop_all
  ledger_fs_umount
  netns_down
  step "removing $STATE_DIR"
  rm -rf "$STATE_DIR"
  # shellcheck disable=SC2046
  local entry busy=()
  for entry in $(STATE_DB=couchdb TOXIPROXY=1 node_ports) CCAAS_PORT="$CCAAS_PORT" POLL_CCAAS_PORT="$POLL_CCAAS_PORT"; do
    if port_in_use "${entry#*=}"; then busy+=("$entry"); fi
  done
  if [ ${#busy[@]} -gt 0 ]; then
    echo "    WARNING: still in use (not by a process this network started?): ${busy[*]}" >&2
  fi
  log "Network down"
}

# ---------------------------------------------------------------- deploy

# ---------------------------------------------------------------- status, demo

status() {
  local name
  for name in orderer peer0.org1 peer0.org2 couchdb.org1 couchdb.org2 ccaas-bbs "ccaas-$POLL_CC_NAME" toxiproxy; do
    if alive "$name"; then echo "$name: running (pid $(cat "$PID_DIR/$name.pid"))"
    else echo "$name: not running"; fi
  done
  if [ -s "$STATE_DIR/ns/created" ]; then echo "network namespaces: $(cut -d' ' -f1 "$STATE_DIR/ns/created" | tr '\n' ' ')"; fi
  if alive peer0.org1; then
    setOrg 1 Admin
    for name in "$CC_NAME" "$POLL_CC_NAME"; do
      echo "chaincode $name: $(peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$name" -O json 2>/dev/null |
        jq -c '{sequence, version}' || echo 'not committed')"
    done
  fi
}

usage() {
  sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed '/SPDX-License-Identifier/d; s/^# \{0,1\}//'
}

main() {
  local cmd="${1:-}"
  [ $# -gt 0 ] && shift
  case "$cmd" in
    up) network_up ;;
    deploy|deployCC) deploy_cc "$@" ;;
    cc-upgrade) cc_upgrade "$@" ;;                                 # scripts/deploy.sh
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
    net-proxies) tp_proxies_cmd ;;                                   # scripts/toxiproxy.sh
    net-stats) tp_stats ;;
    net-fault) tp_fault "$@" ;;
    net-heal) tp_heal ;;
    net-caught-up) tp_caught_up "$@" ;;
    disk-fill) disk_fill "$@" ;;                                     # scripts/disk.sh
    disk-free) disk_free "$@" ;;
    disk-usage) disk_usage "$@" ;;
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
