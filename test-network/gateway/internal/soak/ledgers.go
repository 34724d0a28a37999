// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
	"github.com/hyperledger/fabric-gateway/pkg/client"
)

// peerClients are the first client of each peer (one per org).
func peerClients(clients []*gwclient.Client, o *options) []*gwclient.Client {
	return []*gwclient.Client{clients[0], clients[len(o.Users)]}
}

// readLedgers waits (up to two minutes) until both peers have the same,
// stable ledger height, then reads every block from each, with the writes
// in the namespaces also (the poll chaincode's) beside bbs's.
func readLedgers(ctx context.Context, clients []*gwclient.Client, o *options, also ...string) ([]account.Peer, []uint64, error) {
	pcs := peerClients(clients, o)
	heights := make([]uint64, len(pcs))
	deadline := time.Now().Add(2 * time.Minute)
	var prev []uint64
	for {
		for i, c := range pcs {
			hctx, cancel := context.WithTimeout(ctx, o.timeout)
			h, err := ledger.Height(hctx, c.Network(), c.MSPID())
			cancel()
			if err != nil {
				heights[i] = 0
			} else {
				heights[i] = h
			}
		}
		same := heights[0] > 0 && heights[0] == heights[1]
		if same && prev != nil && prev[0] == heights[0] {
			break
		}
		if time.Now().After(deadline) || ctx.Err() != nil {
			return nil, heights, fmt.Errorf("the peers' ledgers did not reach one stable height: %v", heights)
		}
		if same {
			prev = append([]uint64(nil), heights...)
		} else {
			prev = nil
		}
		time.Sleep(2 * time.Second)
	}
	var peers []account.Peer
	for i, c := range pcs {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Minute)
		txs, err := ledger.Read(rctx, c.Network(), heights[i], o.Chaincode, also...)
		cancel()
		if err != nil {
			return nil, heights, fmt.Errorf("reading the ledger of %s: %w", o.Peers[i].Address, err)
		}
		peers = append(peers, account.Peer{Name: fmt.Sprintf("peer0.org%d", i+1), Txs: txs})
	}
	return peers, heights, nil
}

// crossCheck is the comparison of a sample of ledger records with what
// the chaincode answers (GetVerification) on each peer.
type crossCheck struct {
	Checked  int      `json:"checked"`
	Problems []string `json:"problems,omitempty"`
}

// checkSample asks each peer (its own org's endorsement only) for the
// verification record of a sample of recorded requests and of rejected
// requests' transactions, and compares the answers with the ledger's.
func checkSample(ctx context.Context, clients []*gwclient.Client, o *options, p *plan, recorded map[string]string) crossCheck {
	var cc crossCheck
	var valid, rejected []int
	for i, r := range p.reqs {
		// Single records only (a batch's are "<txID>#i"); requests that may
		// not be recorded only when they are never (old-key may be).
		if !account.IsBatch(r.Class) && lineClasses[r.Class] && recorded[r.Group] != "" {
			valid = append(valid, i)
		} else if !lineClasses[r.Class] && len(r.Sent) > 0 {
			rejected = append(rejected, i)
		}
	}
	pick := func(list []int, n int) []int {
		if len(list) <= n {
			return list
		}
		out := make([]int, 0, n)
		for k := 0; k < n; k++ {
			out = append(out, list[k*len(list)/n])
		}
		return out
	}
	for _, c := range peerClients(clients, o) {
		for _, i := range pick(valid, o.sample) {
			r := p.reqs[i]
			txID := recorded[r.Group]
			b, err := getVerification(ctx, c, o, txID)
			cc.Checked++
			if err != nil {
				cc.Problems = append(cc.Problems, fmt.Sprintf("%s: GetVerification(%s) of %s: %v", c.Name(), txID, r.Group, err))
				continue
			}
			var v struct {
				TxID      string `json:"txId"`
				KeySHA256 string `json:"keySha256"`
				Nonce     string `json:"nonce"`
			}
			if err := json.Unmarshal(b, &v); err != nil || v.TxID != txID || v.KeySHA256 != r.KeySHA256 || account.NonceSHA256(v.Nonce) != r.NonceSHA256 {
				cc.Problems = append(cc.Problems, fmt.Sprintf("%s: GetVerification(%s) of %s answers %.200s", c.Name(), txID, r.Group, b))
			}
		}
		for _, race := range sortedRaces(p) {
			cc.Checked++
			if msg := checkNymUses(ctx, c, o, p, race, recorded); msg != "" {
				cc.Problems = append(cc.Problems, c.Name()+": "+msg)
			}
		}
		for _, i := range pick(rejected, max(1, o.sample/4)) {
			r := p.reqs[i]
			txID := r.Sent[0].TxID
			_, err := getVerification(ctx, c, o, txID)
			cc.Checked++
			if err == nil {
				cc.Problems = append(cc.Problems, fmt.Sprintf("%s: GetVerification(%s) of %s request %s finds a record", c.Name(), txID, r.Class, r.Group))
			}
		}
	}
	return cc
}

func getVerification(ctx context.Context, c *gwclient.Client, o *options, txID string) ([]byte, error) {
	cctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	return c.Contract().EvaluateWithContext(cctx, "GetVerification", client.WithArguments(txID),
		client.WithEndorsingOrganizations(c.MSPID()))
}

// sortedRaces are the pseudonym races of the plan with a sent request, in
// name order.
func sortedRaces(p *plan) []string {
	seen := map[string]bool{}
	var out []string
	for i, r := range p.reqs {
		if r.Race != "" && !p.unsent[i] && !seen[r.Race] {
			seen[r.Race] = true
			out = append(out, r.Race)
		}
	}
	sort.Strings(out)
	return out
}

// checkNymUses asks the peer of c for the uses of a race's pseudonym in
// its context (GetPseudonymUses): there must be one, by the transaction
// that recorded the race's one recorded request. It returns the problem
// ("" if none).
func checkNymUses(ctx context.Context, c *gwclient.Client, o *options, p *plan, race string, recorded map[string]string) string {
	want := ""
	for i, r := range p.reqs {
		if r.Race == race && !p.unsent[i] && recorded[r.Group] != "" {
			want = recorded[r.Group]
		}
	}
	cctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	b, err := c.Contract().EvaluateWithContext(cctx, "GetPseudonymUses", client.WithArguments(nymUsesArgs(p, race)...),
		client.WithEndorsingOrganizations(c.MSPID()))
	if err != nil {
		return fmt.Sprintf("GetPseudonymUses of race %s: %v", race, err)
	}
	return nymUsesProblem(race, b, want)
}

// nymUsesArgs are GetPseudonymUses's arguments for a race: its context
// and its pseudonym (base64).
func nymUsesArgs(p *plan, race string) []string {
	nc := p.nyms[race] // pseudonym, context
	return []string{nc[1], nc[0]}
}

// nymUsesProblem checks a GetPseudonymUses answer b: one use, sequence
// 1, by transaction want.
func nymUsesProblem(race string, b []byte, want string) string {
	var u struct {
		Uses []struct {
			TxID     string `json:"txId"`
			Sequence int    `json:"sequence"`
		} `json:"uses"`
		Count int  `json:"count"`
		More  bool `json:"more"`
	}
	if err := json.Unmarshal(b, &u); err != nil || u.Count != 1 || len(u.Uses) != 1 || u.More ||
		u.Uses[0].TxID != want || u.Uses[0].Sequence != 1 || want == "" {
		return fmt.Sprintf("GetPseudonymUses of race %s answers %.300s, want one use by %q", race, b, want)
	}
	return ""
}
