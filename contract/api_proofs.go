// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/proofs that are part of this package's API.

// MaxBatchRequests is the largest number of requests VerifyProofs and
// SubmitProofs take in one call. The whole argument is bounded by
// MaxArgSize, as every transaction argument is, and each request by the
// limits of package request.
const MaxBatchRequests = proofs.MaxBatchRequests

// EventProofsVerified is the chaincode event SubmitProofs emits, with a
// BatchSummary as JSON payload.
const EventProofsVerified = proofs.EventProofsVerified

// BatchRecordID is the key under which SubmitProofs stores the
// Verification of the item at index (from 0) of its request array, in
// transaction txID: "<txID>#<index>". GetVerification reads it, and the
// nonce record of the item names it. Fabric transaction IDs are hex, so it
// never equals the ID of a SubmitProof transaction. When a chaincode calls
// SubmitProof or SubmitProofs several times in one transaction, txID is the
// call's record ID instead ("<txID>/<n>" for the n-th recording call from
// 0, see spends.go), as in "<txID>/1#0".
func BatchRecordID(txID string, index int) string { return proofs.BatchRecordID(txID, index) }

// BatchResults is the answer of VerifyProofs and SubmitProofs.
type BatchResults = proofs.BatchResults

// BatchResult is the outcome of one request of VerifyProofs or
// SubmitProofs.
type BatchResult = proofs.BatchResult

// BatchSummary is the payload of the ProofsVerified event of a
// SubmitProofs transaction: small, whatever the size of the requests.
type BatchSummary = proofs.BatchSummary

// EventProofVerified is the chaincode event SubmitProof emits, with its
// ProofReceipt as JSON payload.
const EventProofVerified = proofs.EventProofVerified

// NonRevocation is what a verification with non-revocation proved: the
// credential's revocation handle was not revoked at accumulator version
// Version, when the accumulator was at CurrentVersion.
type NonRevocation = proofs.NonRevocation

// MaxReceiptContext is the largest context a ProofReceipt carries in full;
// it always carries its SHA-256.
const MaxReceiptContext = proofs.MaxReceiptContext

// VerificationResult is the answer of VerifyProof.
type VerificationResult = proofs.VerificationResult

// Verification is the record SubmitProof stores, under its transaction ID,
// for a proof it accepted; GetVerification reads it.
type Verification = proofs.Verification

// ProofReceipt is SubmitProof's answer and the ProofVerified event's
// payload: small, whatever the size of the request. The full record is
// GetVerification(txId).
type ProofReceipt = proofs.ProofReceipt

// MinSubmitNonceSize is the shortest nonce SubmitProof accepts, in bytes:
// an empty or short nonce could be guessed and consumed in advance by
// anyone holding any credential of the issuer. VerifyProof accepts any
// nonce.
const MinSubmitNonceSize = proofs.MinSubmitNonceSize

// MaxRecordedHeader is the largest IETF header that results and records
// carry in full; a larger one is recorded by its SHA-256 only.
const MaxRecordedHeader = proofs.MaxRecordedHeader

// ProvenPredicate is one predicate a verified proof proved about a hidden
// message (never the message's value): results and records show them in
// the request's order.
type ProvenPredicate = proofs.ProvenPredicate

// ProvenRange is the range of a range predicate, both bounds included.
type ProvenRange = proofs.ProvenRange
