// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/policies that are part of this package's API.

// MaxPolicyVersions is the largest number of versions a policy may have.
const MaxPolicyVersions = policies.MaxPolicyVersions

// PolicyRecord is one version of a verification policy (package policy) as
// the ledger holds it: CreatePolicy, UpdatePolicy, RetirePolicy and
// GetPolicy answer it, ListPolicies lists current versions.
type PolicyRecord = policies.PolicyRecord

// PolicyPage is one page of ListPolicies.
type PolicyPage = policies.PolicyPage

// PredicateParamsRecord is a predicate-parameter record: the public
// parameters of CCS08 range proofs or of set-membership proofs
// (predicate.Params), under an ID that policies' predicate rules name.
// CreatePredicateParams and GetPredicateParams answer it.
type PredicateParamsRecord = policies.PredicateParamsRecord
