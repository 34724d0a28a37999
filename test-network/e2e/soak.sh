# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# A short soak, sourced by e2e.sh on Fabric v2.5 while the
# chaincode is peer-launched: E2E_SOAK_PER_SCHEME (default 90) soak requests
# per scheme plus 10% replays (300 SubmitProof transactions), 4 clients of
# both orgs, the chaincode processes killed once during the load (the peers
# launch them again), one resubmission of the same signed transaction, then
# the accounting on both peers' ledgers (scripts/soak.sh runs the full one).
#
# Uses e2e.sh's helpers and variables: section, pass, fail, setup, run, W.

section "Soak (short): SubmitProof load with a chaincode kill, accounting on both ledgers"
E2E_SOAK_PER_SCHEME="${E2E_SOAK_PER_SCHEME:-90}"
setup "build bbs-soak and bbs-loadgen" "$TN_DIR/scripts/soak.sh" --build-only
setup "bbs-loadgen -soak $E2E_SOAK_PER_SCHEME" "$FABRIC_BIN_DIR/bbs-loadgen" -out "$W/soak-data" -seed "e2e-soak-$$" \
  -light 0 -single 0 -soak "$E2E_SOAK_PER_SCHEME" -channel "$CHANNEL_NAME" -org-dir "$ORG_DIR"
t=$(now_ms)
run "$FABRIC_BIN_DIR/bbs-soak" -org-dir "$ORG_DIR" -peer1 "$PEER1_ADDRESS" -peer2 "$PEER2_ADDRESS" \
  -channel "$CHANNEL_NAME" -data "$W/soak-data" -network "$TN_DIR/network.sh" -inflight 16 \
  -faults cc-kill@0.3 -resubmits 1 -sample 10 -duration 3m -json "$W/soak.json"
T_SOAK="$(secs $(($(now_ms) - t)))"
if [ "$RC" -eq 0 ]; then
  pass "soak: $(jq -r '"\(.load.sent) transactions (\(.requests | to_entries | map("\(.key)=\(.value)") | join(" "))), \(.load.committed) committed, \(.load.committedTxPerSecond) tx/s"' "$W/soak.json"): nothing lost, nothing counted twice, both peers agree ($T_SOAK)"
else
  fail "soak: nothing lost, nothing counted twice, both peers agree ($T_SOAK)" "$OUT
$ERR"
fi
if jq -e '[.faults[] | select(.kind == "cc-kill" and .relaunched)] | length >= 1' "$W/soak.json" > /dev/null 2>&1; then
  pass "soak: the killed chaincode processes were launched again by the peers ($(jq -r '.faults[0] | "\(.chaincodePidsBefore | gsub("\n"; ", ")) -> \(.chaincodePidsAfter | gsub("\n"; ", "))"' "$W/soak.json"))"
else
  fail "soak: the killed chaincode processes were launched again by the peers" "$(jq -c '.faults' "$W/soak.json" 2> /dev/null)"
fi
if jq -e '.resubmissions | length == 1 and .[0].second == "VALID"' "$W/soak.json" > /dev/null 2>&1; then
  pass "soak: the same signed transaction submitted twice is on the ledger once ($(jq -r '.resubmissions[0] | "first attempt \(.first)"' "$W/soak.json"); $(jq -r '.accounting.peers[0].repeatedTxIds' "$W/soak.json") repeated tx ID(s), never valid twice)"
else
  fail "soak: the same signed transaction submitted twice is on the ledger once" "$(jq -c '.resubmissions' "$W/soak.json" 2> /dev/null)"
fi
