#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# A rogue organisation on an OR channel: bbs deployed a second time, as
# "bbsor", with the chaincode-level policy OR('Org1MSP.peer','Org2MSP.peer')
# and the same name, version and sequence for both organisations; Org1
# installs and approves the real package (./chaincode), Org2 a package of
# its own (internal/roguecc: every bbs transaction served by the real
# contract, plus RoguePut, RogueSetVP, RogueDelete, RogueGet and RogueList,
# which write and read bbs's namespace around the contract), as Fabric
# allows. The endorsement configuration is mode "owner" (owned records get
# the owner's organisation's key-level policy), the issue's OR shape;
# ROGUE_MODE=and deploys it as "bbsorand" in mode "and" instead (owned
# records under AND(Org1, Org2): Org1's transactions are endorsed by both
# peers, Org2's rogue peer endorsing them as bbs would).
#
# Org2 alone (the coalition of an OR channel) endorses its rogue writes:
# it squats keys the owner will need (the key-index key of a public key
# before its registration, the epoch key of an issuer without one, the
# next removal key of an accumulator, a handle's index key), pre-creates
# owned records with a key-level policy the owner's transactions also
# satisfy (an epoch, a status list page, a context) and rewrites them after
# the owner wrote them, forges accumulator removal records and verification
# records, and tries to rewrite an issuer record. Org1's honest
# transactions, endorsed by Org1's peer alone, must commit, and Org1's
# reads must answer what Org1 wrote (or refuse a rogue record with
# BBS_UNTRUSTED_RECORD). The rogue writes themselves are not pass/fail:
# each prints what Fabric did with it (ROGUE lines).
#
# Sourced by e2e.sh (once the network is up, bbs deployed and the bbs CLI
# built). Run alone against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=200 test-network/e2e/rogue.sh
#
# A second run on one network deploys bbsor at the next sequence and uses
# new issuer IDs.

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-rogue
  ROGUE_RUN="$RUN_SUFFIX"
fi

section "A rogue package on an OR channel: ${ROGUE_MODE:+$ROGUE_MODE: }Org2's peer runs internal/roguecc"
RGW="$W/rogue"
mkdir -p "$RGW"
RG_MODE="${ROGUE_MODE:-owner}"
case "$RG_MODE" in
  owner) RCC=bbsor RG_ENDORSE=1 RG_GWORGS=Org1MSP ;;
  and) RCC=bbsorand RG_ENDORSE=both RG_GWORGS=Org1MSP,Org2MSP ;;
  *) fail "ROGUE_MODE=$RG_MODE" "owner or and"; exit 1 ;;
esac
RG_T0=$(now_ms)
RG_POLICY="OR('Org1MSP.peer','Org2MSP.peer')"
# the honest organisation: Org1's peer alone endorses (OR accepts it; in mode and, both peers)
h_inv() { CC_NAME="$RCC" as 1 User1 cc_invoke_on "$RG_ENDORSE" "$@"; }
h_q() { CC_NAME="$RCC" as 1 User1 cc_query "$@"; }
h_gw() { CC_NAME="$RCC" gw 1 User1 "$@"; }
# the coalition: Org2's peer alone endorses
r_inv() { CC_NAME="$RCC" as 2 User1 cc_invoke_on 2 "$@"; }
r_q() { CC_NAME="$RCC" as 2 User1 cc_query "$@"; }
# rogue NAME CMD...: a rogue write; prints what became of it (not counted).
rogue() {
  local name="$1" st
  shift
  run "$@"
  if [ "$RC" -eq 0 ]; then st="committed VALID"
  else
    st="$(grep -o 'committed with status ([A-Z_]*)' <<< "$OUT$ERR" | head -n 1 || true)"
    st="${st:-refused at endorsement: $(grep -o 'BBS_[A-Z_]*: .*' <<< "$OUT$ERR" | head -n 1 | cut -c1-160 || true)}"
  fi
  printf '  ROGUE %s: %s\n' "$name" "$st"
}
# key JSON for RoguePut: rkey OBJECTTYPE ATTR...
rkey() { jq -cn '$ARGS.positional' --args -- "$@"; }
# rogue_list OBJECTTYPE ATTR...: the keys under that prefix on Org2's peer, one JSON record a line
rogue_list() { r_q RogueList "$@" 2> /dev/null | jq -c '.[]'; }
# rogue_replay FILE NAME: writes back every record of FILE (rogue_list lines) with its old value, keeping its policy
# (one line per record, or, beyond 3 records, one line per key-level policy and outcome)
rogue_replay() {
  local line k v n out=()
  n="$(grep -c . "$1" || true)"
  while IFS= read -r line; do
    [ -n "$line" ] || continue
    k="$(jq -c .key <<< "$line")" v="$(jq -r .value <<< "$line")"
    if [ "$n" -le 3 ]; then
      rogue "$2: rewrite $k (its policy: $(jq -r '.policy // "none"' <<< "$line"))" r_inv RoguePut "$k" "$v" keep
    else
      out+=("(their policy: $(jq -r '.policy // "none"' <<< "$line")): $(rogue x r_inv RoguePut "$k" "$v" keep | sed 's/^  ROGUE x: //')")
    fi
  done < "$1"
  [ "${#out[@]}" -eq 0 ] || printf '%s\n' "${out[@]}" | sort | uniq -c | sed "s|^ *\([0-9]*\) |  ROGUE $2: rewrite \1 records under $(jq -c '.key[:2]' < "$1" | head -n 1) |"
  [ "$n" -gt 0 ] || printf '  ROGUE %s: no record to rewrite\n' "$2"
}
sha256hex() { sha256sum | cut -d' ' -f1; }
save() { local f="$1"; shift; "$@" > "$f"; }   # save FILE CMD...: CMD's standard output into FILE

