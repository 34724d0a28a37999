// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// CreatePolicy stores a verification policy, document (a JSON policy
// document of package policy, parsed strictly), as version 1 of the policy
// whose ID the document names. The submitting identity becomes the
// policy's owner. The stored document is the canonical form
// (policy.Marshal). It returns the new record.
func (c *Contract) CreatePolicy(ctx contractapi.TransactionContextInterface, document string) (*PolicyRecord, error) {
	return policies.CreatePolicy(ctx, document)
}

// UpdatePolicy stores document, whose ID must be id, as version n+1 of the
// policy, which becomes its current version. Earlier versions stay
// readable, and a request may still name one explicitly. A document equal
// to the current version is refused. Only the owner may update (see
// AdminAttribute); a retired policy cannot be updated.
func (c *Contract) UpdatePolicy(ctx contractapi.TransactionContextInterface, id string, document string) (*PolicyRecord, error) {
	return policies.UpdatePolicy(ctx, id, document)
}

// RetirePolicy retires the policy, for good: no request satisfies any of
// its versions any more, and it cannot be changed; its versions stay
// readable. Only the owner may retire (see AdminAttribute). It returns the
// record of the current version.
func (c *Contract) RetirePolicy(ctx contractapi.TransactionContextInterface, id string) (*PolicyRecord, error) {
	return policies.RetirePolicy(ctx, id)
}

// GetPolicy returns version (0: the current one) of the policy, retired or
// not.
func (c *Contract) GetPolicy(ctx contractapi.TransactionContextInterface, id string, version int) (*PolicyRecord, error) {
	return policies.GetPolicy(ctx, id, version)
}

// ListPolicies returns a page of at most pageSize (1 to 200) policies, each
// its current version, in ID byte order, starting with the policy whose ID
// is bookmark (the first one if bookmark is empty). The page's Bookmark
// starts the next page; the contract makes it itself, as ListIssuers does,
// and a page holds at most MaxPageBytes of records. A policy whose record
// is not believed (written around the contract; GetPolicy refuses it) is
// left out, so a page may hold fewer than pageSize.
func (c *Contract) ListPolicies(ctx contractapi.TransactionContextInterface, pageSize int, bookmark string) (*PolicyPage, error) {
	return policies.ListPolicies(ctx, pageSize, bookmark)
}

// CreatePredicateParams stores params (standard base64 of predicate.Params'
// bytes: range parameters of CCS08 range proofs, or set parameters) as the
// predicate parameters id, which a policy's predicate rules may then name.
// The bytes are checked (predicate.ParseParams: every signature verifies)
// before anything is written. The submitting identity becomes the
// record's owner; a policy uses only parameters of an identity of its own
// owner's MSP. The record never changes: new parameters take a new ID. It
// returns the new record.
func (c *Contract) CreatePredicateParams(ctx contractapi.TransactionContextInterface, id string, params string) (*PredicateParamsRecord, error) {
	return policies.CreatePredicateParams(ctx, id, params)
}

// GetPredicateParams returns the predicate parameters id.
func (c *Contract) GetPredicateParams(ctx contractapi.TransactionContextInterface, id string) (*PredicateParamsRecord, error) {
	return policies.GetPredicateParams(ctx, id)
}
