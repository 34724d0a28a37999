// SPDX-License-Identifier: Apache-2.0

// Package gatewaycli is bbs-gateway (cmd/bbs-gateway): it talks to the fabric-bbs chaincode through the Fabric
// Gateway (github.com/hyperledger/fabric-gateway), as an application would.
// It is independent of the fabric-bbs Go packages: it only sends the
// contract's string and JSON arguments.
//
//	bbs-gateway [connection flags] evaluate TX [ARG...]   evaluate a read-only transaction
//	bbs-gateway [connection flags] submit TX [ARG...]     submit, wait for commit, print the result
//	                                                      (-endorsing-orgs: only those orgs' peers endorse)
//	bbs-gateway [connection flags] endorse TX [ARG...]    collect the endorsements the gateway's plan asks
//	                                                      for, without submitting (nothing is written)
//	bbs-gateway [connection flags] flow [flow flags]      register an issuer, VerifyProof,
//	                                                      SubmitProof + ProofVerified event, GetVerification
//	                                                      (-wait-peer: first wait for those peers' commit)
//	bbs-gateway [connection flags] events [-start-block N] [-count N] [-timeout D]
//
// An argument "@FILE" is replaced by the contents of FILE (e.g. @request.json).
// Results go to standard output; progress and errors to standard error.
// Exit status: 0 success, 1 the transaction or connection failed, 2 usage.
//
// gRPC message sizes are set explicitly (-max-recv-bytes, -max-send-bytes;
// 16 MiB each by default) rather than left at grpc-go's 4 MiB receive limit,
// so that a large evaluate result (GetVerification of a record with many
// disclosed messages) is not cut off by the client.
package gatewaycli

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/fabconn"
	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-gateway/pkg/hash"
)

// eventName is the chaincode event that SubmitProof emits.
const eventName = "ProofVerified"

// defaultMaxMsgBytes is the default gRPC receive and send limit: above the
// contract's 1 MiB argument limit times the copies a response can carry.
const defaultMaxMsgBytes = 16 << 20

type options struct {
	peer       string
	serverName string
	tlsCA      string
	mspID      string
	mspDir     string
	cert       string
	key        string
	channel    string
	chaincode  string
	timeout    time.Duration
	jsonOut    bool
	maxRecv    int
	maxSend    int
	endorsers  string
}

// Main runs bbs-gateway with the process's arguments and standard streams
// and returns its exit status.
func Main() int {
	return run(os.Args[1:], os.Stdout, os.Stderr)
}

