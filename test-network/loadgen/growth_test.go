// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
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

// The growth probes hold what growth.sh measures with: the status
// requests verify and disclose an entry their list's updates never set;
// every update is one page's; the revocations chain from version 0 through
// every step and the shape's batches, each verifying against the value
// before it; each witness.json verifies at its version and the removals
// its step reads bring it to the version the step's presentations are made
// against; presentations verify there; every nonce is distinct.
func TestGrowthFiles(t *testing.T) {
	dir := t.TempDir()
	if code := run([]string{"-out", dir, "-org-dir", fakeOrgDir(t), "-light", "0", "-single", "0", "-schemes", "bbs-bls12381-sha256",
		"-growth", "2", "-growth-probe", "3", "-growth-revoke", "2", "-growth-bits", "300", "-growth-revocations", "1003"}, io.Discard); code != 0 {
		t.Fatalf("exit %d", code)
	}
	gd := filepath.Join(dir, "bbs-bls12381-sha256", "growth")
	setup := readTxs(t, filepath.Join(gd, "setup.jsonl"))
	names := ""
	for _, tx := range setup {
		names += tx.Name + " "
	}
	if names != "RegisterIssuer CreateStatusList CreatePolicy CreateStatusList CreatePolicy RegisterIssuer SetAccumulator CreatePolicy RegisterIssuer RegisterContext " {
		t.Fatalf("setup: %s", names)
	}
	if setup[1].Args[3] != "131072" || setup[3].Args[3] != "1048576" {
		t.Fatalf("list sizes %v %v", setup[1].Args, setup[3].Args)
	}
	s := bbs.BLS12381SHA256()
	issuerKey := func(tx Tx) *bbs.PublicKey {
		reg, err := registration.ParseRegistration(tx.Args[0])
		if err != nil {
			t.Fatal(err)
		}
		kb, _ := base64.StdEncoding.DecodeString(reg.PublicKey)
		pk, err := s.ParsePublicKey(kb)
		if err != nil {
			t.Fatal(err)
		}
		return pk
	}
	statusPK, accPK := issuerKey(setup[0]), issuerKey(setup[5])
	lists := map[string]string{} // policy ID -> list
	for _, tx := range []Tx{setup[2], setup[4]} {
		p, err := policy.Parse([]byte(tx.Args[0]))
		if err != nil || p.Status == nil || p.Status.Index != growthStatusIndex {
			t.Fatalf("status policy %s: %v", tx.Args[0], err)
		}
		lists[p.ID] = p.Status.List
	}
	ab, _ := base64.StdEncoding.DecodeString(setup[6].Args[1])
	acc, err := revocation.ParsePublicKey(ab)
	if err != nil {
		t.Fatal(err)
	}
	value, _ := base64.StdEncoding.DecodeString(setup[6].Args[2])
	values := [][]byte{value} // by version

	nonces := map[string]bool{}
	fresh := func(where string, n []byte) {
		if nonces[string(n)] {
			t.Fatalf("%s: nonce used twice", where)
		}
		nonces[string(n)] = true
	}
	decode := func(where string, arg string) *request.Decoded {
		r, err := request.Parse([]byte(arg))
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		d, err := r.Decode()
		if err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		fresh(where, d.Nonce)
		return d
	}
	disclosed := func(d *request.Decoded) []bbs.DisclosedMessage {
		var out []bbs.DisclosedMessage
		for _, m := range d.Disclosed {
			out = append(out, bbs.DisclosedMessage{Index: m.Index, Message: m.Message})
		}
		return out
	}
	set := map[string]map[int]bool{"small": {}, "large": {}}
	checkUpdates := func(where, list string, txs []Tx, maxTx int) {
		pages := map[int]bool{}
		for i, tx := range txs {
			var ch struct {
				Set []int `json:"set"`
			}
			if err := json.Unmarshal([]byte(tx.Args[2]), &ch); err != nil || tx.Name != "UpdateStatusList" || tx.Args[1] != list ||
				len(ch.Set) == 0 || len(ch.Set) > 64 {
				t.Fatalf("%s %d: %+v (%v)", where, i, tx, err)
			}
			p := ch.Set[0] / statusPage
			for j, e := range ch.Set {
				if e/statusPage != p || set[list][e] || (j > 0 && e <= ch.Set[j-1]) {
					t.Fatalf("%s %d: entry %d on another page, set twice or not ascending", where, i, e)
				}
				set[list][e] = true
			}
			if maxTx > 0 && pages[p] {
				t.Fatalf("%s %d: page %d twice", where, i, p)
			}
			pages[p] = true
		}
	}
	status := func(where string, txs []Tx, n int) {
		if len(txs) != n {
			t.Fatalf("%s: %d lines, want %d", where, len(txs), n)
		}
		for i, tx := range txs {
			d := decode(fmt.Sprintf("%s %d", where, i), tx.Args[0])
			p, err := s.ParseProof(d.Proof)
			if err != nil || tx.Name != "VerifyProof" || !tx.EndorseOnly || d.Policy == nil {
				t.Fatalf("%s %d: %+v %v", where, i, tx, err)
			}
			if err := s.VerifyProof(statusPK, p, d.Header, d.Nonce, disclosed(d)); err != nil {
				t.Fatalf("%s %d: %v", where, i, err)
			}
			list := lists[d.Policy.ID]
			e, err := strconv.Atoi(string(d.Disclosed[1].Message))
			if d.Disclosed[1].Index != growthStatusIndex || err != nil || list == "" || set[list][e] {
				t.Fatalf("%s %d: entry %q of list %q", where, i, d.Disclosed[1].Message, list)
			}
		}
	}
	// revocations applies revoke.jsonl to values; the removals must read
	// exactly those versions.
	revocations := func(where string, txs, reads []Tx) (from uint64) {
		from = uint64(len(values) - 1)
		for i, tx := range txs {
			b, _ := base64.StdEncoding.DecodeString(tx.Args[1])
			switch tx.Name {
			case "RevokeHandle":
				r, err := revocation.ParseRemoval(b)
				if err != nil || revocation.VerifyRemoval(acc, values[len(values)-1], r) != nil || r.Version != uint64(len(values)) {
					t.Fatalf("%s %d: %v", where, i, err)
				}
				values = append(values, r.Value())
			case "RevokeHandles":
				r, err := revocation.ParseBatchRemoval(b)
				if err != nil || revocation.VerifyBatchRemoval(acc, values[len(values)-1], r) != nil || r.Version != uint64(len(values)) {
					t.Fatalf("%s %d: %v", where, i, err)
				}
				values = append(values, r.Value())
			default:
				t.Fatalf("%s %d: %s", where, i, tx.Name)
			}
		}
		if len(reads) != len(txs) {
			t.Fatalf("%s: %d removal reads for %d revocations", where, len(reads), len(txs))
		}
		for i, tx := range reads {
			if tx.Name != "GetAccumulatorRemoval" || !tx.EndorseOnly || tx.Args[1] != strconv.FormatUint(from+1+uint64(i), 10) {
				t.Fatalf("%s read %d: %+v", where, i, tx)
			}
		}
		return from
	}
	// witness reads witness.json (at version from) and updates it through
	// the revocations that followed, as "bbs update-witness" does.
	witness := func(where, path string, from uint64, txs []Tx) {
		var w struct {
			HandleIndex    int    `json:"handleIndex"`
			AccumulatorKey string `json:"accumulatorKey"`
			Version        uint64 `json:"version"`
			Value, Witness string
		}
		b, err := os.ReadFile(path)
		if err != nil || json.Unmarshal(b, &w) != nil || w.Version != from || w.AccumulatorKey != setup[6].Args[1] || w.HandleIndex != accHandleIndex {
			t.Fatalf("%s: %s (%v)", where, b, err)
		}
		var cf struct {
			Header   string
			Messages []struct{ B64 string }
		}
		b, err = os.ReadFile(filepath.Join(gd, "acc-credential.json"))
		if err != nil || json.Unmarshal(b, &cf) != nil || len(cf.Messages) != messageCount {
			t.Fatalf("acc-credential.json: %v", err)
		}
		hm, _ := base64.StdEncoding.DecodeString(cf.Messages[accHandleIndex].B64)
		y, _ := revocation.HandleScalar(s, hm)
		wit, _ := base64.StdEncoding.DecodeString(w.Witness)
		if err := revocation.VerifyWitness(acc, values[from], y, wit); err != nil {
			t.Fatalf("%s: %v", where, err)
		}
		for i, tx := range txs {
			b, _ := base64.StdEncoding.DecodeString(tx.Args[1])
			if tx.Name == "RevokeHandle" {
				r, _ := revocation.ParseRemoval(b)
				wit, err = revocation.UpdateWitness(y, wit, r)
			} else {
				r, _ := revocation.ParseBatchRemoval(b)
				wit, err = revocation.UpdateWitnessBatch(y, wit, r)
			}
			if err != nil {
				t.Fatalf("%s: update %d: %v", where, i, err)
			}
		}
		if err := revocation.VerifyWitness(acc, values[len(values)-1], y, wit); err != nil {
			t.Fatalf("%s: the updated witness: %v", where, err)
		}
	}
	presentations := func(where string, txs []Tx, n int) {
		if len(txs) != n {
			t.Fatalf("%s: %d lines, want %d", where, len(txs), n)
		}
		for i, tx := range txs {
			d := decode(fmt.Sprintf("%s %d", where, i), tx.Args[0])
			p, err := revocation.ParsePresentation(s, d.Proof)
			if err != nil || tx.Name != "SubmitProof" || !d.NonRevoked || p.Version != uint64(len(values)-1) {
				t.Fatalf("%s %d: not against version %d (%v)", where, i, len(values)-1, err)
			}
			if err := revocation.VerifyPresentation(accPK, p, d.Header, d.Nonce, disclosed(d), acc, values[len(values)-1]); err != nil {
				t.Fatalf("%s %d: %v", where, i, err)
			}
		}
	}
	for k := 1; k <= 2; k++ {
		sd := filepath.Join(gd, fmt.Sprintf("step-%d", k))
		read := func(name string) []Tx { return readTxs(t, filepath.Join(sd, name+".jsonl")) }
		cred := read("cred")
		if len(cred) != 3 {
			t.Fatalf("step %d: %d credentials", k, len(cred))
		}
		for i, tx := range cred {
			var req struct {
				Credential struct {
					Proof struct {
						ProofValue string `json:"proofValue"`
					} `json:"proof"`
				} `json:"credential"`
			}
			if tx.Name != "SubmitCredential" || json.Unmarshal([]byte(tx.Args[0]), &req) != nil || req.Credential.Proof.ProofValue == "" {
				t.Fatalf("step %d credential %d: %.200s", k, i, tx.Args[0])
			}
			fresh("credential", []byte(req.Credential.Proof.ProofValue))
		}
		checkUpdates(fmt.Sprintf("step %d update", k), "small", read("status-update"), 1)
		status(fmt.Sprintf("step %d status", k), read("status"), 3)
		revoke := read("revoke")
		if len(revoke) != 2 {
			t.Fatalf("step %d: %d revocations", k, len(revoke))
		}
		from := revocations(fmt.Sprintf("step %d", k), revoke, read("removals"))
		witness(fmt.Sprintf("step %d witness", k), filepath.Join(sd, "witness.json"), from, revoke)
		presentations(fmt.Sprintf("step %d acc", k), read("acc"), 3)
	}
	sd := filepath.Join(gd, "shape")
	read := func(name string) []Tx { return readTxs(t, filepath.Join(sd, name+".jsonl")) }
	fill := read("status-fill")
	checkUpdates("shape fill", "large", fill, 0)
	if len(set["large"]) != 300 {
		t.Fatalf("the fill sets %d entries", len(set["large"]))
	}
	checkUpdates("shape update", "large", read("status-update"), 1)
	status("shape status", read("status"), 3)
	revoke := read("revoke")
	if len(revoke) != 2 || revoke[0].Name != "RevokeHandles" {
		t.Fatalf("shape: %d revocations", len(revoke))
	}
	from := revocations("shape", revoke, read("removals"))
	witness("shape witness", filepath.Join(sd, "witness.json"), from, revoke)
	presentations("shape acc", read("acc"), 3)
}
