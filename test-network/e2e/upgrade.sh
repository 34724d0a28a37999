#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# A chaincode upgrade while records of every kind exist: a new golang
# package of bbs (the same module with contract.Version raised, so the
# package and its ID are new), installed on both peers, approved by both
# organisations and committed at sequence + 1. Before it, every record the
# earlier parts wrote is read (issuers and their histories, policies and
# their versions, verification and credential records, pseudonym uses,
# epochs, status lists, accumulators and their removal records, contexts,
# the endorsement configuration) and stored requests are verified; after
# it, the new code must read the same bytes and give the same verdicts, a
# replayed proof is still refused, a spent pseudonym stays spent, and new
# proofs against the old issuer and accumulator records verify and commit.
#
# Sourced by e2e.sh after every other part that writes records and before
# the chaincode-as-a-service redeploy (which then commits the next
# sequence). Needs the variables those parts set; a record whose part did
# not run is skipped and said so.

section "Upgrade: a new package of bbs, sequence + 1, approved by both organisations, while records of every kind exist"
UPW="$W/upgrade"
mkdir -p "$UPW"

# The read-only calls whose answers must not change. Each line: a name for
# the report, then the function and its arguments. An argument that is
# empty because its part did not run drops the line.
up_reads=()
up_read() { # NAME FUNCTION ARGS...
  up_reads+=("$(jq -cn --args '$ARGS.positional' "$@")")
}
# has NAME VALUE...: true if every VALUE is set; else says the read is skipped.
has() {
  local v
  for v in "${@:2}"; do [ -n "$v" ] || { echo "  (skipped: $1, its part did not run)"; return 1; }; done
}
up_read "endorsement configuration" GetEndorsementConfig
up_read "issuers" ListIssuers 200 ""
up_read "cli-issuer history" GetIssuerHistory cli-issuer 10 ""
up_read "flow-issuer" GetIssuer flow-issuer
has "verification record" "${TX_A1:-}" && up_read "verification record" GetVerification "$TX_A1"
has "verification record (pseudonym)" "${TX_NYM1:-}" && up_read "verification record (pseudonym)" GetVerification "$TX_NYM1"
up_read "policies" ListPolicies 200 ""
if has "policy versions" "${POL:-}"; then
  up_read "policy version 1" GetPolicy "$POL" 1
  up_read "policy version 2" GetPolicy "$POL" 2
fi
has "credential record (bbs-2023)" "${VTX:-}" && up_read "credential record (bbs-2023)" GetCredentialVerification "$VTX"
has "credential record (BbsBlsSignatureProof2020)" "${TX20:-}" &&
  up_read "credential record (BbsBlsSignatureProof2020)" GetCredentialVerification "$TX20"
has "credential record (bbs-2023 pseudonym)" "${NTX:-}" && up_read "credential record (bbs-2023 pseudonym)" GetCredentialVerification "$NTX"
has "credential batch item" "${BTX:-}" && up_read "credential batch item" GetCredentialVerification "$BTX#1"
has "context" "${VISS:-}" "${VCTX:-}" && up_read "context" GetContext "$VISS" "$VCTX"
if has "epoch and status list" "${RISS:-}"; then
  up_read "epoch" GetIssuerEpoch "$RISS"
  up_read "status entry" GetStatusEntry "$RISS" revocation 12
  up_read "status list" GetStatusList "$RISS" revocation
fi
if has "accumulator" "${AISS:-}"; then
  up_read "accumulator" GetAccumulator "$AISS"
  up_read "accumulator removal 1" GetAccumulatorRemoval "$AISS" 1
  up_read "accumulator removal 2 (batch)" GetAccumulatorRemoval "$AISS" 2
fi
if [ -n "${TX_NYM1:-}" ]; then
  NYM_CTX1="$(jq -r .context "$W/nym-a1.json" 2> /dev/null || true)"
  NYM_PS1="$(jq -r .pseudonym "$W/nym-a1.json" 2> /dev/null || true)"
  up_read "pseudonym uses" GetPseudonymUses "$NYM_CTX1" "$NYM_PS1"
