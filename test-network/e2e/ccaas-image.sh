# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Sourced by e2e.sh after the chaincode-as-a-service part: the bbs chaincode
# server from an OCI image FROM scratch (chaincode/Dockerfile.scratch), built
# and run by podman without a docker daemon or a registry
# (scripts/ccaas-image.sh), redeployed as sequence 3 and used. Skipped, with
# the reason, where podman cannot build and run images (E2E_CCAAS_IMAGE=0
# skips it always).

section "Chaincode server from an OCI image (podman, FROM scratch)"
if [ "${E2E_CCAAS_IMAGE:-1}" = 0 ]; then
  echo "    skipped: E2E_CCAAS_IMAGE=0"
elif ! img_check="$("$TN_DIR/scripts/ccaas-image.sh" check 2>&1)"; then
  echo "    skipped: scripts/ccaas-image.sh check: $img_check"
else
  IMG=localhost/fabric-bbs-ccaas:e2e
  run "$TN_DIR/scripts/ccaas-image.sh" build "$IMG"
  if [ "$RC" -eq 0 ]; then pass "podman build of chaincode/Dockerfile.scratch over the static binary ($IMG, nothing pulled)"
  else fail "podman build of chaincode/Dockerfile.scratch" "$OUT
$ERR"; fi
  t=$(now_ms)
  SEQ_IMG=$(($(cc_sequence) + 1))
  run env CC_SRC="$CC_SRC" CCAAS_IMAGE="$IMG" "$TN_DIR/network.sh" deploy -ccaas
  if [ "$RC" -eq 0 ]; then pass "redeploy -ccaas with CCAAS_IMAGE: sequence $SEQ_IMG, the peers dial the server in the container ($(secs $(($(now_ms) - t))))"
  else fail "redeploy -ccaas with CCAAS_IMAGE" "$OUT
$ERR"; fi
  # shellcheck disable=SC2046
  if podman $("$TN_DIR/scripts/ccaas-image.sh" flags 2> /dev/null || true) ps --format '{{.Names}} {{.Image}}' 2> /dev/null |
      grep -q "^ccaas-$CC_NAME-$CCAAS_PORT $IMG"; then
    pass "the bbs chaincode server runs in container ccaas-$CC_NAME-$CCAAS_PORT from $IMG"
  else fail "the bbs chaincode server runs in a container" "$(podman ps 2>&1 | tail -n 3)"; fi
  if grep -q "TLS on, client certificates required" "$LOG_DIR/ccaas-bbs.log" 2> /dev/null; then
    pass "the server in the container serves mutual TLS (key pair and client CAs mounted read-only)"
  else fail "the server in the container serves mutual TLS" "$(tail -n 5 "$LOG_DIR/ccaas-bbs.log" 2> /dev/null)"; fi
  ok "CLI querycommitted: sequence $SEQ_IMG" ".sequence == $SEQ_IMG" \
    as 1 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json
  prove "$W/reqC3.json" "$W/credC.json" flow-issuer --nonce-random
  ok "GW  VerifyProof served by the container" '.valid == true and .nonceConsumed == false' \
    gw 1 User1 evaluate VerifyProof "@$W/reqC3.json"
  ok "GW  SubmitProof through the container commits" '.status == "VALID" and .result.issuer == "flow-issuer"' \
    gw 2 User2 -json submit SubmitProof "@$W/reqC3.json"
  rejected "CLI replay through the container is rejected" "replay" \
    as 1 User1 cc_invoke SubmitProof "@$W/reqC3.json"
fi
