// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"fmt"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// TestBBSPlus2020GeneratorTables checks which bbs+2020 generator sets get
// multiplication tables on admission (none while on probation; every count
// up to bbsPlusTableMaxCount, whose VerifyProof MSM of count+3 terms stays
// within Straus' method, none beyond), that each table starts at its generator, and that the msm over
// the tables equals the one over the bare points (g.tables == nil) for
// every generator of the set, P1 included, with random, zero and −1
// scalars and the identity among the variable points.
func TestBBSPlus2020GeneratorTables(t *testing.T) {
	// The largest count whose VerifyProof MSM (P1, h0..hL and D) stays
	// within Straus' method: 100 messages (the m100r10 case of the performance figures) among them.
	if bbsPlusTableMaxCount+3 != group.StrausMaxTerms {
		t.Fatalf("bbsPlusTableMaxCount = %d: VerifyProof's MSM of %d terms, want %d (group.StrausMaxTerms)",
			bbsPlusTableMaxCount, bbsPlusTableMaxCount+3, group.StrausMaxTerms)
	}
	pk := testKey(t, BBSPlus2020()).PublicKey()
	var minusOne fr.Element
	minusOne.SetOne().Neg(&minusOne)
	for _, count := range []int{1, 10, 31, 100, bbsPlusTableMaxCount, bbsPlusTableMaxCount + 1} {
		t.Run(fmt.Sprintf("L%d", count), func(t *testing.T) {
			derived, err := deriveBBSPlusGenerators(pk, count)
			if err != nil {
				t.Fatal(err)
			}
			if derived.tables != nil {
				t.Fatal("a derived set, not yet admitted, has tables")
			}
			g := withTables(derived)
			if withTables(g) != g {
				t.Fatal("withTables copied a set that has its tables")
			}
			if want := count <= bbsPlusTableMaxCount; (g.tables != nil) != want {
				t.Fatalf("count %d: tables present = %v, want %v", count, g.tables != nil, want)
			}
			if g.tables == nil {
				return
			}
			if len(g.tables) != count+1 {
				t.Fatalf("%d tables for %d generators", len(g.tables), count+1)
			}
			for i := range g.tables {
				if !g.tables[i][0].Equal(&g.h[i]) {
					t.Fatalf("table %d does not start at h[%d]", i, i)
				}
			}
			bare := &bbsPlusGenerators{h: g.h}
			for variant := range 3 {
				gen := []int{-1}
				for i := range g.h {
					gen = append(gen, i)
				}
				genScalars := make([]fr.Element, len(gen))
				for i := range genScalars {
					genScalars[i].SetRandom()
				}
				points := []bls12381.G1Affine{g.h[count/2], bls12381.G1Affine{}}
				scalars := make([]fr.Element, len(points))
				for i := range scalars {
					scalars[i].SetRandom()
				}
				switch variant {
				case 1:
					for i := range genScalars {
						switch i % 3 {
						case 0:
							genScalars[i].SetZero()
						case 1:
							genScalars[i] = minusOne
						}
					}
				case 2: // cancels the variable point: h·s + h·(−s)
					scalars[0].Neg(&genScalars[1+count/2])
				}
				got := g.msm(points, scalars, gen, genScalars)
				want := bare.msm(points, scalars, gen, genScalars)
				if !got.Equal(&want) {
					t.Fatalf("variant %d: msm over the tables differs from the msm over the points", variant)
				}
			}
		})
	}
}

// TestBBSPlus2020AdmittedSetHasTables: after Sign and VerifyProof at 100
// messages, the main cache holds the generator set with its tables.
func TestBBSPlus2020AdmittedSetHasTables(t *testing.T) {
	s := BBSPlus2020().(*bbsPlus2020)
	sk := testKey(t, s)
	msgs := testMessages(100)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	nonce := []byte("tables nonce")
	proof, err := s.DeriveProof(rand.Reader, sk.PublicKey(), sig, nil, nonce, msgs, []int{0, 50})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.VerifyProof(sk.PublicKey(), proof, nil, nonce, disclosedFor(msgs, []int{0, 50})); err != nil {
		t.Fatal(err)
	}
	g, ok := s.gens.Lookup(bbsPlusGenKey{pk: sk.PublicKey().enc, count: 100})
	if !ok || g.tables == nil {
		t.Fatalf("after VerifyProof: admitted = %v, tables = %v", ok, ok && g.tables != nil)
	}
}
