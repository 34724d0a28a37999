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
	"github.com/fabric-bbs/fabric-bbs/request"
)

// Each soak class is what it says: valid requests verify, tampered ones
// parse but do not verify, malformed ones are refused by request.Parse or
// carry a nonce SubmitProof refuses, misbound ones are bound to a nonce
// that is not any network identity's; the hashes name the nonce record.
func TestSoakClasses(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-soak", "72", "-schemes", "bbs+2020,bbs-bls12381-sha256"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, name := range []string{"bbs+2020", "bbs-bls12381-sha256"} {
		s, _ := bbs.SchemeByName(name)
		sd := filepath.Join(dir, schemeDir(name))
		var is issuerFile
		b, _ := os.ReadFile(filepath.Join(sd, "issuer.json"))
		if err := json.Unmarshal(b, &is); err != nil {
			t.Fatal(err)
		}
		pkBytes, _ := base64.StdEncoding.DecodeString(is.PublicKey)
		pk, err := s.ParsePublicKey(pkBytes)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(filepath.Join(sd, "soak.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		sc := bufio.NewScanner(f)
		sc.Buffer(nil, 1<<24)
		counts := map[string]int{}
		groups := map[string]bool{}
		for i := 0; sc.Scan(); i++ {
			var tx SoakTx
			if err := json.Unmarshal(sc.Bytes(), &tx); err != nil {
				t.Fatal(err)
			}
			counts[tx.Class]++
			if groups[tx.Group] || tx.KeySHA256 != hashHex(pkBytes) {
				t.Fatalf("%s line %d: group %q seen %v, key hash %s", name, i, tx.Group, groups[tx.Group], tx.KeySHA256)
			}
			groups[tx.Group] = true
			req, perr := request.Parse([]byte(tx.Args[0]))
			if tx.Class == ClassMalformed {
				if perr == nil {
					if d, _ := req.Decode(); d != nil && len(d.Nonce) >= 16 {
						t.Fatalf("%s line %d: malformed request is well formed", name, i)
					}
				}
				continue
			}
			if perr != nil {
				t.Fatalf("%s line %d (%s): %v", name, i, tx.Class, perr)
			}
			d, _ := req.Decode()
			if hashHex(d.Nonce) != tx.NonceSHA256 || len(d.Nonce) < 16 {
				t.Fatalf("%s line %d: nonce hash %s, line says %s", name, i, hashHex(d.Nonce), tx.NonceSHA256)
			}
			verr := verify(t, s, pk, d)
			switch tx.Class {
			case ClassValid:
				if verr != nil || d.BindSubmitter {
					t.Fatalf("%s line %d: valid request: %v, bound %v", name, i, verr, d.BindSubmitter)
				}
			case ClassTampered:
				if verr == nil {
					t.Fatalf("%s line %d: tampered proof verifies", name, i)
				}
			case ClassMisbound:
				own := request.BoundNonce("mychannel", "Org1MSP", otherSubmitter, d.Salt)
				if verr != nil || !d.BindSubmitter || string(own) != string(d.Nonce) {
					t.Fatalf("%s line %d: misbound: %v, bound %v", name, i, verr, d.BindSubmitter)
				}
			}
		}
		f.Close()
		want := map[string]int{ClassValid: 60, ClassTampered: 4, ClassMalformed: 4, ClassMisbound: 4}
		for c, n := range want {
			if counts[c] != n {
				t.Errorf("%s: %d %s lines, want %d", name, counts[c], c, n)
			}
		}
	}
}

func verify(t *testing.T, s bbs.Scheme, pk *bbs.PublicKey, d *request.Decoded) error {
	t.Helper()
	p, err := s.ParseProof(d.Proof)
	if err != nil {
		return err
	}
	disc := make([]bbs.DisclosedMessage, len(d.Disclosed))
	for j, m := range d.Disclosed {
		disc[j] = bbs.DisclosedMessage{Index: m.Index, Message: m.Message}
	}
	return s.VerifyProof(pk, p, d.Header, d.Nonce, disc)
}
