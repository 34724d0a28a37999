// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"errors"
	"fmt"
	mathrand "math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
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
// was made from a signature that does not verify (A of another
// signature), by the draft's prover steps without DeriveProof's signature
// check: its challenge is right, its pairing equation is not, so only the
// folded pairing check can catch it. BBS+ 2020 proofs cannot be made so
// (the signature enters the commitments); there the item gets another
// nonce.
func batchBadSignatureItem(t testing.TB, s Scheme, it BatchItem) BatchItem {
	is, ok := s.(*ietfScheme)
	if !ok {
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
	revealed := []int{1}
	disclosed, undisclosed, err := splitIndices(revealed, len(msgs))
	if err != nil {
		t.Fatal(err)
	}
	gens, err := is.generators(len(msgs) + 1)
	if err != nil {
		t.Fatal(err)
	}
	m, err := is.messagesToScalars(msgs)
	if err != nil {
		t.Fatal(err)
	}
	rng := mathrand.NewChaCha8([32]byte{'b', 'a', 'd'})
	random := make([]fr.Element, 5+len(undisclosed))
	for i := range random {
		if random[i], err = group.RandomScalar(rng); err != nil {
			t.Fatal(err)
		}
	}
	init, err := is.proofInit(sk.PublicKey(), bad, &gens, random, it.Header, m, undisclosed)
	if err != nil {
		t.Fatal(err)
	}
	c, err := is.challenge(init, disclosed, []fr.Element{m[1]}, it.Nonce)
	if err != nil {
		t.Fatal(err)
	}
	p, err := proofFinalize(init, &c, &bad.e, random, m, undisclosed)
	if err != nil {
		t.Fatal(err)
	}
	return BatchItem{PublicKey: sk.PublicKey(), Proof: &Proof{scheme: s, enc: p.encode(), body: p}, Header: it.Header,
		Nonce: it.Nonce, Disclosed: disclosedFor(msgs, revealed)}
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
