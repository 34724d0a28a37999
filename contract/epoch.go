// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// epochObjectType is the object type of an issuer's epoch record.
const epochObjectType = "bbs.epoch" // [issuer ID] -> IssuerEpoch

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

// SetIssuerEpoch publishes epoch as issuer id's current epoch: the first
// one, or one above the current. From the block that commits it, a proof
// under a policy's epoch rule must disclose an epoch of at least epoch
// minus the rule's grace. Only the owner may set it (see AdminAttribute),
// invoking the chaincode directly; the first epoch's record gets the
// owner's key-level endorsement policy (the channel's endorsement
// configuration), which later raises keep.
// It emits event EpochRaised.
func (c *Contract) SetIssuerEpoch(ctx contractapi.TransactionContextInterface, id string, epoch int64) (_ *IssuerEpoch, err error) {
	defer coded(&err)
	if epoch < 0 || epoch > policy.MaxEpoch {
		return nil, fmt.Errorf("%w: epoch %d is outside 0..%d", ErrInvalidArgument, epoch, int64(policy.MaxEpoch))
	}
	if err := checkIssuerID(id); err != nil {
		return nil, err
	}
	what := fmt.Sprintf("the epoch of issuer %q", id)
	if err := requireDirect(ctx, what, nil); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	is, err := getIssuer(stub, id)
	if err != nil {
		return nil, err
	}
	if err := authorizeLiveChange(ctx, fmt.Sprintf("issuer %q", id), is.Owner, nil, is.Revoked, ErrRevoked); err != nil {
		return nil, err
	}
	current, err := getIssuerEpoch(stub, id)
	if err != nil && !isNotFound(err) {
		return nil, err
	}
	rec := &IssuerEpoch{Issuer: id, Epoch: epoch, Previous: -1, TxID: stub.GetTxID()}
	if current != nil {
		if epoch <= current.Epoch {
			return nil, fmt.Errorf("%w: %s is %d; an epoch only rises (give a number above %d)", ErrInvalidArgument, what, current.Epoch, current.Epoch)
		}
		rec.Previous = current.Epoch
	}
	if rec.UpdatedAt, err = txTime(stub); err != nil {
		return nil, err
	}
	key, err := epochKey(stub, id)
	if err != nil {
		return nil, err
	}
	if current == nil {
		// The first epoch gets the owner's key-level endorsement policy,
		// which later raises keep (as an issuer record does).
		err = putOwned(stub, key, what, rec, is.Owner.MSPID)
	} else {
		err = putRecord(stub, key, what, rec)
	}
	if err != nil {
		return nil, err
	}
	if err := emitJSON(stub, EventEpochRaised, rec); err != nil {
		return nil, err
	}
	return rec, nil
}

// GetIssuerEpoch returns issuer id's current epoch (ErrNotFound if it has
// published none).
func (c *Contract) GetIssuerEpoch(ctx contractapi.TransactionContextInterface, id string) (_ *IssuerEpoch, err error) {
	defer coded(&err)
	if err := checkIssuerID(id); err != nil {
		return nil, err
	}
	return getIssuerEpoch(ctx.GetStub(), id)
}

func epochKey(stub shim.ChaincodeStubInterface, id string) (string, error) {
	return compositeKey(stub, epochObjectType, id)
}

// getIssuerEpoch reads the epoch record of issuer id; ErrNotFound if none.
func getIssuerEpoch(stub shim.ChaincodeStubInterface, id string) (*IssuerEpoch, error) {
	key, err := epochKey(stub, id)
	if err != nil {
		return nil, err
	}
	var rec IssuerEpoch
	if err := getRecord(stub, key, fmt.Sprintf("the epoch of issuer %q", id), &rec); err != nil {
		return nil, err
	}
	return &rec, nil
}
