// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// Tx is one transaction to send: its name, its string arguments, and how
// many proofs it asks the chaincode to verify. It is one line of the
// transactions files that test-network/loadgen writes.
type Tx struct {
	Name   string   `json:"tx"`
	Args   []string `json:"args"`
	Proofs int      `json:"proofs,omitempty"`
	// Class is a free label (a soak tool's "replay", "tampered", ...);
	// outcomes are also counted by class.
	Class string `json:"class,omitempty"`
	// Chaincode, if set, is the chaincode the transaction calls on the
	// client's channel instead of the client's own (a soak's poll votes
	// go to the poll example, which calls bbs).
	Chaincode string `json:"chaincode,omitempty"`
	// EndorseOnly: the transaction is endorsed and its answer taken, not
	// submitted (a query such as VerifyProof, endorsed as the chaincode's
	// policy asks). It counts as committed once endorsed; its latency is
	// the endorsement's.
	EndorseOnly bool `json:"endorseOnly,omitempty"`
}

// maxLine bounds one line of a transactions file (a SubmitProofs batch of
// 32 requests is about 40 KiB).
const maxLine = 16 << 20

// ReadTxs reads a transactions file: one JSON Tx per line, blank lines
// skipped.
func ReadTxs(r io.Reader) ([]Tx, error) {
	var txs []Tx
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	line := 0
	for sc.Scan() {
		line++
		if len(sc.Bytes()) == 0 {
			continue
		}
		var tx Tx
		if err := json.Unmarshal(sc.Bytes(), &tx); err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if tx.Name == "" {
			return nil, fmt.Errorf("line %d: no transaction name", line)
		}
		txs = append(txs, tx)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", line+1, err)
	}
	return txs, nil
}

// ReadTxsFile reads a transactions file by name.
func ReadTxsFile(path string) ([]Tx, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	txs, err := ReadTxs(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return txs, nil
}
