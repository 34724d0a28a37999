# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Environment of the local test network, for scripts and for people.
#
#   source test-network/env.sh
#   setOrg 1            # Org1 Admin  (peer0.org1 at 127.0.0.1:7051)
#   setOrg 2 User1      # User1@org2.example.com
#   peer chaincode query -C mychannel -n bbs -c '{"Args":["ListIssuers","10",""]}'
#
# Sourcing changes no shell option. Every port can be moved by exporting the
# variable before sourcing (e.g. PEER1_PORT=17051), or all of them with
# PORT_OFFSET (e.g. PORT_OFFSET=200: peer0.org1 at 7251).

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# go (and the peers' external builder) need HOME; CI may run without it.
[ -n "${HOME:-}" ] || { HOME="$(cd ~ && pwd)"; export HOME; }
export TN_DIR
export REPO_ROOT="${REPO_ROOT:-$(cd "$TN_DIR/.." && pwd)}"
export FABRIC_BIN_DIR="$TN_DIR/.bin"   # peer, orderer, configtxgen, cryptogen, osnadmin, bbs-gateway
export FABRIC_TOOLS_DIR="$TN_DIR/tools" # the Go module pinning Fabric (build-bins.sh, sampleconfig)
# ---- Fabric version (begin) -------------------------------------------------
# FABRIC_VERSION=2.5 (default): one Raft orderer, binaries in .bin/ (tools/go.mod).
# FABRIC_VERSION=3.1: four BFT orderers (scripts/bft.sh), binaries in .bin-v3.1/
# (tools-v3/go.mod). Unset, it is the version of the running network (.state/).
export FABRIC_VERSION="${FABRIC_VERSION:-$(cat "$TN_DIR/.state/fabric-version" 2>/dev/null || echo 2.5)}"
case "$FABRIC_VERSION" in
  2.5) ;;
  3.1) FABRIC_BIN_DIR="$TN_DIR/.bin-v3.1" FABRIC_TOOLS_DIR="$TN_DIR/tools-v3"
       # v3.1's CLI logs every gRPC connection event at INFO; keep its own INFO lines
       export FABRIC_LOGGING_SPEC="${FABRIC_LOGGING_SPEC:-grpc=warning:info}" ;;
  *) echo "env.sh: FABRIC_VERSION=$FABRIC_VERSION is not supported (2.5 or 3.1)" >&2; return 1 ;;
esac
# ---- Fabric version (end) ---------------------------------------------------
export STATE_DIR="$TN_DIR/.state"      # everything generated; removed by "network.sh down"
export LOG_DIR="$STATE_DIR/logs"       # one log per node / chaincode process
export PID_DIR="$STATE_DIR/pids"       # one pid file per process started by network.sh
export ORG_DIR="$STATE_DIR/organizations"

case ":$PATH:" in
  *":$FABRIC_BIN_DIR:"*) ;;
  *) export PATH="$FABRIC_BIN_DIR:$PATH" ;;
esac

export CHANNEL_NAME="${CHANNEL_NAME:-mychannel}"
export CC_NAME="${CC_NAME:-bbs}"
export POLL_CC_NAME="${POLL_CC_NAME:-poll}"   # the example chaincode that calls bbs (examples/poll)

# Loopback ports, one per listener. PORT_OFFSET (default 0) moves every
# default port at once, so two networks can run side by side on one machine.
_port_offset="${PORT_OFFSET:-0}"
# A PORT_OFFSET that is not a number would silently count as 0 in $((...))
# and put this network on the default ports, beside another one.
case "$_port_offset" in
  '' | *[!0-9]*)
    echo "env.sh: PORT_OFFSET=$PORT_OFFSET is not a non-negative integer" >&2
    return 2 2> /dev/null || exit 2 ;;
