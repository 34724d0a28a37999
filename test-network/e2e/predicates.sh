#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Predicates on the real network: an IETF issuer whose message 1 is a
# date (SetIssuerSettings "integers"), a policy requiring age ≥ 18
# ("maxDate": {"yearsBeforeTx": 18} on message 1, proven with Bulletproofs),
# a holder born 30 years ago whose request discloses message 0 only and
# proves the birth date at most 18 years before today: VerifyProof valid and
# satisfied, SubmitProof committed, its record showing the predicate proven
# (kind, index, bound), not the date. A holder of 17 cannot prove that bound
# (predtool refuses to make a false proof); proving the bound that holds is
# refused by the policy with the rule in words, before any pairing, and
# nothing is recorded. Changing the issuer's integer positions once set is
# refused. Then range parameters on the ledger (CreatePredicateParams by
# Org1, read on peer0.org2, the ID refused to Org2), a policy whose rule
# names them (born between 1990-01-01 and 18 years ago): a CCS08 proof over
# them is accepted, a Bulletproofs one is not; a policy of Org1 naming
# parameters Org2 created refuses the request (BBS_UNTRUSTED_RECORD).
# Requests are made by test-network/predtool.
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built. Run alone against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=2000 test-network/e2e/predicates.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-predicates
  PRED_RUN="$RUN_SUFFIX"
fi

section "Predicates: a date position, a policy requiring age ≥ 18, a proof that discloses nothing about the birth date"
PDW="$W/predicates"
mkdir -p "$PDW"
PDISS="pred-issuer${PRED_RUN:-}" PDPOL="adult${PRED_RUN:-}"
PREDTOOL="$PDW/predtool"
setup "build test-network/predtool" bash -c "cd '$REPO_ROOT' && GOFLAGS='-mod=vendor -buildvcs=false' GOPROXY=off go build -trimpath -o '$PREDTOOL' ./test-network/predtool"
setup "bbs keygen --scheme bbs-bls12381-sha256 ($PDISS)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$PDW/key.json"
regdoc "$PDW/reg.json" "$PDW/key.json" "$PDISS" 1 User1

TODAY="$(date -u +%F)"
LIMIT="$(date -u -d "$TODAY -18 years" +%F)"   # the latest birth date of someone 18 today
BORN30="$(date -u -d "$TODAY -30 years" +%F)"
BORN17="$(date -u -d "$TODAY -17 years" +%F)"
LIMIT_DAYS=$(($(date -u -d "$LIMIT" +%s) / 86400))

ok "GW  RegisterIssuer $PDISS (bbs-bls12381-sha256, Org1 User1)" '.status == "VALID"' \
  gw 1 User1 -json submit RegisterIssuer "@$PDW/reg.json"
ok "CLI SetIssuerSettings $PDISS: message 1 is a date (an integer message)" "" \
  as 1 User1 cc_invoke SetIssuerSettings "$PDISS" '{"integers":[{"index":1,"type":"date"}]}'
ok "CLI GetIssuer $PDISS on peer0.org2 shows the integer position" '.settings.integers == [{"index": 1, "type": "date"}]' \
  as 2 User1 cc_query GetIssuer "$PDISS"
rejected "GW  SetIssuerSettings changing the integer positions once set is refused" "BBS_INVALID_ARGUMENT.*cannot change" \
  gw 1 User1 submit SetIssuerSettings "$PDISS" '{"integers":[{"index":2,"type":"int64"}]}'

jq -n --arg id "$PDPOL" --arg iss "$PDISS" \
  '{id: $id, description: "adults: born at least 18 years before the transaction date", issuers: [{id: $iss}],
    predicates: [{index: 1, range: {maxDate: {yearsBeforeTx: 18}}}]}' > "$PDW/adult.json"
ok "GW  CreatePolicy $PDPOL (message 1 at most 18 years before the transaction's date)" \
  '.status == "VALID" and (.result.policy | fromjson | .predicates[0].range.maxDate.yearsBeforeTx == 18)' \
  gw 1 User1 -json submit CreatePolicy "@$PDW/adult.json"

# A holder born 30 years ago proves "born on or before $LIMIT".
setup "predtool: the request of a holder born $BORN30 proving birth date ≤ $LIMIT" \
  "$PREDTOOL" -key "$PDW/key.json" -issuer "$PDISS" -born "$BORN30" -max "$LIMIT" -policy "$PDPOL" -nonce "predicates e2e adult ${PRED_RUN:-} $(date +%s%N)"
