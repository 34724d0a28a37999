// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVCPseudonymFlow: bbs nym-commit, vc issue --nym-commitment, vc derive
// --nym-secret --nym-domain, vc verify --nym-domain (prints the
// pseudonym; the same twice in one domain). Without --nym-domain the
// verifier refuses the feature (exit 2); another domain exits 1;
// --nym-domain without --nym-secret is a usage error.
func TestVCPseudonymFlow(t *testing.T) {
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
	must("nym-commit", "nym-commit", "--scheme", "bbs-nym-bls12381-sha256", "--secret-out", p("secret.json"), "--out", p("commitment.json"))
	must("issue", "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"), "--mandatory", "/issuer",
		"--nym-commitment", p("commitment.json"), ctx, "--out", p("signed.json"))
	const domain = "https://verifier.example/"
	var pseudonyms []string
	for i, n := range []string{"0123456789abcdef", "fedcba9876543210"} {
		nonce := base64.StdEncoding.EncodeToString([]byte(n))
		out := p("derived" + n + ".json")
		must("derive", "vc", "derive", "--credential", p("signed.json"), "--reveal", "/credentialSubject/licenseClass",
			"--nonce", nonce, "--nym-secret", p("secret.json"), "--nym-domain", domain, ctx, "--out", out)
		stdout, stderr := must("verify", "vc", "verify", "--credential", out, "--nonce", nonce, "--nym-domain", domain, ctx)
		if !strings.Contains(stdout, `"licenseClass": "C"`) || !strings.Contains(stderr, "pseudonym ") {
			t.Fatalf("verify %d: %s %s", i, stdout, stderr)
		}
		pseudonyms = append(pseudonyms, strings.Fields(stderr[strings.Index(stderr, "pseudonym "):])[1])
		if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", out, ctx); code != exitBadInput {
			t.Errorf("without --nym-domain: %d %s", code, stderr)
		}
		if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", out, "--nym-domain", "https://other.example/", ctx); code != exitFailed {
			t.Errorf("another domain: %d %s", code, stderr)
		}
	}
	if pseudonyms[0] != pseudonyms[1] {
		t.Errorf("two presentations in one domain: %s, %s", pseudonyms[0], pseudonyms[1])
	}
	if code, _, stderr := runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--nym-domain", domain, ctx); code != exitBadInput {
		t.Errorf("--nym-domain without --nym-secret: %d %s", code, stderr)
	}
}
