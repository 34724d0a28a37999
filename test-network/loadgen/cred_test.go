// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
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
	if len(setup) != 6 || setup[0].Name != "RegisterIssuer" || setup[1].Name != "RegisterContext" || setup[2].Name != "CreateStatusList" || setup[3].Name != "CreatePolicy" ||
		setup[4].Name != "RegisterIssuer" || setup[5].Name != "RegisterContext" || setup[5].Args[1] != setup[1].Args[1] {
		t.Fatalf("cred setup %+v", setup)
	}
	nymReg, err := registration.ParseRegistration(setup[4].Args[0])
	if err != nil || nymReg.Scheme != "bbs-nym-bls12381-sha256" || setup[5].Args[0] != nymReg.ID {
		t.Fatalf("the pseudonym credentials' issuer %+v (%v), its context registered for %s", nymReg, err, setup[5].Args[0])
	}
	setup = setup[:4]
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
	nkb, _ := base64.StdEncoding.DecodeString(nymReg.PublicKey)
	checkCredMoreLines(t, &vc.Verifier{Loader: l, Pseudonyms: true}, filepath.Join(sd, "credmore.jsonl"), kb, nkb, headers, credLines(8))
}

// checkCredMoreLines checks credmore.jsonl: credMoreBatches(n)
// SubmitCredentials batches of credBatch credentials of key kb, then
// credMoreRaces(n) races of nymRace pseudonym credentials of key nkb, one
// holder (pseudonym) and one context per race, each credential verifying
// with a presentation header of its own (headers: those seen so far).
func checkCredMoreLines(t *testing.T, v *vc.Verifier, path string, kb, nkb []byte, headers map[string]bool, n int) {
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var lines []CredMoreTx
	for sc.Scan() {
		var l CredMoreTx
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	nb, nr := credMoreBatches(n), credMoreRaces(n)
	if len(lines) != nb+nr*nymRace {
		t.Fatalf("%d credmore lines, want %d batches and %d races of %d", len(lines), nb, nr, nymRace)
	}
	fresh := func(i int, ph []byte) string {
		h := hashHex(ph)
		if headers[h] || len(ph) < 16 {
			t.Fatalf("line %d: presentation header repeated or short", i)
		}
		headers[h] = true
		return h
	}
	for i, l := range lines[:nb] {
		var reqs []struct {
			Credential json.RawMessage `json:"credential"`
		}
		if err := json.Unmarshal([]byte(l.Args[0]), &reqs); err != nil || l.Name != "SubmitCredentials" || l.Class != ClassCredBatch ||
			len(reqs) != credBatch || len(l.BatchNonceSHA256s) != credBatch || l.KeySHA256 != hashHex(kb) || l.Proofs != credBatch {
			t.Fatalf("line %d: not a batch of %d credentials of the soak key (%v): %+v", i, credBatch, err, l.SoakTx.Group)
		}
		for k, r := range reqs {
			got, err := v.VerifyJSON(r.Credential)
			if err != nil || string(got.PublicKey) != string(kb) || fresh(i, got.PresentationHeader) != l.BatchNonceSHA256s[k] {
				t.Fatalf("line %d item %d: %v, or not described by the line", i, k, err)
			}
		}
	}
	nyms := map[string]string{}
	for i, l := range lines[nb:] {
		var req struct {
			Credential json.RawMessage `json:"credential"`
		}
		if err := json.Unmarshal([]byte(l.Args[0]), &req); err != nil {
			t.Fatal(err)
		}
		got, err := v.VerifyJSON(req.Credential)
		if err != nil {
			t.Fatalf("pseudonym line %d: %v", i, err)
		}
		if l.Name != "SubmitCredential" || l.Class != ClassCredNym || string(got.PublicKey) != string(nkb) || l.KeySHA256 != hashHex(nkb) ||
			fresh(i, got.PresentationHeader) != l.NonceSHA256 || l.PseudonymHex != hex.EncodeToString(got.Pseudonym) ||
			l.Pseudonym != base64.StdEncoding.EncodeToString(got.Pseudonym) || l.Context != base64.StdEncoding.EncodeToString(got.NymDomain) ||
			l.ContextSHA256 != hashHex(got.NymDomain) {
			t.Fatalf("pseudonym line %d: %+v does not describe its credential", i, l.Group)
		}
		first := lines[nb+i/nymRace*nymRace]
		if l.Race != first.Race || l.Pseudonym != first.Pseudonym || l.Context != first.Context {
			t.Fatalf("pseudonym line %d: race %s, pseudonym or context not its race's", i, l.Race)
		}
		if r, ok := nyms[l.Pseudonym]; ok && r != l.Race {
			t.Fatalf("pseudonym line %d: the holder of race %s again in race %s", i, r, l.Race)
		}
		nyms[l.Pseudonym] = l.Race
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
