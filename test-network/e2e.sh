#!/usr/bin/env bash
# End-to-end test of the bbs chaincode on a fresh local Fabric network.
#
#   test-network/e2e.sh           (make e2e)
#
# Brings up a new network, deploys the repository's ./chaincode with the real
# lifecycle (built by the peers' external builder from vendor/), then runs
# every contract transaction once through the peer CLI and once through the
# Fabric Gateway client, checks that a replayed proof, a bound nonce used by
# the wrong identity, a tampered proof and an unauthorised key rotation are
# rejected, reads the ledger back from the other org's peer, redeploys the
# chaincode as a chaincode server (ccaas) and uses it, and tears the network
# down, even on failure (E2E_KEEP_NETWORK=1 leaves it up).
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
T_UP="" T_DEPLOY="" T_CCAAS="" LAT_CLI="" LAT_GW="" LAT_FLOW="" MEM=""

now_ms() { date +%s%3N; }
secs() { local ms=$1; printf '%d.%01d s' $((ms / 1000)) $(((ms % 1000) / 100)); }
section() { printf '\n--- %s\n' "$*"; }

pass() { passed=$((passed + 1)); printf '  PASS  %s\n' "$1"; }
fail() {
  failed=$((failed + 1))
  printf '  FAIL  %s\n' "$1"
  if [ -n "${2:-}" ]; then printf '%s\n' "$2" | tail -n 15 | sed 's/^/        | /'; fi
}

# run CMD...: runs it, keeping its exit status in RC, stdout in OUT, stderr in ERR.
run() {
  local o e
  o="$(mktemp)" e="$(mktemp)"
  set +e
  "$@" > "$o" 2> "$e"
  RC=$?
  set -e
  OUT="$(cat "$o")" ERR="$(cat "$e")"
  rm -f "$o" "$e"
}

# as ORG USER CMD...: runs CMD with the peer CLI set to that identity and peer.
as() { local org="$1" user="$2"; shift 2; ( setOrg "$org" "$user" && "$@" ); }

# ok NAME JQ_FILTER CMD...: passes if CMD succeeds and JQ_FILTER holds on its
# output ("" to check only the exit status). Like rejected, it records the
# result and returns 0; OUT keeps the output for the next step.
ok() {
  local name="$1" filter="$2"
  shift 2
  run "$@"
  if [ "$RC" -ne 0 ]; then fail "$name" "exit $RC: $OUT
$ERR"; return 0; fi
  if [ -n "$filter" ] && ! printf '%s' "$OUT" | jq -e "$filter" > /dev/null 2>&1; then
    fail "$name" "output does not satisfy $filter:
$OUT"
    return 0
  fi
  pass "$name"
}

# rejected NAME REGEX CMD...: passes if CMD fails with REGEX in its output.
rejected() {
  local name="$1" regex="$2"
  shift 2
  run "$@"
  if [ "$RC" -eq 0 ]; then fail "$name" "expected a rejection, got success: $OUT"; return 0; fi
  if ! printf '%s\n%s' "$OUT" "$ERR" | grep -Eiq -- "$regex"; then
    fail "$name" "rejected, but without /$regex/: $OUT
$ERR"
    return 0
  fi
  pass "$name"
}

# setup NAME CMD...: a step the rest depends on; on failure the test stops.
setup() {
  local name="$1"
  shift
  run "$@"
  if [ "$RC" -ne 0 ]; then
    fail "$name" "exit $RC: $OUT
$ERR"
    exit 1
  fi
}

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
  echo "timings: network up ${T_UP:-?}, deploy ${T_DEPLOY:-?} (peers build the chaincode), ccaas redeploy ${T_CCAAS:-?}"
  echo "         SubmitProof with commit: peer CLI ${LAT_CLI:-?} ms, gateway ${LAT_GW:-?} ms, gateway flow ${LAT_FLOW:-?} ms"
  echo "         network memory (orderer + 2 peers + chaincodes): ${MEM:-?}; whole test $(secs $(($(now_ms) - T_START)))"
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

# ------------------------------------------------------------------ network

section "Binaries"
"$TN_DIR/scripts/build-bins.sh" all
[ -f "$CC_SRC/vendor/modules.txt" ] || { fail "vendor/ present in $CC_SRC" "run make vendor (go mod vendor)"; exit 1; }
[ -d "$CC_SRC/chaincode" ] || { fail "chaincode main package present" "no $CC_SRC/chaincode"; exit 1; }

