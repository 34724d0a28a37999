#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The poll example chaincode (examples/poll) on the real network, calling bbs
# through InvokeChaincode: a poll restricted to one country by a
# bbs policy (CreatePolicy), a voter of another country refused with the
# unmet rule named, one vote per credential per poll, the same credential
# voting in a second poll, a vote relayed by another identity of Org1 whose
# block carries no certificate of the voter (while a voter's own direct
# vote carries theirs), a vote bound to the relay that no one else can
# submit, option tampering by the relay refused, what Fabric
# does with bbs's ProofVerified event inside CastVote, the tally on both
# peers and a lower-case transaction name refused.
#
# Sourced by e2e.sh once the network is up, both chaincodes deployed and
# the bbs CLI built (uses its helpers and W, BBS). Run alone against a
# network where "network.sh deploy" ran:
#
#   PORT_OFFSET=200 test-network/e2e/poll.sh
#
# Voters: holder P1 (country BE), P2 (NL) and P3 (BE), credentials of the
# pseudonym issuer poll-issuer. The relay is Org1 User2; the voter who
# submits a vote herself is Org2 User1.

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-poll
  POLL_RUN="$RUN_SUFFIX"
fi

section "Poll example chaincode: a policy-gated anonymous poll calling bbs (InvokeChaincode)"
PW="$W/poll"
mkdir -p "$PW"
POLL1="poll-e2e-1${POLL_RUN:-}" POLL2="poll-e2e-2${POLL_RUN:-}" PISSUER="poll-issuer${POLL_RUN:-}" PSCHEME=bbs-nym-bls12381-sha256
setup "build the ballot command" bash -c "cd '${CC_SRC:-$REPO_ROOT}' && GOFLAGS='-mod=vendor -buildvcs=false' GOPROXY=off go build -trimpath -o '$PW/ballot' ./examples/poll/cmd/ballot"
setup "bbs keygen ($PISSUER, $PSCHEME)" "$BBS" keygen --scheme "$PSCHEME" --out "$PW/key.json"
printf '%s' "$OUT" | tr -d '\n' > "$PW/pk"
for h in 1 2 3; do
  case "$h" in 2) country=NL ;; *) country=BE ;; esac
  printf '["name=Holder %s", "country=%s", "birthdate=1990-01-0%s"]\n' "$h" "$country" "$h" > "$PW/msgs$h.json"
  setup "bbs nym-commit (holder P$h)" "$BBS" nym-commit --scheme "$PSCHEME" --secret-out "$PW/secret$h.json" --out "$PW/com$h.json"
  setup "bbs sign --commitment (holder P$h, country=$country)" "$BBS" sign --key "$PW/key.json" --messages "$PW/msgs$h.json" --commitment "$PW/com$h.json" --out "$PW/signed$h.json"
  setup "bbs nym-finalize (holder P$h)" "$BBS" nym-finalize --credential "$PW/signed$h.json" --secret "$PW/secret$h.json" --out "$PW/cred$h.json"
done

