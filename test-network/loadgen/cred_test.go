// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// cred.jsonl is what it says: SubmitCredential requests whose derived
// credentials verify (package vc) under the key cred-setup.jsonl registers
// (its did:key), each bound to a presentation header of its own, whose
// hash and the key's are the line's. Only bbs-bls12381-sha256 has them.
func TestCredLines(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "8",
		"-schemes", "bbs-bls12381-sha256,bbs-bls12381-shake256"}, os.Stderr); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bbs-bls12381-shake256", "cred.jsonl")); !os.IsNotExist(err) {
		t.Errorf("shake256 has a cred.jsonl (%v)", err)
	}
	sd := filepath.Join(dir, "bbs-bls12381-sha256")
	setup := readTxs(t, filepath.Join(sd, "cred-setup.jsonl"))
	if len(setup) != 1 || setup[0].Name != "RegisterIssuer" {
		t.Fatalf("cred setup %+v", setup)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
	f, err := os.Open(filepath.Join(sd, "cred.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	l, err := vc.NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	v := &vc.Verifier{Loader: l}
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	n := 0
	headers := map[string]bool{}
	for sc.Scan() {
		var line SoakTx
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		var req struct {
			Credential json.RawMessage `json:"credential"`
		}
		if err := json.Unmarshal([]byte(line.Args[0]), &req); err != nil {
			t.Fatal(err)
		}
		got, err := v.VerifyJSON(req.Credential)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		if line.Name != "SubmitCredential" || line.Class != ClassCredential || string(got.PublicKey) != string(kb) ||
			line.KeySHA256 != hashHex(kb) || line.NonceSHA256 != hashHex(got.PresentationHeader) || len(got.PresentationHeader) < 16 {
			t.Fatalf("line %d: %+v does not describe its credential", n, line)
		}
		if headers[line.NonceSHA256] {
			t.Fatalf("line %d: presentation header repeated", n)
		}
		headers[line.NonceSHA256] = true
		n++
	}
	if n != credLines(8) {
		t.Fatalf("%d lines, want %d", n, credLines(8))
	}
}
