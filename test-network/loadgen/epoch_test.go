// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// epoch.jsonl is what it says: proofs under the epoch issuer's key naming
// the policy whose epoch rule (grace 0) reads the disclosed message 3,
// which is 1 (epoch-old) or 2 (epoch-new); epoch-setup.jsonl publishes
// epoch 1 and epoch-change.jsonl raises it to 2.
func TestEpochLines(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "8",
		"-schemes", "bbs-bls12381-sha256,bbs-bls12381-shake256"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bbs-bls12381-shake256", "epoch.jsonl")); !os.IsNotExist(err) {
		t.Errorf("shake256 has an epoch.jsonl (%v)", err)
	}
	sd := filepath.Join(dir, "bbs-bls12381-sha256")
	setup := readTxs(t, filepath.Join(sd, "epoch-setup.jsonl"))
	if len(setup) != 3 || setup[0].Name != "RegisterIssuer" || setup[1].Name != "SetIssuerEpoch" || setup[1].Args[1] != "1" || setup[2].Name != "CreatePolicy" {
		t.Fatalf("epoch setup %+v", setup)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil || setup[1].Args[0] != reg.ID {
		t.Fatalf("registration %v, SetIssuerEpoch of %s", err, setup[1].Args[0])
	}
	pol, err := policy.Parse([]byte(setup[2].Args[0]))
	if err != nil || pol.Epoch == nil || pol.Epoch.Index != epochIndex || pol.Epoch.Grace != 0 || pol.Issuers[0].ID != reg.ID {
		t.Fatalf("policy %s: %v", setup[2].Args[0], err)
	}
	change := readTxs(t, filepath.Join(sd, "epoch-change.jsonl"))
	if len(change) != 1 || change[0].Name != "SetIssuerEpoch" || change[0].Args[0] != reg.ID || change[0].Args[1] != "2" {
		t.Fatalf("epoch change %+v", change)
	}
	s, _ := bbs.SchemeByName(reg.Scheme)
	kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
	pk, err := s.ParsePublicKey(kb)
	if err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(filepath.Join(sd, "epoch.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	counts := map[string]int{}
	nonces := map[string]bool{}
	for i := 0; sc.Scan(); i++ {
		var l SoakTx
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		r, err := request.Parse([]byte(l.Args[0]))
		if err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		d, err := r.Decode()
		if err != nil {
			t.Fatal(err)
		}
		proof, err := s.ParseProof(d.Proof)
		if err != nil {
			t.Fatal(err)
		}
		var disc []bbs.DisclosedMessage
		epoch := ""
		for _, m := range d.Disclosed {
			disc = append(disc, bbs.DisclosedMessage{Index: m.Index, Message: m.Message})
			if m.Index == epochIndex {
				epoch = string(m.Message)
			}
		}
		if err := s.VerifyProof(pk, proof, d.Header, d.Nonce, disc); err != nil {
			t.Fatalf("line %d: does not verify: %v", i, err)
		}
		want := map[string]string{ClassEpochOld: "1", ClassEpochNew: "2"}[l.Class]
		if want == "" || epoch != want || d.Policy == nil || d.Policy.ID != pol.ID || l.KeySHA256 != hashHex(kb) ||
			l.NonceSHA256 != hashHex(d.Nonce) || nonces[l.NonceSHA256] {
			t.Fatalf("line %d: class %s discloses epoch %q under policy %+v: does not describe its request", i, l.Class, epoch, d.Policy)
		}
		nonces[l.NonceSHA256] = true
		counts[l.Class]++
	}
	if counts[ClassEpochOld] != credLines(8) || counts[ClassEpochNew] != credLines(8) {
		t.Fatalf("lines per class %v, want %d each", counts, credLines(8))
	}
}
