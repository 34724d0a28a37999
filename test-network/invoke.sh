#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyable helpers for calling the bbs chaincode on the local network, with the
# peer CLI or with the Gateway client (test-network/.bin/bbs-gateway).
#
# As a command:
#   ./invoke.sh [-o 1|2] [-u Admin|User1|User2] query  TX [ARG...]   # peer chaincode query
#   ./invoke.sh [-o 1|2] [-u ...]               invoke TX [ARG...]   # peer chaincode invoke --waitForEvent
#                                                                    # (endorsed by both peers; -e 1|2: by one)
#   ./invoke.sh [-o 1|2] [-u ...]               gw evaluate|submit|flow|events ...
#   An argument "@FILE" stands for the contents of FILE (e.g. @request.json).
#   Defaults: -o 1 -u User1.
#
# Sourced (source test-network/invoke.sh), it defines the same helpers for
# your shell, for the identity chosen with setOrg:
#   setOrg 1 User1
#   cc_query GetIssuer issuer1
#   cc_invoke SubmitProof @request.json
#   gw 1 User1 evaluate VerifyProof @request.json
#
# What they run, spelled out (after: source env.sh; setOrg 1 User1):
#   peer chaincode query -C mychannel -n bbs -c '{"Args":["GetIssuer","issuer1"]}'
#   peer chaincode invoke -o 127.0.0.1:7050 --tls --cafile "$ORDERER_CA" -C mychannel -n bbs \
#     --peerAddresses 127.0.0.1:7051 --tlsRootCertFiles "$PEER1_TLS_CA" \
#     --peerAddresses 127.0.0.1:9051 --tlsRootCertFiles "$PEER2_TLS_CA" --waitForEvent \
#     -c '{"Args":["RegisterIssuer","<registration document of bbs register-request>"]}'

# shellcheck source=env.sh
. "$(dirname "${BASH_SOURCE[0]}")/env.sh"

# cc_args TX [ARG...]: the peer CLI's -c JSON, {"Args":[TX, ARG...]}, with
# "@FILE" arguments replaced by the file contents; jq does the JSON quoting.
cc_args() {
  local a out=()
  for a in "$@"; do
    if [[ "$a" == @?* ]]; then out+=("$(cat "${a#@}")"); else out+=("$a"); fi
  done
  jq -cn '{Args: $ARGS.positional}' --args -- "${out[@]}"
}

# cc_query TX [ARG...]: evaluate on the peer chosen with setOrg; prints the result.
cc_query() {
  peer chaincode query -C "$CHANNEL_NAME" -n "$CC_NAME" -c "$(cc_args "$@")"
}

# cc_invoke TX [ARG...]: endorse on both peers (the network's chaincode
# policy is AND('Org1MSP.peer','Org2MSP.peer')), order, and wait for the
# commit. Prints the CLI's output: "txid [...] committed with status (VALID)"
# and "Chaincode invoke successful. result: status:200 payload:...".
cc_invoke() { cc_invoke_on both "$@"; }

# cc_invoke_on 1|2|both TX [ARG...]: as cc_invoke, endorsed by peer0.org1,
# peer0.org2 or both. A transaction whose endorsements do not satisfy the
# policies is still ordered, and committed invalid: the CLI then prints
# "committed with status (ENDORSEMENT_POLICY_FAILURE)" and fails.
cc_invoke_on() {
  local peers=()
  case "$1" in
    1) peers=(--peerAddresses "$PEER1_ADDRESS" --tlsRootCertFiles "$PEER1_TLS_CA") ;;
    2) peers=(--peerAddresses "$PEER2_ADDRESS" --tlsRootCertFiles "$PEER2_TLS_CA") ;;
    both) peers=("${BOTH_PEERS[@]}") ;;
    *) echo "cc_invoke_on: endorsing peer '$1' is not 1, 2 or both" >&2; return 2 ;;
  esac
  shift
  peer chaincode invoke "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$CC_NAME" \
    "${peers[@]}" --waitForEvent -c "$(cc_args "$@")" 2>&1
}

# cc_txid: the transaction ID in cc_invoke's output (on standard input).
cc_txid() {
  sed -n 's/.*txid \[\([0-9a-f]*\)\] committed with status (VALID).*/\1/p' | head -n 1
}

# gw ORG USER COMMAND ...: the Gateway client as that identity, through that org's peer.
gw() {
  local org="$1" user="$2"
  shift 2
  local peer_addr tls_ca
  case "$org" in
    1) peer_addr="$PEER1_ADDRESS" tls_ca="$PEER1_TLS_CA" ;;
    2) peer_addr="$PEER2_ADDRESS" tls_ca="$PEER2_TLS_CA" ;;
    *) echo "gw: unknown org '$org'" >&2; return 2 ;;
  esac
  tn_client "$FABRIC_BIN_DIR/bbs-gateway" -peer "$peer_addr" -tls-ca "$tls_ca" -msp "Org${org}MSP" \
    -user "$(userMSP "$org" "$user")" -channel "$CHANNEL_NAME" -chaincode "$CC_NAME" "$@"
}

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  org=1 user=User1 endorse=both
  while getopts "o:u:e:h" opt; do
    case "$opt" in
      o) org="$OPTARG" ;;
      u) user="$OPTARG" ;;
      e) endorse="$OPTARG" ;;
      *) sed -n '2,/^$/p' "$0" | sed '/SPDX-License-Identifier/d; s/^# \{0,1\}//'; exit 2 ;;
    esac
  done
  shift $((OPTIND - 1))
  [ $# -ge 1 ] || { sed -n '2,/^$/p' "$0" | sed '/SPDX-License-Identifier/d; s/^# \{0,1\}//'; exit 2; }
  cmd="$1"
  shift
  case "$cmd" in
    query) setOrg "$org" "$user"; cc_query "$@" ;;
    invoke) setOrg "$org" "$user"; cc_invoke_on "$endorse" "$@" ;;
    gw) gw "$org" "$user" "$@" ;;
    *) echo "unknown command '$cmd' (query, invoke, gw)" >&2; exit 2 ;;
  esac
fi