# ---- deploy: two packages, one definition
# the module as network.sh deploy staged it (.state/cc-src), or CC_SRC as it is when that is no git work tree
RG_SRC="$STATE_DIR/cc-src"
[ -d "$RG_SRC" ] || RG_SRC="${CC_SRC:-$REPO_ROOT}"
setup "the module to package has internal/roguecc ($RG_SRC)" test -f "$RG_SRC/internal/roguecc/main.go"
setup "peer lifecycle chaincode package bbsor_1.0 (./chaincode) and bbsor_rogue_1.0 (./internal/roguecc)" bash -c "
  cd '$RG_SRC' && export GOFLAGS=-mod=vendor GOPROXY=off GOWORK=off &&
  peer lifecycle chaincode package '$RGW/real.tar.gz' --lang golang --path ./chaincode --label ${RCC}_1.0 &&
  peer lifecycle chaincode package '$RGW/rogue.tar.gz' --lang golang --path ./internal/roguecc --label ${RCC}_rogue_1.0"
RG_REAL="$(peer lifecycle chaincode calculatepackageid "$RGW/real.tar.gz")"
RG_ROGUE="$(peer lifecycle chaincode calculatepackageid "$RGW/rogue.tar.gz")"
rg_install() { # ORG PACKAGE ID
  as "$1" Admin peer lifecycle chaincode queryinstalled -O json | jq -e --arg id "$3" '.installed_chaincodes // [] | any(.package_id == $id)' > /dev/null ||
    as "$1" Admin peer lifecycle chaincode install "$2"
}
setup "peer0.org1 installs the real package $RG_REAL" rg_install 1 "$RGW/real.tar.gz" "$RG_REAL"
setup "peer0.org2 installs the rogue package $RG_ROGUE" rg_install 2 "$RGW/rogue.tar.gz" "$RG_ROGUE"
RG_SEQ=$(($(cc_sequence "$RCC" || true) + 1))
for org in 1 2; do
  if [ "$org" = 1 ]; then id="$RG_REAL"; else id="$RG_ROGUE"; fi
  setup "Org$org approves $RCC sequence $RG_SEQ with its package" as "$org" Admin peer lifecycle chaincode approveformyorg \
    "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$RCC" --version 1.0 --package-id "$id" --sequence "$RG_SEQ" --signature-policy "$RG_POLICY"
done
setup "commit $RCC sequence $RG_SEQ" as 1 Admin peer lifecycle chaincode commit "${ORDERER_ARGS[@]}" -C "$CHANNEL_NAME" -n "$RCC" \
  --version 1.0 --sequence "$RG_SEQ" --signature-policy "$RG_POLICY" "${BOTH_PEERS[@]}"
