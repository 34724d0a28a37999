// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runVCTest(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var out, errb bytes.Buffer
	code = run(args, &out, &errb)
	return code, out.String(), errb.String()
}

// TestVCFlow: bbs vc keygen, issue, derive, verify on a credential with an
// application context from --context; a tampered claim exits 1, a wrong
// --nonce exits 1, an unknown context and an unsafe credential exit 2.
func TestVCFlow(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	write := func(n, s string) {
		if err := os.WriteFile(p(n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ctx.json", `{"@context": {"licenseClass": "https://dmv.example/vocab#licenseClass", "birthDate": "https://dmv.example/vocab#birthDate"}}`)
	write("unsigned.json", `{
  "@context": ["https://www.w3.org/ns/credentials/v2", "https://dmv.example/ctx/v1"],
  "type": ["VerifiableCredential"],
  "issuer": "https://dmv.example/",
  "validFrom": "2026-01-01T00:00:00Z",
  "credentialSubject": {"id": "did:example:holder", "licenseClass": "C", "birthDate": "1990-04-01"}
}`)
	ctx := "--context=https://dmv.example/ctx/v1=" + p("ctx.json")
	code, did, stderr := runVCTest(t, "vc", "keygen", "--out", p("issuer.json"))
	if code != exitOK || !strings.HasPrefix(did, "did:key:zUC7") {
		t.Fatalf("keygen: %d %q %s", code, did, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"),
		"--mandatory", "/issuer,/validFrom", ctx, "--out", p("signed.json")); code != exitOK {
		t.Fatalf("issue: %d %s", code, stderr)
	}
	nonce := base64.StdEncoding.EncodeToString([]byte("0123456789abcdef"))
	if code, _, stderr = runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--reveal", "/credentialSubject/licenseClass",
		"--nonce", nonce, ctx, "--out", p("derived.json")); code != exitOK {
		t.Fatalf("derive: %d %s", code, stderr)
	}
	code, out, stderr := runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--nonce", nonce, ctx)
	if code != exitOK || !strings.Contains(out, `"licenseClass": "C"`) || strings.Contains(out, "birthDate") {
		t.Fatalf("verify: %d %s %s", code, out, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--nonce", base64.StdEncoding.EncodeToString([]byte("another nonce!!!")), ctx); code != exitFailed {
		t.Errorf("wrong --nonce: %d %s", code, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("derived.json")); code != exitBadInput {
		t.Errorf("unknown context: %d %s", code, stderr)
	}
	b, _ := os.ReadFile(p("derived.json"))
	var doc map[string]any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	doc["credentialSubject"].(map[string]any)["licenseClass"] = "A"
	tampered, _ := json.Marshal(doc)
	write("tampered.json", string(tampered))
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("tampered.json"), ctx); code != exitFailed {
		t.Errorf("tampered: %d %s", code, stderr)
	}
	doc["credentialSubject"].(map[string]any)["licenseClass"] = "C"
	doc["credentialSubject"].(map[string]any)["@note"] = "unsigned"
	unsafe, _ := json.Marshal(doc)
	write("unsafe.json", string(unsafe))
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("unsafe.json"), ctx); code != exitBadInput {
		t.Errorf("unsafe: %d %s", code, stderr)
	}
	if code, _, _ = runVCTest(t, "vc", "nosuch"); code != exitBadInput {
		t.Errorf("unknown sub-command: %d", code)
	}
	if code, out, _ = runVCTest(t, "vc", "verify", "--help"); code != exitOK || !strings.Contains(out, "Usage: bbs vc verify") {
		t.Errorf("help: %d %s", code, out)
	}
}

// TestVCVerificationMethod: bbs vc issue --verification-method signs
// under a did:web verification method; vc verify resolves it only with
// --did-key, the issuer's did:key, and a credential under another key's
// did:key fails; a method that is not a DID URL is a usage error, with
// either scheme.
func TestVCVerificationMethod(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	if err := os.WriteFile(p("unsigned.json"), []byte(`{
  "@context": ["https://www.w3.org/ns/credentials/v2", {"@vocab": "https://dmv.example/vocab#"}],
  "type": ["VerifiableCredential"],
  "issuer": "did:web:dmv.example",
  "credentialSubject": {"licenseClass": "C"}
}`), 0o644); err != nil {
		t.Fatal(err)
	}
	code, did, stderr := runVCTest(t, "vc", "keygen", "--out", p("issuer.json"))
	if code != exitOK {
		t.Fatalf("keygen: %d %s", code, stderr)
	}
	did = strings.TrimSpace(did)
	code, other, _ := runVCTest(t, "vc", "keygen", "--out", p("other.json"))
	if code != exitOK {
		t.Fatal("keygen other")
	}
	const vm = "did:web:dmv.example#key-1"
	if code, _, stderr = runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"),
		"--mandatory", "/issuer", "--verification-method", vm, "--out", p("signed.json")); code != exitOK {
		t.Fatalf("issue: %d %s", code, stderr)
	}
	if code, _, stderr = runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--reveal", "/credentialSubject/licenseClass",
		"--out", p("derived.json")); code != exitOK {
		t.Fatalf("derive: %d %s", code, stderr)
	}
	b, _ := os.ReadFile(p("derived.json"))
	if !strings.Contains(string(b), `"verificationMethod": "`+vm+`"`) {
		t.Fatalf("derived credential without %s: %s", vm, b)
	}
	if code, _, _ = runVCTest(t, "vc", "verify", "--credential", p("derived.json")); code == exitOK {
		t.Error("verified a did:web credential without --did-key")
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--did-key", did); code != exitOK || !strings.Contains(stderr, vm) {
		t.Errorf("verify --did-key: %d %s", code, stderr)
	}
	if code, _, _ = runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--did-key", strings.TrimSpace(other)); code != exitFailed {
		t.Errorf("verify under another key: %d", code)
	}
	if code, _, _ = runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"), "--verification-method", "https://dmv.example/k"); code != exitBadInput {
		t.Errorf("not a DID URL: %d", code)
	}
	if code, _, _ = runVCTest(t, "keygen", "--scheme", "bbs+2020", "--out", p("k2020.json")); code != exitOK {
		t.Fatal("keygen bbs+2020")
	}
	// A bbs+2020 key signs under a method too (TestVC2020VerificationMethod),
	// but not under one that is not a DID URL.
	if code, _, _ = runVCTest(t, "vc", "issue", "--key", p("k2020.json"), "--credential", p("unsigned.json"), "--verification-method", "https://dmv.example/k"); code != exitBadInput {
		t.Errorf("bbs+2020, not a DID URL: %d", code)
	}
}

