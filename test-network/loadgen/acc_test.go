// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"encoding/base64"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// acc.jsonl is what it says: presentations with non-revocation against
// version 0 of the accumulator acc-setup.jsonl sets, each verifying under
// the issuer's key, naming the policy of grace 0 (the revoked holder's)
// or of grace 1 (the others'); acc-change.jsonl's RevokeHandle is a
// removal that verifies against version 0 and removes exactly the handle
// of the holder of the acc-revoked lines.
func TestAccLines(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "8",
		"-schemes", "bbs-bls12381-sha256,bbs-bls12381-shake256"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(dir, "bbs-bls12381-shake256", "acc.jsonl")); !os.IsNotExist(err) {
		t.Errorf("shake256 has an acc.jsonl (%v)", err)
	}
	sd := filepath.Join(dir, "bbs-bls12381-sha256")
	setup := readTxs(t, filepath.Join(sd, "acc-setup.jsonl"))
	if len(setup) != 4 || setup[0].Name != "RegisterIssuer" || setup[1].Name != "SetAccumulator" || setup[2].Name != "CreatePolicy" || setup[3].Name != "CreatePolicy" {
		t.Fatalf("acc setup %+v", setup)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil || setup[1].Args[0] != reg.ID || len(setup[1].Args) != 4 || setup[1].Args[3] != strconv.Itoa(accHandleIndex) {
		t.Fatalf("registration %v, SetAccumulator %v", err, setup[1].Args)
	}
	s, _ := bbs.SchemeByName(reg.Scheme)
	kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
	pk, err := s.ParsePublicKey(kb)
	if err != nil {
		t.Fatal(err)
	}
	ab, _ := base64.StdEncoding.DecodeString(setup[1].Args[1])
	acc, err := revocation.ParsePublicKey(ab)
	if err != nil {
		t.Fatal(err)
	}
	v0, _ := base64.StdEncoding.DecodeString(setup[1].Args[2])
	grace := map[string]int64{}
	for _, tx := range setup[2:] {
		p, err := policy.Parse([]byte(tx.Args[0]))
		if err != nil || p.Accumulator == nil || p.Accumulator.Index != accHandleIndex || len(p.Issuers) != 1 || p.Issuers[0].ID != reg.ID {
			t.Fatalf("policy %s: %v", tx.Args[0], err)
		}
		grace[p.ID] = p.Accumulator.Grace
	}
	change := readTxs(t, filepath.Join(sd, "acc-change.jsonl"))
	if len(change) != 1 || change[0].Name != "RevokeHandle" || change[0].Args[0] != reg.ID {
		t.Fatalf("acc change %+v", change)
	}
	rb, _ := base64.StdEncoding.DecodeString(change[0].Args[1])
	rem, err := revocation.ParseRemoval(rb)
	if err != nil {
		t.Fatal(err)
	}
	if err := revocation.VerifyRemoval(acc, v0, rem); err != nil {
		t.Fatalf("the removal does not verify against version 0: %v", err)
	}
	f, err := os.Open(filepath.Join(sd, "acc.jsonl"))
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
		p, err := revocation.ParsePresentation(s, d.Proof)
		if err != nil || !d.NonRevoked || p.Version != 0 || p.HandleIndex != accHandleIndex || d.Policy == nil {
			t.Fatalf("line %d: not a presentation with non-revocation against version 0 naming a policy (%v)", i, err)
		}
		var disc []bbs.DisclosedMessage
		for _, m := range d.Disclosed {
			disc = append(disc, bbs.DisclosedMessage{Index: m.Index, Message: m.Message})
		}
		if err := revocation.VerifyPresentation(pk, p, d.Header, d.Nonce, disc, acc, v0); err != nil {
			t.Fatalf("line %d: does not verify: %v", i, err)
		}
		g, ok := grace[d.Policy.ID]
		if !ok || (l.Class == ClassAccRevoked) != (g == 0) || (l.Class != ClassAccRevoked && l.Class != ClassAccOther) ||
			l.KeySHA256 != hashHex(kb) || l.NonceSHA256 != hashHex(d.Nonce) || nonces[l.NonceSHA256] {
			t.Fatalf("line %d: class %s under policy %s (grace %d): does not describe its request", i, l.Class, d.Policy.ID, g)
		}
		nonces[l.NonceSHA256] = true
		counts[l.Class]++
		// The revoked holder discloses holder 0's messages; a witness of
		// its handle cannot be updated past the removal, the others' can.
		handle := d.Disclosed[0].Message
		revoked := string(handle) == "acc claim 0 of holder 0 of "+reg.ID
		if revoked != (l.Class == ClassAccRevoked) {
			t.Fatalf("line %d: class %s, holder message %q", i, l.Class, handle)
		}
	}
	if counts[ClassAccRevoked] != credLines(8) || counts[ClassAccOther] != credLines(8) {
		t.Fatalf("lines per class %v, want %d each", counts, credLines(8))
	}
	// The removal is the revoked holder's handle: its (recomputed) handle
	// scalar is the removal's, and an other holder's is not.
	for h, want := range map[int]bool{0: true, 1: false} {
		handle := digest(loadgenSeed(t), "acc/handle", h)
		y, err := revocation.HandleScalar(s, handle[:])
		if err != nil {
			t.Fatal(err)
		}
		if got := string(y) == string(rem.Handle()); got != want {
			t.Errorf("holder %d's handle removed: %v, want %v", h, got, want)
		}
	}
}

// loadgenSeed is run's default seed.
func loadgenSeed(t *testing.T) string {
	t.Helper()
	return "fabric-bbs-load"
}
