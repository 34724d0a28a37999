// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	cryptorand "crypto/rand"
	"fmt"
	"io"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// TestSecretMSM: splitting scalars into random shares leaves every result
// unchanged, including zero scalars, the identity and sizes past the
// switch to MultiExp.
func TestSecretMSM(t *testing.T) {
	g, err := bbsSHA256.generators(group.StrausMaxTerms + 2)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range []struct{ fixed, vars int }{{0, 1}, {1, 0}, {3, 2}, {0, group.StrausMaxVarPoints}, {group.StrausMaxTerms / 2, 1}, {group.StrausMaxTerms + 1, 0}} {
		for variant := range 3 {
			t.Run(fmt.Sprintf("f%d/v%d/%d", size.fixed, size.vars, variant), func(t *testing.T) {
				fixed := make([]*group.G1Table, size.fixed)
				fixedScalars := make([]fr.Element, size.fixed)
				for i := range fixed {
					fixed[i] = &g.tables[i]
					fixedScalars[i].SetRandom()
				}
				points := make([]bls12381.G1Affine, size.vars)
				scalars := make([]fr.Element, size.vars)
				for i := range points {
					points[i] = g.points[len(g.points)-1-i%len(g.points)]
					scalars[i].SetRandom()
				}
				switch variant {
				case 1: // zero scalars and the identity
					if size.vars > 0 {
						scalars[0].SetZero()
						points[len(points)-1] = bls12381.G1Affine{}
					}
					if size.fixed > 0 {
						fixedScalars[0].SetZero()
					}
				case 2: // a sum that cancels
					if size.vars > 0 && size.fixed == 0 {
						points = append(points, points[0])
						scalars = append(scalars, *new(fr.Element).Neg(&scalars[0]))
					}
				}
				want := group.MSMWithTables(fixed, fixedScalars, points, scalars)
				got, err := secretMSMWithTables(fixed, fixedScalars, points, scalars)
				if err != nil {
					t.Fatal(err)
				}
				if !got.Equal(&want) {
					t.Fatal("secretMSMWithTables differs from group.MSMWithTables")
				}
			})
		}
	}
	if _, err := secretMSM(make([]bls12381.G1Affine, 2), make([]fr.Element, 1)); err == nil {
		t.Error("length mismatch accepted")
	}
	var k fr.Element
	k.SetRandom()
	var want bls12381.G2Affine
	want.ScalarMultiplicationBase(k.BigInt(new(big.Int)))
	if got, err := secretG2Base(&k); err != nil || !got.Equal(&want) {
		t.Fatalf("secretG2Base: %v", err)
	}
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += n
	return n, err
}

// TestSecretScalarsAreSplit: key generation, signing and proving draw
// share randomness (their secret scalars are split), and the bytes they
// produce do not depend on it.
func TestSecretScalarsAreSplit(t *testing.T) {
	saved := shareRand
	t.Cleanup(func() { shareRand = saved })
	seed := bytes.Repeat([]byte{3}, 32)
	msgs := testMessages(5)
	for _, s := range Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			type result struct{ pk, sig, proof []byte }
			run := func(shares io.Reader) (result, map[string]int) {
				c := &countingReader{r: shares}
				shareRand = c
				reads := map[string]int{}
				step := func(name string) { reads[name] = c.n; c.n = 0 }
				sk, err := s.NewKeyFromSeed(seed)
				if err != nil {
					t.Fatal(err)
				}
				step("key generation")
				sig, err := s.Sign(sk, nil, msgs)
				if err != nil {
					t.Fatal(err)
				}
				step("Sign")
				proof, err := s.DeriveProof(bytes.NewReader(seed), sk.PublicKey(), sig, nil, []byte("n"), msgs, []int{1, 3})
				if err != nil {
					t.Fatal(err)
				}
				step("DeriveProof")
				if err := s.VerifyProof(sk.PublicKey(), proof, nil, []byte("n"), disclosedFor(msgs, []int{1, 3})); err != nil {
					t.Fatal(err)
				}
				step("VerifyProof")
				return result{sk.PublicKey().Bytes(), sig.Bytes(), proof.Bytes()}, reads
			}
			a, reads := run(cryptorand.Reader)
			b, _ := run(bytes.NewReader(bytes.Repeat([]byte{0x5a}, 1<<16)))
			for _, op := range []string{"key generation", "Sign", "DeriveProof"} {
				if reads[op] == 0 {
					t.Errorf("%s splits no secret scalar", op)
				}
			}
			if reads["VerifyProof"] != 0 {
				t.Error("VerifyProof draws share randomness: it handles no secret")
			}
			if !bytes.Equal(a.pk, b.pk) || !bytes.Equal(a.sig, b.sig) || !bytes.Equal(a.proof, b.proof) {
				t.Error("results depend on the share randomness")
			}
		})
	}
}
