// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"time"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// VerificationResult is the answer of VerifyProof.
type VerificationResult struct {
	// Valid reports whether the proof verifies.
	Valid bool `json:"valid"`
	// Reason says why the proof does not verify; absent when it does.
	Reason string `json:"reason,omitempty" metadata:",optional"`
	// Code is the stable code (package codes) of why it is not valid:
	// BBS_POLICY_NOT_SATISFIED when the request's policy is unmet, else
	// BBS_PROOF_REJECTED, the code of SubmitProof's error for the proof;
	// absent when it is valid.
	Code string `json:"code,omitempty" metadata:",optional"`
	// Issuer is the issuer whose key was used.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that was used.
	KeyVersion int `json:"keyVersion"`
	// Scheme is the issuer's scheme.
	Scheme string `json:"scheme"`
	// Disclosed are the disclosed messages the proof was checked against.
	Disclosed []request.DisclosedMessage `json:"disclosed"`
	// MessageCount is the number of signed messages the proof covers; 0
	// if the proof does not parse.
	MessageCount int `json:"messageCount"`
	// Header is the IETF header (the issuer-signed context) the proof was
	// checked against, when it is at most MaxRecordedHeader bytes.
	Header []byte `json:"header,omitempty" metadata:",optional"`
	// HeaderSHA256 is the lower-case hex SHA-256 of the header; absent
	// when there is no header.
	HeaderSHA256 string `json:"headerSha256,omitempty" metadata:",optional"`
	// NonceConsumed reports whether the nonce is already consumed for the
	// key, so that SubmitProof would refuse the request as a replay.
	NonceConsumed bool `json:"nonceConsumed"`
	// Pseudonym is the request's pseudonym (pseudonym schemes only).
	Pseudonym []byte `json:"pseudonym,omitempty" metadata:",optional"`
	// Context is the pseudonym's context identifier.
	Context []byte `json:"context,omitempty" metadata:",optional"`
	// PseudonymUses is how many times SubmitProof has already accepted the
	// pseudonym in the context under the key; absent when none.
	PseudonymUses int `json:"pseudonymUses,omitempty" metadata:",optional"`
	// Policy is the ID of the verification policy the request names;
	// absent without one.
	Policy string `json:"policy,omitempty" metadata:",optional"`
	// PolicyVersion is the version of the policy that was applied (the
	// current one when the request names none).
	PolicyVersion int `json:"policyVersion,omitempty" metadata:",optional"`
	// Satisfied reports whether the request satisfies its policy; true
	// when it names none. False without Unmet: the request failed a check
	// that comes before the policy (Reason says which).
	Satisfied bool `json:"satisfied"`
	// Unmet is the policy's first unmet rule; absent when the policy is
	// satisfied or was not evaluated. When it is present, Valid is false
	// and no pairing was computed.
	Unmet *policy.Unmet `json:"unmet,omitempty" metadata:",optional"`
	// NonRevocation is the accumulator version a request with nonRevoked
	// was verified against; absent without one.
	NonRevocation *NonRevocation `json:"nonRevocation,omitempty" metadata:",optional"`
	// Predicates are the request's predicates, the statements about hidden
	// messages the proof was checked for; absent without any.
	Predicates []ProvenPredicate `json:"predicates,omitempty" metadata:",optional"`
}

