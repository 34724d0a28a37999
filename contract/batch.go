// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// VerifyProofs checks a JSON array of up to MaxBatchRequests requests (each
// the request of VerifyProof) without writing anything, and answers one
// result per request, in input order. Each request gets exactly the checks
// VerifyProof applies; a request VerifyProof would refuse with an error is
// reported as refused, with that error as its reason, and the others are
// still checked. The proofs that reach the cryptography are verified
// together, one bbs.VerifyProofs batch per scheme. NonceConsumed reflects
// the ledger and the earlier SubmitProof and SubmitProofs calls of the
// transaction (spends.go), not the other requests of the array.
func (c *Contract) VerifyProofs(ctx contractapi.TransactionContextInterface, requests string) (*proofs.BatchResults, error) {
	return proofs.VerifyProofs(ctx, c.tracker(), requests)
}

// SubmitProofs checks a JSON array of up to MaxBatchRequests requests (each
// the request of SubmitProof), each with exactly the checks SubmitProof
// applies, and records every valid one as SubmitProof does: its nonce is
// consumed for the verifying key and its Verification stored under
// BatchRecordID(txID, index). An invalid or refused request is reported
// with the error SubmitProof would give, and does not fail the others. When
// several requests of the array carry the same nonce for the same key, the
// first valid one consumes it and the later ones are replays, as is a
// request whose nonce an earlier call of the transaction consumed
// (spends.go). The proofs
// that reach the cryptography are verified together, one bbs.VerifyProofs
// batch per scheme. The transaction emits one ProofsVerified event with a
// small BatchSummary, even when no request is valid (then it writes
// nothing).
func (c *Contract) SubmitProofs(ctx contractapi.TransactionContextInterface, requests string) (*proofs.BatchResults, error) {
	return proofs.SubmitProofs(ctx, c.tracker(), requests)
}
