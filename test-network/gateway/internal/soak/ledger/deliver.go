// SPDX-License-Identifier: Apache-2.0

package ledger

import (
	"context"
	"fmt"

	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-protos-go-apiv2/common"
	"google.golang.org/protobuf/proto"
)

// Height asks the peer the network is connected to for the channel's
// ledger height (qscc GetChainInfo, evaluated by that peer's own org only).
func Height(ctx context.Context, network *client.Network, mspID string) (uint64, error) {
	b, err := network.GetContract("qscc").EvaluateWithContext(ctx, "GetChainInfo",
		client.WithArguments(network.Name()), client.WithEndorsingOrganizations(mspID))
	if err != nil {
		return 0, fmt.Errorf("qscc GetChainInfo: %w", err)
	}
	info := &common.BlockchainInfo{}
	if err := proto.Unmarshal(b, info); err != nil {
		return 0, fmt.Errorf("qscc GetChainInfo: %w", err)
	}
	return info.GetHeight(), nil
}

// Read delivers blocks 0 .. height-1 from the peer the network is
// connected to (its Deliver service, so the blocks are that peer's ledger)
// and returns their endorser transactions in commit order, with their
// writes in namespace ns (and in the namespaces also, in Tx.Also).
func Read(ctx context.Context, network *client.Network, height uint64, ns string, also ...string) ([]Tx, error) {
	if height == 0 {
		return nil, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	blocks, err := network.BlockEvents(ctx, client.WithStartBlock(0))
	if err != nil {
		return nil, fmt.Errorf("block events: %w", err)
	}
	var out []Tx
	for want := uint64(0); want < height; want++ {
		b, ok := <-blocks
		if !ok {
			if ctx.Err() != nil {
				return nil, fmt.Errorf("block %d: %w", want, ctx.Err())
			}
			return nil, fmt.Errorf("block %d: the peer closed the block stream", want)
		}
		if n := b.GetHeader().GetNumber(); n != want {
			return nil, fmt.Errorf("block %d delivered where block %d was expected", n, want)
		}
		txs, err := BlockTxs(b, ns, also...)
		if err != nil {
			return nil, err
		}
		out = append(out, txs...)
	}
	return out, nil
}