// Verification is the record SubmitProof stores, under its transaction ID,
// for a proof it accepted; GetVerification reads it.
type Verification struct {
	// TxID is the transaction that verified the proof.
	TxID string `json:"txId"`
	// RecordID is the key GetVerification reads this record under when
	// the record is not the first recording call's of its transaction (a
	// chaincode called SubmitProof or SubmitProofs several times in one
	// transaction, see spends.go). Absent for the first call's records,
	// under the transaction ID or BatchRecordID(txId, index).
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Issuer is the issuer whose key verified the proof.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that verified the proof.
	KeyVersion int `json:"keyVersion"`
	// Scheme is the issuer's scheme.
	Scheme string `json:"scheme"`
	// KeySHA256 is the lower-case hex SHA-256 of the verifying public key,
	// the key the nonce is consumed for.
	KeySHA256 string `json:"keySha256"`
	// Disclosed are the messages the proof disclosed.
	Disclosed []request.DisclosedMessage `json:"disclosed"`
	// MessageCount is the number of signed messages the proof covers.
	MessageCount int `json:"messageCount"`
	// Header is the IETF header (the issuer-signed context, such as a
	// credential type or expiry) the proof was verified with, when it is at
	// most MaxRecordedHeader bytes.
	Header []byte `json:"header,omitempty" metadata:",optional"`
	// HeaderSHA256 is the lower-case hex SHA-256 of the header; absent
	// when there is no header.
	HeaderSHA256 string `json:"headerSha256,omitempty" metadata:",optional"`
	// Nonce is the nonce the proof was made for, now consumed for the
	// verifying key.
	Nonce []byte `json:"nonce"`
	// BoundToSubmitter reports whether the nonce was bound to the
	// submitter (bindSubmitter).
	BoundToSubmitter bool `json:"boundToSubmitter"`
	// SubmitterMSPID is the MSP of the submitting identity.
	SubmitterMSPID string `json:"submitterMspId"`
	// SubmitterID is the client identity ID of the submitting identity.
	SubmitterID string `json:"submitterId"`
	// Timestamp is the transaction's timestamp.
	Timestamp time.Time `json:"timestamp"`
	// Pseudonym is the pseudonym the proof revealed (pseudonym schemes).
	Pseudonym []byte `json:"pseudonym,omitempty" metadata:",optional"`
	// Context is the pseudonym's context identifier.
	Context []byte `json:"context,omitempty" metadata:",optional"`
	// PseudonymUse numbers this use of the pseudonym in the context under
	// the key, from 1 (GetPseudonymUses).
	PseudonymUse int `json:"pseudonymUse,omitempty" metadata:",optional"`
	// Policy is the ID of the verification policy the request satisfied;
	// absent without one.
	Policy string `json:"policy,omitempty" metadata:",optional"`
	// PolicyVersion is the version of the policy that was applied.
	PolicyVersion int `json:"policyVersion,omitempty" metadata:",optional"`
	// PolicySHA256 is the lower-case hex SHA-256 of that version's
	// canonical document (GetPolicy's policySha256).
	PolicySHA256 string `json:"policySha256,omitempty" metadata:",optional"`
	// NonRevocation is the accumulator version the presentation with
	// non-revocation was verified against (nonRevoked); absent without one.
	NonRevocation *NonRevocation `json:"nonRevocation,omitempty" metadata:",optional"`
	// Predicates are what the proof proved about hidden messages (kind,
	// index, range, parameters), never their values; absent without any.
	Predicates []ProvenPredicate `json:"predicates,omitempty" metadata:",optional"`
}

// ProofReceipt is SubmitProof's answer and the ProofVerified event's
// payload: small, whatever the size of the request. The full record is
// GetVerification(txId).
type ProofReceipt struct {
	// TxID is the transaction that verified the proof.
	TxID string `json:"txId"`
	// RecordID is the record ID of the stored Verification, for
	// GetVerification, when it is not the transaction ID (or, for an item
	// of SubmitProofs, BatchRecordID(txId, index)): a later call of a
	// transaction that called SubmitProof or SubmitProofs several times
	// (see spends.go).
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Valid is always true: SubmitProof fails rather than answer false.
	Valid bool `json:"valid"`
	// Issuer is the issuer whose key verified the proof.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that verified the proof.
	KeyVersion int `json:"keyVersion"`
	// Scheme is the issuer's scheme.
	Scheme string `json:"scheme"`
	// MessageCount is the number of signed messages the proof covers.
	MessageCount int `json:"messageCount"`
	// BoundToSubmitter reports whether the nonce was bound to the
	// submitter.
	BoundToSubmitter bool `json:"boundToSubmitter"`
	// NonceSHA256 is the lower-case hex SHA-256 of the consumed nonce.
	NonceSHA256 string `json:"nonceSha256"`
	// HeaderSHA256 is the lower-case hex SHA-256 of the header; absent
	// when there is no header.
	HeaderSHA256 string `json:"headerSha256,omitempty" metadata:",optional"`
	// RequestSHA256 is the lower-case hex SHA-256 of the request argument
	// as submitted.
	RequestSHA256 string `json:"requestSha256"`
	// Pseudonym is the pseudonym the proof revealed (pseudonym schemes).
	Pseudonym []byte `json:"pseudonym,omitempty" metadata:",optional"`
	// Context is the pseudonym's context identifier, when it is at most
	// MaxReceiptContext bytes.
	Context []byte `json:"context,omitempty" metadata:",optional"`
	// ContextSHA256 is the lower-case hex SHA-256 of the context.
	ContextSHA256 string `json:"contextSha256,omitempty" metadata:",optional"`
	// PseudonymUse numbers this use of the pseudonym in the context under
	// the key, from 1.
	PseudonymUse int `json:"pseudonymUse,omitempty" metadata:",optional"`
	// Policy is the ID of the verification policy the request satisfied;
	// absent without one.
	Policy string `json:"policy,omitempty" metadata:",optional"`
	// PolicyVersion is the version of the policy that was applied.
	PolicyVersion int `json:"policyVersion,omitempty" metadata:",optional"`
	// NonRevocation is the accumulator version the presentation with
	// non-revocation was verified against (nonRevoked); absent without one.
	NonRevocation *NonRevocation `json:"nonRevocation,omitempty" metadata:",optional"`
	// Predicates are what the proof proved about hidden messages (kind,
	// index, range, parameters), never their values; absent without any.
	Predicates []ProvenPredicate `json:"predicates,omitempty" metadata:",optional"`
}
