# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Pseudonyms on the real network, sourced by e2e.sh once the
# network is up and the bbs CLI built: the holder/issuer CLI flow
# (nym-commit, blind sign, nym-finalize, prove in two contexts), a
# pseudonym-scheme issuer, SubmitProof through the peer CLI and the Gateway
# client, a second use in one context refused, a use in another context and
# one of another credential accepted, two uses raced through both peers
# (exactly one commits), and GetPseudonymUses.
#
# Uses e2e.sh's helpers and variables: section, pass, fail, ok, rejected,
# setup, run, as, gw, cc_invoke, cc_query, cc_txid, W, BBS.

section "Pseudonyms: one use per context (CLI flow, peer CLI, Gateway)"
NYM_SCHEME=bbs-nym-bls12381-sha256
NYM_ISSUER=nym-issuer
setup "bbs keygen (pseudonym issuer)" "$BBS" keygen --scheme "$NYM_SCHEME" --out "$W/keyN.json"
printf '%s' "$OUT" | tr -d '\n' > "$W/pkN"
for h in 1 2; do
  setup "bbs nym-commit (holder $h)" "$BBS" nym-commit --scheme "$NYM_SCHEME" --secret-out "$W/nym-secret$h.json" --out "$W/nym-commitment$h.json"
  setup "bbs sign --commitment (issuer blind-signs holder $h)" "$BBS" sign --key "$W/keyN.json" --messages "$W/msgs.json" --commitment "$W/nym-commitment$h.json" --out "$W/nym-signed$h.json"
  SIGN_ERR="$ERR"
  setup "bbs nym-finalize (holder $h)" "$BBS" nym-finalize --credential "$W/nym-signed$h.json" --secret "$W/nym-secret$h.json" --out "$W/nym-cred$h.json"
done
if [ "$(stat -c %a "$W/nym-secret1.json")" = 600 ]; then pass "nym-commit kept the holder's nym secret in a 0600 file"
else fail "nym-commit kept the holder's nym secret in a 0600 file" "$(stat -c %a "$W/nym-secret1.json")"; fi
if grep -q "message count to register: 4" <<< "$SIGN_ERR"; then pass "bbs sign --commitment printed the issuer's message count to pin: 4"
else fail "bbs sign --commitment printed the message count to pin" "$SIGN_ERR"; fi
nym_prove() { # NAME CREDENTIAL CONTEXT
  setup "bbs prove --context $3 ($1)" "$BBS" prove --credential "$2" --reveal 2 --nonce-random --issuer "$NYM_ISSUER" --context "$3" --out "$W/nym-$1.json"
}
nym_prove a1 "$W/nym-cred1.json" poll-2026-17
nym_prove a2 "$W/nym-cred1.json" poll-2026-17
nym_prove a3 "$W/nym-cred1.json" poll-2026-17
nym_prove b1 "$W/nym-cred1.json" poll-2026-18
nym_prove c1 "$W/nym-cred2.json" poll-2026-17
nym_prove r1 "$W/nym-cred1.json" poll-2026-19
nym_prove r2 "$W/nym-cred1.json" poll-2026-19
nymof() { jq -r .pseudonym "$W/nym-$1.json"; }
ctxof() { jq -r .context "$W/nym-$1.json"; }
if [ "$(nymof a1)" = "$(nymof a2)" ] && [ "$(nymof a1)" != "$(nymof b1)" ] && [ "$(nymof a1)" != "$(nymof c1)" ] &&
    [ "$(jq -r .proof "$W/nym-a1.json")" != "$(jq -r .proof "$W/nym-a2.json")" ] && [ "$(ctxof a1)" = "$(printf poll-2026-17 | base64)" ]; then
  pass "prove --context: one pseudonym per credential and context, another in another context or of another credential"
else
  fail "prove --context: pseudonyms per credential and context" "a1 $(nymof a1) a2 $(nymof a2) b1 $(nymof b1) c1 $(nymof c1)"
fi

regdoc "$W/regN.json" "$W/keyN.json" "$NYM_ISSUER" 1 User1
ok "CLI RegisterIssuer $NYM_ISSUER ($NYM_SCHEME) (Org1 User1; proof of possession made with its IETF ciphersuite)" "" \
  as 1 User1 cc_invoke RegisterIssuer "@$W/regN.json"
ok "GW  SetIssuerSettings $NYM_ISSUER {messageCounts: [4]} (the count sign printed)" '.status == "VALID"' \
  gw 1 User1 -json submit SetIssuerSettings "$NYM_ISSUER" '{"messageCounts":[4]}'
ok "CLI VerifyProof: valid, reports pseudonym and context, no use yet, 4 issuer messages" \
  ".valid == true and .pseudonym == \"$(nymof a1)\" and .context == \"$(ctxof a1)\" and (.pseudonymUses // 0) == 0 and .messageCount == 4" \
  as 2 User1 cc_query VerifyProof "@$W/nym-a1.json"
rejected "CLI VerifyProof of the proof without its pseudonym and context is refused" "needs its pseudonym and context" \
  as 1 User1 cc_query VerifyProof "$(jq -c 'del(.pseudonym, .context)' "$W/nym-a1.json")"

