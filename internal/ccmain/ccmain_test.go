// SPDX-License-Identifier: Apache-2.0

package ccmain

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"io/fs"
	"math/big"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/stretchr/testify/require"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func files(contents map[string]string) func(string) ([]byte, error) {
	return func(path string) ([]byte, error) {
		c, ok := contents[path]
		if !ok {
			return nil, &fs.PathError{Op: "open", Path: path, Err: fs.ErrNotExist}
		}
		return []byte(c), nil
	}
}

func TestLoadConfig(t *testing.T) {
	pemFiles := files(map[string]string{"/k.pem": "KEY", "/c.pem": "CERT", "/ca.pem": "CA", "/empty.pem": ""})
	ccaas := map[string]string{envServerAddress: "0.0.0.0:9999", envChaincodeID: "bbs_1.0:abc"}
	with := func(extra map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range ccaas {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	tests := []struct {
		name string
		vars map[string]string
		want *serverConfig
		err  string
	}{
		{name: "peer-launched", vars: map[string]string{"CORE_CHAINCODE_ID_NAME": "bbs:1"}},
		{name: "service without TLS fails closed", vars: ccaas, err: "no TLS configured: set CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT"},
		// fabric-samples' deployCCAAS runs the container with exactly these
		// variables and no TLS: the message tells its user what to add.
		{name: "fabric-samples' deployCCAAS variables", vars: with(map[string]string{"CORE_CHAINCODE_ID_NAME": "bbs_1.0:abc"}),
			err: "fabric-samples' deployCCAAS runs its containers without TLS: start them with -e CHAINCODE_TLS_DISABLED=true"},
		{name: "service with plaintext asked for", vars: with(map[string]string{envTLSDisabled: "true"}),
			want: &serverConfig{address: "0.0.0.0:9999", ccid: "bbs_1.0:abc", tls: shim.TLSProperties{Disabled: true}}},
		{name: "TLS disabled false is not an opt-out", vars: with(map[string]string{envTLSDisabled: "false"}), err: "no TLS configured"},
		{name: "service with TLS", vars: with(map[string]string{envTLSKey: "/k.pem", envTLSCert: "/c.pem"}),
			want: &serverConfig{address: "0.0.0.0:9999", ccid: "bbs_1.0:abc", tls: shim.TLSProperties{Key: []byte("KEY"), Cert: []byte("CERT")}}},
		{name: "service with TLS and TLS disabled false", vars: with(map[string]string{envTLSKey: "/k.pem", envTLSCert: "/c.pem", envTLSDisabled: "false"}),
			want: &serverConfig{address: "0.0.0.0:9999", ccid: "bbs_1.0:abc", tls: shim.TLSProperties{Key: []byte("KEY"), Cert: []byte("CERT")}}},
		{name: "service with mutual TLS", vars: with(map[string]string{envTLSKey: "/k.pem", envTLSCert: "/c.pem", envClientCACert: "/ca.pem"}),
			want: &serverConfig{address: "0.0.0.0:9999", ccid: "bbs_1.0:abc", tls: shim.TLSProperties{Key: []byte("KEY"), Cert: []byte("CERT"), ClientCACerts: []byte("CA")}}},
		{name: "TLS disabled with a key", vars: with(map[string]string{envTLSDisabled: "true", envTLSKey: "/k.pem", envTLSCert: "/c.pem"}), err: "CHAINCODE_TLS_DISABLED=true contradicts CHAINCODE_TLS_KEY"},
		{name: "TLS disabled with a client CA", vars: with(map[string]string{envTLSDisabled: "true", envClientCACert: "/ca.pem"}), err: "contradicts CHAINCODE_CLIENT_CA_CERT"},
		{name: "TLS disabled not a boolean", vars: with(map[string]string{envTLSDisabled: "yes"}), err: `CHAINCODE_TLS_DISABLED must be "true" or "false", not "yes"`},
		{name: "TLS disabled upper case", vars: with(map[string]string{envTLSDisabled: "TRUE"}), err: `must be "true" or "false"`},
		{name: "TLS disabled long value is bounded", vars: with(map[string]string{envTLSDisabled: strings.Repeat("x", 1000)}), err: strings.Repeat("x", 32) + `..."`},
		{name: "address without ID", vars: map[string]string{envServerAddress: ":9999"}, err: "set both CHAINCODE_SERVER_ADDRESS and CHAINCODE_ID"},
		{name: "ID without address", vars: map[string]string{envChaincodeID: "x"}, err: "set both CHAINCODE_SERVER_ADDRESS and CHAINCODE_ID"},
		{name: "TLS without service", vars: map[string]string{envTLSKey: "/k.pem"}, err: "CHAINCODE_TLS_KEY is set but"},
		{name: "TLS disabled without service", vars: map[string]string{envTLSDisabled: "true"}, err: "CHAINCODE_TLS_DISABLED is set but"},
		{name: "key without cert", vars: with(map[string]string{envTLSKey: "/k.pem"}), err: "set both CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT"},
		{name: "cert without key", vars: with(map[string]string{envTLSCert: "/c.pem"}), err: "set both CHAINCODE_TLS_KEY and CHAINCODE_TLS_CERT"},
		{name: "client CA without TLS", vars: with(map[string]string{envClientCACert: "/ca.pem"}), err: "no TLS configured"},
		{name: "missing key file", vars: with(map[string]string{envTLSKey: "/nope.pem", envTLSCert: "/c.pem"}), err: "reading CHAINCODE_TLS_KEY: open /nope.pem"},
		{name: "missing cert file", vars: with(map[string]string{envTLSKey: "/k.pem", envTLSCert: "/nope.pem"}), err: "reading CHAINCODE_TLS_CERT"},
		{name: "missing client CA file", vars: with(map[string]string{envTLSKey: "/k.pem", envTLSCert: "/c.pem", envClientCACert: "/nope.pem"}), err: "reading CHAINCODE_CLIENT_CA_CERT"},
		{name: "empty key file", vars: with(map[string]string{envTLSKey: "/empty.pem", envTLSCert: "/c.pem"}), err: "/empty.pem is empty"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := loadConfig(env(tt.vars), pemFiles)
			if tt.err != "" {
				require.ErrorContains(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			require.Equal(t, tt.want, cfg)
		})
	}
}

func TestTLSMode(t *testing.T) {
	require.Equal(t, "off (CHAINCODE_TLS_DISABLED=true)", (&serverConfig{tls: shim.TLSProperties{Disabled: true}}).tlsMode())
	require.Equal(t, "on", (&serverConfig{tls: shim.TLSProperties{Key: []byte("k")}}).tlsMode())
	require.Equal(t, "on, client certificates required", (&serverConfig{tls: shim.TLSProperties{ClientCACerts: []byte("c")}}).tlsMode())
}

func TestRunRejectsBadConfig(t *testing.T) {
	err := run(env(map[string]string{envServerAddress: "127.0.0.1:0"}), os.ReadFile)
	require.ErrorContains(t, err, "set both")
	err = run(env(map[string]string{envServerAddress: "127.0.0.1:0", envChaincodeID: "bbs:1",
		envTLSKey: filepath.Join(t.TempDir(), "none"), envTLSCert: "x"}), os.ReadFile)
	require.ErrorContains(t, err, "reading CHAINCODE_TLS_KEY")
	// Fails closed: no TLS files and no explicit opt-out, so nothing listens.
	addr := freeAddress(t)
	err = run(env(map[string]string{envServerAddress: addr, envChaincodeID: "bbs:1"}), os.ReadFile)
	require.ErrorContains(t, err, "no TLS configured")
	_, dialErr := net.Dial("tcp", addr)
	require.Error(t, dialErr, "the server must not listen without TLS or an explicit opt-out")
}

func TestRunReportsServerErrors(t *testing.T) {
	// An address that cannot be listened on makes the server fail at once.
	err := run(env(map[string]string{envServerAddress: "256.0.0.1:1", envChaincodeID: "bbs:1", envTLSDisabled: "true"}), os.ReadFile)
	require.ErrorContains(t, err, "serving as chaincode-as-a-service on 256.0.0.1:1")

	// So do unusable TLS files.
	dir := t.TempDir()
	key, cert := filepath.Join(dir, "key.pem"), filepath.Join(dir, "cert.pem")
	require.NoError(t, os.WriteFile(key, []byte("not a key"), 0o600))
	require.NoError(t, os.WriteFile(cert, []byte("not a cert"), 0o600))
	err = run(env(map[string]string{envServerAddress: "127.0.0.1:0", envChaincodeID: "bbs:1", envTLSKey: key, envTLSCert: cert}), os.ReadFile)
	require.ErrorContains(t, err, "serving as chaincode-as-a-service")
}

// freeAddress returns a loopback address with a port that was free a moment
// ago.
func freeAddress(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	addr := l.Addr().String()
	require.NoError(t, l.Close())
	return addr
}

// waitListening dials addr until it accepts a connection, and returns the
// connection.
func waitListening(t *testing.T, addr string, dial func(string) (net.Conn, error), serverErr <-chan error) net.Conn {
	t.Helper()
	var lastErr error
	for i := 0; i < 200; i++ {
		select {
		case err := <-serverErr:
			t.Fatalf("server stopped: %v", err)
		default:
		}
		conn, err := dial(addr)
		if err == nil {
			return conn
		}
		lastErr = err
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("nothing listens on %s: %v", addr, lastErr)
	return nil
}

// TestServeChaincodeAsAService starts the server as the environment
// configures it, on loopback, with and without TLS, and connects to it.
// The servers run until the test binary exits.
func TestServeChaincodeAsAService(t *testing.T) {
	t.Run("plain", func(t *testing.T) {
		addr := freeAddress(t)
		errs := make(chan error, 1)
		go func() {
			errs <- run(env(map[string]string{envServerAddress: addr, envChaincodeID: "bbs_1.0:abc", envTLSDisabled: "true"}), os.ReadFile)
		}()
		conn := waitListening(t, addr, func(a string) (net.Conn, error) { return net.Dial("tcp", a) }, errs)
		require.NoError(t, conn.Close())
	})
	t.Run("TLS", func(t *testing.T) {
		dir := t.TempDir()
		keyFile, certFile, pool := writeServerCert(t, dir)
		addr := freeAddress(t)
		errs := make(chan error, 1)
		go func() {
			errs <- run(env(map[string]string{envServerAddress: addr, envChaincodeID: "bbs_1.0:abc", envTLSKey: keyFile, envTLSCert: certFile}), os.ReadFile)
		}()
		conn := waitListening(t, addr, func(a string) (net.Conn, error) {
			return tls.Dial("tcp", a, &tls.Config{RootCAs: pool, ServerName: "localhost", NextProtos: []string{"h2"}, MinVersion: tls.VersionTLS12})
		}, errs)
		state := conn.(*tls.Conn).ConnectionState()
		require.True(t, state.HandshakeComplete)
		require.Equal(t, "localhost", state.PeerCertificates[0].Subject.CommonName)
		require.NoError(t, conn.Close())
	})
}

// writeServerCert writes a self-signed server key and certificate for
// localhost and returns their paths and a pool that trusts the certificate.
func writeServerCert(t *testing.T, dir string) (string, string, *x509.CertPool) {
	t.Helper()
	keyFile, certFile, cert := writeCert(t, dir, "server", x509.ExtKeyUsageServerAuth)
	pool := x509.NewCertPool()
	pool.AddCert(cert.Leaf)
	return keyFile, certFile, pool
}

// writeCert writes a self-signed key and certificate named NAME-key.pem and
// NAME-cert.pem, for localhost and 127.0.0.1 with the extended key usage,
// and returns their paths and the key pair.
func writeCert(t *testing.T, dir, name string, usage x509.ExtKeyUsage) (string, string, tls.Certificate) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               pkix.Name{CommonName: "localhost", Organization: []string{name}},
		DNSNames:              []string{"localhost"},
		IPAddresses:           []net.IP{net.ParseIP("127.0.0.1")},
		NotBefore:             time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:              time.Date(2035, 1, 1, 0, 0, 0, 0, time.UTC),
		KeyUsage:              x509.KeyUsageDigitalSignature | x509.KeyUsageCertSign,
		ExtKeyUsage:           []x509.ExtKeyUsage{usage},
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	require.NoError(t, err)
	keyDER, err := x509.MarshalPKCS8PrivateKey(key)
	require.NoError(t, err)
	keyPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: keyDER})
	certPEM := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})
	keyFile, certFile := filepath.Join(dir, name+"-key.pem"), filepath.Join(dir, name+"-cert.pem")
	require.NoError(t, os.WriteFile(keyFile, keyPEM, 0o600))
	require.NoError(t, os.WriteFile(certFile, certPEM, 0o600))
	pair, err := tls.X509KeyPair(certPEM, keyPEM)
	require.NoError(t, err)
	pair.Leaf, err = x509.ParseCertificate(der)
	require.NoError(t, err)
	return keyFile, certFile, pair
}

