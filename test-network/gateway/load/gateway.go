package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"path/filepath"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/fabconn"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/load/engine"
	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-gateway/pkg/hash"
	"google.golang.org/grpc"
)

// maxMessage is the gRPC message limit both ways (a SubmitProofs argument
// of 32 requests is ~40 KiB; results are small).
const maxMessage = 16 << 20

// peerSpec is one org's gateway peer and where its identities live.
type peerSpec struct {
	org     int    // 1 or 2
	address string // 127.0.0.1:PORT
}

// checkLoopback refuses any peer address whose host is not 127.0.0.1:
// the tool loads only the local test network.
func checkLoopback(address string) error {
	host, _, err := net.SplitHostPort(address)
	if err != nil {
		return fmt.Errorf("peer address %q: %w", address, err)
	}
	if host != "127.0.0.1" {
		return fmt.Errorf("peer address %q: only 127.0.0.1 is allowed", address)
	}
	return nil
}

// gwClient is an engine.Client: one identity's Gateway connection.
type gwClient struct {
	name     string
	gw       *client.Gateway
	conn     *grpc.ClientConn
	contract *client.Contract
}

// dial connects user (User1, Admin, ...) of the peer's org through that peer.
func dial(orgDir string, p peerSpec, user, channel, chaincode string) (*gwClient, error) {
	domain := fmt.Sprintf("org%d.example.com", p.org)
	orgPath := filepath.Join(orgDir, "peerOrganizations", domain)
	conn, err := fabconn.Dial(p.address, filepath.Join(orgPath, "tlsca", "tlsca."+domain+"-cert.pem"), "", maxMessage, maxMessage)
	if err != nil {
		return nil, err
	}
	msp := filepath.Join(orgPath, "users", user+"@"+domain, "msp")
	mspID := fmt.Sprintf("Org%dMSP", p.org)
	c, err := newIdentityGateway(conn, mspID, msp)
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("%s of %s: %w", user, mspID, err)
	}
	return &gwClient{
		name:     fmt.Sprintf("%s/%s@%s", mspID, user, p.address),
		gw:       c,
		conn:     conn,
		contract: c.GetNetwork(channel).GetContract(chaincode),
	}, nil
}

func newIdentityGateway(conn *grpc.ClientConn, mspID, msp string) (*client.Gateway, error) {
	id, sign, err := fabconn.Signer(mspID, filepath.Join(msp, "signcerts"), filepath.Join(msp, "keystore"))
	if err != nil {
		return nil, err
	}
	return client.Connect(id, client.WithSign(sign), client.WithHash(hash.SHA256), client.WithClientConnection(conn))
}

func (c *gwClient) Close() {
	c.gw.Close()
	c.conn.Close()
}

func (c *gwClient) Name() string { return c.name }

func (c *gwClient) Propose(tx engine.Tx) (engine.Proposal, error) {
	p, err := c.contract.NewProposal(tx.Name, client.WithArguments(tx.Args...))
	if err != nil {
		return nil, err
	}
	return gwProposal{p}, nil
}

// stageError keeps the endorsing peers' messages of a Gateway error.
func stageError(stage string, err error) error {
	se := &engine.StageError{Stage: stage, Err: err}
	var te *client.TransactionError
	if errors.As(err, &te) {
		for _, d := range te.Details() {
			se.Details = append(se.Details, d.GetMessage())
		}
	}
	return se
}

type gwProposal struct{ p *client.Proposal }

func (p gwProposal) TxID() string { return p.p.TransactionID() }

func (p gwProposal) Endorse(ctx context.Context) (engine.Endorsed, error) {
	t, err := p.p.EndorseWithContext(ctx)
	if err != nil {
		return nil, stageError("endorse", err)
	}
	return gwTransaction{t}, nil
}

type gwTransaction struct{ t *client.Transaction }

func (t gwTransaction) Result() []byte { return t.t.Result() }

func (t gwTransaction) Submit(ctx context.Context) (engine.Pending, error) {
	c, err := t.t.SubmitWithContext(ctx)
	if err != nil {
		return nil, stageError("submit", err)
	}
	return gwCommit{c}, nil
}

type gwCommit struct{ c *client.Commit }

func (c gwCommit) Status(ctx context.Context) (string, uint64, error) {
	s, err := c.c.StatusWithContext(ctx)
	if err != nil {
		return "", 0, stageError("status", err)
	}
	return s.Code.String(), s.BlockNumber, nil
}
