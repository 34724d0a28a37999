// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"bytes"
	"errors"
	"math"
	"sync"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

type fixture struct {
	s    bbs.Scheme
	sk   *bbs.SecretKey
	mm   *bbs.MessageMap
	msgs [][]byte
	sig  *bbs.Signature
}

var (
	rangeParamsOnce sync.Once
	rangeParams16   *Params
	setParams       *Params
)

func params(t testing.TB) (*Params, *Params) {
	rangeParamsOnce.Do(func() {
		var err error
		if rangeParams16, _, err = GenerateRangeParams(nil, 16); err != nil {
			panic(err)
		}
		if setParams, _, err = GenerateSetParams(nil, bbs.BLS12381SHA256(), [][]byte{[]byte("DE"), []byte("FR"), []byte("IT")}, false); err != nil {
			panic(err)
		}
	})
	return rangeParams16, setParams
}

// newFixture signs [name, v, country, w] with positions 1 and 3 integers.
func newFixture(t testing.TB, s bbs.Scheme, v, w int64) *fixture {
	t.Helper()
	sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{3}, 32))
	if err != nil {
		t.Fatal(err)
	}
	mm, err := bbs.NewMessageMap([]int{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	msgs := [][]byte{[]byte("alice"), bbs.IntegerMessage(v), []byte("FR"), bbs.IntegerMessage(w)}
	sig, err := bbs.SignMapped(s, sk, []byte("hdr"), msgs, mm)
	if err != nil {
		t.Fatal(err)
	}
	return &fixture{s: s, sk: sk, mm: mm, msgs: msgs, sig: sig}
}

func (f *fixture) prove(t testing.TB, preds []Predicate) (*bbs.Proof, []byte, error) {
	return Prove(nil, f.s, f.sk.PublicKey(), f.sig, []byte("hdr"), []byte("ph"), f.msgs, []int{0}, f.mm, preds)
}

func (f *fixture) verify(proof *bbs.Proof, preds []Predicate, pp []byte) error {
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	return Verify(f.s, f.sk.PublicKey(), proof, []byte("hdr"), []byte("ph"), d, f.mm, preds, pp)
}

func TestRangeBoundaries(t *testing.T) {
	rp, _ := params(t)
	cases := []struct{ min, max int64 }{
		{0, 255}, {-100, 100}, {18, 120}, {0, math.MaxUint32}, {math.MinInt64, math.MaxInt64}, {5, 5}, {-7, -3},
		// one side only (an end at the int64 extreme), and an extreme end
		// with so narrow a range that both sides are shorter
		{math.MinInt64, 17}, {18, math.MaxInt64}, {math.MinInt64, -1}, {math.MinInt64, math.MinInt64 + 5},
		{math.MaxInt64 - 3, math.MaxInt64},
	}
	for _, s := range []bbs.Scheme{bbs.BLS12381SHA256(), bbs.BLS12381SHAKE256()} {
		for _, c := range cases {
			preds := func(min, max int64) []Predicate {
				return []Predicate{{Kind: Range, Index: 1, Min: min, Max: max, Params: rp}}
			}
			for _, v := range []int64{c.min, c.max} {
				f := newFixture(t, s, v, 0)
				proof, pp, err := f.prove(t, preds(c.min, c.max))
				if err != nil {
					t.Fatalf("%s [%d, %d] v=%d: %v", s.Name(), c.min, c.max, v, err)
				}
				if len(pp) != ProofSize(preds(c.min, c.max)) {
					t.Fatalf("size %d, ProofSize %d", len(pp), ProofSize(preds(c.min, c.max)))
				}
				if err := f.verify(proof, preds(c.min, c.max), pp); err != nil {
					t.Fatalf("%s [%d, %d] v=%d: verify: %v", s.Name(), c.min, c.max, v, err)
				}
				// The same proof does not verify for a shifted range.
				if c.max < math.MaxInt64 && c.min < math.MaxInt64 {
					if err := f.verify(proof, preds(c.min+1, c.max+1), pp); err == nil {
						t.Fatalf("[%d, %d] proof accepted for [%d, %d]", c.min, c.max, c.min+1, c.max+1)
					}
				}
			}
			// min−1 and max+1 cannot be proven.
			for _, v := range []int64{c.min - 1, c.max + 1} {
				if (v == c.min-1 && c.min == math.MinInt64) || (v == c.max+1 && c.max == math.MaxInt64) {
					continue
				}
				f := newFixture(t, s, v, 0)
				if _, _, err := f.prove(t, preds(c.min, c.max)); !errors.Is(err, bbs.ErrInvalidArgument) {
					t.Fatalf("[%d, %d] v=%d: prove = %v, want ErrInvalidArgument", c.min, c.max, v, err)
				}
			}
		}
	}
}

// A proof for a value outside the range, made by a prover that skips the
// range check (digits of the wrapped difference), is refused.
func TestForgedOutOfRange(t *testing.T) {
	rp, _ := params(t)
	f := newFixture(t, bbs.BLS12381SHA256(), 300, 0)
	// Prove [0, 2^64−1]-style wide range for v then claim [0, 255]: the
	// digit count differs, so the proof is malformed for the claim.
	proof, pp, err := f.prove(t, []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 4095, Params: rp}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 255, Params: rp}}, pp); err == nil {
		t.Fatal("proof for [0, 4095] accepted for [0, 255]")
	}
	// A prover that skips its range check: the digits of the wrapped
	// differences do not add up, and the proof is refused.
	forgeForTesting = true
	defer func() { forgeForTesting = false }()
	for _, v := range []int64{-1, 256, 1000, math.MaxInt64} {
		f := newFixture(t, bbs.BLS12381SHA256(), v, 0)
		preds := []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 255, Params: rp}}
		proof, pp, err := f.prove(t, preds)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.verify(proof, preds, pp); err == nil {
			t.Fatalf("forged proof for %d in [0, 255] accepted", v)
		}
	}
	forgeForTesting = false
	// Same digit count: [0, 4095] claimed as [0, 3000] (v = 3500).
	f = newFixture(t, bbs.BLS12381SHA256(), 3500, 0)
	proof, pp, err = f.prove(t, []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 4095, Params: rp}})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 3000, Params: rp}}, pp); !errors.Is(err, bbs.ErrInvalidProof) && !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("out-of-range claim: %v", err)
	}
}

