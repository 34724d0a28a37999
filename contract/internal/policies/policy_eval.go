// SPDX-License-Identifier: Apache-2.0

package policies

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// AppliedPolicy is the policy version a request names, as the ledger holds
// it when the transaction reads it.
type AppliedPolicy struct {
	ID      string
	Version int
	SHA256  string // of the canonical document
	Retired bool
	Rules   *policy.Policy
	// Owner is the MSP of the policy's owner: the predicate parameters
	// its rules use must be of the same MSP.
	Owner string
}

// LoadAppliedPolicy reads the policy version ref names (version 0: the
// current one). An unknown policy or version is ErrNotFound. Reading the
// policy's record puts it in the transaction's read set, so a transaction
// that updates or retires the policy and commits first invalidates this
// one (MVCC): the policy applied is the one committed when this commits.
func LoadAppliedPolicy(stub shim.ChaincodeStubInterface, ref *request.PolicyRef) (*AppliedPolicy, error) {
	h, err := getPolicyHead(stub, ref.ID)
	if err != nil {
		return nil, err
	}
	version, err := h.resolveVersion(ref.Version)
	if err != nil {
		return nil, err
	}
	doc, err := getPolicyDoc(stub, h, version)
	if err != nil {
		return nil, err
	}
	rules, err := policy.Parse(doc)
	if err != nil {
		return nil, fmt.Errorf("policy %q version %d: the stored document: %w", h.ID, version, err)
	}
	return &AppliedPolicy{ID: h.ID, Version: version, SHA256: base.HashHex(doc), Retired: h.Retired, Rules: rules, Owner: h.Owner.MSPID}, nil
}
