#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Revocation level 3 on the real network: an issuer's
# credentials carry a random revocation handle (message 2); the issuer
# publishes an accumulator (SetAccumulator, owner only) and gives each
# holder a witness (bbs acc-witness); holders present with non-revocation
# (bbs prove --non-revoked) under a policy with an accumulator rule of grace
# 0. The issuer revokes one holder (bbs revoke, RevokeHandle): from the next
# block that holder is refused, and so is any presentation against the old
# version; the revoked holder cannot update its witness, the other updates
# from the ledger's removal record alone (GetAccumulatorRemoval, bbs
# update-witness) and is accepted again. Then a batch: the issuer revokes
# two more holders at once (bbs revoke with two credentials, RevokeHandles,
# one version; through Org2 refused); from the next block both are refused
# and cannot update their witnesses, and alice updates from the ledger's
# batch record (GetAccumulatorRemoval) alone and is accepted. Revoking bob
# again from the current version is refused (BBS_EXISTS, naming version 1).
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built. Run alone against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=600 test-network/e2e/revocation-acc.sh
#
# Its own issuer (bbs-bls12381-sha256) and policy get a suffix per run.

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-revocation-acc
  ACC_RUN="$RUN_SUFFIX"
fi

section "Revocation level 3: accumulator (SetAccumulator, RevokeHandle) and presentations with non-revocation"
RAW="$W/revocation-acc"
mkdir -p "$RAW"
AISS="acc-issuer${ACC_RUN:-}" APOL="acc-pol${ACC_RUN:-}"
setup "bbs keygen ($AISS)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$RAW/key.json"
# Messages: 0 a name, 1 a role, 2 the revocation handle (random, one per credential).
asave() { # FILE CMD...: CMD's standard output into FILE
  local f="$1"
  shift
  "$@" > "$f"
}
acred() { # NAME
  printf '["name=%s", "role=member", "handle-%s"]\n' "$1" "$(head -c 24 /dev/urandom | od -An -tx1 | tr -d ' \n')" > "$RAW/$1.msgs.json"
  setup "bbs sign $1" "$BBS" sign --key "$RAW/key.json" --messages "$RAW/$1.msgs.json" --out "$RAW/$1.cred.json"
}
acred alice
acred bob
regdoc "$RAW/reg.json" "$RAW/key.json" "$AISS" 1 User1 3
jq -n --arg id "$APOL" --arg iss "$AISS" \
  '{id: $id, issuers: [{id: $iss}], messageCount: 3, disclosed: [{index: 0}], accumulator: {index: 2, grace: 0}}' > "$RAW/pol.json"
setup "bbs policy check pol.json (accumulator rule)" "$BBS" policy check "$RAW/pol.json"
setup "bbs acc-keygen (handle: message 2)" asave "$RAW/acc-args.json" "$BBS" acc-keygen --handle-index 2 --out "$RAW/acc.json"
for n in alice bob; do
  setup "bbs acc-witness $n (version 0)" "$BBS" acc-witness --acc "$RAW/acc.json" --credential "$RAW/$n.cred.json" --out "$RAW/$n.witness.json"
done
# A witness for alice's message 1 instead of her handle (message 2), and a
# presentation of it without a policy: the contract refuses the index.
setup "bbs acc-witness alice for message 1" "$BBS" acc-witness --acc "$RAW/acc.json" --credential "$RAW/alice.cred.json" --handle-index 1 --out "$RAW/alice.witness1.json"
setup "bbs prove alice-index1 (no policy)" "$BBS" prove --credential "$RAW/alice.cred.json" --reveal 0 --nonce-random --issuer "$AISS" \
  --non-revoked "$RAW/alice.witness1.json" --out "$RAW/alice-index1.json"
aprove() { # REQUEST NAME [extra flags]
  local out="$1" n="$2"
  shift 2
  setup "bbs prove $out" "$BBS" prove --credential "$RAW/$n.cred.json" --reveal 0 --nonce-random --issuer "$AISS" --policy "$APOL" --out "$RAW/$out.json" "$@"
}
for r in alice1 alice2 bob1 bob2; do aprove "$r" "${r%[0-9]}" --non-revoked "$RAW/${r%[0-9]}.witness.json"; done
aprove plain alice

ok "GW  RegisterIssuer $AISS (Org1 User1)" '.status == "VALID"' gw 1 User1 -json submit RegisterIssuer "@$RAW/reg.json"
ok "GW  CreatePolicy $APOL (accumulator rule, grace 0)" '.status == "VALID" and .result.version == 1' gw 1 User1 -json submit CreatePolicy "@$RAW/pol.json"
APK="$(jq -r .publicKey "$RAW/acc-args.json")" AV0="$(jq -r .initialValue "$RAW/acc-args.json")" AHI="$(jq -r .handleIndex "$RAW/acc-args.json")"
ok "GW  VerifyProof before SetAccumulator: unmet accumulator rule, the issuer publishes no accumulator" \
  '.valid == false and .satisfied == false and .unmet.rule == "accumulator" and (.unmet.reason | endswith("publishes no accumulator"))' \
  gw 1 User1 evaluate VerifyProof "@$RAW/alice1.json"
