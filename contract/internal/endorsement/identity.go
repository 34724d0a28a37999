// SPDX-License-Identifier: Apache-2.0

package endorsement

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// NewOwner returns the submitter of a transaction that creates a record
// it will own (what names the record, as in `issuer "acme"`): the
// transaction must invoke bbs directly (see requireDirect), and the
// channel must have an endorsement configuration, which says the record's
// key-level endorsement policy (setOwnerEndorsement), checked here before
// anything is written.
func NewOwner(ctx contractapi.TransactionContextInterface, what string) (*base.Submitter, error) {
	if err := base.RequireDirect(ctx, what, nil); err != nil {
		return nil, err
	}
	if _, err := getEndorsementConfig(ctx.GetStub()); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return base.SubmitterOf(ctx)
}
