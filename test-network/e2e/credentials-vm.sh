#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Credentials under a verification method other than did:key, on the real
# network: a bbs-2023 credential signed by the CLI under
# did:web:dmv<run>.example#key-1 (bbs vc issue --verification-method) is
# refused before its issuer's owner declares the method, and in a request
# that does not name the ledger issuer; another org's identity cannot
# declare it; once declared (DeclareVerificationMethods) it verifies and is
# submitted through the peer CLI and the Gateway, recorded with its method;
# another org declaring the same method for its own issuer does not make
# dmv's credential its own; after RevokeIssuerKey the method resolves to a
# revoked key.
#
# Run alone against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=100 test-network/e2e/credentials-vm.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-credentials-vm
  VC_RUN="$RUN_SUFFIX"
fi

section "Credentials under declared verification methods (did:web)"
CVW="$W/credentials-vm"
mkdir -p "$CVW"
CV_CTX="https://e2e.fabric-bbs.example/contexts/vm${VC_RUN:-}/v1"
CV_DID="did:web:dmv${VC_RUN:-}.example"
CV_VM="$CV_DID#key-1"
CV_ID="vmdmv${VC_RUN:-}"
CV_SQUAT="vmsquat${VC_RUN:-}"
printf '%s' '{"@context":{"@vocab":"https://e2e.fabric-bbs.example/vocab#"}}' > "$CVW/ctx.json"
CV_NONCE() { head -c 32 /dev/urandom | base64 -w0; }

setup "bbs declare-methods $CV_VM (the DeclareVerificationMethods argument)" \
  "$BBS" declare-methods --method "$CV_VM" --out "$CVW/methods.json" --force
setup "bbs keygen (dmv)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$CVW/dmv.key.json"
setup "bbs keygen (squatter)" "$BBS" keygen --scheme bbs-bls12381-sha256 --out "$CVW/squat.key.json"
regdoc "$CVW/dmv.reg.json" "$CVW/dmv.key.json" "$CV_ID" 1 User1
regdoc "$CVW/squat.reg.json" "$CVW/squat.key.json" "$CV_SQUAT" 2 User1
ok "CLI RegisterIssuer $CV_ID (Org1 User1)" "" as 1 User1 cc_invoke RegisterIssuer "@$CVW/dmv.reg.json"
ok "CLI RegisterContext $CV_ID $CV_CTX" "" as 1 User1 cc_invoke RegisterContext "$CV_ID" "$CV_CTX" "@$CVW/ctx.json"
ok "CLI RegisterIssuer $CV_SQUAT (Org2 User1)" "" as 2 User1 cc_invoke RegisterIssuer "@$CVW/squat.reg.json"
ok "CLI RegisterContext $CV_SQUAT $CV_CTX" "" as 2 User1 cc_invoke RegisterContext "$CV_SQUAT" "$CV_CTX" "@$CVW/ctx.json"

jq -n --arg ctx "$CV_CTX" --arg did "$CV_DID" '{"@context": ["https://www.w3.org/ns/credentials/v2", $ctx],
  type: ["VerifiableCredential"], issuer: $did, validFrom: "2020-01-01T00:00:00Z",
  credentialSubject: {licenseClass: "C", name: "Alice Example"}}' > "$CVW/unsigned.json"
setup "bbs vc issue --verification-method $CV_VM" "$BBS" vc issue --key "$CVW/dmv.key.json" --credential "$CVW/unsigned.json" \
  --mandatory /issuer,/type --verification-method "$CV_VM" --context "$CV_CTX=$CVW/ctx.json" --out "$CVW/signed.json"