ok "CLI querycommitted $RCC: sequence $RG_SEQ, $RG_POLICY, approved by both organisations" \
  ".sequence == $RG_SEQ and .approvals.Org1MSP and .approvals.Org2MSP" \
  as 1 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$RCC" -O json
ok "peer0.org2 runs the rogue package: RogueGet answers there" '.exists == false' r_q RogueGet '["bbs.issuer","nobody"]'
rejected "peer0.org1 runs the real package: RogueGet is an unknown function there" "RogueGet" h_q RogueGet '["bbs.issuer","nobody"]'
ok "GetMetadata on peer0.org1: the bbs contract" '.contracts.bbs != null' h_q org.hyperledger.fabric:GetMetadata
for ((i = 0; i < 60; i++)); do
  CC_NAME="$RCC" gw 1 User1 -endorsing-orgs Org1MSP -timeout 10s endorse ListIssuers 1 "" > /dev/null 2>&1 && break
  sleep 0.5
done
rg_config() { # set once (a second run on one network finds it set)
  h_q GetEndorsementConfig 2> /dev/null | jq -e --arg m "$RG_MODE" '.mode == $m' > /dev/null ||
    CC_NAME="$RCC" as 1 Admin cc_invoke_on "$RG_ENDORSE" SetEndorsementConfig "{\"mode\":\"$RG_MODE\",\"orgs\":[\"Org1MSP\",\"Org2MSP\"]}"
}
ok "the endorsement configuration of $RCC: mode $RG_MODE, both orgs, set by Org1's admin" "" \
  rg_config
ok "CLI GetEndorsementConfig on peer0.org1: mode $RG_MODE" ".mode == \"$RG_MODE\"" h_q GetEndorsementConfig
echo "  (deployed in $(secs $(($(now_ms) - RG_T0))))"

# ---- material: two issuers, credentials with an epoch and a status index, an accumulator
IA="rg-a${ROGUE_RUN:-}" IB="rg-b${ROGUE_RUN:-}" IC="rg-c${ROGUE_RUN:-}" RG_POL="rg-pol${ROGUE_RUN:-}" RG_APOL="rg-accpol${ROGUE_RUN:-}"
RLIST=rl CTXURL="https://e2e.fabric-bbs.example/contexts/rogue${ROGUE_RUN:-}/v1"
for k in a b c; do setup "bbs keygen ($k)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$RGW/key-$k.json"; done
regdoc "$RGW/reg-a.json" "$RGW/key-a.json" "$IA" 1 User1 5
regdoc "$RGW/reg-b.json" "$RGW/key-b.json" "$IB" 1 User1 3
regdoc "$RGW/reg-c.json" "$RGW/key-c.json" "$IC" 1 User1 3
# messages of IA's credentials: 0 a name, 1 valid from, 2 valid until, 3 the epoch, 4 the status index
rgcred() { # NAME EPOCH INDEX
  printf '["name=%s", "2020-01-01T00:00:00Z", "2099-12-31T23:59:59Z", "%s", "%s"]\n' "$1" "$2" "$3" > "$RGW/$1.msgs.json"
  setup "bbs sign $1 (epoch $2, status index $3)" "$BBS" sign --key "$RGW/key-a.json" --messages "$RGW/$1.msgs.json" --out "$RGW/$1.cred.json"
}
rgcred e1 1 20
rgcred e2 2 21
rgcred s12 2 12
jq -n --arg id "$RG_POL" --arg iss "$IA" --arg l "$RLIST" \
  '{id: $id, issuers: [{id: $iss}], messageCount: 5, validity: {validFrom: 1, validUntil: 2}, epoch: {index: 3, grace: 0}, status: {index: 4, list: $l}}' > "$RGW/pol.json"
rgprove() { # OUT CRED
  setup "bbs prove $1" "$BBS" prove --credential "$RGW/$2.cred.json" --reveal 1,2,3,4 --nonce-random --issuer "$IA" --policy "$RG_POL" --out "$RGW/$1.json"
}
rgprove e1a e1
rgprove e1b e1
rgprove e2a e2
rgprove e2b e2
rgprove s12a s12
# IC's credentials (made below): 0 a name, 1 a role, 2 the revocation handle
jq -n --arg id "$RG_APOL" --arg iss "$IC" \
  '{id: $id, issuers: [{id: $iss}], messageCount: 3, disclosed: [{index: 0}], accumulator: {index: 2, grace: 0}}' > "$RGW/accpol.json"
