// SPDX-License-Identifier: Apache-2.0

// Package fabconn opens what every Gateway client of the local test network
// needs: a TLS gRPC connection to a peer, and a client identity with its
// signer read from an MSP folder. bbs-gateway and bbs-load share it.
package fabconn

import (
	"crypto/x509"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"github.com/hyperledger/fabric-gateway/pkg/identity"
	"google.golang.org/grpc"
	"google.golang.org/grpc/credentials"
)

// Dial opens a TLS gRPC connection to the peer at address, trusting the CA
// certificates of the PEM file tlsCA. serverName, if not empty, is the TLS
// server name to verify instead of the address's host. maxRecv and maxSend
// bound the gRPC messages each way, in bytes.
func Dial(address, tlsCA, serverName string, maxRecv, maxSend int) (*grpc.ClientConn, error) {
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
		grpc.WithDefaultCallOptions(grpc.MaxCallRecvMsgSize(maxRecv), grpc.MaxCallSendMsgSize(maxSend)))
	if err != nil {
		return nil, fmt.Errorf("connecting to %s: %w", address, err)
	}
	return conn, nil
}

// Signer reads a client identity of MSP mspID: its certificate from cert
// and its private key from key (each a PEM file, or a folder whose first
// regular file by name is taken, as an MSP's signcerts/ and keystore/).
func Signer(mspID, cert, key string) (*identity.X509Identity, identity.Sign, error) {
	certPEM, err := ReadPEM(cert)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the client certificate: %w", err)
	}
	c, err := identity.CertificateFromPEM(certPEM)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the client certificate: %w", err)
	}
	id, err := identity.NewX509Identity(mspID, c)
	if err != nil {
		return nil, nil, fmt.Errorf("the client identity of %s: %w", mspID, err)
	}
	keyPEM, err := ReadPEM(key)
	if err != nil {
		return nil, nil, fmt.Errorf("reading the client key: %w", err)
	}
	k, err := identity.PrivateKeyFromPEM(keyPEM)
	if err != nil {
		return nil, nil, fmt.Errorf("parsing the client key: %w", err)
	}
	sign, err := identity.NewPrivateKeySign(k)
	if err != nil {
		return nil, nil, err
	}
	return id, sign, nil
}

// ReadPEM reads a file, or the first regular file (by name) of a folder.
func ReadPEM(path string) ([]byte, error) {
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
	sort.Strings(names)
	if len(names) == 0 {
		return nil, fmt.Errorf("no file in %s", path)
	}
	return os.ReadFile(filepath.Join(path, names[0]))
}
