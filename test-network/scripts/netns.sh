# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# NETNS=1: each organisation's nodes in a network namespace of their own,
# with an address of their own, as if on hosts of their own. Sourced by
# network.sh (env.sh defines the names, the addresses and tn_client).
#
#   NETNS=1 ./network.sh up     the network in namespaces (later commands
#                               follow .state/netns); root and ip (iproute2)
#
# The namespaces (NETNS_PREFIX, default fbbsPORT_OFFSET, so that networks
# with other offsets have other names) and their addresses (NETNS_NET, a
# /24, default 10.200.0):
#   PREFIX-hub        the bridge br0, one veth per namespace below; no address
#   PREFIX-orderer    NETNS_NET.10  the orderer(s): orderer.example.com (v3.1 also
#                                   orderer2..4.example.com)
#   PREFIX-org1       NETNS_NET.11  peer0.org1.example.com and its chaincode processes
#   PREFIX-org2       NETNS_NET.12  peer0.org2.example.com and its chaincode processes
#   PREFIX-client     NETNS_NET.100 the clients: the peer CLI, osnadmin and the Go tools
#                                   (env.sh's tn_client; peer and osnadmin are wrapped)
# Each veth is created with one end in the hub and the other (eth0) in its
# namespace, so nothing is added to the machine's own namespace: no link,
# no address, no route, no sysctl. Every process in the namespaces reads
# .state/ns/hosts as /etc/hosts (bind-mounted in the mount namespace of its
# own that "ip netns exec" makes), which names each node at its address;
# the channel (orderer endpoints, consenters, anchor peers), the peers'
# gossip endpoints and chaincode addresses and the clients use those names,
# and the TLS certificates carry the names and the addresses (cryptogen's
# SANs, .state/crypto-config*.yaml).
#
# "down", and a failed "up", delete the namespaces listed in
# .state/ns/created, each only if /run/netns/NAME is still the namespace
# "up" made (its inode as recorded); deleting a namespace deletes its veth
# ends and the bridge with it.
# Not with TOXIPROXY=1, STATE_DB=couchdb or "deploy -ccaas" (refused).

NETNS_DIR="$STATE_DIR/ns"
NETNS_RUN_DIR="${NETNS_RUN_DIR:-/run/netns}"   # where ip netns keeps the names (scripts/netns-test.sh moves it)
NETNS_ROLES=(orderer org1 org2 client)

netns_on() { [ "$NETNS" = 1 ]; }

# netns_name ROLE: the namespace of hub, orderer, org1, org2 or client
netns_name() { echo "$NETNS_PREFIX-$1"; }

# netns_ip ROLE: its address (the hub has none)
netns_ip() {
  case "$1" in
    orderer) echo "$NETNS_ORDERER_IP" ;;
    org1) echo "$NETNS_ORG1_IP" ;;
    org2) echo "$NETNS_ORG2_IP" ;;
    client) echo "$NETNS_CLIENT_IP" ;;
    *) die "netns_ip: unknown role '$1'" ;;
  esac
}

# node_role NAME: the namespace role of process NAME (empty: none)
node_role() {
  case "$1" in
    orderer|orderer[234]) echo orderer ;;
    peer0.org1) echo org1 ;;
    peer0.org2) echo org2 ;;
  esac
}

# node_ip NAME: the address process NAME listens on (127.0.0.1 without NETNS)
node_ip() {
  local role
  role="$(node_role "$1")"
  if netns_on && [ -n "$role" ]; then netns_ip "$role"; else echo 127.0.0.1; fi
}

# node_host NAME: the name the others dial process NAME by (its TLS host
# name with NETNS, 127.0.0.1 without)
node_host() {
  if ! netns_on; then echo 127.0.0.1; return; fi
  case "$1" in
    orderer) echo orderer.example.com ;;
    orderer[234]) echo "$1.example.com" ;;
    peer0.org1|peer0.org2) echo "$1.example.com" ;;
    *) echo 127.0.0.1 ;;
  esac
}

# anchor_host N: peer0.orgN's anchor peer host in the channel
anchor_host() { node_host "peer0.org$1"; }

netns_require() {
  netns_on || return 0
  [ "$TOXIPROXY" = 1 ] && die "NETNS=1 with TOXIPROXY=1 is not supported: use one or the other (NETNS=1 TOXIPROXY=0)"
  [ "$STATE_DB" = couchdb ] && die "NETNS=1 with STATE_DB=couchdb is not supported (goleveldb only)"
  [ "$(id -u)" = 0 ] || die "NETNS=1 needs root (ip netns add, veth pairs, a bridge)"
  command -v ip > /dev/null || die "NETNS=1 needs ip (iproute2): make network-netns-deps (apt-get install iproute2)"
  command -v mount > /dev/null || die "NETNS=1 needs mount (each namespace's /etc/hosts)"
  ip netns list > /dev/null 2>&1 || die "NETNS=1: 'ip netns' does not work here (iproute2 without netns support?)"
  local role ns
  for role in hub "${NETNS_ROLES[@]}"; do
    ns="$(netns_name "$role")"
    [ ! -e "$NETNS_RUN_DIR/$ns" ] || die "network namespace $ns already exists (another network with NETNS_PREFIX=$NETNS_PREFIX,
       or one left over: ip netns pids $ns; ip netns del $ns); move this one with PORT_OFFSET or NETNS_PREFIX"
  done
}

