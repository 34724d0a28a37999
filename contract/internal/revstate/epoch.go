// SPDX-License-Identifier: Apache-2.0

package revstate

import (
	"errors"
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// EpochObjectType is the object type of an issuer's epoch record
// (records.Epoch).
const EpochObjectType = "bbs.epoch"

// EventEpochRaised is the chaincode event SetIssuerEpoch emits, with the
// new IssuerEpoch as JSON payload.
const EventEpochRaised = "EpochRaised"

// IssuerEpoch is an issuer's current epoch (revocation level 1, see
// docs/revocation.md): a policy's epoch rule accepts a credential whose
// disclosed epoch is at least this minus the policy's grace.
type IssuerEpoch struct {
	// Issuer is the issuer's ID.
	Issuer string `json:"issuer"`
	// Epoch is the current epoch, 0 to policy.MaxEpoch; it only rises.
	Epoch int64 `json:"epoch"`
	// Previous is the epoch it replaced, -1 for the first one published.
	Previous int64 `json:"previous"`
	// UpdatedAt is the timestamp of the transaction that set it.
	UpdatedAt time.Time `json:"updatedAt"`
	// TxID is the transaction that set it.
	TxID string `json:"txId"`
}

// SetEpoch is the SetIssuerEpoch transaction (see Contract.SetIssuerEpoch).
func SetEpoch(ctx contractapi.TransactionContextInterface, id string, epoch int64) (_ *IssuerEpoch, err error) {
	defer base.Coded(&err)
	if epoch < 0 || epoch > policy.MaxEpoch {
		return nil, fmt.Errorf("%w: epoch %d is outside 0..%d", base.ErrInvalidArgument, epoch, int64(policy.MaxEpoch))
	}
	if err := issuers.CheckIssuerID(id); err != nil {
		return nil, err
	}
	what := fmt.Sprintf("the epoch of issuer %q", id)
	if err := base.RequireDirect(ctx, what, nil); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	is, err := issuers.GetIssuer(stub, id)
	if err != nil {
		return nil, err
	}
	if err := base.AuthorizeLiveChange(ctx, fmt.Sprintf("issuer %q", id), is.Owner, nil, is.Revoked, base.ErrRevoked); err != nil {
		return nil, err
	}
	current, err := EpochOf(stub, is)
	if err != nil && !errors.Is(err, base.ErrNotFound) {
		if !errors.Is(err, records.ErrUntrusted) || is.Directory() != nil {
			return nil, err
		}
		// A legacy issuer's old key that is not believed (created around
		// the contract): route around it, to a key of this generation.
		current = nil
	}
	rec := &IssuerEpoch{Issuer: id, Epoch: epoch, Previous: -1, TxID: stub.GetTxID()}
	if current != nil {
		if epoch <= current.Epoch {
			return nil, fmt.Errorf("%w: %s is %d; an epoch only rises (give a number above %d)", base.ErrInvalidArgument, what, current.Epoch, current.Epoch)
		}
		rec.Previous = current.Epoch
	}
	if rec.UpdatedAt, err = base.TxTime(stub); err != nil {
		return nil, err
	}
	if current == nil {
		// The first epoch: a key of this transaction's generation, which
		// the issuer record names (written in the same transaction).
		if err := issuers.AnchorChild(stub, is, func(r *issuers.IssuerRecords) { r.Epoch = rec.TxID }); err != nil {
			return nil, err
		}
	}
	key, err := epochKey(stub, is)
	if err != nil {
		return nil, err
	}
	// Every write sets the owner's key-level policy.
	if err := records.PutJSON(records.Epoch, stub, key, is.Owner.MSPID, rec); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if err := base.EmitJSON(stub, EventEpochRaised, rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// GetEpoch is the GetIssuerEpoch transaction (see Contract.GetIssuerEpoch).
func GetEpoch(ctx contractapi.TransactionContextInterface, id string) (_ *IssuerEpoch, err error) {
	defer base.Coded(&err)
	if err := issuers.CheckIssuerID(id); err != nil {
		return nil, err
	}
	return getIssuerEpoch(ctx.GetStub(), id)
}

// epochKey is the key of issuer is's epoch record: the legacy key [issuer
// ID] for an issuer registered before 0.3.0 (no directory, or generation
// "legacy"), else [issuer ID, generation]; "" if the directory names none.
func epochKey(stub shim.ChaincodeStubInterface, is *issuers.Issuer) (string, error) {
	if is.Directory() == nil || is.Directory().Epoch == issuers.LegacyGeneration {
		return records.Epoch.Key(stub, is.ID)
	}
	if is.Directory().Epoch == "" {
		return "", nil
	}
	return records.Epoch.Key(stub, is.ID, is.Directory().Epoch)
}

// getIssuerEpoch reads the epoch record of issuer id; ErrNotFound if none.
func getIssuerEpoch(stub shim.ChaincodeStubInterface, id string) (*IssuerEpoch, error) {
	is, err := issuers.GetIssuer(stub, id)
	if err != nil {
		return nil, err
	}
	return EpochOf(stub, is)
}

// EpochOf reads issuer is's epoch record through the records layer:
// ErrNotFound if it has published none; an error wrapping
// records.ErrUntrusted if the record its directory names is missing or
// does not carry its owner's key-level policy, or if a legacy issuer's
// record does not (never "none": a missing epoch accepts every epoch).
func EpochOf(stub shim.ChaincodeStubInterface, is *issuers.Issuer) (*IssuerEpoch, error) {
	what := fmt.Sprintf("the epoch of issuer %q", is.ID)
	key, err := epochKey(stub, is)
	if err != nil {
		return nil, err
	}
	if key == "" {
		return nil, fmt.Errorf("%s: %w", what, base.ErrNotFound)
	}
	var rec IssuerEpoch
	if err := issuers.GetNamedChild(stub, records.Epoch, is, key, what, &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}
