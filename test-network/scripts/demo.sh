#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# The demo flow on a running network with the bbs chaincode deployed
# (./network.sh up && ./network.sh deploy, or: make demo):
#
#   1. an issuer makes a BBS key pair and signs a credential      (bbs CLI)
#   2. the issuer registers its public key on the ledger          (peer CLI, Org1 User1)
#   3. the holder derives a proof revealing messages 0 and 2,
#      its nonce bound to the identity that will submit it        (bbs CLI)
#   4. VerifyProof, evaluated without writing                     (peer CLI, Org2 User1)
#   5. SubmitProof through the Fabric Gateway, waiting for the
#      commit and the ProofVerified event                         (bbs-gateway, Org1 User1)
#   6. the same proof again is rejected as a replay               (peer CLI)
#   7. the stored verification, read back                         (peer CLI)
#
# Each command is printed before it runs. Files go to .state/demo/.
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# shellcheck source=SCRIPTDIR/../invoke.sh
. "$TN_DIR/invoke.sh"
CC_SRC="${CC_SRC:-$REPO_ROOT}"
D="$STATE_DIR/demo"
mkdir -p "$D"
ISSUER="demo-issuer-$(date +%H%M%S)"

if [ -t 1 ]; then
  say() { printf '\n\033[1m%s\033[0m\n' "$*"; }
else
  say() { printf '\n%s\n' "$*"; }
fi
show() { printf '  $ %s\n' "$*"; }

say "0. Build the bbs CLI (from vendor/, no download) and the Gateway client"
show "go build -mod=vendor -o .state/demo/bbs ./cmd/bbs"
(cd "$CC_SRC" && GOFLAGS="-mod=vendor -buildvcs=false" GOPROXY=off go build -trimpath -o "$D/bbs" ./cmd/bbs)
"$TN_DIR/scripts/build-bins.sh" gateway | sed 's/^/  /'
BBS="$D/bbs"

say "1. Issuer: key pair and a credential over 4 messages"
show "bbs keygen --out issuer.json > issuer.pub"
"$BBS" keygen --out "$D/issuer.json" --force > "$D/issuer.pub"
SCHEME="$(jq -r .scheme "$D/issuer.json")"
echo "  public key ($SCHEME): $(cut -c1-48 "$D/issuer.pub")..."
echo '["name=Alice Example", "birthdate=1990-01-01", "country=BE", "membership=gold"]' > "$D/msgs.json"
show "bbs sign --key issuer.json --messages msgs.json --out credential.json"
"$BBS" sign --key "$D/issuer.json" --messages "$D/msgs.json" --out "$D/credential.json"

say "2. RegisterIssuer $ISSUER (peer CLI as Org1 User1), with the key's proof of possession for Org1 User1"
setOrg 1 User1
show "bbs register-request --key issuer.json --id $ISSUER --channel $CHANNEL_NAME --msp Org1MSP --cert <User1's certificate> --counts 4 --out registration.json"
"$BBS" register-request --key "$D/issuer.json" --id "$ISSUER" --channel "$CHANNEL_NAME" --msp Org1MSP \
  --cert "$(ls "$(userMSP 1 User1)"/signcerts/*.pem)" --counts 4 --description "demo issuer" --out "$D/registration.json" --force 2> /dev/null
show "peer chaincode invoke ... -c '{\"Args\":[\"RegisterIssuer\",\"<registration.json>\"]}' --waitForEvent"
cc_invoke RegisterIssuer "@$D/registration.json" | grep -E "committed|Error" | sed 's/^.*-> /  /'
show "peer chaincode query -c '{\"Args\":[\"GetIssuer\",\"$ISSUER\"]}'"
cc_query GetIssuer "$ISSUER" | jq -c '{id, scheme, currentVersion, owner: .owner.mspId}' | sed 's/^/  /'

say "3. Holder: proof revealing messages 0 and 2, nonce bound to Org1 User1"
CERT="$(ls "$(userMSP 1 User1)"/signcerts/*.pem)"
show "bbs prove --credential credential.json --reveal 0,2 --issuer $ISSUER --bind-submitter User1@org1-cert.pem --msp Org1MSP --channel $CHANNEL_NAME --out request.json"
"$BBS" prove --credential "$D/credential.json" --reveal 0,2 --issuer "$ISSUER" \
  --bind-submitter "$CERT" --msp Org1MSP --channel "$CHANNEL_NAME" --out "$D/request.json"
jq -c '{issuer, scheme, bindSubmitter, disclosed: [.disclosed[] | {index, message: (.message | @base64d)}]}' "$D/request.json" | sed 's/^/  /'

say "4. VerifyProof (evaluate: nothing is written; peer CLI as Org1 User1)"
show "peer chaincode query -c '{\"Args\":[\"VerifyProof\",\"<request.json>\"]}'"
cc_query VerifyProof "@$D/request.json" | jq -c '{valid, issuer, keyVersion, disclosed: [.disclosed[].message | @base64d]}' | sed 's/^/  /'
setOrg 1 User2
echo "  the same request evaluated as Org1 User2 (not the bound identity):"
cc_query VerifyProof "@$D/request.json" | jq -c '{valid, reason}' | sed 's/^/  /'

say "5. SubmitProof through the Fabric Gateway (Org1 User1), waiting for commit and the ProofVerified event"
show "bbs-gateway -peer $PEER1_ADDRESS ... flow -register=false -issuer $ISSUER -request request.json"
gw 1 User1 flow -register=false -issuer "$ISSUER" -request "$D/request.json" > "$D/flow.json"
jq -c '{txId: .submitProof.txId, block: .submitProof.block, latencyMs: .submitProof.latencyMs, event: .event.name, eventBlock: .event.block}' "$D/flow.json" | sed 's/^/  /'
TX="$(jq -r .submitProof.txId "$D/flow.json")"

say "6. The same proof again: rejected as a replay"
setOrg 1 User1
show "peer chaincode invoke ... -c '{\"Args\":[\"SubmitProof\",\"<request.json>\"]}'"
if replay_out="$(cc_invoke SubmitProof "@$D/request.json")"; then
  echo "  UNEXPECTED: the replay was accepted"; exit 1
fi
printf '%s\n' "$replay_out" | sed -n 's/.*message:"\(.*\)".*/\1/p' | sed 's/\\"/"/g' | head -n 1 | sed 's/^/  rejected: /'

say "7. GetVerification $TX (peer CLI as Org2 User1, on peer0.org2)"
setOrg 2 User1
show "peer chaincode query -c '{\"Args\":[\"GetVerification\",\"$TX\"]}'"
cc_query GetVerification "$TX" | jq -c '{issuer, keyVersion, boundToSubmitter, submitterMspId, disclosed: [.disclosed[].message | @base64d], timestamp}' | sed 's/^/  /'

say "Done. The network is still up:"
echo "  source test-network/env.sh; setOrg 1 User1; peer chaincode query -C $CHANNEL_NAME -n $CC_NAME -c '{\"Args\":[\"ListIssuers\",\"10\",\"\"]}'"
echo "  test-network/invoke.sh -o 2 -u User1 query GetIssuer $ISSUER"
echo "  make network-down"