func run(args []string, stdout, stderr io.Writer) int {
	var o options
	fs := flag.NewFlagSet("bbs-gateway", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&o.peer, "peer", "127.0.0.1:7051", "gateway peer `host:port`")
	fs.StringVar(&o.serverName, "server-name", "", "TLS server name to verify, if not the -peer host")
	fs.StringVar(&o.tlsCA, "tls-ca", "", "PEM `file` of the peer's TLS CA (required)")
	fs.StringVar(&o.mspID, "msp", "Org1MSP", "MSP `ID` of the client identity")
	fs.StringVar(&o.mspDir, "user", "", "a user's MSP `dir` (…/users/User1@org1.example.com/msp): sets -cert to DIR/signcerts and -key to DIR/keystore")
	fs.StringVar(&o.cert, "cert", "", "client certificate: a PEM `file`, or a dir holding one (signcerts)")
	fs.StringVar(&o.key, "key", "", "client private key: a PEM `file`, or a dir holding one (keystore)")
	fs.StringVar(&o.channel, "channel", "mychannel", "channel `name`")
	fs.StringVar(&o.chaincode, "chaincode", "bbs", "chaincode `name`")
	fs.DurationVar(&o.timeout, "timeout", 60*time.Second, "timeout of each gateway call")
	fs.BoolVar(&o.jsonOut, "json", false, "submit: print {txId, block, status, latencyMs, result} as JSON")
	fs.IntVar(&o.maxRecv, "max-recv-bytes", defaultMaxMsgBytes, "largest gRPC message the client accepts")
	fs.IntVar(&o.maxSend, "max-send-bytes", defaultMaxMsgBytes, "largest gRPC message the client sends")
	fs.StringVar(&o.endorsers, "endorsing-orgs", "", "submit, flow: comma-separated MSP `IDs` whose peers alone endorse (default: the gateway's plan from discovery)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: bbs-gateway [flags] evaluate|submit|endorse TX [ARG...] | flow [flow flags] | events [flags]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return 2
	}
	if o.mspDir != "" {
		if o.cert == "" {
			o.cert = filepath.Join(o.mspDir, "signcerts")
		}
		if o.key == "" {
			o.key = filepath.Join(o.mspDir, "keystore")
		}
	}
	if o.tlsCA == "" || o.cert == "" || o.key == "" {
		fmt.Fprintln(stderr, "bbs-gateway: -tls-ca and either -user or -cert and -key are required")
		return 2
	}
	if o.maxRecv <= 0 || o.maxSend <= 0 {
		fmt.Fprintln(stderr, "bbs-gateway: -max-recv-bytes and -max-send-bytes must be positive")
		return 2
	}

	cmd, rest := fs.Arg(0), fs.Args()[1:]
	gw, closeFn, err := connect(&o)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway: %v\n", err)
		return 1
	}
	defer closeFn()
	bftGateway, bftChannel = gw, o.channel // for BFT submit errors (bftsubmit.go)
	network := gw.GetNetwork(o.channel)
	contract := network.GetContract(o.chaincode)

	switch cmd {
	case "evaluate", "submit", "endorse":
		if len(rest) == 0 {
			fmt.Fprintf(stderr, "bbs-gateway: %s needs a transaction name\n", cmd)
			return 2
		}
		txArgs, err := expandArgs(rest[1:])
		if err != nil {
			fmt.Fprintf(stderr, "bbs-gateway: %v\n", err)
			return 2
		}
		if cmd == "endorse" {
			if err := endorseOnly(contract, rest[0], txArgs, endorsingOrgs(o.endorsers)); err != nil {
				fmt.Fprintf(stderr, "bbs-gateway: endorse %s: %v\n", rest[0], err)
				return 1
			}
			fmt.Fprintf(stderr, "bbs-gateway: %s endorsed as the policies require (not submitted)\n", rest[0])
			return 0
		}
		if cmd == "evaluate" {
			result, err := contract.Evaluate(rest[0], client.WithArguments(txArgs...))
			if err != nil {
				fmt.Fprintf(stderr, "bbs-gateway: evaluate %s: %v\n", rest[0], err)
				return 1
			}
			fmt.Fprintln(stdout, string(result))
			return 0
		}
		res, err := submit(contract, rest[0], txArgs, endorsingOrgs(o.endorsers)...)
		if err != nil {
			fmt.Fprintf(stderr, "bbs-gateway: submit %s: %v\n", rest[0], err)
			return 1
		}
		fmt.Fprintf(stderr, "bbs-gateway: %s committed: tx %s, block %d, %s, %d ms\n",
			rest[0], res.TxID, res.Block, res.Status, res.LatencyMs)
		if o.jsonOut {
			return printJSON(stdout, stderr, res)
		}
		fmt.Fprintln(stdout, string(res.Result))
		return 0
	case "flow":
		return flow(&o, network, contract, endorsingOrgs(o.endorsers), rest, stdout, stderr)
	case "events":
		return events(network, o.chaincode, rest, stdout, stderr)
	default:
		fmt.Fprintf(stderr, "bbs-gateway: unknown command %q\n", cmd)
		fs.Usage()
		return 2
	}
}

