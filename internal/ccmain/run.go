// SPDX-License-Identifier: Apache-2.0

// Package ccmain is the main program of this module's chaincodes (the bbs
// chaincode in chaincode/ and the examples): it runs a chaincode launched
// by a peer, or as chaincode-as-a-service when the environment says so.
//
// Launched by a peer, the chaincode connects to the peer as usual (the peer
// sets CORE_CHAINCODE_ID_NAME, CORE_PEER_ADDRESS and the TLS variables).
//
// As chaincode-as-a-service it serves the peer itself when both of these
// are set:
//
//	CHAINCODE_SERVER_ADDRESS  address to listen on, such as 0.0.0.0:9999
//	CHAINCODE_ID              the package ID the peer knows the chaincode by
//
// It serves TLS with these PEM files:
//
//	CHAINCODE_TLS_KEY         the server's private key
//	CHAINCODE_TLS_CERT        the server's certificate
//	CHAINCODE_CLIENT_CA_CERT  optional: CA certificates that peers' client
//	                          certificates must chain to (mutual TLS: a peer
//	                          without such a certificate cannot connect)
//
// It fails closed: without CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT it
// refuses to start, unless CHAINCODE_TLS_DISABLED=true asks for plaintext
// gRPC explicitly.
//
// BBS_PPROF_ADDR=127.0.0.1:PORT (off by default) serves Go's pprof profiles
// on that loopback address, in either mode, for profiling under load.
package ccmain

import (
	"fmt"
	"log"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// Run starts chaincode cc, named name in its log, in the mode the
// environment selects (read with getenv, PEM files with readFile) and
// returns when it stops. newCC is called once the configuration is known
// to be valid.
func Run(name string, newCC func() (shim.Chaincode, error), getenv func(string) string, readFile func(string) ([]byte, error)) error {
	cfg, err := loadConfig(getenv, readFile)
	if err != nil {
		return err
	}
	pprofAddr, err := startPprof(getenv)
	if err != nil {
		return err
	}
	if pprofAddr != "" {
		log.Printf("%s: pprof listening on %s (%s)", name, pprofAddr, envPprofAddr)
	}
	cc, err := newCC()
	if err != nil {
		return err
	}
	if cfg == nil {
		if err := shim.Start(cc); err != nil {
			return fmt.Errorf("running as peer-launched chaincode: %w", err)
		}
		return nil
	}
	server := newServer(cfg, cc)
	log.Printf("%s: serving %s on %s (TLS %s)", name, cfg.ccid, cfg.address, cfg.tlsMode())
	if err := server.Start(); err != nil {
		return fmt.Errorf("serving as chaincode-as-a-service on %s: %w", cfg.address, err)
	}
	return nil
}
