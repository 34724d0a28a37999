// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestVC2020Flow: bbs keygen --scheme bbs+2020, then bbs vc issue, derive
// --frame and verify with BbsBlsSignature2020 (chosen by the key's scheme
// and the proof type); MATTR's derived credential verifies; a tampered
// claim and a wrong --nonce exit 1; --reveal on a 2020 credential exits 2.
func TestVC2020Flow(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	td := filepath.Join("..", "..", "vc", "testdata", "ld2020")
	ctx := "--context=https://w3id.org/citizenship/v1=" + filepath.Join(td, "citizenship_v1.jsonld")
	if code, _, stderr := runVCTest(t, "keygen", "--scheme", "bbs+2020", "--out", p("issuer.json")); code != exitOK {
		t.Fatalf("keygen: %d %s", code, stderr)
	}
	signedMattr, err := os.ReadFile(filepath.Join(td, "signed-mattr.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The same credential, without MATTR's proof, issued here.
	unsigned := string(signedMattr[:strings.Index(string(signedMattr), `,
  "proof"`)]) + "\n}\n"
	if err := os.WriteFile(p("unsigned.json"), []byte(unsigned), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"),
		"--created", "2024-01-02T03:04:05Z", "--out", p("signed.json"), ctx); code != exitOK {
		t.Fatalf("issue: %d %s", code, stderr)
	}
	nonce := base64.StdEncoding.EncodeToString([]byte("a verifier nonce, 32 bytes long!"))
	if code, _, stderr := runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--frame", filepath.Join(td, "frame.json"),
		"--nonce", nonce, "--out", p("derived.json"), ctx); code != exitOK {
		t.Fatalf("derive: %d %s", code, stderr)
	}
	code, out, stderr := runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--nonce", nonce, ctx)
	if code != exitOK || !strings.Contains(out, `"givenName": "JOHN"`) || strings.Contains(out, "lprNumber") ||
		!strings.Contains(stderr, "BbsBlsSignatureProof2020") {
		t.Fatalf("verify: %d %s %s", code, out, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--nonce", base64.StdEncoding.EncodeToString([]byte("another")), ctx); code != exitFailed {
		t.Fatalf("wrong nonce: %d %s", code, stderr)
	}
	data, _ := os.ReadFile(p("derived.json"))
	if err := os.WriteFile(p("tampered.json"), []byte(strings.Replace(string(data), `"JOHN"`, `"JANE"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("tampered.json"), ctx); code != exitFailed {
		t.Fatalf("tampered: %d %s", code, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", filepath.Join(td, "derived-mattr.json"), ctx); code != exitOK {
		t.Fatalf("MATTR's derived credential: %d %s", code, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("signed.json"), ctx); code != exitOK {
		t.Fatalf("the signed credential: %d %s", code, stderr)
	}
	if code, _, _ = runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--reveal", "/credentialSubject/givenName", ctx); code != exitBadInput {
		t.Fatalf("--reveal on a 2020 credential: %d", code)
	}
	if code, _, _ = runVCTest(t, "vc", "verify", "--credential", p("derived.json")); code != exitBadInput {
		t.Fatalf("without the application context: %d", code)
	}
}