setup "bbs acc-keygen" save "$RGW/acc-args.json" "$BBS" acc-keygen --handle-index 2 --out "$RGW/acc.json"

section "Rogue: squatting keys the owner will need, before the owner writes them"
# the key-index key of IB's public key, before IB's registration
PKB_HASH="$(jq -r .publicKey "$RGW/key-b.json" | base64 -d | sha256hex)"
rogue "squat the key-index key of $IB's public key (policy: nobody)" \
  r_inv RoguePut "$(rkey bbs.key "$PKB_HASH")" "{\"issuer\":\"rogue-squat\",\"version\":1}" nobody
ok "the squat is on the ledger (RogueGet on peer0.org2)" '.exists == true' r_q RogueGet "$(rkey bbs.key "$PKB_HASH")"
ok "CLI RegisterIssuer $IA by Org1 (peer0.org1 alone) commits" "" h_inv RegisterIssuer "@$RGW/reg-a.json"
ok "CLI RegisterIssuer $IC by Org1 (peer0.org1 alone) commits" "" h_inv RegisterIssuer "@$RGW/reg-c.json"
ok "CLI RegisterIssuer $IB by Org1, its key-index key squatted, commits" "" h_inv RegisterIssuer "@$RGW/reg-b.json"
ok "CLI GetIssuer $IB on peer0.org1: Org1's issuer, key version 1" \
  ".id == \"$IB\" and .owner.mspId == \"Org1MSP\" and (.keys | length) == 1" h_q GetIssuer "$IB"
ok "CLI CreatePolicy $RG_POL by Org1" "" h_inv CreatePolicy "@$RGW/pol.json"
ok "CLI CreatePolicy $RG_APOL by Org1" "" h_inv CreatePolicy "@$RGW/accpol.json"

# the epoch key of IC (no epoch yet): a policy nobody satisfies
rogue "squat the epoch key of $IC (policy: nobody)" \
  r_inv RoguePut "$(rkey bbs.epoch "$IC")" "{\"issuer\":\"$IC\",\"epoch\":0,\"previous\":-1}" nobody
ok "CLI SetIssuerEpoch $IC 1 by Org1, its epoch key squatted, commits" "" h_inv SetIssuerEpoch "$IC" 1
ok "CLI GetIssuerEpoch $IC on peer0.org1: 1" '.epoch == 1' h_q GetIssuerEpoch "$IC"

# the epoch, a status page and a context of IA: pre-created with a policy that
# Org1's own transactions also satisfy, with plausible content
rogue "pre-create the epoch of $IA: epoch 0 (policy: OR of both orgs)" \
  r_inv RoguePut "$(rkey bbs.epoch "$IA")" "{\"issuer\":\"$IA\",\"epoch\":0,\"previous\":-1,\"updatedAt\":\"2026-01-01T00:00:00Z\",\"txId\":\"rogue\"}" or:Org1MSP,Org2MSP
rogue "pre-create page 0 of status list $IA/$RLIST (policy: OR of both orgs)" \
  r_inv RoguePut "$(rkey bbs.statuspage "$IA" "$RLIST" 0000)" '{}' or:Org1MSP,Org2MSP
rogue "squat the status list $IA/rl2 before its creation (policy: nobody)" \
  r_inv RoguePut "$(rkey bbs.statuslist "$IA" rl2)" "{\"issuer\":\"$IA\",\"list\":\"rl2\",\"size\":131072}" nobody