// connect opens a TLS gRPC connection to the peer and a Gateway with the
// client identity.
func connect(o *options) (*client.Gateway, func(), error) {
	conn, err := fabconn.Dial(o.peer, o.tlsCA, o.serverName, o.maxRecv, o.maxSend)
	if err != nil {
		return nil, nil, err
	}
	id, sign, err := fabconn.Signer(o.mspID, o.cert, o.key)
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	gw, err := client.Connect(id,
		client.WithSign(sign),
		client.WithHash(hash.SHA256),
		client.WithClientConnection(conn),
		client.WithEvaluateTimeout(o.timeout),
		client.WithEndorseTimeout(o.timeout),
		client.WithSubmitTimeout(o.timeout),
		client.WithCommitStatusTimeout(o.timeout),
	)
	if err != nil {
		conn.Close()
		return nil, nil, err
	}
	return gw, func() { gw.Close(); conn.Close() }, nil
}

// expandArgs replaces each "@FILE" argument by the file's contents.
func expandArgs(args []string) ([]string, error) {
	out := make([]string, len(args))
	for i, a := range args {
		if strings.HasPrefix(a, "@") && len(a) > 1 {
			b, err := os.ReadFile(a[1:])
			if err != nil {
				return nil, err
			}
			out[i] = strings.TrimRight(string(b), "\r\n")
			continue
		}
		out[i] = a
	}
	return out, nil
}

// submitResult is what a committed submit reports.
type submitResult struct {
	TxID      string          `json:"txId"`
	Block     uint64          `json:"block"`
	Status    string          `json:"status"`
	LatencyMs int64           `json:"latencyMs"`
	Result    json.RawMessage `json:"result,omitempty"`
}

// endorsingOrgs splits the -endorsing-orgs flag.
func endorsingOrgs(flagValue string) []string {
	var orgs []string
	for _, o := range strings.Split(flagValue, ",") {
		if o = strings.TrimSpace(o); o != "" {
			orgs = append(orgs, o)
		}
	}
	return orgs
}

// endorseOnly runs the gateway's endorsement of a transaction (its plan
// from discovery, or orgs) and drops the endorsed transaction: a check that
// the gateway can reach every peer the policies need.
func endorseOnly(contract *client.Contract, tx string, args []string, orgs []string) error {
	opts := []client.ProposalOption{client.WithArguments(args...)}
	if len(orgs) > 0 {
		opts = append(opts, client.WithEndorsingOrganizations(orgs...))
	}
	proposal, err := contract.NewProposal(tx, opts...)
	if err != nil {
		return err
	}
	_, err = proposal.Endorse()
	return err
}

// submit endorses, orders and waits for the commit of one transaction.
// With orgs, only peers of those organisations endorse it (the gateway
// does not add endorsers the policies would ask for). A transaction that
// commits invalid is an error.
func submit(contract *client.Contract, tx string, args []string, orgs ...string) (*submitResult, error) {
	start := time.Now()
	opts := []client.ProposalOption{client.WithArguments(args...)}
	if len(orgs) > 0 {
		opts = append(opts, client.WithEndorsingOrganizations(orgs...))
	}
	proposal, err := contract.NewProposal(tx, opts...)
	if err != nil {
		return nil, err
	}
	transaction, err := proposal.Endorse()
	if err != nil {
		return nil, err
	}
	commit, err := transaction.Submit()
	if err != nil {
		// BFT: refused only as "already processed" means ordered (bftsubmit.go)
		if commit, err = commitAfterSubmitError(transaction, err); err != nil {
			return nil, err
		}
	}
	status, err := commit.Status()
	if err != nil {
		return nil, err
	}
	res := &submitResult{
		TxID:      status.TransactionID,
		Block:     status.BlockNumber,
		Status:    status.Code.String(),
		LatencyMs: time.Since(start).Milliseconds(),
		Result:    rawJSON(transaction.Result()),
	}
	if !status.Successful {
		return res, fmt.Errorf("transaction %s committed with status %s in block %d", res.TxID, res.Status, res.Block)
	}
	return res, nil
}

// rawJSON keeps a JSON result as is and quotes anything else.
func rawJSON(b []byte) json.RawMessage {
	if len(b) == 0 {
		return nil
	}
	if json.Valid(b) {
		return b
	}
	q, _ := json.Marshal(string(b))
	return q
}

func printJSON(stdout, stderr io.Writer, v any) int {
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintf(stderr, "bbs-gateway: %v\n", err)
		return 1
	}
	return 0
}

