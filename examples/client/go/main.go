// SPDX-License-Identifier: Apache-2.0

// Command bbs-client-go is a standalone client application of the fabric-bbs
// contract, written against the official Fabric Gateway client API
// (github.com/hyperledger/fabric-gateway), in the style of fabric-samples'
// application-gateway-go. It
//
//  1. connects to a peer's Gateway service with a client identity and TLS,
//  2. registers an issuer (RegisterIssuer, the arguments read from a file),
//  3. evaluates VerifyProof for a holder's request (bbs prove --out),
//  4. submits SubmitProof and waits for the commit,
//  5. reads the ProofVerified chaincode event from the block the commit names,
//     with a checkpoint so that a restarted client resumes where it stopped,
//  6. reads the record back (GetVerification),
//  7. submits the same request again and shows the replay refused.
//
// Settings come from flags, each with an environment variable as its default
// (see -h). Example, for Org1's User1 of the local test network:
//
//	ORG1=test-network/.state/organizations/peerOrganizations/org1.example.com
//	go run . -peer 127.0.0.1:7051 \
//	  -tls-ca $ORG1/tlsca/tlsca.org1.example.com-cert.pem \
//	  -cert $ORG1/users/User1@org1.example.com/msp/signcerts \
//	  -key $ORG1/users/User1@org1.example.com/msp/keystore \
//	  -msp Org1MSP -registration registration.json -request request.json
//
// The output is one line per step; the process exits 0 only when every step
// did what the contract documents (docs/client-application.md).
package main

import (
	"bytes"
	"context"
	"crypto/x509"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/examples/client/go/codes"
	"github.com/hyperledger/fabric-gateway/pkg/client"
	"github.com/hyperledger/fabric-gateway/pkg/hash"
	"github.com/hyperledger/fabric-gateway/pkg/identity"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
	"google.golang.org/grpc/status"
)

// config is what the client needs to know; every field has a flag.
type config struct {
	peer, serverName, tlsCA  string
	cert, key, mspID         string
	channel, chaincode       string
	registration, request    string
	checkpoint               string
	eventTimeout, rpcTimeout time.Duration
}

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

func env(name, fallback string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return fallback
}

func parseFlags(args []string, stderr io.Writer) (*config, error) {
	c := &config{}
	fs := flag.NewFlagSet("bbs-client-go", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&c.peer, "peer", env("PEER_ENDPOINT", "127.0.0.1:7051"), "the peer's Gateway `host:port` (PEER_ENDPOINT)")
	fs.StringVar(&c.serverName, "server-name", env("PEER_HOST_ALIAS", ""), "TLS server `name` to verify, if not the -peer host (PEER_HOST_ALIAS)")
	fs.StringVar(&c.tlsCA, "tls-ca", env("TLS_CA_CERT", ""), "PEM `file` of the peer's TLS CA (TLS_CA_CERT)")
	fs.StringVar(&c.cert, "cert", env("CERT_PATH", ""), "client certificate PEM `file`, or a folder such as msp/signcerts (CERT_PATH)")
	fs.StringVar(&c.key, "key", env("KEY_PATH", ""), "client private key PEM `file`, or a folder such as msp/keystore (KEY_PATH)")
	fs.StringVar(&c.mspID, "msp", env("MSP_ID", "Org1MSP"), "the client's MSP `ID` (MSP_ID)")
	fs.StringVar(&c.channel, "channel", env("CHANNEL_NAME", "mychannel"), "`channel` name (CHANNEL_NAME)")
	fs.StringVar(&c.chaincode, "chaincode", env("CHAINCODE_NAME", "bbs"), "chaincode `name` (CHAINCODE_NAME)")
	fs.StringVar(&c.registration, "registration", env("REGISTRATION", ""), "RegisterIssuer's arguments `file`: the registration document (a JSON object, submitted as is), or a JSON array of the argument strings; empty: do not register (REGISTRATION)")
	fs.StringVar(&c.request, "request", env("REQUEST", ""), "the proof request JSON `file` (bbs prove --out) (REQUEST)")
	fs.StringVar(&c.checkpoint, "checkpoint", env("CHECKPOINT", ""), "event checkpoint `file`: resume the event stream where the last run stopped; empty: in memory (CHECKPOINT)")
	fs.DurationVar(&c.eventTimeout, "event-timeout", 30*time.Second, "how long to wait for the ProofVerified event")
	fs.DurationVar(&c.rpcTimeout, "timeout", 30*time.Second, "timeout of each evaluate, endorse and submit")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	for _, req := range []struct{ name, value string }{
		{"-tls-ca", c.tlsCA}, {"-cert", c.cert}, {"-key", c.key}, {"-request", c.request},
	} {
		if req.value == "" {
			return nil, fmt.Errorf("%s is required", req.name)
		}
	}
	return c, nil
}