# vote_request NAME HOLDER POLL OPTION [relay|direct ORG USER]: the request
# of a vote, disclosing the country (message 1) with the pseudonym of the
# poll. relay (default): the ballot is the proof's nonce. direct: the nonce
# is bound to ORG USER, with the ballot as its salt.
vote_request() {
  local name="$1" h="$2" poll="$3" option="$4" mode="${5:-relay}" ballot
  ballot="$("$PW/ballot" --channel "$CHANNEL_NAME" --poll "$poll" --option "$option")"
  if [ "$mode" = relay ]; then
    setup "bbs prove --nonce <ballot $poll $option> (P$h, $name)" "$BBS" prove --credential "$PW/cred$h.json" \
      --reveal 1 --nonce "$ballot" --issuer "$PISSUER" --context "$poll" --out "$PW/$name.json"
  else
    setup "bbs prove --bind-submitter Org$6 $7 --salt <ballot $poll $option> (P$h, $name)" "$BBS" prove --credential "$PW/cred$h.json" \
      --reveal 1 --bind-submitter "$(cert_file "$6" "$7")" --msp "Org${6}MSP" --channel "$CHANNEL_NAME" --salt "$ballot" \
      --issuer "$PISSUER" --context "$poll" --out "$PW/$name.json"
  fi
}
cert_file() { ls "$(userMSP "$1" "$2")"/signcerts/*.pem; }
# cert_line ORG USER: the first base64 line of the identity's certificate, as
# the PEM text that Fabric puts into a transaction's creator carries it.
cert_line() { sed -n '2p' "$(cert_file "$1" "$2")"; }
poll_gw() { CC_NAME="$POLL_CC_NAME" gw "$@"; }
poll_invoke() { CC_NAME="$POLL_CC_NAME" cc_invoke "$@"; }
poll_query() { CC_NAME="$POLL_CC_NAME" cc_query "$@"; }
policy_doc() { # ID COUNTRY POLL
  jq -cn --arg id "$1" --arg c "$(printf 'country=%s' "$2" | base64 -w0)" --arg ctx "$(printf '%s' "$3" | base64 -w0)" \
    --arg issuer "$PISSUER" '{id: $id, issuers: [{id: $issuer}], disclosed: [{index: 1, equals: $c}], pseudonym: {context: $ctx, uses: 1}}'
}

regdoc "$PW/reg.json" "$PW/key.json" "$PISSUER" 1 User1
ok "CLI RegisterIssuer $PISSUER ($PSCHEME) on bbs (Org1 User1)" "" \
  as 1 User1 cc_invoke RegisterIssuer "@$PW/reg.json"
ok "GW  CreatePolicy $POLL1 on bbs: issuer $PISSUER, country=BE disclosed, pseudonym in context $POLL1, 1 use" \
  ".status == \"VALID\" and .result.version == 1" gw 1 User1 -json submit CreatePolicy "$(policy_doc "$POLL1" BE "$POLL1")"
ok "GW  CreatePolicy $POLL2 on bbs (context $POLL2)" '.status == "VALID"' \
  gw 1 User1 -json submit CreatePolicy "$(policy_doc "$POLL2" BE "$POLL2")"
ok "GW  CreatePolicy $POLL1-squat by Org2 User1: its own policy with pseudonym context $POLL1" '.status == "VALID"' \
  gw 2 User1 -json submit CreatePolicy "$(policy_doc "$POLL1-squat" BE "$POLL1")"
rejected "GW  CreatePoll $POLL1-squat by Org2 User1 is refused: its policy's context is not its poll ID (poll keyed by its policy)" "requires pseudonym context" \
  poll_gw 2 User1 submit CreatePoll "$POLL1-squat" '["yes","no"]'
rejected "GW  CreatePoll $POLL1 by Org2 User1 (poll ID squatting) is refused: policy $POLL1 is Org1 User1's" "access denied" \
  poll_gw 2 User1 submit CreatePoll "$POLL1" '["yes","no"]'
ok "GW  CreatePoll $POLL1 [yes, no] keyed by policy $POLL1: version 1 and its owner pinned (GetPolicy through InvokeChaincode)" \
  ".status == \"VALID\" and .result.policy == {id: \"$POLL1\", version: 1} and .result.owner.mspId == \"Org1MSP\"" \
  poll_gw 1 User1 -json submit CreatePoll "$POLL1" '["yes","no"]'
rejected "CLI CreatePoll $POLL2 by Org2 User1, not the owner of policy $POLL2, is refused" "access denied" \
  as 2 User1 poll_invoke CreatePoll "$POLL2" '["yes","no"]'
ok "CLI CreatePoll $POLL2 by the policy's owner (peer CLI, Org1 User1)" "" as 1 User1 poll_invoke CreatePoll "$POLL2" '["yes","no"]'

vote_request r1 1 "$POLL1" yes
ok "GW  CastVote $POLL1 yes relayed by Org1 User2 (P1's proof, ballot as nonce) commits" \
  ".status == \"VALID\" and .result.option == \"yes\" and .result.txId == .txId" \
  poll_gw 1 User2 -json submit CastVote "$POLL1" yes "@$PW/r1.json"
VOTE1="$OUT"
TXV="$(jq -r '.txId // empty' <<< "$VOTE1" 2> /dev/null || true)"
BLK="$(jq -r '.block // empty' <<< "$VOTE1" 2> /dev/null || true)"

# What is in the relayed vote's block: fetch it from the orderer and look
# for the certificates' bytes.
run as 1 Admin peer channel fetch "${BLK:-0}" "$PW/vote1.block" -c "$CHANNEL_NAME" "${ORDERER_ARGS[@]}"
if [ "$RC" -eq 0 ] && [ -n "$TXV" ] && grep -qaF "$TXV" "$PW/vote1.block" && grep -qaF "$(cert_line 1 User2)" "$PW/vote1.block"; then
  pass "block $BLK holds the relayed vote $TXV and the relay's (Org1 User2) certificate"
else fail "block of the relayed vote fetched, with the relay's certificate" "exit $RC: $ERR"; fi
voter_hits=0
for u in "2 User1" "2 User2" "1 User1"; do
  # shellcheck disable=SC2086
  if grep -qaF "$(cert_line $u)" "$PW/vote1.block"; then voter_hits=$((voter_hits + 1)); fi
done
if [ -n "$TXV" ] && [ "$voter_hits" -eq 0 ]; then
  pass "the relayed vote's block carries no certificate of a voter or any other client (Org2 User1, Org2 User2, Org1 User1): only the relay's and the peers'"
else fail "the relayed vote's block carries no voter certificate" "$voter_hits client certificates found"; fi

ok "GW  bbs GetVerification of the vote: recorded under the vote's tx ID, submitter the relay, not bound, pseudonym of the poll" \
  ".txId == \"$TXV\" and .submitterMspId == \"Org1MSP\" and .boundToSubmitter == false and .context == \"$(printf '%s' "$POLL1" | base64 -w0)\" and .policy != null" \
  gw 2 User1 evaluate GetVerification "${TXV:-missing}"
run gw 1 User1 events -start-block "${BLK:-0}" -name "" -count 0 -timeout 5s
if [ -n "$TXV" ] && ! grep -q "$TXV" <<< "$OUT" && ! grep -v "event(s) within" <<< "$ERR" | grep -q .; then
  pass "Fabric drops bbs's ProofVerified inside CastVote: the event service delivers no bbs event for the vote's transaction"
else fail "no bbs event from the vote's block" "exit $RC: $OUT $ERR"; fi
if [ -n "$TXV" ] && grep -qaF VoteCast "$PW/vote1.block" && ! grep -qaF ProofVerified "$PW/vote1.block"; then
  pass "the vote's block holds the name VoteCast and nowhere ProofVerified: bbs's SetEvent in the called chaincode is not in the transaction"
else fail "the vote's block holds VoteCast and not ProofVerified" "$(grep -caF ProofVerified "$PW/vote1.block" 2> /dev/null) ProofVerified"; fi
ok "GW  the vote's block carries the poll's VoteCast event (one chaincode event per transaction: the invoked chaincode's)" \
  ".name == \"VoteCast\" and .txId == \"$TXV\" and .payload.pollId == \"$POLL1\" and .payload.option == \"yes\"" \
  poll_gw 2 User1 events -start-block "${BLK:-0}" -name VoteCast -count 1 -timeout 10s

vote_request r2 2 "$POLL1" no
rejected "GW  CastVote of P2 (country=NL) is refused, with the unmet rule named" "not satisfied: disclosed message 1 must equal" \
  poll_gw 1 User2 submit CastVote "$POLL1" no "@$PW/r2.json"
vote_request r3 1 "$POLL1" no
rejected "GW  a second vote of P1 in $POLL1 (another option, new proof) is refused: one vote per credential" "pseudonym" \
  poll_gw 1 User2 submit CastVote "$POLL1" no "@$PW/r3.json"
vote_request t1 3 "$POLL1" yes
rejected "GW  the relay changing P3's option (proof for yes, counted as no) is refused" "ballot" \
  poll_gw 1 User2 submit CastVote "$POLL1" no "@$PW/t1.json"
vote_request r4 1 "$POLL2" no
ok "CLI the same credential P1 votes in $POLL2 (another pseudonym) (relay Org1 User2)" "" \
  as 1 User2 poll_invoke CastVote "$POLL2" no "@$PW/r4.json"

vote_request b1 3 "$POLL2" yes direct 1 User2
rejected "GW  P3's vote bound to the relay (ballot as the bound nonce's salt), copied by Org2 User2, is refused" "bound" \
  poll_gw 2 User2 submit CastVote "$POLL2" yes "@$PW/b1.json"
ok "GW  the relay Org1 User2 submits P3's vote bound to it in $POLL2" '.status == "VALID" and .result.option == "yes"' \
  poll_gw 1 User2 -json submit CastVote "$POLL2" yes "@$PW/b1.json"
vote_request d1 3 "$POLL1" no direct 2 User1
rejected "GW  P3's direct vote (nonce bound to Org2 User1) submitted by Org2 User2 is refused" "bound" \
  poll_gw 2 User2 submit CastVote "$POLL1" no "@$PW/d1.json"
ok "GW  P3 votes no in $POLL1 herself as Org2 User1 (bound nonce, ballot as its salt)" '.status == "VALID"' \
  poll_gw 2 User1 -json submit CastVote "$POLL1" no "@$PW/d1.json"
BLK2="$(jq -r '.block // empty' <<< "$OUT" 2> /dev/null || true)"
run as 2 Admin peer channel fetch "${BLK2:-0}" "$PW/vote2.block" -c "$CHANNEL_NAME" "${ORDERER_ARGS[@]}"
if [ "$RC" -eq 0 ] && [ -n "$BLK2" ] && grep -qaF "$(cert_line 2 User1)" "$PW/vote2.block"; then
  pass "the direct vote's block carries the voter's own certificate (Org2 User1): the pseudonym does not hide the submitter"
else fail "the direct vote's block carries the voter's certificate" "exit $RC: $ERR"; fi

for org in 1 2; do
  ok "CLI Tally $POLL1 on peer0.org$org: yes 1, no 1" \
    '.total == 2 and .counts == [{"option":"yes","votes":1},{"option":"no","votes":1}]' as "$org" User1 poll_query Tally "$POLL1"
  ok "CLI Tally $POLL2 on peer0.org$org: yes 1, no 1" \
    '.total == 2 and .counts == [{"option":"yes","votes":1},{"option":"no","votes":1}]' as "$org" User1 poll_query Tally "$POLL2"
done
rejected "CLI tally (lower case) is refused: poll transaction names are case-sensitive, as bbs's" "case-sensitive" \
  as 1 User1 poll_query tally "$POLL1"
ok "GW  GetPoll $POLL1 names no voter" ".id == \"$POLL1\" and (tostring | contains(\"User\") | not)" \
  poll_gw 2 User2 evaluate GetPoll "$POLL1"
