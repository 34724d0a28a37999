// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// Object types of the contract's composite keys.
const (
	pollObjectType = "poll.poll" // [poll ID] -> Poll
	voteObjectType = "poll.vote" // [poll ID, tx ID] -> vote
)

// Errors of the contract; use errors.Is to test for them.
var (
	// ErrNotFound means a poll does not exist.
	ErrNotFound = errors.New("not found")
	// ErrExists means a poll ID is taken.
	ErrExists = errors.New("already exists")
	// ErrPolicy means a policy does not fit a poll.
	ErrPolicy = errors.New("unsuitable policy")
	// ErrBallot means a request's ballot does not commit to the vote.
	ErrBallot = errors.New("ballot refused")
	// ErrAccessDenied means the submitter may not create a poll with a
	// policy.
	ErrAccessDenied = errors.New("access denied")
	// ErrRefused means bbs refused the vote's proof.
	ErrRefused = errors.New("proof refused by bbs")
)

// readPoll checks poll ID id, the argument of a transaction, and reads the
// poll.
func readPoll(stub shim.ChaincodeStubInterface, id string) (*Poll, error) {
	if err := checkID("poll ID", id); err != nil {
		return nil, err
	}
	return getPoll(stub, id)
}

func getPoll(stub shim.ChaincodeStubInterface, id string) (*Poll, error) {
	key, err := stub.CreateCompositeKey(pollObjectType, []string{id})
	if err != nil {
		return nil, fmt.Errorf("making the key of poll %q: %w", id, err)
	}
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("reading poll %q: %w", id, err)
	}
	if b == nil {
		return nil, fmt.Errorf("poll %q: %w", id, ErrNotFound)
	}
	var p Poll
	if err := json.Unmarshal(b, &p); err != nil {
		return nil, fmt.Errorf("decoding poll %q: %w", id, err)
	}
	return &p, nil
}

func putJSON(stub shim.ChaincodeStubInterface, objectType string, attrs []string, v any) error {
	key, err := stub.CreateCompositeKey(objectType, attrs)
	if err != nil {
		return fmt.Errorf("making a %s key: %w", objectType, err)
	}
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding a %s record: %w", objectType, err)
	}
	if err := stub.PutState(key, b); err != nil {
		return fmt.Errorf("writing a %s record: %w", objectType, err)
	}
	return nil
}
