// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"errors"

	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// heldStub is the stub a transaction of the contract runs on (Chaincode
// Invoke and Init): it holds every change the transaction makes (state
// writes and deletes, key-level endorsement policies, private data, write
// batches, the event) and passes them to the shim's stub, in order, only
// once the transaction has returned a success. A transaction that fails,
// or panics, sends nothing: a chaincode that called the contract and goes
// on after the error (its own transaction may commit) finds nothing of the
// failed call in the read-write set. Fabric gives no read-your-writes, so
// holding the writes changes no read; a write's error (an empty key) comes
// when it is made, the peer's when the writes are sent, as in a write
// batch.
type heldStub struct {
	shim.ChaincodeStubInterface
	held  []func() error
	cache records.Cache
}

// RecordCache is the transaction's cache of the record layer.
func (s *heldStub) RecordCache() *records.Cache { return &s.cache }

var errEmptyKey = errors.New("key must not be an empty string")

func (s *heldStub) hold(op func() error) { s.held = append(s.held, op) }

// send passes the held changes to the shim's stub, in order; it stops at
// the first error.
func (s *heldStub) send() error {
	for _, op := range s.held {
		if err := op(); err != nil {
			return err
		}
	}
	s.held = nil
	return nil
}

func (s *heldStub) PutState(key string, value []byte) error {
	if key == "" {
		return errEmptyKey
	}
	s.hold(func() error { return s.ChaincodeStubInterface.PutState(key, value) })
	return nil
}

func (s *heldStub) DelState(key string) error {
	if key == "" {
		return errEmptyKey
	}
	s.hold(func() error { return s.ChaincodeStubInterface.DelState(key) })
	return nil
}

func (s *heldStub) SetStateValidationParameter(key string, ep []byte) error {
	if key == "" {
		return errEmptyKey
	}
	s.hold(func() error { return s.ChaincodeStubInterface.SetStateValidationParameter(key, ep) })
	return nil
}

func (s *heldStub) PutPrivateData(collection, key string, value []byte) error {
	s.hold(func() error { return s.ChaincodeStubInterface.PutPrivateData(collection, key, value) })
	return nil
}

func (s *heldStub) DelPrivateData(collection, key string) error {
	s.hold(func() error { return s.ChaincodeStubInterface.DelPrivateData(collection, key) })
	return nil
}

func (s *heldStub) PurgePrivateData(collection, key string) error {
	s.hold(func() error { return s.ChaincodeStubInterface.PurgePrivateData(collection, key) })
	return nil
}

func (s *heldStub) SetPrivateDataValidationParameter(collection, key string, ep []byte) error {
	s.hold(func() error { return s.ChaincodeStubInterface.SetPrivateDataValidationParameter(collection, key, ep) })
	return nil
}

func (s *heldStub) SetEvent(name string, payload []byte) error {
	if name == "" {
		return errors.New("event name can not be empty string")
	}
	s.hold(func() error { return s.ChaincodeStubInterface.SetEvent(name, payload) })
	return nil
}

func (s *heldStub) StartWriteBatch() {
	s.hold(func() error { s.ChaincodeStubInterface.StartWriteBatch(); return nil })
}

func (s *heldStub) FinishWriteBatch() error {
	s.hold(s.ChaincodeStubInterface.FinishWriteBatch)
	return nil
}

// shimStubOf is the shim's stub under stub, a heldStub or not.
func shimStubOf(stub shim.ChaincodeStubInterface) shim.ChaincodeStubInterface {
	if h, ok := stub.(*heldStub); ok {
		return h.ChaincodeStubInterface
	}
	return stub
}
