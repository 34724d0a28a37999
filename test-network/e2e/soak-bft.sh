# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# A short soak on Fabric v3.1, sourced by e2e.sh: soak requests
# and the mix (SubmitProofs batches, proofs under a key rotated and revoked
# during the run) for 90 s from 4 clients, the current SmartBFT leader
# stopped under load (the view change must complete and the load commit
# again) and the rotating issuers' key change, then the accounting on both
# peers' ledgers (scripts/soak.sh runs the full one: FABRIC_VERSION=3.1
# make soak).
#
# Uses e2e.sh's helpers and variables: section, pass, fail, setup, run, W.

section "Soak (short, BFT): the SmartBFT leader stopped under load, batches and a key change in flight"
E2E_SOAK_BFT_PER_SCHEME="${E2E_SOAK_BFT_PER_SCHEME:-60}"
setup "build bbs-soak and bbs-loadgen" "$TN_DIR/scripts/soak.sh" --build-only
setup "bbs-loadgen -soak $E2E_SOAK_BFT_PER_SCHEME -mix 9" "$FABRIC_BIN_DIR/bbs-loadgen" -out "$W/soak-bft-data" \
  -seed "e2e-soak-bft-$$" -light 0 -single 0 -soak "$E2E_SOAK_BFT_PER_SCHEME" -mix 9 -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR" \
  -poll-chaincode "$([ "${DEPLOY_POLL:-true}" = true ] && printf '%s' "$POLL_CC_NAME")"
t=$(now_ms)
run "$FABRIC_BIN_DIR/bbs-soak" -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" \
  -channel "$CHANNEL_NAME" -data "$W/soak-bft-data" -network "$TN_DIR/network.sh" -inflight 16 -rate fill \
  -duration 90s -faults "bft-leader-stop@0.2,issuer-change@0.6" -mem-block-cache-mib 50 -resubmits 1 -sample 10 -json "$W/soak-bft.json"
T_SOAK_BFT="$(secs $(($(now_ms) - t)))"
if [ "$RC" -eq 0 ]; then
  pass "soak (BFT): $(jq -r '"\(.load.sent) transactions, \(.load.committed) committed"' "$W/soak-bft.json"): nothing lost, nothing counted twice, both peers agree ($T_SOAK_BFT)"
else
  fail "soak (BFT): nothing lost, nothing counted twice, both peers agree ($T_SOAK_BFT)" "$OUT
$ERR"
fi
if jq -e '.faults[0].leader as $l | $l.newLeader != $l.orderer and $l.newView > $l.view and $l.firstCommitAfterSeconds > 0' "$W/soak-bft.json" > /dev/null 2>&1; then
  pass "soak (BFT): $(jq -r '.faults[0].leader | "leader orderer \(.orderer) (view \(.view)) stopped; view \(.newView) under orderer \(.newLeader) after \(.viewChange | floor) s; \(.stallSeconds) s without a commit"' "$W/soak-bft.json")"
else
  fail "soak (BFT): the view change after the leader's loss completes and the load commits again" "$(jq -c '.faults[0]' "$W/soak-bft.json" 2> /dev/null)"
fi
# Every step of the issuer change committed: the three rotations and key
# revocations, and the status-list update, the accumulator revocation and
# the epoch raise the requests in flight depend on.
if jq -e '.faults[1].steps as $s
    | ([$s[] | select(.error == null or .error == "")] | length) == ($s | length)
    and ([$s[] | select(.command | test("^(RotateIssuerKey|RevokeIssuerKey) "))] | length) == 6
    and ([$s[] | select(.command | test("^UpdateStatusList "))] | length) <= 1
    and ([$s[] | select(.command | test("^(RevokeHandle|SetIssuerEpoch) "))] | length) <= 2' "$W/soak-bft.json" > /dev/null 2>&1; then
  pass "soak (BFT): the three rotating issuers rotated to version 2 and revoked version 1 under load, the status list was updated, a holder revoked through the accumulator and an epoch raised ($(jq '.faults[1].steps | length' "$W/soak-bft.json") VALID)"
else
  fail "soak (BFT): the issuer change committed" "$(jq -c '.faults[1].steps' "$W/soak-bft.json" 2> /dev/null)"
fi