fi

# Stored requests whose verdict must not change (VerifyProof and
# VerifyCredential are read-only): the verdict fields, not the whole answer.
up_verdicts=()
up_verdict() { # NAME FUNCTION FILE
  if [ -f "$3" ]; then up_verdicts+=("$(jq -cn --args '$ARGS.positional' "$@")"); else echo "  (skipped: $1, no $3)"; fi
}
up_verdict "proof (flow-issuer, its nonce spent)" VerifyProof "$W/reqC1.json"
up_verdict "proof under a policy" VerifyProof "${PLW:-/nonexistent}/sat1.json"
up_verdict "proof with an epoch and a status list" VerifyProof "${RVW:-/nonexistent}/bob2b.json"
up_verdict "presentation with non-revocation (revoked holder)" VerifyProof "${RAW:-/nonexistent}/dave1.json"
up_verdict "bbs-2023 credential" VerifyCredential "${VCW:-/nonexistent}/good.req.json"
up_verdict "BbsBlsSignatureProof2020 credential" VerifyCredential "${CMW:-/nonexistent}/d2020.req.json"
up_verdict "Digital Bazaar credential" VerifyCredential "${DBW:-/nonexistent}/req1.json"

up_snapshot() { # DIR: every read and verdict, one file each, on both peers
  local dir="$1" i org line fn
  mkdir -p "$dir"
  for org in 1 2; do
    for i in "${!up_reads[@]}"; do
      line="${up_reads[$i]}"
      mapfile -t args < <(jq -r '.[1:][]' <<< "$line")
      # the answer (standard output; the v3 peer CLI logs to standard error), or a refusal's code
      as "$org" User1 cc_query "${args[@]}" > "$dir/read-$org-$i" 2> "$dir/read-$org-$i.err" ||
        { grep -o 'BBS_[A-Z_]*' "$dir/read-$org-$i.err" | head -n 1 || echo "no answer"; } > "$dir/read-$org-$i"
    done
    for i in "${!up_verdicts[@]}"; do
      line="${up_verdicts[$i]}"
      fn="$(jq -r '.[1]' <<< "$line")"
      out="$(as "$org" User1 cc_query "$fn" "@$(jq -r '.[2]' <<< "$line")" 2> "$dir/verdict-$org-$i.err" ||
        cat "$dir/verdict-$org-$i.err")"
      # the verdict fields of an answer, or the code of a refusal
      jq -cS '{valid, satisfied, reason, unmet, nonceConsumed}' <<< "$out" > "$dir/verdict-$org-$i" 2> /dev/null ||
        { grep -o 'BBS_[A-Z_]*' <<< "$out" | head -n 1 || echo "no answer: $out"; } > "$dir/verdict-$org-$i"
    done
  done
}
up_snapshot "$UPW/before"

# The new package: the module as the first deploy staged it, with
# contract.Version raised by a build-metadata suffix, so that the code the
# peers build is not the deployed one and GetMetadata shows which runs.
OLD_VERSION="$(as 1 User1 cc_query org.hyperledger.fabric:GetMetadata | jq -r '.contracts.bbs.info.version')"
NEW_VERSION="${OLD_VERSION%%+*}+e2e.upgrade"
SEQ_BEFORE="$(cc_sequence)"
# (Outside the work tree: deploy.sh packages a folder that is not in a git
# work tree as it is.)
UPSRC="$(mktemp -d)/bbs-upgrade"
cp -a "$STATE_DIR/cc-src" "$UPSRC"
sed -i "s/^const Version = \"[^\"]*\"/const Version = \"$NEW_VERSION\"/" "$UPSRC/contract/contract.go"
if grep -q "^const Version = \"$NEW_VERSION\"" "$UPSRC/contract/contract.go"; then
  pass "the new package's source: contract.Version $OLD_VERSION -> $NEW_VERSION"
