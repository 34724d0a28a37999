# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Fault injection for the soak test: sourced by network.sh.
#
#   ./network.sh cc-pids                 the chaincode processes: "ORG PID" per
#                                        peer-launched process, "ccaas PID" for the server
#   ./network.sh cc-kill [1|2|all]       peer-launched chaincode: SIGKILL its process on
#                                        peer0.orgN (default all); the peer launches it
#                                        again on the next transaction. CCaaS: the
#                                        chaincode server is stopped and started again.
#   ./network.sh peer-stop N | peer-start N   stop peer0.orgN / start it again on its ledger
#                                        (and wait until both gateways can plan endorsements)
#   ./network.sh orderer-stop | orderer-start (Fabric v2.5, one Raft orderer) stop the
#                                        orderer / start it again on its ledger and WAL
#   ./network.sh peer-kill N             crash: SIGKILL peer0.orgN (its process group) right
#                                        after it logs a committed block (blocks still coming)
#   ./network.sh peer-recovery N         what the (restarted) peer's log says it recommitted
#                                        from its block store to its state database
#   ./network.sh orderer-kill            (v2.5) crash: SIGKILL the orderer right after it
#                                        logs a block it cut (Created block / Writing block)
#
# Every signal goes to a process network.sh started (owned: PID and start
# time as recorded), or to a child of such a peer whose command line is the
# chaincode's ("-peer.address="), never to a process found by name.

# child_chaincodes PEER_PID: the PIDs of the peer's children that run the
# chaincode $CC_NAME (the external builder's "run" execs the binary with
# -peer.address, from the build folder named after the package label
# "${CC_NAME}_${CC_VERSION}-<hash>"); other chaincodes (the poll example) are
# left alone.
child_chaincodes() {
  local parent="$1" stat rest pid ppid cmd
  for stat in /proc/[0-9]*/stat; do
    pid="${stat#/proc/}" pid="${pid%/stat}"
    rest="$(cat "$stat" 2> /dev/null)" || continue
    rest="${rest##*) }"
    # shellcheck disable=SC2086 # word splitting wanted
    set -- $rest
    ppid="$2"
    [ "$ppid" = "$parent" ] || continue
    cmd="$(tr '\0' ' ' < "/proc/$pid/cmdline" 2> /dev/null)" || continue
    case "$cmd" in
      */builds/"${CC_NAME}_${CC_VERSION}"-*" -peer.address="*) echo "$pid" ;;
    esac
  done
  return 0
}

cc_pids() {
  local org pid
  if alive "$(ccaas_proc)"; then echo "ccaas $(cat "$PID_DIR/$(ccaas_proc).pid")"; fi
  for org in 1 2; do
    alive "peer0.org$org" || continue
    for pid in $(child_chaincodes "$(cat "$PID_DIR/peer0.org$org.pid")"); do echo "$org $pid"; done
  done
}

