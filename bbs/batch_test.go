package bbs

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"path/filepath"
	"runtime"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Tests of VerifyProofs: every verdict must be the one VerifyProof gives
// the item alone, whatever the batch around it and the number of cores.

// batchShapes are the (messages, revealed) shapes of generated items; 40
// messages exceed the BBS+ 2020 table limit, so both generator paths run.
var batchShapes = []struct {
	messages int
	revealed []int
}{{3, []int{0}}, {10, []int{0, 5}}, {5, nil}, {40, []int{1, 2, 39}}, {1, []int{0}}}

// batchPool returns n valid items of scheme s, deterministic, under three
// keys and of the shapes above (IETF items with a header).
func batchPool(t testing.TB, s Scheme, n int) []BatchItem {
	t.Helper()
	keys := make([]*SecretKey, 3)
	for k := range keys {
		sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{byte(k + 1)}, 32))
		if err != nil {
			t.Fatal(err)
		}
		keys[k] = sk
	}
	items := make([]BatchItem, n)
	for i := range items {
		sk := keys[i%len(keys)]
		shape := batchShapes[i%len(batchShapes)]
		msgs := testMessages(shape.messages)
		msgs[0] = []byte(fmt.Sprintf("item %d", i))
		var hdr []byte
		if s.Name() != BBSPlus2020Name {
			hdr = []byte(fmt.Sprintf("header %d", i%2))
		}
		sig, err := s.Sign(sk, hdr, msgs)
		if err != nil {
			t.Fatal(err)
		}
		nonce := []byte(fmt.Sprintf("nonce %d", i))
		rng := mathrand.NewChaCha8([32]byte{'b', 'a', 't', 'c', 'h', byte(i)})
		proof, err := s.DeriveProof(rng, sk.PublicKey(), sig, hdr, nonce, msgs, shape.revealed)
		if err != nil {
			t.Fatal(err)
		}
		items[i] = BatchItem{PublicKey: sk.PublicKey(), Proof: proof, Header: hdr, Nonce: nonce,
			Disclosed: disclosedFor(msgs, shape.revealed)}
	}
	return items
}

// batchBreakers make an item fail, each in its own way: kind k spoils
// item it (a copy), using other, a valid item of another key.
var batchBreakers = []struct {
	name  string
	spoil func(t testing.TB, s Scheme, it, other BatchItem) BatchItem
}{
	{"nonce", func(_ testing.TB, _ Scheme, it, _ BatchItem) BatchItem {
		it.Nonce = append(slices.Clone(it.Nonce), '!')
		return it
	}},
	{"key", func(_ testing.TB, _ Scheme, it, other BatchItem) BatchItem {
		it.PublicKey = other.PublicKey
		return it
	}},
	{"message", func(_ testing.TB, _ Scheme, it, _ BatchItem) BatchItem {
		if len(it.Disclosed) == 0 {
			it.Nonce = nil
			return it
		}
		it.Disclosed = slices.Clone(it.Disclosed)
		it.Disclosed[0].Message = []byte("forged")
		return it
	}},
	{"proof", func(t testing.TB, s Scheme, it, other BatchItem) BatchItem {
		// Another valid proof, of another statement.
		it.Proof = other.Proof
		return it
	}},
	{"signature", func(t testing.TB, s Scheme, it, _ BatchItem) BatchItem {
		return batchBadSignatureItem(t, s, it)
	}},
	{"argument", func(_ testing.TB, s Scheme, it, _ BatchItem) BatchItem {
		if s.Name() == BBSPlus2020Name {
			it.Header = []byte("no header in bbs+2020")
		} else {
			it.Disclosed = append(slices.Clone(it.Disclosed), DisclosedMessage{Index: -1})
		}
		return it
	}},
	{"nil", func(_ testing.TB, _ Scheme, it, _ BatchItem) BatchItem {
		it.Proof = nil
		return it
	}},
}

