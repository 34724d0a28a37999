// SPDX-License-Identifier: Apache-2.0

package proofs

// BatchResults is the answer of VerifyProofs and SubmitProofs.
type BatchResults struct {
	// TxID is the transaction's ID.
	TxID string `json:"txId"`
	// Count is the number of requests in the array.
	Count int `json:"count"`
	// ValidCount is the number of requests whose proof verified (and, in
	// SubmitProofs, was recorded).
	ValidCount int `json:"validCount"`
	// RecordIDs are the keys of the Verifications SubmitProofs stored, in
	// input order; absent for VerifyProofs or when none was stored.
	RecordIDs []string `json:"recordIds,omitempty" metadata:",optional"`
	// Results has one entry per request, in input order.
	Results []BatchResult `json:"results"`
}

// BatchResult is the outcome of one request of VerifyProofs or
// SubmitProofs.
type BatchResult struct {
	// Index is the request's position in the array, from 0.
	Index int `json:"index"`
	// Valid reports whether the proof verified (and, in SubmitProofs, was
	// recorded).
	Valid bool `json:"valid"`
	// Refused reports that the one-request transaction (VerifyProof,
	// SubmitProof) would have failed with Reason as its error; in
	// SubmitProofs every request that is not valid is refused, as
	// SubmitProof fails for it.
	Refused bool `json:"refused,omitempty" metadata:",optional"`
	// Reason says why the request is not valid: VerifyProof's reason, or
	// the one-request transaction's error message when Refused.
	Reason string `json:"reason,omitempty" metadata:",optional"`
	// Code is the stable code (package codes) of Reason: that of the
	// one-request transaction's error when Refused, else that of a proof
	// that is not valid (VerificationResult.Code); absent when valid.
	Code string `json:"code,omitempty" metadata:",optional"`
	// RecordID is the key of the stored Verification (SubmitProofs, valid
	// requests only): BatchRecordID(txId, index).
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Receipt is what SubmitProof would answer (SubmitProofs, valid
	// requests only).
	Receipt *ProofReceipt `json:"receipt,omitempty" metadata:",optional"`
	// Verification is what VerifyProof would answer (VerifyProofs, requests
	// not refused only).
	Verification *VerificationResult `json:"verification,omitempty" metadata:",optional"`
}

// BatchSummary is the payload of the ProofsVerified event of a
// SubmitProofs transaction: small, whatever the size of the requests.
type BatchSummary struct {
	// TxID is the transaction's ID.
	TxID string `json:"txId"`
	// Count is the number of requests in the array.
	Count int `json:"count"`
	// ValidCount is the number of requests recorded.
	ValidCount int `json:"validCount"`
	// RecordIDs are the keys of the stored Verifications, in input order.
	RecordIDs []string `json:"recordIds,omitempty" metadata:",optional"`
}