printf '%s' '{"@context":{"@vocab":"https://e2e.fabric-bbs.example/rogue-vocab#"}}' > "$RGW/ctx-rogue.json"
printf '%s' '{"@context":{"@vocab":"https://e2e.fabric-bbs.example/vocab#"}}' > "$RGW/ctx.json"
RCTX_DOC="$(cat "$RGW/ctx-rogue.json")"
rogue "pre-create the context $CTXURL of $IA, naming Org1 User1 as registrant, the coalition's document (policy: OR)" \
  r_inv RoguePut "$(rkey bbs.context "$IA" "$(printf '%s' "$CTXURL" | sha256hex)")" \
  "$(jq -cn --arg i "$IA" --arg u "$CTXURL" --arg d "$RCTX_DOC" --arg h "$(printf '%s' "$RCTX_DOC" | sha256hex)" \
    '{issuer: $i, url: $u, sha256: $h, document: $d, registrant: {mspId: "Org1MSP"}, txId: "rogue", timestamp: "2026-01-01T00:00:00Z"}')" or:Org1MSP,Org2MSP

section "Org1's honest transactions on the squatted and pre-created keys (endorsed by peer0.org1 alone; mode and: both)"
ok "CLI SetIssuerEpoch $IA 1 commits" "" h_inv SetIssuerEpoch "$IA" 1
ok "CLI CreateStatusList $IA $RLIST (page 0 pre-created) commits" "" h_inv CreateStatusList "$IA" "$RLIST" revocation 131072
ok "CLI CreateStatusList $IA rl2 (its key squatted) commits" "" h_inv CreateStatusList "$IA" rl2 revocation 131072
RL2_TX="$(cc_txid <<< "$OUT")"
ok "CLI GetStatusList $IA rl2 on peer0.org1: the list Org1 created (its transaction, 131072 entries, 16 pages)" \
  ".txId == \"${RL2_TX:-none}\" and .size == 131072 and .pages == 16" h_q GetStatusList "$IA" rl2
ok "CLI RegisterContext $IA $CTXURL (pre-created) commits" "" h_inv RegisterContext "$IA" "$CTXURL" "@$RGW/ctx.json"
ok "CLI GetContext on peer0.org1: Org1's document" ".document == $(jq -Rs . < "$RGW/ctx.json")" h_q GetContext "$IA" "$CTXURL"
rogue_list bbs.epoch "$IA" > "$RGW/epoch-1.jsonl" || true
rogue_list bbs.statuspage "$IA" "$RLIST" > "$RGW/pages-0.jsonl" || true
ok "GW  SubmitProof e1 (epoch 1) commits, endorsed by Org1" '.status == "VALID" and .result.valid == true' \
  h_gw -endorsing-orgs "$RG_GWORGS" -json submit SubmitProof "@$RGW/e1a.json"
ok "CLI SetIssuerEpoch $IA 2 (raise) commits" "" h_inv SetIssuerEpoch "$IA" 2
ok "CLI UpdateStatusList $IA $RLIST set [12] commits" "" h_inv UpdateStatusList "$IA" "$RLIST" '{"set":[12]}'

section "Rogue: rewriting Org1's records after Org1 wrote them"
rogue_replay "$RGW/epoch-1.jsonl" "roll the epoch of $IA back to 1"
rogue_list bbs.epoch "$IA" | jq -c --arg i "$IA" '.value = ({issuer: $i, epoch: 0, previous: -1, updatedAt: "2026-01-01T00:00:00Z", txId: "rogue"} | tojson)' > "$RGW/epoch-0.jsonl" || true
rogue_replay "$RGW/epoch-0.jsonl" "lower the epoch of $IA to 0"
rogue_replay "$RGW/pages-0.jsonl" "clear the set bit 12 of $IA/$RLIST (page written back as created)"
rogue_list bbs.context "$IA" | jq -c --arg d "$RCTX_DOC" --arg h "$(printf '%s' "$RCTX_DOC" | sha256hex)" \
  '.value = (.value | fromjson? // {} | .document = $d | .sha256 = $h | tojson)' > "$RGW/ctx-rw.jsonl" || true
rogue_replay "$RGW/ctx-rw.jsonl" "rewrite the context of $IA to the coalition's document"
IA_BEFORE="$(h_q GetIssuer "$IA" 2> /dev/null || true)"
rogue_list bbs.issuer "$IA" | jq -c 'select(.key[1] == "'"$IA"'") | .value = (.value | fromjson | .description = "rewritten by Org2" | tojson)' > "$RGW/iss-rw.jsonl" || true
rogue_replay "$RGW/iss-rw.jsonl" "rewrite the issuer record of $IA (description changed)"
ok "CLI GetIssuer $IA on peer0.org1: as Org1 wrote it" ". == $(jq -c . <<< "${IA_BEFORE:-null}")" h_q GetIssuer "$IA"