ok "CLI SubmitProof, first use in poll-2026-17 (Org1 User1), commits VALID" "" \
  as 1 User1 cc_invoke SubmitProof "@$W/nym-a1.json"
TX_NYM1="$(printf '%s' "$OUT" | cc_txid)"
ok "CLI VerifyProof of a new proof in the same context: valid, pseudonymUses 1" \
  '.valid == true and .pseudonymUses == 1' as 2 User2 cc_query VerifyProof "@$W/nym-a2.json"
rejected "CLI SubmitProof, second use in poll-2026-17 (new nonce, new proof), is rejected" "pseudonym already used" \
  as 1 User1 cc_invoke SubmitProof "@$W/nym-a2.json"
rejected "GW  SubmitProof, second use in poll-2026-17 by another org's client, is rejected" "pseudonym already used" \
  gw 2 User1 submit SubmitProof "@$W/nym-a3.json"
ok "GW  SubmitProof in poll-2026-18 (another context) commits; the receipt carries pseudonym, context, use 1" \
  ".status == \"VALID\" and .result.pseudonym == \"$(nymof b1)\" and .result.context == \"$(ctxof b1)\" and .result.pseudonymUse == 1 and (.result.contextSha256 | length) == 64" \
  gw 2 User1 -json submit SubmitProof "@$W/nym-b1.json"
TX_NYM2="$(printf '%s' "$OUT" | jq -r '.txId // empty' 2> /dev/null || true)"
ok "GW  SubmitProof of another holder's credential in poll-2026-17 commits (independent pseudonym)" '.status == "VALID"' \
  gw 1 User2 -json submit SubmitProof "@$W/nym-c1.json"

ok "GW  GetPseudonymUses poll-2026-17 <holder 1's pseudonym>: the CLI transaction, use 1" \
  ".count == 1 and .uses[0].txId == \"$TX_NYM1\" and .uses[0].sequence == 1 and .uses[0].issuer == \"$NYM_ISSUER\" and (.more | not)" \
  gw 1 User2 evaluate GetPseudonymUses "$(ctxof a1)" "$(nymof a1)"
ok "CLI GetPseudonymUses poll-2026-18 (peer0.org2): the Gateway transaction" \
  ".count == 1 and .uses[0].txId == \"${TX_NYM2:-missing}\"" \
  as 2 User1 cc_query GetPseudonymUses "$(ctxof b1)" "$(nymof b1)"
ok "GW  GetPseudonymUses of holder 1's poll-2026-17 pseudonym in poll-2026-18: none" '.count == 0 and .uses == []' \
  gw 2 User1 evaluate GetPseudonymUses "$(ctxof b1)" "$(nymof a1)"
ok "GW  GetVerification of the first use carries pseudonym, context and use number" \
  ".pseudonym == \"$(nymof a1)\" and .context == \"$(ctxof a1)\" and .pseudonymUse == 1" \
  gw 2 User1 evaluate GetVerification "${TX_NYM1:-missing}"
rejected "GW  GetPseudonymUses with a context that is not base64 is refused" "invalid argument" \
  gw 1 User1 evaluate GetPseudonymUses poll-2026-17 "$(nymof a1)"

# Two uses of one pseudonym in poll-2026-19 (different nonces and proofs),
# sent through both peers at once: the use count is read and written by
# both, so one commits and the other fails (MVCC at commit, or refused at
# endorsement if the first had already committed).
o1="$(mktemp)" o2="$(mktemp)" e1="$(mktemp)" e2="$(mktemp)" rc1=0 rc2=0
gw 1 User1 -json submit SubmitProof "@$W/nym-r1.json" > "$o1" 2> "$e1" & p1=$!
gw 2 User1 -json submit SubmitProof "@$W/nym-r2.json" > "$o2" 2> "$e2" & p2=$!
wait "$p1" || rc1=$?
wait "$p2" || rc2=$?
race="$(printf '%s\t%s %s\n%s\t%s %s\n' "$rc1" "$(jq -r .status "$o1" 2> /dev/null || true)" "$(tr '\n' ' ' < "$e1")" \
  "$rc2" "$(jq -r .status "$o2" 2> /dev/null || true)" "$(tr '\n' ' ' < "$e2")")"
rm -f "$o1" "$o2" "$e1" "$e2"
n_valid="$(grep -c $'^0\tVALID' <<< "$race" || true)"
n_lost="$(grep -Ec $'^[1-9][0-9]*\t.*(MVCC_READ_CONFLICT|pseudonym already used)' <<< "$race" || true)"
if [ "$n_valid" = 1 ] && [ "$n_lost" = 1 ]; then
  pass "GW  two uses of one pseudonym in one context in parallel (Org1, Org2): one VALID, the other $(grep -Eo 'MVCC_READ_CONFLICT|pseudonym already used' <<< "$race" | head -n 1)"
else
  fail "GW  two uses of one pseudonym in one context in parallel: exactly one VALID" "$race"
fi
ok "GW  GetPseudonymUses poll-2026-19: exactly one use" '.count == 1' \
  gw 2 User2 evaluate GetPseudonymUses "$(ctxof r1)" "$(nymof r1)"
