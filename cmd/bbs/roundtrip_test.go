// SPDX-License-Identifier: Apache-2.0

package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// hasHeader reports whether scheme s signs a header (the IETF schemes do,
// BBS+ 2020 does not).
func hasHeader(t *testing.T, s bbs.Scheme) bool {
	t.Helper()
	sk, err := s.NewKeyFromSeed([]byte("a seed of at least thirty-two bytes for the header probe"))
	if err != nil {
		t.Fatal(err)
	}
	_, err = s.Sign(sk, []byte("h"), [][]byte{[]byte("m")})
	if errors.Is(err, bbs.ErrInvalidArgument) {
		return false
	}
	if err != nil {
		t.Fatalf("%s: sign with a header: %v", s.Name(), err)
	}
	return true
}

// TestRoundTrip runs keygen → sign → prove → verify for every scheme the
// bbs package supports, and checks that a proof of one scheme does not
// verify as another.
func TestRoundTrip(t *testing.T) {
	schemes := bbs.Schemes()
	if len(schemes) == 0 {
		t.Fatal("no schemes")
	}
	root := t.TempDir() // outlives the subtests, for the cross-scheme checks
	dirs := make(map[string]string)
	for i, s := range schemes {
		name := s.Name()
		issuer := fmt.Sprintf("issuer-%d", i)
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(root, issuer)
			if err := os.Mkdir(dir, 0o700); err != nil {
				t.Fatal(err)
			}
			dirs[name] = dir
			pub := strings.TrimSpace(mustBBS(t, dir, "keygen", "--scheme", name, "--out", "key.json").stdout)
			writeFile(t, dir, "msgs.json", `["given_name=Ada", "family_name=Lovelace", "born=1815-12-10", {"b64": "3q2+7w=="}, "", "ε=∂"]`)
			signArgs := []string{"sign", "--key", "key.json", "--messages", "msgs.json", "--out", "cred.json"}
			header := hasHeader(t, s)
			if header {
				signArgs = append(signArgs, "--header", "aGVhZGVyIG9mIHRoZSBjcmVkZW50aWFs")
			}
			mustBBS(t, dir, signArgs...)
			cred := readJSON(t, dir, "cred.json")
			if cred["scheme"] != name || cred["publicKey"] != pub {
				t.Fatalf("credential %v: want scheme %s and the key's public key", cred, name)
			}
			if _, ok := cred["header"]; ok != header {
				t.Errorf("credential header present %v, want %v", ok, header)
			}
			for i, reveal := range []string{"none", "0", "5", "1,3", "0,2,4,5", "all"} {
				out := fmt.Sprintf("req%d.json", i)
				mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", reveal,
					"--nonce-random", "--issuer", issuer, "--key-version", "1", "--out", out)
				req := readJSON(t, dir, out)
				if req["scheme"] != name || req["issuer"] != issuer {
					t.Errorf("--reveal %s: request %v", reveal, req)
				}
				if _, ok := req["header"]; ok != header {
					t.Errorf("--reveal %s: request header present %v, want %v", reveal, ok, header)
				}
				for _, pk := range []string{pub, "@key.json", "@cred.json"} {
					check(t, runBBS(t, dir, "", "verify", "--public-key", pk, "--request", out), 0, "stdout:valid: the "+name+" proof verifies")
				}
				check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", out, "--scheme", name), 0)
				insp := mustBBS(t, dir, "inspect", out)
				if !strings.Contains(insp.stdout, "scheme:") || !strings.Contains(insp.stdout, name) {
					t.Errorf("inspect %s:\n%s", out, insp.stdout)
				}
			}
			// A header that differs from the signed one fails the proof.
			if header {
				mutateJSON(t, dir, "req0.json", "hdr.json", func(m map[string]any) { m["header"] = "b3RoZXIgaGVhZGVy" })
				check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", "hdr.json"), 1, "stdout:invalid:")
			}
			insp := mustBBS(t, dir, "inspect", "--json", "cred.json")
			if !strings.Contains(insp.stdout, `"messages":6`) || !strings.Contains(insp.stdout, `"signatureValid":true`) {
				t.Errorf("inspect credential: %s", insp.stdout)
			}
		})
	}
	// Cross-scheme: each scheme's request, verified as every other scheme
	// with that scheme's key material.
	for _, a := range schemes {
		for _, b := range schemes {
			if a == b || dirs[a.Name()] == "" || dirs[b.Name()] == "" {
				continue
			}
			t.Run(a.Name()+" as "+b.Name(), func(t *testing.T) {
				da := dirs[a.Name()]
				pub := readJSON(t, da, "key.json")["publicKey"].(string)
				noScheme := mutateJSON(t, da, "req3.json", "noscheme-"+b.Name()+".json", func(m map[string]any) { delete(m, "scheme"); delete(m, "header") })
				r := runBBS(t, da, "", "verify", "--public-key", pub, "--request", noScheme, "--scheme", b.Name())
				if r.code == 0 {
					t.Errorf("a %s proof verified as %s:\n%v", a.Name(), b.Name(), r)
				}
				// The other scheme's key file names its scheme.
				r = runBBS(t, da, "", "verify", "--public-key", "@"+dirs[b.Name()]+"/key.json", "--request", "req3.json")
				check(t, r, 2, "scheme: the key is for "+b.Name())
			})
		}
	}
}