// TestVCContextsDir: --contexts DIR with an index.json, as the shared
// vector set lays its contexts out, verifies the W3C vector; a file whose
// SHA-256 is not the index's is refused.
func TestVCContextsDir(t *testing.T) {
	dir := t.TempDir()
	ctx := `{"@context": {"x": "https://ex.example/x"}}`
	if err := os.WriteFile(filepath.Join(dir, "x.jsonld"), []byte(ctx), 0o644); err != nil {
		t.Fatal(err)
	}
	index := `{"https://ex.example/ctx": {"file": "x.jsonld", "sha256OfFile": "0000000000000000000000000000000000000000000000000000000000000000"}}`
	if err := os.WriteFile(filepath.Join(dir, "index.json"), []byte(index), 0o644); err != nil {
		t.Fatal(err)
	}
	vector := filepath.Join("..", "..", "vc", "testdata", "w3c", "derivedRevealDocument.json")
	if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", vector, "--contexts", dir); code != exitBadInput || !strings.Contains(stderr, "SHA-256") {
		t.Errorf("bad sha256: %d %s", code, stderr)
	}
	if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", vector, "--contexts", filepath.Join("..", "..", "vc", "contexts")); code != exitOK {
		t.Errorf("W3C vector with --contexts vc/contexts: %d %s", code, stderr)
	}
}
