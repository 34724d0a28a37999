#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Revocation levels 1 and 2 on the real network: an issuer's
# credentials carry a validity period, an epoch and a status index as
# disclosed messages; a policy holds requests to them. SetIssuerEpoch and
# CreateStatusList by the owner, refused for another org; VerifyProof and
# SubmitProof satisfied; UpdateStatusList sets one entry, after which the
# revoked credential is refused and another still verifies; the owner's
# change endorsed by peer0.org2 alone is invalidated at commit; an expired
# credential is refused; the epoch is raised, after which the old epoch is
# refused and a reissued credential verifies.
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built. Run alone against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=600 test-network/e2e/revocation.sh
#
# Its own issuer (bbs-bls12381-sha256) and policy get a suffix per run.

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-revocation
  REV_RUN="$RUN_SUFFIX"
fi

section "Revocation: validity, epochs (SetIssuerEpoch) and status lists (CreateStatusList, UpdateStatusList)"
RVW="$W/revocation"
mkdir -p "$RVW"
RISS="rev-issuer${REV_RUN:-}" RPOL="rev-pol${REV_RUN:-}"
setup "bbs keygen ($RISS)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$RVW/key.json"
# Messages: 0 a claim, 1 valid from, 2 valid until (RFC 3339 UTC), 3 the
# epoch, 4 the status index (decimal text).
rcred() { # NAME FROM UNTIL EPOCH INDEX
  printf '["name=Alice Example", "%s", "%s", "%s", "%s"]\n' "$2" "$3" "$4" "$5" > "$RVW/$1.msgs.json"
  setup "bbs sign $1 (epoch $4, status index $5)" "$BBS" sign --key "$RVW/key.json" --messages "$RVW/$1.msgs.json" --out "$RVW/$1.cred.json"
}
rcred alice 2020-01-01T00:00:00Z 2099-12-31T23:59:59Z 1 12
rcred bob 2020-01-01T00:00:00Z 2099-12-31T23:59:59Z 1 13
rcred expired 2020-01-01T00:00:00Z 2021-01-01T00:00:00Z 1 14
rcred bob2 2020-01-01T00:00:00Z 2099-12-31T23:59:59Z 2 13
regdoc "$RVW/reg.json" "$RVW/key.json" "$RISS" 1 User1 5
jq -n --arg id "$RPOL" --arg iss "$RISS" \
  '{id: $id, issuers: [{id: $iss}], messageCount: 5, validity: {validFrom: 1, validUntil: 2}, epoch: {index: 3, grace: 0}, status: {index: 4, list: "revocation"}}' > "$RVW/pol.json"
setup "bbs policy check pol.json (validity, epoch and status rules)" "$BBS" policy check "$RVW/pol.json"
rprove() { # NAME CRED
  setup "bbs prove $1" "$BBS" prove --credential "$RVW/$2.cred.json" --reveal 1,2,3,4 --nonce-random --issuer "$RISS" --policy "$RPOL" --out "$RVW/$1.json"
}
for n in alice1 alice2 bob1 bob2; do rprove "$n" "${n%[0-9]}"; done
rprove expired expired
rprove bob2a bob2
rprove bob2b bob2

ok "GW  RegisterIssuer $RISS (Org1 User1)" '.status == "VALID"' gw 1 User1 -json submit RegisterIssuer "@$RVW/reg.json"
ok "GW  CreatePolicy $RPOL (validity, epoch, status)" '.status == "VALID" and .result.version == 1' gw 1 User1 -json submit CreatePolicy "@$RVW/pol.json"
ok "GW  VerifyProof before any epoch: unmet epoch rule, the issuer publishes no epoch" \
  '.satisfied == false and .unmet.rule == "epoch" and (.unmet.reason | endswith("publishes no epoch"))' gw 1 User1 evaluate VerifyProof "@$RVW/alice1.json"
