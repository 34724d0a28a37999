// SPDX-License-Identifier: Apache-2.0

package records

import (
	"encoding/json"
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// GetJSON reads the record of kind k under key into v, as Get does; it
// reports false if the key has no value.
func GetJSON(k *Kind, stub shim.ChaincodeStubInterface, key, owner string, v any) (bool, error) {
	b, err := k.Get(stub, key, owner)
	if err != nil || b == nil {
		return false, err
	}
	if err := json.Unmarshal(b, v); err != nil {
		return false, fmt.Errorf("%s: decoding the stored record: %w", Describe(key), err)
	}
	return true, nil
}

// PutJSON writes v as JSON as the record of kind k under key, as Put does.
func PutJSON(k *Kind, stub shim.ChaincodeStubInterface, key, owner string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("%s: encoding the record: %w", Describe(key), err)
	}
	return k.Put(stub, key, owner, b)
}