section "Network"
"$TN_DIR/network.sh" down > /dev/null 2>&1 || true
t=$(now_ms)
"$TN_DIR/network.sh" up
T_UP="$(secs $(($(now_ms) - t)))"
pass "network up: orderer, peer0.org1, peer0.org2, channel $CHANNEL_NAME ($T_UP)"

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
section "Keys, credentials and proofs (bbs CLI)"
setup "build the bbs CLI" bash -c "cd '$CC_SRC' && GOFLAGS='-mod=vendor -buildvcs=false' GOPROXY=off go build -trimpath -o '$W/bbs' ./cmd/bbs"
BBS="$W/bbs"
cat > "$W/msgs.json" << 'EOF'
["name=Alice Example", "birthdate=1990-01-01", "country=BE", "membership=gold"]
EOF
for k in A A2 B B2 C; do
  setup "bbs keygen $k" "$BBS" keygen --out "$W/key$k.json"
  printf '%s' "$OUT" | tr -d '\n' > "$W/pk$k"
done
SCHEME="$(jq -r .scheme "$W/keyA.json")"
setup "bbs sign (issuer A)" "$BBS" sign --key "$W/keyA.json" --messages "$W/msgs.json" --out "$W/credA.json"
setup "bbs sign (issuer B)" "$BBS" sign --key "$W/keyB.json" --messages "$W/msgs.json" --out "$W/credB.json"
setup "bbs sign (issuer C)" "$BBS" sign --key "$W/keyC.json" --messages "$W/msgs.json" --out "$W/credC.json"
prove() { # DEST CRED ISSUER [prove flags...]
  local dest="$1" cred="$2" issuer="$3"
  shift 3
  setup "bbs prove $(basename "$dest")" "$BBS" prove --credential "$cred" --reveal 0,2 --issuer "$issuer" --out "$dest" "$@"
}
prove "$W/reqA1.json" "$W/credA.json" cli-issuer --nonce-random
prove "$W/reqA2.json" "$W/credA.json" cli-issuer --nonce-random
prove "$W/reqB1.json" "$W/credB.json" gw-issuer --nonce-random
prove "$W/reqB2.json" "$W/credB.json" gw-issuer --nonce-random
prove "$W/reqBound.json" "$W/credA.json" cli-issuer \
  --bind-submitter "$(cert_of 1 User1)" --msp Org1MSP --channel "$CHANNEL_NAME"
prove "$W/reqC1.json" "$W/credC.json" flow-issuer --nonce-random
prove "$W/reqC2.json" "$W/credC.json" flow-issuer --nonce-random
tamper_proof "$W/reqA2.json" "$W/reqA2-tampered.json"
jq '.disclosed[1].message = ("country=FR" | @base64)' "$W/reqB2.json" > "$W/reqB2-tampered.json"
pass "keys, credentials and 7 proof requests made ($SCHEME)"

# ------------------------------------------------------------------ registry

section "RegisterIssuer, GetIssuer, ListIssuers"
ok "CLI RegisterIssuer cli-issuer (Org1 User1)" "" \
  as 1 User1 cc_invoke RegisterIssuer cli-issuer "$SCHEME" "@$W/pkA" "issuer registered with the peer CLI"
ok "GW  RegisterIssuer gw-issuer (Org1 User1)" '.status == "VALID"' \
  gw 1 User1 -json submit RegisterIssuer gw-issuer "$SCHEME" "@$W/pkB" "issuer registered through the gateway"
rejected "CLI RegisterIssuer cli-issuer again is rejected" "already exists" \
  as 2 User1 cc_invoke RegisterIssuer cli-issuer "$SCHEME" "@$W/pkA" "takeover"
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
ok "GW  ListIssuers 1 <bookmark> returns the next page" '.count == 1 and .issuers[0].id == "gw-issuer"' \
  gw 1 User2 evaluate ListIssuers 1 "$bookmark"

# ------------------------------------------------------------------ proofs

section "VerifyProof, SubmitProof, GetVerification"
ok "CLI VerifyProof (cli-issuer) is valid" '.valid == true and (.disclosed | length) == 2' \
  as 2 User1 cc_query VerifyProof "@$W/reqA1.json"
