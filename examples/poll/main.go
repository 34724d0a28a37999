// SPDX-License-Identifier: Apache-2.0

// Command poll runs the poll example chaincode (package pollcc), which
// calls the bbs chaincode of the same channel. Launched by a peer, it
// connects to the peer as any chaincode does (the peer sets CORE_*). As
// chaincode-as-a-service it serves the peers itself when both of these are
// set:
//
//	CHAINCODE_SERVER_ADDRESS  address to listen on, such as 0.0.0.0:9999
//	CHAINCODE_ID              the package ID the peers know the chaincode by
//
// and serves TLS with the PEM files CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT,
// mutual TLS with CHAINCODE_CLIENT_CA_CERT (the CAs of the peers' client
// certificates). Without a key pair it refuses to start, unless
// CHAINCODE_TLS_DISABLED=true asks for plaintext gRPC (fabric-samples'
// deployCCAAS runs its containers so, on a docker network of its own).
// These are the variables of the bbs chaincode server.
package main

import (
	"errors"
	"fmt"
	"log"
	"os"

	"github.com/fabric-bbs/fabric-bbs/examples/poll/pollcc"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

func main() {
	if err := run(os.Getenv, os.ReadFile); err != nil {
		log.Fatalf("poll chaincode: %v", err)
	}
}

func run(getenv func(string) string, readFile func(string) ([]byte, error)) error {
	address, ccid := getenv("CHAINCODE_SERVER_ADDRESS"), getenv("CHAINCODE_ID")
	if address == "" && ccid == "" {
		cc, err := pollcc.NewChaincode()
		if err != nil {
			return err
		}
		return shim.Start(cc)
	}
	if address == "" || ccid == "" {
		return errors.New("set both CHAINCODE_SERVER_ADDRESS and CHAINCODE_ID to run as chaincode-as-a-service, or neither to be launched by the peer")
	}
	tlsProps, mode, err := serverTLS(getenv, readFile)
	if err != nil {
		return err
	}
	cc, err := pollcc.NewChaincode()
	if err != nil {
		return err
	}
	server := &shim.ChaincodeServer{CCID: ccid, Address: address, CC: cc, TLSProps: tlsProps}
	log.Printf("fabric-bbs poll chaincode %s: serving %s on %s (TLS %s)", pollcc.Version, ccid, address, mode)
	return server.Start()
}

// serverTLS is the server's TLS configuration; it fails closed.
func serverTLS(getenv func(string) string, readFile func(string) ([]byte, error)) (shim.TLSProperties, string, error) {
	key, cert, clientCA := getenv("CHAINCODE_TLS_KEY"), getenv("CHAINCODE_TLS_CERT"), getenv("CHAINCODE_CLIENT_CA_CERT")
	switch disabled := getenv("CHAINCODE_TLS_DISABLED"); disabled {
	case "true":
		if key != "" || cert != "" || clientCA != "" {
			return shim.TLSProperties{}, "", errors.New("CHAINCODE_TLS_DISABLED=true contradicts the TLS files set: unset one of them")
		}
		return shim.TLSProperties{Disabled: true}, "off (CHAINCODE_TLS_DISABLED=true)", nil
	case "", "false":
	default:
		return shim.TLSProperties{}, "", fmt.Errorf("CHAINCODE_TLS_DISABLED must be \"true\" or \"false\", not %.32q", disabled)
	}
	if key == "" || cert == "" {
		return shim.TLSProperties{}, "", errors.New("no TLS configured: set CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT (and CHAINCODE_CLIENT_CA_CERT for mutual TLS), or CHAINCODE_TLS_DISABLED=true to serve plaintext gRPC")
	}
	var p shim.TLSProperties
	var err error
	if p.Key, err = readPEM(readFile, "CHAINCODE_TLS_KEY", key); err != nil {
		return p, "", err
	}
	if p.Cert, err = readPEM(readFile, "CHAINCODE_TLS_CERT", cert); err != nil {
		return p, "", err
	}
	if clientCA == "" {
		return p, "on", nil
	}
	if p.ClientCACerts, err = readPEM(readFile, "CHAINCODE_CLIENT_CA_CERT", clientCA); err != nil {
		return p, "", err
	}
	return p, "on, client certificates required", nil
}

func readPEM(readFile func(string) ([]byte, error), variable, path string) ([]byte, error) {
	b, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", variable, err)
	}
	if len(b) == 0 {
		return nil, fmt.Errorf("reading %s: %s is empty", variable, path)
	}
	return b, nil
}
