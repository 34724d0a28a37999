// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"bytes"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/bulletproofs"
)

func bpRange(index int, min, max int64) []Predicate {
	return []Predicate{{Kind: Range, Index: index, Min: min, Max: max}}
}

// TestBulletproofsSizes: the widths choose 8, 16, 32 or 64 bits; a
// one-sided range is one 64-bit proof, a two-sided one an aggregate of two.
func TestBulletproofsSizes(t *testing.T) {
	for _, c := range []struct {
		min, max int64
		n, m     int
	}{
		{0, 255, 8, 2}, {-128, 127, 8, 2}, {0, 256, 16, 2}, {5, 5, 8, 2}, {0, math.MaxUint16, 16, 2},
		{0, math.MaxUint32, 32, 2}, {0, math.MaxUint32 + 1, 64, 2}, {math.MinInt64 + 1, math.MaxInt64 - 1, 64, 2},
		{math.MinInt64, 17, 64, 1}, {18, math.MaxInt64, 64, 1}, {math.MinInt64, math.MaxInt64, 64, 1},
	} {
		p := Predicate{Kind: Range, Index: 1, Min: c.min, Max: c.max}
		want := 1 + 48 + 32 + bulletproofs.ProofSize(c.n, c.m)
		if got := ProofSize([]Predicate{p}); got != want {
			t.Errorf("[%d, %d]: ProofSize %d, want %d (n=%d, m=%d)", c.min, c.max, got, want, c.n, c.m)
		}
	}
	if got := ProofSize(bpRange(1, 5, 4)); got != 1 {
		t.Errorf("empty range: ProofSize %d", got)
	}
}

func TestBulletproofsBoundaries(t *testing.T) {
	cases := []struct{ min, max int64 }{
		{0, 255}, {-100, 100}, {18, 120}, {-40000, -20000}, {0, math.MaxUint32}, {-7, -3}, {5, 5},
		{math.MinInt64 + 1, math.MaxInt64 - 1}, {math.MinInt64, 17}, {18, math.MaxInt64}, {math.MinInt64, -1},
		{math.MinInt64, math.MaxInt64},
	}
	for si, s := range []bbs.Scheme{bbs.BLS12381SHA256(), bbs.BLS12381SHAKE256()} {
		for ci, c := range cases {
			if si == 1 && ci%3 != 0 {
				continue // the other suite: a sample
			}
			preds := bpRange(1, c.min, c.max)
			for _, v := range []int64{c.min, c.max} {
				f := newFixture(t, s, v, 0)
				proof, pp, err := f.prove(t, preds)
				if err != nil {
					t.Fatalf("%s [%d, %d] v=%d: %v", s.Name(), c.min, c.max, v, err)
				}
				if len(pp) != ProofSize(preds) {
					t.Fatalf("size %d, ProofSize %d", len(pp), ProofSize(preds))
				}
				if err := f.verify(proof, preds, pp); err != nil {
					t.Fatalf("%s [%d, %d] v=%d: verify: %v", s.Name(), c.min, c.max, v, err)
				}
				// Not for a range shifted by one, either way.
				if c.min < math.MaxInt64 && c.max < math.MaxInt64 {
					if err := f.verify(proof, bpRange(1, c.min+1, c.max+1), pp); err == nil {
						t.Fatalf("[%d, %d] proof accepted for [%d, %d]", c.min, c.max, c.min+1, c.max+1)
					}
				}
				if c.min > math.MinInt64 && c.max > math.MinInt64 {
					if err := f.verify(proof, bpRange(1, c.min-1, c.max-1), pp); err == nil {
						t.Fatalf("[%d, %d] proof accepted for [%d, %d]", c.min, c.max, c.min-1, c.max-1)
					}
				}
			}
			// min−1 and max+1: Prove refuses; a proof forged past the
			// check (the wrapped differences' bits) is refused.
			for _, v := range []int64{c.min - 1, c.max + 1} {
				if (v == c.min-1 && c.min == math.MinInt64) || (v == c.max+1 && c.max == math.MaxInt64) {
					continue
				}
				f := newFixture(t, s, v, 0)
				if _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
					t.Fatalf("[%d, %d] v=%d: prove = %v, want ErrInvalidArgument", c.min, c.max, v, err)
				}
				forgeForTesting = true
				proof, pp, err := f.prove(t, preds)
				forgeForTesting = false
				if err != nil {
					t.Fatalf("[%d, %d] v=%d: forging: %v", c.min, c.max, v, err)
				}
				if err := f.verify(proof, preds, pp); !errors.Is(err, ErrInvalidProof) {
					t.Fatalf("[%d, %d] v=%d: forged proof: %v, want ErrInvalidProof", c.min, c.max, v, err)
				}
			}
		}
	}
}

