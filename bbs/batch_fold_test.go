// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"math/big"
	mathrand "math/rand/v2"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Tests of the parts of a batch: the weights, the folded equations and the
// batch multi-scalar multiplication.

// TestBatchWeights checks that the weights are deterministic, in range,
// and depend on every part of the batch.
func TestBatchWeights(t *testing.T) {
	s := BLS12381SHA256()
	items := batchPool(t, s, 3)
	base := newBatchWeights(s, items)
	if again := newBatchWeights(s, items); !slices.Equal(base, again) {
		t.Fatal("weights not deterministic")
	}
	bound := new(fr.Element).SetBigInt(new(big.Int).Lsh(big.NewInt(1), 144))
	for i, w := range base {
		for _, z := range []fr.Element{w.gamma, w.alpha, w.beta} {
			if z.IsZero() || z.Cmp(bound) > 0 {
				t.Errorf("item %d: weight %s not in [1, 2^144]", i, z.String())
			}
		}
		if w.gamma.Equal(&w.alpha) || w.alpha.Equal(&w.beta) {
			t.Errorf("item %d: equal weights", i)
		}
	}
	other := batchPool(t, s, 4)[3]
	changes := []struct {
		name   string
		change func(it []BatchItem) []BatchItem
	}{
		{"key", func(it []BatchItem) []BatchItem { it[1].PublicKey = other.PublicKey; return it }},
		{"nil key", func(it []BatchItem) []BatchItem { it[1].PublicKey = nil; return it }},
		{"proof", func(it []BatchItem) []BatchItem { it[1].Proof = other.Proof; return it }},
		{"header", func(it []BatchItem) []BatchItem { it[1].Header = append(slices.Clone(it[1].Header), 0); return it }},
		{"header to nonce", func(it []BatchItem) []BatchItem {
			it[1].Nonce = append(slices.Clone(it[1].Header), it[1].Nonce...)
			it[1].Header = nil
			return it
		}},
		{"nonce", func(it []BatchItem) []BatchItem { it[2].Nonce = []byte("other"); return it }},
		{"disclosed index", func(it []BatchItem) []BatchItem {
			it[1].Disclosed = slices.Clone(it[1].Disclosed)
			it[1].Disclosed[0].Index++
			return it
		}},
		{"disclosed message", func(it []BatchItem) []BatchItem {
			it[1].Disclosed = slices.Clone(it[1].Disclosed)
			it[1].Disclosed[0].Message = []byte("x")
			return it
		}},
		{"disclosed count", func(it []BatchItem) []BatchItem { it[1].Disclosed = it[1].Disclosed[:1]; return it }},
		{"order", func(it []BatchItem) []BatchItem { it[0], it[1] = it[1], it[0]; return it }},
		{"count", func(it []BatchItem) []BatchItem { return append(it, other) }},
	}
	for _, c := range changes {
		t.Run(c.name, func(t *testing.T) {
			w := newBatchWeights(s, c.change(slices.Clone(items)))
			for i := range min(len(w), len(base)) {
				if w[i] == base[i] {
					t.Errorf("item %d keeps its weights", i)
				}
			}
		})
	}
	if w := newBatchWeights(BLS12381SHAKE256(), items); w[0] == base[0] {
		t.Error("weights do not depend on the scheme")
	}
}

// TestBatchPairingNeedsWeights shows what the weights are for: two proofs
// of one key with their Ā swapped fail alone, and pass a batch whose
// weights are all one; with the batch's weights they fail.
func TestBatchPairingNeedsWeights(t *testing.T) {
	for _, s := range Schemes() {
		items := batchPool(t, s, 4)
		items = []BatchItem{items[0], items[3]} // both of key 0
		type pair struct{ x, y bls12381.G1Affine }
		pairs := make([]pair, 2)
		for i, it := range items {
			switch p := it.Proof.body.(type) {
			case *bbsPlusProof:
				pairs[i] = pair{p.aPrime, p.aBar}
			case *ietfProof:
				pairs[i] = pair{p.abar, p.bbar}
			}
		}
		pairs[0].y, pairs[1].y = pairs[1].y, pairs[0].y
		item := func(i int) (*PublicKey, *bls12381.G1Affine, *bls12381.G1Affine) {
			return items[i].PublicKey, &pairs[i].x, &pairs[i].y
		}
		ones := make([]batchWeights, 2)
		for i := range ones {
			ones[i].gamma.SetOne()
		}
		if !batchPairingHolds(2, item, ones, 1) {
			t.Fatalf("%s: swapped pairs do not cancel with unit weights", s.Name())
		}
		for i := range 2 {
			if batchPairingHolds(1, func(int) (*PublicKey, *bls12381.G1Affine, *bls12381.G1Affine) { return item(i) }, ones[:1], 1) {
				t.Fatalf("%s: swapped pair %d holds alone", s.Name(), i)
			}
		}
		if batchPairingHolds(2, item, newBatchWeights(s, items), 1) {
			t.Fatalf("%s: swapped pairs pass the weighted batch", s.Name())
		}
	}
}

