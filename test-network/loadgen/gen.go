// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bufio"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// Tx is one line of a transactions file: the transaction name, its string
// arguments, and how many proofs it asks the chaincode to verify. The load
// tool (test-network/gateway/internal/load) reads the same form.
type Tx struct {
	Name   string   `json:"tx"`
	Args   []string `json:"args"`
	Proofs int      `json:"proofs,omitempty"`
	// Chaincode, if set, is the chaincode the transaction calls instead
	// of bbs (the poll example: vote.go).
	Chaincode string `json:"chaincode,omitempty"`
	// EndorseOnly: the load tool has it endorsed and takes the answer,
	// without submitting it (a query: VerifyProof, GetAccumulatorRemoval).
	EndorseOnly bool `json:"endorseOnly,omitempty"`
}

// issuerFile is the content of issuer.json.
type issuerFile struct {
	ID          string `json:"id"`
	Scheme      string `json:"scheme"`
	PublicKey   string `json:"publicKey"`
	Description string `json:"description"`
}

// tag is a short hex tag of the seed, put in every issuer ID so that runs
// with different seeds can share a network.
func tag(seed string) string {
	d := digest(seed, "tag", 0)
	return hex.EncodeToString(d[:4])
}

// generate writes every file of one scheme.
func generate(o *options, s bbs.Scheme, stderr io.Writer) error {
	dir := filepath.Join(o.out, schemeDir(s.Name()))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	t := tag(o.seed)
	is := issuerFile{
		ID:          fmt.Sprintf("load-%s-%s", schemeDir(s.Name()), t),
		Scheme:      s.Name(),
		Description: "fabric-bbs load tool, seed tag " + t,
	}
	cred, err := newCredential(o.seed, s, is.ID)
	if err != nil {
		return err
	}
	is.PublicKey = base64.StdEncoding.EncodeToString(cred.sk.PublicKey().Bytes())
	if err := writeJSON(filepath.Join(dir, "issuer.json"), is); err != nil {
		return err
	}
	doc, err := registrationDoc(o, cred.sk, is.ID, is.Description, o.submitters[0], "setup", 0)
	if err != nil {
		return err
	}
	setup := []Tx{{Name: "RegisterIssuer", Args: []string{doc}}}
	if err := writeTxs(filepath.Join(dir, "setup.jsonl"), setup); err != nil {
		return err
	}

	light, err := lightTxs(o, s, t, is.ID)
	if err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "light.jsonl"), light); err != nil {
		return err
	}

	singles, err := requests(o, cred, "single", o.single)
	if err != nil {
		return err
	}
	txs := make([]Tx, len(singles))
	for i, r := range singles {
		txs[i] = Tx{Name: "SubmitProof", Args: []string{string(r)}, Proofs: 1}
	}
	if err := writeTxs(filepath.Join(dir, "single.jsonl"), txs); err != nil {
		return err
	}

	batched, err := requests(o, cred, "batch", o.batchTx*o.batchSize)
	if err != nil {
		return err
	}
	if txs, err = batchTxs(batched, o.batchSize); err != nil {
		return err
	}
	if err := writeTxs(filepath.Join(dir, "batch.jsonl"), txs); err != nil {
		return err
	}
	if o.soak > 0 {
		soak, err := soakTxs(o, cred)
		if err != nil {
			return err
		}
		if err := writeLines(filepath.Join(dir, "soak.jsonl"), soak); err != nil {
			return err
		}
	}
	if o.mix > 0 {
		if err := mixFiles(o, cred, dir); err != nil {
			return err
		}
		if err := nymFiles(o, s, dir, nymRaces(o.mix)); err != nil {
			return err
		}
		if err := credFiles(o, s, dir, credLines(o.mix)); err != nil {
			return err
		}
		if err := voteFiles(o, s, dir, nymRaces(o.mix)); err != nil {
			return err
		}
		if err := accFiles(o, s, dir, credLines(o.mix)); err != nil {
			return err
		}
		if err := epochFiles(o, s, dir, credLines(o.mix)); err != nil {
			return err
		}
	}
	if err := growthFiles(o, s, dir); err != nil {
		return err
	}
	fmt.Fprintf(stderr, "loadgen: %s: issuer %s, %d soak, %d light, %d single, %d batch transactions (%d proofs each) in %s\n",
		s.Name(), is.ID, o.soak, len(light), len(singles), len(txs), o.batchSize, dir)
	return nil
}

