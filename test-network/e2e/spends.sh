#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# One spend per transaction on the real network: a test
# chaincode (internal/spendtestcc, deployed here as "spendtestcc") calls
# bbs's SubmitProof twice in one transaction. The second call with the same
# nonce is refused as a replay, the transaction commits with the first
# call's Verification under its transaction ID; two calls with two nonces
# are both accepted and recorded under <txId> and <txId>/1; a direct
# SubmitProof of a nonce spent that way is a replay.
#
# Sourced by e2e.sh after the chaincode-as-a-service redeploy: bbs is then
# one chaincode server that both peers dial, each simulating the
# transaction on its own connection, and each endorsement must be the same.
# Run alone against a network where "network.sh deploy" ran (peer-launched
# or -ccaas):
#
#   PORT_OFFSET=200 test-network/e2e/spends.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-spends
  SPEND_RUN="$RUN_SUFFIX"
fi

section "One spend per transaction: a chaincode calling SubmitProof twice (spendtestcc)"
SPW="$W/spends"
mkdir -p "$SPW"
SPEND_CC=spendtestcc SISSUER="spend-issuer${SPEND_RUN:-}"
spend_gw() { CC_NAME="$SPEND_CC" gw "$@"; }
# spend_call FUNCTION REQUEST_FILE: one call of Call, [function, request].
spend_call() { jq -cn --arg f "$1" --rawfile r "$2" '[$f, ($r | rtrimstr("\n"))]'; }

if as 1 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$SPEND_CC" > /dev/null 2>&1; then
  pass "$SPEND_CC already deployed"
else
  t=$(now_ms)
  # deploy writes the package ID files of bbs; keep them.
  saved="$(cat "$STATE_DIR/packages/current-package-id" 2> /dev/null || true)"
  run env CC_SRC="${CC_SRC:-$REPO_ROOT}" CC_NAME="$SPEND_CC" CC_PKG=./internal/spendtestcc DEPLOY_POLL=false "$TN_DIR/network.sh" deploy
  [ -z "$saved" ] || echo "$saved" > "$STATE_DIR/packages/current-package-id"
  if [ "$RC" -eq 0 ]; then pass "deploy $SPEND_CC (peer-launched, both peers) in $(secs $(($(now_ms) - t)))"
  else fail "deploy $SPEND_CC" "$OUT
$ERR"; fi
fi

printf '%s\n' '["name=Spender", "country=BE"]' > "$SPW/msgs.json"
setup "bbs keygen ($SISSUER, bbs-bls12381-sha256)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$SPW/key.json"
printf '%s' "$OUT" | tr -d '\n' > "$SPW/pk"
setup "bbs sign ($SISSUER)" "$BBS" sign --key "$SPW/key.json" --messages "$SPW/msgs.json" --out "$SPW/cred.json"
for r in 1 2 3; do
  setup "bbs prove spend$r.json" "$BBS" prove --credential "$SPW/cred.json" --reveal 1 --issuer "$SISSUER" --nonce-random --out "$SPW/spend$r.json"
done
regdoc "$SPW/reg.json" "$SPW/key.json" "$SISSUER" 1 User1
ok "CLI RegisterIssuer $SISSUER on bbs" "" \
  as 1 User1 cc_invoke RegisterIssuer "@$SPW/reg.json"

ok "GW  Call: SubmitProof twice with one nonce in one transaction: the second is a replay, the transaction commits" \
  '. as $o | $o.status == "VALID" and ($o.result | length) == 2 and $o.result[0].status == 200 and ($o.result[0].payload | fromjson | .txId) == $o.txId
   and $o.result[1].status == 500 and ($o.result[1].message | test("replay")) and ($o.result[1].message | contains("by transaction " + $o.txId + ";"))' \
  spend_gw 1 User1 -json submit Call "$CC_NAME" "$(spend_call SubmitProof "$SPW/spend1.json")" "$(spend_call SubmitProof "$SPW/spend1.json")"
TX1="$(jq -r '.txId // ""' <<< "$OUT")"
ok "GW  GetVerification <txId>: the first call's record (its nonce)" \
  ".txId == \"$TX1\" and .nonce == $(jq .nonce "$SPW/spend1.json") and (has(\"recordId\") | not)" \
  gw 2 User1 evaluate GetVerification "$TX1"
rejected "CLI direct SubmitProof of that nonce: a replay of <txId>" "replay.*by transaction $TX1" \
  as 2 User1 cc_invoke SubmitProof "@$SPW/spend1.json"

ok "GW  Call: SubmitProof of two nonces in one transaction: both recorded, the second under <txId>/1" \
  '.status == "VALID" and .result[0].status == 200 and .result[1].status == 200
   and (.result[1].payload | fromjson | .recordId) == .txId + "/1"' \
  spend_gw 2 User1 -json submit Call "$CC_NAME" "$(spend_call SubmitProof "$SPW/spend2.json")" "$(spend_call SubmitProof "$SPW/spend3.json")"
TX2="$(jq -r '.txId // ""' <<< "$OUT")"
ok "GW  GetVerification <txId>/1: the second call's record" \
  ".txId == \"$TX2\" and .recordId == \"$TX2/1\" and .nonce == $(jq .nonce "$SPW/spend3.json")" \
  gw 1 User1 evaluate GetVerification "$TX2/1"
ok "GW  GetVerification <txId>: the first call's record" \
  ".txId == \"$TX2\" and .nonce == $(jq .nonce "$SPW/spend2.json")" \
  gw 1 User1 evaluate GetVerification "$TX2"
