# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# TOXIPROXY=1: every link of the network through a Toxiproxy server
# (github.com/Shopify/toxiproxy/v2, built by "scripts/build-bins.sh
# toxiproxy" into .bin-toxiproxy/), a process of the network configured
# through its HTTP API on 127.0.0.1:TOXIPROXY_PORT. Sourced by network.sh.
#
#   TOXIPROXY=1 ./network.sh up      the network with the proxies (later
#                                    commands follow .state/toxiproxy)
#   ./network.sh net-proxies         the proxies: name, listen, upstream, enabled, toxics
#   ./network.sh net-stats           bytes each proxy carried (its Prometheus metrics)
#   ./network.sh net-fault SCENARIO  add a network fault (below)
#   ./network.sh net-heal            remove every toxic (the faults end)
#   ./network.sh net-caught-up [SECS]  wait (default 180 s) until both peers (and on
#                                    v3.1 every orderer) reach the highest height seen now
#
# The links and their proxies (TCP: TLS passes through unchanged, and every
# name a node dials is one its certificate carries):
#   client -> peer0.orgN          client-peerN   127.0.0.1:TP_CLIENT_PEERN_PORT; env.sh's
#                                                PEERN_ADDRESS points there
#   peer -> peer0.orgN            gossip-peerN   127.0.0.1:TP_GOSSIP_PEERN_PORT: the peer's
#     (gossip, the Gateway's endorsements,       gossip external endpoint and its anchor
#     discovery's endpoints)                     peer entry in the channel
#   chaincode -> peer0.orgN       cc-peerN       127.0.0.1:TP_CC_PEERN_PORT (the peer's
#                                                chaincode address, -peer.address)
#   peer0.orgN -> chaincode       ccaas-peerN    127.0.(20+N).1:CCAAS_PORT (deploy -ccaas:
#     server                      ccaas-poll-peerN  the package's connection.json names
#                                                ccaas.org1.example.com, which its TLS
#                                                certificate carries; POLL_CCAAS_PORT for
#                                                the poll example's server)
#   peer0.orgP -> orderer D       peerP-ordererD 127.0.(10+P).D:ORDERERD_PORT
#     (deliver, the Gateway's broadcast)
#   orderer S -> orderer D        ordererS-ordererD  127.0.S.D:ORDERERD_PORT (v3.1: the
#     (SmartBFT cluster, block pulls)            consenter's address)
# The channel names the orderers by host name (orderer.example.com,
# orderer2.example.com, ...: OrdererEndpoints and the consenter mapping),
# which their TLS certificates carry; each peer and orderer runs in a mount
# namespace of its own (unshare -m) whose /etc/hosts (.state/net/NAME.hosts,
# bind-mounted) resolves them to the address of that node's own proxy, so a
# link between two given nodes has a proxy of its own and one peer or one
# orderer can be cut off alone. Nothing outside .state/ changes.
#
# Network faults (net-fault SCENARIO), each undone by net-heal:
#   latency[:MS[:JITTER]]     both gossip-peerN, both directions: MS (100) +- JITTER (50) ms
#                             each way between the organisations
#   peer-partition-N          peer0.orgN cut off from every orderer (its peerN-ordererD
#                             proxies drop all data: timeout toxic 0, a black hole)
#   orderer-partition-N|leader|follower   (v3.1) orderer N (or the SmartBFT leader, or
#                             a follower) cut off from the other orderers, both ways
#   bandwidth[:KBPS]          peer0.org2's links to the orderers limited to KBPS (64) KB/s
#                             each way
#   reset[:MS]                every connection of the clients to the peers, of the peers
#                             to each other and to the orderers reset (TCP RST) MS (3000)
#                             ms after it starts or after the fault starts (reset_peer)

# shellcheck disable=SC2153 # TN_DIR comes from env.sh
TOXIPROXY_BIN="$TN_DIR/.bin-toxiproxy/toxiproxy-server"
TP_DIR="$STATE_DIR/net"

tp_on() { [ "$TOXIPROXY" = 1 ]; }

# orderer_host N: orderer N's TLS host name
orderer_host() { if [ "$1" = 1 ]; then echo orderer.example.com; else echo "orderer$1.example.com"; fi; }
# orderer_ep_host N: what the channel calls orderer N (endpoint and consenter
# host): its host name with TOXIPROXY=1 or NETNS=1 (scripts/netns.sh)
orderer_ep_host() { if tp_on || netns_on; then orderer_host "$1"; else echo 127.0.0.1; fi; }
# ccaas_ep_host: what a ccaas package's connection.json calls the chaincode
# server (each peer resolves it to its own ccaas-peerN proxy)
ccaas_ep_host() { if tp_on; then echo ccaas.org1.example.com; else echo 127.0.0.1; fi; }
# anchor_port N: peer0.orgN's anchor peer port in the channel
anchor_port() {
  local v="PEER$1_PORT"
  tp_on && v="TP_GOSSIP_PEER$1_PORT"
  echo "${!v}"
}
tp_orderers() { if [ "$FABRIC_VERSION" = 3.1 ]; then echo 1 2 3 4; else echo 1; fi; }
tp_orderer_port() { local v=ORDERER_PORT; [ "$1" = 1 ] || v="ORDERER$1_PORT"; echo "${!v}"; }

