// SPDX-License-Identifier: Apache-2.0

package ccmain

import (
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// Environment variables of the chaincode-as-a-service mode.
const (
	envServerAddress = "CHAINCODE_SERVER_ADDRESS"
	envChaincodeID   = "CHAINCODE_ID"
	envTLSKey        = "CHAINCODE_TLS_KEY"
	envTLSCert       = "CHAINCODE_TLS_CERT"
	envClientCACert  = "CHAINCODE_CLIENT_CA_CERT"
	envTLSDisabled   = "CHAINCODE_TLS_DISABLED"
)

// serverConfig is the configuration of the chaincode-as-a-service mode.
type serverConfig struct {
	address string
	ccid    string
	tls     shim.TLSProperties
}

// tlsMode describes the TLS configuration for the log.
func (c *serverConfig) tlsMode() string {
	switch {
	case c.tls.Disabled:
		return "off (CHAINCODE_TLS_DISABLED=true)"
	case len(c.tls.ClientCACerts) > 0:
		return "on, client certificates required"
	default:
		return "on"
	}
}

// loadConfig reads the chaincode-as-a-service configuration from the
// environment. It returns nil, nil when neither CHAINCODE_SERVER_ADDRESS nor
// CHAINCODE_ID is set: the peer launches the chaincode. Setting only one of
// them, or a partial or unreadable TLS configuration, is an error.
//
// The server fails closed: without CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT
// it refuses to start unless CHAINCODE_TLS_DISABLED=true asks for plaintext
// explicitly. CHAINCODE_CLIENT_CA_CERT turns on mutual TLS: a connecting
// peer must present a client certificate that chains to one of those CAs.
func loadConfig(getenv func(string) string, readFile func(string) ([]byte, error)) (*serverConfig, error) {
	address, ccid := getenv(envServerAddress), getenv(envChaincodeID)
	tlsKey, tlsCert, clientCA := getenv(envTLSKey), getenv(envTLSCert), getenv(envClientCACert)
	disabled, err := parseTLSDisabled(getenv(envTLSDisabled))
	if err != nil {
		return nil, err
	}
	if address == "" && ccid == "" {
		for _, name := range []string{envTLSKey, envTLSCert, envClientCACert, envTLSDisabled} {
			if getenv(name) != "" {
				return nil, fmt.Errorf("%s is set but %s and %s are not: set both to run as chaincode-as-a-service", name, envServerAddress, envChaincodeID)
			}
		}
		return nil, nil
	}
	if address == "" || ccid == "" {
		return nil, fmt.Errorf("set both %s and %s to run as chaincode-as-a-service, or neither to be launched by the peer", envServerAddress, envChaincodeID)
	}
	cfg := &serverConfig{address: address, ccid: ccid}
	if disabled {
		for _, name := range []string{envTLSKey, envTLSCert, envClientCACert} {
			if getenv(name) != "" {
				return nil, fmt.Errorf("%s=true contradicts %s: unset one of them", envTLSDisabled, name)
			}
		}
		cfg.tls.Disabled = true
		return cfg, nil
	}
	if tlsKey == "" && tlsCert == "" {
		return nil, fmt.Errorf("no TLS configured: set %s and %s (and %s for mutual TLS), or %s=true to serve plaintext gRPC"+
			" (fabric-samples' deployCCAAS runs its containers without TLS: start them with -e %[4]s=true; docs/deploy.md#fabric-samples)",
			envTLSKey, envTLSCert, envClientCACert, envTLSDisabled)
	}
	if tlsKey == "" || tlsCert == "" {
		return nil, fmt.Errorf("set both %s and %s for TLS", envTLSKey, envTLSCert)
	}
	if cfg.tls.Key, err = readPEMFile(readFile, envTLSKey, tlsKey); err != nil {
		return nil, err
	}
	if cfg.tls.Cert, err = readPEMFile(readFile, envTLSCert, tlsCert); err != nil {
		return nil, err
	}
	if clientCA != "" {
		if cfg.tls.ClientCACerts, err = readPEMFile(readFile, envClientCACert, clientCA); err != nil {
			return nil, err
		}
	}
	return cfg, nil
}

// parseTLSDisabled reads CHAINCODE_TLS_DISABLED: "true" opts out of TLS;
// "" and "false" keep it; anything else is an error, so that a typo such
// as "yes" or "TRUE " does not silently choose a mode.
func parseTLSDisabled(v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "", "false":
		return false, nil
	default:
		return false, fmt.Errorf("%s must be \"true\" or \"false\", not %q", envTLSDisabled, bounded(v))
	}
}

// bounded shortens a value echoed in an error message.
func bounded(v string) string {
	const max = 32
	if len(v) <= max {
		return v
	}
	return v[:max] + "..."
}

func readPEMFile(readFile func(string) ([]byte, error), variable, path string) ([]byte, error) {
	b, err := readFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading %s: %w", variable, err)
	}
	if len(b) == 0 {
		return nil, fmt.Errorf("reading %s: %s is empty", variable, path)
	}
	return b, nil
}

// newServer returns the chaincode-as-a-service server of cc.
func newServer(cfg *serverConfig, cc shim.Chaincode) *shim.ChaincodeServer {
	return &shim.ChaincodeServer{
		CCID:     cfg.ccid,
		Address:  cfg.address,
		CC:       cc,
		TLSProps: cfg.tls,
	}
}
