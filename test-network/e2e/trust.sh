#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The channel's bbs endorsement configuration on the real network (issue
# 20, item 4): the key-level policy of an owned record is the owner's org
# AND both orgs in mode "and" (the network's default, set by network.sh
# deploy), the owner's org alone in mode "owner"; a record keeps the
# policy it was created with when the mode changes. A change of the
# configuration needs an admin of each org to approve it
# (SetEndorsementConfig with the same argument): a client is refused, and
# the last approval needs both orgs' peers. Policies serve as the records:
# RetirePolicy writes the policy record only, so its endorsement is
# checked against that record's key-level policy alone.
#
# Sourced by e2e.sh once the network is up and bbs deployed. Run alone
# against a network where "network.sh deploy" ran:
#
#   PORT_OFFSET=200 test-network/e2e/trust.sh
#
# It leaves the configuration in mode "and", as deploy set it.
#
# Then (item 2) it deploys internal/relaycc as "relay", a chaincode that
# forwards its arguments unchanged to bbs, and shows the owner's own
# owner-only transactions refused when they run through it (nothing
# changes), while reads go through.

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=e2e/lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-trust
  TRUST_RUN="$RUN_SUFFIX"
fi

section "Endorsement configuration: key-level AND(owner, Org1, Org2) or the owner's org alone"
TAND="trust-and${TRUST_RUN:-}" TOWN="trust-owner${TRUST_RUN:-}"
trust_doc() { printf '{"id":"%s","issuers":[{"id":"cli-issuer"}]}' "$1"; }
ok "CLI GetEndorsementConfig: mode and, both orgs (network.sh deploy set it)" \
  '.mode == "and" and .orgs == ["Org1MSP", "Org2MSP"]' as 1 User1 cc_query GetEndorsementConfig
rejected "CLI SetEndorsementConfig mode owner by User1 (a client, not an admin), endorsed by both: access denied" \
  "access denied.*not an admin of MSP Org1MSP" \
  as 1 User1 cc_invoke SetEndorsementConfig '{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI CreatePolicy $TAND in mode and, endorsed by both" "" as 1 User1 cc_invoke CreatePolicy "$(trust_doc "$TAND")"
rejected "CLI RetirePolicy $TAND by its owner endorsed by peer0.org1 (the owner's org) alone: ENDORSEMENT_POLICY_FAILURE" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" as 1 User1 cc_invoke_on 1 RetirePolicy "$TAND"

ok "CLI SetEndorsementConfig mode owner by Org1's Admin, endorsed by peer0.org1: its approval commits" '' \
  as 1 Admin cc_invoke_on 1 SetEndorsementConfig '{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI GetEndorsementConfig: still mode and (Org2's admin has not approved)" '.mode == "and"' as 2 User1 cc_query GetEndorsementConfig
ok "CLI GetEndorsementApprovals: Org1's approval is current" \
  '.approvals | map(select(.mspId == "Org1MSP" and .current)) | length == 1' as 2 User1 cc_query GetEndorsementApprovals
rejected "CLI SetEndorsementConfig mode owner by Org2's Admin, endorsed by peer0.org2 alone: ENDORSEMENT_POLICY_FAILURE (applying needs both orgs)" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" \
  as 2 Admin cc_invoke_on 2 SetEndorsementConfig '{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI SetEndorsementConfig mode owner by Org2's Admin, endorsed by both orgs, applies it" '' \
  as 2 Admin cc_invoke SetEndorsementConfig '{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI GetEndorsementConfig on peer0.org2: mode owner" '.mode == "owner"' as 2 User1 cc_query GetEndorsementConfig
ok "CLI CreatePolicy $TOWN in mode owner (its new keys fall under the chaincode's AND: both endorse)" "" \
  as 1 User1 cc_invoke CreatePolicy "$(trust_doc "$TOWN")"
