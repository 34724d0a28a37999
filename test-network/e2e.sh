#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# End-to-end test of the bbs chaincode on a fresh local Fabric network.
#
#   test-network/e2e.sh           (make e2e)
#
#   STATE_DB=couchdb test-network/e2e.sh   (the peers' state database; default goleveldb)
#
# Brings up a new network, deploys the repository's ./chaincode (and the
# poll example, examples/poll) with the real
# lifecycle (built by the peers' external builder from vendor/, chaincode
# policy AND of both orgs), then runs every contract transaction through the
# peer CLI and the Fabric Gateway client, checks that a replayed proof, two
# parallel submits of one nonce, a cloned issuer key, a short nonce, an
# unbound proof for a bound-only issuer, a bound nonce used by the wrong
# identity, a tampered proof and unauthorised key changes are rejected, that
# an issuer change endorsed by another org's peer alone is invalidated at
# commit (key-level endorsement) while the owner org's peer alone suffices,
# pages ListIssuers and GetIssuerHistory to the end, runs the pseudonym
# flow of e2e/pseudonyms.sh (one use per context), the poll example of
# e2e/poll.sh (a chaincode calling bbs), the verification policies of
# e2e/policies.sh, on Fabric v2.5 a short soak with a
# chaincode kill and the accounting of both ledgers (e2e/soak.sh;
# E2E_SOAK=0 skips it), redeploys the chaincodes
# as a chaincode server with mutual TLS (ccaas) and uses it, and tears the
# network down, even on failure (E2E_KEEP_NETWORK=1 leaves it up).
# Prints timings and, last, "e2e: N passed, M failed"; exits non-zero on any failure.
set -euo pipefail

TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source=invoke.sh
. "$TN_DIR/invoke.sh"   # env.sh, setOrg, cc_query, cc_invoke, cc_txid, gw

CC_SRC="${CC_SRC:-$REPO_ROOT}"
KEEP="${E2E_KEEP_NETWORK:-0}"
E2E_LOG_DIR="${E2E_LOG_DIR:-$TN_DIR/.e2e-logs}"   # node logs are copied here on failure
W=""                    # work folder, in .state/ once the network is up
passed=0 failed=0 finished=0
T_START=$(date +%s%3N)
T_UP="" T_UPGRADE="" T_DEPLOY="" T_CCAAS="" T_SOAK="" LAT_CLI="" LAT_GW="" LAT_FLOW="" MEM=""

# shellcheck source=e2e/lib.sh
. "$TN_DIR/e2e/lib.sh"   # now_ms, secs, section, pass, fail, run, as, ok, rejected, setup