tp_require() {
  [ -x "$TOXIPROXY_BIN" ] || die "TOXIPROXY=1 needs $TOXIPROXY_BIN: scripts/build-bins.sh toxiproxy"
  command -v curl > /dev/null || die "TOXIPROXY=1 needs curl (the Toxiproxy API)"
  command -v unshare > /dev/null || die "TOXIPROXY=1 needs unshare (util-linux): each node's /etc/hosts"
  [ "$(id -u)" = 0 ] || die "TOXIPROXY=1 needs root (a mount namespace per node for its /etc/hosts)"
}

tp_ports() {
  tp_on || return 0
  echo "TOXIPROXY_PORT=$TOXIPROXY_PORT TP_CLIENT_PEER1_PORT=$TP_CLIENT_PEER1_PORT TP_CLIENT_PEER2_PORT=$TP_CLIENT_PEER2_PORT" \
       "TP_GOSSIP_PEER1_PORT=$TP_GOSSIP_PEER1_PORT TP_GOSSIP_PEER2_PORT=$TP_GOSSIP_PEER2_PORT" \
       "TP_CC_PEER1_PORT=$TP_CC_PEER1_PORT TP_CC_PEER2_PORT=$TP_CC_PEER2_PORT"
}

# tp_api METHOD PATH [JSON]: a call of the Toxiproxy API; prints the answer
tp_api() {
  local args=(-sS -f -X "$1" "http://127.0.0.1:$TOXIPROXY_PORT$2")
  [ $# -gt 2 ] && args+=(-H 'Content-Type: application/json' --data "$3")
  curl "${args[@]}"
}

# tp_proxy_list: "NAME LISTEN UPSTREAM" of every proxy of this network
tp_proxy_list() {
  local n d s
  for n in 1 2; do
    local p="PEER${n}_PORT" cc="PEER${n}_CC_PORT" c="TP_CLIENT_PEER${n}_PORT" g="TP_GOSSIP_PEER${n}_PORT" k="TP_CC_PEER${n}_PORT"
    echo "client-peer$n 127.0.0.1:${!c} 127.0.0.1:${!p}"
    echo "gossip-peer$n 127.0.0.1:${!g} 127.0.0.1:${!p}"
    echo "cc-peer$n 127.0.0.1:${!k} 127.0.0.1:${!cc}"
    echo "ccaas-peer$n 127.0.$((20 + n)).1:$CCAAS_PORT 127.0.0.1:$CCAAS_PORT"
    echo "ccaas-poll-peer$n 127.0.$((20 + n)).1:$POLL_CCAAS_PORT 127.0.0.1:$POLL_CCAAS_PORT"
    for d in $(tp_orderers); do
      echo "peer$n-orderer$d 127.0.$((10 + n)).$d:$(tp_orderer_port "$d") 127.0.0.1:$(tp_orderer_port "$d")"
    done
  done
  [ "$FABRIC_VERSION" = 3.1 ] || return 0
  for s in 1 2 3 4; do
    for d in 1 2 3 4; do
      [ "$s" = "$d" ] && continue
      echo "orderer$s-orderer$d 127.0.$s.$d:$(tp_orderer_port "$d") 127.0.0.1:$(tp_orderer_port "$d")"
    done
  done
}

# tp_hosts_files: /etc/hosts of each peer and orderer (its own proxies)
tp_hosts_files() {
  local n d s f
  mkdir -p "$TP_DIR"
  for n in 1 2; do
    f="$TP_DIR/peer0.org$n.hosts"
    cp /etc/hosts "$f"
    for d in $(tp_orderers); do echo "127.0.$((10 + n)).$d $(orderer_host "$d")" >> "$f"; done
    echo "127.0.$((20 + n)).1 ccaas.org1.example.com" >> "$f"
  done
  [ "$FABRIC_VERSION" = 3.1 ] || return 0
  for s in 1 2 3 4; do
    f="$TP_DIR/$(bft_name "$s").hosts"
    cp /etc/hosts "$f"
    for d in 1 2 3 4; do
      if [ "$s" = "$d" ]; then echo "127.0.0.1 $(orderer_host "$d")" >> "$f"
      else echo "127.0.$s.$d $(orderer_host "$d")" >> "$f"; fi
    done
  done
}

# tp_wrap NAME: the command prefix that runs node NAME with its own
# /etc/hosts (nothing without TOXIPROXY=1, or for a node without one)
tp_wrap() {
  tp_on && [ -f "$TP_DIR/$1.hosts" ] || return 0
  # shellcheck disable=SC2016 # $0 and $@ belong to the inner sh
  printf '%s\n' unshare -m -- sh -c 'mount --bind "$0" /etc/hosts && exec "$@"' "$TP_DIR/$1.hosts"
}

# tp_start: the Toxiproxy server and every proxy (before the nodes start)
tp_start() {
  tp_require
  echo 1 > "$STATE_DIR/toxiproxy"   # env.sh reads it for later commands
  tp_hosts_files
  start_process toxiproxy -- "$TOXIPROXY_BIN" -host 127.0.0.1 -port "$TOXIPROXY_PORT" -proxy-metrics
  wait_for_port toxiproxy "$TOXIPROXY_PORT" 30
  local json name listen up
  json="$(tp_proxy_list | while read -r name listen up; do
    jq -nc --arg n "$name" --arg l "$listen" --arg u "$up" '{name: $n, listen: $l, upstream: $u, enabled: true}'
  done | jq -sc .)"
  tp_api POST /populate "$json" > "$TP_DIR/populate.json" ||
    die "could not create the proxies through the Toxiproxy API; see $LOG_DIR/toxiproxy.log"
  step "toxiproxy: $(jq '.proxies | length' "$TP_DIR/populate.json") proxies (./network.sh net-proxies)"
}

