// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVCHolderBindingFlow: vc holder-commit, vc issue --holder-commitment,
// vc derive --holder-secret, vc verify --holder-binding. Without
// --holder-binding the verifier refuses the feature (exit 2); another
// holder's secret cannot derive; --holder-binding on a baseline credential
// exits 1; a tampered commitment is refused by the issuer.
func TestVCHolderBindingFlow(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	if err := os.WriteFile(p("ctx.json"), []byte(`{"@context": {"licenseClass": "https://dmv.example/vocab#licenseClass"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p("unsigned.json"), []byte(`{
  "@context": ["https://www.w3.org/ns/credentials/v2", "https://dmv.example/ctx/v1"],
  "type": ["VerifiableCredential"],
  "issuer": "https://dmv.example/",
  "credentialSubject": {"licenseClass": "C"}
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	ctx := "--context=https://dmv.example/ctx/v1=" + p("ctx.json")
	must := func(what string, args ...string) (string, string) {
		t.Helper()
		code, out, stderr := runVCTest(t, args...)
		if code != exitOK {
			t.Fatalf("%s: %d %s", what, code, stderr)
		}
		return out, stderr
	}
	must("keygen", "vc", "keygen", "--out", p("issuer.json"))
	must("holder-commit", "vc", "holder-commit", "--secret-out", p("holder.json"), "--out", p("commitment.json"))
	must("other holder", "vc", "holder-commit", "--secret-out", p("other.json"), "--out", p("other-commitment.json"))
	if fi, err := os.Stat(p("holder.json")); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("holder secret file: %v %v", fi, err)
	}
	must("issue", "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"), "--mandatory", "/issuer",
		"--holder-commitment", p("commitment.json"), ctx, "--out", p("signed.json"))
	nonce := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))
	must("derive", "vc", "derive", "--credential", p("signed.json"), "--reveal", "/credentialSubject/licenseClass",
		"--nonce", nonce, "--holder-secret", p("holder.json"), ctx, "--out", p("derived.json"))
	stdout, _ := must("verify", "vc", "verify", "--credential", p("derived.json"), "--nonce", nonce, "--holder-binding", ctx)
	if !strings.Contains(stdout, `"licenseClass": "C"`) {
		t.Fatalf("verify: %s", stdout)
	}
	if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", p("derived.json"), ctx); code != exitBadInput {
		t.Errorf("without --holder-binding: %d %s", code, stderr)
	}
	if code, _, stderr := runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--holder-secret", p("other.json"), ctx); code == exitOK {
		t.Errorf("another holder's secret derived: %s", stderr)
	}
	// A baseline credential under --holder-binding.
	must("issue baseline", "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"), "--mandatory", "/issuer", ctx, "--out", p("plain.json"))
	must("derive baseline", "vc", "derive", "--credential", p("plain.json"), ctx, "--out", p("plain-derived.json"))
	if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", p("plain-derived.json"), "--holder-binding", ctx); code != exitFailed {
		t.Errorf("baseline under --holder-binding: %d %s", code, stderr)
	}
	// A commitment whose proof is false.
	data, err := os.ReadFile(p("commitment.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, `"commitment": "`) + len(`"commitment": "`) + 70
	bad := s[:i] + map[bool]string{true: "A", false: "B"}[s[i] != 'A'] + s[i+1:]
	if err := os.WriteFile(p("bad-commitment.json"), []byte(bad), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"),
		"--holder-commitment", p("bad-commitment.json"), ctx); code == exitOK || !strings.Contains(stderr, "commitment") {
		t.Errorf("a false commitment: %d %s", code, stderr)
	}
	if code, _, _ := runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--holder-secret", p("holder.json"), "--nym-secret", p("holder.json"), ctx); code != exitBadInput {
		t.Errorf("two features: %d", code)
	}
}