section "Org1's reads and proofs after the rewrites"
ok "CLI GetIssuerEpoch $IA on peer0.org1: 2" '.epoch == 2' h_q GetIssuerEpoch "$IA"
rejected "GW  SubmitProof e1 (epoch 1, withdrawn by the raise to 2) is refused" "epoch 1 is older than the 2|BBS_UNTRUSTED_RECORD" \
  h_gw -endorsing-orgs "$RG_GWORGS" submit SubmitProof "@$RGW/e1b.json"
ok "GW  SubmitProof e2 (epoch 2) commits" '.status == "VALID" and .result.valid == true' \
  h_gw -endorsing-orgs "$RG_GWORGS" -json submit SubmitProof "@$RGW/e2a.json"
TX_E2A="$(jq -r '.result.txId // empty' <<< "$OUT" 2> /dev/null || true)"
ok "CLI GetStatusEntry $IA $RLIST 12 on peer0.org1: set" '.set == true' h_q GetStatusEntry "$IA" "$RLIST" 12
rejected "GW  SubmitProof s12 (status index 12, revoked) is refused" "revoked: entry 12|BBS_UNTRUSTED_RECORD" \
  h_gw -endorsing-orgs "$RG_GWORGS" submit SubmitProof "@$RGW/s12a.json"
ok "CLI GetContext $IA on peer0.org1: Org1's document" ".document == $(jq -Rs . < "$RGW/ctx.json")" h_q GetContext "$IA" "$CTXURL"
ok "CLI UpdateStatusList $IA $RLIST set [13] still commits" "" h_inv UpdateStatusList "$IA" "$RLIST" '{"set":[13]}'
ok "CLI SetIssuerEpoch $IA 3 still commits" "" h_inv SetIssuerEpoch "$IA" 3
ok "GW  (the gateway chooses the endorsers) VerifyProof e2b: epoch 2 older than 3, unmet" '.satisfied == false and .unmet.rule == "epoch"' \
  h_gw evaluate VerifyProof "@$RGW/e2b.json"

section "Rogue: the accumulator of $IC (squatted removal and handle keys, forged removal records)"
RG_APK="$(jq -r .publicKey "$RGW/acc-args.json")" RG_AV0="$(jq -r .initialValue "$RGW/acc-args.json")"
ok "CLI SetAccumulator $IC by Org1 commits" "" h_inv SetAccumulator "$IC" "$RG_APK" "$RG_AV0" 2
for n in alice bob carol dave; do
  printf '["name=%s", "role=member", "handle-%s"]\n' "$n" "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" > "$RGW/$n.msgs.json"
  setup "bbs sign $n" "$BBS" sign --key "$RGW/key-c.json" --messages "$RGW/$n.msgs.json" --out "$RGW/$n.cred.json"
  setup "bbs acc-witness $n" "$BBS" acc-witness --acc "$RGW/acc.json" --credential "$RGW/$n.cred.json" --out "$RGW/$n.witness.json"
done
# acc_revoke NAME: the removal record revoking NAME from the ledger's current accumulator, into rm-NAME.b64
acc_revoke() {
  setup "CLI GetAccumulator $IC" save "$RGW/acc-now.json" h_q GetAccumulator "$IC"
  setup "copy acc.json" cp "$RGW/acc.json" "$RGW/acc-$1.json"
  setup "bbs revoke $1" save "$RGW/rm-$1.b64" "$BBS" revoke --acc "$RGW/acc-$1.json" --credential "$RGW/$1.cred.json" --ledger "$RGW/acc-now.json"
}
acc_version() { h_q GetAccumulator "$IC" 2> /dev/null | jq -r .version; }
acc_revoke bob
ok "CLI RevokeHandle bob by Org1 commits (version 1)" "" h_inv RevokeHandle "$IC" "$(cat "$RGW/rm-bob.b64")"
# the removal record is version (8 bytes) || handle y (32) || value (48): carol's handle index key
acc_revoke carol
CAROL_H="$(base64 -d < "$RGW/rm-carol.b64" | od -An -tx1 -j 8 -N 32 | tr -d ' \n')"
rogue "squat carol's handle index key (policy: nobody)" \
  r_inv RoguePut "$(rkey bbs.accumulator.handle "$IC" "$CAROL_H")" '{"version":1}' nobody
