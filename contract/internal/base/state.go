// SPDX-License-Identifier: Apache-2.0

package base

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// Errors of the contract; use errors.Is to test for them.
var (
	// ErrInvalidArgument means a transaction argument is malformed or over
	// a limit.
	ErrInvalidArgument = errors.New("invalid argument")
	// ErrNotFound means an issuer, a policy (version) or a verification
	// does not exist.
	ErrNotFound = errors.New("not found")
	// ErrExists means an issuer or policy ID is taken.
	ErrExists = errors.New("already exists")
	// ErrAccessDenied means the submitter may not change an issuer or a
	// policy.
	ErrAccessDenied = errors.New("access denied")
	// ErrRevoked means an issuer or key is revoked.
	ErrRevoked = errors.New("revoked")
	// ErrReplay means a nonce was already used with the verifying key.
	ErrReplay = errors.New("replay")
	// ErrRetired means a verification policy is retired.
	ErrRetired = errors.New("retired")
	// ErrPolicyNotSatisfied means a request does not satisfy the
	// verification policy it names.
	ErrPolicyNotSatisfied = errors.New("not satisfied")
	// ErrProofRejected means SubmitProof was given a proof that does not
	// verify.
	ErrProofRejected = errors.New("proof rejected")
)

// ErrNotConfigured means the channel has no endorsement configuration
// yet: SetEndorsementConfig must run before any issuer or policy is
// created.
var ErrNotConfigured = records.ErrNotConfigured

// ErrPseudonymUsed means a pseudonym has already been used as often as the
// limit allows in its context.
var ErrPseudonymUsed = errors.New("pseudonym already used")

// HashHex returns the lower-case hex SHA-256 of b.
func HashHex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func CompositeKey(stub shim.ChaincodeStubInterface, objectType string, attrs ...string) (string, error) {
	k, err := stub.CreateCompositeKey(objectType, attrs)
	if err != nil {
		return "", fmt.Errorf("%w: %v", ErrInvalidArgument, err)
	}
	return k, nil
}

// getJSON reads key into v; it reports false if the key has no value.
func getJSON(stub shim.ChaincodeStubInterface, key string, v any) (bool, error) {
	b, err := stub.GetState(key)
	if err != nil {
		return false, fmt.Errorf("reading the world state: %w", err)
	}
	if b == nil {
		return false, nil
	}
	if err := UnmarshalRecord(b, v); err != nil {
		return false, err
	}
	return true, nil
}

// UnmarshalRecord decodes a stored JSON record into v.
func UnmarshalRecord(b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decoding the stored record: %w", err)
	}
	return nil
}

// IsNotFound reports whether err means a record does not exist.
func IsNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

// putJSON writes v as JSON under key.
func putJSON(stub shim.ChaincodeStubInterface, key string, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding the record: %w", err)
	}
	if err := stub.PutState(key, b); err != nil {
		return fmt.Errorf("writing the world state: %w", err)
	}
	return nil
}

// IsUntrusted reports whether err means a record is not believed.
func IsUntrusted(err error) bool { return errors.Is(err, ErrUntrusted) }

// ErrUntrusted means a record the call needs exists but is not believed
// (package records): it was written around the contract.
var ErrUntrusted = records.ErrUntrusted

// GetRecord reads the record under key into v; what names it in errors,
// as in `issuer "acme"`. A missing record is ErrNotFound.
func GetRecord(stub shim.ChaincodeStubInterface, key, what string, v any) error {
	found, err := getJSON(stub, key, v)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if !found {
		return fmt.Errorf("%s: %w", what, ErrNotFound)
	}
	return nil
}

// putRecord writes v as the record under key; what names it in errors.
func putRecord(stub shim.ChaincodeStubInterface, key, what string, v any) error {
	if err := putJSON(stub, key, v); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	return nil
}

// TxTime returns the transaction's timestamp in UTC.
func TxTime(stub shim.ChaincodeStubInterface) (time.Time, error) {
	ts, err := stub.GetTxTimestamp()
	if err != nil {
		return time.Time{}, fmt.Errorf("reading the transaction timestamp: %w", err)
	}
	if err := ts.CheckValid(); err != nil {
		return time.Time{}, fmt.Errorf("reading the transaction timestamp: %w", err)
	}
	return ts.AsTime().UTC(), nil
}

// CheckRecordID returns an error unless id is a valid ID of a record of
// kind ("issuer", "policy"): request.IssuerIDPattern, which policy IDs
// share (policy.IDPattern).
func CheckRecordID(kind, id string) error {
	if !request.ValidIssuerID(id) {
		return fmt.Errorf("%w: %s ID %s does not match %s", ErrInvalidArgument, kind, request.Excerpt(id), request.IssuerIDPattern)
	}
	return nil
}

// EmitJSON emits the chaincode event name with v as JSON payload.
func EmitJSON(stub shim.ChaincodeStubInterface, name string, v any) error {
	payload, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding the %s event: %w", name, err)
	}
	if err := stub.SetEvent(name, payload); err != nil {
		return fmt.Errorf("emitting the %s event: %w", name, err)
	}
	return nil
}
