# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# Sourced by e2e.sh after the chaincode-as-a-service part: the bbs chaincode
# server from an OCI image FROM scratch (chaincode/Dockerfile.scratch), built
# and run by podman without a docker daemon or a registry
# (scripts/ccaas-image.sh), redeployed as the next sequence and used. Skipped, with
# the reason, where podman cannot build and run images (E2E_CCAAS_IMAGE=0
# skips it always).

section "Chaincode server from an OCI image (podman, FROM scratch)"
if [ "${E2E_CCAAS_IMAGE:-1}" = 0 ]; then
  echo "    skipped: E2E_CCAAS_IMAGE=0"
elif ! img_check="$("$TN_DIR/scripts/ccaas-image.sh" check 2>&1)"; then
  echo "    skipped: scripts/ccaas-image.sh check: $img_check"
else
  IMG_OK=1
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

# fabric-samples' deployCCAAS builds ./Dockerfile (multi-stage, its -ccp
# folder as the build context) and runs the server without TLS. The same
# build with podman, its build stage over a Debian root file system made by
# debootstrap with Go from the module proxy (scripts/ccaas-image.sh
# build-multistage); the server it builds refuses to start as deployCCAAS's
# docker run starts it, and serves with CHAINCODE_TLS_DISABLED=true added:
# redeployed as the next sequence, plaintext as on fabric-samples' network.
# E2E_CCAAS_MULTISTAGE=0 skips it.
section "fabric-samples' deployCCAAS commands: ./Dockerfile in two stages (podman, Debian + Go module proxy), plaintext server"
if [ "${E2E_CCAAS_IMAGE:-1}" = 0 ] || [ "${E2E_CCAAS_MULTISTAGE:-1}" = 0 ]; then
  echo "    skipped: E2E_CCAAS_IMAGE=0 or E2E_CCAAS_MULTISTAGE=0"
elif [ "${IMG_OK:-0}" != 1 ]; then
  echo "    skipped: podman cannot build and run images here (above)"
elif ! command -v debootstrap > /dev/null && ! ls "$TN_DIR/.state-tools/debian/"*-minbase-*.tar > /dev/null 2>&1; then
  echo "    skipped: no debootstrap (make network-image-deps) and no cached Debian root file system"
else
  SAMPLES_IMG=bbs_ccaas_image:latest
  t=$(now_ms)
  run env REPO_ROOT="$CC_SRC" "$TN_DIR/scripts/ccaas-image.sh" build-multistage "$SAMPLES_IMG"
  if [ "$RC" -eq 0 ]; then pass "podman build -f <repo>/Dockerfile -t $SAMPLES_IMG --build-arg CC_SERVER_PORT=9999 <repo>, build stage FROM $(grep -o 'GO_IMAGE=[^ ]*' <<< "$ERR" | head -n 1) ($(secs $(($(now_ms) - t))))"
  else fail "podman build of ./Dockerfile (multi-stage)" "$OUT
$ERR"; fi
  # deployCCAAS's docker run: address, CHAINCODE_ID, CORE_CHAINCODE_ID_NAME, no TLS
  # shellcheck disable=SC2046
  run timeout 60 podman $("$TN_DIR/scripts/ccaas-image.sh" flags) run --rm --network host \
    --ulimit "nofile=$(ulimit -n):$(ulimit -n)" --ulimit nproc=4096:4096 \
    -e CHAINCODE_SERVER_ADDRESS="127.0.0.1:$CCAAS_PORT" -e CHAINCODE_ID=bbs_1.0:probe -e CORE_CHAINCODE_ID_NAME=bbs_1.0:probe "$SAMPLES_IMG"
  if [ "$RC" -ne 0 ] && grep -q "no TLS configured.*deployCCAAS.*-e CHAINCODE_TLS_DISABLED=true" <<< "$OUT$ERR"; then
    pass "the server started as deployCCAAS's docker run starts it refuses plaintext and says to add -e CHAINCODE_TLS_DISABLED=true"
  else fail "the server refuses to start without TLS and names the flag" "exit $RC: $OUT
$ERR"; fi
  t=$(now_ms)
  run env CC_SRC="$CC_SRC" CCAAS_IMAGE="$SAMPLES_IMG" CCAAS_TLS=false "$TN_DIR/network.sh" deploy -ccaas
  if [ "$RC" -eq 0 ]; then pass "redeploy -ccaas from $SAMPLES_IMG with CHAINCODE_TLS_DISABLED=true, plaintext connection.json ($(secs $(($(now_ms) - t))))"
  else fail "redeploy -ccaas from the multi-stage image, plaintext" "$OUT
$ERR"; fi
  if grep -q "TLS off (CHAINCODE_TLS_DISABLED=true)" "$LOG_DIR/ccaas-bbs.log" 2> /dev/null; then
    pass "the server in the container serves plaintext gRPC, as asked"
  else fail "the server in the container serves plaintext gRPC" "$(tail -n 5 "$LOG_DIR/ccaas-bbs.log" 2> /dev/null)"; fi
  prove "$W/reqC4.json" "$W/credC.json" flow-issuer --nonce-random
  ok "GW  SubmitProof through the multi-stage image's server commits" '.status == "VALID" and .result.issuer == "flow-issuer"' \
    gw 2 User2 -json submit SubmitProof "@$W/reqC4.json"
fi
