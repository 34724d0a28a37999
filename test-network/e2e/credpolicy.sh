#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Credential policies, SubmitCredentials and per-issuer contexts on the real
# network: a credential policy on a claim value, met (through the
# peer CLI, and through the Gateway client, with the claims recorded because
# the policy says recordClaims) and unmet (refused with the rule in words,
# nothing consumed); SubmitCredentials of three credentials with one
# tampered, through the Gateway client (two recorded, the bad one refused);
# another organisation cannot register a context for the issuer.
#
# Sourced by e2e.sh after e2e/credentials.sh (it reuses its issuer, context,
# DID and the credential function). Run alone against a network where
# "network.sh deploy" ran (it runs e2e/credentials.sh first):
#
#   PORT_OFFSET=400 test-network/e2e/credpolicy.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-credpolicy
  VC_RUN="$RUN_SUFFIX"
  # shellcheck source=credentials.sh
  . "$TN_DIR/e2e/credentials.sh"
fi

section "Credential policies (bbs-2023): claim rules, SubmitCredentials, contexts per issuer"
CPC="class-c${VC_RUN:-}" CPA="class-a${VC_RUN:-}"
jq -nc --arg id "$CPC" --arg iss "$VISS" \
  '{id: $id, issuers: [{id: $iss}], credential: {types: ["VerifiableCredential"], requireValidFrom: true,
    claims: [{pointer: "/credentialSubject/licenseClass", equals: "C"}], recordClaims: true}}' > "$VCW/policy-c.json"
jq -nc --arg id "$CPA" --arg iss "$VISS" \
  '{id: $id, issuers: [{id: $iss}], credential: {claims: [{pointer: "/credentialSubject/licenseClass", oneOf: ["A", "B"]}]}}' > "$VCW/policy-a.json"
ok "CLI CreatePolicy $CPC (licenseClass must equal C, claims recorded)" "" \
  as 1 User1 cc_invoke CreatePolicy "@$VCW/policy-c.json"
ok "CLI CreatePolicy $CPA (licenseClass must be A or B)" "" \
  as 1 User1 cc_invoke CreatePolicy "@$VCW/policy-a.json"

# with_policy NAME ID: the request of credential NAME naming policy ID.
with_policy() { jq -c --arg id "$2" '. + {policy: {id: $id}}' "$VCW/$1.req.json" > "$VCW/$1.$2.req.json"; }

credential pmet . /issuer,/type,/validFrom
with_policy pmet "$CPC"
with_policy pmet "$CPA"
ok "CLI VerifyCredential with $CPA: unmet, the rule in words" \
  '.valid == false and .satisfied == false and .unmet.rule == "credential.claims" and (.unmet.reason | test("must be \"A\" or \"B\""))' \
  as 1 User1 cc_query VerifyCredential "@$VCW/pmet.$CPA.req.json"
rejected "CLI SubmitCredential with $CPA is refused (policy not satisfied)" "not satisfied" \
  as 1 User1 cc_invoke SubmitCredential "@$VCW/pmet.$CPA.req.json"
ok "CLI VerifyCredential with $CPC: satisfied, its nonce still unused" \
  '.valid == true and .satisfied == true and .policy == "'"$CPC"'" and .nonceConsumed == false' \
  as 2 User1 cc_query VerifyCredential "@$VCW/pmet.$CPC.req.json"
ok "GW  SubmitCredential with $CPC (Org2 User1)" '.status == "VALID" and .result.valid == true and .result.policy == "'"$CPC"'"' \
  gw 2 User1 -json submit SubmitCredential "@$VCW/pmet.$CPC.req.json"
PTX="$(printf '%s' "$OUT" | jq -r '.result.txId')"
ok "CLI GetCredentialVerification: the policy, and the claims it asked for" \
  '.policy == "'"$CPC"'" and (.policySha256 | length) == 64 and (.claims | fromjson | .credentialSubject.licenseClass == "C")' \
  as 1 User1 cc_query GetCredentialVerification "$PTX"

credential b1 . /issuer,/type,/validFrom
credential b2 . /issuer,/type,/validFrom
credential b3 . /issuer,/type,/validFrom
jq '.credentialSubject.licenseClass = "A"' "$VCW/b2.derived.json" | jq -c '{credential: .}' > "$VCW/b2.req.json"
jq -sc '.' "$VCW/b1.req.json" "$VCW/b2.req.json" "$VCW/b3.req.json" > "$VCW/batch.json"
ok "GW  SubmitCredentials of three, the second tampered: two recorded, the second refused" \
  '.status == "VALID" and .result.count == 3 and .result.validCount == 2 and .result.results[1].refused == true and (.result.results[1].reason | test("proof rejected"))' \
  gw 1 User1 -json submit SubmitCredentials "@$VCW/batch.json"
BTX="$(printf '%s' "$OUT" | jq -r '.result.txId')"
ok "CLI GetCredentialVerification of items 0 and 2" '.credentialIssuer == "'"$DID"'"' \
  as 1 User1 cc_query GetCredentialVerification "$BTX#2"
rejected "CLI GetCredentialVerification of the tampered item: none" "not found" \
  as 1 User1 cc_query GetCredentialVerification "$BTX#1"
rejected "CLI SubmitCredential of batch item 0 again is a replay" "replay" \
  as 1 User1 cc_invoke SubmitCredential "@$VCW/b1.req.json"

rejected "CLI RegisterContext for $VISS by another organisation's user is refused" "access denied" \
  as 2 User1 cc_invoke RegisterContext "$VISS" "https://e2e.fabric-bbs.example/contexts/squat${VC_RUN:-}" "@$VCW/ctx.json"