printf '%s' "$OUT" > "$PDW/adult-req.json"
if jq -e '(.disclosed | map(.index)) == [0] and .predicates == [{"kind": "range", "index": 1, "max": '"$LIMIT_DAYS"'}]' "$PDW/adult-req.json" > /dev/null; then
  pass "the request discloses message 0 only; of message 1 it states only the bound ($LIMIT_DAYS days since 1970)"
else fail "the request discloses message 0 only" "$(jq -c '{disclosed, predicates}' "$PDW/adult-req.json")"; fi
ok "GW  VerifyProof: valid and satisfied, the predicate shown with its bound" \
  ".valid and .satisfied and .predicates == [{\"kind\": \"range\", \"index\": 1, \"range\": {\"min\": -9223372036854775808, \"max\": $LIMIT_DAYS}}]" \
  gw 1 User2 evaluate VerifyProof "@$PDW/adult-req.json"
ok "GW  SubmitProof by Org1 User2: committed, the receipt names the policy and the predicate" \
  ".status == \"VALID\" and .result.policy == \"$PDPOL\" and .result.predicates[0].index == 1 and .result.predicates[0].range.max == $LIMIT_DAYS" \
  gw 1 User2 -json submit SubmitProof "@$PDW/adult-req.json"
PDTX="$(jq -r '.result.txId // ""' <<< "$OUT")"
ok "CLI GetVerification $PDTX on peer0.org2: the predicate proven, message 0 alone disclosed" \
  ".policy == \"$PDPOL\" and (.disclosed | length) == 1 and .predicates[0].kind == \"range\" and .predicates[0].range.max == $LIMIT_DAYS" \
  as 2 User1 cc_query GetVerification "$PDTX"
rejected "GW  SubmitProof of the same request again is a replay" "BBS_REPLAY" \
  gw 1 User2 submit SubmitProof "@$PDW/adult-req.json"

# A holder of 17 cannot make the proof, and the bound that holds is refused.
rejected "predtool refuses to prove birth date ≤ $LIMIT for a holder born $BORN17 (no proof of a false statement)" "invalid argument|out of range|not in" \
  "$PREDTOOL" -key "$PDW/key.json" -issuer "$PDISS" -born "$BORN17" -max "$LIMIT" -policy "$PDPOL" -nonce "predicates e2e minor false $(date +%s%N)"
setup "predtool: the request of a holder born $BORN17 proving birth date ≤ $BORN17" \
  "$PREDTOOL" -key "$PDW/key.json" -issuer "$PDISS" -born "$BORN17" -max "$BORN17" -policy "$PDPOL" -nonce "predicates e2e minor ${PRED_RUN:-} $(date +%s%N)"
printf '%s' "$OUT" > "$PDW/minor-req.json"
ok "GW  VerifyProof of the 17-year-old: not valid, the unmet rule in words" \
  ".valid == false and .satisfied == false and .code == \"BBS_POLICY_NOT_SATISFIED\" and .unmet.rule == \"predicates\" and .unmet.index == 1 and (.unmet.reason | test(\"at most $LIMIT, 18 years before the transaction\"))" \
  gw 1 User2 evaluate VerifyProof "@$PDW/minor-req.json"
rejected "GW  SubmitProof of the 17-year-old is refused with the rule" "BBS_POLICY_NOT_SATISFIED.*at most $LIMIT, 18 years before" \
  gw 1 User2 submit SubmitProof "@$PDW/minor-req.json"
ok "GW  VerifyProof of the 17-year-old's request again: its nonce was not consumed" '.nonceConsumed == false' \
  gw 1 User2 evaluate VerifyProof "@$PDW/minor-req.json"

# Range parameters on the ledger, named by a policy: CCS08.
PDPAR="dates-u16${PRED_RUN:-}" PDPAR2="org2-u16${PRED_RUN:-}" PDPOL2="adult-1990${PRED_RUN:-}" PDPOL3="adult-org2${PRED_RUN:-}"
setup "predtool -gen-params 16 (range parameters, base 16)" "$PREDTOOL" -gen-params 16
printf '%s' "$OUT" > "$PDW/params.b64"
PDSHA="$(base64 -d "$PDW/params.b64" | sha256sum | cut -d' ' -f1)"
ok "GW  CreatePredicateParams $PDPAR by Org1 User1: range parameters of base 16, owned by Org1" \
  ".status == \"VALID\" and .result.kind == \"range\" and .result.base == 16 and .result.owner.mspId == \"Org1MSP\" and .result.sha256 == \"$PDSHA\"" \
  gw 1 User1 -json submit CreatePredicateParams "$PDPAR" "@$PDW/params.b64"
