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
	if len(setup) != 4 || setup[0].Name != "RegisterIssuer" || setup[1].Name != "RegisterContext" || setup[2].Name != "CreateStatusList" || setup[3].Name != "CreatePolicy" {
		t.Fatalf("cred setup %+v", setup)
	}
	ctxURL, ctxDoc := setup[1].Args[1], setup[1].Args[2]
	setup = append(setup[:1], setup[2:]...) // RegisterIssuer, CreateStatusList, CreatePolicy
	change := readTxs(t, filepath.Join(sd, "status-change.jsonl"))
	if len(change) != 1 || change[0].Name != "UpdateStatusList" || change[0].Args[1] != setup[1].Args[1] || change[0].Args[2] != `{"set":[42]}` {
		t.Fatalf("status change %+v", change)
	}
	var pol struct {
		ID         string
		Credential struct {
			Status struct {
				List                 string `json:"list"`
				StatusListCredential string `json:"statusListCredential"`
			} `json:"status"`
		} `json:"credential"`
	}
	if err := json.Unmarshal([]byte(setup[2].Args[0]), &pol); err != nil || pol.Credential.Status.List != setup[1].Args[1] {
		t.Fatalf("policy %s: %v", setup[2].Args[0], err)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil {
		t.Fatal(err)
	}
	kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
	l, err := vc.NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add(ctxURL, []byte(ctxDoc), ""); err != nil {
		t.Fatal(err)
	}
	v := &vc.Verifier{Loader: l}
	headers := map[string]bool{}
	for _, kind := range []string{"cred", "status"} {
		n := checkCredLines(t, v, filepath.Join(sd, kind+".jsonl"), kb, headers, pol.ID, pol.Credential.Status.StatusListCredential)
		if n != credLines(8) {
			t.Fatalf("%s: %d lines, want %d", kind, n, credLines(8))
		}
	}
}

// checkCredLines checks the lines of cred.jsonl or status.jsonl and
// returns their number.
func checkCredLines(t *testing.T, v *vc.Verifier, path string, kb []byte, headers map[string]bool, policy, url string) int {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	status := filepath.Base(path) == "status.jsonl"
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	n := 0
	for sc.Scan() {
		var line SoakTx
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		var req struct {
			Credential json.RawMessage `json:"credential"`
			Policy     *struct {
				ID string `json:"id"`
			} `json:"policy"`
		}
		if err := json.Unmarshal([]byte(line.Args[0]), &req); err != nil {
			t.Fatal(err)
		}
		got, err := v.VerifyJSON(req.Credential)
		if err != nil {
			t.Fatalf("line %d: %v", n, err)
		}
		// A credential policy reads only credentials whose contexts are URLs.
		var doc struct {
			Context []any `json:"@context"`
		}
		if err := json.Unmarshal(req.Credential, &doc); err != nil || len(doc.Context) != 2 {
			t.Fatalf("%s line %d: @context %v (%v)", path, n, doc.Context, err)
		}
		for _, c := range doc.Context {
			if _, ok := c.(string); !ok {
				t.Fatalf("%s line %d: @context %v is not a list of URLs", path, n, doc.Context)
			}
		}
		class := ClassCredential
		if status {
			class = ClassStatus
			cs, _ := got.Document["credentialStatus"].(map[string]any)
			if req.Policy == nil || req.Policy.ID != policy || cs["statusListIndex"] != "42" || cs["statusListCredential"] != url {
				t.Fatalf("%s line %d: policy %+v, status entry %v", path, n, req.Policy, cs)
			}
		} else if req.Policy != nil {
			t.Fatalf("%s line %d: names a policy", path, n)
		}
		if line.Name != "SubmitCredential" || line.Class != class || string(got.PublicKey) != string(kb) ||
			line.KeySHA256 != hashHex(kb) || line.NonceSHA256 != hashHex(got.PresentationHeader) || len(got.PresentationHeader) < 16 {
			t.Fatalf("line %d: %+v does not describe its credential", n, line)
		}
		if headers[line.NonceSHA256] {
			t.Fatalf("line %d: presentation header repeated", n)
		}
		headers[line.NonceSHA256] = true
		n++
	}
	return n
}
