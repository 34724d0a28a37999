# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The BFT part of the end-to-end test (FABRIC_VERSION=3.1), sourced by e2e.sh
# with its helpers (ok, rejected, pass, fail, setup, gw, as, cc_invoke, W, BBS, SCHEME).
#
# Checks that the four orderers are active consenters of the channel at the
# same height, stops orderer4 and shows that transactions still commit (BFT
# tolerates f = 1 of 4: the Gateway broadcasts to every orderer and needs a
# quorum of 3; the peer CLI sends to orderer 1, which orders with the other
# two), then restarts orderer4 and waits until it has caught up.

# osn N ARGS...: osnadmin against orderer N's admin endpoint, as the orderer Admin
osn() {
  local n="$1" p=ORDERER o="$ORG_DIR/ordererOrganizations/example.com"
  shift
  [ "$n" = 1 ] || p="ORDERER$n"
  local admin="${p}_ADMIN_PORT"
  osnadmin "$@" -o "127.0.0.1:${!admin}" --ca-file "$ORDERER_CA" \
    --client-cert "$o/users/Admin@example.com/tls/client.crt" \
    --client-key "$o/users/Admin@example.com/tls/client.key"
}

# osn_channel N: orderer N's view of the channel, as JSON (osnadmin prints a status line first)
osn_channel() { osn "$1" channel list --channelID "$CHANNEL_NAME" 2> /dev/null | sed -n '/^{/,$p'; }

osn_height() { osn_channel "$1" | jq -r '.height // empty' 2> /dev/null; }

section "BFT ordering (Fabric v3.1): four orderers, one stopped and restarted"
for n in 1 2 3 4; do
  ok "osnadmin: orderer $n is an active consenter of $CHANNEL_NAME" \
    '.status == "active" and .consensusRelation == "consenter"' osn_channel "$n"
done
hs="$(for n in 1 2 3 4; do osn_height "$n"; done | sort -u | tr '\n' ' ')"
if [ "$(wc -w <<< "$hs")" = 1 ]; then pass "the four orderers are at the same height (${hs% })"
else fail "the four orderers are at the same height" "heights: $hs"; fi
if grep -q '\[orderer.consensus.smartbft' "$LOG_DIR/orderer.log" && ! grep -q '\[orderer.consensus.etcdraft' "$LOG_DIR/orderer.log"; then
  pass "orderer 1 runs SmartBFT (no etcdraft chain)"
else
  fail "the orderers run SmartBFT" "$(grep -m 3 -i 'consensus' "$LOG_DIR/orderer.log")"
fi

setup "bbs keygen BFT" "$BBS" keygen --out "$W/keyBFT.json"
printf '%s' "$OUT" | tr -d '\n' > "$W/pkBFT"
setup "bbs sign (issuer BFT)" "$BBS" sign --key "$W/keyBFT.json" --messages "$W/msgs.json" --out "$W/credBFT.json"
regdoc "$W/regBFT.json" "$W/keyBFT.json" bft-issuer 1 User1 4
for i in 1 2 3 4; do
  setup "bbs prove reqBFT$i" "$BBS" prove --credential "$W/credBFT.json" --reveal 0,2 --issuer bft-issuer \
    --nonce-random --out "$W/reqBFT$i.json"
done
ok "GW  RegisterIssuer bft-issuer with four orderers" '.status == "VALID"' \
  gw 1 User1 -json submit RegisterIssuer "@$W/regBFT.json"

run "$TN_DIR/network.sh" orderer-stop 4
if [ "$RC" -eq 0 ] && ! (exec 3<>"/dev/tcp/127.0.0.1/$ORDERER4_PORT") 2> /dev/null; then
  pass "orderer4 stopped (127.0.0.1:$ORDERER4_PORT closed)"
else
  fail "orderer4 stopped" "$OUT
$ERR"
fi
t=$(now_ms)
ok "GW  SubmitProof with orderer4 down commits VALID (3 of 4 orderers accept)" \
  '.status == "VALID" and .result.issuer == "bft-issuer"' gw 2 User1 -json submit SubmitProof "@$W/reqBFT1.json"
LAT_BFT_GW="$(printf '%s' "$OUT" | jq -r '.latencyMs // empty' 2> /dev/null || true)"
ok "CLI SubmitProof with orderer4 down commits VALID (through orderer 1)" "" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqBFT2.json"
TX_BFT2="$(printf '%s' "$OUT" | cc_txid)"
LAT_BFT_DOWN=$(($(now_ms) - t))
ok "GW  GetVerification of the CLI's transaction (orderer4 down)" ".txId == \"$TX_BFT2\" and .issuer == \"bft-issuer\"" \
  gw 2 User2 evaluate GetVerification "${TX_BFT2:-missing}"
rejected "GW  replay with orderer4 down is still rejected" "replay" \
  gw 1 User1 submit SubmitProof "@$W/reqBFT1.json"
H_DOWN="$(osn_height 1)"
if [ -z "$(osn_height 4)" ] && [ -n "$H_DOWN" ]; then pass "orderers 1-3 went on to height $H_DOWN while orderer4 was down"
else fail "orderers 1-3 went on while orderer4 was down" "orderer 1: $H_DOWN, orderer 4: $(osn_height 4)"; fi

run "$TN_DIR/network.sh" orderer-start 4
if [ "$RC" -eq 0 ]; then pass "orderer4 restarted on its ledger"; else fail "orderer4 restarted" "$OUT
$ERR"; fi
ok "GW  SubmitProof after the restart commits VALID" '.status == "VALID"' \
  gw 1 User1 -json submit SubmitProof "@$W/reqBFT3.json"
t=$(now_ms)
h1="" h4=""
for ((i = 0; i < 120; i++)); do
  h1="$(osn_height 1)" h4="$(osn_height 4)"
  [ -n "$h4" ] && [ "$h4" = "$h1" ] && break
  sleep 0.5
done
if [ -n "$h4" ] && [ "$h4" = "$h1" ]; then
  pass "orderer4 caught up with the others: height $h4 ($(secs $(($(now_ms) - t))) after the next block)"
else
  fail "orderer4 caught up within 60 s" "orderer 1 height $h1, orderer 4 height ${h4:-?}"
fi
ok "CLI SubmitProof with all four orderers commits VALID" "" as 2 User1 cc_invoke SubmitProof "@$W/reqBFT4.json"
echo "  (BFT: SubmitProof with orderer4 down: gateway ${LAT_BFT_GW:-?} ms; gateway + CLI submits and a read $LAT_BFT_DOWN ms)"
