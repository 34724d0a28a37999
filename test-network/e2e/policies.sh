#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Verification policies on the real network: CreatePolicy by an
# Org1 identity, GetPolicy and ListPolicies paged to the end, UpdatePolicy
# making version 2 with version 1 still readable, changes by another org
# refused (access denied), the owner's changes endorsed by peer0.org2 alone
# invalidated at commit (the owner MSP's key-level endorsement), RetirePolicy
# by peer0.org1 alone valid but UpdatePolicy not (its new document key falls
# under the chaincode's AND policy), VerifyProof with a satisfied policy and with unmet
# rules, SubmitProof refused by an unmet policy with nothing recorded,
# committed with a satisfied one (GetVerification names the policy, its
# version and its document hash), and RetirePolicy after which SubmitProof is
# refused. Every request is made with "bbs prove --policy", every document
# checked with "bbs policy check".
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built (uses its helpers and W, BBS). Run alone against a network where
# "network.sh deploy" ran:
#
#   PORT_OFFSET=200 test-network/e2e/policies.sh
#
# Its own issuer (bbs+2020) and credential; policies and issuer get a
# suffix per run, so it can run again on one network.

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-policies
  POL_RUN="$RUN_SUFFIX"
fi

section "Verification policies: CreatePolicy, UpdatePolicy, RetirePolicy, requests with bbs prove --policy"
PLW="$W/policies"
mkdir -p "$PLW"
POL="pol-e2e${POL_RUN:-}" POLNL="pol-e2e-nl${POL_RUN:-}" PISS="pol-issuer${POL_RUN:-}"
b64() { printf '%s' "$1" | base64 -w0; }
setup "bbs keygen ($PISS)" "$BBS" keygen --out "$PLW/key.json"
printf '%s' "$OUT" | tr -d '\n' > "$PLW/pk"
printf '%s\n' '["name=Alice Example", "birthdate=1990-01-01", "country=BE", "membership=gold"]' > "$PLW/msgs.json"
setup "bbs sign ($PISS)" "$BBS" sign --key "$PLW/key.json" --messages "$PLW/msgs.json" --out "$PLW/cred.json"
regdoc "$PLW/reg.json" "$PLW/key.json" "$PISS" 1 User1 4

# Documents: v1 requires country=BE disclosed (message 2) and a 16-byte
# nonce; v2 also key version 1 and membership disclosed (message 3); the NL
# policy requires country=NL, which the credential cannot meet.
jq -n --arg id "$POL" --arg iss "$PISS" --arg be "$(b64 country=BE)" \
  '{minNonceLength: 16, disclosed: [{index: 2, equals: $be}], issuers: [{id: $iss}], id: $id, description: "residents of BE"}' > "$PLW/v1.json"
jq -n --arg id "$POL" --arg iss "$PISS" --arg be "$(b64 country=BE)" --arg m "$(b64 membership=)" \
  '{id: $id, description: "residents of BE with a membership", issuers: [{id: $iss, keyVersions: [1]}], disclosed: [{index: 3, prefix: $m}, {index: 2, equals: $be}], minNonceLength: 16}' > "$PLW/v2.json"
jq -n --arg id "$POLNL" --arg iss "$PISS" --arg nl "$(b64 country=NL)" \
  '{id: $id, issuers: [{id: $iss}], disclosed: [{index: 2, equals: $nl}]}' > "$PLW/nl.json"
jq '.disclosed[0].equals = "Y291bnRyeT1CRQ"' "$PLW/v1.json" > "$PLW/bad.json"   # unpadded base64
for d in v1 v2 nl; do
  setup "bbs policy check $d.json" "$BBS" policy check "$PLW/$d.json"
  printf '%s' "$OUT" > "$PLW/$d.canonical"
  sed -n 's/.*SHA-256 \([0-9a-f]*\)$/\1/p' <<< "$ERR" > "$PLW/$d.sha"
done
rejected "bbs policy check refuses a document with non-canonical base64, naming the field (exit 1)" "disclosed\[0\]\.equals" \
  "$BBS" policy check "$PLW/bad.json"
if [ "$(jq -c . "$PLW/v1.json")" != "$(cat "$PLW/v1.canonical")" ] && [ "$(jq -r .disclosed[0].index "$PLW/v2.canonical")" = 2 ]; then
  pass "bbs policy check printed the canonical forms (fields in order, rules sorted)"
