// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// writeCert writes a self-signed PEM certificate for cn of org to name and
// returns it.
func writeCert(t *testing.T, dir, name, cn, org string) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: cn, OrganizationalUnit: []string{"client"}, Organization: []string{org}},
		NotBefore:    time.Unix(0, 0),
		NotAfter:     time.Unix(1<<33, 0),
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		t.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		t.Fatal(err)
	}
	// A key block first, as some tools write: prove must find the certificate.
	pemText := "-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n-----END EC PARAMETERS-----\n" +
		string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der}))
	writeFile(t, dir, name, pemText)
	return cert
}

// requestKeys returns the sorted top-level keys of a request file.
func requestKeys(m map[string]any) string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return strings.Join(keys, ",")
}

func TestProve(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	dir := f.dir
	cert := writeCert(t, dir, "user1.pem", "User1@org1.example.com", "org1.example.com")
	writeCert(t, dir, "user2.pem", "User2@org1.example.com", "org1.example.com")

	tests := []struct {
		name string
		args []string
		// keys are the request's top-level fields, sorted.
		keys      string
		disclosed []int
		check     func(t *testing.T, req map[string]any)
	}{
		{
			name: "reveal 0,2", args: []string{"--reveal", "0,2", "--nonce", "bm9uY2U="},
			keys: "disclosed,issuer,nonce,proof,scheme", disclosed: []int{0, 2},
			check: func(t *testing.T, req map[string]any) {
				if req["nonce"] != "bm9uY2U=" || req["issuer"] != "issuer1" || req["scheme"] != "bbs+2020" {
					t.Errorf("request %v", req)
				}
				d := req["disclosed"].([]any)
				if m := d[0].(map[string]any)["message"]; string(b64dec(t, m)) != "name=Alice Müller" {
					t.Errorf("disclosed[0] = %q", b64dec(t, m))
				}
				if m := d[1].(map[string]any)["message"]; !bytes.Equal(b64dec(t, m), []byte{0, 1, 2, 3, 0xff}) {
					t.Errorf("disclosed[1] = %x, want the binary message", b64dec(t, m))
				}
			},
		},
		{name: "unsorted reveal with spaces", args: []string{"--reveal", "4, 1,3", "--nonce-random"}, keys: "disclosed,issuer,nonce,proof,scheme", disclosed: []int{1, 3, 4},
			check: func(t *testing.T, req map[string]any) {
				if n := len(b64dec(t, req["nonce"])); n != 32 {
					t.Errorf("--nonce-random gave %d bytes, want 32", n)
				}
			}},
		{name: "reveal none", args: []string{"--reveal", "none", "--nonce", ""}, keys: "issuer,nonce,proof,scheme", disclosed: nil},
		{name: "reveal all", args: []string{"--reveal", "all", "--nonce-random"}, keys: "disclosed,issuer,nonce,proof,scheme", disclosed: []int{0, 1, 2, 3, 4}},
		{name: "key version", args: []string{"--reveal", "3", "--nonce-random", "--key-version", "2"}, keys: "disclosed,issuer,keyVersion,nonce,proof,scheme", disclosed: []int{3},
			check: func(t *testing.T, req map[string]any) {
				if req["keyVersion"] != 2.0 {
					t.Errorf("keyVersion %v, want 2", req["keyVersion"])
				}
			}},
		{name: "bound nonce, given salt", args: []string{"--reveal", "1", "--bind-submitter", "user1.pem", "--msp", "Org1MSP", "--channel", "mychannel", "--salt", "c2FsdA=="},
			keys: "bindSubmitter,disclosed,issuer,nonce,proof,salt,scheme", disclosed: []int{1},
			check: func(t *testing.T, req map[string]any) {
				want := request.BoundNonce("mychannel", "Org1MSP", request.SubmitterID(cert), []byte("salt"))
				if !bytes.Equal(b64dec(t, req["nonce"]), want) || req["salt"] != "c2FsdA==" || req["bindSubmitter"] != true {
					t.Errorf("bound request %v; want nonce %x", req, want)
				}
			}},
		{name: "bound nonce, random salt", args: []string{"--reveal", "1", "--bind-submitter", "user1.pem", "--msp", "Org1MSP", "--channel", "mychannel"},
			keys: "bindSubmitter,disclosed,issuer,nonce,proof,salt,scheme", disclosed: []int{1},
			check: func(t *testing.T, req map[string]any) {
				salt := b64dec(t, req["salt"])
				want := request.BoundNonce("mychannel", "Org1MSP", request.SubmitterID(cert), salt)
				if len(salt) != 32 || !bytes.Equal(b64dec(t, req["nonce"]), want) {
					t.Errorf("bound request %v; want a 32-byte salt and nonce %x", req, want)
				}
			}},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := "req" + string(rune('a'+i)) + ".json"
			args := append([]string{"prove", "--credential", "cred.json", "--issuer", "issuer1", "--out", out}, tt.args...)
			mustBBS(t, dir, args...)
			req := readJSON(t, dir, out)
			if got := requestKeys(req); got != tt.keys {
				t.Errorf("request fields %s, want %s", got, tt.keys)
			}
			var idx []int
			if d, ok := req["disclosed"].([]any); ok {
				for _, x := range d {
					idx = append(idx, int(x.(map[string]any)["index"].(float64)))
				}
			}
			if !equalInts(idx, tt.disclosed) {
				t.Errorf("disclosed indices %v, want %v", idx, tt.disclosed)
			}
			// The chaincode's own parser accepts it.
			if _, err := request.Parse(readFile(t, dir, out)); err != nil {
				t.Errorf("request.Parse: %v", err)
			}
			if tt.check != nil {
				tt.check(t, req)
			}
			verifyArgs := []string{"verify", "--public-key", f.pub, "--request", out}
			if req["bindSubmitter"] == true {
				verifyArgs = append(verifyArgs, "--submitter-cert", "user1.pem", "--msp", "Org1MSP", "--channel", "mychannel")
			}
			check(t, runBBS(t, dir, "", verifyArgs...), 0, "stdout:valid")
		})
	}

	// Two proofs of the same disclosure are unlinkable: they differ.
	a := mustBBS(t, dir, "prove", "--credential", "cred.json", "--issuer", "i", "--reveal", "0", "--nonce", "")
	b := mustBBS(t, dir, "prove", "--credential", "cred.json", "--issuer", "i", "--reveal", "0", "--nonce", "")
	if a.stdout == b.stdout {
		t.Error("two proofs came out identical")
	}
}

func equalInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func TestProveErrors(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	dir := f.dir
	writeCert(t, dir, "user1.pem", "User1", "org1")
	writeFile(t, dir, "notpem.pem", "hello")
	writeFile(t, dir, "badcert.pem", string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("junk")})))
	other := readJSON(t, dir, "other.json")
	setCred := func(name string, f func(m map[string]any)) { mutateJSON(t, dir, "cred.json", name, f) }
	setCred("c-tampered.json", func(m map[string]any) { m["messages"].([]any)[1] = "birthdate=2010-01-01" })
	setCred("c-otherkey.json", func(m map[string]any) { m["publicKey"] = other["publicKey"] })
	setCred("c-badkey.json", func(m map[string]any) { m["publicKey"] = "AAAA" })
	setCred("c-nosig.json", func(m map[string]any) { delete(m, "signature") })
	setCred("c-shortsig.json", func(m map[string]any) { m["signature"] = "AAAA" })
	setCred("c-badmsg.json", func(m map[string]any) { m["messages"].([]any)[3] = map[string]any{"b64": "@"} })
	setCred("c-scheme.json", func(m map[string]any) { m["scheme"] = "nope" })
	setCred("c-header.json", func(m map[string]any) { m["header"] = "aGVhZGVy" })
	setCred("c-bigmsg.json", func(m map[string]any) { m["messages"].([]any)[0] = strings.Repeat("x", request.MaxMessageSize+1) })
	mustBBS(t, dir, "sign", "--key", "key.json", "--messages", writeJSON(t, dir, "big.json", []string{strings.Repeat("x", request.MaxMessageSize+1), "y"}), "--out", "c-big.json")

	many := make([]string, 80)
	for i := range many {
		many[i] = strings.Repeat("y", request.MaxMessageSize-100)
	}
	mustBBS(t, dir, "sign", "--key", "key.json", "--messages", writeJSON(t, dir, "many.json", many), "--out", "c-many.json")

	base := []string{"--credential", "cred.json", "--issuer", "issuer1"}
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"missing --credential", []string{"--reveal", "0", "--nonce-random", "--issuer", "i"}, []string{"missing --credential"}},
		{"missing --reveal", []string{"--credential", "cred.json", "--nonce-random", "--issuer", "i"}, []string{"missing --reveal"}},
		{"missing --issuer", []string{"--credential", "cred.json", "--reveal", "0", "--nonce-random"}, []string{"missing --issuer"}},
		{"bad --issuer", append(base[:2:2], "--issuer", "no spaces", "--reveal", "0", "--nonce-random"), []string{"--issuer", "does not match"}},
		{"no nonce", append(base, "--reveal", "0"), []string{"exactly one of --nonce"}},
		{"two nonces", append(base, "--reveal", "0", "--nonce", "AA==", "--nonce-random"), []string{"exactly one of --nonce"}},
		{"nonce not base64", append(base, "--reveal", "0", "--nonce", "a*b"), []string{"--nonce: not standard base64"}},
		{"index out of range", append(base, "--reveal", "0,5", "--nonce-random"), []string{"--reveal: index 5 out of range: cred.json has 5 messages (indices 0 to 4)"}},
		{"negative index", append(base, "--reveal", "-1", "--nonce-random"), []string{"--reveal: index -1 out of range"}},
		{"index twice", append(base, "--reveal", "1,1", "--nonce-random"), []string{"--reveal: index 1 given twice"}},
		{"index not a number", append(base, "--reveal", "first", "--nonce-random"), []string{`--reveal: "first" is not an index`}},
		{"empty index", append(base, "--reveal", "0,,1", "--nonce-random"), []string{`--reveal: "" is not an index`}},
		{"negative key version", append(base, "--reveal", "0", "--nonce-random", "--key-version", "-1"), []string{"--key-version: -1 is negative"}},
		{"msp without bind", append(base, "--reveal", "0", "--nonce-random", "--msp", "Org1MSP"), []string{"go with --bind-submitter"}},
		{"salt without bind", append(base, "--reveal", "0", "--nonce-random", "--salt", "AA=="), []string{"go with --bind-submitter"}},
		{"bind without channel", append(base, "--reveal", "0", "--bind-submitter", "user1.pem", "--msp", "Org1MSP"), []string{"--bind-submitter needs --msp and --channel"}},
		{"bind and nonce", append(base, "--reveal", "0", "--bind-submitter", "user1.pem", "--msp", "M", "--channel", "c", "--nonce", "AA=="), []string{"exactly one of"}},
		{"cert missing", append(base, "--reveal", "0", "--bind-submitter", "nope.pem", "--msp", "M", "--channel", "c"), []string{"nope.pem", "no such file"}},
		{"cert not PEM", append(base, "--reveal", "0", "--bind-submitter", "notpem.pem", "--msp", "M", "--channel", "c"), []string{"notpem.pem: no PEM CERTIFICATE block"}},
		{"cert not X.509", append(base, "--reveal", "0", "--bind-submitter", "badcert.pem", "--msp", "M", "--channel", "c"), []string{"badcert.pem: CERTIFICATE:"}},
		{"salt not base64", append(base, "--reveal", "0", "--bind-submitter", "user1.pem", "--msp", "M", "--channel", "c", "--salt", "*"), []string{"--salt: not standard base64"}},
		{"credential missing", []string{"--credential", "nope.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"nope.json", "no such file"}},
		{"message changed", []string{"--credential", "c-tampered.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-tampered.json: signature: does not verify"}},
		{"wrong public key", []string{"--credential", "c-otherkey.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-otherkey.json: signature: does not verify"}},
		{"malformed public key", []string{"--credential", "c-badkey.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-badkey.json: publicKey:", "malformed public key"}},
		{"no signature", []string{"--credential", "c-nosig.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-nosig.json: signature: missing"}},
		{"short signature", []string{"--credential", "c-shortsig.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-shortsig.json: signature:", "malformed signature"}},
		{"bad message", []string{"--credential", "c-badmsg.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-badmsg.json: messages[3]: b64: not standard base64"}},
		{"unknown scheme", []string{"--credential", "c-scheme.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-scheme.json: scheme", "unknown scheme"}},
		{"header on bbs+2020", []string{"--credential", "c-header.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"c-header.json", "header"}},
		{"credential is a key", []string{"--credential", "key.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"key.json", `unknown field "secretKey"`}},
		{"request over the size limit", []string{"--credential", "c-many.json", "--issuer", "i", "--reveal", "all", "--nonce-random"}, []string{"would be rejected by the chaincode", "over the limit"}},
		{"disclosed message over the request limit", []string{"--credential", "c-big.json", "--issuer", "i", "--reveal", "0", "--nonce-random"}, []string{"would be rejected by the chaincode", "disclosed[0].message", "over the limit"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runBBS(t, dir, "", append([]string{"prove", "--out", "out.json"}, tt.args...)...)
			check(t, r, 2, tt.want...)
		})
	}
	// Hidden, an over-long message is fine.
	mustBBS(t, dir, "prove", "--credential", "c-big.json", "--issuer", "i", "--reveal", "1", "--nonce-random")
}
