#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The other credential kinds on the real network: a
# BbsBlsSignatureProof2020 credential (VC 1.1) of a bbs+2020 issuer, signed
# and derived by the CLI (bbs vc issue / vc derive --frame), and a bbs-2023
# pseudonym credential of a bbs-nym-bls12381-sha256 issuer (bbs nym-commit,
# vc issue --nym-commitment, vc derive --nym-secret --nym-domain), each
# verified and submitted through the peer CLI and the Gateway client; the
# replayed presentation refused; the pseudonym's second use in its context
# refused with a fresh nonce, listed by GetPseudonymUses; the 2020
# credential under the wrong kind refused; both kinds in one
# SubmitCredentials.
#
# Run alone against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=100 test-network/e2e/credentials-more.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-credentials-more
  VC_RUN="$RUN_SUFFIX"
fi

section "More credential kinds: BbsBlsSignatureProof2020 and bbs-2023 pseudonym credentials"
CMW="$W/credentials-more"
mkdir -p "$CMW"
CM_CTX="https://e2e.fabric-bbs.example/contexts/more${VC_RUN:-}/v1"
printf '%s' '{"@context":{"@vocab":"https://e2e.fabric-bbs.example/vocab#"}}' > "$CMW/ctx.json"
CM_NONCE() { head -c 32 /dev/urandom | base64 -w0; }

# cm_issuer KIND ID SCHEME [COUNTS]: a key of SCHEME, registered as issuer ID
# by Org1 User1 with the context.
cm_issuer() {
  setup "bbs keygen --scheme $3 ($2)" "$BBS" keygen --scheme "$3" --out "$CMW/$1.key.json"
  regdoc "$CMW/$1.reg.json" "$CMW/$1.key.json" "$2" 1 User1 "${4:-}"
  ok "CLI RegisterIssuer $2 (scheme $3)" "" as 1 User1 cc_invoke RegisterIssuer "@$CMW/$1.reg.json"
  ok "CLI RegisterContext $2 $CM_CTX" "" as 1 User1 cc_invoke RegisterContext "$2" "$CM_CTX" "@$CMW/ctx.json"
}

# cm_sign KIND UNSIGNED_JQ [ISSUE_FLAG...]: issue the credential twice: once
# to learn the key's did:key (the proof's verificationMethod), then with it
# as issuer. The DID is left in CM_DID.
cm_sign() {
  local kind="$1" unsigned="$2"
  shift 2
  jq -n --arg ctx "$CM_CTX" --arg did "did:example:unknown" "$unsigned" > "$CMW/$kind.unsigned.json"
  setup "bbs vc issue ($kind, to read its did:key)" "$BBS" vc issue --key "$CMW/$kind.key.json" --credential "$CMW/$kind.unsigned.json" \
    --context "$CM_CTX=$CMW/ctx.json" --out "$CMW/$kind.signed.json" --force "$@"
  CM_DID="$(jq -r '.proof.verificationMethod | split("#")[0]' "$CMW/$kind.signed.json")"
  jq -n --arg ctx "$CM_CTX" --arg did "$CM_DID" "$unsigned" > "$CMW/$kind.unsigned.json"
  setup "bbs vc issue ($kind)" "$BBS" vc issue --key "$CMW/$kind.key.json" --credential "$CMW/$kind.unsigned.json" \
    --context "$CM_CTX=$CMW/ctx.json" --out "$CMW/$kind.signed.json" --force "$@"
}

# --- BbsBlsSignatureProof2020 ----------------------------------------------
CM20="vc2020${VC_RUN:-}"
# The credential signs 9 statements: 3 of the proof options (type,
# proofPurpose, verificationMethod) and 6 of the document; a bbs+2020
# issuer pins its message counts.
cm_issuer p2020 "$CM20" bbs+2020 9
cm_sign p2020 '{"@context": ["https://www.w3.org/2018/credentials/v1", $ctx, "https://w3id.org/security/bbs/v1"],
  type: ["VerifiableCredential"], issuer: $did, issuanceDate: "2020-01-01T00:00:00Z",
  credentialSubject: {licenseClass: "C", name: "Alice Example"}}'
