// SPDX-License-Identifier: Apache-2.0

package contract

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

// Object types of the contract's composite keys in the world state.
const (
	issuerObjectType       = "bbs.issuer"       // [issuer ID] -> Issuer
	publicKeyObjectType    = "bbs.key"          // [hex SHA-256 of public key] or [hash, tx ID] -> keyRecord
	nonceObjectType        = "bbs.nonce"        // [hex SHA-256 of public key, hex SHA-256 of nonce] -> nonceRecord
	verificationObjectType = "bbs.verification" // [tx ID] -> Verification
	policyObjectType       = "bbs.policy"       // [policy ID] -> policyHead
	policyDocObjectType    = "bbs.policydoc"    // [policy ID, tx ID of the version] -> canonical policy document
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

// nonceRecord marks a nonce consumed for a verifying key.
type nonceRecord struct {
	TxID string `json:"txId"`
}

// keyRecord is the public-key index entry: which issuer key version holds
// a public key. A key is registered once, under one issuer, for good (see
// keyindex.go).
type keyRecord struct {
	Issuer  string `json:"issuer"`
	Version int    `json:"version"`
}

// hashHex returns the lower-case hex SHA-256 of b.
func hashHex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func publicKeyIndexKey(stub shim.ChaincodeStubInterface, publicKey []byte) (string, error) {
	return compositeKey(stub, publicKeyObjectType, hashHex(publicKey))
}

func issuerKey(stub shim.ChaincodeStubInterface, id string) (string, error) {
	return compositeKey(stub, issuerObjectType, id)
}

// nonceKey is the key that marks nonce consumed for the verifying key
// publicKey: nonces are consumed per key, not per issuer ID, so a proof
// cannot be replayed under another registration of the same key.
func nonceKey(stub shim.ChaincodeStubInterface, publicKey, nonce []byte) (string, error) {
	return records.Nonce.Key(stub, hashHex(publicKey), hashHex(nonce))
}

func verificationKey(stub shim.ChaincodeStubInterface, txID string) (string, error) {
	return records.Verification.Key(stub, txID)
}

func compositeKey(stub shim.ChaincodeStubInterface, objectType string, attrs ...string) (string, error) {
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
	if err := unmarshalRecord(b, v); err != nil {
		return false, err
	}
	return true, nil
}

// unmarshalRecord decodes a stored JSON record into v.
func unmarshalRecord(b []byte, v any) error {
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("decoding the stored record: %w", err)
	}
	return nil
}

// isNotFound reports whether err means a record does not exist.
func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }

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

// getIssuer reads the issuer with the given ID, which must be valid, with
// its directory (is.records). A record that does not carry its owner's
// key-level policy is not believed (ErrUntrusted).
func getIssuer(stub shim.ChaincodeStubInterface, id string) (*Issuer, error) {
	key, err := issuerKey(stub, id)
	if err != nil {
		return nil, err
	}
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: reading the world state: %w", id, err)
	}
	if b == nil {
		return nil, fmt.Errorf("issuer %q: %w", id, ErrNotFound)
	}
	// The contract writes only issuer records of their own ID here:
	// anything else was written around it. (A record under one ID that
	// names another would make its keys' proofs count as the other's.)
	var st storedIssuer
	if err := unmarshalRecord(b, &st); err != nil {
		return nil, fmt.Errorf("issuer %q: %w: %w", id, ErrUntrusted, err)
	}
	if st.ID != id {
		return nil, fmt.Errorf("issuer %q: %w: the stored record is of issuer %s", id, ErrUntrusted, request.Excerpt(st.ID))
	}
	if err := records.Issuer.Believe(stub, key, st.Owner.MSPID); err != nil {
		return nil, fmt.Errorf("issuer %q: %w", id, err)
	}
	is := st.Issuer
	is.records = st.Records
	return &is, nil
}

// putIssuer writes the issuer's record with its directory, if it is at most
// MaxIssuerRecordSize bytes, and sets its owner's key-level policy. The
// first write of a record written before 0.3.0 gives it its directory
// (anchorLegacy).
func putIssuer(stub shim.ChaincodeStubInterface, is *Issuer) error {
	key, err := issuerKey(stub, is.ID)
	if err != nil {
		return err
	}
	if err := anchorLegacy(stub, is); err != nil {
		return err
	}
	b, err := json.Marshal(storedIssuer{Issuer: *is, Records: is.records})
	if err != nil {
		return fmt.Errorf("issuer %q: encoding the record: %w", is.ID, err)
	}
	if len(b) > MaxIssuerRecordSize {
		return fmt.Errorf("%w: the record of issuer %q would be %d bytes, over the limit of %d", ErrInvalidArgument, is.ID, len(b), MaxIssuerRecordSize)
	}
	if err := records.Issuer.Put(stub, key, is.Owner.MSPID, b); err != nil {
		return fmt.Errorf("issuer %q: %w", is.ID, err)
	}
	return nil
}

// isUntrusted reports whether err means a record is not believed.
func isUntrusted(err error) bool { return errors.Is(err, ErrUntrusted) }

// ErrUntrusted means a record the call needs exists but is not believed
// (package records): it was written around the contract.
var ErrUntrusted = records.ErrUntrusted

// getRecord reads the record under key into v; what names it in errors,
// as in `issuer "acme"`. A missing record is ErrNotFound.
func getRecord(stub shim.ChaincodeStubInterface, key, what string, v any) error {
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

// txTime returns the transaction's timestamp in UTC.
func txTime(stub shim.ChaincodeStubInterface) (time.Time, error) {
	ts, err := stub.GetTxTimestamp()
	if err != nil {
		return time.Time{}, fmt.Errorf("reading the transaction timestamp: %w", err)
	}
	if err := ts.CheckValid(); err != nil {
		return time.Time{}, fmt.Errorf("reading the transaction timestamp: %w", err)
	}
	return ts.AsTime().UTC(), nil
}

// checkRecordID returns an error unless id is a valid ID of a record of
// kind ("issuer", "policy"): request.IssuerIDPattern, which policy IDs
// share (policy.IDPattern).
func checkRecordID(kind, id string) error {
	if !request.ValidIssuerID(id) {
		return fmt.Errorf("%w: %s ID %s does not match %s", ErrInvalidArgument, kind, request.Excerpt(id), request.IssuerIDPattern)
	}
	return nil
}

// emitJSON emits the chaincode event name with v as JSON payload.
func emitJSON(stub shim.ChaincodeStubInterface, name string, v any) error {
	payload, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("encoding the %s event: %w", name, err)
	}
	if err := stub.SetEvent(name, payload); err != nil {
		return fmt.Errorf("emitting the %s event: %w", name, err)
	}
	return nil
}