ok "GW  VerifyProof (gw-issuer) is valid" '.valid == true and .keyVersion == 1' \
  gw 2 User1 evaluate VerifyProof "@$W/reqB1.json"

t=$(now_ms)
ok "CLI SubmitProof (Org1 User1) commits VALID" "" as 1 User1 cc_invoke SubmitProof "@$W/reqA1.json"
LAT_CLI=$(($(now_ms) - t))
TX_A1="$(printf '%s' "$OUT" | cc_txid)"
ok "CLI GetVerification <its tx> reads the stored verification" \
  ".txId == \"$TX_A1\" and .issuer == \"cli-issuer\" and .submitterMspId == \"Org1MSP\" and (.boundToSubmitter | not)" \
  as 2 User1 cc_query GetVerification "${TX_A1:-missing}"
ok "GW  SubmitProof (Org1 User1) commits VALID" '.status == "VALID" and .result.issuer == "gw-issuer"' \
  gw 1 User1 -json submit SubmitProof "@$W/reqB1.json"
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
TX_BOUND="$(printf '%s' "$OUT" | cc_txid)"
ok "GW  GetVerification: bound to the submitter" '.boundToSubmitter == true and .submitterMspId == "Org1MSP"' \
  gw 1 User2 evaluate GetVerification "${TX_BOUND:-missing}"

section "Tampered proofs"
ok "CLI VerifyProof of a proof with one bit flipped: not valid" '.valid == false' \
  as 1 User1 cc_query VerifyProof "@$W/reqA2-tampered.json"
rejected "CLI SubmitProof of the flipped proof is rejected" "proof rejected|invalid|not valid|verif" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqA2-tampered.json"
ok "GW  VerifyProof with a changed disclosed message: not valid" '.valid == false' \
  gw 1 User1 evaluate VerifyProof "@$W/reqB2-tampered.json"
rejected "GW  SubmitProof with a changed disclosed message is rejected" "proof rejected|invalid|not valid|verif" \
  gw 1 User1 submit SubmitProof "@$W/reqB2-tampered.json"
ok "GW  SubmitProof of the untampered proof still commits (nonce not consumed)" '.status == "VALID"' \
  gw 2 User1 -json submit SubmitProof "@$W/reqA2.json"

# ------------------------------------------------------------------ key management

section "RotateIssuerKey, RevokeIssuerKey"
rejected "CLI RotateIssuerKey by Org2 User1 (other org) is rejected" "access denied" \
  as 2 User1 cc_invoke RotateIssuerKey cli-issuer "@$W/pkA2"
rejected "GW  RotateIssuerKey by Org1 User2 (owner's org, not the owner) is rejected" "access denied" \
  gw 1 User2 submit RotateIssuerKey gw-issuer "@$W/pkB2"
rejected "CLI RevokeIssuer by Org1 User2 is rejected" "access denied" \
  as 1 User2 cc_invoke RevokeIssuer cli-issuer
ok "CLI RotateIssuerKey by the owner commits" "" as 1 User1 cc_invoke RotateIssuerKey cli-issuer "@$W/pkA2"
ok "GW  RotateIssuerKey by the owner commits" '.status == "VALID"' \
  gw 1 User1 -json submit RotateIssuerKey gw-issuer "@$W/pkB2"
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
ok "GW  RevokeIssuerKey gw-issuer 1 commits" '.status == "VALID"' \
  gw 1 User1 -json submit RevokeIssuerKey gw-issuer 1
ok "GW  GetIssuer: key 1 revoked, key 2 current" '.keys[0].revoked == true and (.keys[1].revoked | not) and .currentVersion == 2' \
  gw 2 User1 evaluate GetIssuer gw-issuer

section "GetIssuerHistory"
ok "CLI GetIssuerHistory cli-issuer: register, rotate, revoke key" \
  'length == 3 and ([.[].issuer.currentVersion] | sort) == [1, 2, 2] and any(.[]; .issuer.keys[0].revoked)' \
  as 2 User1 cc_query GetIssuerHistory cli-issuer
ok "GW  GetIssuerHistory gw-issuer: 3 changes" 'length == 3 and all(.[]; .txId != "")' \
  gw 2 User1 evaluate GetIssuerHistory gw-issuer