// TestServeMutualTLS starts the server with CHAINCODE_CLIENT_CA_CERT and
// checks that only a client with a certificate from that CA completes the
// TLS handshake. TLS 1.2 is used on the client side because there the
// client's handshake only completes after the server has accepted its
// certificate (in TLS 1.3 the refusal would arrive with the first read).
func TestServeMutualTLS(t *testing.T) {
	dir := t.TempDir()
	keyFile, certFile, serverPool := writeServerCert(t, dir)
	_, clientCAFile, trusted := writeCert(t, dir, "client", x509.ExtKeyUsageClientAuth)
	_, _, stranger := writeCert(t, dir, "stranger", x509.ExtKeyUsageClientAuth)
	addr := freeAddress(t)
	errs := make(chan error, 1)
	go func() {
		errs <- run(env(map[string]string{envServerAddress: addr, envChaincodeID: "bbs_1.0:abc",
			envTLSKey: keyFile, envTLSCert: certFile, envClientCACert: clientCAFile}), os.ReadFile)
	}()
	dialWith := func(certs []tls.Certificate) func(string) (net.Conn, error) {
		return func(a string) (net.Conn, error) {
			return tls.Dial("tcp", a, &tls.Config{RootCAs: serverPool, ServerName: "localhost", NextProtos: []string{"h2"},
				MinVersion: tls.VersionTLS12, MaxVersion: tls.VersionTLS12, Certificates: certs})
		}
	}
	// A client with the trusted certificate connects once the server listens.
	conn := waitListening(t, addr, dialWith([]tls.Certificate{trusted}), errs)
	require.True(t, conn.(*tls.Conn).ConnectionState().HandshakeComplete)
	require.NoError(t, conn.Close())

	tests := []struct {
		name  string
		certs []tls.Certificate
	}{
		{name: "no client certificate", certs: nil},
		{name: "certificate from another CA", certs: []tls.Certificate{stranger}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := dialWith(tt.certs)(addr)
			if err == nil {
				c.Close()
			}
			require.Error(t, err, "the handshake must fail")
		})
	}
}