func TestSeveralPredicates(t *testing.T) {
	rp, sp := params(t)
	f := newFixture(t, bbs.BLS12381SHA256(), 30, -12)
	preds := []Predicate{
		{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp},
		{Kind: Range, Index: 3, Min: -20, Max: -10, Params: rp},
		{Kind: Commitment, Index: 1},
		{Kind: InSet, Index: 2, Params: sp},
	}
	proof, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
	// The BBS part is a standard IETF proof with the derived header.
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	ph2, err := PresentationHeader(f.s, proof, []byte("ph"), d, f.mm, preds, pp)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.VerifyProof(f.sk.PublicKey(), proof, []byte("hdr"), ph2, d); err != nil {
		t.Fatalf("plain IETF verify with the derived header: %v", err)
	}
	// Every byte flipped, and every truncation, is refused without panic.
	for i := range pp {
		bad := bytes.Clone(pp)
		bad[i] ^= 0x01
		if err := f.verify(proof, preds, bad); err == nil {
			t.Fatalf("byte %d flipped: accepted", i)
		}
	}
	for n := 0; n < len(pp); n += 7 {
		if err := f.verify(proof, preds, pp[:n]); err == nil {
			t.Fatalf("truncated to %d: accepted", n)
		}
	}
	// The predicate proof moved to another BBS proof of the same credential.
	other, _, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(other, preds, pp); err == nil {
		t.Fatal("predicate proof moved to another BBS proof: accepted")
	}
	// Another nonce.
	if err := Verify(f.s, f.sk.PublicKey(), proof, []byte("hdr"), []byte("other"), d, f.mm, preds, pp); err == nil {
		t.Fatal("other presentation header accepted")
	}
}

