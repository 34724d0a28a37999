// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"bytes"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

func readTxs(t *testing.T, path string) []Tx {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var txs []Tx
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var tx Tx
		if err := json.Unmarshal(sc.Bytes(), &tx); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		txs = append(txs, tx)
	}
	return txs
}

func generateTo(t *testing.T, dir string, extra ...string) {
	t.Helper()
	args := append([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "5", "-single", "3", "-batch-tx", "2", "-batch-size", "3"}, extra...)
	if code := run(args, io.Discard); code != 0 {
		t.Fatalf("run %v: exit %d", args, code)
	}
}

// Every request verifies under the issuer key, nonces are >= 16 bytes and
// distinct across single and batch, light keys and IDs are distinct.
func TestGenerateValidDistinct(t *testing.T) {
	dir := t.TempDir()
	generateTo(t, dir)
	for _, name := range allSchemes {
		s, err := bbs.SchemeByName(name)
		if err != nil {
			t.Fatal(err)
		}
		sd := filepath.Join(dir, schemeDir(name))
		var is issuerFile
		b, err := os.ReadFile(filepath.Join(sd, "issuer.json"))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, &is); err != nil {
			t.Fatal(err)
		}
		pkb, _ := base64.StdEncoding.DecodeString(is.PublicKey)
		pk, err := s.ParsePublicKey(pkb)
		if err != nil {
			t.Fatalf("%s: issuer key: %v", name, err)
		}
		var reqs []string
		for _, tx := range readTxs(t, filepath.Join(sd, "single.jsonl")) {
			if tx.Name != "SubmitProof" || len(tx.Args) != 1 || tx.Proofs != 1 {
				t.Fatalf("%s: single tx %+v", name, tx)
			}
			reqs = append(reqs, tx.Args[0])
		}
		batches := readTxs(t, filepath.Join(sd, "batch.jsonl"))
		if len(batches) != 2 {
			t.Fatalf("%s: %d batches, want 2", name, len(batches))
		}
		for _, tx := range batches {
			var items []json.RawMessage
			if tx.Name != "SubmitProofs" || len(tx.Args) != 1 || json.Unmarshal([]byte(tx.Args[0]), &items) != nil || len(items) != 3 || tx.Proofs != 3 {
				t.Fatalf("%s: batch tx %+v", name, tx)
			}
			for _, it := range items {
				reqs = append(reqs, string(it))
			}
		}
		nonces := map[string]bool{}
		for i, r := range reqs {
			req, err := request.Parse([]byte(r))
			if err != nil {
				t.Fatalf("%s request %d: %v", name, i, err)
			}
			d, err := req.Decode()
			if err != nil {
				t.Fatal(err)
			}
			if d.Issuer != is.ID || d.BindSubmitter || len(d.Nonce) < 16 || len(d.Disclosed) != 2 || nonces[string(d.Nonce)] {
				t.Fatalf("%s request %d: issuer %q bound %v nonce %d bytes (seen %v), %d disclosed",
					name, i, d.Issuer, d.BindSubmitter, len(d.Nonce), nonces[string(d.Nonce)], len(d.Disclosed))
			}
			nonces[string(d.Nonce)] = true
			p, err := s.ParseProof(d.Proof)
			if err != nil {
				t.Fatal(err)
			}
			disc := make([]bbs.DisclosedMessage, len(d.Disclosed))
			for j, m := range d.Disclosed {
				disc[j] = bbs.DisclosedMessage{Index: m.Index, Message: m.Message}
			}
			if err := s.VerifyProof(pk, p, d.Header, d.Nonce, disc); err != nil {
				t.Fatalf("%s request %d: %v", name, i, err)
			}
			if n, _, ok := p.Revealed(); ok && n != messageCount {
				t.Fatalf("%s request %d: %d messages", name, i, n)
			}
		}
		subs := fakeSubmitters(t)
		setup := readTxs(t, filepath.Join(sd, "setup.jsonl"))
		if len(setup) != 1 {
			t.Fatalf("%s: %d setup txs", name, len(setup))
		}
		if doc := checkRegistration(t, s, setup[0], subs[0]); doc.ID != is.ID || doc.PublicKey != is.PublicKey {
			t.Fatalf("%s: setup registers %s, not the bench issuer", name, doc.ID)
		}
		ids := map[string]bool{}
		for _, tx := range readTxs(t, filepath.Join(sd, "light.jsonl")) {
			if tx.Name != "CreatePolicy" || len(tx.Args) != 1 {
				t.Fatalf("%s: light tx %+v is not a CreatePolicy", name, tx)
			}
			p, err := policy.Parse([]byte(tx.Args[0]))
			if err != nil {
				t.Fatalf("%s: light tx: %v", name, err)
			}
			if ids[p.ID] || len(p.Issuers) != 1 || p.Issuers[0].ID != is.ID {
				t.Fatalf("%s: light tx %+v", name, tx)
			}
			ids[p.ID] = true
		}
	}
}