# node_pids: "NAME PID" of every process network.sh started that still runs
# (orderer(s), peers, CouchDB, the chaincode server) and of each peer's
# chaincode processes ("chaincode.peer0.orgN"), for the soak test's memory
# samples.
node_pids() {
  local f name pid
  [ -d "$PID_DIR" ] || return 0
  for f in "$PID_DIR"/*.pid; do
    [ -e "$f" ] || continue
    name="$(basename "$f" .pid)"
    alive "$name" || continue
    pid="$(cat "$f")"
    echo "$name $pid"
    case "$name" in
      peer0.org*) for pid in $(child_chaincodes "$pid"); do echo "chaincode.$name $pid"; done ;;
    esac
  done
}

cc_kill() {
  local which="${1:-all}" org pid killed=0 orgs=(1 2)
  case "$which" in 1|2) orgs=("$which") ;; all) ;; *) die "cc-kill: use 1, 2 or all" ;; esac
  if alive "$(ccaas_proc)"; then
    local pkgid
    pkgid="$(cat "$STATE_DIR/packages/current-package-id" 2> /dev/null)" || die "cc-kill: no current package id"
    log "Restarting the chaincode server (pid $(cat "$PID_DIR/$(ccaas_proc).pid"))"
    stop_ccaas
    [ -f "$LOG_DIR/$(ccaas_proc).log" ] && mv "$LOG_DIR/$(ccaas_proc).log" "$LOG_DIR/$(ccaas_proc).$(date +%s%3N).log"
    start_ccaas "$pkgid"
    return 0
  fi
  for org in "${orgs[@]}"; do
    alive "peer0.org$org" || { step "peer0.org$org is not running"; continue; }
    for pid in $(child_chaincodes "$(cat "$PID_DIR/peer0.org$org.pid")"); do
      step "peer0.org$org: SIGKILL chaincode pid $pid"
      kill -KILL "$pid" 2> /dev/null && killed=$((killed + 1))
    done
  done
  [ "$killed" -gt 0 ] || die "cc-kill: no chaincode process running (none launched yet?)"
}

# stop_owned NAME: SIGTERM NAME's process group, SIGKILL after 10 s.
stop_owned() {
  local name="$1" pid i
  alive "$name" || die "$name is not running"
  pid="$(cat "$PID_DIR/$name.pid")"
  kill -TERM -- "-$pid" 2> /dev/null || kill -TERM "$pid" 2> /dev/null || true
  for ((i = 0; i < 100; i++)); do kill -0 -- "-$pid" 2> /dev/null || break; sleep 0.1; done
  if kill -0 -- "-$pid" 2> /dev/null; then kill -KILL -- "-$pid" 2> /dev/null || true; fi
  step "$name (pid $pid) stopped"
}

# wait_log_line FILE REGEX SECONDS: wait until FILE gets a new line (written
# after the call) matching REGEX; prints it. Status 1 after SECONDS without.
wait_log_line() {
  local file="$1" re="$2" secs="$3" size i line
  size="$(stat -c %s "$file" 2> /dev/null || echo 0)"
  for ((i = 0; i < secs * 20; i++)); do
    line="$(tail -c +"$((size + 1))" "$file" 2> /dev/null | grep -E -m1 "$re")" && { echo "$line"; return 0; }
    sleep 0.05
  done
  return 1
}

# kill_owned NAME REGEX: SIGKILL NAME's process group (a crash: no clean
# shutdown) as soon as its log shows a new line matching REGEX (within 20
# s; otherwise it is killed anyway and the step says so).
kill_owned() {
  local name="$1" re="$2" pid line i
  alive "$name" || die "$name is not running"
  pid="$(cat "$PID_DIR/$name.pid")"
  if line="$(wait_log_line "$LOG_DIR/$name.log" "$re" 20)"; then
    kill -KILL -- "-$pid" 2> /dev/null || kill -KILL "$pid" 2> /dev/null || true
    step "$name (pid $pid) SIGKILLed right after: ${line:0:160}"
  else
    kill -KILL -- "-$pid" 2> /dev/null || kill -KILL "$pid" 2> /dev/null || true
    step "$name (pid $pid) SIGKILLed (no line matching '$re' in 20 s)"
  fi
  for ((i = 0; i < 100; i++)); do kill -0 -- "-$pid" 2> /dev/null || break; sleep 0.1; done
  if kill -0 -- "-$pid" 2> /dev/null; then die "$name (pid $pid) still runs after SIGKILL"; fi
}

# keep_log NAME: the previous log of NAME moves aside before a restart.
keep_log() {
  [ -f "$LOG_DIR/$1.log" ] && mv "$LOG_DIR/$1.log" "$LOG_DIR/$1.$(date +%s%3N).log"
  return 0
}

peer_command() {
  local cmd="$1" org="${2:?usage: network.sh $1 1|2}"
  case "$org" in 1|2) ;; *) die "$cmd: use 1 or 2" ;; esac
  [ -d "$PID_DIR" ] || die "the network is not running"
  case "$cmd" in
    peer-stop) stop_owned "peer0.org$org" ;;
    peer-kill) kill_owned "peer0.org$org" 'Committed block \[' ;;
    peer-recovery)
      # kvledger's recoverDBs: "Recommitting lost blocks - firstBlockNum=..."
      # when the state (or history) database is behind the block store.
      grep -E -o 'Recommitting lost blocks - firstBlockNum=[0-9]+, lastBlockNum=[0-9]+' "$LOG_DIR/peer0.org$org.log" 2> /dev/null ||
        echo "no blocks recommitted (state database in step with the block store)"
      ;;
    peer-start)
      alive "peer0.org$org" && die "peer0.org$org is already running"
      keep_log "peer0.org$org"
      if [ "$org" = 1 ]; then start_peer 1 "$PEER1_PORT" "$PEER1_CC_PORT" "$PEER1_OPS_PORT"
      else start_peer 2 "$PEER2_PORT" "$PEER2_CC_PORT" "$PEER2_OPS_PORT"; fi
      # Until gossip has told the restarted peer that the other org's peer
      # runs the chaincode, its gateway finds no endorsement plan for the
      # AND policy ("no combination of peers can be derived").
      wait_for_gateway_plan ListIssuers 1 ""
      if [ -s "$STATE_DIR/packages/current-package-id-$POLL_CC_NAME" ]; then
        CC_NAME="$POLL_CC_NAME" wait_for_gateway_plan org.hyperledger.fabric:GetMetadata
      fi
      ;;
  esac
}

raft_orderer_command() {
  [ -d "$PID_DIR" ] || die "the network is not running"
  case "$1" in
    orderer-stop) stop_owned orderer ;;
    orderer-kill) kill_owned orderer 'Created block \[|Writing block \[' ;;
    orderer-start)
      alive orderer && die "orderer is already running"
      keep_log orderer
      start_orderer
      ;;
  esac
}
