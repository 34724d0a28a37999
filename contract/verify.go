// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// VerifyProof checks a proof (see package request for the request) against
// a key of its issuer, without writing anything. A proof that does not
// verify, whose message count the issuer's settings exclude, whose nonce is
// not bound to the submitter when bindSubmitter is set or the issuer's
// settings require a bound nonce (requireBoundNonce), gives Valid false
// and a Reason; a malformed request, an unknown or revoked issuer or key
// version, or a scheme mismatch is an error. NonceConsumed tells whether
// SubmitProof would refuse the nonce as a replay.
func (c *Contract) VerifyProof(ctx contractapi.TransactionContextInterface, req request.Request) (*proofs.VerificationResult, error) {
	return proofs.VerifyProof(ctx, c.tracker(), req)
}

// SubmitProof checks a proof as VerifyProof does and, if it verifies,
// consumes its nonce for the verifying key, stores a Verification under the
// transaction ID and emits the ProofVerified event. It answers a small
// ProofReceipt, also the event's payload; GetVerification returns the full
// record. The nonce must be at least MinSubmitNonceSize bytes, and bound to
// the submitter if the issuer's settings require it. A nonce already used
// with the key, on the ledger or earlier in the same transaction, or a
// proof that does not verify, is an error, and then nothing is written.
// When a chaincode calls SubmitProof or SubmitProofs several times in one
// transaction, each call's records get keys of their own: the first
// recording call's Verification is under the transaction ID, the n-th
// (from 0) under "<txId>/<n>" (see spends.go); the receipt's RecordID names
// it.
func (c *Contract) SubmitProof(ctx contractapi.TransactionContextInterface, req request.Request) (*proofs.ProofReceipt, error) {
	return proofs.SubmitProof(ctx, c.tracker(), req)
}

// GetVerification returns the Verification stored under record ID txId:
// the transaction ID of a SubmitProof transaction, BatchRecordID of it for
// an item of a SubmitProofs transaction, and the record IDs of spends.go
// (callRecordID) when a chaincode called SubmitProof or SubmitProofs
// several times in one transaction; the transaction ID then names the first
// call's record.
func (c *Contract) GetVerification(ctx contractapi.TransactionContextInterface, txID string) (*Verification, error) {
	return proofs.GetVerification(ctx, txID)
}
