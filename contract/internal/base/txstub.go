// SPDX-License-Identifier: Apache-2.0

package base

import (
	"errors"

	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// HeldStub is the stub a transaction of the contract runs on (Chaincode
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
type HeldStub struct {
	shim.ChaincodeStubInterface
	held  []func() error
	cache records.Cache
}

// RecordCache is the transaction's cache of the record layer.
func (s *HeldStub) RecordCache() *records.Cache { return &s.cache }

var errEmptyKey = errors.New("key must not be an empty string")

func (s *HeldStub) hold(op func() error) { s.held = append(s.held, op) }

// Send passes the held changes to the shim's stub, in order; it stops at
// the first error.
func (s *HeldStub) Send() error {
	for _, op := range s.held {
		if err := op(); err != nil {
			return err
		}
	}
	s.held = nil
	return nil
}

func (s *HeldStub) PutState(key string, value []byte) error {
	if key == "" {
		return errEmptyKey
	}
	s.hold(func() error { return s.ChaincodeStubInterface.PutState(key, value) })
	return nil
}

func (s *HeldStub) DelState(key string) error {
	if key == "" {
		return errEmptyKey
	}
	s.hold(func() error { return s.ChaincodeStubInterface.DelState(key) })
	return nil
}

func (s *HeldStub) SetStateValidationParameter(key string, ep []byte) error {
	if key == "" {
		return errEmptyKey
	}
	s.hold(func() error { return s.ChaincodeStubInterface.SetStateValidationParameter(key, ep) })
	return nil
}

func (s *HeldStub) PutPrivateData(collection, key string, value []byte) error {
	s.hold(func() error { return s.ChaincodeStubInterface.PutPrivateData(collection, key, value) })
	return nil
}

func (s *HeldStub) DelPrivateData(collection, key string) error {
	s.hold(func() error { return s.ChaincodeStubInterface.DelPrivateData(collection, key) })
	return nil
}

func (s *HeldStub) PurgePrivateData(collection, key string) error {
	s.hold(func() error { return s.ChaincodeStubInterface.PurgePrivateData(collection, key) })
	return nil
}

func (s *HeldStub) SetPrivateDataValidationParameter(collection, key string, ep []byte) error {
	s.hold(func() error { return s.ChaincodeStubInterface.SetPrivateDataValidationParameter(collection, key, ep) })
	return nil
}

func (s *HeldStub) SetEvent(name string, payload []byte) error {
	if name == "" {
		return errors.New("event name can not be empty string")
	}
	s.hold(func() error { return s.ChaincodeStubInterface.SetEvent(name, payload) })
	return nil
}

func (s *HeldStub) StartWriteBatch() {
	s.hold(func() error { s.ChaincodeStubInterface.StartWriteBatch(); return nil })
}

func (s *HeldStub) FinishWriteBatch() error {
	s.hold(s.ChaincodeStubInterface.FinishWriteBatch)
	return nil
}

// ShimStubOf is the shim's stub under stub, a heldStub or not.
func ShimStubOf(stub shim.ChaincodeStubInterface) shim.ChaincodeStubInterface {
	if h, ok := stub.(*HeldStub); ok {
		return h.ChaincodeStubInterface
	}
	return stub
}