// Dates: "born on or before 2008-03-01" as a one-sided range on days.
func TestBulletproofsDates(t *testing.T) {
	s := bbs.BLS12381SHA256()
	limit := bbs.Days(time.Date(2008, 3, 1, 0, 0, 0, 0, time.UTC))
	preds := bpRange(3, math.MinInt64, limit)
	for _, born := range []time.Time{
		time.Date(2008, 3, 1, 23, 59, 59, 0, time.UTC), time.Date(1969, 12, 31, 0, 0, 0, 0, time.UTC), time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC),
	} {
		f := newFixture(t, s, 0, bbs.Days(born))
		f.msgs[3] = bbs.DateMessage(born)
		proof, pp, err := f.prove(t, preds)
		if err != nil {
			t.Fatalf("%v: %v", born, err)
		}
		if err := f.verify(proof, preds, pp); err != nil {
			t.Fatalf("%v: %v", born, err)
		}
		if err := f.verify(proof, bpRange(3, math.MinInt64, bbs.Days(born)-1), pp); err == nil {
			t.Fatalf("%v: accepted for the day before", born)
		}
	}
	f := newFixture(t, s, 0, limit+1)
	if _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Fatalf("2008-03-02: %v", err)
	}
}

// The proof is bound to its message, credential, presentation header and
// statement; hostile bytes are refused.
func TestBulletproofsLinks(t *testing.T) {
	s := bbs.BLS12381SHA256()
	f := newFixture(t, s, 30, 40)
	preds := bpRange(1, 18, 150)
	proof, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
	// Claimed for another message (index 3 also holds a value in range).
	if err := f.verify(proof, bpRange(3, 18, 150), pp); !errors.Is(err, bbs.ErrInvalidProof) && !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("another message: %v", err)
	}
	// With the BBS proof of another credential (same key, same values but
	// another signature) or of the same credential made again.
	g := newFixture(t, s, 30, 40)
	g.msgs[0] = []byte("bob")
	if g.sig, err = bbs.SignMapped(s, g.sk, []byte("hdr"), g.msgs, g.mm); err != nil {
		t.Fatal(err)
	}
	other, _, err := g.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	d := []bbs.DisclosedMessage{{Index: 0, Message: g.msgs[0]}}
	if err := Verify(s, g.sk.PublicKey(), other, []byte("hdr"), []byte("ph"), d, g.mm, preds, pp); !errors.Is(err, bbs.ErrInvalidProof) {
		t.Fatalf("another credential's BBS proof: %v", err)
	}
	again, _, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(again, preds, pp); !errors.Is(err, bbs.ErrInvalidProof) {
		t.Fatalf("another BBS proof of the credential: %v", err)
	}
	// Another presentation header.
	d = []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	if err := Verify(s, f.sk.PublicKey(), proof, []byte("hdr"), []byte("other"), d, f.mm, preds, pp); !errors.Is(err, bbs.ErrInvalidProof) && !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("another ph: %v", err)
	}
	// The range proof of another presentation spliced in (V, γ̂ kept).
	_, pp2, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	spliced := append(bytes.Clone(pp[:1+80]), pp2[1+80:]...)
	if err := f.verify(proof, preds, spliced); !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("spliced range proof: %v", err)
	}
	// As a CCS08 range, or as a commitment: refused.
	rp, _ := params(t)
	if err := f.verify(proof, []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 150, Params: rp}}, pp); !errors.Is(err, ErrMalformedProof) {
		t.Fatalf("as CCS08: %v", err)
	}
	// Every byte flipped: refused; every truncation and an extension:
	// ErrMalformedProof; the identity or a non-canonical scalar anywhere.
	for i := range pp {
		bad := bytes.Clone(pp)
		bad[i] ^= 0x01
		if err := f.verify(proof, preds, bad); err == nil {
			t.Fatalf("byte %d flipped: accepted", i)
		} else if !errors.Is(err, ErrMalformedProof) && !errors.Is(err, ErrInvalidProof) && !errors.Is(err, bbs.ErrInvalidProof) {
			t.Fatalf("byte %d flipped: %v", i, err)
		}
	}
	for n := 0; n <= len(pp)+1; n++ {
		if n == len(pp) {
			continue
		}
		b := append(bytes.Clone(pp), 0)[:n]
		if err := f.verify(proof, preds, b); !errors.Is(err, ErrMalformedProof) {
			t.Fatalf("length %d: %v", n, err)
		}
	}
	identity := append([]byte{0xc0}, make([]byte, 47)...)
	scalarR := []byte{0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
		0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x01}
	bp := 1 + 80 // the range proof's first byte
	for name, c := range map[string]struct {
		at  int
		val []byte
	}{
		"V identity": {1, identity}, "V zero": {1, make([]byte, 48)}, "V ones": {1, bytes.Repeat([]byte{0xff}, 48)},
		"gamma r": {49, scalarR}, "A identity": {bp, identity}, "T2 zero": {bp + 3*48, make([]byte, 48)},
		"tau r": {bp + 4*48, scalarR}, "L1 ones": {bp + 4*48 + 3*32, bytes.Repeat([]byte{0xff}, 48)},
		"b r": {len(pp) - 32, scalarR}, "version": {0, []byte{version + 1}},
	} {
		bad := bytes.Clone(pp)
		copy(bad[c.at:], c.val)
		if err := f.verify(proof, preds, bad); !errors.Is(err, ErrMalformedProof) {
			t.Errorf("%s: %v", name, err)
		}
	}
	for _, fill := range []byte{0x00, 0xff, 0x80} {
		b := bytes.Repeat([]byte{fill}, len(pp))
		b[0] = version
		if err := f.verify(proof, preds, b); !errors.Is(err, ErrMalformedProof) {
			t.Errorf("filled with %#x: %v", fill, err)
		}
	}
}