// batchBadSignatureItem returns, for the IETF schemes, an item whose proof
// was derived from a signature that does not verify (A of another
// signature): its challenge is right, its pairing equation is not, so only
// the folded pairing check can catch it. BBS+ 2020's DeriveProof refuses
// bad signatures; there the item gets another nonce.
func batchBadSignatureItem(t testing.TB, s Scheme, it BatchItem) BatchItem {
	if s.Name() == BBSPlus2020Name {
		it.Nonce = []byte("another nonce")
		return it
	}
	sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32))
	if err != nil {
		t.Fatal(err)
	}
	msgs := testMessages(4)
	sig, err := s.Sign(sk, it.Header, msgs)
	if err != nil {
		t.Fatal(err)
	}
	other, err := s.Sign(sk, it.Header, testMessages(5))
	if err != nil {
		t.Fatal(err)
	}
	bad, err := s.ParseSignature(append(other.Bytes()[:g1Size:g1Size], sig.Bytes()[g1Size:]...))
	if err != nil {
		t.Fatal(err)
	}
	rng := mathrand.NewChaCha8([32]byte{'b', 'a', 'd'})
	proof, err := s.DeriveProof(rng, sk.PublicKey(), bad, it.Header, it.Nonce, msgs, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	return BatchItem{PublicKey: sk.PublicKey(), Proof: proof, Header: it.Header, Nonce: it.Nonce,
		Disclosed: disclosedFor(msgs, []int{1})}
}

// singleVerdicts verifies each item alone.
func singleVerdicts(s Scheme, items []BatchItem) []error {
	out := make([]error, len(items))
	for i, it := range items {
		out[i] = s.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed)
	}
	return out
}

// checkSameVerdicts fails unless got and want agree item by item: both nil,
// or the same error text.
func checkSameVerdicts(t *testing.T, got, want []error) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%d verdicts for %d items", len(got), len(want))
	}
	for i := range want {
		switch {
		case want[i] == nil && got[i] != nil:
			t.Errorf("item %d: batch says %v, alone it verifies", i, got[i])
		case want[i] != nil && got[i] == nil:
			t.Errorf("item %d: batch accepts it, alone: %v", i, want[i])
		case want[i] != nil && got[i].Error() != want[i].Error():
			t.Errorf("item %d: batch says %q, alone %q", i, got[i], want[i])
		}
	}
}

func TestVerifyProofsBadItems(t *testing.T) {
	patterns := []struct {
		name string
		bad  func(i, n int) bool
	}{
		{"none", func(i, n int) bool { return false }},
		{"first", func(i, n int) bool { return i == 0 }},
		{"last", func(i, n int) bool { return i == n-1 }},
		{"middle", func(i, n int) bool { return i == n/2 }},
		{"every third", func(i, n int) bool { return i%3 == 1 }},
		{"all", func(i, n int) bool { return true }},
	}
	for _, s := range Schemes() {
		pool := batchPool(t, s, 33)
		for _, n := range []int{0, 1, 2, 5, 33} {
			for _, pat := range patterns {
				t.Run(fmt.Sprintf("%s/n%d/%s", s.Name(), n, pat.name), func(t *testing.T) {
					items := slices.Clone(pool[:n])
					var bad int
					for i := range items {
						if pat.bad(i, n) {
							b := batchBreakers[(i+bad)%len(batchBreakers)]
							items[i] = b.spoil(t, s, items[i], pool[(i+1)%len(pool)])
							bad++
						}
					}
					want := singleVerdicts(s, items)
					for i, err := range want {
						if (err != nil) != pat.bad(i, n) {
							t.Fatalf("item %d: alone %v, bad = %v", i, err, pat.bad(i, n))
						}
					}
					checkSameVerdicts(t, VerifyProofs(s, items), want)
				})
			}
		}
	}
}

