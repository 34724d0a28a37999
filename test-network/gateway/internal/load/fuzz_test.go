// SPDX-License-Identifier: Apache-2.0

package load

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// FuzzResultParsers: the SubmitProofs result and metadata parsers never
// panic, and a batch never counts more verified proofs than it has items
// in its result.
func FuzzResultParsers(f *testing.F) {
	f.Add([]byte(`[{"valid":true},{"valid":false}]`))
	f.Add([]byte(`{"results":[{"valid":true}],"items":[{"valid":true}]}`))
	f.Add([]byte(`{"contracts":{"bbs":{"transactions":[{"name":"SubmitProof"}]}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		n := verified(engine.Tx{Name: "SubmitProofs"}, data)
		if n < 0 || n > len(data) {
			t.Fatalf("verified = %d for %d bytes", n, len(data))
		}
		_, _ = metadataTransactions(data)
	})
}