// lightTxs are o.light CreatePolicy transactions with distinct policy IDs,
// each naming the bench issuer: the contract parses and validates the
// policy, reads the issuer's record and writes the policy's two records and
// their key-level endorsement, with no cryptography. That is the "light
// write" the other modes are compared with (before 2026-12, RegisterIssuer,
// which now verifies a proof of possession and so is not light).
func lightTxs(o *options, s bbs.Scheme, t, issuerID string) ([]Tx, error) {
	txs := make([]Tx, o.light)
	for i := range txs {
		id := fmt.Sprintf("light-%s-%s-%06d", schemeDir(s.Name()), t, i)
		doc, err := json.Marshal(struct {
			ID          string `json:"id"`
			Description string `json:"description"`
			Issuers     []struct {
				ID string `json:"id"`
			} `json:"issuers"`
		}{ID: id, Description: "light write " + id, Issuers: []struct {
			ID string `json:"id"`
		}{{ID: issuerID}}})
		if err != nil {
			return nil, err
		}
		txs[i] = Tx{Name: "CreatePolicy", Args: []string{string(doc)}}
	}
	return txs, nil
}

// requests derives n distinct m10r2 unbound requests of a kind, each with
// its own 32-byte nonce, as compact JSON the chaincode's parser accepts.
func requests(o *options, c *credential, kind string, n int) ([][]byte, error) {
	out := make([][]byte, n)
	pk := c.sk.PublicKey()
	err := parallel(o.workers, n, func(i int) error {
		nc := nonce(o.seed, c.scheme, kind, i)
		proof, err := c.scheme.DeriveProof(stream(o.seed, "proof/"+c.scheme.Name()+"/"+kind, i),
			pk, c.sig, c.header, nc, c.messages, revealed)
		if err != nil {
			return fmt.Errorf("deriving %s proof %d: %w", kind, i, err)
		}
		d := &request.Decoded{
			Issuer: c.issuerID,
			Scheme: c.scheme.Name(),
			Proof:  proof.Bytes(),
			Nonce:  nc,
			Header: c.header,
		}
		for _, idx := range revealed {
			d.Disclosed = append(d.Disclosed, request.Message{Index: idx, Message: c.messages[idx]})
		}
		b, err := json.Marshal(d.Encode())
		if err != nil {
			return err
		}
		if _, err := request.Parse(b); err != nil {
			return fmt.Errorf("%s request %d would be refused: %w", kind, i, err)
		}
		out[i] = b
		return nil
	})
	return out, err
}

// batchTxs groups requests, in order, into SubmitProofs transactions whose
// one argument is the JSON array of size requests.
func batchTxs(reqs [][]byte, size int) ([]Tx, error) {
	var txs []Tx
	for start := 0; start < len(reqs); start += size {
		end := min(start+size, len(reqs))
		items := make([]json.RawMessage, 0, end-start)
		for _, r := range reqs[start:end] {
			items = append(items, r)
		}
		arg, err := json.Marshal(items)
		if err != nil {
			return nil, err
		}
		txs = append(txs, Tx{Name: "SubmitProofs", Args: []string{string(arg)}, Proofs: end - start})
	}
	return txs, nil
}

// parallel runs f(0..n-1) on at most workers goroutines and returns the
// error of the lowest index that failed.
func parallel(workers, n int, f func(i int) error) error {
	errs := make([]error, n)
	next := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < min(workers, n); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				errs[i] = f(i)
			}
		}()
	}
	for i := 0; i < n; i++ {
		next <- i
	}
	close(next)
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}

// writeTxs writes one JSON transaction per line.
func writeTxs(path string, txs []Tx) error { return writeLines(path, txs) }

// writeLines writes one JSON value per line.
func writeLines[T any](path string, txs []T) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	w := bufio.NewWriter(f)
	enc := json.NewEncoder(w)
	for _, tx := range txs {
		if err := enc.Encode(tx); err != nil {
			f.Close()
			return fmt.Errorf("writing %s: %w", path, err)
		}
	}
	if err := w.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return f.Close()
}