// TestVerifyProofsEachBreaker puts one item of each kind of fault among
// valid ones, alone and with the others.
func TestVerifyProofsEachBreaker(t *testing.T) {
	for _, s := range Schemes() {
		pool := batchPool(t, s, 8)
		for _, b := range batchBreakers {
			t.Run(s.Name()+"/"+b.name, func(t *testing.T) {
				for _, pos := range []int{0, 3, 7} {
					items := slices.Clone(pool)
					items[pos] = b.spoil(t, s, items[pos], pool[(pos+1)%len(pool)])
					want := singleVerdicts(s, items)
					if want[pos] == nil {
						t.Fatalf("breaker %s leaves item %d valid", b.name, pos)
					}
					checkSameVerdicts(t, VerifyProofs(s, items), want)
					checkSameVerdicts(t, VerifyProofs(s, items[pos:pos+1]), want[pos:pos+1])
				}
			})
		}
	}
}

// TestVerifyProofsBBSPlusVectors batches every aries-bbs-go and IBM/idemix
// case whose key and proof parse, valid and invalid together.
func TestVerifyProofsBBSPlusVectors(t *testing.T) {
	s := BBSPlus2020()
	var items []BatchItem
	var valid []bool
	for _, vf := range loadBBSPlusVectors(t) {
		for i := range vf.Cases {
			v := &vf.Cases[i]
			pk, err := s.ParsePublicKey(v.PublicKey)
			if err != nil {
				continue
			}
			proof, err := s.ParseProof(v.Proof)
			if err != nil {
				continue
			}
			items = append(items, BatchItem{PublicKey: pk, Proof: proof, Nonce: v.Nonce, Disclosed: disclosedOf(t, v, proof)})
			valid = append(valid, v.Valid)
		}
	}
	checkVectorBatch(t, s, items, valid)
}

// TestVerifyProofsIETFFixtures batches every IETF proof fixture of each
// ciphersuite, valid and invalid together.
func TestVerifyProofsIETFFixtures(t *testing.T) {
	for _, suite := range ietfSuites {
		s := suite.s
		var items []BatchItem
		var valid []bool
		for _, file := range ietfFixtureFiles(t, suite.dir, "proof") {
			var f ietfProofFixture
			readIETFFixture(t, file, &f)
			msgs := ietfMessages(f.Messages)
			pk, err := s.ParsePublicKey(f.SignerPublicKey)
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(file), err)
			}
			proof, err := s.ParseProof(f.Proof)
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(file), err)
			}
			disclosed := make([]DisclosedMessage, len(f.DisclosedIndexes))
			for k, i := range f.DisclosedIndexes {
				disclosed[k] = DisclosedMessage{Index: i, Message: msgs[i]}
			}
			items = append(items, BatchItem{PublicKey: pk, Proof: proof, Header: f.Header, Nonce: f.PresentationHeader, Disclosed: disclosed})
			valid = append(valid, f.Result.Valid)
		}
		t.Run(suite.dir, func(t *testing.T) { checkVectorBatch(t, s, items, valid) })
	}
}

// checkVectorBatch checks a batch of vectors against their expected
// validity and against single verification, as given and reversed.
func checkVectorBatch(t *testing.T, s Scheme, items []BatchItem, valid []bool) {
	t.Helper()
	var nValid int
	for _, v := range valid {
		if v {
			nValid++
		}
	}
	if nValid == 0 || nValid == len(valid) {
		t.Fatalf("%d valid of %d vectors: want both kinds", nValid, len(valid))
	}
	want := singleVerdicts(s, items)
	got := VerifyProofs(s, items)
	checkSameVerdicts(t, got, want)
	for i := range items {
		if (got[i] == nil) != valid[i] {
			t.Errorf("vector %d: verdict %v, valid = %v", i, got[i], valid[i])
		}
	}
	slices.Reverse(items)
	slices.Reverse(want)
	checkSameVerdicts(t, VerifyProofs(s, items), want)
}

