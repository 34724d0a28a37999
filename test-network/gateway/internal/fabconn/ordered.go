// SPDX-License-Identifier: Apache-2.0

package fabconn

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
// to every orderer and reports Unavailable unless a quorum accepts it. An
// orderer that has already delivered the block holding the transaction
// (because the leader ordered it from another orderer's copy first, or
// because it is a resubmitted copy of an ordered transaction) answers
// "request already processed": a refusal although the transaction is ordered
// (hyperledger/fabric#4415). Its commit status then says what happened.

// AlreadyProcessed is what a SmartBFT orderer answers for a transaction it
// has already ordered.
const AlreadyProcessed = "request already processed"

// OrderedDespiteSubmitError reports whether err (a submit error: a gRPC
// status with the Gateway's error details, possibly wrapped) is the BFT
// quorum error in which every orderer that refused the transaction did so
// because it had already ordered it.
func OrderedDespiteSubmitError(err error) bool {
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
		if !strings.Contains(detail.GetMessage(), AlreadyProcessed) {
			return false
		}
		n++
	}
	return n > 0
}

// CommitOf is the commit (a commit status request) of transaction txID on
// channel through gw, signed as gw's identity.
func CommitOf(gw *client.Gateway, channel, txID string) (*client.Commit, error) {
	id := gw.Identity()
	creator, err := proto.Marshal(&msp.SerializedIdentity{Mspid: id.MspID(), IdBytes: id.Credentials()})
	if err != nil {
		return nil, fmt.Errorf("serializing the identity: %w", err)
	}
	req, err := proto.Marshal(&gateway.CommitStatusRequest{TransactionId: txID, ChannelId: channel, Identity: creator})
	if err != nil {
		return nil, fmt.Errorf("building the commit status request: %w", err)
	}
	signed, err := proto.Marshal(&gateway.SignedCommitStatusRequest{Request: req})
	if err != nil {
		return nil, fmt.Errorf("building the commit status request: %w", err)
	}
	return gw.NewCommit(signed)
}
