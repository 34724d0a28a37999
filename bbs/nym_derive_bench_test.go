// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"fmt"
	"testing"
)

// BenchmarkDeriveProofWithPseudonym measures a holder's proof with a
// pseudonym (one nym secret, no committed message) at the shapes of
// BenchmarkVerifyProofWithPseudonym: m10r2 and m100r10 signer messages.
//
//	go test -run '^$' -bench DeriveProofWithPseudonym -count 5 ./bbs/
func BenchmarkDeriveProofWithPseudonym(b *testing.B) {
	for _, suite := range []struct {
		name string
		nym  *nymScheme
	}{{"bls12381-sha256", nymSHA256}, {"bls12381-shake256", nymSHAKE256}} {
		for _, shape := range benchShapes {
			s := suite.nym
			msgs := testMessages(shape.messages)
			var rev []int
			for i := 0; i < shape.revealed; i++ {
				rev = append(rev, i*(shape.messages/shape.revealed))
			}
			hdr, nonce, ctx := []byte("benchmark header"), []byte("benchmark nonce 0123456789abcdef"), []byte("poll-2026-17")
			f := newNymFlowMessages(b, s, msgs)
			pk := f.sk.PublicKey()
			b.Run(fmt.Sprintf("%s/m%dr%d", suite.name, shape.messages, shape.revealed), func(b *testing.B) {
				for b.Loop() {
					if _, _, err := s.DeriveProofWithPseudonym(rand.Reader, pk, f.sig, hdr, nonce, ctx, msgs, nil, rev, nil, f.secret); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