# cv_derive NAME [ISSUER]: a fresh presentation; its request names ISSUER.
cv_derive() {
  setup "bbs vc derive ($1)" "$BBS" vc derive --credential "$CVW/signed.json" --reveal /credentialSubject/licenseClass \
    --nonce "$(CV_NONCE)" --context "$CV_CTX=$CVW/ctx.json" --out "$CVW/$1.derived.json"
  if [ -n "${2:-}" ]; then
    jq -c --arg id "$2" '{credential: ., issuer: $id}' "$CVW/$1.derived.json" > "$CVW/$1.req.json"
  else
    jq -c '{credential: .}' "$CVW/$1.derived.json" > "$CVW/$1.req.json"
  fi
}
cv_derive bare
cv_derive d1 "$CV_ID"
rejected "CLI VerifyCredential (did:web) without the ledger issuer is refused" "BBS_INVALID_REQUEST.*must name the ledger issuer" \
  as 1 User1 cc_query VerifyCredential "@$CVW/bare.req.json"
rejected "CLI VerifyCredential (did:web) before the declaration is refused" "BBS_NOT_FOUND.*declares no verification method" \
  as 1 User1 cc_query VerifyCredential "@$CVW/d1.req.json"
rejected "CLI DeclareVerificationMethods by another org's identity is refused" "BBS_ACCESS_DENIED" \
  as 2 User1 cc_invoke DeclareVerificationMethods "$CV_ID" 1 "@$CVW/methods.json"
ok "CLI DeclareVerificationMethods $CV_ID 1 [$CV_VM] (the owner)" "" \
  as 1 User1 cc_invoke DeclareVerificationMethods "$CV_ID" 1 "@$CVW/methods.json"
ok "CLI GetIssuer: key 1 declares the method" '.keys[0].verificationMethods == ["'"$CV_VM"'"]' \
  as 1 User1 cc_query GetIssuer "$CV_ID"
ok "CLI VerifyCredential (did:web, declared): valid, the issuer and its DID" \
  '.valid == true and .issuer == "'"$CV_ID"'" and .keyVersion == 1 and .verificationMethod == "'"$CV_VM"'" and .credentialIssuer == "'"$CV_DID"'"' \
  as 1 User1 cc_query VerifyCredential "@$CVW/d1.req.json"
ok "GW  SubmitCredential (did:web, Org2 User1)" '.status == "VALID" and .result.valid == true and .result.issuer == "'"$CV_ID"'" and .result.credentialIssuer == "'"$CV_DID"'"' \
  gw 2 User1 -json submit SubmitCredential "@$CVW/d1.req.json"
CVTX="$(printf '%s' "$OUT" | jq -r '.result.txId')"
ok "CLI GetCredentialVerification: the ledger issuer and the declared method" \
  '.issuer == "'"$CV_ID"'" and .verificationMethod == "'"$CV_VM"'"' as 1 User1 cc_query GetCredentialVerification "$CVTX"

# Another org declares dmv's method for its own issuer: per-issuer
# resolution, so dmv's credential is never the squatter's.
ok "CLI DeclareVerificationMethods $CV_SQUAT 1 [$CV_VM] (Org2, its own issuer)" "" \
  as 2 User1 cc_invoke DeclareVerificationMethods "$CV_SQUAT" 1 "@$CVW/methods.json"
cv_derive s1 "$CV_SQUAT"
ok "CLI VerifyCredential naming the squatter: not valid (not its key)" '.valid == false and (.reason | test("does not verify"))' \
  as 1 User1 cc_query VerifyCredential "@$CVW/s1.req.json"
cv_derive d2 "$CV_ID"
ok "CLI SubmitCredential naming $CV_ID still valid (peer CLI, Org1)" "" as 1 User1 cc_invoke SubmitCredential "@$CVW/d2.req.json"

ok "CLI RevokeIssuerKey $CV_ID 1" "" as 1 User1 cc_invoke RevokeIssuerKey "$CV_ID" 1
cv_derive d3 "$CV_ID"
rejected "GW  SubmitCredential under the revoked key's method is refused" "BBS_REVOKED" \
  gw 1 User1 -json submit SubmitCredential "@$CVW/d3.req.json"
pass "declared verification methods: refused undeclared and unnamed, declared by the owner only, verified and recorded, not squattable, revoked with the key"