DID20="$CM_DID"
jq -n --arg ctx "$CM_CTX" '{"@context": ["https://www.w3.org/2018/credentials/v1", $ctx, "https://w3id.org/security/bbs/v1"],
  type: ["VerifiableCredential"], credentialSubject: {"@explicit": true, licenseClass: {}}}' > "$CMW/frame.json"
# cm_derive2020 NAME: a fresh presentation (its own nonce).
cm_derive2020() {
  setup "bbs vc derive --frame ($1)" "$BBS" vc derive --credential "$CMW/p2020.signed.json" --frame "$CMW/frame.json" \
    --nonce "$(CM_NONCE)" --context "$CM_CTX=$CMW/ctx.json" --out "$CMW/$1.derived.json"
  jq -c '{credential: .}' "$CMW/$1.derived.json" > "$CMW/$1.req.json"
}
cm_derive2020 d2020
ok "CLI VerifyCredential (2020): valid, suite, scheme bbs+2020, licenseClass disclosed, name not" \
  '.valid == true and .suite == "BbsBlsSignatureProof2020" and .scheme == "bbs+2020" and .credentialIssuer == "'"$DID20"'"
   and .validFrom == "2020-01-01T00:00:00Z" and (.claims | fromjson | .credentialSubject.licenseClass == "C") and (.claims | test("Alice") | not)' \
  as 1 User1 cc_query VerifyCredential "@$CMW/d2020.req.json"
ok "GW  VerifyCredential (2020, Org2 User1)" '.valid == true and .suite == "BbsBlsSignatureProof2020"' \
  gw 2 User1 evaluate VerifyCredential "@$CMW/d2020.req.json"
ok "GW  SubmitCredential (2020, Org2 User1)" '.status == "VALID" and .result.valid == true and .result.suite == "BbsBlsSignatureProof2020"' \
  gw 2 User1 -json submit SubmitCredential "@$CMW/d2020.req.json"
TX20="$(printf '%s' "$OUT" | jq -r '.result.txId')"
ok "CLI GetCredentialVerification (2020): suite, no mandatory statements" \
  '.suite == "BbsBlsSignatureProof2020" and .mandatorySha256 == "" and (.proofConfigSha256 | length) == 64' \
  as 1 User1 cc_query GetCredentialVerification "$TX20"
rejected "CLI SubmitCredential (2020) replayed is refused" "BBS_REPLAY" \
  as 1 User1 cc_invoke SubmitCredential "@$CMW/d2020.req.json"
cm_derive2020 t2020
jq '.credentialSubject.licenseClass = "A"' "$CMW/t2020.derived.json" | jq -c '{credential: .}' > "$CMW/t2020.req.json"
rejected "CLI SubmitCredential (2020) of a tampered claim is refused" "BBS_PROOF_REJECTED" \
  as 1 User1 cc_invoke SubmitCredential "@$CMW/t2020.req.json"
cm_derive2020 c2020
ok "CLI SubmitCredential (2020, peer CLI, a fresh presentation)" "" as 2 User1 cc_invoke SubmitCredential "@$CMW/c2020.req.json"

# --- bbs-2023 pseudonym credential ------------------------------------------
CMN="vcnym${VC_RUN:-}"
CM_DOMAIN="https://rental${VC_RUN:-}.verifier.example/"
cm_issuer nym "$CMN" bbs-nym-bls12381-sha256
setup "bbs nym-commit (holder)" "$BBS" nym-commit --scheme bbs-nym-bls12381-sha256 --secret-out "$CMW/nym-secret.json" --out "$CMW/nym-commitment.json"
cm_sign nym '{"@context": ["https://www.w3.org/ns/credentials/v2", $ctx], type: ["VerifiableCredential"], issuer: $did,
  validFrom: "2020-01-01T00:00:00Z", credentialSubject: {licenseClass: "C", name: "Alice Example"}}' \
  --mandatory /issuer,/type --nym-commitment "$CMW/nym-commitment.json"
