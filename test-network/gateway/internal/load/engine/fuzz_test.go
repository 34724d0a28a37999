// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"bytes"
	"encoding/json"
	"testing"
)

// FuzzReadTxs: ReadTxs never panics, and every transaction it accepts has
// a name and re-encodes to JSON that reads back the same.
func FuzzReadTxs(f *testing.F) {
	f.Add([]byte(`{"tx":"SubmitProof","args":["{}"],"proofs":1}` + "\n\n" + `{"tx":"RegisterIssuer","args":["a","b","c","d"]}`))
	f.Add([]byte(`{"tx":""}`))
	f.Add([]byte(`{"tx":"X","args":[1]}`))
	f.Add([]byte("\n\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		txs, err := ReadTxs(bytes.NewReader(data))
		if err != nil {
			return
		}
		for _, tx := range txs {
			if tx.Name == "" {
				t.Fatalf("accepted a transaction without a name: %+v", tx)
			}
			b, err := json.Marshal(tx)
			if err != nil {
				t.Fatal(err)
			}
			again, err := ReadTxs(bytes.NewReader(b))
			if err != nil || len(again) != 1 || again[0].Name != tx.Name || len(again[0].Args) != len(tx.Args) {
				t.Fatalf("round trip of %s: %v %+v", b, err, again)
			}
		}
	})
}
