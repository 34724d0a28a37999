// SPDX-License-Identifier: Apache-2.0

package gatewaycli

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/fabconn"
	"github.com/hyperledger/fabric-gateway/pkg/client"
)

// bftGateway and bftChannel are the connection and channel that submit uses
// to ask for the commit status of a transaction after a submit error that
// says the orderers had already ordered it (fabconn.OrderedDespiteSubmitError,
// hyperledger/fabric#4415; set by run once connected).
var (
	bftGateway *client.Gateway
	bftChannel string
)

// commitAfterSubmitError returns the commit of txn when its submit failed
// only because orderers had already ordered it; the commit status then says
// whether it committed, and how. Any other error is returned as is.
func commitAfterSubmitError(txn *client.Transaction, submitErr error) (*client.Commit, error) {
	if bftGateway == nil || !fabconn.OrderedDespiteSubmitError(submitErr) {
		return nil, submitErr
	}
	commit, err := fabconn.CommitOf(bftGateway, bftChannel, txn.TransactionID())
	if err != nil {
		return nil, fmt.Errorf("%w (and %v)", submitErr, err)
	}
	return commit, nil
}