# cm_derive_nym NAME DOMAIN: a fresh presentation in DOMAIN.
cm_derive_nym() {
  setup "bbs vc derive --nym-domain ($1)" "$BBS" vc derive --credential "$CMW/nym.signed.json" --reveal /credentialSubject/licenseClass \
    --nonce "$(CM_NONCE)" --nym-secret "$CMW/nym-secret.json" --nym-domain "$2" --context "$CM_CTX=$CMW/ctx.json" --out "$CMW/$1.derived.json"
  jq -c '{credential: .}' "$CMW/$1.derived.json" > "$CMW/$1.req.json"
}
cm_derive_nym n1 "$CM_DOMAIN"
ok "CLI VerifyCredential (pseudonym): valid, its pseudonym in the verifier's context, unused" \
  '.valid == true and .suite == "bbs-2023-pseudonym" and .scheme == "bbs-nym-bls12381-sha256" and (.context | @base64d) == "'"$CM_DOMAIN"'"
   and (.pseudonym | length) > 0 and (.pseudonymUses // 0) == 0' \
  as 1 User1 cc_query VerifyCredential "@$CMW/n1.req.json"
NYM="$(printf '%s' "$OUT" | jq -r '.pseudonym')"
ok "CLI SubmitCredential (pseudonym, Org2 User1): use 1" "" as 2 User1 cc_invoke SubmitCredential "@$CMW/n1.req.json"
NTX="$(printf '%s' "$OUT" | cc_txid)"
ok "CLI GetCredentialVerification (pseudonym): the pseudonym, its context, use 1" \
  '.suite == "bbs-2023-pseudonym" and .pseudonym == "'"$NYM"'" and .pseudonymUse == 1' \
  as 1 User1 cc_query GetCredentialVerification "$NTX"
rejected "GW  SubmitCredential (pseudonym) replayed is refused" "BBS_REPLAY" \
  gw 1 User1 -json submit SubmitCredential "@$CMW/n1.req.json"
cm_derive_nym n2 "$CM_DOMAIN"
rejected "GW  SubmitCredential (pseudonym) again in the same context, fresh nonce, is refused" "BBS_PSEUDONYM_USED" \
  gw 1 User1 -json submit SubmitCredential "@$CMW/n2.req.json"
ok "CLI GetPseudonymUses: one use, the SubmitCredential transaction" '.count == 1 and .uses[0].txId == "'"$NTX"'"' \
  as 1 User1 cc_query GetPseudonymUses "$(printf '%s' "$CM_DOMAIN" | base64 -w0)" "$NYM"
cm_derive_nym n3 "https://other${VC_RUN:-}.verifier.example/"
ok "GW  SubmitCredential (pseudonym) in another context: another pseudonym, accepted" \
  '.status == "VALID" and .result.pseudonymUse == 1 and .result.pseudonym != "'"$NYM"'"' \
  gw 2 User1 -json submit SubmitCredential "@$CMW/n3.req.json"

# --- the kinds together, and apart -----------------------------------------
cm_derive2020 m2020
cm_derive_nym mnym "https://mixed${VC_RUN:-}.verifier.example/"
jq -sc '.' "$CMW/m2020.req.json" "$CMW/mnym.req.json" "$CMW/m2020.req.json" > "$CMW/mixed.json"
ok "GW  SubmitCredentials: a 2020 and a pseudonym credential recorded, the repeated 2020 one a replay" \
  '.status == "VALID" and .result.validCount == 2 and .result.results[0].receipt.suite == "BbsBlsSignatureProof2020"
   and .result.results[1].receipt.suite == "bbs-2023-pseudonym" and .result.results[2].code == "BBS_REPLAY"' \
  gw 1 User1 -json submit SubmitCredentials "@$CMW/mixed.json"
# The pseudonym credential's did:key is of a bbs-nym issuer; presented as a
# bbs-2023 baseline proof it is refused (another kind than the issuer's).
cm_derive2020 w2020
jq --arg vm "$(jq -r '.proof.verificationMethod' "$CMW/nym.signed.json")" '.credential.proof.verificationMethod = $vm' \
  "$CMW/w2020.req.json" > "$CMW/wrong.req.json"
rejected "CLI VerifyCredential of a 2020 proof naming the pseudonym issuer's key is refused (wrong scheme)" "does not match scheme" \
  as 1 User1 cc_query VerifyCredential "@$CMW/wrong.req.json"