// run runs the bbs chaincode as chaincode/main.go does.
func run(getenv func(string) string, readFile func(string) ([]byte, error)) error {
	return Run("fabric-bbs chaincode", func() (shim.Chaincode, error) { return contract.NewChaincode() }, getenv, readFile)
}

func TestChaincodeServesTheContract(t *testing.T) {
	cc, err := contract.NewChaincode()
	require.NoError(t, err)
	s := newServer(&serverConfig{address: "127.0.0.1:1", ccid: "bbs:1", tls: shim.TLSProperties{Disabled: true}}, cc)
	require.Same(t, cc, s.CC)
	require.Equal(t, "bbs:1", s.CCID)
	require.True(t, s.TLSProps.Disabled)
}

func TestPprofListener(t *testing.T) {
	addr, err := startPprof(env(nil))
	require.NoError(t, err)
	require.Empty(t, addr, "off unless BBS_PPROF_ADDR is set")

	_, err = startPprof(env(map[string]string{envPprofAddr: "0.0.0.0:0"}))
	require.ErrorContains(t, err, "only a loopback address")
	_, err = startPprof(env(map[string]string{envPprofAddr: "nonsense"}))
	require.ErrorContains(t, err, "BBS_PPROF_ADDR")

	addr, err = startPprof(env(map[string]string{envPprofAddr: "127.0.0.1:0"}))
	require.NoError(t, err)
	resp, err := http.Get("http://" + addr + "/debug/pprof/cmdline")
	require.NoError(t, err)
	defer resp.Body.Close()
	require.Equal(t, http.StatusOK, resp.StatusCode)
}