rejected "GW  SetAccumulator $AISS by Org2 User1 is refused" "access denied" gw 2 User1 submit SetAccumulator "$AISS" "$APK" "$AV0" "$AHI"
ok "GW  SetAccumulator $AISS by its owner: version 0, handle message 2" '.status == "VALID" and .result.version == 0 and .result.handleIndex == 2' \
  gw 1 User1 -json submit SetAccumulator "$AISS" "$APK" "$AV0" "$AHI"
ok "GW  VerifyProof of alice's message 1 as the handle, no policy: refused before any pairing" \
  '.valid == false and .code == "BBS_PROOF_REJECTED" and (.reason | contains("proves the membership of message 1"))' \
  gw 2 User1 evaluate VerifyProof "@$RAW/alice-index1.json"

ok "GW  VerifyProof alice (non-revoked at version 0): satisfied" \
  '.valid == true and .satisfied == true and .nonRevocation.version == 0 and .nonRevocation.currentVersion == 0 and .nonRevocation.handleIndex == 2' \
  gw 2 User1 evaluate VerifyProof "@$RAW/alice1.json"
ok "GW  SubmitProof alice commits, at accumulator version 0" '.status == "VALID" and .result.nonRevocation.version == 0' \
  gw 1 User2 -json submit SubmitProof "@$RAW/alice1.json"
rejected "GW  SubmitProof of a plain proof under the accumulator rule is refused" "presentation with non-revocation \(nonRevoked\).* is required" \
  gw 1 User2 submit SubmitProof "@$RAW/plain.json"

setup "CLI GetAccumulator $AISS (for bbs revoke --ledger)" asave "$RAW/acc-record.json" as 1 User1 cc_query GetAccumulator "$AISS"
setup "bbs revoke bob" asave "$RAW/removal.b64" "$BBS" revoke --acc "$RAW/acc.json" --credential "$RAW/bob.cred.json" --ledger "$RAW/acc-record.json"
REMOVAL="$(cat "$RAW/removal.b64")"
rejected "GW  RevokeHandle by Org2 User1 is refused" "access denied" gw 2 User1 submit RevokeHandle "$AISS" "$REMOVAL"
ok "GW  RevokeHandle bob by its owner: version 1" '.status == "VALID" and .result.version == 1' \
  gw 1 User1 -json submit RevokeHandle "$AISS" "$REMOVAL"
rejected "GW  RevokeHandle replayed is refused" "makes version 1, the accumulator is at version 1" gw 1 User1 submit RevokeHandle "$AISS" "$REMOVAL"
rejected "GW  SubmitProof bob in a later block is refused: version 0 is older than the 1 the policy accepts" \
  "against accumulator version 0, older than the 1 the policy accepts" gw 2 User2 submit SubmitProof "@$RAW/bob1.json"
rejected "GW  SubmitProof alice with her version-0 witness is refused too" "older than the 1 the policy accepts" \
  gw 1 User2 submit SubmitProof "@$RAW/alice2.json"

setup "CLI GetAccumulatorRemoval $AISS 1 on peer0.org2" asave "$RAW/r1.json" as 2 User1 cc_query GetAccumulatorRemoval "$AISS" 1
ok "CLI GetAccumulatorRemoval 1: the 88-byte record (120 base64 characters)" '.version == 1 and (.removal | length) == 120' cat "$RAW/r1.json"
rejected "bbs update-witness bob from the removal record: revoked" "revoked" \
  "$BBS" update-witness --witness "$RAW/bob.witness.json" --credential "$RAW/bob.cred.json" "$RAW/r1.json"
ok "bbs update-witness alice from the removal record alone: version 1" "" \
  "$BBS" update-witness --witness "$RAW/alice.witness.json" --credential "$RAW/alice.cred.json" "$RAW/r1.json"
aprove alice3 alice --non-revoked "$RAW/alice.witness.json"
ok "GW  SubmitProof alice with the updated witness commits, at version 1" \
  '.status == "VALID" and .result.nonRevocation.version == 1 and .result.nonRevocation.currentVersion == 1' \
  gw 2 User2 -json submit SubmitProof "@$RAW/alice3.json"
ok "CLI GetVerification of it on peer0.org1: nonRevocation version 1, message 2" '.nonRevocation.version == 1 and .nonRevocation.handleIndex == 2' \
  as 1 User1 cc_query GetVerification "$(jq -r .result.txId <<< "$OUT")"