func TestSetMembership(t *testing.T) {
	_, sp := params(t)
	f := newFixture(t, bbs.BLS12381SHA256(), 1, 2)
	preds := []Predicate{{Kind: InSet, Index: 2, Params: sp}}
	proof, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
	// A value outside the set cannot be proven.
	f.msgs[2] = []byte("US")
	f.sig, err = bbs.SignMapped(f.s, f.sk, []byte("hdr"), f.msgs, f.mm)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Fatalf("non-member: %v", err)
	}
	// Another owner's set (another key) refuses the proof.
	other, _, err := GenerateSetParams(nil, bbs.BLS12381SHA256(), [][]byte{[]byte("DE"), []byte("FR"), []byte("IT")}, false)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, []Predicate{{Kind: InSet, Index: 2, Params: other}}, pp); err == nil {
		t.Fatal("proof accepted under another set key")
	}
}

func TestParamsRoundTrip(t *testing.T) {
	rp, sp := params(t)
	for _, p := range []*Params{rp, sp} {
		q, err := ParseParams(p.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(q.Bytes(), p.Bytes()) {
			t.Fatal("round trip differs")
		}
		b := p.Bytes()
		for _, i := range []int{0, 1, 50, 97, 100, 101 + 5, 101 + 40, len(b) - 1} {
			bad := bytes.Clone(b)
			bad[i] ^= 0x02
			if _, err := ParseParams(bad); err == nil {
				t.Fatalf("params byte %d flipped: accepted", i)
			}
		}
		if _, err := ParseParams(b[:len(b)-1]); err == nil {
			t.Fatal("truncated params accepted")
		}
	}
}

// Bad predicates are refused with ErrInvalidArgument, never a panic.
func TestBadPredicates(t *testing.T) {
	rp, sp := params(t)
	f := newFixture(t, bbs.BLS12381SHA256(), 30, 0)
	proof, pp, err := f.prove(t, []Predicate{{Kind: Commitment, Index: 1}})
	if err != nil {
		t.Fatal(err)
	}
	for name, preds := range map[string][]Predicate{
		"none":             nil,
		"empty bp range":   {{Kind: Range, Index: 1, Min: 1, Max: 0}},
		"bp not integer":   {{Kind: Range, Index: 2, Max: 5}},
		"set params range": {{Kind: Range, Index: 1, Params: sp}},
		"range params set": {{Kind: InSet, Index: 2, Params: rp}},
		"nil set params":   {{Kind: InSet, Index: 2}},
		"empty range":      {{Kind: Range, Index: 1, Min: 5, Max: 4, Params: rp}},
		"not integer":      {{Kind: Range, Index: 2, Params: rp}},
		"disclosed":        {{Kind: Commitment, Index: 0}},
		"beyond":           {{Kind: Commitment, Index: 9}},
		"negative":         {{Kind: Commitment, Index: -1}},
		"unknown kind":     {{Kind: 9, Index: 1}},
		"too many":         make([]Predicate, MaxPredicates+1),
	} {
		_ = ProofSize(preds)
		if _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
			t.Errorf("%s: prove = %v", name, err)
		}
		if err := f.verify(proof, preds, pp); err == nil {
			t.Errorf("%s: verify accepted", name)
		}
	}
	// Disclosed indices that would misplace m̂_i: refused, no panic.
	one := []Predicate{{Kind: Commitment, Index: 1}}
	for _, idx := range [][]int{{0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, {-5, -4, -3, -2, -1, 0}, {2, 0}, {0, 99}} {
		var d []bbs.DisclosedMessage
		for _, i := range idx {
			d = append(d, bbs.DisclosedMessage{Index: i, Message: []byte("x")})
		}
		if err := Verify(f.s, f.sk.PublicKey(), proof, []byte("hdr"), []byte("ph"), d, f.mm, one, pp); !errors.Is(err, bbs.ErrInvalidArgument) {
			t.Errorf("disclosed %v: %v", idx, err)
		}
	}
	if err := Verify(f.s, f.sk.PublicKey(), nil, nil, nil, nil, f.mm, []Predicate{{Kind: Commitment, Index: 1}}, pp); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Errorf("nil proof: %v", err)
	}
	if err := Verify(bbs.BLS12381SHAKE256(), f.sk.PublicKey(), proof, nil, nil, nil, f.mm, []Predicate{{Kind: Commitment, Index: 1}}, pp); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Errorf("other scheme: %v", err)
	}
}
