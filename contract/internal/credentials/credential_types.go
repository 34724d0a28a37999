// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/policy"
)

// CredentialResult is the answer of VerifyCredential.
type CredentialResult struct {
	// Valid reports whether the credential verifies and its issuer, types
	// and validity period are acceptable at the transaction's timestamp.
	Valid bool `json:"valid"`
	// Reason says why it is not valid; absent when it is.
	Reason string `json:"reason,omitempty" metadata:",optional"`
	// Code is the stable code (package codes) of why it is not valid,
	// BBS_PROOF_REJECTED, the code of SubmitCredential's error for it;
	// absent when it is valid.
	Code string `json:"code,omitempty" metadata:",optional"`
	// Issuer is the registry ID of the issuer whose key verified (or
	// failed to verify) the proof.
	Issuer string `json:"issuer"`
	// KeyVersion is that key's version.
	KeyVersion int `json:"keyVersion"`
	// Scheme is the issuer's scheme: bbs-bls12381-sha256 (bbs-2023),
	// bbs-nym-bls12381-sha256 (bbs-2023 pseudonym), bbs+2020
	// (BbsBlsSignatureProof2020).
	Scheme string `json:"scheme"`
	// Suite is the credential's kind: SuiteBBS2023, SuiteBBS2023Pseudonym
	// or SuiteBbsBlsSignatureProof2020.
	Suite string `json:"suite"`
	// Pseudonym and Context are the pseudonym a pseudonym credential shows
	// and its context (the proof's nym_domain); PseudonymUses its uses in
	// that context under the key so far, committed or earlier in the
	// transaction. Absent for other credentials.
	Pseudonym     []byte `json:"pseudonym,omitempty" metadata:",optional"`
	Context       []byte `json:"context,omitempty" metadata:",optional"`
	PseudonymUses int    `json:"pseudonymUses,omitempty" metadata:",optional"`
	// VerificationMethod is the proof's verificationMethod (a did:key).
	VerificationMethod string `json:"verificationMethod"`
	// CredentialIssuer is the credential's issuer (its ID); absent when
	// the credential does not disclose one.
	CredentialIssuer string `json:"credentialIssuer,omitempty" metadata:",optional"`
	// Types are the credential's JSON type member, which must expand to
	// exactly the signed types of the credential node (the one node typed
	// VerifiableCredential); empty when it does not.
	Types []string `json:"types"`
	// ValidFrom and ValidUntil are the credential node's validity period
	// as disclosed; absent when not disclosed.
	ValidFrom  string `json:"validFrom,omitempty" metadata:",optional"`
	ValidUntil string `json:"validUntil,omitempty" metadata:",optional"`
	// Claims is the disclosed credential without its proof, as compact
	// JSON (keys sorted); absent when the proof does not verify.
	Claims string `json:"claims,omitempty" metadata:",optional"`
	// ClaimsSHA256 is the lower-case hex SHA-256 of Claims.
	ClaimsSHA256 string `json:"claimsSha256,omitempty" metadata:",optional"`
	// StatementsSHA256 is the lower-case hex SHA-256 of the credential's
	// canonical N-Quads (every statement, mandatory and disclosed, with
	// the issuer's blank node labels, sorted), the statements the proof
	// was verified against.
	StatementsSHA256 string `json:"statementsSha256,omitempty" metadata:",optional"`
	// MessageCount is the number of BBS messages the issuer signed (the
	// non-mandatory statements); 0 if the proof does not parse.
	MessageCount int `json:"messageCount"`
	// Contexts are the registered application contexts the credential
	// used (RegisterContext), by URL and SHA-256; absent when it used only
	// built-in and inline contexts.
	Contexts []contexts.ContextRef `json:"contexts,omitempty" metadata:",optional"`
	// NonceConsumed reports whether the presentation header is already
	// consumed for the key, so that SubmitCredential (or SubmitProof)
	// would refuse it as a replay.
	NonceConsumed bool `json:"nonceConsumed"`
	// Policy and PolicyVersion name the credential policy applied, when
	// the request names one.
	Policy        string `json:"policy,omitempty" metadata:",optional"`
	PolicyVersion int    `json:"policyVersion,omitempty" metadata:",optional"`
	// Satisfied reports whether the credential satisfies the request's
	// policy: true without one; false without Unmet when a check that
	// comes first failed (Reason names it).
	Satisfied bool `json:"satisfied"`
	// Unmet is the policy's first unmet rule, in words.
	Unmet *policy.Unmet `json:"unmet,omitempty" metadata:",optional"`
}

