#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# A W3C credential made by Digital Bazaar's library on the real network.
# Their @digitalbazaar/bls12-381-multikey generates the issuer key
# from a 32-byte seed this script draws, and exports it raw (a bbs key file),
# so bbs register-request makes RegisterIssuer's proof of possession for the
# key of their did:key; their @digitalbazaar/bbs-2023-cryptosuite issues a
# credential naming an application context registered for that issuer and
# derives it for three fresh 32-byte nonces (interop/bbs-2023/db-credential.js,
# offline, packages from interop/bbs-2023/package-lock.json by npm ci,
# scripts/install-interop-bbs-2023.sh). The first derived credential:
# bbs vc verify offline, VerifyCredential and SubmitCredential through the
# peer CLI, replayed through the Gateway refused; the second:
# SubmitCredential through the Gateway, its record read back; the third,
# with a claim changed, refused. Without node and npm the part prints a SKIP line.
#
# Sourced by e2e.sh once the network is up, bbs deployed and the bbs CLI
# built (uses its helpers and W, BBS). Run alone against a network where
# "network.sh deploy" ran:
#
#   PORT_OFFSET=200 test-network/e2e/credentials-db.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-credentials-db
  DBC_RUN="$RUN_SUFFIX"
fi

section "A Digital Bazaar credential (bbs-2023): their key, issuance and derivation; the ledger verifies"
if command -v node > /dev/null && command -v npm > /dev/null; then
  DBW="$W/credentials-db"
  mkdir -p "$DBW"
  DBISS="db-issuer${DBC_RUN:-}"
  DBCTX="https://e2e.fabric-bbs.example/contexts/db${DBC_RUN:-}/v1"
  DBTOOL="$(cd "$TN_DIR/../interop/bbs-2023" && pwd)/db-credential.js"
  setup "npm ci of Digital Bazaar's bbs-2023 packages (interop/bbs-2023/package-lock.json)" \
    "$TN_DIR/scripts/install-interop-bbs-2023.sh"
  printf '%s' '{"@context":{"@vocab":"https://e2e.fabric-bbs.example/vocab#"}}' > "$DBW/ctx.json"
  jq -n --arg ctx "$DBCTX" \
    '{"@context": ["https://www.w3.org/ns/credentials/v2", $ctx], type: ["VerifiableCredential"], issuer: "set by the tool",
      validFrom: "2020-01-01T00:00:00Z", credentialSubject: {licenseClass: "C", name: "Alice Example"}}' > "$DBW/unsigned.json"
  DBN1="$(head -c 32 /dev/urandom | base64 -w0)" DBN2="$(head -c 32 /dev/urandom | base64 -w0)" DBN3="$(head -c 32 /dev/urandom | base64 -w0)"
  setup "Digital Bazaar: key from a seed, issue, derive for three nonces (offline)" node "$DBTOOL" \
    --seed "$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" --unsigned "$DBW/unsigned.json" \
    --mandatory /issuer,/type,/validFrom --reveal /credentialSubject/licenseClass \
    --context "$DBCTX=$DBW/ctx.json" --nonce "$DBN1" --nonce "$DBN2" --nonce "$DBN3" --out-dir "$DBW"
  DBDID="$(tr -d '\n' < "$DBW/db-did.txt")"
  ok "bbs vc verify of their derived credential (offline, --nonce)" "" \
    "$BBS" vc verify --credential "$DBW/db-derived-1.json" --nonce "$DBN1" --context "$DBCTX=$DBW/ctx.json"

  regdoc "$DBW/reg.json" "$DBW/db-key.json" "$DBISS" 1 User1
  ok "CLI RegisterIssuer $DBISS with the key of their did:key, proof of possession by bbs register-request" "" \
    as 1 User1 cc_invoke RegisterIssuer "@$DBW/reg.json"
  ok "CLI RegisterContext $DBISS $DBCTX (Org1 User1)" "" \
    as 1 User1 cc_invoke RegisterContext "$DBISS" "$DBCTX" "@$DBW/ctx.json"
  jq -c '{credential: .}' "$DBW/db-derived-1.json" > "$DBW/req1.json"
  jq -c '{credential: .}' "$DBW/db-derived-2.json" > "$DBW/req2.json"
  ok "CLI VerifyCredential of their credential: valid, issuer $DBISS, licenseClass disclosed" \
    '.valid == true and .issuer == "'"$DBISS"'" and .credentialIssuer == "'"$DBDID"'" and (.claims | fromjson | .credentialSubject.licenseClass == "C") and (.claims | test("Alice") | not)' \
    as 1 User1 cc_query VerifyCredential "@$DBW/req1.json"
  ok "GW  VerifyCredential of their credential (Org2 User1)" '.valid == true' \
    gw 2 User1 evaluate VerifyCredential "@$DBW/req1.json"
  ok "CLI SubmitCredential of their credential (Org2 User1)" "" as 2 User1 cc_invoke SubmitCredential "@$DBW/req1.json"
  rejected "GW  SubmitCredential of the same presentation replayed is refused" "replay" \
    gw 1 User1 -json submit SubmitCredential "@$DBW/req1.json"
  ok "GW  SubmitCredential of their second derivation (another nonce)" "" \
    gw 1 User1 -json submit SubmitCredential "@$DBW/req2.json"
  DBTX="$(printf '%s' "$OUT" | jq -r '.txId // empty' 2> /dev/null || true)"
  ok "CLI GetCredentialVerification of the Gateway's transaction: their DID, hashes" \
    '.credentialIssuer == "'"$DBDID"'" and (.claimsSha256 | length) == 64' \
    as 2 User1 cc_query GetCredentialVerification "${DBTX:-missing}"
  jq '.credentialSubject.licenseClass = "A"' "$DBW/db-derived-3.json" | jq -c '{credential: .}' > "$DBW/tampered.req.json"
  rejected "CLI SubmitCredential of their credential with a tampered claim is refused" "proof rejected" \
    as 1 User1 cc_invoke SubmitCredential "@$DBW/tampered.req.json"
else
  printf '  SKIP  the Digital Bazaar credential: node and npm are not on PATH\n'
fi