func run(args []string, stdout, stderr io.Writer) int {
	c, err := parseFlags(args, stderr)
	if err != nil {
		if !errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(stderr, "bbs-client-go: %v\n", err)
		}
		return 2
	}
	if err := flow(c, stdout); err != nil {
		fmt.Fprintf(stderr, "bbs-client-go: %v\n", err)
		return 1
	}
	return 0
}

// flow runs the steps of the package comment, printing one line per step.
func flow(c *config, out io.Writer) error {
	request, err := os.ReadFile(c.request)
	if err != nil {
		return fmt.Errorf("reading the request: %w", err)
	}
	request = bytes.TrimSpace(request)
	var registerArgs []string
	if c.registration != "" {
		data, err := os.ReadFile(c.registration)
		if err != nil {
			return fmt.Errorf("reading the registration: %w", err)
		}
		if registerArgs, err = registrationArgs(data); err != nil {
			return fmt.Errorf("%s: %w", c.registration, err)
		}
	}

	// 1. Connect: a TLS gRPC connection to the peer, and the client identity
	// with its signer. The gRPC connection is the application's to close.
	conn, err := dial(c.peer, c.tlsCA, c.serverName)
	if err != nil {
		return err
	}
	defer conn.Close()
	id, sign, err := signer(c.mspID, c.cert, c.key)
	if err != nil {
		return err
	}
	gw, err := client.Connect(id,
		client.WithSign(sign),
		client.WithHash(hash.SHA256),
		client.WithClientConnection(conn),
		client.WithEvaluateTimeout(c.rpcTimeout),
		client.WithEndorseTimeout(c.rpcTimeout),
		client.WithSubmitTimeout(c.rpcTimeout),
		client.WithCommitStatusTimeout(time.Minute),
	)
	if err != nil {
		return fmt.Errorf("connecting the gateway: %w", err)
	}
	defer gw.Close()
	network := gw.GetNetwork(c.channel)
	contract := network.GetContract(c.chaincode)
	fmt.Fprintf(out, "connected: %s to %s, channel %s, chaincode %s\n", c.mspID, c.peer, c.channel, c.chaincode)

	// 2. RegisterIssuer. An issuer that is already registered (by this
	// client's earlier run, say) is not an error for this application.
	registered := false
	if registerArgs != nil {
		_, status, err := submit(contract, "RegisterIssuer", registerArgs...)
		switch {
		case err == nil:
			registered = true
			fmt.Fprintf(out, "RegisterIssuer: committed in block %d, transaction %s\n", status.BlockNumber, status.TransactionID)
		case contractErrorCode(err) == codes.Exists:
			fmt.Fprintf(out, "RegisterIssuer: already registered, continuing (%s)\n", contractMessage(err))
		default:
			return fmt.Errorf("RegisterIssuer: %s", contractMessage(err))
		}
	}

	// 3. VerifyProof: evaluated on one peer, nothing written.
	result, err := contract.Evaluate("VerifyProof", client.WithArguments(string(request)))
	if err != nil {
		return fmt.Errorf("VerifyProof: %s (%s)", contractMessage(err), contractErrorCode(err))
	}
	var verification struct {
		Valid      bool            `json:"valid"`
		Reason     string          `json:"reason"`
		Issuer     string          `json:"issuer"`
		KeyVersion int             `json:"keyVersion"`
		Disclosed  json.RawMessage `json:"disclosed"`
		// NonceConsumed: SubmitProof would be refused as a replay.
		NonceConsumed bool `json:"nonceConsumed"`
	}
	if err := json.Unmarshal(result, &verification); err != nil {
		return fmt.Errorf("VerifyProof answered %q: %w", result, err)
	}
	if !verification.Valid {
		return fmt.Errorf("VerifyProof: the proof is not valid: %s", verification.Reason)
	}
	fmt.Fprintf(out, "VerifyProof: valid, issuer %s key version %d, nonce consumed %t, disclosed %s\n",
		verification.Issuer, verification.KeyVersion, verification.NonceConsumed, verification.Disclosed)

	// 4. SubmitProof: every endorsing peer verifies the proof; the nonce is
	// consumed and the record stored when the transaction commits VALID.
	// The gateway's commit status is its own peer's: another organisation's
	// endorsing peer may commit the registration's block a moment later and
	// refuse the proof meanwhile with BBS_NOT_FOUND. Right after registering,
	// that refusal is retried for a few seconds (nothing was written).
	var receipt []byte
	var status *client.Status
	err = retryNotFound(registered, 20, 250*time.Millisecond, func() (err error) {
		receipt, status, err = submit(contract, "SubmitProof", string(request))
		return err
	})
	if err != nil {
		return fmt.Errorf("SubmitProof: %s (%s)", contractMessage(err), contractErrorCode(err))
	}
	txID := status.TransactionID
	fmt.Fprintf(out, "SubmitProof: committed VALID in block %d, transaction %s, receipt %s\n", status.BlockNumber, txID, receipt)

	// 5. The ProofVerified event. The stream starts at the block the commit
	// status names (so the event, emitted before the stream was opened, is
	// delivered), or after the checkpoint of an earlier run.
	if err := awaitEvent(network, c, status.BlockNumber, txID, out); err != nil {
		return err
	}

	// 6. The record, read back under the transaction ID.
	record, err := contract.Evaluate("GetVerification", client.WithArguments(txID))
	if err != nil {
		return fmt.Errorf("GetVerification: %s (%s)", contractMessage(err), contractErrorCode(err))
	}
	var rec struct {
		TxID             string `json:"txId"`
		Issuer           string `json:"issuer"`
		KeyVersion       int    `json:"keyVersion"`
		MessageCount     int    `json:"messageCount"`
		BoundToSubmitter bool   `json:"boundToSubmitter"`
		SubmitterMspID   string `json:"submitterMspId"`
	}
	if err := json.Unmarshal(record, &rec); err != nil {
		return fmt.Errorf("GetVerification answered %q: %w", record, err)
	}
	if rec.TxID != txID || rec.Issuer != verification.Issuer {
		return fmt.Errorf("GetVerification: the record is of transaction %q, issuer %q; want %q, %q", rec.TxID, rec.Issuer, txID, verification.Issuer)
	}
	fmt.Fprintf(out, "GetVerification: transaction %s, issuer %s key version %d, %d messages, submitter %s, bound %t\n",
		rec.TxID, rec.Issuer, rec.KeyVersion, rec.MessageCount, rec.SubmitterMspID, rec.BoundToSubmitter)

	// 7. The same request again: the nonce is consumed, so the endorsement
	// fails and nothing is written. Branch on the error's code.
	_, _, err = submit(contract, "SubmitProof", string(request))
	switch code := contractErrorCode(err); {
	case err == nil:
		return errors.New("replay: the second SubmitProof of the same request was accepted")
	case code == codes.Replay:
		fmt.Fprintf(out, "replay: refused as expected (%s): %s\n", code, contractMessage(err))
	default:
		return fmt.Errorf("replay: refused, but not as a replay (%q): %s", code, contractMessage(err))
	}
	fmt.Fprintln(out, "done")
	return nil
}