esac
export ORDERER_PORT="${ORDERER_PORT:-$((7050 + _port_offset))}"           # orderer gRPC (broadcast/deliver + raft cluster)
export ORDERER_ADMIN_PORT="${ORDERER_ADMIN_PORT:-$((7053 + _port_offset))}" # osnadmin channel participation API
export ORDERER_OPS_PORT="${ORDERER_OPS_PORT:-$((9443 + _port_offset))}"   # orderer /healthz
export PEER1_PORT="${PEER1_PORT:-$((7051 + _port_offset))}"               # peer0.org1 gRPC (endorser, gateway, gossip)
export PEER1_CC_PORT="${PEER1_CC_PORT:-$((7052 + _port_offset))}"         # peer0.org1 chaincode listener
export PEER1_OPS_PORT="${PEER1_OPS_PORT:-$((9444 + _port_offset))}"       # peer0.org1 /healthz
export PEER2_PORT="${PEER2_PORT:-$((9051 + _port_offset))}"               # peer0.org2 gRPC
export PEER2_CC_PORT="${PEER2_CC_PORT:-$((9052 + _port_offset))}"         # peer0.org2 chaincode listener
export PEER2_OPS_PORT="${PEER2_OPS_PORT:-$((9445 + _port_offset))}"       # peer0.org2 /healthz
export CCAAS_PORT="${CCAAS_PORT:-$((9999 + _port_offset))}"               # chaincode-as-a-service (deploy -ccaas)
export POLL_CCAAS_PORT="${POLL_CCAAS_PORT:-$((9998 + _port_offset))}"     # the poll example's chaincode server (deploy -ccaas)
export COUCHDB1_PORT="${COUCHDB1_PORT:-$((5984 + _port_offset))}"         # peer0.org1's state database (STATE_DB=couchdb)
export COUCHDB2_PORT="${COUCHDB2_PORT:-$((7984 + _port_offset))}"         # peer0.org2's state database (STATE_DB=couchdb)
# Orderers 2-4 of the BFT network (FABRIC_VERSION=3.1); orderer 1 is ORDERER_*.
export ORDERER2_PORT="${ORDERER2_PORT:-$((8050 + _port_offset))}" ORDERER2_ADMIN_PORT="${ORDERER2_ADMIN_PORT:-$((8053 + _port_offset))}" ORDERER2_OPS_PORT="${ORDERER2_OPS_PORT:-$((9446 + _port_offset))}"
export ORDERER3_PORT="${ORDERER3_PORT:-$((10050 + _port_offset))}" ORDERER3_ADMIN_PORT="${ORDERER3_ADMIN_PORT:-$((10053 + _port_offset))}" ORDERER3_OPS_PORT="${ORDERER3_OPS_PORT:-$((9447 + _port_offset))}"
export ORDERER4_PORT="${ORDERER4_PORT:-$((11050 + _port_offset))}" ORDERER4_ADMIN_PORT="${ORDERER4_ADMIN_PORT:-$((11053 + _port_offset))}" ORDERER4_OPS_PORT="${ORDERER4_OPS_PORT:-$((9448 + _port_offset))}"

# TOXIPROXY=1 (scripts/toxiproxy.sh): the Toxiproxy server's API and the
# proxies on 127.0.0.1 (the others listen on 127.0.x.y, on the orderers' ports).
export TOXIPROXY="${TOXIPROXY:-$(cat "$TN_DIR/.state/toxiproxy" 2>/dev/null || echo 0)}"
case "$TOXIPROXY" in 0|1) ;; *) echo "env.sh: TOXIPROXY=$TOXIPROXY: 0 or 1" >&2; return 2 2> /dev/null || exit 2 ;; esac
export TOXIPROXY_PORT="${TOXIPROXY_PORT:-$((8474 + _port_offset))}"           # Toxiproxy's HTTP API
export TP_CLIENT_PEER1_PORT="${TP_CLIENT_PEER1_PORT:-$((6051 + _port_offset))}" TP_CLIENT_PEER2_PORT="${TP_CLIENT_PEER2_PORT:-$((6052 + _port_offset))}" # clients -> peers
export TP_GOSSIP_PEER1_PORT="${TP_GOSSIP_PEER1_PORT:-$((6061 + _port_offset))}" TP_GOSSIP_PEER2_PORT="${TP_GOSSIP_PEER2_PORT:-$((6062 + _port_offset))}" # peer -> peer
export TP_CC_PEER1_PORT="${TP_CC_PEER1_PORT:-$((6071 + _port_offset))}" TP_CC_PEER2_PORT="${TP_CC_PEER2_PORT:-$((6072 + _port_offset))}"             # chaincode -> peer

# NETNS=1 (scripts/netns.sh): the orderer organisation, Org1, Org2 and the
# clients each in a network namespace of their own (names from NETNS_PREFIX,
# addresses in the /24 NETNS_NET), the nodes named by their TLS host names.
export NETNS="${NETNS:-$(cat "$TN_DIR/.state/netns" 2>/dev/null || echo 0)}"
case "$NETNS" in 0|1) ;; *) echo "env.sh: NETNS=$NETNS: 0 or 1" >&2; return 2 2> /dev/null || exit 2 ;; esac
export NETNS_PREFIX="${NETNS_PREFIX:-fbbs$_port_offset}"
export NETNS_NET="${NETNS_NET:-10.200.0}"
export NETNS_ORDERER_IP="$NETNS_NET.10" NETNS_ORG1_IP="$NETNS_NET.11" NETNS_ORG2_IP="$NETNS_NET.12" NETNS_CLIENT_IP="$NETNS_NET.100"

unset _port_offset

# The peers' state database: goleveldb (inside the peer) or couchdb
# (pouchdb-server, one per peer, scripts/install-couchdb.sh).
export STATE_DB="${STATE_DB:-goleveldb}"

# The peer CLI reads core.yaml from here (a copy of Fabric's sampleconfig).
export FABRIC_CFG_PATH="$STATE_DIR/config"