// CredentialVerification is the record SubmitCredential stores, under its
// transaction ID, for a credential it accepted; GetCredentialVerification
// reads it. It holds hashes of what was disclosed, not the claims; the
// Verification that GetVerification reads for the same transaction ID
// holds the BBS side (key, consumed nonce, submitter, BBS header).
type CredentialVerification struct {
	// TxID is the transaction that verified the credential.
	TxID string `json:"txId"`
	// Issuer is the registry ID of the issuer whose key verified it.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that verified it.
	KeyVersion int `json:"keyVersion"`
	// VerificationMethod is the proof's verificationMethod.
	VerificationMethod string `json:"verificationMethod"`
	// Suite is the credential's kind (CredentialResult.Suite).
	Suite string `json:"suite"`
	// Pseudonym and Context are a pseudonym credential's pseudonym and
	// its context (nym_domain); PseudonymUse the use's sequence number
	// (GetPseudonymUses). Absent for other credentials.
	Pseudonym    []byte `json:"pseudonym,omitempty" metadata:",optional"`
	Context      []byte `json:"context,omitempty" metadata:",optional"`
	PseudonymUse int    `json:"pseudonymUse,omitempty" metadata:",optional"`
	// CredentialIssuer is the credential's issuer ID (the DID of the
	// verification method).
	CredentialIssuer string `json:"credentialIssuer"`
	// Types are the credential's types as disclosed.
	Types []string `json:"types"`
	// ValidFrom and ValidUntil are the validity period as disclosed.
	ValidFrom  string `json:"validFrom,omitempty" metadata:",optional"`
	ValidUntil string `json:"validUntil,omitempty" metadata:",optional"`
	// ClaimsSHA256 is the lower-case hex SHA-256 of the disclosed
	// credential without its proof as compact JSON (keys sorted): the
	// Claims that VerifyCredential returns for the same credential.
	ClaimsSHA256 string `json:"claimsSha256"`
	// StatementsSHA256 is the lower-case hex SHA-256 of the canonical
	// N-Quads the proof was verified against.
	StatementsSHA256 string `json:"statementsSha256"`
	// ProofConfigSHA256 and MandatorySHA256 are the two halves of the BBS
	// header (hex): SHA-256 of the canonical proof configuration and of
	// the mandatory statements. For a BbsBlsSignatureProof2020 credential
	// (no header), ProofConfigSHA256 is the SHA-256 of the proof options'
	// signed statements and MandatorySHA256 is empty.
	ProofConfigSHA256 string `json:"proofConfigSha256"`
	MandatorySHA256   string `json:"mandatorySha256"`
	// NonceSHA256 is the lower-case hex SHA-256 of the presentation
	// header, consumed for the verifying key.
	NonceSHA256 string `json:"nonceSha256"`
	// Timestamp is the transaction's timestamp, against which the
	// validity period was checked.
	Timestamp time.Time `json:"timestamp"`
	// Contexts are the registered application contexts the credential
	// used, by URL and SHA-256; absent when none.
	Contexts []contexts.ContextRef `json:"contexts,omitempty" metadata:",optional"`
	// RecordID is the key GetCredentialVerification (and GetVerification)
	// read this record under when it is not the transaction ID: a later
	// call of a transaction that called the contract more than once.
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Policy, PolicyVersion and PolicySHA256 name the credential policy
	// the credential satisfied (the SHA-256 of its canonical document, as
	// GetPolicy shows it); absent when the request named none.
	Policy        string `json:"policy,omitempty" metadata:",optional"`
	PolicyVersion int    `json:"policyVersion,omitempty" metadata:",optional"`
	PolicySHA256  string `json:"policySha256,omitempty" metadata:",optional"`
	// Claims is the disclosed credential without its proof (compact JSON,
	// keys sorted: the string whose SHA-256 is ClaimsSHA256), stored only
	// when the policy applied sets recordClaims; absent otherwise.
	Claims string `json:"claims,omitempty" metadata:",optional"`
}

// CredentialReceipt is SubmitCredential's answer and the
// CredentialVerified event's payload.
type CredentialReceipt struct {
	// TxID is the transaction that verified the credential.
	TxID string `json:"txId"`
	// Valid is always true: SubmitCredential fails rather than answer false.
	Valid bool `json:"valid"`
	// Issuer is the registry ID of the issuer whose key verified it.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that verified it.
	KeyVersion int `json:"keyVersion"`
	// CredentialIssuer is the credential's issuer ID.
	CredentialIssuer string `json:"credentialIssuer"`
	// Suite, Pseudonym and PseudonymUse are as in CredentialVerification.
	Suite        string `json:"suite"`
	Pseudonym    []byte `json:"pseudonym,omitempty" metadata:",optional"`
	PseudonymUse int    `json:"pseudonymUse,omitempty" metadata:",optional"`
	// Types are the credential's types as disclosed.
	Types []string `json:"types"`
	// ClaimsSHA256 is as in CredentialVerification.
	ClaimsSHA256 string `json:"claimsSha256"`
	// NonceSHA256 is the lower-case hex SHA-256 of the consumed
	// presentation header.
	NonceSHA256 string `json:"nonceSha256"`
	// RequestSHA256 is the lower-case hex SHA-256 of the request argument
	// as submitted.
	RequestSHA256 string `json:"requestSha256"`
	// RecordID is as in CredentialVerification; absent when the records
	// are under the transaction ID.
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Policy and PolicyVersion are as in CredentialVerification.
	Policy        string `json:"policy,omitempty" metadata:",optional"`
	PolicyVersion int    `json:"policyVersion,omitempty" metadata:",optional"`
}