// retryNotFound calls f, and while retry is set and f's error is the
// contract's BBS_NOT_FOUND, calls it again after wait, at most attempts
// times in all.
func retryNotFound(retry bool, attempts int, wait time.Duration, f func() error) error {
	err := f()
	for i := 1; retry && i < attempts && err != nil && contractErrorCode(err) == codes.NotFound; i++ {
		time.Sleep(wait)
		err = f()
	}
	return err
}

// submit endorses, submits and waits for the commit of a transaction. It
// answers the transaction's result and its commit status; a transaction that
// commits with another status than VALID is an error (nothing was written).
func submit(contract *client.Contract, name string, args ...string) ([]byte, *client.Status, error) {
	proposal, err := contract.NewProposal(name, client.WithArguments(args...))
	if err != nil {
		return nil, nil, err
	}
	transaction, err := proposal.Endorse() // the contract's refusals come here
	if err != nil {
		return nil, nil, err
	}
	commit, err := transaction.Submit()
	if err != nil {
		return nil, nil, err
	}
	status, err := commit.Status()
	if err != nil {
		return nil, nil, err
	}
	if !status.Successful {
		return nil, status, fmt.Errorf("transaction %s committed as %s in block %d: nothing of it was written",
			status.TransactionID, status.Code, status.BlockNumber)
	}
	return transaction.Result(), status, nil
}

