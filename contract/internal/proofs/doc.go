// SPDX-License-Identifier: Apache-2.0

// Package proofs is the room of BBS proof verification: one request's
// check from its parse to its answer (Check: the issuer's key, the limits,
// the policy it names, revocation and non-revocation, pseudonym uses, the
// pairing; verifypath.go), the VerifyProof, SubmitProof and GetVerification
// transactions and the records they store (Verification, ProofReceipt,
// VerificationResult; verify.go, types.go), their batch forms (batch.go),
// and the transaction's read cache of issuers, keys and policies
// (KeyCache; readcache.go).
//
// It imports base, issuers, spends, revstate, policies and
// records; the credentials room builds on Check.
package proofs
