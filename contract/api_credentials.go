// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"
)

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/credentials that are part of this package's API.

// EventCredentialVerified is the chaincode event SubmitCredential emits,
// with its CredentialReceipt as JSON payload.
const EventCredentialVerified = credentials.EventCredentialVerified

// MaxCredentialRequestSize is the largest credential request, in
// bytes: the credential's own limit and room for the other fields.
const MaxCredentialRequestSize = credentials.MaxCredentialRequestSize

// SuiteBBS2023 is a bbs-2023 derived credential of the baseline
// feature, under a key of scheme bbs-bls12381-sha256.
const SuiteBBS2023 = credentials.SuiteBBS2023

// SuiteBBS2023Pseudonym is a bbs-2023 derived credential of the
// pseudonym feature (proofValue header 0xd95d07), under a key of
// scheme bbs-nym-bls12381-sha256: it shows the holder's pseudonym in
// the proof's nym_domain, counted as SubmitProof counts pseudonyms.
const SuiteBBS2023Pseudonym = credentials.SuiteBBS2023Pseudonym

// SuiteBbsBlsSignatureProof2020 is a BbsBlsSignatureProof2020 derived
// credential (W3C CCG draft, MATTR's suite), under a key of scheme
// bbs+2020.
const SuiteBbsBlsSignatureProof2020 = credentials.SuiteBbsBlsSignatureProof2020

// MaxCredentialBatch is the largest number of credential requests
// SubmitCredentials takes in one call. The whole argument is bounded by
// MaxArgSize (1 MiB), as every transaction argument is, and each request
// by MaxCredentialRequestSize and the credential limits of package vc.
const MaxCredentialBatch = credentials.MaxCredentialBatch

// EventCredentialsVerified is the chaincode event SubmitCredentials emits,
// with a BatchSummary as JSON payload.
const EventCredentialsVerified = credentials.EventCredentialsVerified

// CredentialBatchResults is the answer of SubmitCredentials.
type CredentialBatchResults = credentials.CredentialBatchResults

// CredentialBatchResult is the outcome of one request of
// SubmitCredentials.
type CredentialBatchResult = credentials.CredentialBatchResult

// MaxContextURLLength is the longest context URL RegisterContext accepts.
const MaxContextURLLength = contexts.MaxContextURLLength

// ContextRecord is an application JSON-LD context registered on the
// ledger for an issuer (RegisterContext). It never changes once
// registered.
type ContextRecord = contexts.ContextRecord

// ContextRef names a registered context a credential used, by URL and
// SHA-256.
type ContextRef = contexts.ContextRef

// CredentialResult is the answer of VerifyCredential.
type CredentialResult = credentials.CredentialResult

// CredentialVerification is the record SubmitCredential stores, under its
// transaction ID, for a credential it accepted; GetCredentialVerification
// reads it. It holds hashes of what was disclosed, not the claims; the
// Verification that GetVerification reads for the same transaction ID
// holds the BBS side (key, consumed nonce, submitter, BBS header).
type CredentialVerification = credentials.CredentialVerification

// CredentialReceipt is SubmitCredential's answer and the
// CredentialVerified event's payload.
type CredentialReceipt = credentials.CredentialReceipt