// flowReport is the JSON that "flow" prints.
type flowReport struct {
	Issuer     string        `json:"issuer"`
	Registered *submitResult `json:"registered,omitempty"`
	// CommittedOn lists the -wait-peer peers that had committed
	// RegisterIssuer's block before VerifyProof.
	CommittedOn  []string        `json:"committedOn,omitempty"`
	Verify       json.RawMessage `json:"verifyProof"`
	Submit       *submitResult   `json:"submitProof"`
	Event        *eventReport    `json:"event"`
	Verification json.RawMessage `json:"verification"`
}

type eventReport struct {
	Name      string          `json:"name"`
	TxID      string          `json:"txId"`
	Block     uint64          `json:"block"`
	LatencyMs int64           `json:"latencyMs"`
	Payload   json.RawMessage `json:"payload"`
}

// flow: RegisterIssuer (unless -register=false), VerifyProof, SubmitProof
// while listening for ProofVerified, then GetVerification of the submit.
//
// With orgs (-endorsing-orgs), both submits are endorsed by those
// organisations' peers only. With -wait-peer, VerifyProof and SubmitProof
// start only once each named peer has committed RegisterIssuer's block
// (waitpeers.go): the gateway's commit status is its own peer's.
func flow(o *options, network *client.Network, contract *client.Contract, orgs []string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("flow", flag.ContinueOnError)
	fs.SetOutput(stderr)
	issuer := fs.String("issuer", "", "issuer `ID` (required)")
	registrationDoc := fs.String("registration", "", "RegisterIssuer's registration `document` or @FILE (bbs register-request; required with -register)")
	register := fs.Bool("register", true, "register the issuer first")
	requestFile := fs.String("request", "", "VerifyProof/SubmitProof request JSON `file` (bbs prove --out; required)")
	eventTimeout := fs.Duration("event-timeout", 30*time.Second, "how long to wait for the ProofVerified event")
	var wait waitPeers
	fs.Var(&wait, "wait-peer", "after RegisterIssuer, wait until the peer `host:port=TLS-CA-file[=server-name]` has committed its block (repeat for every peer the flow may endorse or evaluate on)")
	commitTimeout := fs.Duration("commit-timeout", 60*time.Second, "how long to wait for the -wait-peer peers, all together")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *issuer == "" || *requestFile == "" || (*register && *registrationDoc == "") {
		fmt.Fprintln(stderr, "bbs-gateway flow: -issuer, -request and (with -register) -registration are required")
		return 2
	}
	req, err := os.ReadFile(*requestFile)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway flow: %v\n", err)
		return 2
	}
	report := flowReport{Issuer: *issuer}

	if *register {
		doc, err := expandArgs([]string{*registrationDoc})
		if err != nil {
			fmt.Fprintf(stderr, "bbs-gateway flow: %v\n", err)
			return 2
		}
		fmt.Fprintf(stderr, "flow: RegisterIssuer %s\n", *issuer)
		res, err := submit(contract, "RegisterIssuer", []string{strings.TrimSpace(doc[0])}, orgs...)
		if err != nil {
			fmt.Fprintf(stderr, "bbs-gateway flow: RegisterIssuer: %v\n", err)
			return 1
		}
		report.Registered = res
		if len(wait) > 0 {
			if err := waitCommitted(o, wait, res.Block, *commitTimeout); err != nil {
				fmt.Fprintf(stderr, "bbs-gateway flow: waiting for RegisterIssuer's block: %v\n", err)
				return 1
			}
			fmt.Fprintf(stderr, "flow: block %d committed on %s\n", res.Block, wait.String())
			for _, p := range wait {
				report.CommittedOn = append(report.CommittedOn, p.addr)
			}
		}
	}

	fmt.Fprintln(stderr, "flow: VerifyProof (evaluate)")
	verify, err := contract.Evaluate("VerifyProof", client.WithArguments(string(req)))
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway flow: VerifyProof: %v\n", err)
		return 1
	}
	report.Verify = rawJSON(verify)
	var vr struct {
		Valid  bool   `json:"valid"`
		Reason string `json:"reason"`
	}
	if json.Unmarshal(verify, &vr) == nil && !vr.Valid {
		fmt.Fprintf(stderr, "bbs-gateway flow: VerifyProof says the proof is not valid: %s\n", vr.Reason)
		printJSON(stdout, stderr, report)
		return 1
	}

	fmt.Fprintln(stderr, "flow: SubmitProof (submit, wait for commit)")
	start := time.Now()
	res, err := submit(contract, "SubmitProof", []string{string(req)}, orgs...)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway flow: SubmitProof: %v\n", err)
		return 1
	}
	report.Submit = res
	fmt.Fprintf(stderr, "flow: SubmitProof committed in block %d after %d ms; reading %s from that block\n", res.Block, res.LatencyMs, eventName)

	// The event stream starts at the block the commit status names, so the
	// event is delivered even though it was emitted before the stream was
	// opened: it cannot be missed, whatever the timing.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	evts, err := network.ChaincodeEvents(ctx, contract.ChaincodeName(), client.WithStartBlock(res.Block))
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway flow: reading chaincode events from block %d: %v\n", res.Block, err)
		return 1
	}

	timer := time.NewTimer(*eventTimeout)
	defer timer.Stop()
	for report.Event == nil {
		select {
		case ev, ok := <-evts:
			if !ok {
				fmt.Fprintln(stderr, "bbs-gateway flow: the event stream closed")
				return 1
			}
			if ev.EventName == eventName && ev.TransactionID == res.TxID {
				report.Event = &eventReport{Name: ev.EventName, TxID: ev.TransactionID, Block: ev.BlockNumber,
					LatencyMs: time.Since(start).Milliseconds(), Payload: rawJSON(ev.Payload)}
			}
		case <-timer.C:
			fmt.Fprintf(stderr, "bbs-gateway flow: no %s event for %s within %s\n", eventName, res.TxID, *eventTimeout)
			return 1
		}
	}
	fmt.Fprintf(stderr, "flow: %s event received for %s\n", eventName, res.TxID)

	verification, err := contract.Evaluate("GetVerification", client.WithArguments(res.TxID))
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway flow: GetVerification: %v\n", err)
		return 1
	}
	report.Verification = rawJSON(verification)
	return printJSON(stdout, stderr, report)
}

