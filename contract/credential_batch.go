// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// SubmitCredentials checks a JSON array of up to MaxCredentialBatch
// credential requests (each the argument of SubmitCredential), each with
// exactly the checks SubmitCredential applies, and records every valid
// one as SubmitCredential does: its presentation header is consumed for
// the verifying key, and its Verification and CredentialVerification are
// stored under BatchRecordID(txID, index). An invalid or refused request
// is reported with the error SubmitCredential would give and does not
// fail the others. When several requests carry the same presentation
// header for the same key, the first valid one consumes it and the later
// ones are replays, as is a request whose nonce an earlier call of the
// transaction consumed (spends.go). The BBS proofs that reach the
// cryptography (after canonicalization, semantics and policy) are
// verified together with bbs.VerifyProofs. The transaction emits one
// CredentialsVerified event with a small BatchSummary, even when no
// request is valid (then it writes nothing).
func (c *Contract) SubmitCredentials(ctx contractapi.TransactionContextInterface, requests string) (*credentials.CredentialBatchResults, error) {
	return credentials.SubmitCredentials(ctx, c.tracker(), requests)
}