tp_need() {
  tp_on || die "$1: the network runs without Toxiproxy (TOXIPROXY=1 ./network.sh up)"
  alive toxiproxy || die "$1: the Toxiproxy server is not running"
}

tp_proxies_cmd() {
  tp_need net-proxies
  tp_api GET /proxies | jq -r 'to_entries | sort_by(.key)[] | .value |
    "\(.name) \(.listen) -> \(.upstream) enabled=\(.enabled) toxics=\([.toxics[] | "\(.name):\(.type)"] | join(","))"'
}

# tp_stats: "PROXY LISTEN OPEN BYTES_UP BYTES_DOWN" of each proxy: its
# connections open now (ss), and the bytes of its closed connections
# received from the client side / from the upstream (Toxiproxy counts a
# connection's bytes in toxiproxy_proxy_received_bytes_total when it ends)
tp_stats() {
  tp_need net-stats
  local metrics name listen up open
  metrics="$(curl -sS -f "http://127.0.0.1:$TOXIPROXY_PORT/metrics")" || die "net-stats: no metrics from Toxiproxy"
  echo "proxy listen open-connections closed-bytes-up closed-bytes-down"
  tp_proxy_list | while read -r name listen up; do
    open="$(ss -Htn state established src "$listen" 2> /dev/null | wc -l)"
    awk -v p="$name" -v l="$listen" -v o="$open" '
      /^toxiproxy_proxy_received_bytes_total/ && index($0, "proxy=\"" p "\"") {
        if ($0 ~ /direction="upstream"/) u += $NF; else d += $NF
      }
      END { printf "%s %s %d %d %d\n", p, l, o, u, d }' <<< "$metrics"
  done
}

# tp_toxic PROXY NAME TYPE STREAM ATTRIBUTES_JSON
tp_toxic() {
  tp_api POST "/proxies/$1/toxics" \
    "$(jq -nc --arg n "$2" --arg t "$3" --arg s "$4" --argjson a "$5" '{name: $n, type: $t, stream: $s, toxicity: 1, attributes: $a}')" > /dev/null ||
    die "could not add toxic $2 ($3) to $1"
}

# tp_both PROXY NAME TYPE ATTRIBUTES_JSON: the toxic on both directions
tp_both() {
  tp_toxic "$1" "$2-up" "$3" upstream "$4"
  tp_toxic "$1" "$2-down" "$3" downstream "$4"
}