// The same seed writes the same bytes; another seed other bytes.
func TestGenerateDeterministic(t *testing.T) {
	a, b, c := t.TempDir(), t.TempDir(), t.TempDir()
	generateTo(t, a, "-schemes", "bbs-bls12381-sha256", "-workers", "1")
	generateTo(t, b, "-schemes", "bbs-bls12381-sha256", "-workers", "3")
	generateTo(t, c, "-schemes", "bbs-bls12381-sha256", "-seed", "other")
	for _, f := range []string{"issuer.json", "setup.jsonl", "light.jsonl", "single.jsonl", "batch.jsonl"} {
		read := func(dir string) []byte {
			x, err := os.ReadFile(filepath.Join(dir, "bbs-bls12381-sha256", f))
			if err != nil {
				t.Fatal(err)
			}
			return x
		}
		if !bytes.Equal(read(a), read(b)) {
			t.Errorf("%s differs between two runs of one seed", f)
		}
		if bytes.Equal(read(a), read(c)) {
			t.Errorf("%s is the same for two seeds", f)
		}
	}
}

func TestRunRejectsBadFlags(t *testing.T) {
	for _, args := range [][]string{
		{},
		{"-out", t.TempDir()},
		{"-out", t.TempDir(), "-org-dir", t.TempDir()},
		{"-out", t.TempDir(), "-org-dir", fakeOrgDir(t), "-orgs", "3"},
		{"-out", t.TempDir(), "-org-dir", fakeOrgDir(t), "-users", "User9"},
		{"-out", t.TempDir(), "-org-dir", fakeOrgDir(t), "-schemes", "nope"},
		{"-out", t.TempDir(), "-org-dir", fakeOrgDir(t), "-schemes", "bbs+2020,bbs+2020"},
		{"-out", t.TempDir(), "-org-dir", fakeOrgDir(t), "-batch-size", "0"},
		{"-out", t.TempDir(), "-org-dir", fakeOrgDir(t), "-single", "-1"},
	} {
		if code := run(args, io.Discard); code != 2 {
			t.Errorf("run %v: exit %d, want 2", args, code)
		}
	}
}

var orgDir struct {
	once sync.Once
	dir  string
	subs []submitter
}

// fakeOrgDir writes, once, an organizations dir with the certificates of
// User1 and User2 of org1 and org2, laid out as cryptogen does.
func fakeOrgDir(t *testing.T) string {
	t.Helper()
	orgDir.once.Do(func() {
		dir, err := os.MkdirTemp("", "loadgen-orgs")
		if err != nil {
			t.Fatal(err)
		}
		for org := 1; org <= 2; org++ {
			domain := fmt.Sprintf("org%d.example.com", org)
			ca := fakeid.NewCA(t, fmt.Sprintf("Org%dMSP", org), pkix.Name{Organization: []string{domain}, CommonName: "ca." + domain})
			for _, u := range []string{"User1", "User2"} {
				id := ca.Enroll(t, pkix.Name{OrganizationalUnit: []string{"client"}, CommonName: u + "@" + domain}, nil)
				certs := filepath.Join(dir, "peerOrganizations", domain, "users", u+"@"+domain, "msp", "signcerts")
				if err := os.MkdirAll(certs, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(certs, "cert.pem"), id.PEM, 0o644); err != nil {
					t.Fatal(err)
				}
				orgDir.subs = append(orgDir.subs, submitter{mspID: id.MSPID, id: request.SubmitterID(id.Cert)})
			}
		}
		orgDir.dir = dir
	})
	if orgDir.dir == "" {
		t.Fatal("no fake org dir")
	}
	return orgDir.dir
}

// fakeSubmitters are fakeOrgDir's identities, in bbs-load's client order.
func fakeSubmitters(t *testing.T) []submitter {
	fakeOrgDir(t)
	return orgDir.subs
}

// checkRegistration checks that tx is a RegisterIssuer of a key of s
// whose proof of possession is made for sub on mychannel, and returns its
// document.
func checkRegistration(t *testing.T, s bbs.Scheme, tx Tx, sub submitter) *registration.Registration {
	t.Helper()
	if tx.Name != "RegisterIssuer" || len(tx.Args) != 1 {
		t.Fatalf("not a registration: %+v", tx)
	}
	doc, err := registration.ParseRegistration(tx.Args[0])
	if err != nil {
		t.Fatal(err)
	}
	if doc.Scheme != s.Name() {
		t.Fatalf("scheme %s, want %s", doc.Scheme, s.Name())
	}
	if (s.Name() == bbs.BBSPlus2020Name) != (string(doc.Settings) == `{"messageCounts":[10]}`) {
		t.Fatalf("%s settings %s", s.Name(), doc.Settings)
	}
	pkb, _ := base64.StdEncoding.DecodeString(doc.PublicKey)
	pk, err := s.ParsePublicKey(pkb)
	if err != nil {
		t.Fatal(err)
	}
	pop, _ := base64.StdEncoding.DecodeString(doc.ProofOfPossession)
	st := &registration.Statement{Purpose: registration.PurposeRegister, Channel: "mychannel", IssuerID: doc.ID, KeyVersion: 1,
		Scheme: s.Name(), MSPID: sub.mspID, SubmitterID: sub.id}
	if err := registration.Verify(pk, st, pop); err != nil {
		t.Fatalf("%s: %v", doc.ID, err)
	}
	return doc
}