rejected "GW  SetIssuerEpoch $RISS 1 by Org2 User1 is refused" "access denied" gw 2 User1 submit SetIssuerEpoch "$RISS" 1
ok "GW  SetIssuerEpoch $RISS 1 by its owner: epoch 1, previous -1" \
  '.status == "VALID" and .result.epoch == 1 and .result.previous == -1' gw 1 User1 -json submit SetIssuerEpoch "$RISS" 1
ok "CLI GetIssuerEpoch $RISS on peer0.org2: 1" '.epoch == 1' as 2 User1 cc_query GetIssuerEpoch "$RISS"
rejected "GW  CreateStatusList by Org2 User1 is refused" "access denied" gw 2 User1 submit CreateStatusList "$RISS" revocation revocation 131072
ok "GW  CreateStatusList $RISS revocation (131072 entries, 16 pages) by its owner" \
  '.status == "VALID" and .result.pages == 16 and .result.size == 131072' gw 1 User1 -json submit CreateStatusList "$RISS" revocation revocation 131072

ok "GW  VerifyProof alice (index 12, epoch 1, valid): satisfied" '.valid == true and .satisfied == true' gw 2 User1 evaluate VerifyProof "@$RVW/alice1.json"
ok "GW  SubmitProof alice commits" '.status == "VALID" and .result.valid == true' gw 1 User2 -json submit SubmitProof "@$RVW/alice1.json"
ok "CLI VerifyProof expired: unmet validity rule" '.satisfied == false and .unmet.rule == "validity" and .unmet.index == 2' \
  as 1 User2 cc_query VerifyProof "@$RVW/expired.json"
rejected "GW  SubmitProof expired is refused" "the credential has expired: valid until 2021-01-01T00:00:00Z" gw 1 User2 submit SubmitProof "@$RVW/expired.json"

rejected "GW  UpdateStatusList by Org2 User1 is refused" "access denied" gw 2 User1 submit UpdateStatusList "$RISS" revocation '{"set":[12]}'
rejected "GW  UpdateStatusList by its owner, endorsed by Org2MSP alone: ENDORSEMENT_POLICY_FAILURE" "ENDORSEMENT_POLICY_FAILURE" \
  gw 1 User1 -endorsing-orgs Org2MSP submit UpdateStatusList "$RISS" revocation '{"set":[12]}'
ok "GW  UpdateStatusList set [12] by its owner: one page rewritten (page 0, version 2)" \
  '.status == "VALID" and .result.set == [12] and .result.pages == [{"page":0,"version":2}]' \
  gw 1 User1 -json submit UpdateStatusList "$RISS" revocation '{"set":[12]}'
ok "CLI GetStatusEntry 12 on peer0.org2: set" '.set == true and .pageVersion == 2' as 2 User1 cc_query GetStatusEntry "$RISS" revocation 12
rejected "GW  SubmitProof alice (index 12) in a later block is refused: revoked" "the credential is revoked: entry 12" \
  gw 1 User2 submit SubmitProof "@$RVW/alice2.json"
ok "GW  SubmitProof bob (index 13) still commits" '.status == "VALID" and .result.valid == true' gw 2 User2 -json submit SubmitProof "@$RVW/bob1.json"

ok "GW  SetIssuerEpoch $RISS 2 by its owner" '.status == "VALID" and .result.epoch == 2 and .result.previous == 1' \
  gw 1 User1 -json submit SetIssuerEpoch "$RISS" 2
rejected "GW  SetIssuerEpoch $RISS 2 again is refused: an epoch only rises" "only rises" gw 1 User1 submit SetIssuerEpoch "$RISS" 2
rejected "GW  SubmitProof bob of epoch 1 after the raise is refused" "epoch 1 is older than the 2" gw 2 User2 submit SubmitProof "@$RVW/bob2.json"
ok "GW  SubmitProof bob reissued with epoch 2 commits" '.status == "VALID" and .result.valid == true' gw 2 User2 -json submit SubmitProof "@$RVW/bob2a.json"
ok "CLI VerifyProof bob reissued on peer0.org1: satisfied" '.satisfied == true' as 1 User1 cc_query VerifyProof "@$RVW/bob2b.json"
