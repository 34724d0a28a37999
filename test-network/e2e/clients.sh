# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The client sample applications (examples/client/go and examples/client/node)
# on the real network, sourced by e2e.sh once the network is up and
# the bbs CLI built. Each sample, as Org1 User1 through peer0.org1 with TLS:
# registers a fresh issuer from a registration file, evaluates VerifyProof and
# submits SubmitProof of a fresh request made by bbs prove, reads the
# ProofVerified event from the checkpointed start block and GetVerification,
# and shows the replay refused; each run is checked by its exit code and its
# output, and its record is read back on peer0.org2 with bbs-gateway. A rerun
# of the same request ends in the replay refusal (exit 1); a run with a new
# request resumes the event stream from the file checkpoint of the first.
# The Node.js sample's packages come from its package-lock.json (npm ci,
# scripts/install-client-node.sh); without node and npm that part is skipped.
#
# Uses e2e.sh's helpers and variables: section, pass, fail, run, setup, gw,
# userMSP, prove, BBS, W, NSUB, CHANNEL_NAME, PEER1_ADDRESS, PEER1_TLS_CA,
# bind_user1. Run alone on a deployed network (network.sh up && network.sh
# deploy), it makes them itself and uses new issuer IDs each run:
#
#   PORT_OFFSET=... test-network/e2e/clients.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-clients
  CLIENT_RUN="$RUN_SUFFIX"
  NSUB=0
  printf '%s\n' '["name=Alice Example", "birthdate=1990-01-01", "country=BE", "membership=gold"]' > "$W/msgs.json"
  prove() { # DEST CRED ISSUER [prove flags...]
    local dest="$1" cred="$2" issuer="$3"
    shift 3
    setup "bbs prove $(basename "$dest")" "$BBS" prove --credential "$cred" --reveal 0,2 --issuer "$issuer" --out "$dest" "$@"
  }
  bind_user1=(--bind-submitter "$(ls "$(userMSP 1 User1)"/signcerts/*.pem)" --msp Org1MSP --channel "$CHANNEL_NAME")
fi