else fail "bbs policy check printed the canonical forms" "$(cat "$PLW/v1.canonical") / $(cat "$PLW/v2.canonical")"; fi
rejected "CLI CreatePolicy refuses the non-canonical document as bbs policy check did" "disclosed\[0\]\.equals" \
  as 1 User1 cc_invoke CreatePolicy "@$PLW/bad.json"

ok "GW  RegisterIssuer $PISS (Org1 User1)" '.status == "VALID"' \
  gw 1 User1 -json submit RegisterIssuer "@$PLW/reg.json"
ok "GW  CreatePolicy $POL by Org1 User1: version 1, the canonical form bbs policy check printed, and its SHA-256" \
  ".status == \"VALID\" and .result.version == 1 and .result.currentVersion == 1 and .result.owner.mspId == \"Org1MSP\" and .result.policy == $(jq -Rs . < "$PLW/v1.canonical") and .result.policySha256 == \"$(cat "$PLW/v1.sha")\"" \
  gw 1 User1 -json submit CreatePolicy "@$PLW/v1.json"
ok "CLI CreatePolicy $POLNL by Org1 User1 (both peers endorse)" "" as 1 User1 cc_invoke CreatePolicy "@$PLW/nl.json"
rejected "GW  CreatePolicy $POL again by Org2 User1 is refused" "already exists" \
  gw 2 User1 submit CreatePolicy "@$PLW/v1.json"
ok "CLI GetPolicy $POL 0 on peer0.org2: version 1, owner Org1, not retired" \
  ".id == \"$POL\" and .version == 1 and .owner.mspId == \"Org1MSP\" and (.retired | not) and .policySha256 == \"$(cat "$PLW/v1.sha")\"" \
  as 2 User1 cc_query GetPolicy "$POL" 0
rejected "GW  GetPolicy $POL 2 (no such version yet) is refused" "version" \
  gw 1 User1 evaluate GetPolicy "$POL" 2
ok "GW  ListPolicies 200 \"\": one page, every policy once, in ID order" \
  "(.bookmark // \"\") == \"\" and .count == (.policies | length) and ([.policies[].id] | . == (unique)) and any(.policies[]; .id == \"$POL\") and any(.policies[]; .id == \"$POLNL\")" \
  gw 2 User2 evaluate ListPolicies 200 ""
ALL_IDS="$(jq -c '[.policies[].id]' <<< "$OUT" 2> /dev/null || echo '[]')"
for size in 1 2; do
  ok "GW  ListPolicies paged by $size to the end: the same policies in the same order ($(jq length <<< "$ALL_IDS") policies)" \
    "[.items[].id] == $ALL_IDS and .pages >= ($(jq length <<< "$ALL_IDS") / $size | floor)" \
    list_all ListPolicies "$size"
done

section "UpdatePolicy: owner only, endorsed by the owner's org"
rejected "GW  UpdatePolicy $POL by Org2 User1 (another org) is refused" "access denied" \
  gw 2 User1 submit UpdatePolicy "$POL" "@$PLW/v2.json"
rejected "CLI UpdatePolicy $POL by Org1 User2 (the owner's org, not the owner) is refused" "access denied" \
  as 1 User2 cc_invoke UpdatePolicy "$POL" "@$PLW/v2.json"
rejected "CLI UpdatePolicy $POL by its Org1 owner, endorsed by peer0.org2 alone: ENDORSEMENT_POLICY_FAILURE" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" \
  as 1 User1 cc_invoke_on 2 UpdatePolicy "$POL" "@$PLW/v2.json"
ok "GW  GetPolicy $POL: still version 1" '.currentVersion == 1' gw 1 User1 evaluate GetPolicy "$POL" 0
# UpdatePolicy also writes a new key, the version's document: a key without
# a committed key-level policy falls under the chaincode's policy, AND(Org1,
# Org2) here, so the owner's peer alone is not enough either (RetirePolicy,
# which only changes the policy record, needs its key-level policy: in the
# network's endorsement mode "and", the owner's org and both orgs: below).
rejected "CLI the same UpdatePolicy endorsed by peer0.org1 alone: ENDORSEMENT_POLICY_FAILURE too (its new document key falls under the chaincode's AND)" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" \
  as 1 User1 cc_invoke_on 1 UpdatePolicy "$POL" "@$PLW/v2.json"
ok "GW  GetPolicy $POL: still version 1" '.currentVersion == 1' gw 2 User1 evaluate GetPolicy "$POL" 0
ok "GW  UpdatePolicy $POL by its owner, endorsed by both orgs, commits version 2" \
  '.status == "VALID" and .result.version == 2 and .result.currentVersion == 2' \
  gw 1 User1 -json submit UpdatePolicy "$POL" "@$PLW/v2.json"
