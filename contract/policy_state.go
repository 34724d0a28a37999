// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

func policyKey(stub shim.ChaincodeStubInterface, id string) (string, error) {
	return compositeKey(stub, policyObjectType, id)
}

func policyDocKey(stub shim.ChaincodeStubInterface, id, txID string) (string, error) {
	return compositeKey(stub, policyDocObjectType, id, txID)
}

// getPolicyHead reads the policy with the given ID, which must be valid.
func getPolicyHead(stub shim.ChaincodeStubInterface, id string) (*policyHead, error) {
	key, err := policyKey(stub, id)
	if err != nil {
		return nil, err
	}
	var h policyHead
	if err := getRecord(stub, key, fmt.Sprintf("policy %q", id), &h); err != nil {
		return nil, err
	}
	if h.ID != id || len(h.Versions) == 0 {
		return nil, fmt.Errorf("policy %q: the stored record is not a policy record", id)
	}
	return &h, nil
}

// putPolicyHead writes the policy's record.
func putPolicyHead(stub shim.ChaincodeStubInterface, h *policyHead) error {
	key, err := policyKey(stub, h.ID)
	if err != nil {
		return err
	}
	return putRecord(stub, key, fmt.Sprintf("policy %q", h.ID), h)
}

// resolveVersion returns the version a request or GetPolicy names: 0 is
// the current version.
func (h *policyHead) resolveVersion(version int) (int, error) {
	if version == 0 {
		return h.current(), nil
	}
	if version < 0 || version > h.current() {
		return 0, fmt.Errorf("policy %q has no version %d (it has versions 1 to %d): %w", h.ID, version, h.current(), ErrNotFound)
	}
	return version, nil
}

// getPolicyDoc reads the canonical document of version (1..current()) and
// checks it against the hash the policy's record pins.
func getPolicyDoc(stub shim.ChaincodeStubInterface, h *policyHead, version int) ([]byte, error) {
	v := h.Versions[version-1]
	key, err := policyDocKey(stub, h.ID, v.TxID)
	if err != nil {
		return nil, err
	}
	doc, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("policy %q version %d: reading the world state: %w", h.ID, version, err)
	}
	if doc == nil || hashHex(doc) != v.SHA256 {
		return nil, fmt.Errorf("policy %q version %d: the stored document is missing or does not match its hash", h.ID, version)
	}
	return doc, nil
}

// addPolicyVersion stores doc, a canonical policy document, as the
// policy's next version, made by this transaction, and writes the
// policy's record. Both keys get the owner MSP's endorsement policy.
func addPolicyVersion(stub shim.ChaincodeStubInterface, h *policyHead, doc []byte) error {
	now, err := txTime(stub)
	if err != nil {
		return err
	}
	txID := stub.GetTxID()
	docKey, err := policyDocKey(stub, h.ID, txID)
	if err != nil {
		return err
	}
	headKey, err := policyKey(stub, h.ID)
	if err != nil {
		return err
	}
	h.Versions = append(h.Versions, policyVersion{TxID: txID, SHA256: hashHex(doc), CreatedAt: now})
	h.UpdatedAt = now
	if err := stub.PutState(docKey, doc); err != nil {
		return fmt.Errorf("policy %q: writing the world state: %w", h.ID, err)
	}
	if err := putPolicyHead(stub, h); err != nil {
		return err
	}
	for _, key := range []string{docKey, headKey} {
		if err := setOwnerEndorsement(stub, key, h.Owner.MSPID); err != nil {
			return fmt.Errorf("policy %q: %w", h.ID, err)
		}
	}
	return nil
}