rejected "CLI RetirePolicy $TOWN by its owner endorsed by peer0.org2 alone: ENDORSEMENT_POLICY_FAILURE (owner's org required)" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" as 1 User1 cc_invoke_on 2 RetirePolicy "$TOWN"
ok "CLI RetirePolicy $TOWN by its owner endorsed by peer0.org1 alone commits VALID (mode owner: the owner's org alone)" "" \
  as 1 User1 cc_invoke_on 1 RetirePolicy "$TOWN"
ok "CLI GetPolicy $TOWN on peer0.org2: retired" '.retired == true' as 2 User1 cc_query GetPolicy "$TOWN" 0
rejected "CLI RetirePolicy $TAND endorsed by peer0.org1 alone, in mode owner: still ENDORSEMENT_POLICY_FAILURE (a record keeps its policy)" \
  "committed with status \(ENDORSEMENT_POLICY_FAILURE\)" as 1 User1 cc_invoke_on 1 RetirePolicy "$TAND"

ok "CLI SetEndorsementConfig back to mode and by Org1's Admin, endorsed by both orgs: its approval commits" '' \
  as 1 Admin cc_invoke SetEndorsementConfig '{"mode":"and","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI GetEndorsementConfig: still mode owner" '.mode == "owner"' as 1 User1 cc_query GetEndorsementConfig
ok "CLI SetEndorsementConfig back to mode and by Org2's Admin, endorsed by both orgs, applies it" '' \
  as 2 Admin cc_invoke SetEndorsementConfig '{"mode":"and","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI RetirePolicy $TAND endorsed by both orgs commits" "" as 1 User1 cc_invoke RetirePolicy "$TAND"
ok "CLI GetEndorsementConfig: mode and again" '.mode == "and"' as 2 User1 cc_query GetEndorsementConfig

section "Owner-only transactions through another chaincode (a relay forwarding bbs's own arguments)"
setup "deploy the relay chaincode (internal/relaycc)" env CC_SRC="${CC_SRC:-$REPO_ROOT}" "$TN_DIR/network.sh" deploy-relay
relay_invoke() { CC_NAME=relay cc_invoke "$@"; }
relay_query() { CC_NAME=relay cc_query "$@"; }
ok "CLI GetIssuer cli-issuer through the relay: reads go through" '.id == "cli-issuer"' as 1 User1 relay_query GetIssuer cli-issuer
TREL="trust-relay${TRUST_RUN:-}"
ok "CLI CreatePolicy $TREL directly, endorsed by both" "" as 1 User1 cc_invoke CreatePolicy "$(trust_doc "$TREL")"
rejected "CLI RetirePolicy $TREL by its owner through the relay, endorsed by both: access denied (not run through chaincode relay)" \
  "access denied.*must invoke chaincode bbs itself, not run through chaincode .{1,3}relay" \
  as 1 User1 relay_invoke RetirePolicy "$TREL"
ok "CLI GetPolicy $TREL on peer0.org2: not retired" '(.retired | not)' as 2 User1 cc_query GetPolicy "$TREL" 0
rejected "CLI CreatePolicy through the relay: access denied" "access denied.*not run through chaincode .{1,3}relay" \
  as 1 User1 relay_invoke CreatePolicy "$(trust_doc "$TREL-2")"
rejected "CLI RevokeIssuer cli-issuer by its owner through the relay: access denied, checked before anything else" \
  "access denied.*not run through chaincode .{1,3}relay" \
  as 1 User1 relay_invoke RevokeIssuer cli-issuer
ok "CLI RetirePolicy $TREL directly, endorsed by both, commits" "" as 1 User1 cc_invoke RetirePolicy "$TREL"
rejected "CLI SetEndorsementConfig mode owner through the relay, endorsed by both: access denied" \
  "access denied.*not run through chaincode .{1,3}relay" \
  as 1 User1 relay_invoke SetEndorsementConfig '{"mode":"owner","orgs":["Org1MSP","Org2MSP"]}'
ok "CLI GetEndorsementConfig: still mode and" '.mode == "and"' as 1 User1 cc_query GetEndorsementConfig
