// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/stretchr/testify/require"
)

// BenchmarkSubmitProofs runs, through the fake stub, one SubmitProofs of
// 32 requests (n32) beside 32 SubmitProof transactions of the same
// requests (single32), per scheme: the whole chaincode path (argument
// checks, contract-api, request parsing, state reads and writes, event),
// endorsement only (the transactions are evaluated, so their writes are
// not committed and the same nonces serve every iteration).
func BenchmarkSubmitProofs(b *testing.B) {
	const n = 32
	// The test helpers take a *testing.T; setup failures end the
	// benchmark through b.Fatal below or panic, either way loudly.
	t := &testing.T{}
	for i, s := range bbs.Schemes() {
		e := newEnv(t).asDeployed()
		e.t = t
		k := newKeyPair(t, s, byte(80+i))
		if !e.register(e.alice, "bench", k, "").Committed {
			b.Fatal("registering the issuer")
		}
		var header []byte
		if hasHeader(t, s) {
			header = []byte("credential-type: bench")
		}
		c := sign(t, k, header)
		reqs := make([]string, n)
		for j := range reqs {
			reqs[j] = jsonArg(t, c.present(t, "bench", batchNonce(100+j), 0, 2))
		}
		batch := "[" + strings.Join(reqs, ",") + "]"
		b.Run(s.Name()+"/n32", func(b *testing.B) {
			for b.Loop() {
				r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":SubmitProofs", batch)
				res := decode[proofs.BatchResults](t, r)
				require.Equal(b, n, res.ValidCount)
			}
		})
		b.Run(s.Name()+"/single32", func(b *testing.B) {
			for b.Loop() {
				for _, req := range reqs {
					r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":SubmitProof", req)
					require.True(b, r.OK(), r.Response.GetMessage())
				}
			}
		})
	}
}