ok "CLI GetPredicateParams $PDPAR on peer0.org2: the same bytes" ".id == \"$PDPAR\" and .sha256 == \"$PDSHA\"" \
  as 2 User1 cc_query GetPredicateParams "$PDPAR"
rejected "GW  CreatePredicateParams $PDPAR again by Org2 User1 is refused (never rewritten)" "BBS_EXISTS" \
  gw 2 User1 submit CreatePredicateParams "$PDPAR" "@$PDW/params.b64"
D1990=$(($(date -u -d 1990-01-01 +%s) / 86400))
jq -n --arg id "$PDPOL2" --arg iss "$PDISS" --arg par "$PDPAR" --argjson min "$D1990" \
  '{id: $id, issuers: [{id: $iss}], predicates: [{index: 1, range: {min: $min, maxDate: {yearsBeforeTx: 18}}, params: $par}]}' > "$PDW/adult-1990.json"
ok "GW  CreatePolicy $PDPOL2 (born from 1990-01-01 to 18 years ago, over $PDPAR)" '.status == "VALID"' \
  gw 1 User1 -json submit CreatePolicy "@$PDW/adult-1990.json"
setup "predtool: a CCS08 request over $PDPAR, birth date in [1990-01-01, $LIMIT]" \
  "$PREDTOOL" -key "$PDW/key.json" -issuer "$PDISS" -born "$BORN30" -min 1990-01-01 -max "$LIMIT" -params-id "$PDPAR" -params "$PDW/params.b64" \
  -policy "$PDPOL2" -nonce "predicates e2e ccs08 ${PRED_RUN:-} $(date +%s%N)"
printf '%s' "$OUT" > "$PDW/ccs-req.json"
ok "GW  SubmitProof of the CCS08 request: committed, the predicate names the parameters and their hash" \
  ".status == \"VALID\" and .result.predicates[0].params == \"$PDPAR\" and .result.predicates[0].paramsSha256 == \"$PDSHA\" and .result.predicates[0].range.min == $D1990" \
  gw 1 User2 -json submit SubmitProof "@$PDW/ccs-req.json"
setup "predtool: the same statement with Bulletproofs (no parameters)" \
  "$PREDTOOL" -key "$PDW/key.json" -issuer "$PDISS" -born "$BORN30" -min 1990-01-01 -max "$LIMIT" -policy "$PDPOL2" -nonce "predicates e2e bp ${PRED_RUN:-} $(date +%s%N)"
printf '%s' "$OUT" > "$PDW/bp-req.json"
ok "GW  VerifyProof of the Bulletproofs request under $PDPOL2: the rule wants the named parameters" \
  '.valid == false and .unmet.rule == "predicates" and .unmet.index == 1' \
  gw 1 User2 evaluate VerifyProof "@$PDW/bp-req.json"
ok "GW  CreatePredicateParams $PDPAR2 by Org2 User1 (the same bytes, owned by Org2)" '.status == "VALID" and .result.owner.mspId == "Org2MSP"' \
  gw 2 User1 -json submit CreatePredicateParams "$PDPAR2" "@$PDW/params.b64"
jq --arg id "$PDPOL3" --arg par "$PDPAR2" '.id = $id | .predicates[0].params = $par' "$PDW/adult-1990.json" > "$PDW/adult-org2.json"
ok "GW  CreatePolicy $PDPOL3 by Org1 naming Org2's parameters" '.status == "VALID"' \
  gw 1 User1 -json submit CreatePolicy "@$PDW/adult-org2.json"
setup "predtool: a CCS08 request over $PDPAR2 under $PDPOL3" \
  "$PREDTOOL" -key "$PDW/key.json" -issuer "$PDISS" -born "$BORN30" -min 1990-01-01 -max "$LIMIT" -params-id "$PDPAR2" -params "$PDW/params.b64" \
  -policy "$PDPOL3" -nonce "predicates e2e org2 ${PRED_RUN:-} $(date +%s%N)"
printf '%s' "$OUT" > "$PDW/org2-req.json"
rejected "GW  VerifyProof under $PDPOL3: parameters of another MSP than the policy owner's are refused" "BBS_UNTRUSTED_RECORD.*not to the policy owner's MSP Org1MSP" \
  gw 1 User2 evaluate VerifyProof "@$PDW/org2-req.json"
