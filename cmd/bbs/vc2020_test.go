// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
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

// TestVC2020VerificationMethod: bbs vc issue --verification-method signs a
// BbsBlsSignature2020 credential under a did:web method; derive and verify
// check the signature only under --did-key (the issuer's did:key; another
// key's fails), and the derived proof names the method. Through the
// contract, the derived credential verifies once the issuer's owner
// declared the method (bbs declare-methods), in a request naming the
// ledger issuer.
func TestVC2020VerificationMethod(t *testing.T) {
	dir := t.TempDir()
	p := func(n string) string { return filepath.Join(dir, n) }
	td := filepath.Join("..", "..", "vc", "testdata", "ld2020")
	ctxPath := filepath.Join(td, "citizenship_v1.jsonld")
	ctx := "--context=https://w3id.org/citizenship/v1=" + ctxPath
	const did, vm = "did:web:gov.example", "did:web:gov.example#key-1"
	code, didKey, stderr := runVCTest(t, "vc", "keygen", "--scheme", "bbs+2020", "--out", p("issuer.json"))
	if code != exitOK {
		t.Fatalf("keygen: %d %s", code, stderr)
	}
	didKey = strings.TrimSpace(didKey)
	code, other, _ := runVCTest(t, "vc", "keygen", "--scheme", "bbs+2020", "--out", p("other.json"))
	if code != exitOK {
		t.Fatal("keygen other")
	}
	other = strings.TrimSpace(other)
	signedMattr, err := os.ReadFile(filepath.Join(td, "signed-mattr.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(signedMattr, &doc); err != nil {
		t.Fatal(err)
	}
	delete(doc, "proof")
	doc["issuer"] = did // the contract wants the DID before '#'
	unsigned, _ := json.Marshal(doc)
	if err := os.WriteFile(p("unsigned.json"), unsigned, 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, stderr := runVCTest(t, "vc", "issue", "--key", p("issuer.json"), "--credential", p("unsigned.json"),
		"--created", "2026-12-01T18:00:00Z", "--verification-method", vm, "--out", p("signed.json"), ctx); code != exitOK {
		t.Fatalf("issue: %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(p("signed.json")); !strings.Contains(string(b), `"verificationMethod": "`+vm+`"`) {
		t.Fatalf("signed credential without %s: %s", vm, b)
	}
	nonce := base64.StdEncoding.EncodeToString([]byte("a verifier nonce, 32 bytes long!"))
	derive := func(extra ...string) (int, string) {
		args := append([]string{"vc", "derive", "--credential", p("signed.json"), "--frame", filepath.Join(td, "frame.json"),
			"--nonce", nonce, "--out", p("derived.json"), "--force", ctx}, extra...)
		code, _, stderr := runVCTest(t, args...)
		return code, stderr
	}
	if code, _ := derive(); code == exitOK {
		t.Fatal("derived a did:web credential without --did-key")
	}
	if code, stderr := derive("--did-key", other); code == exitOK || !strings.Contains(stderr, "invalid") {
		t.Fatalf("derive under another key: %d %s", code, stderr)
	}
	if code, stderr := derive("--did-key", didKey); code != exitOK {
		t.Fatalf("derive --did-key: %d %s", code, stderr)
	}
	derived, _ := os.ReadFile(p("derived.json"))
	if !strings.Contains(string(derived), `"verificationMethod": "`+vm+`"`) {
		t.Fatalf("derived credential without %s: %s", vm, derived)
	}
	if code, _, _ := runVCTest(t, "vc", "verify", "--credential", p("derived.json"), ctx); code == exitOK {
		t.Error("verified a did:web credential without --did-key")
	}
	if code, _, stderr := runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--nonce", nonce, "--did-key", didKey, ctx); code != exitOK {
		t.Errorf("verify --did-key: %d %s", code, stderr)
	}
	if code, _, _ := runVCTest(t, "vc", "verify", "--credential", p("derived.json"), "--did-key", other, ctx); code != exitFailed {
		t.Errorf("verify under another key: %d", code)
	}

	// Through the contract.
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
	user := ca.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: "User1@org1.example.com"}, nil)
	if err := os.WriteFile(p("cert.pem"), user.PEM, 0o644); err != nil {
		t.Fatal(err)
	}
	// 4 proof-option statements (type, purpose, method, created) and the
	// card's 20.
	reg := mustBBS(t, dir, "register-request", "--key", "issuer.json", "--id", "gov", "--channel", "mychannel",
		"--msp", "Org1MSP", "--cert", "cert.pem", "--counts", "24").stdout
	methods := mustBBS(t, dir, "declare-methods", "--method", vm).stdout
	ctxDoc, err := os.ReadFile(ctxPath)
	if err != nil {
		t.Fatal(err)
	}
	var cred map[string]any
	if err := json.Unmarshal(derived, &cred); err != nil {
		t.Fatal(err)
	}
	req, _ := json.Marshal(map[string]any{"credential": cred, "issuer": "gov"})
	cc, err := contract.NewChaincode()
	if err != nil {
		t.Fatal(err)
	}
	l := fakestub.NewLedger("mychannel")
	l.DefaultChaincodeName = contract.Name
	for _, tx := range [][]string{
		{"bbs:SetEndorsementConfig", `{"mode":"owner","orgs":["Org1MSP"]}`},
		{"bbs:RegisterIssuer", reg},
		{"bbs:RegisterContext", "gov", "https://w3id.org/citizenship/v1", string(ctxDoc)},
	} {
		if r := l.Submit(cc, user.Creator, tx...); !r.Committed {
			t.Fatalf("%s: %s", tx[0], r.Response.GetMessage())
		}
	}
	if r := l.Evaluate(cc, user.Creator, "bbs:VerifyCredential", string(req)); r.OK() {
		t.Fatal("verified before the method was declared")
	}
	if r := l.Submit(cc, user.Creator, "bbs:DeclareVerificationMethods", "gov", "1", methods); !r.Committed {
		t.Fatalf("DeclareVerificationMethods: %s", r.Response.GetMessage())
	}
	r := l.Evaluate(cc, user.Creator, "bbs:VerifyCredential", string(req))
	if !r.OK() {
		t.Fatalf("VerifyCredential: %s", r.Response.GetMessage())
	}
	res := fakestub.Decode[contract.CredentialResult](t, r)
	if !res.Valid || res.Suite != contract.SuiteBbsBlsSignatureProof2020 {
		t.Fatalf("VerifyCredential: %+v", res)
	}
}
