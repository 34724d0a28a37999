// SPDX-License-Identifier: Apache-2.0

package gatewaycli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
)

// A gateway's commit status is its own peer's: another peer that the
// gateway then asks to endorse (or evaluate) may not have committed the
// block yet, and answers from its older state (a RegisterIssuer it has not
// seen is BBS_NOT_FOUND). flow's -wait-peer waits, after a submit, until
// each named peer has committed the submit's block.
//
// The wait needs no polling: a peer's Deliver service hands out a block
// only after the peer committed the block's writes to its state database.
// Fabric's kvledger (core/ledger/kvledger/kv_ledger.go, v2.5 and v3.1)
// holds blockAPIsRWLock from the block store write through txmgr.Commit,
// and its blocks iterator, which Deliver reads, takes that lock after each
// block before returning it ("syncpoint").

// waitPeer is one -wait-peer value: host:port=TLS-CA-file[=server-name].
type waitPeer struct{ addr, tlsCA, serverName string }

// waitPeers is the repeatable -wait-peer flag.
type waitPeers []waitPeer

func (w *waitPeers) String() string {
	if w == nil {
		return ""
	}
	s := make([]string, len(*w))
	for i, p := range *w {
		s[i] = p.addr
	}
	return strings.Join(s, ",")
}

func (w *waitPeers) Set(v string) error {
	f := strings.Split(v, "=")
	if len(f) < 2 || len(f) > 3 || f[0] == "" || f[1] == "" || (len(f) == 3 && f[2] == "") {
		return fmt.Errorf("%q: want host:port=TLS-CA-file or host:port=TLS-CA-file=server-name", v)
	}
	p := waitPeer{addr: f[0], tlsCA: f[1]}
	if len(f) == 3 {
		p.serverName = f[2]
	}
	*w = append(*w, p)
	return nil
}

// awaitBlock returns when blocks delivers block want or a later one; an
// error if the stream closes first or ctx ends.
func awaitBlock(ctx context.Context, blocks <-chan *peer.FilteredBlock, want uint64) error {
	for {
		select {
		case b, ok := <-blocks:
			if !ok {
				if err := ctx.Err(); err != nil {
					return err
				}
				return errors.New("the block stream closed")
			}
			if b.GetNumber() >= want {
				return nil
			}
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// waitCommitted returns when every peer of peers has committed block, read
// from each peer's own Deliver service (filtered blocks, as the client
// identity of o), within timeout for all of them.
func waitCommitted(o *options, peers waitPeers, block uint64, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	for _, p := range peers {
		po := *o
		po.peer, po.tlsCA, po.serverName = p.addr, p.tlsCA, p.serverName
		gw, closeFn, err := connect(&po)
		if err != nil {
			return fmt.Errorf("%s: %w", p.addr, err)
		}
		blocks, err := gw.GetNetwork(o.channel).FilteredBlockEvents(ctx, client.WithStartBlock(block))
		if err == nil {
			err = awaitBlock(ctx, blocks, block)
		}
		closeFn()
		if err != nil {
			return fmt.Errorf("%s has not delivered block %d: %w", p.addr, block, err)
		}
	}
	return nil
}