section "Client samples: examples/client/go and examples/client/node, each folder copied out of the repository (Org1 User1, Fabric Gateway)"
# Each sample runs from a copy of its folder alone, outside the repository,
# as a user who copies it does: the Go module resolves its pinned
# dependencies from the module cache or proxy (go.sum), the Node.js one
# installs them with npm ci from its package-lock.json.
CLIENT_DIR="$(mktemp -d "${TMPDIR:-/tmp}/bbs-client-samples.XXXXXX")"
tar -C "$TN_DIR/../examples/client" --exclude=node_modules -cf - go node | tar -C "$CLIENT_DIR" -xf -
if grep -rqE 'replace |fabric-bbs/fabric-bbs/(internal|contract)' "$CLIENT_DIR/go/go.mod" "$CLIENT_DIR/go"/*.go 2> /dev/null; then
  fail "the Go sample depends on nothing of the repository" "$(grep -rnE 'replace |fabric-bbs/fabric-bbs/(internal|contract)' "$CLIENT_DIR/go")"
else pass "the Go sample's copy ($CLIENT_DIR/go) has no replace and imports nothing of the repository"; fi
CLIENT_GO_ISSUER="client-go-issuer${CLIENT_RUN:-}" CLIENT_NODE_ISSUER="client-node-issuer${CLIENT_RUN:-}"
for s in go node; do
  if [ "$s" = go ]; then id="$CLIENT_GO_ISSUER"; else id="$CLIENT_NODE_ISSUER"; fi
  setup "bbs keygen ($id)" "$BBS" keygen --out "$W/key-client-$s.json"
  setup "bbs sign ($id)" "$BBS" sign --key "$W/key-client-$s.json" --messages "$W/msgs.json" --out "$W/cred-client-$s.json"
  # RegisterIssuer's arguments, given to the samples as a file they submit as
  # is: the registration document of bbs register-request where the CLI has
  # it (regdoc, e2e/lib.sh), else the JSON array of RegisterIssuer's arguments.
  if declare -F regdoc > /dev/null; then
    regdoc "$W/reg-client-$s.json" "$W/key-client-$s.json" "$id" 1 User1 4
  else
    jq -c --arg id "$id" '[$id, .scheme, .publicKey, "registered by the client sample"]' \
      "$W/key-client-$s.json" > "$W/reg-client-$s.json"
  fi
done
prove "$W/req-client-go.json" "$W/cred-client-go.json" "$CLIENT_GO_ISSUER" --nonce-random
prove "$W/req-client-go2.json" "$W/cred-client-go.json" "$CLIENT_GO_ISSUER" --nonce-random
prove "$W/req-client-node.json" "$W/cred-client-node.json" "$CLIENT_NODE_ISSUER" "${bind_user1[@]}"
ORG1_USER1="$(userMSP 1 User1)"
CLIENT_ENV=(PEER_ENDPOINT="$PEER1_ADDRESS" TLS_CA_CERT="$PEER1_TLS_CA" CERT_PATH="$ORG1_USER1/signcerts"
  KEY_PATH="$ORG1_USER1/keystore" MSP_ID=Org1MSP CHANNEL_NAME="$CHANNEL_NAME" CHAINCODE_NAME="${CC_NAME:-bbs}")

# client_ok NAME ISSUER BOUND CMD...: passes if the sample's run exits 0 and
# prints every step in order, for ISSUER, with the record's bound flag BOUND;
# CLIENT_TX is then the SubmitProof transaction ID it printed.
client_ok() {
  local name="$1" issuer="$2" bound="$3"
  shift 3
  CLIENT_TX=""
  run "$@"
  if [ "$RC" -ne 0 ]; then fail "$name" "exit $RC: $OUT
$ERR"; return 0; fi
  local tx block
  tx="$(sed -n 's/^SubmitProof: committed VALID in block [0-9]*, transaction \([0-9a-f]*\), receipt .*/\1/p' <<< "$OUT")"
  block="$(sed -n 's/^SubmitProof: committed VALID in block \([0-9]*\), .*/\1/p' <<< "$OUT")"
  local want=(
    "^connected: Org1MSP to $PEER1_ADDRESS, channel $CHANNEL_NAME, chaincode "
    "^RegisterIssuer: (committed in block [0-9]+|already registered)"
    "^VerifyProof: valid, issuer $issuer key version 1, nonce consumed false, disclosed \["
    "^SubmitProof: committed VALID in block $block, transaction $tx, receipt \{\"txId\":\"$tx\""
    "^ProofVerified event: block $block, transaction $tx, payload \{\"txId\":\"$tx\""
    "^GetVerification: transaction $tx, issuer $issuer key version 1, 4 messages, submitter Org1MSP, bound $bound$"
    "^replay: refused as expected \(BBS_REPLAY\): .*BBS_REPLAY: replay: the nonce was already used"
    "^done$"
  )
  if [ -z "$tx" ]; then fail "$name" "no SubmitProof transaction in the output:
$OUT"; return 0; fi
  local re rest="$OUT"
  for re in "${want[@]}"; do
    # Each line after the one before it.
    local at
    at="$(grep -nE -m1 -- "$re" <<< "$rest" | cut -d: -f1)" || at=""
    if [ -z "$at" ]; then fail "$name" "no line /$re/ (in order) in:
$OUT"; return 0; fi
    rest="$(tail -n +"$((at + 1))" <<< "$rest")"
  done
  CLIENT_TX="$tx"
  pass "$name"
}

# ---- Go
CLIENT_GO="$W/bbs-client-go"
setup "build the Go client sample's copy (examples/client/go)" bash -c \
  "cd '$CLIENT_DIR/go' && GOWORK=off GOFLAGS='-mod=readonly -buildvcs=false' go build -trimpath -o '$CLIENT_GO' . && GOWORK=off GOFLAGS=-mod=readonly go test -count=1 ./..."
pass "the Go sample's copy builds and passes its unit tests outside the repository"
run env "${CLIENT_ENV[@]}" "$CLIENT_GO"
if [ "$RC" -eq 2 ] && grep -q -- "-request is required" <<< "$ERR"; then pass "Go   sample without -request: exit 2 and says so"
else fail "Go   sample without -request: exit 2 and says so" "exit $RC: $ERR"; fi
client_ok "Go   sample: RegisterIssuer, VerifyProof, SubmitProof, ProofVerified, GetVerification, replay refused" \
  "$CLIENT_GO_ISSUER" false env "${CLIENT_ENV[@]}" "$CLIENT_GO" -registration "$W/reg-client-go.json" \
  -request "$W/req-client-go.json" -checkpoint "$W/client-go.checkpoint"
TX_CLIENT_GO="$CLIENT_TX"
ok "GW  GetVerification of the Go sample's transaction on peer0.org2" \
  ".txId == \"${TX_CLIENT_GO:-missing}\" and .issuer == \"$CLIENT_GO_ISSUER\" and .submitterMspId == \"Org1MSP\"" \
  gw 2 User1 evaluate GetVerification "${TX_CLIENT_GO:-missing}"
