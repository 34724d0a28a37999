// SPDX-License-Identifier: Apache-2.0

// Package credentials is the room of W3C verifiable credentials (package
// vc): a derived credential of the bbs-2023 cryptosuite, with or without
// its pseudonym feature, or of BbsBlsSignatureProof2020, verified against
// the registered key of its verificationMethod. Here are the
// VerifyCredential, SubmitCredential(s) and GetCredentialVerification
// transactions (credential.go, credential_batch.go), what a credential's
// signed statements say (credential_claims.go, credential_rdf.go), its
// credential policy (credential_policy.go), the epoch claim and status
// entry a policy's revocation rules read (credential_revocation.go), and
// the records and results (CredentialVerification, CredentialResult,
// CredentialReceipt; credential_types.go).
//
// The BBS statement of a credential is checked by the proofs room's Check;
// the credential's JSON-LD contexts come from package contexts. It imports
// every room below it: base, spends, issuers, policies, revstate, contexts
// and proofs.
package credentials
