// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// nym.jsonl is what it says: races of nymRace requests, each a valid
// pseudonym proof under the key nym-setup.jsonl registers, with a nonce of
// its own, all of a race with one pseudonym and one context (the hashes
// and encodings given match the request), different races in different
// contexts. bbs+2020 has no pseudonym scheme, so no races.
func TestNymLines(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "16",
		"-schemes", "bbs-bls12381-sha256,bbs+2020"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bbsplus2020", "nym.jsonl")); !os.IsNotExist(err) {
		t.Errorf("bbs+2020 has a nym.jsonl (%v)", err)
	}
	sd := filepath.Join(dir, "bbs-bls12381-sha256")
	setup := readTxs(t, filepath.Join(sd, "nym-setup.jsonl"))
	if len(setup) != 1 || setup[0].Name != "RegisterIssuer" {
		t.Fatalf("nym setup %+v", setup)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil {
		t.Fatal(err)
	}
	s, err := bbs.SchemeByName(reg.Scheme)
	if err != nil {
		t.Fatal(err)
	}
	ns, ok := s.(bbs.PseudonymScheme)
	if !ok || s.Name() != bbs.NymBLS12381SHA256Name {
		t.Fatalf("nym issuer scheme %s", reg.Scheme)
	}
	kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
	pk, err := s.ParsePublicKey(kb)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(sd, "nym.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	var lines []NymTx
	for sc.Scan() {
		var l NymTx
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		lines = append(lines, l)
	}
	if want := nymRaces(16) * nymRace; len(lines) != want {
		t.Fatalf("%d nym lines, want %d", len(lines), want)
	}
	nonces, contexts := map[string]bool{}, map[string]string{}
	for i, l := range lines {
		r, err := request.Parse([]byte(l.Args[0]))
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		d, err := r.Decode()
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		nym, err := ns.ParsePseudonym(d.Pseudonym)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		proof, err := s.ParseProof(d.Proof)
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		var disc []bbs.DisclosedMessage
		for _, m := range d.Disclosed {
			disc = append(disc, bbs.DisclosedMessage{Index: m.Index, Message: m.Message})
		}
		if err := ns.VerifyProofWithPseudonym(pk, proof, nym, d.Header, d.Nonce, d.Context, messageCount, bbs.DefaultNymCount, disc, nil); err != nil {
			t.Fatalf("line %d: proof does not verify: %v", i, err)
		}
		if l.Class != ClassNym || l.Name != "SubmitProof" || d.Issuer != reg.ID || d.Scheme != s.Name() ||
			l.KeySHA256 != hashHex(kb) || l.NonceSHA256 != hashHex(d.Nonce) || l.ContextSHA256 != hashHex(d.Context) ||
			l.PseudonymHex != hex.EncodeToString(d.Pseudonym) || l.Pseudonym != base64.StdEncoding.EncodeToString(d.Pseudonym) ||
			l.Context != base64.StdEncoding.EncodeToString(d.Context) {
			t.Fatalf("line %d: %+v does not describe its request", i, l)
		}
		if nonces[l.NonceSHA256] {
			t.Fatalf("line %d: nonce repeated", i)
		}
		nonces[l.NonceSHA256] = true
		want := lines[i/nymRace*nymRace]
		if l.Race != want.Race || l.Pseudonym != want.Pseudonym || l.Context != want.Context {
			t.Fatalf("line %d: race %s pseudonym %s context %s; its race's first: %s %s %s", i, l.Race, l.Pseudonym, l.Context, want.Race, want.Pseudonym, want.Context)
		}
		if r, ok := contexts[l.Context]; ok && r != l.Race {
			t.Fatalf("line %d: context of race %s reused by %s", i, r, l.Race)
		}
		contexts[l.Context] = l.Race
	}
}