ok "CLI GetPolicy $POL 0 on peer0.org2: version 2 current, the v2 document" \
  ".version == 2 and .currentVersion == 2 and .policySha256 == \"$(cat "$PLW/v2.sha")\" and .policy == $(jq -Rs . < "$PLW/v2.canonical")" \
  as 2 User1 cc_query GetPolicy "$POL" 0
ok "GW  GetPolicy $POL 1: version 1 still readable, its own document" \
  ".version == 1 and .currentVersion == 2 and .policySha256 == \"$(cat "$PLW/v1.sha")\"" \
  gw 2 User2 evaluate GetPolicy "$POL" 1
rejected "GW  UpdatePolicy $POL with the current document again is refused" "same as version 2" \
  gw 1 User1 submit UpdatePolicy "$POL" "@$PLW/v2.json"

section "VerifyProof and SubmitProof with a policy (requests by bbs prove --policy)"
pprove() { # NAME REVEAL POLICY [prove flags...]
  local name="$1" reveal="$2" pol="$3"
  shift 3
  setup "bbs prove --reveal $reveal --policy $pol ($name)" "$BBS" prove --credential "$PLW/cred.json" --reveal "$reveal" \
    --nonce-random --issuer "$PISS" --policy "$pol" --out "$PLW/$name.json" "$@"
}
pprove sat 2,3 "$POL"
pprove sat1 2 "$POL:1"
pprove sat1b 2 "$POL:1"
pprove v2short 2 "$POL"
pprove nl 2,3 "$POLNL"
pprove retired 2,3 "$POL"
if [ "$(jq -c .policy "$PLW/sat.json")" = "{\"id\":\"$POL\"}" ] && [ "$(jq -c .policy "$PLW/sat1.json")" = "{\"id\":\"$POL\",\"version\":1}" ]; then
  pass "bbs prove --policy wrote the policy reference into the requests ({id} and {id, version: 1})"
else fail "bbs prove --policy wrote the policy reference" "$(jq -c .policy "$PLW/sat.json") $(jq -c .policy "$PLW/sat1.json")"; fi

ok "GW  VerifyProof with $POL (current, v2) satisfied: valid, satisfied, policy and policyVersion 2 reported" \
  ".valid == true and .satisfied == true and .policy == \"$POL\" and .policyVersion == 2 and .unmet == null" \
  gw 2 User1 evaluate VerifyProof "@$PLW/sat.json"
ok "CLI VerifyProof with $POL:1 (the old version named) disclosing only the country: satisfied by version 1" \
  ".valid == true and .satisfied == true and .policyVersion == 1" \
  as 1 User2 cc_query VerifyProof "@$PLW/sat1.json"
ok "CLI VerifyProof of the same disclosure against the current version 2: unmet, message 3 must be disclosed" \
  ".valid == false and .satisfied == false and .policyVersion == 2 and .unmet.rule == \"disclosed\" and .unmet.index == 3 and .unmet.reason == \"message 3 must be disclosed\"" \
  as 2 User1 cc_query VerifyProof "@$PLW/v2short.json"
ok "GW  VerifyProof with $POLNL: unmet disclosed rule 2 in words, reason names the policy" \
  ".valid == false and .satisfied == false and .policy == \"$POLNL\" and .policyVersion == 1 and .unmet.rule == \"disclosed\" and .unmet.index == 2 and .unmet.reason == \"disclosed message 2 must equal \\\"country=NL\\\"\" and (.reason | startswith(\"policy \\\"$POLNL\\\" version 1 not satisfied\"))" \
  gw 1 User1 evaluate VerifyProof "@$PLW/nl.json"
rejected "GW  SubmitProof with $POLNL unmet is refused with the rule in words" \
  "policy .{1,3}$POLNL.{1,3} version 1 not satisfied: disclosed message 2 must equal .{1,3}country=NL" \
  gw 1 User1 submit SubmitProof "@$PLW/nl.json"
rejected "CLI SubmitProof against $POL v2 with message 3 hidden is refused" \
  "policy .{1,3}$POL.{1,3} version 2 not satisfied: message 3 must be disclosed" \
  as 1 User1 cc_invoke SubmitProof "@$PLW/v2short.json"
