// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// SetIssuerEpoch publishes epoch as issuer id's current epoch: the first
// one, or one above the current. From the block that commits it, a proof
// under a policy's epoch rule must disclose an epoch of at least epoch
// minus the rule's grace. Only the owner may set it (see AdminAttribute),
// invoking the chaincode directly. The first epoch creates the record
// under a key of this transaction's generation, which the issuer record
// names (so it writes the issuer record too); every write sets the
// owner's key-level endorsement policy (records.Epoch).
// It emits event EpochRaised.
func (c *Contract) SetIssuerEpoch(ctx contractapi.TransactionContextInterface, id string, epoch int64) (*IssuerEpoch, error) {
	return revstate.SetEpoch(ctx, id, epoch)
}

// GetIssuerEpoch returns issuer id's current epoch (ErrNotFound if it has
// published none).
func (c *Contract) GetIssuerEpoch(ctx contractapi.TransactionContextInterface, id string) (*IssuerEpoch, error) {
	return revstate.GetEpoch(ctx, id)
}
