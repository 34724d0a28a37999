// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"fmt"
	"testing"
)

// BenchmarkVerifyProofWithPseudonym measures what a verifier of a pseudonym
// proof does per request (parse the key, the proof and the pseudonym, then
// verify), at the shapes of BenchmarkVerifyProof: m10r2 and m100r10 signer
// messages (no committed message, one nym secret), beside the plain IETF
// VerifyProof of the same suite and shape in the same run ("ietf/…").
//
//	go test -run '^$' -bench VerifyProofWithPseudonym -count 5 ./bbs/
func BenchmarkVerifyProofWithPseudonym(b *testing.B) {
	for _, suite := range []struct {
		name string
		nym  *nymScheme
		ietf *ietfScheme
	}{{"bls12381-sha256", nymSHA256, bbsSHA256}, {"bls12381-shake256", nymSHAKE256, bbsSHAKE256}} {
		for _, shape := range benchShapes {
			s := suite.nym
			msgs := testMessages(shape.messages)
			var rev []int
			for i := 0; i < shape.revealed; i++ {
				rev = append(rev, i*(shape.messages/shape.revealed))
			}
			disc := disclosedFor(msgs, rev)
			hdr, nonce, ctx := []byte("benchmark header"), []byte("benchmark nonce 0123456789abcdef"), []byte("poll-2026-17")
			shapeName := fmt.Sprintf("m%dr%d", shape.messages, shape.revealed)

			f := newNymFlowMessages(b, s, msgs)
			proof, nym, err := s.DeriveProofWithPseudonym(rand.Reader, f.sk.PublicKey(), f.sig, hdr, nonce, ctx, msgs, nil, rev, nil, f.secret)
			if err != nil {
				b.Fatal(err)
			}
			pkBytes, proofBytes, nymBytes := f.sk.PublicKey().Bytes(), proof.Bytes(), nym.Bytes()
			b.Run(suite.name+"/"+shapeName, func(b *testing.B) {
				for b.Loop() {
					pk, err := s.ParsePublicKey(pkBytes)
					if err != nil {
						b.Fatal(err)
					}
					p, err := s.ParseProof(proofBytes)
					if err != nil {
						b.Fatal(err)
					}
					ps, err := s.ParsePseudonym(nymBytes)
					if err != nil {
						b.Fatal(err)
					}
					if err := s.VerifyProofWithPseudonym(pk, p, ps, hdr, nonce, ctx, len(msgs), 1, disc, nil); err != nil {
						b.Fatal(err)
					}
				}
			})

			is := suite.ietf
			sk := testKey(b, is)
			sig, err := is.Sign(sk, hdr, msgs)
			if err != nil {
				b.Fatal(err)
			}
			ip, err := is.DeriveProof(rand.Reader, sk.PublicKey(), sig, hdr, nonce, msgs, rev)
			if err != nil {
				b.Fatal(err)
			}
			ipk, ipb := sk.PublicKey().Bytes(), ip.Bytes()
			b.Run("ietf/"+suite.name+"/"+shapeName, func(b *testing.B) {
				for b.Loop() {
					pk, err := is.ParsePublicKey(ipk)
					if err != nil {
						b.Fatal(err)
					}
					p, err := is.ParseProof(ipb)
					if err != nil {
						b.Fatal(err)
					}
					if err := is.VerifyProof(pk, p, hdr, nonce, disc); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// newNymFlowMessages issues a credential over msgs with one nym secret and
// no committed message.
func newNymFlowMessages(tb testing.TB, s *nymScheme, msgs [][]byte) *nymFlow {
	tb.Helper()
	sk, err := s.NewKeyFromSeed([]byte("benchmark key seed of 32 bytes!!"))
	if err != nil {
		tb.Fatal(err)
	}
	com, prover, err := s.CommitWithNym(nil, nil, 1)
	if err != nil {
		tb.Fatal(err)
	}
	hdr := []byte("benchmark header")
	sig, entropy, err := s.BlindSignWithNym(nil, sk, com, hdr, msgs)
	if err != nil {
		tb.Fatal(err)
	}
	secret, err := s.FinalizeWithNym(sk.PublicKey(), sig, hdr, msgs, nil, prover, entropy)
	if err != nil {
		tb.Fatal(err)
	}
	return &nymFlow{s: s, sk: sk, header: hdr, messages: msgs, com: com, prover: prover, sig: sig, entropy: entropy, secret: secret}
}