section "Gateway flow: RegisterIssuer, VerifyProof, SubmitProof + ProofVerified event, GetVerification"
ok "GW  flow with flow-issuer" \
  '.verifyProof.valid == true and .submitProof.status == "VALID" and .event.txId == .submitProof.txId and .event.payload.issuer == "flow-issuer" and .verification.txId == .submitProof.txId' \
  gw 2 User1 flow -issuer flow-issuer -scheme "$SCHEME" -public-key "@$W/pkC" -request "$W/reqC1.json"
LAT_FLOW="$(printf '%s' "$OUT" | jq -r '.submitProof.latencyMs // empty' 2> /dev/null || true)"
ok "GW  events from block 0: every accepted proof emitted ProofVerified" \
  'length == 5 and all(.[]; .name == "ProofVerified")' \
  slurp gw 1 User1 events -start-block 0 -count 5 -timeout 20s

section "RevokeIssuer"
ok "CLI RevokeIssuer cli-issuer commits" "" as 1 User1 cc_invoke RevokeIssuer cli-issuer
rejected "CLI VerifyProof for a revoked issuer is refused" "revoked" \
  as 2 User1 cc_query VerifyProof "@$W/reqA-cur.json"
ok "GW  RevokeIssuer gw-issuer commits" '.status == "VALID"' gw 1 User1 -json submit RevokeIssuer gw-issuer
rejected "GW  RotateIssuerKey of a revoked issuer is refused" "revoked" \
  gw 1 User1 submit RotateIssuerKey gw-issuer "@$W/pkB"

section "Ledger read back"
ok "CLI ListIssuers on peer0.org2: 3 issuers, 2 revoked" \
  '.count == 3 and ([.issuers[] | select(.revoked)] | length) == 2' as 2 User1 cc_query ListIssuers 200 ""
ok "GW  GetVerification of the first proof on peer0.org2" ".txId == \"$TX_A1\"" \
  gw 2 User1 evaluate GetVerification "${TX_A1:-missing}"
h1="$(as 1 Admin peer channel getinfo -c "$CHANNEL_NAME" 2> /dev/null | sed -n 's/^Blockchain info: //p' | jq .height)"
h2="$(as 2 Admin peer channel getinfo -c "$CHANNEL_NAME" 2> /dev/null | sed -n 's/^Blockchain info: //p' | jq .height)"
if [ -n "$h1" ] && [ "$h1" = "$h2" ]; then pass "both peers at the same height ($h1 blocks)"; else fail "both peers at the same height" "peer0.org1 $h1, peer0.org2 $h2"; fi
MEM="$(network_rss)"

# ---- Fabric v3.1 (begin): one of the four BFT orderers stopped and restarted
if [ "$FABRIC_VERSION" = 3.1 ]; then
  # shellcheck source=scripts/e2e-bft.sh
  . "$TN_DIR/scripts/e2e-bft.sh"
fi
# ---- Fabric v3.1 (end)

# ------------------------------------------------------------------ ccaas

section "Chaincode as a service"
t=$(now_ms)
run env CC_SRC="$CC_SRC" "$TN_DIR/network.sh" deploy -ccaas
T_CCAAS="$(secs $(($(now_ms) - t)))"
if [ "$RC" -eq 0 ]; then pass "redeploy -ccaas: sequence 2, the peers dial the chaincode server ($T_CCAAS)"
else fail "redeploy -ccaas" "$OUT
$ERR"; fi
if grep -q "TLS on" "$LOG_DIR/ccaas-bbs.log" 2> /dev/null; then pass "the chaincode server serves TLS (Org1 TLS CA)"
else fail "the chaincode server serves TLS" "$(tail -n 5 "$LOG_DIR/ccaas-bbs.log" 2> /dev/null)"; fi
ok "CLI querycommitted: sequence 2, ccaas package" '.sequence == 2' \
  as 1 Admin peer lifecycle chaincode querycommitted -C "$CHANNEL_NAME" -n "$CC_NAME" -O json
ok "GW  GetIssuer flow-issuer served by the chaincode server" '.id == "flow-issuer"' \
  gw 1 User1 evaluate GetIssuer flow-issuer
ok "GW  SubmitProof through the chaincode server commits" '.status == "VALID" and .result.issuer == "flow-issuer"' \
  gw 2 User2 -json submit SubmitProof "@$W/reqC2.json"
rejected "CLI replay through the chaincode server is rejected" "replay" \
  as 1 User1 cc_invoke SubmitProof "@$W/reqC2.json"

finished=1
