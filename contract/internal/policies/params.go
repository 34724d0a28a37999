// SPDX-License-Identifier: Apache-2.0

package policies

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Kinds of PredicateParamsRecord.
const (
	ParamsKindRange = "range"
	ParamsKindSet   = "set"
)

// PredicateParamsRecord is a predicate-parameter record: the public
// parameters of CCS08 range proofs or of set-membership proofs
// (predicate.Params), under an ID that policies' predicate rules name.
// CreatePredicateParams and GetPredicateParams answer it.
type PredicateParamsRecord struct {
	// ID is the parameters' ID (request.IssuerIDPattern).
	ID string `json:"id"`
	// Owner is the identity that created the record. A policy's rules use
	// the parameters only if the policy's owner is of the same MSP.
	Owner base.Owner `json:"owner"`
	// Kind is ParamsKindRange or ParamsKindSet.
	Kind string `json:"kind"`
	// Base is the range base u (range parameters; 0 for a set).
	Base int `json:"base,omitempty" metadata:",optional"`
	// Size is the number of signed scalars: u for a range, the set's size.
	Size int `json:"size"`
	// Params are the parameters' bytes (predicate.Params.Bytes).
	Params []byte `json:"params"`
	// SHA256 is the lower-case hex SHA-256 of Params.
	SHA256 string `json:"sha256"`
	// TxID is the transaction that created the record.
	TxID string `json:"txId"`
	// CreatedAt is that transaction's timestamp.
	CreatedAt time.Time `json:"createdAt"`
}

// CreatePredicateParams is the CreatePredicateParams transaction (see
// Contract.CreatePredicateParams).
func CreatePredicateParams(ctx contractapi.TransactionContextInterface, id string, params string) (_ *PredicateParamsRecord, err error) {
	defer base.Coded(&err)
	if err := checkParamsID(id); err != nil {
		return nil, err
	}
	if base64.StdEncoding.DecodedLen(len(params)) > base.MaxParamsSize {
		return nil, fmt.Errorf("%w: params: over the limit of %d bytes", base.ErrInvalidArgument, base.MaxParamsSize)
	}
	b, err := base64.StdEncoding.Strict().DecodeString(params)
	if err != nil {
		return nil, fmt.Errorf("%w: params: not standard base64", base.ErrInvalidArgument)
	}
	sub, err := endorsement.NewOwner(ctx, fmt.Sprintf("predicate parameters %q", id))
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	if _, err := GetParamsRecord(stub, id); err == nil {
		return nil, fmt.Errorf("predicate parameters %q: %w", id, base.ErrExists)
	} else if base.IsUntrusted(err) {
		return nil, fmt.Errorf("%w; the ID is taken and cannot be created", err)
	} else if !base.IsNotFound(err) {
		return nil, err
	}
	p, err := parseParams(b)
	if err != nil {
		return nil, fmt.Errorf("%w: params: %v", base.ErrInvalidArgument, err)
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	rec := &PredicateParamsRecord{ID: id, Owner: sub.Owner(), Kind: ParamsKindSet, Size: p.Len(), Params: b,
		SHA256: base.HashHex(b), TxID: stub.GetTxID(), CreatedAt: now}
	if p.Kind() == predicate.RangeParams {
		rec.Kind, rec.Base = ParamsKindRange, p.Base()
	}
	key, err := paramsKey(stub, id)
	if err != nil {
		return nil, err
	}
	if err := records.PutJSON(records.PredicateParams, stub, key, rec.Owner.MSPID, rec); err != nil {
		return nil, fmt.Errorf("predicate parameters %q: %w", id, err)
	}
	return rec, nil
}

// GetPredicateParams is the GetPredicateParams transaction (see
// Contract.GetPredicateParams).
func GetPredicateParams(ctx contractapi.TransactionContextInterface, id string) (_ *PredicateParamsRecord, err error) {
	defer base.Coded(&err)
	if err := checkParamsID(id); err != nil {
		return nil, err
	}
	return GetParamsRecord(ctx.GetStub(), id)
}

// GetParamsRecord reads the parameters id, which must be a valid ID. A
// record that does not decode as one, or does not carry its owner's
// key-level policy, is not believed (ErrUntrusted).
func GetParamsRecord(stub shim.ChaincodeStubInterface, id string) (*PredicateParamsRecord, error) {
	key, err := paramsKey(stub, id)
	if err != nil {
		return nil, err
	}
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("predicate parameters %q: reading the world state: %w", id, err)
	}
	if b == nil {
		return nil, fmt.Errorf("predicate parameters %q: %w", id, base.ErrNotFound)
	}
	var rec PredicateParamsRecord
	if err := json.Unmarshal(b, &rec); err != nil || rec.ID != id || rec.Owner.MSPID == "" || len(rec.Params) == 0 {
		return nil, fmt.Errorf("predicate parameters %q: %w: the stored record is not a parameters record", id, base.ErrUntrusted)
	}
	if err := records.PredicateParams.Believe(stub, key, rec.Owner.MSPID); err != nil {
		return nil, fmt.Errorf("predicate parameters %q: %w", id, err)
	}
	return &rec, nil
}