cleanup() {
  local rc=$?
  trap - EXIT INT TERM
  if [ "$finished" -eq 0 ] && [ "$failed" -eq 0 ]; then
    failed=$((failed + 1))
    echo "  FAIL  the test stopped early (exit $rc)"
  fi
  if [ "$failed" -gt 0 ] && [ -d "$LOG_DIR" ]; then
    rm -rf "$E2E_LOG_DIR"
    mkdir -p "$E2E_LOG_DIR"
    cp -a "$LOG_DIR/." "$E2E_LOG_DIR/" 2> /dev/null || true
    echo "node logs copied to $E2E_LOG_DIR"
  fi
  if [ "$KEEP" = 1 ]; then
    echo "network left up (E2E_KEEP_NETWORK=1): test-network/network.sh down"
  else
    "$TN_DIR/network.sh" down > /dev/null 2>&1 || echo "WARNING: network.sh down failed" >&2
  fi
  echo
  echo "timings: network up ${T_UP:-?}, deploy ${T_DEPLOY:-?} (peers build the chaincode), upgrade ${T_UPGRADE:-?}, ccaas redeploy ${T_CCAAS:-?}${T_SOAK:+, short soak $T_SOAK}"
  echo "         SubmitProof with commit: peer CLI ${LAT_CLI:-?} ms, gateway ${LAT_GW:-?} ms, gateway flow ${LAT_FLOW:-?} ms"
  echo "         network memory (orderer + 2 peers + chaincodes): ${MEM:-?}; whole test $(secs $(($(now_ms) - T_START))) (Fabric $FABRIC_VERSION, state database $STATE_DB)"
  echo "e2e: $passed passed, $failed failed"
  if [ "$failed" -gt 0 ]; then exit 1; fi
  exit 0
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# network_rss: resident memory of every process the network started.
network_rss() {
  local f pid kb=0 pgid
  for f in "$PID_DIR"/*.pid; do
    [ -e "$f" ] || continue
    pgid="$(cat "$f")"
    for pid in $(ps -eo pid=,pgid= | awk -v g="$pgid" '$2 == g {print $1}'); do
      kb=$((kb + $(ps -o rss= -p "$pid" 2> /dev/null || echo 0)))
    done
  done
  echo "$((kb / 1024)) MiB"
}

# tamper_proof IN OUT: the request with one bit of its proof flipped.
tamper_proof() {
  local bin n v
  bin="$(mktemp)"
  jq -r .proof "$1" | base64 -d > "$bin"
  n=$(($(stat -c %s "$bin") / 2))
  v=$(od -An -tu1 -j "$n" -N1 "$bin" | tr -d ' ')
  # shellcheck disable=SC2059
  printf "\\$(printf '%03o' $((v ^ 1)))" | dd of="$bin" bs=1 seek="$n" conv=notrunc status=none
  jq --arg p "$(base64 -w0 < "$bin")" '.proof = $p' "$1" > "$2"
  rm -f "$bin"
}

# slurp CMD...: CMD's JSON lines as one JSON array.
slurp() { "$@" | jq -cs .; }

cert_of() { ls "$(userMSP "$1" "$2")"/signcerts/*.pem; }

# parallel_submit REQUEST: the same SubmitProof sent by Org1 User1 and Org2
# User1 through their own peers at the same time; prints both outcomes as
# lines "exit-status<TAB>commit-status error-text".
parallel_submit() {
  local o1 o2 e1 e2 p1 p2 rc1=0 rc2=0
  o1="$(mktemp)" o2="$(mktemp)" e1="$(mktemp)" e2="$(mktemp)"
  gw 1 User1 -json submit SubmitProof "@$1" > "$o1" 2> "$e1" &
  p1=$!
  gw 2 User1 -json submit SubmitProof "@$1" > "$o2" 2> "$e2" &
  p2=$!
  wait "$p1" || rc1=$?
  wait "$p2" || rc2=$?
  printf '%s\t%s %s\n' "$rc1" "$(jq -r .status "$o1" 2> /dev/null || true)" "$(tr '\n' ' ' < "$e1")"
  printf '%s\t%s %s\n' "$rc2" "$(jq -r .status "$o2" 2> /dev/null || true)" "$(tr '\n' ' ' < "$e2")"
  rm -f "$o1" "$o2" "$e1" "$e2"
}

# NSUB counts the SubmitProofs that committed VALID (one ProofVerified each).
NSUB=0
submitted() { if [ "$RC" -eq 0 ]; then NSUB=$((NSUB + 1)); fi; }

# ------------------------------------------------------------------ network

section "Binaries"
"$TN_DIR/scripts/build-bins.sh" all
[ -f "$CC_SRC/vendor/modules.txt" ] || { fail "vendor/ present in $CC_SRC" "run make vendor (go mod vendor)"; exit 1; }
[ -d "$CC_SRC/chaincode" ] || { fail "chaincode main package present" "no $CC_SRC/chaincode"; exit 1; }

if [ "$STATE_DB" = goleveldb ] && [ "${E2E_COUCHDB_PROBE:-1}" = 1 ] && command -v npm > /dev/null; then
  section "STATE_DB=couchdb with pouchdb-server 4.2.0 (known not to work; see docs/network.md)"
  run env STATE_DB=couchdb "$TN_DIR/network.sh" up
  if [ "$RC" -ne 0 ] && grep -q "not compatible with Fabric's CouchDB client" <<< "$ERR" && grep -q "If-Match" <<< "$ERR"; then
    pass "network.sh up with STATE_DB=couchdb stops with the diagnosis: $(grep -o 'GET answers ETag [^ ,]*' <<< "$ERR" | head -n 1 | sed 's/,$//'), If-Match ignored"
  else
    fail "network.sh up with STATE_DB=couchdb stops with the ETag/If-Match diagnosis" "exit $RC: $OUT
$ERR"
  fi
  if grep -q "network up failed" <<< "$ERR" && [ ! -d "$STATE_DIR" ] &&
      ! (exec 3<> "/dev/tcp/127.0.0.1/$COUCHDB1_PORT") 2> /dev/null; then
    pass "the failed up stopped the pouchdb-server it had started and removed .state/ (trap)"
  else
    fail "the failed up cleaned up after itself" "$ERR"
  fi
fi

section "Network (state database $STATE_DB)"
"$TN_DIR/network.sh" down > /dev/null 2>&1 || true
t=$(now_ms)
"$TN_DIR/network.sh" up
T_UP="$(secs $(($(now_ms) - t)))"
pass "network up: orderer, peer0.org1, peer0.org2 ($STATE_DB), channel $CHANNEL_NAME ($T_UP)"

t=$(now_ms)
CC_SRC="$CC_SRC" "$TN_DIR/network.sh" deploy
T_DEPLOY="$(secs $(($(now_ms) - t)))"
pass "chaincode $CC_NAME deployed by the lifecycle, built by both peers ($T_DEPLOY)"
for org in 1 2; do
  built="$(grep -ho 'build: built [^ ]* in [0-9]* s, no module was fetched' "$LOG_DIR/peer0.org$org.log" | tail -n 1)"
  if [ -n "$built" ]; then pass "peer0.org$org's external builder built from vendor/ with GOPROXY=off (${built#*chaincode })"
  else fail "peer0.org$org's external builder built from vendor/" "$(grep -h 'externalbuilder' "$LOG_DIR/peer0.org$org.log" | tail -n 5)"; fi
done

W="$STATE_DIR/e2e"
mkdir -p "$W"

section "make package (cmd/ccpackage, no Fabric binary) and the package the peers installed"
run env CC_SRC="$CC_SRC" "$TN_DIR/network.sh" package "$W/dist"
pkg_id="$(awk -v l="${CC_NAME}_${CC_VERSION:-1.0}" '$1 == l {print $2}' "$W/dist/package-ids.txt" 2> /dev/null || true)"
inst_id="$(as 1 Admin peer lifecycle chaincode queryinstalled -O json 2> /dev/null |
  jq -r --arg l "${CC_NAME}_${CC_VERSION:-1.0}" '.installed_chaincodes[]? | select(.label == $l) | .package_id' || true)"
if [ "$RC" -eq 0 ] && [ -n "$pkg_id" ] && [ "$pkg_id" = "$inst_id" ] &&
    cmp -s "$W/dist/${CC_NAME}_${CC_VERSION:-1.0}.tar.gz" "$STATE_DIR/packages/${CC_NAME}_${CC_VERSION:-1.0}.tar.gz"; then
  pass "network.sh package (make package) writes the peer CLI's golang package byte for byte: package ID $pkg_id installed on peer0.org1"
else
  fail "network.sh package writes the package the peers installed" "make package: $pkg_id, installed: $inst_id
$OUT
$ERR"
fi
# fabric-samples' packageCC.sh: peer lifecycle chaincode package --path <folder of the main
# package> --lang golang, run from its own folder; and cmd/ccpackage on the same files (the
# deploy's staged copy of the module): the same bytes.
run bash -c "cd '$CC_SRC' && CGO_ENABLED=0 GOFLAGS='-mod=vendor -buildvcs=false' GOPROXY=off GOWORK=off go build -o '$W/ccpackage' ./cmd/ccpackage &&
  cd '$W' && GOFLAGS=-mod=vendor GOPROXY=off GOWORK=off peer lifecycle chaincode package '$W/samples-bbs.tar.gz' \
  --path '$STATE_DIR/cc-src/chaincode' --lang golang --label '${CC_NAME}_${CC_VERSION:-1.0}' &&
  cd / && '$W/ccpackage' -path '$STATE_DIR/cc-src/chaincode' -label '${CC_NAME}_${CC_VERSION:-1.0}' -o '$W/ours-bbs.tar.gz' &&
  peer lifecycle chaincode calculatepackageid '$W/samples-bbs.tar.gz'"
if [ "$RC" -eq 0 ] && cmp -s "$W/samples-bbs.tar.gz" "$W/ours-bbs.tar.gz"; then
  pass "fabric-samples' packaging command (--path <module>/chaincode, from another folder) and cmd/ccpackage write the same bytes ($(tail -n 1 <<< "$OUT"))"
else fail "fabric-samples' packaging command and cmd/ccpackage write the same bytes" "exit $RC: $OUT
$ERR"; fi
# internal/ccpackage's comparison with this Fabric version's peer CLI (a module with hidden
# folders, long names, a symbolic link; and a ccaas package's ID)
run bash -c "cd '$CC_SRC' && CCPACKAGE_PEER='$FABRIC_BIN_DIR/peer' GOFLAGS=-mod=vendor GOPROXY=off GOWORK=off \
  go test -count=1 -run 'MatchesPeer' -v ./internal/ccpackage"
if [ "$RC" -eq 0 ] && grep -q -- '--- PASS: TestGolangMatchesPeer' <<< "$OUT" && grep -q -- '--- PASS: TestCCaaSMatchesPeerID' <<< "$OUT"; then
  pass "go test ./internal/ccpackage with this version's peer CLI: TestGolangMatchesPeer, TestCCaaSMatchesPeerID"
else fail "go test ./internal/ccpackage with this version's peer CLI" "exit $RC: $OUT
$ERR"; fi

section "Keys, credentials and proofs (bbs CLI)"
setup "build the bbs CLI" bash -c "cd '$CC_SRC' && GOFLAGS='-mod=vendor -buildvcs=false' GOPROXY=off go build -trimpath -o '$W/bbs' ./cmd/bbs"
BBS="$W/bbs"
printf '%s\n' '["name=Alice Example", "birthdate=1990-01-01", "country=BE", "membership=gold"]' > "$W/msgs.json"
for k in A A2 B B2 C D; do
  setup "bbs keygen $k" "$BBS" keygen --out "$W/key$k.json"
  printf '%s' "$OUT" | tr -d '\n' > "$W/pk$k"
done
SCHEME="$(jq -r .scheme "$W/keyA.json")"
for k in A B C D; do
  setup "bbs sign (issuer $k)" "$BBS" sign --key "$W/key$k.json" --messages "$W/msgs.json" --out "$W/cred$k.json"
done
prove() { # DEST CRED ISSUER [prove flags...]
  local dest="$1" cred="$2" issuer="$3"
  shift 3
  setup "bbs prove $(basename "$dest")" "$BBS" prove --credential "$cred" --reveal 0,2 --issuer "$issuer" --out "$dest" "$@"
}
bind_user1=(--bind-submitter "$(cert_of 1 User1)" --msp Org1MSP --channel "$CHANNEL_NAME")
prove "$W/reqA1.json" "$W/credA.json" cli-issuer --nonce-random
prove "$W/reqA2.json" "$W/credA.json" cli-issuer --nonce-random
prove "$W/reqA3.json" "$W/credA.json" cli-issuer --nonce-random
prove "$W/reqShort.json" "$W/credA.json" cli-issuer --nonce "$(printf '0123456789abcde' | base64)"
prove "$W/reqB1.json" "$W/credB.json" gw-issuer --nonce-random
prove "$W/reqB2.json" "$W/credB.json" gw-issuer --nonce-random
prove "$W/reqBound.json" "$W/credA.json" cli-issuer "${bind_user1[@]}"
prove "$W/reqC1.json" "$W/credC.json" flow-issuer --nonce-random
prove "$W/reqC2.json" "$W/credC.json" flow-issuer --nonce-random
prove "$W/reqD-unbound.json" "$W/credD.json" bound-issuer --nonce-random
prove "$W/reqD-bound.json" "$W/credD.json" bound-issuer "${bind_user1[@]}"
prove "$W/reqClone.json" "$W/credA.json" clone-issuer --nonce-random
regdoc "$W/regA.json" "$W/keyA.json" cli-issuer 1 User1 4
regdoc "$W/regB.json" "$W/keyB.json" gw-issuer 1 User1 4
regdoc "$W/regC.json" "$W/keyC.json" flow-issuer 2 User1 4
regdoc "$W/regD.json" "$W/keyD.json" bound-issuer 1 User1 4
regdoc "$W/regClone.json" "$W/keyA.json" clone-issuer 2 User1 4
regdoc "$W/regClone2.json" "$W/keyA2.json" clone-issuer 2 User1 4
jq -c '.id = "squat-issuer"' "$W/regA.json" > "$W/regSquat.json"
rotdoc "$W/rotA2.json" "$W/keyA2.json" cli-issuer 2 1 User1
rotdoc "$W/rotA2-org2.json" "$W/keyA2.json" cli-issuer 2 2 User1
rotdoc "$W/rotB2.json" "$W/keyB2.json" gw-issuer 2 1 User1
rotdoc "$W/rotB2-user2.json" "$W/keyB2.json" gw-issuer 2 1 User2
rotdoc "$W/rotB-to-A.json" "$W/keyA.json" gw-issuer 2 1 User1
rotdoc "$W/rotB3.json" "$W/keyB.json" gw-issuer 3 1 User1
tamper_proof "$W/reqA2.json" "$W/reqA2-tampered.json"
jq '.disclosed[1].message = ("country=FR" | @base64)' "$W/reqB2.json" > "$W/reqB2-tampered.json"
pass "keys, credentials and 12 proof requests made ($SCHEME)"

# ------------------------------------------------------------------ registry

section "RegisterIssuer (proof of possession), GetIssuer, ListIssuers"
rejected "CLI RegisterIssuer squat-issuer by Org2 User1 with keyA and cli-issuer's proof of possession is rejected (key squatting)" \
  "proof of possession does not verify" \
  as 2 User1 cc_invoke RegisterIssuer "@$W/regSquat.json"
rejected "CLI RegisterIssuer cli-issuer by Org2 User1 with a document made for Org1 User1 is rejected" \
  "proof of possession does not verify" \
  as 2 User1 cc_invoke RegisterIssuer "@$W/regA.json"
rejected "GW  RegisterIssuer gw-issuer by Org1 User2 with a document made for Org1 User1 is rejected" \
  "proof of possession does not verify" \
  gw 1 User2 submit RegisterIssuer "@$W/regB.json"
rejected "GW  RegisterIssuer bbs+2020 without messageCounts is rejected" "must pin messageCounts" \
  gw 1 User1 submit RegisterIssuer "$(jq -c 'del(.settings)' "$W/regB.json")"
ok "CLI RegisterIssuer cli-issuer (Org1 User1, both peers endorse)" "" \
  as 1 User1 cc_invoke RegisterIssuer "@$W/regA.json"
ok "GW  RegisterIssuer gw-issuer (Org1 User1)" '.status == "VALID"' \
  gw 1 User1 -json submit RegisterIssuer "@$W/regB.json"
ok "GW  GetIssuer cli-issuer: messageCounts [4] pinned at registration" '.settings.messageCounts == [4]' \
  gw 2 User1 evaluate GetIssuer cli-issuer
rejected "CLI RegisterIssuer cli-issuer again is rejected" "already exists" \
  as 1 User1 cc_invoke RegisterIssuer "@$W/regA.json"
rejected "CLI RegisterIssuer clone-issuer with cli-issuer's public key is rejected (cloned key)" "already registered" \
  as 2 User1 cc_invoke RegisterIssuer "@$W/regClone.json"
rejected "GW  RotateIssuerKey gw-issuer to cli-issuer's public key is rejected (cloned key)" "already registered" \
  gw 1 User1 submit RotateIssuerKey "@$W/rotB-to-A.json"
rejected "GW  SubmitProof of cli-issuer's credential under clone-issuer is refused (no such issuer)" "not found|unknown|no issuer|does not exist" \
  gw 1 User1 submit SubmitProof "@$W/reqClone.json"
ok "CLI GetIssuer cli-issuer (on peer0.org2, Org2 User1)" \
  '.id == "cli-issuer" and .currentVersion == 1 and .owner.mspId == "Org1MSP" and (.revoked | not)' \
  as 2 User1 cc_query GetIssuer cli-issuer
ok "GW  GetIssuer gw-issuer (via peer0.org2)" '.id == "gw-issuer" and .keys[0].version == 1' \
  gw 2 User1 evaluate GetIssuer gw-issuer
ok "CLI ListIssuers 10 \"\"" '.count == 2 and ([.issuers[].id] == ["cli-issuer", "gw-issuer"])' \
  as 1 User2 cc_query ListIssuers 10 ""
ok "GW  ListIssuers 1 \"\" returns one issuer and a bookmark" '.count == 1 and .bookmark != ""' \
  gw 1 User2 evaluate ListIssuers 1 ""
bookmark="$(printf '%s' "$OUT" | jq -r .bookmark 2> /dev/null || true)"
ok "GW  ListIssuers 1 <bookmark> returns the last page" '.count == 1 and .issuers[0].id == "gw-issuer" and (.bookmark // "") == ""' \
  gw 1 User2 evaluate ListIssuers 1 "$bookmark"

# ------------------------------------------------------------------ proofs

section "VerifyProof, SubmitProof, GetVerification"
ok "CLI VerifyProof (cli-issuer) is valid, nonce not consumed" \
  '.valid == true and (.disclosed | length) == 2 and .nonceConsumed == false and .messageCount == 4' \
  as 2 User1 cc_query VerifyProof "@$W/reqA1.json"
ok "GW  VerifyProof (gw-issuer) is valid" '.valid == true and .keyVersion == 1' \
  gw 2 User1 evaluate VerifyProof "@$W/reqB1.json"

t=$(now_ms)
ok "CLI SubmitProof (Org1 User1, both peers endorse) commits VALID" "" as 1 User1 cc_invoke SubmitProof "@$W/reqA1.json"
submitted
LAT_CLI=$(($(now_ms) - t))
TX_A1="$(printf '%s' "$OUT" | cc_txid)"
ok "CLI GetVerification <its tx> reads the full stored record" \
  ".txId == \"$TX_A1\" and .issuer == \"cli-issuer\" and .submitterMspId == \"Org1MSP\" and (.boundToSubmitter | not) and .messageCount == 4 and (.disclosed | length) == 2" \
  as 2 User1 cc_query GetVerification "${TX_A1:-missing}"
ok "CLI VerifyProof after the submit: nonce consumed" '.nonceConsumed == true' \
  as 1 User1 cc_query VerifyProof "@$W/reqA1.json"
ok "GW  SubmitProof (Org1 User1) commits VALID with a small result" \
  '.status == "VALID" and .result.issuer == "gw-issuer" and .result.valid == true and (.result.disclosed == null)' \
  gw 1 User1 -json submit SubmitProof "@$W/reqB1.json"
submitted
TX_B1="$(printf '%s' "$OUT" | jq -r '.txId // empty' 2> /dev/null || true)"
LAT_GW="$(printf '%s' "$OUT" | jq -r '.latencyMs // empty' 2> /dev/null || true)"
ok "GW  GetVerification <its tx>" ".txId == \"$TX_B1\" and .issuer == \"gw-issuer\" and .keyVersion == 1" \
  gw 2 User2 evaluate GetVerification "${TX_B1:-missing}"

section "Replay"
rejected "CLI SubmitProof of the same proof again is rejected (replay)" "replay" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqA1.json"
rejected "GW  SubmitProof of the same proof again is rejected (replay)" "replay" \
  gw 1 User1 submit SubmitProof "@$W/reqB1.json"
rejected "GW  SubmitProof of a used nonce by another org is rejected (replay)" "replay" \
  gw 2 User1 submit SubmitProof "@$W/reqA1.json"
outcomes="$(parallel_submit "$W/reqA3.json")"
n_valid="$(grep -c $'^0\tVALID' <<< "$outcomes" || true)"
n_lost="$(grep -Ec $'^[1-9][0-9]*\t.*(MVCC_READ_CONFLICT|replay)' <<< "$outcomes" || true)"
if [ "$n_valid" = 1 ] && [ "$n_lost" = 1 ]; then
  NSUB=$((NSUB + 1))
  pass "GW  two SubmitProofs of one nonce in parallel (Org1, Org2): one VALID, the other $(grep -Eo 'MVCC_READ_CONFLICT|replay' <<< "$outcomes" | head -n 1)"
else
  fail "GW  two SubmitProofs of one nonce in parallel: exactly one VALID, the other MVCC conflict or replay" "$outcomes"
fi
ok "CLI VerifyProof of that nonce: consumed" '.nonceConsumed == true' \
  as 2 User2 cc_query VerifyProof "@$W/reqA3.json"
rejected "CLI SubmitProof with a 15-byte nonce is rejected" "nonce" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqShort.json"

section "Nonce bound to Org1 User1"
ok "CLI VerifyProof as Org1 User2 (same org, other identity): not valid" \
  '.valid == false and (.reason | test("bound"))' as 1 User2 cc_query VerifyProof "@$W/reqBound.json"
rejected "CLI SubmitProof as Org1 User2 is rejected" "not bound" \
  as 1 User2 cc_invoke SubmitProof "@$W/reqBound.json"
rejected "GW  SubmitProof as Org2 User1 (other org) is rejected" "not bound" \
  gw 2 User1 submit SubmitProof "@$W/reqBound.json"
ok "GW  VerifyProof as Org1 User1 (the bound identity): valid" '.valid == true' \
  gw 1 User1 evaluate VerifyProof "@$W/reqBound.json"
ok "CLI SubmitProof as Org1 User1 commits VALID" "" as 1 User1 cc_invoke SubmitProof "@$W/reqBound.json"
submitted
TX_BOUND="$(printf '%s' "$OUT" | cc_txid)"
ok "GW  GetVerification: bound to the submitter" '.boundToSubmitter == true and .submitterMspId == "Org1MSP"' \
  gw 1 User2 evaluate GetVerification "${TX_BOUND:-missing}"

section "Issuer setting requireBoundNonce"
ok "GW  RegisterIssuer bound-issuer (Org1 User1)" '.status == "VALID"' \
  gw 1 User1 -json submit RegisterIssuer "@$W/regD.json"
rejected "GW  SetIssuerSettings by Org2 User1 (not the owner) is rejected" "access denied" \
  gw 2 User1 submit SetIssuerSettings bound-issuer '{"requireBoundNonce":true}'
rejected "GW  SetIssuerSettings with an unknown field is rejected" "unknown|requireBoundNonces" \
  gw 1 User1 submit SetIssuerSettings bound-issuer '{"requireBoundNonces":true}'
ok "GW  SetIssuerSettings bound-issuer {requireBoundNonce: true} by the owner commits" \
  '.status == "VALID" and .result.settings.requireBoundNonce == true' \
  gw 1 User1 -json submit SetIssuerSettings bound-issuer '{"requireBoundNonce":true,"messageCounts":[4]}'
rejected "CLI SubmitProof of an unbound proof for bound-issuer is rejected" "bound" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqD-unbound.json"
ok "CLI VerifyProof of that unbound proof: not valid, the issuer requires a bound nonce" \
  '.valid == false and (.reason | test("requires a nonce bound"))' \
  as 1 User1 cc_query VerifyProof "@$W/reqD-unbound.json"
ok "CLI SubmitProof of a proof bound to Org1 User1 commits VALID" "" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqD-bound.json"
submitted

section "Tampered proofs"
ok "CLI VerifyProof of a proof with one bit flipped: not valid" '.valid == false' \
  as 1 User1 cc_query VerifyProof "@$W/reqA2-tampered.json"
rejected "CLI SubmitProof of the flipped proof is rejected" "proof rejected|invalid|not valid|verif" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqA2-tampered.json"
ok "GW  VerifyProof with a changed disclosed message: not valid" '.valid == false' \
  gw 1 User1 evaluate VerifyProof "@$W/reqB2-tampered.json"
rejected "GW  SubmitProof with a changed disclosed message is rejected" "proof rejected|invalid|not valid|verif" \
  gw 1 User1 submit SubmitProof "@$W/reqB2-tampered.json"

section "Chaincode endorsement policy AND(Org1, Org2)"
rejected "CLI SubmitProof endorsed by peer0.org1 alone is invalidated at commit" "ENDORSEMENT_POLICY_FAILURE" \
  as 1 User1 cc_invoke_on 1 SubmitProof "@$W/reqA2.json"
ok "CLI VerifyProof: that nonce was not consumed" '.valid == true and .nonceConsumed == false' \
  as 1 User1 cc_query VerifyProof "@$W/reqA2.json"
ok "GW  SubmitProof of the same proof, endorsed as the policy requires, commits" '.status == "VALID"' \
  gw 2 User1 -json submit SubmitProof "@$W/reqA2.json"
submitted

# ------------------------------------------------------------------ key management

section "Key-level endorsement: issuer changes need the owner org's peer and both orgs (endorsement mode and)"
rejected "CLI SetIssuerSettings cli-issuer by its Org1 owner, endorsed by peer0.org2 alone: ENDORSEMENT_POLICY_FAILURE" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" \
  as 1 User1 cc_invoke_on 2 SetIssuerSettings cli-issuer '{"requireBoundNonce":false,"messageCounts":[4,5]}'
ok "CLI GetIssuer: the settings did not change (messageCounts [4], pinned at registration)" '.settings.messageCounts == [4]' \
  as 1 User1 cc_query GetIssuer cli-issuer
rejected "CLI the same change endorsed by peer0.org1 alone, the owner's org: ENDORSEMENT_POLICY_FAILURE (key-level AND(owner, Org1, Org2))" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" \
  as 1 User1 cc_invoke_on 1 SetIssuerSettings cli-issuer '{"requireBoundNonce":false,"messageCounts":[4,5]}'
ok "CLI the same change endorsed by both peers commits VALID" "" \
  as 1 User1 cc_invoke SetIssuerSettings cli-issuer '{"requireBoundNonce":false,"messageCounts":[4,5]}'
ok "CLI GetIssuer on peer0.org2: messageCounts [4, 5]" '.settings.messageCounts == [4, 5]' \
  as 2 User1 cc_query GetIssuer cli-issuer
rejected "GW  RevokeIssuerKey gw-issuer 1 by its owner, endorsed by Org2MSP alone: ENDORSEMENT_POLICY_FAILURE" \
  "ENDORSEMENT_POLICY_FAILURE" \
  gw 1 User1 -endorsing-orgs Org2MSP submit RevokeIssuerKey gw-issuer 1
ok "GW  GetIssuer: gw-issuer key 1 not revoked" '(.keys[0].revoked | not)' \
  gw 1 User1 evaluate GetIssuer gw-issuer

section "RotateIssuerKey, RevokeIssuerKey"
rejected "CLI RotateIssuerKey by Org2 User1 (other org) is rejected" "access denied" \
  as 2 User1 cc_invoke RotateIssuerKey "@$W/rotA2-org2.json"
rejected "GW  RotateIssuerKey by Org1 User2 (owner's org, not the owner) is rejected" "access denied" \
  gw 1 User2 submit RotateIssuerKey "@$W/rotB2-user2.json"
rejected "CLI RevokeIssuer by Org1 User2 is rejected" "access denied" \
  as 1 User2 cc_invoke RevokeIssuer cli-issuer
rejected "CLI RotateIssuerKey by the owner with a document made for Org2 User1 is rejected" "proof of possession does not verify" \
  as 1 User1 cc_invoke RotateIssuerKey "$(jq -c . "$W/rotA2-org2.json")"
ok "CLI RotateIssuerKey by the owner commits" "" as 1 User1 cc_invoke RotateIssuerKey "@$W/rotA2.json"
ok "GW  RotateIssuerKey by the owner commits" '.status == "VALID"' \
  gw 1 User1 -json submit RotateIssuerKey "@$W/rotB2.json"
ok "CLI GetIssuer: key version 2 is current" '.currentVersion == 2 and (.keys | length) == 2' \
  as 2 User2 cc_query GetIssuer cli-issuer
prove "$W/reqA-v1.json" "$W/credA.json" cli-issuer --nonce-random --key-version 1
prove "$W/reqA-cur.json" "$W/credA.json" cli-issuer --nonce-random
ok "CLI VerifyProof with keyVersion 1 (the old key) is still valid" '.valid == true and .keyVersion == 1' \
  as 1 User1 cc_query VerifyProof "@$W/reqA-v1.json"
ok "CLI VerifyProof against the current key (v2) of a v1 credential: not valid" '.valid == false and .keyVersion == 2' \
  as 1 User1 cc_query VerifyProof "@$W/reqA-cur.json"
ok "CLI RevokeIssuerKey cli-issuer 1 commits" "" as 1 User1 cc_invoke RevokeIssuerKey cli-issuer 1
rejected "CLI VerifyProof with the revoked key version is refused" "revoked" \
  as 1 User1 cc_query VerifyProof "@$W/reqA-v1.json"
rejected "GW  RevokeIssuerKey by Org2 User1 is rejected" "access denied" \
  gw 2 User1 submit RevokeIssuerKey gw-issuer 1
rejected "GW  RevokeIssuerKey gw-issuer 1, endorsed by Org1MSP (the owner's org) alone: ENDORSEMENT_POLICY_FAILURE" "ENDORSEMENT_POLICY_FAILURE" \
  gw 1 User1 -endorsing-orgs Org1MSP submit RevokeIssuerKey gw-issuer 1
ok "GW  RevokeIssuerKey gw-issuer 1, endorsed by both orgs, commits (key-level AND)" '.status == "VALID"' \
  gw 1 User1 -endorsing-orgs Org1MSP,Org2MSP -json submit RevokeIssuerKey gw-issuer 1
ok "GW  GetIssuer: key 1 revoked, key 2 current" '.keys[0].revoked == true and (.keys[1].revoked | not) and .currentVersion == 2' \
  gw 2 User1 evaluate GetIssuer gw-issuer

section "GetIssuerHistory (paginated; needs the peers' history database)"
ok "CLI GetIssuerHistory cli-issuer 10 \"\": register, settings, rotate, revoke key (not the invalidated change)" \
  '.count == 4 and (.entries | length) == 4 and ([.entries[].issuer.currentVersion] | sort) == [1, 1, 2, 2] and any(.entries[]; .issuer.keys[0].revoked)' \
  as 2 User1 cc_query GetIssuerHistory cli-issuer 10 ""
ok "GW  GetIssuerHistory cli-issuer paged by 3 to the end: 4 entries in 2 pages" \
  '.pages == 2 and (.items | length) == 4 and ([.items[].txId] | unique | length) == 4' \
  list_all GetIssuerHistory 3 cli-issuer
ok "GW  GetIssuerHistory gw-issuer paged by 1 to the end: 3 changes" \
  '(.items | length) == 3 and all(.items[]; .txId != "")' \
  list_all GetIssuerHistory 1 gw-issuer

section "Gateway flow: RegisterIssuer, VerifyProof, SubmitProof, ProofVerified from the committed block, GetVerification"
ok "GW  flow with flow-issuer (VerifyProof once both peers committed the registration)" \
  '(.committedOn | length) == 2 and .verifyProof.valid == true and .submitProof.status == "VALID" and .event.txId == .submitProof.txId and .event.block == .submitProof.block and .event.payload.issuer == "flow-issuer" and .verification.txId == .submitProof.txId' \
  gw 2 User1 flow -issuer flow-issuer -registration "@$W/regC.json" -request "$W/reqC1.json" \
  -wait-peer "$PEER1_ADDRESS=$PEER1_TLS_CA" -wait-peer "$PEER2_ADDRESS=$PEER2_TLS_CA"
submitted
LAT_FLOW="$(printf '%s' "$OUT" | jq -r '.submitProof.latencyMs // empty' 2> /dev/null || true)"
ok "GW  events from block 0: every accepted proof ($NSUB) emitted one small ProofVerified" \
  "length == $NSUB and all(.[]; .name == \"ProofVerified\" and (.payload.disclosed == null)) and ([.[].txId] | unique | length) == $NSUB" \
  slurp gw 1 User1 events -start-block 0 -count "$NSUB" -timeout 20s

section "RevokeIssuer"
ok "CLI RevokeIssuer cli-issuer commits" "" as 1 User1 cc_invoke RevokeIssuer cli-issuer
rejected "CLI VerifyProof for a revoked issuer is refused" "revoked" \
  as 2 User1 cc_query VerifyProof "@$W/reqA-cur.json"
ok "GW  RevokeIssuer gw-issuer commits" '.status == "VALID"' gw 1 User1 -json submit RevokeIssuer gw-issuer
rejected "GW  RotateIssuerKey of a revoked issuer is refused" "revoked" \
  gw 1 User1 submit RotateIssuerKey "@$W/rotB3.json"
rejected "CLI RegisterIssuer clone-issuer with a revoked issuer's key is still refused" "already registered" \
  as 2 User1 cc_invoke RegisterIssuer "@$W/regClone2.json"

section "Ledger read back"
ok "CLI ListIssuers on peer0.org2: 4 issuers, 2 revoked" \
  '.count == 4 and ([.issuers[] | select(.revoked)] | length) == 2 and (.bookmark // "") == ""' as 2 User1 cc_query ListIssuers 200 ""
for size in 1 3 4; do
  ok "GW  ListIssuers paged by $size to the end ($STATE_DB): every issuer once, in order" \
    '[.items[].id] == ["bound-issuer", "cli-issuer", "flow-issuer", "gw-issuer"]' \
    list_all ListIssuers "$size"
done
ok "GW  GetVerification of the first proof on peer0.org2" ".txId == \"$TX_A1\"" \
  gw 2 User1 evaluate GetVerification "${TX_A1:-missing}"
h1="$(as 1 Admin peer channel getinfo -c "$CHANNEL_NAME" 2> /dev/null | sed -n 's/^Blockchain info: //p' | jq .height)"
h2="$(as 2 Admin peer channel getinfo -c "$CHANNEL_NAME" 2> /dev/null | sed -n 's/^Blockchain info: //p' | jq .height)"
if [ -n "$h1" ] && [ "$h1" = "$h2" ]; then pass "both peers at the same height ($h1 blocks)"; else fail "both peers at the same height" "peer0.org1 $h1, peer0.org2 $h2"; fi
MEM="$(network_rss)"

# shellcheck source=e2e/pseudonyms.sh
. "$TN_DIR/e2e/pseudonyms.sh"   # pseudonyms, one use per context
# shellcheck source=e2e/poll.sh
. "$TN_DIR/e2e/poll.sh"   # the poll example chaincode calling bbs
# shellcheck source=e2e/policies.sh
. "$TN_DIR/e2e/policies.sh"   # verification policies, requests made with bbs prove --policy
# shellcheck source=e2e/clients.sh
. "$TN_DIR/e2e/clients.sh"   # the client samples of examples/client, Go and Node.js
# shellcheck source=e2e/trust.sh
. "$TN_DIR/e2e/trust.sh"   # endorsement configuration, modes and and owner
# shellcheck source=e2e/credentials.sh
. "$TN_DIR/e2e/credentials.sh"   # W3C bbs-2023 credentials, RegisterContext, Verify/SubmitCredential
# shellcheck source=e2e/codes.sh
. "$TN_DIR/e2e/codes.sh"   # the stable error codes, as the peer CLI and the Gateway show them
# shellcheck source=e2e/revocation.sh
. "$TN_DIR/e2e/revocation.sh"   # validity, epochs, status lists
# shellcheck source=e2e/credpolicy.sh
. "$TN_DIR/e2e/credpolicy.sh"   # credential policies, SubmitCredentials, contexts per issuer
# shellcheck source=e2e/credentials-db.sh
. "$TN_DIR/e2e/credentials-db.sh"   # a Digital Bazaar-issued credential, their key registered, through the peer CLI and the Gateway
# shellcheck source=e2e/revocation-acc.sh
. "$TN_DIR/e2e/revocation-acc.sh"   # accumulator, presentations with non-revocation
# shellcheck source=e2e/credentials-more.sh
. "$TN_DIR/e2e/credentials-more.sh"   # BbsBlsSignatureProof2020 and bbs-2023 pseudonym credentials
# Parts added by other branches go here, one line each (a part is
# test-network/e2e/<topic>.sh, see e2e/lib.sh for the helpers):
#   # shellcheck source=e2e/<topic>.sh
#   . "$TN_DIR/e2e/<topic>.sh"   # issue N: what it checks
# shellcheck source=e2e/credrevocation.sh
. "$TN_DIR/e2e/credrevocation.sh"   # epoch claims and status entries of bbs-2023 credentials
# shellcheck source=e2e/credentials-vm.sh
. "$TN_DIR/e2e/credentials-vm.sh"   # credentials under verification methods the issuer declared (did:web)
# shellcheck source=e2e/predicates.sh
. "$TN_DIR/e2e/predicates.sh"   # integer positions, a policy requiring age >= 18, a proof hiding the birth date
# shellcheck source=e2e/rogue.sh
. "$TN_DIR/e2e/rogue.sh"   # bbs as "bbsor" on an OR channel, Org2's peer running a rogue package: Org1's transactions and reads stay correct

# ---- soak (begin): Fabric v2.5, while the chaincode is peer-launched
if [ "$FABRIC_VERSION" = 2.5 ] && [ "${E2E_SOAK:-1}" = 1 ]; then
  # shellcheck source=e2e/soak.sh
  . "$TN_DIR/e2e/soak.sh"
fi
# ---- soak (end)

# ---- Fabric v3.1 (begin): one of the four BFT orderers stopped and restarted
if [ "$FABRIC_VERSION" = 3.1 ]; then
  # shellcheck source=e2e/bft.sh
  . "$TN_DIR/e2e/bft.sh"
  # shellcheck source=e2e/soak-bft.sh
  if [ "${E2E_SOAK:-1}" = 1 ]; then . "$TN_DIR/e2e/soak-bft.sh"; fi   # a short soak, the SmartBFT leader lost under load, the mix
fi
# ---- Fabric v3.1 (end)

# shellcheck source=e2e/docs.sh
. "$TN_DIR/e2e/docs.sh"   # the documentation's command sequences, as written
# shellcheck source=e2e/upgrade.sh
. "$TN_DIR/e2e/upgrade.sh"   # a new package, sequence + 1, while records of every kind exist

# ------------------------------------------------------------------ ccaas

section "Chaincode as a service (mutual TLS)"
t=$(now_ms)
SEQ_CCAAS=$(($(cc_sequence) + 1))
run env CC_SRC="$CC_SRC" "$TN_DIR/network.sh" deploy -ccaas
T_CCAAS="$(secs $(($(now_ms) - t)))"
if [ "$RC" -eq 0 ]; then pass "redeploy -ccaas: sequence $SEQ_CCAAS, the peers dial the chaincode server ($T_CCAAS)"
else fail "redeploy -ccaas" "$OUT
$ERR"; fi
if grep -q "TLS on, client certificates required" "$LOG_DIR/ccaas-bbs.log" 2> /dev/null; then
  pass "the chaincode server serves mutual TLS (server key pair from Org1's TLS CA; client CAs of Org1 and Org2)"
else fail "the chaincode server serves mutual TLS" "$(tail -n 5 "$LOG_DIR/ccaas-bbs.log" 2> /dev/null)"; fi
n_rel="$(cat "$LOG_DIR"/peer0.org*.log | grep -c 'release: ccaas mutual TLS' || true)"
if [ "$n_rel" -ge 2 ]; then pass "each peer's builder put the peer's own TLS client key pair into connection.json"
else fail "each peer's builder put the peer's own TLS client key pair into connection.json" "$n_rel release lines"; fi
CCAAS_CA="$ORG_DIR/peerOrganizations/org1.example.com/peers/ccaas.org1.example.com/tls/ca.crt"
if command -v openssl > /dev/null; then
  run openssl s_client -connect "127.0.0.1:$CCAAS_PORT" -tls1_2 -CAfile "$CCAAS_CA" -verify_return_error
  if [ "$RC" -ne 0 ]; then pass "a TLS client without a client certificate cannot connect to the chaincode server"
  else fail "a TLS client without a client certificate cannot connect to the chaincode server" "$OUT"; fi
fi
ok "CLI querycommitted: sequence $SEQ_CCAAS, ccaas package" ".sequence == $SEQ_CCAAS" \
  as 1 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json
ok "GW  GetIssuer flow-issuer served by the chaincode server" '.id == "flow-issuer"' \
  gw 1 User1 evaluate GetIssuer flow-issuer
ok "GW  SubmitProof through the chaincode server commits" '.status == "VALID" and .result.issuer == "flow-issuer"' \
  gw 2 User2 -json submit SubmitProof "@$W/reqC2.json"
rejected "CLI replay through the chaincode server is rejected" "replay" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqC2.json"
if grep -q "TLS on, client certificates required" "$LOG_DIR/ccaas-$POLL_CC_NAME.log" 2> /dev/null; then
  pass "the poll example runs as its own chaincode server (mutual TLS, port POLL_CCAAS_PORT)"
else fail "the poll example runs as its own chaincode server" "$(tail -n 5 "$LOG_DIR/ccaas-$POLL_CC_NAME.log" 2> /dev/null)"; fi
ok "GW  Tally $POLL1 served by the poll chaincode server (the votes kept)" '.total == 2' \
  poll_gw 2 User1 evaluate Tally "$POLL1"
# shellcheck source=e2e/spends.sh
. "$TN_DIR/e2e/spends.sh"
# shellcheck source=e2e/ccaas-image.sh
. "$TN_DIR/e2e/ccaas-image.sh"   # the chaincode server from an OCI image, podman

# ------------------------------------------------------------------ down

if [ "$KEEP" != 1 ]; then
  section "network.sh down"
  # A decoy: a process of ours in its own process group, recorded like a
  # network process but with another start time, as a PID reused after a
  # crash would be. down must leave it (and its group) alone.
  setsid sleep 300 < /dev/null > /dev/null 2>&1 &
  decoy=$!
  echo "$decoy" > "$PID_DIR/decoy.pid"
  echo 1 > "$PID_DIR/decoy.start"
  run "$TN_DIR/network.sh" down
  if [ "$RC" -eq 0 ] && kill -0 "$decoy" 2> /dev/null && grep -q "pid $decoy (decoy) is running but is not the process network.sh started" <<< "$OUT"; then
    pass "down leaves a recorded PID alone when its start time differs (reused PID)"
  else
    fail "down leaves a recorded PID alone when its start time differs" "$OUT"
  fi
  kill "$decoy" 2> /dev/null || true
  busy="" ports=("$ORDERER_PORT" "$ORDERER_ADMIN_PORT" "$PEER1_PORT" "$PEER2_PORT" "$PEER1_CC_PORT" "$PEER2_CC_PORT" "$CCAAS_PORT")
  # Fabric v3.1: orderers 2-4 too
  [ "$FABRIC_VERSION" != 3.1 ] || ports+=("$ORDERER2_PORT" "$ORDERER2_ADMIN_PORT" "$ORDERER3_PORT" "$ORDERER3_ADMIN_PORT" "$ORDERER4_PORT" "$ORDERER4_ADMIN_PORT")
  for port in "${ports[@]}"; do
    if (exec 3<> "/dev/tcp/127.0.0.1/$port") 2> /dev/null; then busy="$busy $port"; fi
  done
  if [ -z "$busy" ] && [ ! -d "$STATE_DIR" ]; then pass "down stopped every node and the chaincode server, and removed .state/"
  else fail "down stopped everything" "still listening:$busy"; fi
fi

finished=1