// Ranges of both constructions, sets and commitments in one presentation.
func TestBulletproofsMixed(t *testing.T) {
	rp, sp := params(t)
	f := newFixture(t, bbs.BLS12381SHA256(), 30, -12)
	preds := []Predicate{
		{Kind: Range, Index: 1, Min: 18, Max: math.MaxInt64},
		{Kind: Range, Index: 3, Min: -20, Max: -10, Params: rp},
		{Kind: InSet, Index: 2, Params: sp},
		{Kind: Range, Index: 3, Min: -20, Max: -10},
		{Kind: Commitment, Index: 1},
		{Kind: Range, Index: 1, Min: 0, Max: 1 << 40},
	}
	proof, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	ph2, err := PresentationHeader(f.s, proof, []byte("ph"), d, f.mm, preds, pp)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.s.VerifyProof(f.sk.PublicKey(), proof, []byte("hdr"), ph2, d); err != nil {
		t.Fatalf("plain IETF verify with the derived header: %v", err)
	}
	// Predicates reordered, or one left out: refused.
	swapped := append([]Predicate{preds[3]}, preds[:3]...)
	swapped = append(swapped, preds[4:]...)
	if err := f.verify(proof, swapped, pp); err == nil {
		t.Fatal("reordered predicates accepted")
	}
	if err := f.verify(proof, preds[:5], pp[:ProofSize(preds[:5])]); err == nil {
		t.Fatal("a predicate left out: accepted")
	}
	// One value out of range among several: Prove refuses.
	preds[5].Max = 29
	if _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Fatalf("30 in [0, 29]: %v", err)
	}
}

// Concurrent presentations with Bulletproofs ranges (run with -race).
func TestBulletproofsConcurrent(t *testing.T) {
	f := newFixture(t, bbs.BLS12381SHA256(), 30, 0)
	preds := bpRange(1, 0, 255)
	errs := make(chan error, 4)
	for range 4 {
		go func() {
			proof, pp, err := f.prove(t, preds)
			if err == nil {
				err = f.verify(proof, preds, pp)
			}
			errs <- err
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}
