// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/vc"
)

// TestVCKeygenSchemes: bbs vc keygen --scheme makes a bbs-2023, a
// bbs-2023-pseudonym and a bbs+2020 issuer key and prints its did:key,
// which is the key file's public key; bbs inspect prints the same did:key
// and verification method for each (and for a bbs keygen key of any
// scheme); a scheme no credential suite uses exits 2.
func TestVCKeygenSchemes(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	for _, scheme := range []string{"bbs-bls12381-sha256", "bbs-nym-bls12381-sha256", "bbs+2020", ""} {
		file := p(scheme + "key.json")
		args := []string{"vc", "keygen", "--out", file}
		if scheme != "" {
			args = append(args, "--scheme", scheme)
		}
		code, out, stderr := runVCTest(t, args...)
		if code != exitOK {
			t.Fatalf("%s: %d %s", scheme, code, stderr)
		}
		want := scheme
		if want == "" {
			want = "bbs-bls12381-sha256"
		}
		did := strings.TrimSpace(out)
		var kf KeyFile
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(data, &kf); err != nil {
			t.Fatal(err)
		}
		if kf.Scheme != want {
			t.Fatalf("%s: key file scheme %q", want, kf.Scheme)
		}
		pk, err := vc.ParseDIDKey(did)
		if err != nil || base64.StdEncoding.EncodeToString(pk) != kf.PublicKey {
			t.Fatalf("%s: did:key %q is not the key file's public key %s: %v", want, did, kf.PublicKey, err)
		}
		mk := strings.TrimPrefix(did, "did:key:")
		code, out, stderr = runVCTest(t, "inspect", file)
		if code != exitOK || !strings.Contains(out, "didKey:") || !strings.Contains(out, " "+did+"\n") ||
			!strings.Contains(out, " "+did+"#"+mk+"\n") || strings.Contains(out, kf.SecretKey) {
			t.Fatalf("%s: inspect: %d %s %s", want, code, out, stderr)
		}
		code, out, _ = runVCTest(t, "inspect", "--json", file)
		var rep map[string]any
		if err := json.Unmarshal([]byte(out), &rep); code != exitOK || err != nil ||
			rep["didKey"] != did || rep["verificationMethod"] != did+"#"+mk || rep["scheme"] != want {
			t.Fatalf("%s: inspect --json: %d %s %v", want, code, out, err)
		}
	}
	// bbs keygen keys: inspect names them by did:key too.
	for _, scheme := range []string{"bbs+2020", "bbs-nym-bls12381-sha256", "bbs-bls12381-shake256"} {
		file := p("plain-" + scheme + ".json")
		code, out, stderr := runVCTest(t, "keygen", "--scheme", scheme, "--out", file)
		if code != exitOK {
			t.Fatalf("keygen %s: %d %s", scheme, code, stderr)
		}
		pk, _ := base64.StdEncoding.DecodeString(strings.TrimSpace(out))
		did, _, err := vc.DIDKey(pk)
		if err != nil {
			t.Fatal(err)
		}
		if code, out, _ = runVCTest(t, "inspect", file); code != exitOK || !strings.Contains(out, " "+did+"\n") {
			t.Fatalf("inspect %s: %d %s", scheme, code, out)
		}
	}
	if code, _, stderr := runVCTest(t, "vc", "keygen", "--scheme", "bbs-bls12381-shake256", "--out", p("shake.json")); code != exitBadInput {
		t.Fatalf("--scheme bbs-bls12381-shake256: %d %s", code, stderr)
	}
	if _, err := os.Stat(p("shake.json")); !os.IsNotExist(err) {
		t.Fatalf("a refused --scheme wrote a key file: %v", err)
	}
	if code, _, _ := runVCTest(t, "vc", "keygen", "--scheme", "nonsense", "--out", p("x.json")); code != exitBadInput {
		t.Fatalf("--scheme nonsense: %d", code)
	}
}