# A batch (RevokeHandles, one version for two holders): carol and dave get
# witnesses at version 1 and present; the issuer revokes both at once (bbs
# revoke with two credentials prints the VB20 batch record); from the next
# block both are refused and cannot update, and alice updates from the
# ledger's batch record alone and is accepted at version 2.
acred carol
acred dave
setup "CLI GetAccumulator $AISS at version 1" asave "$RAW/acc-record1.json" as 1 User1 cc_query GetAccumulator "$AISS"
for n in carol dave; do
  setup "bbs acc-witness $n (version 1, from the ledger's record)" "$BBS" acc-witness --acc "$RAW/acc.json" --credential "$RAW/$n.cred.json" \
    --ledger "$RAW/acc-record1.json" --out "$RAW/$n.witness.json"
  aprove "${n}1" "$n" --non-revoked "$RAW/$n.witness.json"
  aprove "${n}2" "$n" --non-revoked "$RAW/$n.witness.json"
done
ok "GW  SubmitProof carol at version 1 commits" '.status == "VALID" and .result.nonRevocation.version == 1' \
  gw 1 User2 -json submit SubmitProof "@$RAW/carol1.json"
ok "GW  VerifyProof dave at version 1: satisfied" '.valid == true and .satisfied == true and .nonRevocation.version == 1' \
  gw 2 User1 evaluate VerifyProof "@$RAW/dave1.json"
setup "bbs revoke carol and dave (one batch)" asave "$RAW/batch.b64" "$BBS" revoke --acc "$RAW/acc.json" \
  --credential "$RAW/carol.cred.json" --credential "$RAW/dave.cred.json" --ledger "$RAW/acc-record1.json"
BATCH="$(cat "$RAW/batch.b64")"
rejected "GW  RevokeHandles by Org2 User1 is refused" "access denied" gw 2 User1 submit RevokeHandles "$AISS" "$BATCH"
rejected "GW  RevokeHandle with the batch record is refused" "removal is 232 characters, too long" gw 1 User1 submit RevokeHandle "$AISS" "$BATCH"
ok "GW  RevokeHandles carol and dave by its owner: version 2" '.status == "VALID" and .result.version == 2' \
  gw 1 User1 -json submit RevokeHandles "$AISS" "$BATCH"
rejected "GW  RevokeHandles replayed is refused" "makes version 2, the accumulator is at version 2" gw 1 User1 submit RevokeHandles "$AISS" "$BATCH"
# A handle removed at an earlier version, removed again from the current
# one: the record verifies, but the contract's per-handle index refuses it.
setup "CLI GetAccumulator $AISS at version 2" asave "$RAW/acc-record2.json" as 1 User1 cc_query GetAccumulator "$AISS"
setup "copy acc.json (the issuer keeps its own at version 2)" cp "$RAW/acc.json" "$RAW/acc-again.json"
setup "bbs revoke bob again" asave "$RAW/again.b64" "$BBS" revoke --acc "$RAW/acc-again.json" --credential "$RAW/bob.cred.json" --ledger "$RAW/acc-record2.json"
rejected "GW  RevokeHandle of bob again (removed at version 1) is refused: BBS_EXISTS" "BBS_EXISTS.*already removed at version 1" \
  gw 1 User1 submit RevokeHandle "$AISS" "$(cat "$RAW/again.b64")"
rejected "GW  SubmitProof carol in a later block is refused: version 1 is older than the 2 the policy accepts" \
  "against accumulator version 1, older than the 2 the policy accepts" gw 2 User2 submit SubmitProof "@$RAW/carol2.json"
rejected "GW  SubmitProof dave in a later block is refused too" \
  "against accumulator version 1, older than the 2 the policy accepts" gw 1 User2 submit SubmitProof "@$RAW/dave2.json"
ok "GW  VerifyProof dave (version 1) now: unmet accumulator rule" '.satisfied == false and .unmet.rule == "accumulator"' \
  gw 2 User1 evaluate VerifyProof "@$RAW/dave1.json"

setup "CLI GetAccumulatorRemoval $AISS 2 on peer0.org2" asave "$RAW/r2.json" as 2 User1 cc_query GetAccumulatorRemoval "$AISS" 2
ok "CLI GetAccumulatorRemoval 2: the batch record of two (172 bytes, 232 base64 characters), no single removal" \
  '.version == 2 and (.batch | length) == 232 and ((.removal // "") | length) == 0' cat "$RAW/r2.json"
for n in carol dave; do
  rejected "bbs update-witness $n from the batch record: revoked" "revoked" \
    "$BBS" update-witness --witness "$RAW/$n.witness.json" --credential "$RAW/$n.cred.json" "$RAW/r2.json"
done
ok "bbs update-witness alice from the batch record alone: version 2" "" \
  "$BBS" update-witness --witness "$RAW/alice.witness.json" --credential "$RAW/alice.cred.json" "$RAW/r2.json"
ok "alice's witness is at version 2" '.version == 2' cat "$RAW/alice.witness.json"
aprove alice4 alice --non-revoked "$RAW/alice.witness.json"
ok "GW  SubmitProof alice with the witness updated from the batch commits, at version 2" \
  '.status == "VALID" and .result.nonRevocation.version == 2 and .result.nonRevocation.currentVersion == 2' \
  gw 2 User2 -json submit SubmitProof "@$RAW/alice4.json"
