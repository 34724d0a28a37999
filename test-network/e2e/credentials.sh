#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# W3C verifiable credentials (bbs-2023) on the real network (the
# contract's first cut): an issuer registered with the key of its did:key
# (bbs vc keygen), an application context registered for it by its owner
# (RegisterContext; re-registration and another organisation refused), a credential issued by the CLI (bbs vc issue)
# naming that context, derived for a 32-byte nonce (bbs vc derive),
# VerifyCredential through the peer CLI and the Gateway client,
# SubmitCredential through the peer CLI with GetCredentialVerification and
# GetVerification read back (hashes, no claim), the same presentation
# replayed through the Gateway refused, a tampered claim refused, a
# credential past its validUntil refused.
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built (uses its helpers and W, BBS). Run alone against a network where
# "network.sh deploy" ran:
#
#   PORT_OFFSET=200 test-network/e2e/credentials.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-credentials
  VC_RUN="$RUN_SUFFIX"
fi

section "W3C credentials (bbs-2023): RegisterContext, VerifyCredential, SubmitCredential"
VCW="$W/credentials"
mkdir -p "$VCW"
VISS="vc-issuer${VC_RUN:-}"
VCTX="https://e2e.fabric-bbs.example/contexts/license${VC_RUN:-}/v1"

setup "bbs vc keygen ($VISS)" "$BBS" vc keygen --out "$VCW/issuer.json"
DID="$(printf '%s' "$OUT" | tr -d '\n')"
printf '%s' '{"@context":{"@vocab":"https://e2e.fabric-bbs.example/vocab#"}}' > "$VCW/ctx.json"

regdoc "$VCW/reg.json" "$VCW/issuer.json" "$VISS" 1 User1
ok "CLI RegisterIssuer $VISS with the key of its did:key (Org1 User1)" "" \
  as 1 User1 cc_invoke RegisterIssuer "@$VCW/reg.json"
ok "CLI RegisterContext $VISS $VCTX (Org1 User1, the issuer's owner)" "" \
  as 1 User1 cc_invoke RegisterContext "$VISS" "$VCTX" "@$VCW/ctx.json"
rejected "CLI RegisterContext again is refused (a context never changes)" "already registered" \
  as 1 User1 cc_invoke RegisterContext "$VISS" "$VCTX" "@$VCW/ctx.json"
rejected "CLI RegisterContext for $VISS by another organisation is refused" "access denied" \
  as 2 User1 cc_invoke RegisterContext "$VISS" "$VCTX" "@$VCW/ctx.json"

# credential NAME EXTRA_JQ MANDATORY: issue and derive one credential.
credential() {
  jq -n --arg ctx "$VCTX" --arg did "$DID" \
    '{"@context": ["https://www.w3.org/ns/credentials/v2", $ctx], type: ["VerifiableCredential"], issuer: $did,
      validFrom: "2020-01-01T00:00:00Z", credentialSubject: {licenseClass: "C", name: "Alice Example"}}' |
    jq "$2" > "$VCW/$1.unsigned.json"
  setup "bbs vc issue ($1)" "$BBS" vc issue --key "$VCW/issuer.json" --credential "$VCW/$1.unsigned.json" \
    --mandatory "$3" --context "$VCTX=$VCW/ctx.json" --out "$VCW/$1.signed.json"
  setup "bbs vc derive ($1)" "$BBS" vc derive --credential "$VCW/$1.signed.json" --reveal /credentialSubject/licenseClass \
    --nonce "$(head -c 32 /dev/urandom | base64 -w0)" --context "$VCTX=$VCW/ctx.json" --out "$VCW/$1.derived.json"
  jq -c '{credential: .}' "$VCW/$1.derived.json" > "$VCW/$1.req.json"
}
credential good . /issuer,/type,/validFrom

ok "CLI VerifyCredential: valid, licenseClass disclosed, the context's SHA-256 listed" \
  '.valid == true and (.claims | fromjson | .credentialSubject.licenseClass == "C") and (.claims | test("Alice") | not) and .contexts[0].sha256 != null' \
  as 1 User1 cc_query VerifyCredential "@$VCW/good.req.json"
ok "GW  VerifyCredential (Org2 User1)" '.valid == true and .credentialIssuer == "'"$DID"'"' \
  gw 2 User1 evaluate VerifyCredential "@$VCW/good.req.json"
ok "CLI SubmitCredential (Org2 User1)" "" as 2 User1 cc_invoke SubmitCredential "@$VCW/good.req.json"
VTX="$(printf '%s' "$OUT" | cc_txid)"
ok "CLI GetCredentialVerification: hashes, types, the DID" \
  '.credentialIssuer == "'"$DID"'" and .types == ["VerifiableCredential"] and (.claimsSha256 | length) == 64' \
  as 1 User1 cc_query GetCredentialVerification "$VTX"
ok "CLI GetVerification: the nonce consumed, no disclosed statement" '.disclosed == [] or .disclosed == null' \
  as 1 User1 cc_query GetVerification "$VTX"
rejected "GW  SubmitCredential replayed is refused" "replay" \
  gw 1 User1 -json submit SubmitCredential "@$VCW/good.req.json"

# A fresh presentation (its nonce unused), with the disclosed claim changed.
credential fresh . /issuer,/type,/validFrom
jq '.credentialSubject.licenseClass = "A"' "$VCW/fresh.derived.json" | jq -c '{credential: .}' > "$VCW/tampered.req.json"
ok "CLI VerifyCredential of a tampered claim: not valid" '.valid == false and (.reason | test("does not verify"))' \
  as 1 User1 cc_query VerifyCredential "@$VCW/tampered.req.json"
rejected "CLI SubmitCredential of a tampered claim is refused" "proof rejected" \
  as 1 User1 cc_invoke SubmitCredential "@$VCW/tampered.req.json"

credential expired '.validUntil = "2021-01-01T00:00:00Z"' /issuer,/type,/validFrom,/validUntil
rejected "CLI SubmitCredential past its validUntil is refused" "not valid after" \
  as 1 User1 cc_invoke SubmitCredential "@$VCW/expired.req.json"