// ParamsFor returns the parsed parameters id for a predicate of a policy
// owned by an identity of MSP owner: the record must be believed, owned by
// an identity of that MSP, and hold parameters of kind (predicate.
// RangeParams or predicate.SetParams). Any failure is an error wrapping
// ErrUntrusted, ErrNotFound or ErrInvalidArgument, the same for the same
// ledger. It returns the parameters and the hex SHA-256 of their bytes.
func ParamsFor(stub shim.ChaincodeStubInterface, id, owner string, kind byte) (*predicate.Params, string, error) {
	p, rec, err := paramsFor(stub, id, owner, kind)
	if err != nil {
		return nil, "", err
	}
	return p, rec.SHA256, nil
}

func paramsFor(stub shim.ChaincodeStubInterface, id, owner string, kind byte) (*predicate.Params, *PredicateParamsRecord, error) {
	if err := checkParamsID(id); err != nil {
		return nil, nil, err
	}
	rec, err := GetParamsRecord(stub, id)
	if err != nil {
		return nil, nil, err
	}
	if rec.Owner.MSPID != owner {
		return nil, nil, fmt.Errorf("%w: predicate parameters %q belong to MSP %s, not to the policy owner's MSP %s: a policy uses only its owner's parameters",
			base.ErrUntrusted, id, rec.Owner.MSPID, owner)
	}
	p, err := parseParams(rec.Params)
	if err != nil || base.HashHex(rec.Params) != rec.SHA256 {
		return nil, nil, fmt.Errorf("predicate parameters %q: %w: the stored parameters do not parse or do not match their hash", id, base.ErrUntrusted)
	}
	if p.Kind() != kind {
		want := "range"
		if kind == predicate.SetParams {
			want = "set"
		}
		return nil, nil, fmt.Errorf("%w: predicate parameters %q are %s parameters, the predicate needs %s parameters", base.ErrInvalidArgument, id, rec.Kind, want)
	}
	return p, rec, nil
}

// parsedParams caches, across transactions, the parameters parsed from
// each byte string (by its SHA-256): ParseParams checks every signature,
// and its answer depends on the bytes alone. Bounded: emptied when full.
var parsedParams struct {
	sync.Mutex
	m map[[32]byte]*predicate.Params
}

// maxParsedParams is the most parsed parameters parsedParams keeps.
const maxParsedParams = 64

// parseParams is predicate.ParseParams, cached by the bytes' hash when it
// succeeds.
func parseParams(b []byte) (*predicate.Params, error) {
	h := sha256.Sum256(b)
	parsedParams.Lock()
	p, ok := parsedParams.m[h]
	parsedParams.Unlock()
	if ok {
		return p, nil
	}
	p, err := predicate.ParseParams(b)
	if err != nil {
		return nil, err
	}
	parsedParams.Lock()
	if parsedParams.m == nil || len(parsedParams.m) >= maxParsedParams {
		parsedParams.m = map[[32]byte]*predicate.Params{}
	}
	parsedParams.m[h] = p
	parsedParams.Unlock()
	return p, nil
}

func paramsKey(stub shim.ChaincodeStubInterface, id string) (string, error) {
	return kindKey(stub, records.PredicateParams, id)
}

// checkParamsID returns an error unless id is a valid parameters ID.
func checkParamsID(id string) error {
	if !request.ValidIssuerID(id) {
		return fmt.Errorf("%w: predicate parameters ID %s does not match %s", base.ErrInvalidArgument, request.Excerpt(id), request.IssuerIDPattern)
	}
	return nil
}