ok "CLI RevokeHandle carol by Org1, her handle index key squatted, commits (version 2)" "" h_inv RevokeHandle "$IC" "$(cat "$RGW/rm-carol.b64")"
AV_NEXT=$(($(acc_version || echo 0) + 1))
rogue "squat the next removal key of $IC (version $AV_NEXT; policy: nobody)" \
  r_inv RoguePut "$(rkey bbs.accumulator.removal "$IC" "$(printf '%020d' "$AV_NEXT")")" "{\"version\":$AV_NEXT}" nobody
acc_revoke dave
ok "CLI RevokeHandle dave by Org1, the next removal key squatted, commits (version 3)" "" h_inv RevokeHandle "$IC" "$(cat "$RGW/rm-dave.b64")"
ok "CLI GetAccumulator $IC on peer0.org1: version 3" '.version == 3' h_q GetAccumulator "$IC"
for v in 1 2 3; do h_q GetAccumulatorRemoval "$IC" "$v" > "$RGW/r$v.json" 2> /dev/null || true; done
rm_genuine() { # the removal records 1 to 3 are bob's, carol's and dave's
  local v n=(bob carol dave)
  for v in 1 2 3; do
    [ "$(jq -r .removal "$RGW/r$v.json" 2> /dev/null)" = "$(cat "$RGW/rm-${n[$((v - 1))]}.b64")" ] || { echo "version $v: $(cat "$RGW/r$v.json")"; return 1; }
  done
}
ok "CLI GetAccumulatorRemoval $IC 1, 2, 3 on peer0.org1: the records Org1 wrote (bob, carol, dave)" "" rm_genuine
rogue_list bbs.accumulator.removal "$IC" | jq -c --arg r "$(cat "$RGW/rm-carol.b64")" \
  '.value = (.value | fromjson? // {} | .removal = $r | tojson)' > "$RGW/rm-forged.jsonl" || true
rogue_replay "$RGW/rm-forged.jsonl" "forge a removal record of $IC (carol's removal in every record)"
# reads of the forged records: the record Org1 wrote, or a refusal as untrusted
rm_read() { # VERSION FILE
  local out
  if out="$(h_q GetAccumulatorRemoval "$IC" "$1" 2> "$RGW/rm-read.err")"; then
    if [ "$(jq -cS . <<< "$out")" = "$(jq -cS . "$2")" ]; then echo "the record Org1 wrote"; return 0; fi
    echo "a forged record: $out"; return 1
  fi
  grep -q BBS_UNTRUSTED_RECORD "$RGW/rm-read.err" && { echo "refused: BBS_UNTRUSTED_RECORD"; return 0; }
  tail -n 3 "$RGW/rm-read.err"; return 1
}
ok "CLI GetAccumulatorRemoval $IC 1 on peer0.org1 after the forgery: the record Org1 wrote, or BBS_UNTRUSTED_RECORD" "" rm_read 1 "$RGW/r1.json"
ok "bbs update-witness alice from Org1's removal records (versions 1 to 3)" "" \
  "$BBS" update-witness --witness "$RGW/alice.witness.json" --credential "$RGW/alice.cred.json" "$RGW/r1.json" "$RGW/r2.json" "$RGW/r3.json"
for n in alice bob; do
  setup "bbs prove $n (non-revocation)" "$BBS" prove --credential "$RGW/$n.cred.json" --reveal 0 --nonce-random --issuer "$IC" \
    --non-revoked "$RGW/$n.witness.json" --policy "$RG_APOL" --out "$RGW/acc-$n.json"
done
ok "GW  SubmitProof alice (updated witness, version 3) commits" '.status == "VALID" and .result.nonRevocation.version == 3' \
  h_gw -endorsing-orgs "$RG_GWORGS" -json submit SubmitProof "@$RGW/acc-alice.json"
