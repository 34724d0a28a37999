# SPDX-License-Identifier: Apache-2.0
# shellcheck shell=bash
# The contract's stable error codes (contract/codes) as a client
# of the real network sees them, sourced by e2e.sh once the network is up:
# every error of the contract starts with its code, which the peer CLI
# prints right after message:" and the Fabric Gateway carries in each
# endorsing peer's error detail (bbs-gateway prints them). One error of each
# route: an evaluate (query), an endorsement refused (invoke), contract-api's
# own error for an unknown transaction. The client samples branch on the
# code too (e2e-clients.sh: "refused as expected (BBS_REPLAY)").
#
# Uses e2e.sh's helpers: section, rejected, as, cc_query, cc_invoke, gw.
# Run alone on a deployed network (network.sh up && network.sh deploy):
#
#   PORT_OFFSET=... test-network/e2e/codes.sh

if [[ "${BASH_SOURCE[0]}" == "$0" ]]; then
  set -euo pipefail
  TN_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
  # shellcheck source=invoke.sh
  . "$TN_DIR/invoke.sh"
  # shellcheck source=lib.sh
  . "$TN_DIR/e2e/lib.sh"
  standalone_part e2e-codes
fi

section "Stable error codes at the start of the contract's messages (peer CLI, Fabric Gateway)"
rejected "CLI query GetIssuer of an unknown issuer: message:\"BBS_NOT_FOUND: ..." 'message:"BBS_NOT_FOUND: issuer \\?"no-such-issuer\\?": not found' \
  as 1 User1 cc_query GetIssuer no-such-issuer
rejected "CLI invoke RevokeIssuer of an unknown issuer: endorsement failure, message:\"BBS_NOT_FOUND: ..." 'status:500 message:"BBS_NOT_FOUND: ' \
  as 1 User1 cc_invoke RevokeIssuer no-such-issuer
rejected "CLI query GetVerification of an empty ID: message:\"BBS_INVALID_ARGUMENT: ..." 'message:"BBS_INVALID_ARGUMENT: invalid argument: ' \
  as 1 User1 cc_query GetVerification ""
rejected "CLI query of a transaction the contract has not: message:\"BBS_UNKNOWN_TRANSACTION: ..." 'message:"BBS_UNKNOWN_TRANSACTION: ' \
  as 1 User1 cc_query NoSuchTransaction
rejected "GW  evaluate GetIssuer of an unknown issuer: the peer's detail starts with BBS_NOT_FOUND" 'chaincode response 500, BBS_NOT_FOUND: ' \
  gw 1 User1 evaluate GetIssuer no-such-issuer