ok "CLI VerifyProof after the refused SubmitProof: its nonce was not consumed" '.nonceConsumed == false' \
  as 2 User1 cc_query VerifyProof "@$PLW/nl.json"
jq 'del(.policy)' "$PLW/nl.json" > "$PLW/nl-nopolicy.json"
ok "GW  the refused proof without its policy commits: nothing was recorded for it (no nonce, no record)" \
  '.status == "VALID" and .result.valid == true and .result.policy == null' \
  gw 1 User1 -json submit SubmitProof "@$PLW/nl-nopolicy.json"

ok "GW  SubmitProof with $POL satisfied commits: the receipt names policy $POL version 2" \
  ".status == \"VALID\" and .result.valid == true and .result.policy == \"$POL\" and .result.policyVersion == 2" \
  gw 2 User1 -json submit SubmitProof "@$PLW/sat.json"
TX_SAT="$(jq -r '.txId // empty' <<< "$OUT" 2> /dev/null || true)"
ok "CLI GetVerification <its tx> on peer0.org1: policy $POL, version 2, the v2 document's SHA-256" \
  ".txId == \"$TX_SAT\" and .policy == \"$POL\" and .policyVersion == 2 and .policySha256 == \"$(cat "$PLW/v2.sha")\"" \
  as 1 User1 cc_query GetVerification "${TX_SAT:-missing}"
ok "CLI SubmitProof naming $POL:1 commits (an older version named explicitly)" "" \
  as 1 User1 cc_invoke SubmitProof "@$PLW/sat1.json"
TX_SAT1="$(printf '%s' "$OUT" | cc_txid)"
ok "GW  GetVerification <its tx>: policy $POL version 1, the v1 document's SHA-256" \
  ".policy == \"$POL\" and .policyVersion == 1 and .policySha256 == \"$(cat "$PLW/v1.sha")\"" \
  gw 2 User2 evaluate GetVerification "${TX_SAT1:-missing}"

section "RetirePolicy"
rejected "GW  RetirePolicy $POL by Org2 User1 is refused" "access denied" \
  gw 2 User1 submit RetirePolicy "$POL"
rejected "GW  RetirePolicy $POL by its owner, endorsed by Org2MSP alone: ENDORSEMENT_POLICY_FAILURE" "ENDORSEMENT_POLICY_FAILURE" \
  gw 1 User1 -endorsing-orgs Org2MSP submit RetirePolicy "$POL"
ok "CLI GetPolicy $POL: not retired" '(.retired | not)' as 1 User1 cc_query GetPolicy "$POL" 0
rejected "GW  RetirePolicy $POL by its owner, endorsed by Org1MSP (the owner's org) alone: ENDORSEMENT_POLICY_FAILURE (mode and)" "ENDORSEMENT_POLICY_FAILURE" \
  gw 1 User1 -endorsing-orgs Org1MSP submit RetirePolicy "$POL"
ok "GW  RetirePolicy $POL by its owner, endorsed by both orgs, commits" \
  '.status == "VALID" and .result.retired == true and .result.version == 2' \
  gw 1 User1 -endorsing-orgs Org1MSP,Org2MSP -json submit RetirePolicy "$POL"
rejected "GW  SubmitProof with the retired $POL is refused" "policy .{1,3}$POL.{1,3} version 2 not satisfied: the policy is retired" \
  gw 1 User1 submit SubmitProof "@$PLW/retired.json"
rejected "CLI SubmitProof naming the retired $POL:1 is refused too" "not satisfied: the policy is retired" \
  as 1 User1 cc_invoke SubmitProof "@$PLW/sat1b.json"
ok "CLI VerifyProof with the retired policy: unmet rule policy, the policy is retired" \
  '.valid == false and .satisfied == false and .unmet.rule == "policy" and .unmet.reason == "the policy is retired"' \
  as 2 User1 cc_query VerifyProof "@$PLW/retired.json"
rejected "GW  UpdatePolicy of the retired $POL is refused" "retired" \
  gw 1 User1 submit UpdatePolicy "$POL" "@$PLW/v1.json"
ok "GW  GetPolicy $POL 1 after retirement: still readable, retired" '.version == 1 and .retired == true' \
  gw 2 User1 evaluate GetPolicy "$POL" 1
ok "GW  ListPolicies paged by 1 to the end: $POL retired, $POLNL not" \
  "(.items | map(select(.id == \"$POL\"))[0].retired) == true and (.items | map(select(.id == \"$POLNL\"))[0].retired) == false" \
  list_all ListPolicies 1