// TestBatchMSM compares group.BatchMSM with gnark-crypto's MultiExp for sizes
// around the chunk limits, several worker counts, and full, short and
// nearly short scalars.
func TestBatchMSM(t *testing.T) {
	rng := mathrand.New(mathrand.NewChaCha8([32]byte{'m', 's', 'm'}))
	_, _, g, _ := bls12381.Generators()
	randomPoints := func(n int) []bls12381.G1Affine {
		out := make([]bls12381.G1Affine, n)
		for i := range out {
			out[i].ScalarMultiplication(&g, big.NewInt(rng.Int64()))
		}
		return out
	}
	randomScalars := func(n int) []fr.Element {
		out := make([]fr.Element, n)
		for i := range out {
			var b [32]byte
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
			switch i % 4 {
			case 1: // a batch weight: short, taken whole
				out[i].SetBytes(b[:batchWeightSize])
			case 2: // just above the short limit
				out[i].SetBytes(b[:group.StrausShortScalarBits/8+1])
			default:
				out[i].SetBytes(b[:])
			}
		}
		out[n/2].SetZero()
		return out
	}
	fixedPoints := randomPoints(40)
	tables := group.NewG1Tables(fixedPoints)
	for _, size := range []struct{ fixed, vars int }{{0, 1}, {1, 0}, {3, 5}, {0, 48}, {0, 49}, {12, 160}, {40, 300}} {
		fixed := make([]*group.G1Table, size.fixed)
		for i := range fixed {
			fixed[i] = &tables[i]
		}
		fs, points, vs := randomScalars(size.fixed + 1)[:size.fixed], randomPoints(size.vars), randomScalars(size.vars + 1)[:size.vars]
		var want bls12381.G1Affine
		if _, err := want.MultiExp(append(slices.Clone(fixedPoints[:size.fixed]), points...), append(slices.Clone(fs), vs...), ecc.MultiExpConfig{}); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3, 7} {
			j := group.BatchMSM(fixed, fs, points, vs, workers)
			var got bls12381.G1Affine
			got.FromJacobian(&j)
			if !got.Equal(&want) {
				t.Errorf("%d fixed + %d points, %d workers: wrong sum", size.fixed, size.vars, workers)
			}
		}
	}
}

// batchHoldsFor prepares items for scheme s's folded check, failing the
// test if one does not pass preparation, and runs the check.
func batchHoldsFor(t *testing.T, s Scheme, items []BatchItem, workers int) bool {
	t.Helper()
	w := newBatchWeights(s, items)
	switch v := s.(type) {
	case *bbsPlus2020:
		return batchHoldsOf[*bbsPlusBatchEntry](t, v, items, w, workers)
	case *ietfScheme:
		return batchHoldsOf[*ietfBatchEntry](t, v, items, w, workers)
	}
	t.Fatalf("scheme %s has no batch verifier", s.Name())
	return false
}

func batchHoldsOf[E any](t *testing.T, v batchVerifier[E], items []BatchItem, w []batchWeights, workers int) bool {
	t.Helper()
	entries := make([]E, len(items))
	for i := range items {
		var err error
		if entries[i], err = v.batchPrepare(&items[i]); err != nil {
			t.Fatalf("item %d: preparation: %v", i, err)
		}
	}
	for k := 0; k < v.batchStages(); k++ {
		for i := range items {
			if err := v.batchStep(k, &items[i], entries[i]); err != nil {
				t.Fatalf("item %d: stage %d: %v", i, k, err)
			}
		}
		if !v.batchHolds(k, entries, w, workers) {
			return false
		}
	}
	return true
}

// TestBatchHolds checks the folded equations themselves (the verdicts of
// VerifyProofs would be right even if they always failed, only slow): a
// batch of valid proofs of several keys and shapes passes, on one or more
// goroutines, and one bad proof that passes preparation makes it fail.
func TestBatchHolds(t *testing.T) {
	for _, s := range Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			items := batchPool(t, s, 24)
			for _, workers := range []int{1, 2, 5} {
				if !batchHoldsFor(t, s, items, workers) {
					t.Fatalf("valid batch fails its folded check with %d workers", workers)
				}
			}
			bad := slices.Clone(items)
			if s.Name() == BBSPlus2020Name {
				// Every fault of a BBS+ 2020 proof reaches the folded check.
				bad[7].Nonce = []byte("another nonce")
			} else {
				// A bad signature leaves the challenge right, the pairing wrong.
				bad[7] = batchBadSignatureItem(t, s, bad[7])
			}
			for _, workers := range []int{1, 2} {
				if batchHoldsFor(t, s, bad, workers) {
					t.Fatalf("batch with a bad proof passes its folded check (%d workers)", workers)
				}
				if batchHoldsFor(t, s, bad[7:8], workers) {
					t.Fatalf("bad proof alone passes the folded check (%d workers)", workers)
				}
			}
		})
	}
}