// awaitEvent reads chaincode events from startBlock (or the checkpoint) until
// the ProofVerified event of transaction txID, checkpointing each event read.
func awaitEvent(network *client.Network, c *config, startBlock uint64, txID string, out io.Writer) error {
	// The checkpoint remembers the last event read. A file checkpoint survives
	// the process, so the next run resumes after it instead of at startBlock.
	var checkpoint client.Checkpoint
	var save func(*client.ChaincodeEvent) error
	if c.checkpoint != "" {
		fc, err := client.NewFileCheckpointer(c.checkpoint)
		if err != nil {
			return fmt.Errorf("the event checkpoint: %w", err)
		}
		defer fc.Close()
		checkpoint, save = fc, fc.CheckpointChaincodeEvent
	} else {
		mc := new(client.InMemoryCheckpointer)
		checkpoint = mc
		save = func(ev *client.ChaincodeEvent) error { mc.CheckpointChaincodeEvent(ev); return nil }
	}
	ctx, cancel := context.WithTimeout(context.Background(), c.eventTimeout)
	defer cancel()
	// WithCheckpoint comes last: a checkpoint with a position overrides the start block.
	events, err := network.ChaincodeEvents(ctx, c.chaincode, client.WithStartBlock(startBlock), client.WithCheckpoint(checkpoint))
	if err != nil {
		return fmt.Errorf("chaincode events: %w", err)
	}
	for ev := range events {
		if err := save(ev); err != nil {
			return fmt.Errorf("the event checkpoint: %w", err)
		}
		if ev.EventName == "ProofVerified" && ev.TransactionID == txID {
			fmt.Fprintf(out, "ProofVerified event: block %d, transaction %s, payload %s\n", ev.BlockNumber, ev.TransactionID, ev.Payload)
			return nil
		}
	}
	return fmt.Errorf("no ProofVerified event of transaction %s within %s", txID, c.eventTimeout)
}

