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
	"github.com/fabric-bbs/fabric-bbs/registration"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// mix.jsonl is what it says: batches of fresh valid requests of the bench
// issuer whose nonce hashes are listed in array order; proofs that verify
// under key version 1 (old-key) or 2 (new-key) of the rotating issuer,
// naming that version; the setup registers version 1, the issuer change
// rotates to version 2 (a rotation document for the first submitter) and
// then revokes version 1.
func TestMixLines(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-mix", "9", "-schemes", "bbs-bls12381-sha256"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	s, _ := bbs.SchemeByName("bbs-bls12381-sha256")
	sd := filepath.Join(dir, schemeDir(s.Name()))
	var is issuerFile
	b, _ := os.ReadFile(filepath.Join(sd, "issuer.json"))
	if err := json.Unmarshal(b, &is); err != nil {
		t.Fatal(err)
	}
	benchKey, _ := base64.StdEncoding.DecodeString(is.PublicKey)
	benchPK, err := s.ParsePublicKey(benchKey)
	if err != nil {
		t.Fatal(err)
	}
	// The rotating issuer's keys: version 1 from its registration, 2 from the rotation.
	setup := readTxs(t, filepath.Join(sd, "mix-setup.jsonl"))
	change := readTxs(t, filepath.Join(sd, "issuer-change.jsonl"))
	if len(setup) != 1 || setup[0].Name != "RegisterIssuer" || len(change) != 2 ||
		change[0].Name != "RotateIssuerKey" || change[1].Name != "RevokeIssuerKey" {
		t.Fatalf("setup %+v, change %+v", setup, change)
	}
	reg, err := registration.ParseRegistration(setup[0].Args[0])
	if err != nil {
		t.Fatal(err)
	}
	rot, err := registration.ParseRotation(change[0].Args[0])
	if err != nil {
		t.Fatal(err)
	}
	id := rotatingID(s, tag("fabric-bbs-load"))
	if reg.ID != id || rot.ID != id || rot.KeyVersion != 2 || change[1].Args[0] != id || change[1].Args[1] != "1" {
		t.Fatalf("registration %s, rotation %s v%d, revoke %v; want issuer %s", reg.ID, rot.ID, rot.KeyVersion, change[1].Args, id)
	}
	keys := map[int][]byte{}
	for v, k := range map[int]string{1: reg.PublicKey, 2: rot.PublicKey} {
		keys[v], _ = base64.StdEncoding.DecodeString(k)
	}
	f, err := os.Open(filepath.Join(sd, "mix.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	counts := map[string]int{}
	for i := 0; sc.Scan(); i++ {
		var tx MixTx
		if err := json.Unmarshal(sc.Bytes(), &tx); err != nil {
			t.Fatal(err)
		}
		counts[tx.Class]++
		switch tx.Class {
		case ClassBatch:
			var items []json.RawMessage
			if err := json.Unmarshal([]byte(tx.Args[0]), &items); err != nil || tx.Name != "SubmitProofs" ||
				len(items) != mixBatch || len(tx.BatchNonceSHA256s) != mixBatch || tx.KeySHA256 != hashHex(benchKey) {
				t.Fatalf("line %d: batch %s of %d items, %d hashes: %v", i, tx.Name, len(items), len(tx.BatchNonceSHA256s), err)
			}
			for j, it := range items {
				req, err := request.Parse(it)
				if err != nil {
					t.Fatal(err)
				}
				d, _ := req.Decode()
				if hashHex(d.Nonce) != tx.BatchNonceSHA256s[j] || verify(t, s, benchPK, d) != nil {
					t.Fatalf("line %d item %d: nonce hash or proof wrong", i, j)
				}
			}
		case ClassOldKey, ClassNewKey:
			v := 1
			if tx.Class == ClassNewKey {
				v = 2
			}
			req, err := request.Parse([]byte(tx.Args[0]))
			if err != nil {
				t.Fatal(err)
			}
			d, _ := req.Decode()
			pk, err := s.ParsePublicKey(keys[v])
			if err != nil {
				t.Fatal(err)
			}
			if d.Issuer != id || d.KeyVersion != v || tx.KeySHA256 != hashHex(keys[v]) || tx.NonceSHA256 != hashHex(d.Nonce) ||
				verify(t, s, pk, d) != nil {
				t.Fatalf("line %d (%s): issuer %s v%d, or the proof does not verify under version %d", i, tx.Class, d.Issuer, d.KeyVersion, v)
			}
		default:
			t.Fatalf("line %d: class %q", i, tx.Class)
		}
	}
	if counts[ClassBatch] != 3 || counts[ClassOldKey] != 3 || counts[ClassNewKey] != 3 {
		t.Errorf("classes %v, want 3 of each", counts)
	}
}
