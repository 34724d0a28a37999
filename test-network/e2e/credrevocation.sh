#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Revocation levels 1 and 2 for W3C bbs-2023 credentials on the real
# network: credentials issued by the CLI (bbs vc issue) with an
# epoch claim (/credentialSubject/epoch) and a W3C Bitstring Status List
# entry (/credentialStatus), both mandatory; a credential policy with
# credential.epoch and credential.status; the issuer's epoch and status
# list set by its owner. Satisfied, then: the entry's bit set -> that
# credential refused (the rule in words), another still submitted; the
# epoch raised -> the old epoch refused, a credential reissued for the new
# epoch submitted.
#
# Sourced by e2e.sh after e2e/credentials.sh (it reuses its issuer, context,
# DID and the credential function). Run alone against a network where
# "network.sh deploy" ran (it runs e2e/credentials.sh first):
#
#   PORT_OFFSET=500 test-network/e2e/credrevocation.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-credrevocation
  VC_RUN="$RUN_SUFFIX"
  # shellcheck source=credentials.sh
  . "$TN_DIR/e2e/credentials.sh"
fi

section "Credential revocation (bbs-2023): an epoch claim and a Bitstring Status List entry"
CRL="vc-rev" CRP="vc-revocable${VC_RUN:-}"
CRURL="https://e2e.fabric-bbs.example/status/${VISS}/${CRL}"
ok "GW  SetIssuerEpoch $VISS 3 by its owner" '.status == "VALID" and .result.epoch == 3' \
  gw 1 User1 -json submit SetIssuerEpoch "$VISS" 3
ok "GW  CreateStatusList $VISS $CRL (revocation, 8192 entries) by its owner" '.status == "VALID" and .result.size == 8192' \
  gw 1 User1 -json submit CreateStatusList "$VISS" "$CRL" revocation 8192
jq -nc --arg id "$CRP" --arg iss "$VISS" --arg list "$CRL" --arg url "$CRURL" \
  '{id: $id, issuers: [{id: $iss}], credential: {epoch: {pointer: "/credentialSubject/epoch"},
    status: {list: $list, statusListCredential: $url}}}' > "$VCW/policy-rev.json"
ok "CLI CreatePolicy $CRP (credential.epoch, credential.status)" "" as 1 User1 cc_invoke CreatePolicy "@$VCW/policy-rev.json"

# rcredential NAME EPOCH INDEX: a credential of that epoch with status
# entry INDEX of the list, both mandatory, its request naming the policy.
rcredential() {
  credential "$1" '.credentialSubject.epoch = '"$2"' | .credentialStatus = {type: "BitstringStatusListEntry",
    statusPurpose: "revocation", statusListIndex: "'"$3"'", statusListCredential: "'"$CRURL"'"}' \
    /issuer,/type,/validFrom,/credentialSubject/epoch,/credentialStatus
  jq -c --arg id "$CRP" '. + {policy: {id: $id}}' "$VCW/$1.req.json" > "$VCW/$1.rev.req.json"
}
rcredential r41 3 41
rcredential r42 3 42
rcredential r43 3 43
rcredential r43b 4 43

ok "CLI VerifyCredential (epoch 3, entry 41): satisfied" '.valid == true and .satisfied == true and .policy == "'"$CRP"'"' \
  as 2 User1 cc_query VerifyCredential "@$VCW/r41.rev.req.json"
ok "GW  SubmitCredential (epoch 3, entry 41) commits" '.status == "VALID" and .result.valid == true and .result.policy == "'"$CRP"'"' \
  gw 2 User1 -json submit SubmitCredential "@$VCW/r41.rev.req.json"

ok "GW  UpdateStatusList set [42] by its owner" '.status == "VALID" and .result.set == [42]' \
  gw 1 User1 -json submit UpdateStatusList "$VISS" "$CRL" '{"set":[42]}'
ok "CLI VerifyCredential (entry 42) after the change: unmet credential.status, the rule in words" \
  '.valid == false and .unmet.rule == "credential.status" and (.unmet.reason | test("the credential is revoked: entry 42 of the status list"))' \
  as 1 User1 cc_query VerifyCredential "@$VCW/r42.rev.req.json"
rejected "GW  SubmitCredential (entry 42) is refused: revoked" "the credential is revoked: entry 42" \
  gw 2 User1 submit SubmitCredential "@$VCW/r42.rev.req.json"
ok "CLI VerifyCredential (entry 43) still satisfied" '.valid == true and .satisfied == true' \
  as 2 User1 cc_query VerifyCredential "@$VCW/r43.rev.req.json"

ok "GW  SetIssuerEpoch $VISS 4 by its owner" '.status == "VALID" and .result.epoch == 4 and .result.previous == 3' \
  gw 1 User1 -json submit SetIssuerEpoch "$VISS" 4
ok "CLI VerifyCredential (epoch 3) after the raise: unmet credential.epoch, the rule in words" \
  '.valid == false and .unmet.rule == "credential.epoch" and .unmet.pointer == "/credentialSubject/epoch" and (.unmet.reason | test("epoch 3 .* is older than the 4 the policy accepts"))' \
  as 2 User1 cc_query VerifyCredential "@$VCW/r43.rev.req.json"
rejected "GW  SubmitCredential (epoch 3) is refused" "is older than the 4" \
  gw 1 User1 submit SubmitCredential "@$VCW/r43.rev.req.json"
ok "GW  SubmitCredential reissued for epoch 4 (entry 43) commits" '.status == "VALID" and .result.valid == true' \
  gw 1 User1 -json submit SubmitCredential "@$VCW/r43b.rev.req.json"
