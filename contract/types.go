// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// The types below are the contract's records and results. They are stored
// on the ledger and returned to clients as JSON, and fabric-contract-api-go
// describes them in the contract metadata: a field tagged
// `metadata:",optional"` may be absent, every other field is always present.
// Binary values ([]byte) are standard base64 in JSON; times are RFC 3339 in
// UTC, taken from transaction timestamps.

// IssuerKey is one version of an issuer's public key.
type IssuerKey struct {
	// Version numbers the issuer's keys from 1.
	Version int `json:"version"`
	// PublicKey is the key in its scheme's encoding.
	PublicKey []byte `json:"publicKey"`
	// CreatedAt is when the key was registered.
	CreatedAt time.Time `json:"createdAt"`
	// Revoked reports whether the key has been revoked; a revoked key
	// verifies nothing.
	Revoked bool `json:"revoked"`
	// RevokedAt is when the key was revoked; absent if it is not.
	RevokedAt time.Time `json:"revokedAt,omitzero" metadata:",optional"`
	// VerificationMethods are the DID URLs (other than did:key) the
	// owner declared for this key (DeclareVerificationMethods): a
	// credential whose proof names one of them, in a request that names
	// this issuer, verifies under this key. Ascending, without repeats.
	VerificationMethods []string `json:"verificationMethods,omitempty" metadata:",optional"`
}

// Issuer is an issuer's registry record.
type Issuer struct {
	// ID is the issuer's registry ID (request.IssuerIDPattern).
	ID string `json:"id"`
	// Scheme is the BBS scheme of every key of the issuer.
	Scheme string `json:"scheme"`
	// Description is free text given at registration.
	Description string `json:"description"`
	// Owner is the identity that registered the issuer.
	Owner base.Owner `json:"owner"`
	// CurrentVersion is the version of the newest key, the one a
	// verification request without keyVersion uses.
	CurrentVersion int `json:"currentVersion"`
	// Keys are every key version, oldest first.
	Keys []IssuerKey `json:"keys"`
	// Revoked reports whether the issuer has been revoked; a revoked issuer
	// verifies nothing and cannot be changed.
	Revoked bool `json:"revoked"`
	// RevokedAt is when the issuer was revoked; absent if it is not.
	RevokedAt time.Time `json:"revokedAt,omitzero" metadata:",optional"`
	// Settings are the owner's rules for proofs under the issuer's keys
	// (SetIssuerSettings).
	Settings IssuerSettings `json:"settings"`
	// CreatedAt is when the issuer was registered.
	CreatedAt time.Time `json:"createdAt"`
	// UpdatedAt is when the record last changed.
	UpdatedAt time.Time `json:"updatedAt"`

	// records is the directory of the issuer's other records (issuerdir.go),
	// stored with the record but not part of its JSON; nil in a record
	// written before 0.3.0.
	records *issuerRecords
}

// key returns the key of the given version, or nil if there is none.
func (is *Issuer) key(version int) *IssuerKey {
	if version < 1 || version > len(is.Keys) {
		return nil
	}
	return &is.Keys[version-1]
}

// IssuerPage is one page of ListIssuers.
type IssuerPage struct {
	// Issuers are the issuers of the page, in ID byte order.
	Issuers []Issuer `json:"issuers"`
	// Count is the number of issuers in the page.
	Count int `json:"count"`
	// Bookmark is the ID of the first issuer of the next page, to pass to
	// ListIssuers; empty on the last page.
	Bookmark string `json:"bookmark"`
}

// IssuerHistoryPage is one page of GetIssuerHistory.
type IssuerHistoryPage struct {
	// Entries are the changes of the page, newest first.
	Entries []IssuerHistoryEntry `json:"entries"`
	// Count is the number of entries in the page.
	Count int `json:"count"`
	// Bookmark is the transaction ID of the first change of the next page,
	// to pass to GetIssuerHistory; empty on the last page.
	Bookmark string `json:"bookmark"`
}

// IssuerHistoryEntry is one committed change of an issuer's record.
type IssuerHistoryEntry struct {
	// TxID is the transaction that made the change.
	TxID string `json:"txId"`
	// Timestamp is that transaction's timestamp.
	Timestamp time.Time `json:"timestamp"`
	// IsDelete reports whether the change deleted the record (the
	// contract never deletes issuers).
	IsDelete bool `json:"isDelete"`
	// Issuer is the record as the change left it; absent for a deletion.
	Issuer *Issuer `json:"issuer,omitempty" metadata:",optional"`
}

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
}