tp_fault() {
  local scenario="${1:?usage: network.sh net-fault latency[:MS[:JITTER]]|peer-partition-N|orderer-partition-N|leader|follower|bandwidth[:KBPS]|reset[:MS]}"
  tp_need net-fault
  local kind="${scenario%%:*}" a b n d p
  IFS=: read -r _ a b <<< "$scenario"
  case "$kind" in
    latency)
      a="${a:-100}" b="${b:-50}"
      for p in gossip-peer1 gossip-peer2; do tp_both "$p" latency latency "{\"latency\": $a, \"jitter\": $b}"; done
      step "latency ${a} ms +- ${b} ms each way between Org1 and Org2 (gossip-peer1, gossip-peer2)" ;;
    peer-partition-1|peer-partition-2)
      n="${kind#peer-partition-}"
      for d in $(tp_orderers); do tp_both "peer$n-orderer$d" partition timeout '{"timeout": 0}'; done
      step "peer0.org$n cut off from the orderers (peer$n-ordererD: no data either way)" ;;
    orderer-partition-*)
      [ "$FABRIC_VERSION" = 3.1 ] || die "net-fault $kind: only on the BFT network (FABRIC_VERSION=3.1)"
      n="${kind#orderer-partition-}"
      local leader
      case "$n" in
        leader) read -r n _ <<< "$(bft_leader)" ;;
        follower) read -r leader _ <<< "$(bft_leader)"; n=$(( leader % 4 + 1 )) ;;
        1|2|3|4) ;;
        *) die "net-fault $kind: orderer-partition-1..4, -leader or -follower" ;;
      esac
      for d in 1 2 3 4; do
        [ "$d" = "$n" ] && continue
        tp_both "orderer$n-orderer$d" partition timeout '{"timeout": 0}'
        tp_both "orderer$d-orderer$n" partition timeout '{"timeout": 0}'
      done
      step "$(bft_name "$n") (node $n) cut off from the other orderers, both ways" ;;
    bandwidth)
      a="${a:-64}"
      for d in $(tp_orderers); do tp_both "peer2-orderer$d" bandwidth bandwidth "{\"rate\": $a}"; done
      step "peer0.org2 <-> orderers limited to $a KB/s each way" ;;
    reset)
      a="${a:-3000}"
      for p in client-peer1 client-peer2 gossip-peer1 gossip-peer2; do tp_both "$p" reset reset_peer "{\"timeout\": $a}"; done
      for n in 1 2; do for d in $(tp_orderers); do tp_both "peer$n-orderer$d" reset reset_peer "{\"timeout\": $a}"; done; done
      step "every client-peer, peer-peer and peer-orderer connection reset $a ms into it" ;;
    *) die "net-fault: unknown scenario '$scenario'" ;;
  esac
  echo "$scenario" > "$TP_DIR/active"
}

tp_heal() {
  tp_need net-heal
  local p t count=0 before
  before="$(tp_heights | tr '\n' ' ')"
  for p in $(tp_api GET /proxies | jq -r 'keys[]'); do
    for t in $(tp_api GET "/proxies/$p/toxics" | jq -r '.[].name'); do
      tp_api DELETE "/proxies/$p/toxics/$t" > /dev/null || die "could not remove toxic $t of $p"
      count=$((count + 1))
    done
  done
  step "removed $count toxic(s)$( [ -f "$TP_DIR/active" ] && echo " ($(cat "$TP_DIR/active"))")"
  rm -f "$TP_DIR/active"
  echo "heights before the heal, peers then orderers: ${before% }"
}

# tp_peer_height N: peer0.orgN's height of the channel (its admin, through its client proxy)
tp_peer_height() {
  (setOrg "$1" Admin && peer channel getinfo -c "$CHANNEL_NAME" 2> /dev/null) |
    sed -n 's/^Blockchain info: //p' | jq -r '.height // empty' 2> /dev/null || true
}

# tp_heights: the channel height of each peer, then of each running orderer (v3.1)
tp_heights() {
  local n
  tp_peer_height 1; tp_peer_height 2
  if [ "$FABRIC_VERSION" = 3.1 ]; then for n in 1 2 3 4; do if alive "$(bft_name "$n")"; then bft_height "$n"; fi; done; fi
  return 0
}

# tp_caught_up [SECS]: wait until every peer (and orderer, v3.1) reaches
# the highest height any of them has now; prints how long it took
tp_caught_up() {
  local secs="${1:-180}" t0 target=0 h n i lag
  t0="$(now_ms)"
  heights() { tp_heights; }
  local at_heal
  at_heal="$(heights | tr '\n' ' ')"
  for h in $at_heal; do [ "$h" -gt "$target" ] && target="$h"; done
  local want=2 got
  if [ "$FABRIC_VERSION" = 3.1 ]; then for n in 1 2 3 4; do alive "$(bft_name "$n")" && want=$((want + 1)); done; fi
  for ((i = 0; i < secs; i++)); do
    lag="" got=0
    for h in $(heights); do
      got=$((got + 1))
      [ "$h" -ge "$target" ] || lag="$h"
    done
    # every node answered and none is below the target
    if [ -z "$lag" ] && [ "$got" -ge "$want" ]; then
      echo "height $target in $(elapsed "$t0") (from ${at_heal% })"
      return 0
    fi
    sleep 1
  done
  die "net-caught-up: not every node reached height $target within $secs s: $(heights | tr '\n' ' ')"
}
