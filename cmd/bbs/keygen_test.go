// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

func TestKeygen(t *testing.T) {
	dir := t.TempDir()
	r := mustBBS(t, dir, "keygen")
	pub := strings.TrimSpace(r.stdout)
	if n := len(b64dec(t, pub)); n != bbs.PublicKeySize {
		t.Fatalf("public key on stdout has %d bytes, want %d: %q", n, bbs.PublicKeySize, r.stdout)
	}
	st, err := os.Stat(filepath.Join(dir, "key.json"))
	if err != nil {
		t.Fatalf("default --out key.json: %v", err)
	}
	if perm := st.Mode().Perm(); perm != 0o600 {
		t.Errorf("key.json mode %o, want 600", perm)
	}
	k := readJSON(t, dir, "key.json")
	if k["scheme"] != "bbs+2020" || k["publicKey"] != pub || len(b64dec(t, k["secretKey"])) != bbs.SecretKeySize || len(k) != 3 {
		t.Errorf("key.json = %v; want scheme bbs+2020, publicKey %s and a secretKey", k, pub)
	}

	// The secret key is never replaced by accident.
	before := readFile(t, dir, "key.json")
	check(t, runBBS(t, dir, "", "keygen"), 2, "key.json: file exists", "--force")
	if string(readFile(t, dir, "key.json")) != string(before) {
		t.Fatal("keygen without --force changed an existing key.json")
	}
	r = mustBBS(t, dir, "keygen", "--force")
	if strings.TrimSpace(r.stdout) == pub {
		t.Error("keygen --force made the same key again")
	}
	// Even over a file that was world-readable, the key file ends up 0600.
	writeFile(t, dir, "open.json", "{}")
	os.Chmod(filepath.Join(dir, "open.json"), 0o644)
	mustBBS(t, dir, "keygen", "--out", "open.json", "--force")
	if st, _ := os.Stat(filepath.Join(dir, "open.json")); st.Mode().Perm() != 0o600 {
		t.Errorf("replaced key file mode %o, want 600", st.Mode().Perm())
	}
	if leftovers, _ := filepath.Glob(filepath.Join(dir, ".*tmp*")); len(leftovers) > 0 {
		t.Errorf("temporary files left behind: %v", leftovers)
	}
}

func TestKeygenSeed(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "seed", "an issuer seed of at least 32 bytes, kept secret")
	writeFile(t, dir, "seed2", "another issuer seed of at least 32 bytes, kept secret")
	a := mustBBS(t, dir, "keygen", "--seed-file", "seed", "--out", "a.json")
	b := mustBBS(t, dir, "keygen", "--seed-file", "seed", "--out", "b.json")
	c := mustBBS(t, dir, "keygen", "--seed-file", "seed2", "--out", "c.json")
	if a.stdout != b.stdout {
		t.Errorf("the same seed gave two keys: %q, %q", a.stdout, b.stdout)
	}
	if a.stdout == c.stdout {
		t.Error("two seeds gave the same key")
	}
	if string(readFile(t, dir, "a.json")) != string(readFile(t, dir, "b.json")) {
		t.Error("the same seed gave two key files")
	}
	// From standard input, and to standard output.
	r := runBBS(t, dir, "an issuer seed of at least 32 bytes, kept secret", "keygen", "--seed-file", "-", "--out", "-")
	check(t, r, 0)
	if !strings.Contains(r.stdout, `"secretKey"`) || !strings.Contains(r.stdout, strings.TrimSpace(a.stdout)) {
		t.Errorf("keygen --out - printed %q, want the key pair JSON with the seed's public key", r.stdout)
	}
}

func TestKeygenErrors(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "short", "too short")
	writeFile(t, dir, "seed32", "0123456789abcdef0123456789abcdef")
	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"unknown scheme", []string{"keygen", "--scheme", "rsa", "--out", "x.json"}, []string{"--scheme", "unknown scheme", `"rsa"`, "bbs+2020"}},
		{"empty scheme", []string{"keygen", "--scheme", "", "--out", "x.json"}, []string{"--scheme: missing scheme name"}},
		{"short seed", []string{"keygen", "--seed-file", "short", "--out", "x.json"}, []string{"--seed-file short", "seed of 9 bytes"}},
		{"missing seed file", []string{"keygen", "--seed-file", "nope", "--out", "x.json"}, []string{"--seed-file", "nope", "no such file"}},
		{"empty out", []string{"keygen", "--out", ""}, []string{"--out: empty file name"}},
		{"key info for bbs+2020", []string{"keygen", "--seed-file", "seed32", "--key-info", "aW5mbw==", "--out", "x.json"}, []string{"--key-info", "IETF schemes only"}},
		{"key info without seed", []string{"keygen", "--scheme", "bbs-bls12381-sha256", "--key-info", "aW5mbw==", "--out", "x.json"}, []string{"--key-info and --key-dst go with --seed-file"}},
		{"key dst not base64", []string{"keygen", "--scheme", "bbs-bls12381-sha256", "--seed-file", "seed32", "--key-dst", "?", "--out", "x.json"}, []string{"--key-dst: not standard base64"}},
		{"out in missing directory", []string{"keygen", "--out", "no/such/dir/key.json"}, []string{"--out no/such/dir/key.json"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runBBS(t, dir, "", tt.args...)
			if r.code == 0 {
				t.Fatalf("succeeded: %v", r)
			}
			check(t, r, r.code, tt.want...)
			if r.stdout != "" {
				t.Errorf("printed on stdout after an error: %q", r.stdout)
			}
		})
	}
	if _, err := os.Stat(filepath.Join(dir, "x.json")); err == nil {
		t.Error("a failed keygen wrote x.json")
	}
}

// TestKeygenIETFFixture derives the key pair of the IETF draft's fixtures
// (keypair.json of each ciphersuite) with --seed-file, --key-info and
// --key-dst.
func TestKeygenIETFFixture(t *testing.T) {
	for scheme, suite := range map[string]string{
		"bbs-bls12381-sha256":   "bls12-381-sha-256",
		"bbs-bls12381-shake256": "bls12-381-shake-256",
	} {
		t.Run(scheme, func(t *testing.T) {
			var fx struct {
				KeyMaterial, KeyInfo, KeyDst string
				KeyPair                      struct{ SecretKey, PublicKey string }
			}
			b, err := os.ReadFile(filepath.Join("../../bbs/testdata/ietf-bbs", suite, "keypair.json"))
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &fx); err != nil {
				t.Fatal(err)
			}
			dir := t.TempDir()
			writeFile(t, dir, "ikm", string(unhex(t, fx.KeyMaterial)))
			r := mustBBS(t, dir, "keygen", "--scheme", scheme, "--seed-file", "ikm",
				"--key-info", base64.StdEncoding.EncodeToString(unhex(t, fx.KeyInfo)),
				"--key-dst", base64.StdEncoding.EncodeToString(unhex(t, fx.KeyDst)))
			if got := hex.EncodeToString(b64dec(t, strings.TrimSpace(r.stdout))); got != fx.KeyPair.PublicKey {
				t.Errorf("public key %s, want %s", got, fx.KeyPair.PublicKey)
			}
			if got := hex.EncodeToString(b64dec(t, readJSON(t, dir, "key.json")["secretKey"])); got != fx.KeyPair.SecretKey {
				t.Errorf("secret key %s, want %s", got, fx.KeyPair.SecretKey)
			}
		})
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
