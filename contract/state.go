// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// Object types of the contract's composite keys in the world state.
const (
	verificationObjectType = "bbs.verification" // [tx ID] -> Verification
	policyObjectType       = "bbs.policy"       // [policy ID] -> policyHead
	policyDocObjectType    = "bbs.policydoc"    // [policy ID, tx ID of the version] -> canonical policy document
)

func verificationKey(stub shim.ChaincodeStubInterface, txID string) (string, error) {
	return records.Verification.Key(stub, txID)
}