// TestVerifyProofsGOMAXPROCS checks that the verdicts do not depend on the
// number of goroutines.
func TestVerifyProofsGOMAXPROCS(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
	for _, s := range Schemes() {
		items := batchPool(t, s, 20)
		for i := 2; i < len(items); i += 5 {
			items[i] = batchBreakers[i%len(batchBreakers)].spoil(t, s, items[i], items[i-1])
		}
		want := singleVerdicts(s, items)
		for _, procs := range []int{1, 2, 3, 8} {
			t.Run(fmt.Sprintf("%s/GOMAXPROCS=%d", s.Name(), procs), func(t *testing.T) {
				runtime.GOMAXPROCS(procs)
				checkSameVerdicts(t, VerifyProofs(s, items), want)
			})
		}
	}
}

func TestVerifyProofsArguments(t *testing.T) {
	pool := batchPool(t, BBSPlus2020(), 2)
	if errs := VerifyProofs(BBSPlus2020(), nil); len(errs) != 0 {
		t.Errorf("empty batch: %v", errs)
	}
	for _, err := range VerifyProofs(nil, pool) {
		if !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("nil scheme: %v", err)
		}
	}
	// BBS+ 2020 items given to an IETF scheme: refused as VerifyProof does.
	errs := VerifyProofs(BLS12381SHA256(), pool)
	checkSameVerdicts(t, errs, singleVerdicts(BLS12381SHA256(), pool))
	for _, err := range errs {
		if !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("proof of another scheme: %v", err)
		}
	}
	// Nil keys and proofs.
	items := []BatchItem{{}, {Proof: pool[0].Proof}, {PublicKey: pool[0].PublicKey}, pool[1]}
	for _, s := range Schemes() {
		errs := VerifyProofs(s, items)
		for i, err := range errs[:3] {
			if !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("%s: item %d: %v", s.Name(), i, err)
			}
		}
	}
}

func TestVerifyProofsDoesNotModifyInputs(t *testing.T) {
	for _, s := range Schemes() {
		items := batchPool(t, s, 6)
		items[3].Nonce = []byte("wrong")
		type snapshot struct{ pk, proof, hdr, nonce, disclosed []byte }
		take := func() []snapshot {
			out := make([]snapshot, len(items))
			for i, it := range items {
				var d []byte
				for _, m := range it.Disclosed {
					d = fmt.Appendf(d, "%d:%x;", m.Index, m.Message)
				}
				out[i] = snapshot{it.PublicKey.Bytes(), it.Proof.Bytes(), slices.Clone(it.Header), slices.Clone(it.Nonce), d}
			}
			return out
		}
		before := take()
		VerifyProofs(s, items)
		after := take()
		for i := range before {
			b, a := before[i], after[i]
			if !bytes.Equal(b.pk, a.pk) || !bytes.Equal(b.proof, a.proof) || !bytes.Equal(b.hdr, a.hdr) ||
				!bytes.Equal(b.nonce, a.nonce) || !bytes.Equal(b.disclosed, a.disclosed) {
				t.Errorf("%s: item %d modified", s.Name(), i)
			}
		}
	}
}

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

// TestBatchMSM compares batchMSM with gnark-crypto's MultiExp for sizes
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
				out[i].SetBytes(b[:strausShortScalarBits/8+1])
			default:
				out[i].SetBytes(b[:])
			}
		}
		out[n/2].SetZero()
		return out
	}
	fixedPoints := randomPoints(40)
	tables := newG1Tables(fixedPoints)
	for _, size := range []struct{ fixed, vars int }{{0, 1}, {1, 0}, {3, 5}, {0, 48}, {0, 49}, {12, 160}, {40, 300}} {
		fixed := make([]*g1Table, size.fixed)
		for i := range fixed {
			fixed[i] = &tables[i]
		}
		fs, points, vs := randomScalars(size.fixed + 1)[:size.fixed], randomPoints(size.vars), randomScalars(size.vars + 1)[:size.vars]
		var want bls12381.G1Affine
		if _, err := want.MultiExp(append(slices.Clone(fixedPoints[:size.fixed]), points...), append(slices.Clone(fs), vs...), ecc.MultiExpConfig{}); err != nil {
			t.Fatal(err)
		}
		for _, workers := range []int{1, 2, 3, 7} {
			j := batchMSM(fixed, fs, points, vs, workers)
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