// registrationArgs reads RegisterIssuer's arguments from the registration
// file. A JSON object is the registration document that `bbs
// register-request` writes, RegisterIssuer's one argument, passed as is; a
// JSON array of strings is the list of the arguments. The client does not
// read the document's fields.
func registrationArgs(data []byte) ([]string, error) {
	data = bytes.TrimSpace(data)
	switch {
	case len(data) > 0 && data[0] == '{':
		if !json.Valid(data) {
			return nil, errors.New("the registration document is not valid JSON")
		}
		return []string{string(data)}, nil
	case len(data) > 0 && data[0] == '[':
		var args []string
		if err := json.Unmarshal(data, &args); err != nil {
			return nil, fmt.Errorf("the registration arguments must be a JSON array of strings: %w", err)
		}
		if len(args) == 0 {
			return nil, errors.New("the registration arguments are an empty array")
		}
		return args, nil
	default:
		return nil, errors.New("the registration must be a JSON object (the document) or a JSON array of strings (the arguments)")
	}
}

// contractErrorCode is the stable code of a contract error (package
// contract/codes: codes.Replay, codes.Exists, ...), read from the message
// the endorsing peers attached to the Gateway's error: every error of the
// contract starts with its code ("BBS_REPLAY: replay: the nonce ..."), the
// rest is text for people, which may change. "" is an error of another
// kind (a connection failure, a timeout, a transaction invalidated at
// commit). docs/contract.md lists the codes and which may be retried.
func contractErrorCode(err error) string {
	if err == nil {
		return ""
	}
	return codes.Find(contractMessage(err))
}

// contractMessage is the text of an error as the contract wrote it: the
// peers' messages attached to a Gateway error (endorse, submit, evaluate), or
// else the error's own text.
func contractMessage(err error) string {
	var msgs []string
	if st, ok := status.FromError(err); ok {
		for _, d := range st.Details() {
			if m, ok := d.(interface{ GetMessage() string }); ok && m.GetMessage() != "" {
				msgs = append(msgs, m.GetMessage())
			}
		}
		if len(msgs) == 0 {
			msgs = append(msgs, st.Message())
		}
	}
	if len(msgs) == 0 {
		msgs = append(msgs, err.Error())
	}
	return strings.Join(msgs, "; ")
}

// dial opens the TLS gRPC connection to the peer's Gateway service.
func dial(address, tlsCA, serverName string) (*grpc.ClientConn, error) {
	caPEM, err := os.ReadFile(tlsCA)
	if err != nil {
		return nil, fmt.Errorf("reading the TLS CA: %w", err)
	}
	pool := x509.NewCertPool()
	if !pool.AppendCertsFromPEM(caPEM) {
		return nil, fmt.Errorf("no PEM certificate in %s", tlsCA)
	}
	conn, err := grpc.NewClient(address,
		grpc.WithTransportCredentials(credentials.NewClientTLSFromCert(pool, serverName)),
		// Room for large requests and answers (the contract takes 1 MiB arguments).
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(16<<20), grpc.MaxCallSendMsgSize(16<<20)))
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", address, err)
	}
	return conn, nil
}

// signer reads the client identity (certificate) and its private key.
func signer(mspID, certPath, keyPath string) (*identity.X509Identity, identity.Sign, error) {
	certPEM, err := readPEM(certPath)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the client certificate: %w", err)
	}
	cert, err := identity.CertificateFromPEM(certPEM)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the client certificate: %w", err)
	}
	id, err := identity.NewX509Identity(mspID, cert)
	if err != nil {
		return nil, nil, err
	}
	keyPEM, err := readPEM(keyPath)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the client key: %w", err)
	}
	key, err := identity.PrivateKeyFromPEM(keyPEM)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the client key: %w", err)
	}
	sign, err := identity.NewPrivateKeySign(key)
	if err != nil {
		return nil, nil, err
	}
	return id, sign, nil
}

// readPEM reads a file, or the first regular file (by name) of a folder,
// as an MSP's signcerts/ and keystore/ hold one.
func readPEM(path string) ([]byte, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return os.ReadFile(path)
	}
	entries, err := os.ReadDir(path)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.Type().IsRegular() {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no file in %s", path)
	}
	sort.Strings(names)
	return os.ReadFile(filepath.Join(path, names[0]))
}
