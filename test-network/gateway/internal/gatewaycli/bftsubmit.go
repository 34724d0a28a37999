// SPDX-License-Identifier: Apache-2.0

package gatewaycli

import (
	"fmt"
	"strings"

	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-protos-go-apiv2/gateway"
	"github.com/hyperledger/fabric-protos-go-apiv2/msp"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
	"google.golang.org/protobuf/proto"
)

// Under BFT ordering (Fabric v3) the peer's Gateway broadcasts a transaction
// to every orderer and reports Unavailable unless a quorum (3 of 4) accepts
// it. An orderer that has already delivered the block holding the
// transaction, because the leader ordered it from another orderer's copy
// first, answers "request already processed": a refusal although the
// transaction is ordered (see hyperledger/fabric#4415). It happens when an
// orderer lags a block interval behind, as on a loaded machine, and with one
// of four orderers down a single such answer fails the submit.

// alreadyProcessed is what a SmartBFT orderer answers for a transaction it
// has already ordered.
const alreadyProcessed = "request already processed"

// bftGateway and bftChannel are the connection and channel that submit uses
// to ask for the commit status of a transaction after such a submit error
// (set by run once connected).
var (
	bftGateway *client.Gateway
	bftChannel string
)

// orderedDespiteSubmitError reports whether err (a submit error: a gRPC
// status with the Gateway's error details) is the BFT quorum error in which
// every orderer that refused the transaction did so because it had already
// ordered it.
func orderedDespiteSubmitError(err error) bool {
	st, ok := status.FromError(err)
	if !ok || st.Code() != codes.Unavailable {
		return false
	}
	n := 0
	for _, d := range st.Details() {
		detail, ok := d.(*gateway.ErrorDetail)
		if !ok {
			continue
		}
		if !strings.Contains(detail.GetMessage(), alreadyProcessed) {
			return false
		}
		n++
	}
	return n > 0
}

// commitAfterSubmitError returns the commit of txn when its submit failed
// only because orderers had already ordered it (orderedDespiteSubmitError);
// the commit status then says whether it committed, and how. Any other
// error is returned as is.
func commitAfterSubmitError(txn *client.Transaction, submitErr error) (*client.Commit, error) {
	if bftGateway == nil || !orderedDespiteSubmitError(submitErr) {
		return nil, submitErr
	}
	id := bftGateway.Identity()
	creator, err := proto.Marshal(&msp.SerializedIdentity{Mspid: id.MspID(), IdBytes: id.Credentials()})
	if err != nil {
		return nil, fmt.Errorf("%w (and serializing the identity for its commit status: %v)", submitErr, err)
	}
	req, err := proto.Marshal(&gateway.CommitStatusRequest{
		TransactionId: txn.TransactionID(), ChannelId: bftChannel, Identity: creator,
	})
	if err != nil {
		return nil, fmt.Errorf("%w (and building its commit status request: %v)", submitErr, err)
	}
	signed, err := proto.Marshal(&gateway.SignedCommitStatusRequest{Request: req})
	if err != nil {
		return nil, fmt.Errorf("%w (and building its commit status request: %v)", submitErr, err)
	}
	commit, err := bftGateway.NewCommit(signed)
	if err != nil {
		return nil, fmt.Errorf("%w (and building its commit status request: %v)", submitErr, err)
	}
	return commit, nil
}