rejected "GW  SubmitProof bob (revoked at version 1) is refused" "against accumulator version 0, older than|BBS_UNTRUSTED_RECORD" \
  h_gw -endorsing-orgs "$RG_GWORGS" submit SubmitProof "@$RGW/acc-bob.json"
acc_revoke bob
rejected "CLI RevokeHandle bob again is refused: already removed at version 1" "already removed at version 1" \
  h_inv RevokeHandle "$IC" "$(cat "$RGW/rm-bob.b64")"
# carol's index key was squatted: whether the owner's second removal of her
# handle is still refused depends on whether the contract could write her
# index record (a safety check for the owner's own mistake, not a belief)
acc_revoke carol
run h_inv RevokeHandle "$IC" "$(cat "$RGW/rm-carol.b64")"
printf '  INFO  RevokeHandle carol again (her index key squatted): %s\n' \
  "$(if [ "$RC" -eq 0 ]; then echo "committed: a new version that revokes no one"; else grep -o 'already removed at version [0-9]*\|BBS_[A-Z_]*' <<< "$OUT$ERR" | head -n 1 || true; fi)"

section "Rogue: the endorsement configuration"
CFG_BEFORE="$(h_q GetEndorsementConfig 2> /dev/null | jq -cS '{mode, orgs}' || true)"
rogue_list bbs.endorsement | jq -c '.value = (.value | fromjson? // {} | .mode = "owner" | .orgs = ["Org2MSP"] | tojson)' > "$RGW/cfg-rw.jsonl" || true
rogue_replay "$RGW/cfg-rw.jsonl" "rewrite the endorsement configuration to mode owner, Org2MSP alone"
rogue "SetEndorsementConfig mode and by Org2's User1 (an ordinary client), endorsed by peer0.org2 alone" \
  r_inv SetEndorsementConfig '{"mode":"and","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI GetEndorsementConfig on peer0.org1: unchanged ($CFG_BEFORE)" "{mode, orgs} == $CFG_BEFORE" h_q GetEndorsementConfig

section "Rogue: forged verification records (spend records belong to no organisation)"
TXF="$(printf 'rogue-verification%s' "${ROGUE_RUN:-}" | sha256hex)"
TXG="$(printf 'rogue-verification-vp%s' "${ROGUE_RUN:-}" | sha256hex)"
VREC="$(jq -cn --arg t "$TXF" --arg i "$IA" '{txId: $t, issuer: $i, valid: true, submitter: {mspId: "Org1MSP"}, timestamp: "2026-01-01T00:00:00Z"}')"
rogue "forge a verification record $TXF (no key-level policy)" r_inv RoguePut "$(rkey bbs.verification "$TXF")" "$VREC" none
rogue "forge a verification record $TXG with a key-level policy (Org1's)" \
  r_inv RoguePut "$(rkey bbs.verification "$TXG")" "$(jq -c --arg t "$TXG" '.txId = $t' <<< "$VREC")" and:Org1MSP
run h_q GetVerification "$TXF"
printf '  INFO  GetVerification of the forged record without a policy on peer0.org1: %s (inherent: the chaincode policy alone writes spend records)\n' \
  "$(if [ "$RC" -eq 0 ]; then echo "answered"; else grep -o 'BBS_[A-Z_]*' <<< "$OUT$ERR" | head -n 1; fi)"
rejected "CLI GetVerification of the forged record with a key-level policy on peer0.org1: BBS_UNTRUSTED_RECORD" "BBS_UNTRUSTED_RECORD" \
  h_q GetVerification "$TXG"
ok "GW  GetVerification of Org1's own proof (e2a) on peer0.org1: the real record" ".txId == \"${TX_E2A:-missing}\" and .issuer == \"$IA\"" \
  h_gw evaluate GetVerification "${TX_E2A:-missing}"

ok "CLI ListIssuers on peer0.org1: $IA, $IB and $IC, Org1's" \
  "[.issuers[] | select(.id == \"$IA\" or .id == \"$IB\" or .id == \"$IC\") | .owner.mspId] == [\"Org1MSP\", \"Org1MSP\", \"Org1MSP\"]" h_q ListIssuers 200 ""
echo "  (the rogue section took $(secs $(($(now_ms) - RG_T0))))"
