// SPDX-License-Identifier: Apache-2.0

// Package gwclient is the Fabric Gateway adapter of the load engine: an
// engine.Client per identity and peer of the local test network (127.0.0.1
// only). bbs-load and bbs-soak share it.
package gwclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/fabconn"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-gateway/pkg/hash"
	"github.com/hyperledger/fabric-gateway/pkg/identity"
	"google.golang.org/grpc"
)

// maxMessage is the gRPC message limit both ways (a SubmitProofs argument
// of 32 requests is ~40 KiB; results are small).
const maxMessage = 16 << 20

// Peer is one org's gateway peer.
type Peer struct {
	Org     int    // 1 or 2
	Address string // 127.0.0.1:PORT
}

// CheckLoopback refuses any peer address whose host is neither 127.0.0.1
// nor one of the local test network's peer names peer0.org1.example.com
// and peer0.org2.example.com (NETNS=1 puts each org in a network namespace
// of its own and names its peer so; example.com is reserved for
// documentation, so only that network's hosts file resolves them): the
// tools load only the local test network.
func CheckLoopback(address string) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("peer address %q: %w", address, err)
	}
	switch host {
	case "127.0.0.1", "peer0.org1.example.com", "peer0.org2.example.com":
		return nil
	}
	return fmt.Errorf("peer address %q: only 127.0.0.1 (or the test network's peer0.org1.example.com, peer0.org2.example.com) is allowed", address)
}

// Client is an engine.Client: one identity's Gateway connection.
type Client struct {
	name     string
	mspID    string
	gw       *client.Gateway
	conn     *grpc.ClientConn
	sign     identity.Sign
	network  *client.Network
	contract *client.Contract
}

// Dial connects user (User1, Admin, ...) of the peer's org through that
// peer, for chaincode on channel. The peer's host must pass CheckLoopback.
func Dial(orgDir string, p Peer, user, channel, chaincode string) (*Client, error) {
	if err := CheckLoopback(p.Address); err != nil {
		return nil, err
	}
	domain := fmt.Sprintf("org%d.example.com", p.Org)
	orgPath := filepath.Join(orgDir, "peerOrganizations", domain)
	conn, err := fabconn.Dial(p.Address, filepath.Join(orgPath, "tlsca", "tlsca."+domain+"-cert.pem"), "", maxMessage, maxMessage)
	if err != nil {
		return nil, err
	}
	msp := filepath.Join(orgPath, "users", user+"@"+domain, "msp")
	mspID := fmt.Sprintf("Org%dMSP", p.Org)
	id, sign, err := fabconn.Signer(mspID, filepath.Join(msp, "signcerts"), filepath.Join(msp, "keystore"))
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("%s of %s: %w", user, mspID, err)
	}
	gw, err := client.Connect(id, client.WithSign(sign), client.WithHash(hash.SHA256), client.WithClientConnection(conn))
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("%s of %s: %w", user, mspID, err)
	}
	network := gw.GetNetwork(channel)
	return &Client{
		name:     fmt.Sprintf("%s/%s@%s", mspID, user, p.Address),
		mspID:    mspID,
		gw:       gw,
		conn:     conn,
		sign:     sign,
		network:  network,
		contract: network.GetContract(chaincode),
	}, nil
}

// Close closes the Gateway and its connection.
func (c *Client) Close() {
	c.gw.Close()
	c.conn.Close()
}

// Name identifies the client: "Org1MSP/User1@127.0.0.1:7051".
func (c *Client) Name() string { return c.name }

// MSPID is the client identity's MSP.
func (c *Client) MSPID() string { return c.mspID }

// Gateway is the client's Fabric Gateway (for NewSignedTransaction, ...).
func (c *Client) Gateway() *client.Gateway { return c.gw }

// Network is the client's channel.
func (c *Client) Network() *client.Network { return c.network }

// Contract is the chaincode the client was dialled for.
func (c *Client) Contract() *client.Contract { return c.contract }

// Sign signs a digest as the client identity (a transaction's Digest,
// to keep a signed transaction and submit it again).
func (c *Client) Sign(digest []byte) ([]byte, error) { return c.sign(digest) }

// Propose builds and signs the proposal of tx.
func (c *Client) Propose(tx engine.Tx) (engine.Proposal, error) {
	contract := c.contract
	if tx.Chaincode != "" {
		contract = c.network.GetContract(tx.Chaincode)
	}
	p, err := contract.NewProposal(tx.Name, client.WithArguments(tx.Args...))
	if err != nil {
		return nil, err
	}
	return gwProposal{p: p, c: c}, nil
}

// StageError wraps err as an engine.StageError, keeping the endorsing peers' messages of a Gateway error.
func StageError(stage string, err error) error {
	se := &engine.StageError{Stage: stage, Err: err}
	var te *client.TransactionError
	if errors.As(err, &te) {
		for _, d := range te.Details() {
			se.Details = append(se.Details, d.GetMessage())
		}
	}
	return se
}

type gwProposal struct {
	p *client.Proposal
	c *Client
}

func (p gwProposal) TxID() string { return p.p.TransactionID() }

func (p gwProposal) Endorse(ctx context.Context) (engine.Endorsed, error) {
	t, err := p.p.EndorseWithContext(ctx)
	if err != nil {
		return nil, StageError("endorse", err)
	}
	return gwTransaction{t: t, c: p.c}, nil
}

type gwTransaction struct {
	t *client.Transaction
	c *Client
}

func (t gwTransaction) Result() []byte { return t.t.Result() }

func (t gwTransaction) Submit(ctx context.Context) (engine.Pending, error) {
	c, err := t.t.SubmitWithContext(ctx)
	if err != nil && t.c != nil && fabconn.OrderedDespiteSubmitError(err) {
		// BFT: every orderer that refused said "request already processed":
		// it has delivered a block holding this transaction, so it is
		// ordered, and a retry could only be refused the same way (see
		// fabconn). Its commit status says what happened to it.
		if commit, cerr := fabconn.CommitOf(t.c.gw, t.c.network.Name(), t.t.TransactionID()); cerr == nil {
			return gwCommit{commit}, nil
		}
	}
	if err != nil {
		return nil, StageError("submit", err)
	}
	return gwCommit{c}, nil
}

type gwCommit struct{ c *client.Commit }

func (c gwCommit) Status(ctx context.Context) (string, uint64, error) {
	s, err := c.c.StatusWithContext(ctx)
	if err != nil {
		return "", 0, StageError("status", err)
	}
	return s.Code.String(), s.BlockNumber, nil
}
