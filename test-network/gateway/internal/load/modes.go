// SPDX-License-Identifier: Apache-2.0

package load

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/hyperledger/fabric-gateway/pkg/client"
)

// mode is a kind of load: which loadgen file it sends and which
// transaction that file holds.
type mode struct {
	name string // light, single, batch
	file string // in the scheme's folder
	tx   string // the transaction name the contract must have ("": not checked)
}

var modes = []mode{
	{"light", "light.jsonl", "CreatePolicy"},
	{"single", "single.jsonl", "SubmitProof"},
	{"batch", "batch.jsonl", "SubmitProofs"},
}

// modeByName is one of modes, or NAME=FILE: the transactions of FILE (a
// path in the scheme's folder, any transactions) reported as mode NAME.
func modeByName(name string) (mode, bool) {
	if n, file, ok := strings.Cut(name, "="); ok {
		if n == "" || file == "" || strings.HasPrefix(file, "/") || slices.Contains(strings.Split(file, "/"), "..") {
			return mode{}, false
		}
		return mode{name: n, file: file}, true
	}
	for _, m := range modes {
		if m.name == name {
			return m, true
		}
	}
	return mode{}, false
}

// verified counts the proofs a committed transaction verified. VerifyProof
// and VerifyCredential (endorsed only) verified theirs if the answer says
// valid and satisfied. SubmitProof
// fails unless its proof verifies, so a committed one verified tx.Proofs.
// SubmitProofs(requestsJSONArray) commits with per-item verdicts: the
// contract answers a BatchResults object whose "results" has one entry per
// request, in input order, and the entries whose "valid" is true count. The
// array itself or an object holding it as "items" is also read.
func verified(tx engine.Tx, result []byte) int {
	if tx.Name == "VerifyProof" || tx.Name == "VerifyCredential" {
		// A query: it answers {"valid": ..., "satisfied": ...} whatever
		// the proof; it verified its proof if both are true.
		var v struct{ Valid, Satisfied bool }
		if json.Unmarshal(result, &v) != nil || !v.Valid || !v.Satisfied {
			return 0
		}
		return tx.Proofs
	}
	if tx.Name != "SubmitProofs" {
		return tx.Proofs
	}
	type item struct {
		Valid bool `json:"valid"`
	}
	var items []item
	if json.Unmarshal(result, &items) != nil {
		var obj struct {
			Results []item `json:"results"`
			Items   []item `json:"items"`
		}
		if json.Unmarshal(result, &obj) != nil {
			return 0
		}
		items = append(obj.Results, obj.Items...)
	}
	n := 0
	for _, it := range items {
		if it.Valid {
			n++
		}
	}
	return n
}

// transactionsOf reads the contract metadata (contractapi's
// org.hyperledger.fabric:GetMetadata) and returns the names of every
// transaction of every contract.
func transactionsOf(contract *client.Contract, timeout time.Duration) (map[string]bool, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	b, err := contract.EvaluateWithContext(ctx, "org.hyperledger.fabric:GetMetadata")
	if err != nil {
		return nil, fmt.Errorf("reading the contract metadata: %w", err)
	}
	return metadataTransactions(b)
}

func metadataTransactions(b []byte) (map[string]bool, error) {
	var md struct {
		Contracts map[string]struct {
			Transactions []struct {
				Name string `json:"name"`
			} `json:"transactions"`
		} `json:"contracts"`
	}
	if err := json.Unmarshal(b, &md); err != nil {
		return nil, fmt.Errorf("parsing the contract metadata: %w", err)
	}
	out := map[string]bool{}
	for _, c := range md.Contracts {
		for _, t := range c.Transactions {
			out[t.Name] = true
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("the contract metadata lists no transaction")
	}
	return out, nil
}