// events prints chaincode events (JSON lines) from a block on.
func events(network *client.Network, chaincode string, args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("events", flag.ContinueOnError)
	fs.SetOutput(stderr)
	startBlock := fs.Int64("start-block", -1, "first block to read; -1 for new blocks only")
	count := fs.Int("count", 1, "stop after this many events; 0 for no limit")
	name := fs.String("name", eventName, "event `name` to print; empty for every event")
	timeout := fs.Duration("timeout", 30*time.Second, "give up after this long; 0 for no limit")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	ctx, cancel := context.WithCancel(context.Background())
	if *timeout > 0 {
		ctx, cancel = context.WithTimeout(context.Background(), *timeout)
	}
	defer cancel()
	var opts []client.ChaincodeEventsOption
	if *startBlock >= 0 {
		opts = append(opts, client.WithStartBlock(uint64(*startBlock)))
	}
	evts, err := network.ChaincodeEvents(ctx, chaincode, opts...)
	if err != nil {
		fmt.Fprintf(stderr, "bbs-gateway events: %v\n", err)
		return 1
	}
	seen := 0
	for ev := range evts {
		if *name != "" && ev.EventName != *name {
			continue
		}
		line, _ := json.Marshal(eventReport{Name: ev.EventName, TxID: ev.TransactionID, Block: ev.BlockNumber, Payload: rawJSON(ev.Payload)})
		fmt.Fprintln(stdout, string(line))
		seen++
		if *count > 0 && seen >= *count {
			return 0
		}
	}
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		fmt.Fprintf(stderr, "bbs-gateway events: %d event(s) within %s\n", seen, *timeout)
		if *count > 0 {
			return 1
		}
	}
	return 0
}