else fail "the new package's source: contract.Version raised" "$(grep -n 'const Version' "$UPSRC/contract/contract.go")"; fi
t=$(now_ms)
run env CC_SRC="$UPSRC" CC_VERSION=2.0 DEPLOY_POLL=false "$TN_DIR/network.sh" deploy
T_UPGRADE="$(secs $(($(now_ms) - t)))"
rm -rf "$(dirname "$UPSRC")"
if [ "$RC" -eq 0 ]; then pass "upgrade: package bbs_2.0 installed on both peers, approved by Org1 and Org2, committed ($T_UPGRADE)"
else fail "upgrade: network.sh deploy of the new package" "$OUT
$ERR"; fi
ok "CLI querycommitted: sequence $((SEQ_BEFORE + 1)), version 2.0" \
  ".sequence == $((SEQ_BEFORE + 1)) and .version == \"2.0\"" \
  as 2 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json
for org in 1 2; do
  ok "CLI GetMetadata on peer0.org$org: the new code runs (version $NEW_VERSION)" \
    ".contracts.bbs.info.version == \"$NEW_VERSION\"" as "$org" User1 cc_query org.hyperledger.fabric:GetMetadata
done

up_snapshot "$UPW/after"
for org in 1 2; do
  for i in "${!up_reads[@]}"; do
    name="$(jq -r '.[0]' <<< "${up_reads[$i]}")"
    if [ ! -s "$UPW/before/read-$org-$i" ]; then fail "peer0.org$org: $name read before the upgrade" "empty answer"
    elif cmp -s "$UPW/before/read-$org-$i" "$UPW/after/read-$org-$i"; then
      pass "peer0.org$org: $name reads back byte for byte after the upgrade"
    else fail "peer0.org$org: $name reads back after the upgrade" "$(diff "$UPW/before/read-$org-$i" "$UPW/after/read-$org-$i" | head -n 8)"; fi
  done
  for i in "${!up_verdicts[@]}"; do
    name="$(jq -r '.[0]' <<< "${up_verdicts[$i]}")"
    if [ -s "$UPW/before/verdict-$org-$i" ] && cmp -s "$UPW/before/verdict-$org-$i" "$UPW/after/verdict-$org-$i"; then
      pass "peer0.org$org: $name: the same verdict after the upgrade ($(jq -c '{valid, satisfied}' "$UPW/after/verdict-$org-$i" 2> /dev/null || cat "$UPW/after/verdict-$org-$i"))"
    else fail "peer0.org$org: $name: the same verdict after the upgrade" "before: $(cat "$UPW/before/verdict-$org-$i") after: $(cat "$UPW/after/verdict-$org-$i")"; fi
  done
done

# Writes against the old records, through the new code.
rejected "CLI SubmitProof of a proof submitted before the upgrade is still a replay" "BBS_REPLAY" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqC1.json"
prove "$UPW/flow.json" "$W/credC.json" flow-issuer --nonce-random
ok "GW  SubmitProof of a new proof of flow-issuer (registered before the upgrade) commits" \
  '.status == "VALID" and .result.valid == true' gw 2 User1 -json submit SubmitProof "@$UPW/flow.json"
if [ -n "${AISS:-}" ] && [ -f "$RAW/alice.witness.json" ]; then
  as 1 User1 cc_query GetAccumulator "$AISS" > "$UPW/acc.json" 2> /dev/null || true
  setup "bbs prove alice with non-revocation after the upgrade" "$BBS" prove --credential "$RAW/alice.cred.json" \
    --reveal 0 --nonce-random --issuer "$AISS" --non-revoked "$RAW/alice.witness.json" --policy "$APOL" --out "$UPW/alice.json"
  ok "GW  SubmitProof alice with non-revocation (accumulator and removal records from before the upgrade) commits" \
    '.status == "VALID" and .result.valid == true and .result.nonRevocation.version == 2' \
    gw 1 User2 -json submit SubmitProof "@$UPW/alice.json"
fi
if [ -n "${TX_NYM1:-}" ] && [ -f "$W/nym-a2.json" ]; then
  ok "CLI VerifyProof of a second use of a pseudonym spent before the upgrade: the use is still counted" \
    '.pseudonymUses == 1' as 1 User1 cc_query VerifyProof "@$W/nym-a2.json"
fi