if [ -n "$TX_CLIENT_GO" ]; then NSUB=$((NSUB + 1)); fi
run env "${CLIENT_ENV[@]}" "$CLIENT_GO" -registration "$W/reg-client-go.json" -request "$W/req-client-go.json"
if [ "$RC" -eq 1 ] && grep -q "^RegisterIssuer: already registered" <<< "$OUT" \
  && grep -q "^VerifyProof: valid, .*nonce consumed true" <<< "$OUT" && grep -q "SubmitProof: .*BBS_REPLAY: replay: .*(BBS_REPLAY)" <<< "$ERR"; then
  pass "Go   sample rerun: exit 1, 'already registered' branched on, the replay named"
else fail "Go   sample rerun: exit 1, 'already registered' branched on, the replay named" "exit $RC: $OUT
$ERR"; fi
client_ok "Go   sample with a new request, events resumed from the first run's checkpoint file" \
  "$CLIENT_GO_ISSUER" false env "${CLIENT_ENV[@]}" "$CLIENT_GO" -registration "$W/reg-client-go.json" -request "$W/req-client-go2.json" -checkpoint "$W/client-go.checkpoint"
if [ -n "$CLIENT_TX" ]; then NSUB=$((NSUB + 1)); fi
if [ -n "$CLIENT_TX" ] && jq -e --arg tx "$CLIENT_TX" '.transactionId == $tx' "$W/client-go.checkpoint" > /dev/null 2>&1; then
  pass "Go   sample's checkpoint file names the last event read ($(jq -c . "$W/client-go.checkpoint"))"
else fail "Go   sample's checkpoint file names the last event read" "$(cat "$W/client-go.checkpoint" 2> /dev/null)"; fi

# ---- Node.js
if command -v node > /dev/null && command -v npm > /dev/null; then
  setup "npm ci of the Node.js client sample's copy (package-lock.json)" "$TN_DIR/scripts/install-client-node.sh" "$CLIENT_DIR/node"
  pass "Node.js sample's packages installed from the lockfile: $(tail -n 1 <<< "$OUT" | sed 's/^ *//')"
  run bash -c "cd '$CLIENT_DIR/node' && node --test app.test.js"
  if [ "$RC" -eq 0 ]; then pass "Node.js sample's unit tests (node --test): $(grep -E '^# (pass|fail)' <<< "$OUT" | tr '\n' ' ')"
  else fail "Node.js sample's unit tests (node --test)" "$OUT
$ERR"; fi
  client_ok "Node sample: RegisterIssuer, VerifyProof, SubmitProof (nonce bound to User1), ProofVerified, GetVerification, replay refused" \
    "$CLIENT_NODE_ISSUER" true env "${CLIENT_ENV[@]}" REGISTRATION="$W/reg-client-node.json" \
    REQUEST="$W/req-client-node.json" CHECKPOINT="$W/client-node.checkpoint" node "$CLIENT_DIR/node/app.js"
  TX_CLIENT_NODE="$CLIENT_TX"
  ok "GW  GetVerification of the Node sample's transaction on peer0.org2: bound to the submitter" \
    ".txId == \"${TX_CLIENT_NODE:-missing}\" and .issuer == \"$CLIENT_NODE_ISSUER\" and .boundToSubmitter == true" \
    gw 2 User1 evaluate GetVerification "${TX_CLIENT_NODE:-missing}"
  if [ -n "$TX_CLIENT_NODE" ]; then NSUB=$((NSUB + 1)); fi
  run env "${CLIENT_ENV[@]}" REGISTRATION="$W/reg-client-node.json" REQUEST="$W/req-client-node.json" node "$CLIENT_DIR/node/app.js"
  if [ "$RC" -eq 1 ] && grep -q "^RegisterIssuer: already registered" <<< "$OUT" \
  && grep -q "^VerifyProof: valid, .*nonce consumed true" <<< "$OUT" && grep -q "SubmitProof: .*BBS_REPLAY: replay: .*(BBS_REPLAY)" <<< "$ERR"; then
    pass "Node sample rerun: exit 1, 'already registered' branched on, the replay named"
  else fail "Node sample rerun: exit 1, 'already registered' branched on, the replay named" "exit $RC: $OUT
$ERR"; fi
else
  printf '  SKIP  the Node.js client sample: node and npm are not on PATH\n'
fi
rm -rf "$CLIENT_DIR"
