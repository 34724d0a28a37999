// SPDX-License-Identifier: Apache-2.0

package policies

import (
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

func PolicyKey(stub shim.ChaincodeStubInterface, id string) (string, error) {
	return kindKey(stub, records.PolicyHead, id)
}

func PolicyDocKey(stub shim.ChaincodeStubInterface, id, txID string) (string, error) {
	return kindKey(stub, records.PolicyDoc, id, txID)
}

// kindKey is k.Key with the contract's invalid-argument error.
func kindKey(stub shim.ChaincodeStubInterface, k *records.Kind, attrs ...string) (string, error) {
	key, err := k.Key(stub, attrs...)
	if err != nil {
		return "", fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	return key, nil
}

// getPolicyHead reads the policy with the given ID, which must be valid. A
// head that does not carry its owner's key-level policy is not believed
// (ErrUntrusted).
func getPolicyHead(stub shim.ChaincodeStubInterface, id string) (*PolicyHead, error) {
	key, err := PolicyKey(stub, id)
	if err != nil {
		return nil, err
	}
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("policy %q: reading the world state: %w", id, err)
	}
	if b == nil {
		return nil, fmt.Errorf("policy %q: %w", id, base.ErrNotFound)
	}
	return believePolicyHead(stub, key, id, b)
}

// believePolicyHead decodes the head of policy id stored under key and
// checks it: it decodes, with its ID and at least one version, and carries
// its owner's key-level policy; else ErrUntrusted.
func believePolicyHead(stub shim.ChaincodeStubInterface, key, id string, b []byte) (*PolicyHead, error) {
	// The contract writes only policy records here: anything else was
	// written around it.
	var h PolicyHead
	if err := base.UnmarshalRecord(b, &h); err != nil {
		return nil, fmt.Errorf("policy %q: %w: %w", id, base.ErrUntrusted, err)
	}
	if h.ID != id || len(h.Versions) == 0 {
		return nil, fmt.Errorf("policy %q: %w: the stored record is not a policy record", id, base.ErrUntrusted)
	}
	if err := records.PolicyHead.Believe(stub, key, h.Owner.MSPID); err != nil {
		return nil, fmt.Errorf("policy %q: %w", id, err)
	}
	return &h, nil
}

// putPolicyHead writes the policy's record with its owner's key-level
// policy.
func putPolicyHead(stub shim.ChaincodeStubInterface, h *PolicyHead) error {
	key, err := PolicyKey(stub, h.ID)
	if err != nil {
		return err
	}
	b, err := json.Marshal(h)
	if err != nil {
		return fmt.Errorf("policy %q: encoding the record: %w", h.ID, err)
	}
	if err := records.PolicyHead.Put(stub, key, h.Owner.MSPID, b); err != nil {
		return fmt.Errorf("policy %q: %w", h.ID, err)
	}
	return nil
}

// resolveVersion returns the version a request or GetPolicy names: 0 is
// the current version.
func (h *PolicyHead) resolveVersion(version int) (int, error) {
	if version == 0 {
		return h.current(), nil
	}
	if version < 0 || version > h.current() {
		return 0, fmt.Errorf("policy %q has no version %d (it has versions 1 to %d): %w", h.ID, version, h.current(), base.ErrNotFound)
	}
	return version, nil
}

// getPolicyDoc reads the canonical document of version (1..current()) of
// the believed head h and checks it against the hash h pins: the hash, not
// the document key's key-level policy, is what makes it believed. A
// missing or different document is refused (ErrUntrusted).
func getPolicyDoc(stub shim.ChaincodeStubInterface, h *PolicyHead, version int) ([]byte, error) {
	v := h.Versions[version-1]
	key, err := PolicyDocKey(stub, h.ID, v.TxID)
	if err != nil {
		return nil, err
	}
	doc, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("policy %q version %d: reading the world state: %w", h.ID, version, err)
	}
	if doc == nil || base.HashHex(doc) != v.SHA256 {
		return nil, fmt.Errorf("policy %q version %d: the stored document is missing or does not match its hash: %w", h.ID, version, base.ErrUntrusted)
	}
	return doc, nil
}

// addPolicyVersion stores doc, a canonical policy document, as the
// policy's next version, made by this transaction, and writes the
// policy's record. Both keys get the owner's key-level policy.
func addPolicyVersion(stub shim.ChaincodeStubInterface, h *PolicyHead, doc []byte) error {
	now, err := base.TxTime(stub)
	if err != nil {
		return err
	}
	txID := stub.GetTxID()
	docKey, err := PolicyDocKey(stub, h.ID, txID)
	if err != nil {
		return err
	}
	h.Versions = append(h.Versions, policyVersion{TxID: txID, SHA256: base.HashHex(doc), CreatedAt: now})
	h.UpdatedAt = now
	if err := records.PolicyDoc.Put(stub, docKey, h.Owner.MSPID, doc); err != nil {
		return fmt.Errorf("policy %q: %w", h.ID, err)
	}
	return putPolicyHead(stub, h)
}

// policyList is the kind of record ListPolicies pages through.
var policyList = base.ListKind{ObjectType: policyObjectType, One: "a policy", Many: "policies"}

// Object types of the policy records: the head ([policy ID] -> policyHead)
// and the versions' documents ([policy ID, tx ID of the version] ->
// canonical policy document).
const (
	policyObjectType    = "bbs.policy"
	PolicyDocObjectType = "bbs.policydoc"
)