// TestVC2020SubjectID: the reported bug, through the CLI. A bbs+2020 key
// from bbs vc keygen issues (its did:key the issuer and the proof's
// verification method) a credential without an id whose credentialSubject
// has the id urn:uuid:1; bbs vc verify accepts what bbs vc derive made
// (it refused it as invalid before package vc sorted the disclosed
// statements again); a tampered claim exits 1.
func TestVC2020SubjectID(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	td := filepath.Join("..", "..", "vc", "testdata", "ld2020")
	ctx := "--context=https://w3id.org/citizenship/v1=" + filepath.Join(td, "citizenship_v1.jsonld")
	code, out, stderr := runVCTest(t, "vc", "keygen", "--scheme", "bbs+2020", "--out", p("issuer.json"))
	if code != exitOK {
		t.Fatalf("vc keygen: %d %s", code, stderr)
	}
	did := strings.TrimSpace(out)
	data, err := os.ReadFile(filepath.Join(td, "signed-mattr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "proof")
	delete(doc, "id")
	doc["issuer"] = did
	doc["credentialSubject"].(map[string]any)["id"] = "urn:uuid:1"
	b, _ := json.Marshal(doc)
	if err := os.WriteFile(p("unsigned.json"), b, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"),
		"--created", "2024-01-02T03:04:05Z", "--out", p("signed.json"), ctx); code != exitOK {
		t.Fatalf("issue: %d %s", code, stderr)
	}
	signed, _ := os.ReadFile(p("signed.json"))
	if !strings.Contains(string(signed), `"verificationMethod": "`+did+"#"+strings.TrimPrefix(did, "did:key:")+`"`) {
		t.Fatalf("the proof's verificationMethod is not the printed did:key's:\n%s", signed)
	}
	nonce := base64.StdEncoding.EncodeToString([]byte("a verifier nonce, 32 bytes long!"))
	if code, _, stderr := runVCTest(t, "vc", "derive", "--credential", p("signed.json"), "--frame", filepath.Join(td, "frame.json"),
		"--nonce", nonce, "--out", p("derived.json"), ctx); code != exitOK {
		t.Fatalf("derive: %d %s", code, stderr)
	}
	code, out, stderr = runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--nonce", nonce, ctx)
	if code != exitOK || !strings.Contains(out, `"urn:uuid:1"`) || strings.Contains(out, "lprNumber") {
		t.Fatalf("verify: %d %s %s", code, out, stderr)
	}
	derived, _ := os.ReadFile(p("derived.json"))
	if err := os.WriteFile(p("tampered.json"), []byte(strings.Replace(string(derived), `"JOHN"`, `"JANE"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr = runVCTest(t, "vc", "verify", "--credential", p("tampered.json"), ctx); code != exitFailed {
		t.Fatalf("tampered: %d %s", code, stderr)
	}
}

// TestVCKeygenNym: a bbs-nym-bls12381-sha256 key from bbs vc keygen (the
// scheme the contract registers pseudonym issuers with) issues a
// pseudonym credential whose verification method is its printed did:key;
// the holder derives and the verifier accepts it.
func TestVCKeygenNym(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	write := func(n, s string) {
		if err := os.WriteFile(p(n), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, stderr := runVCTest(t, "vc", "keygen", "--scheme", "bbs-nym-bls12381-sha256", "--out", p("issuer.json"))
	if code != exitOK {
		t.Fatalf("vc keygen: %d %s", code, stderr)
	}
	did := strings.TrimSpace(out)
	ctx := "--context=https://dmv.example/ctx/v1=" + p("ctx.json")
	write("ctx.json", `{"@context": {"licenseClass": "https://dmv.example/vocab#licenseClass"}}`)
	write("unsigned.json", `{"@context": ["https://www.w3.org/ns/credentials/v2", "https://dmv.example/ctx/v1"],
  "type": ["VerifiableCredential"], "issuer": "`+did+`", "credentialSubject": {"licenseClass": "C"}}`)
	steps := [][]string{
		{"nym-commit", "--scheme", "bbs-nym-bls12381-sha256", "--secret-out", p("secret.json"), "--out", p("commitment.json")},
		{"vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"), "--mandatory", "/issuer",
			"--nym-commitment", p("commitment.json"), "--out", p("signed.json"), ctx},
		{"vc", "derive", "--credential", p("signed.json"), "--reveal", "/credentialSubject/licenseClass", "--nonce", "bm9uY2Ugb2YgMTYgYnl0ZXMh",
			"--nym-secret", p("secret.json"), "--nym-domain", "https://verifier.example/", "--out", p("derived.json"), ctx},
		{"vc", "verify", "--credential", p("derived.json"), "--nonce", "bm9uY2Ugb2YgMTYgYnl0ZXMh", "--nym-domain", "https://verifier.example/", ctx},
	}
	for _, args := range steps {
		if code, _, stderr := runVCTest(t, args...); code != exitOK {
			t.Fatalf("%s: %d %s", strings.Join(args[:2], " "), code, stderr)
		}
	}
	signed, _ := os.ReadFile(p("signed.json"))
	if !strings.Contains(string(signed), `"verificationMethod": "`+did+"#"+strings.TrimPrefix(did, "did:key:")+`"`) {
		t.Fatalf("the proof's verificationMethod is not the printed did:key's:\n%s", signed)
	}
}