export ORDERER_HOST=127.0.0.1 PEER1_HOST=127.0.0.1 PEER2_HOST=127.0.0.1   # where the clients dial them
if [ "$NETNS" = 1 ]; then
  ORDERER_HOST=orderer.example.com PEER1_HOST=peer0.org1.example.com PEER2_HOST=peer0.org2.example.com
fi
export ORDERER_ADDRESS="$ORDERER_HOST:$ORDERER_PORT"
export ORDERER_CA="$ORG_DIR/ordererOrganizations/example.com/tlsca/tlsca.example.com-cert.pem"
export PEER1_ADDRESS="$PEER1_HOST:$PEER1_PORT"
export PEER2_ADDRESS="$PEER2_HOST:$PEER2_PORT"
if [ "$TOXIPROXY" = 1 ]; then   # the clients' way to the peers is through their proxies
  PEER1_ADDRESS="127.0.0.1:$TP_CLIENT_PEER1_PORT" PEER2_ADDRESS="127.0.0.1:$TP_CLIENT_PEER2_PORT"
fi
export PEER1_TLS_CA="$ORG_DIR/peerOrganizations/org1.example.com/tlsca/tlsca.org1.example.com-cert.pem"
export PEER2_TLS_CA="$ORG_DIR/peerOrganizations/org2.example.com/tlsca/tlsca.org2.example.com-cert.pem"

# orderer_client_host N: where the clients dial orderer N (1-4)
orderer_client_host() {
  if [ "$NETNS" != 1 ]; then echo 127.0.0.1
  elif [ "$1" = 1 ]; then echo orderer.example.com
  else echo "orderer$1.example.com"; fi
}

# tn_client COMMAND ARGS...: COMMAND where the network's clients run: here,
# or with NETNS=1 in the client namespace (NETNS_PREFIX-client, root only)
# with the network's hosts file as /etc/hosts. With NETNS=1 the peer CLI and
# osnadmin run through it, e.g. also the operations ports:
#   tn_client curl -s "http://$PEER1_HOST:$PEER1_OPS_PORT/healthz"
tn_client() {
  if [ "$NETNS" != 1 ]; then "$@"; return; fi
  # shellcheck disable=SC2016 # $0 and $@ belong to the inner sh
  ip netns exec "$NETNS_PREFIX-client" sh -c 'mount --bind "$0" /etc/hosts && exec "$@"' "$STATE_DIR/ns/hosts" "$@"
}
if [ "$NETNS" = 1 ]; then
  peer() { tn_client "$FABRIC_BIN_DIR/peer" "$@"; }
  osnadmin() { tn_client "$FABRIC_BIN_DIR/osnadmin" "$@"; }
fi

# Directory of an identity's MSP: userMSP 1 User2 -> .../users/User2@org1.example.com/msp
userMSP() {
  echo "$ORG_DIR/peerOrganizations/org$1.example.com/users/${2:-Admin}@org$1.example.com/msp"
}

# setOrg 1|2 [Admin|User1|User2]: point the peer CLI at that org's peer as that identity.
setOrg() {
  local org="${1:?usage: setOrg 1|2 [Admin|User1|User2]}" user="${2:-Admin}"
  case "$org" in
    1) export CORE_PEER_ADDRESS="$PEER1_ADDRESS" CORE_PEER_TLS_ROOTCERT_FILE="$PEER1_TLS_CA" ;;
    2) export CORE_PEER_ADDRESS="$PEER2_ADDRESS" CORE_PEER_TLS_ROOTCERT_FILE="$PEER2_TLS_CA" ;;
    *) echo "setOrg: unknown org '$org' (use 1 or 2)" >&2; return 1 ;;
  esac
  export CORE_PEER_TLS_ENABLED=true
  export CORE_PEER_LOCALMSPID="Org${org}MSP"
  export CORE_PEER_MSPCONFIGPATH
  CORE_PEER_MSPCONFIGPATH="$(userMSP "$org" "$user")"
  if [ ! -d "$CORE_PEER_MSPCONFIGPATH" ]; then
    echo "setOrg: no identity $user in Org$org ($CORE_PEER_MSPCONFIGPATH); is the network up?" >&2
    return 1
  fi
}

# shellcheck disable=SC2034 # arrays for the scripts that source this file
# Arguments that make an invoke/commit reach both peers (endorsement from both
# orgs, as the chaincode policy AND('Org1MSP.peer','Org2MSP.peer') requires).
BOTH_PEERS=(--peerAddresses "$PEER1_ADDRESS" --tlsRootCertFiles "$PEER1_TLS_CA"
            --peerAddresses "$PEER2_ADDRESS" --tlsRootCertFiles "$PEER2_TLS_CA")
# Arguments for talking to the orderer.
# shellcheck disable=SC2034
ORDERER_ARGS=(-o "$ORDERER_ADDRESS" --tls --cafile "$ORDERER_CA")
