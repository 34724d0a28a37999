// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	mathrand "math/rand/v2"
	"testing"
)

// TestPseudonymProofOptions: DerivePseudonymProof and VerifyPseudonymProof
// are the positional methods with the statement in a struct. With the same
// randomness the two derive the same bytes; each verifies the other's
// proofs; a zero NymCount is DefaultNymCount, so it fails for a credential
// of three nym secrets; a wrong context, nonce or header fails.
func TestPseudonymProofOptions(t *testing.T) {
	for _, s := range PseudonymSchemes() {
		for _, n := range []int{DefaultNymCount, 3} {
			t.Run(s.Name(), func(t *testing.T) {
				f := newNymFlow(t, s, n)
				pk := f.sk.PublicKey()
				nonce, ctx := []byte("options nonce"), []byte("options context")
				seed := [32]byte{1, 2, 3}
				pOld, nymOld, err := s.DeriveProofWithPseudonym(mathrand.NewChaCha8(seed), pk, f.sig, f.header, nonce, ctx, f.messages, f.committed, []int{2, 0}, []int{1}, f.secret)
				if err != nil {
					t.Fatal(err)
				}
				pNew, nymNew, err := s.DerivePseudonymProof(mathrand.NewChaCha8(seed), pk, f.sig, f.secret, PseudonymProofOptions{
					Header: f.header, Nonce: nonce, Context: ctx,
					Messages: f.messages, Committed: f.committed,
					Revealed: []int{2, 0}, RevealedCommitted: []int{1},
				})
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(pOld.Bytes(), pNew.Bytes()) || !nymOld.Equal(nymNew) {
					t.Fatal("DerivePseudonymProof and DeriveProofWithPseudonym differ on the same randomness")
				}
				d, dc := f.disclosed()
				opts := PseudonymVerifyOptions{
					Header: f.header, Nonce: nonce, Context: ctx,
					SignerMessages: len(f.messages), NymCount: n,
					Disclosed: d, DisclosedCommitted: dc,
				}
				if err := s.VerifyPseudonymProof(pk, pOld, nymOld, opts); err != nil {
					t.Fatalf("VerifyPseudonymProof: %v", err)
				}
				if err := f.verify(pNew, nymNew, nonce, ctx); err != nil {
					t.Fatalf("VerifyProofWithPseudonym of DerivePseudonymProof's proof: %v", err)
				}
				zero := opts
				zero.NymCount = 0
				if err := s.VerifyPseudonymProof(pk, pNew, nymNew, zero); (err == nil) != (n == DefaultNymCount) {
					t.Fatalf("NymCount 0 for a credential of %d nym secrets: %v", n, err)
				}
				for name, spoil := range map[string]func(o *PseudonymVerifyOptions){
					"context": func(o *PseudonymVerifyOptions) { o.Context = []byte("another context") },
					"nonce":   func(o *PseudonymVerifyOptions) { o.Nonce = []byte("another nonce") },
					"header":  func(o *PseudonymVerifyOptions) { o.Header = nil },
				} {
					bad := opts
					spoil(&bad)
					if err := s.VerifyPseudonymProof(pk, pNew, nymNew, bad); err == nil {
						t.Errorf("wrong %s verifies", name)
					}
				}
			})
		}
	}
}
