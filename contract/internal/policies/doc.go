// SPDX-License-Identifier: Apache-2.0

// Package policies is the room of verification policies (package policy)
// on the ledger: the transactions that create, update, retire and read
// them (policies.go), their records, a head per policy and a document per
// version (PolicyRecord, PolicyPage; policy_types.go, policy_state.go),
// and the policy version a request names as the transaction reads it
// (AppliedPolicy, LoadAppliedPolicy; policy_eval.go). Holding a request to
// its policy is the proofs room's (package proofs).
//
// It imports base, endorsement and records.
package policies
