// SPDX-License-Identifier: Apache-2.0

package soak

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

// A SmartBFT orderer that has already ordered a transaction refuses it again
// with "request already processed", and the Gateway reports Unavailable when
// no quorum accepts it (hyperledger/fabric#4415; bbs-gateway's bftsubmit.go
// does the same). A resubmitted signed transaction meets exactly that once
// its first copy is ordered: its commit status then says what happened.
const alreadyProcessed = "request already processed"

// orderedDespiteSubmitError reports whether err is the Gateway's Unavailable
// in which every orderer that refused the transaction had already ordered it.
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

// commitOf is the commit (status request) of transaction txID on channel
// through gw, as the identity of gw.
func commitOf(gw *client.Gateway, channel, txID string) (*client.Commit, error) {
	id := gw.Identity()
	creator, err := proto.Marshal(&msp.SerializedIdentity{Mspid: id.MspID(), IdBytes: id.Credentials()})
	if err != nil {
		return nil, fmt.Errorf("serializing the identity: %w", err)
	}
	req, err := proto.Marshal(&gateway.CommitStatusRequest{TransactionId: txID, ChannelId: channel, Identity: creator})
	if err != nil {
		return nil, err
	}
	signed, err := proto.Marshal(&gateway.SignedCommitStatusRequest{Request: req})
	if err != nil {
		return nil, err
	}
	return gw.NewCommit(signed)
}