# netns_inode NAME: the inode of /run/netns/NAME (empty if none), which
# tells the namespace "up" made apart from a later one of the same name
netns_inode() { stat -L -c %i "$NETNS_RUN_DIR/$1" 2> /dev/null || true; }

# netns_add NAME: a new namespace, recorded in .state/ns/created
netns_add() {
  ip netns add "$1" || die "ip netns add $1 failed"
  echo "$1 $(netns_inode "$1")" >> "$NETNS_DIR/created"
  ip -n "$1" link set lo up
}

# netns_hosts: the hosts file of every namespace
netns_hosts() {
  {
    echo "127.0.0.1 localhost"
    echo "::1 localhost"
    echo "$NETNS_ORDERER_IP orderer.example.com orderer2.example.com orderer3.example.com orderer4.example.com"
    echo "$NETNS_ORG1_IP peer0.org1.example.com"
    echo "$NETNS_ORG2_IP peer0.org2.example.com"
    echo "$NETNS_CLIENT_IP client.example.com"
  } > "$NETNS_DIR/hosts"
}

# netns_up: the hub with its bridge and the four namespaces on it
netns_up() {
  netns_on || return 0
  netns_require
  echo 1 > "$STATE_DIR/netns"   # env.sh reads it for later commands
  mkdir -p "$NETNS_DIR"
  : > "$NETNS_DIR/created"
  netns_hosts
  local hub role ns
  hub="$(netns_name hub)"
  netns_add "$hub"
  ip -n "$hub" link add br0 type bridge || die "no bridge in $hub (kernel without bridge support?)"
  ip -n "$hub" link set br0 up
  for role in "${NETNS_ROLES[@]}"; do
    ns="$(netns_name "$role")"
    netns_add "$ns"
    ip -n "$hub" link add "v-$role" type veth peer name eth0 netns "$ns" || die "veth v-$role/eth0 ($hub, $ns) failed"
    ip -n "$hub" link set "v-$role" master br0 up
    ip -n "$ns" addr add "$(netns_ip "$role")/24" dev eth0
    ip -n "$ns" link set eth0 up
    step "namespace $ns: eth0 $(netns_ip "$role")/24, veth v-$role on $hub's br0"
  done
}

# netns_down: delete the namespaces "up" recorded (the veths and the
# bridge go with them), members first; any other namespace is left alone
netns_down() {
  local f="$NETNS_DIR/created" name inode i
  [ -s "$f" ] || return 0
  while read -r name inode; do
    [ -n "$name" ] || continue
    if [ ! -e "$NETNS_RUN_DIR/$name" ]; then continue; fi
    if [ "$(netns_inode "$name")" != "$inode" ]; then
      step "WARNING: namespace $name is not the one network.sh made (inode $(netns_inode "$name"), recorded $inode): left alone"
      continue
    fi
    for ((i = 0; i < 50; i++)); do [ -z "$(ip netns pids "$name" 2> /dev/null)" ] && break; sleep 0.1; done
    [ -z "$(ip netns pids "$name" 2> /dev/null)" ] ||
      step "WARNING: processes still in $name: $(ip netns pids "$name" | tr '\n' ' ')"
    ip netns del "$name" && step "deleted namespace $name"
  done < <(tac "$f")
  rm -f "$f"
}

# netns_wrap NAME: the command prefix that runs node NAME in its namespace
# with the network's hosts file (nothing without NETNS=1)
netns_wrap() {
  netns_on || return 0
  local role
  role="$(node_role "$1")"
  [ -n "$role" ] || die "NETNS=1: no namespace for process $1"
  # shellcheck disable=SC2016 # $0 and $@ belong to the inner sh
  printf '%s\n' "$(command -v ip)" netns exec "$(netns_name "$role")" \
    sh -c 'mount --bind "$0" /etc/hosts && exec "$@"' "$NETNS_DIR/hosts"
}

# node_port_open NAME PORT: process NAME listens on PORT (in its namespace)
node_port_open() {
  local role
  role="$(node_role "$1")"
  if netns_on && [ -n "$role" ]; then
    # shellcheck disable=SC2016 # $0 and $1 belong to the inner bash
    ip netns exec "$(netns_name "$role")" bash -c '(exec 3<>"/dev/tcp/$0/$1") 2> /dev/null' "$(netns_ip "$role")" "$2"
  else
    port_in_use "$2"
  fi
}

# netns_crypto_config FILE: FILE with each organisation's address added to
# its nodes' TLS SANs, into .state/ (FILE itself without NETNS)
netns_crypto_config() {
  if ! netns_on; then echo "$1"; return; fi
  local out
  out="$STATE_DIR/$(basename "$1")"
  awk -v o="$NETNS_ORDERER_IP" -v a="$NETNS_ORG1_IP" -v b="$NETNS_ORG2_IP" '
    /^ *- Name: Orderer/ { ip = o } /^ *- Name: Org1/ { ip = a } /^ *- Name: Org2/ { ip = b }
    { sub(/\[localhost, 127\.0\.0\.1\]/, "[localhost, 127.0.0.1, " ip "]"); print }
    /^ *- 127\.0\.0\.1$/ { line = $0; sub(/127\.0\.0\.1/, ip, line); print line }
  ' "$1" > "$out"
  echo "$out"
}
