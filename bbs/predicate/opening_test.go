// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"bytes"
	"encoding/hex"
	"errors"
	"math/big"
	"testing"
	"time"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// The generators are the ones docs/predicates.md publishes.
func TestGeneratorsPublished(t *testing.T) {
	for name, c := range map[string]struct {
		p   bls12381.G1Affine
		hex string
	}{
		"G": {genG, "aac8b726f08516642a421adfd9028aa7d991458c3517a68c0e921882d2213d755f92e7b681a51ccf40c4da10b0f14f2d"},
		"H": {genH, "9091e54cb5a17153eec8e0737b04d72c27abf9b115b62e91835c4189b60ba21bb247073528a9b8ad082a9b6d0963e9e2"},
	} {
		b := c.p.Bytes()
		if hex.EncodeToString(b[:]) != c.hex {
			t.Errorf("%s = %x, docs say %s", name, b, c.hex)
		}
	}
}

// An opening returned by ProveWithOpenings opens V with the published G
// and H, to the integer the credential carries (negative: r + v).
func TestOpenings(t *testing.T) {
	f := newFixture(t, bbs.BLS12381SHAKE256(), -3, 9)
	preds := []Predicate{{Kind: Commitment, Index: 3}, {Kind: Commitment, Index: 1}}
	proof, pp, open, err := ProveWithOpenings(nil, f.s, f.sk.PublicKey(), f.sig, []byte("hdr"), []byte("ph"), f.msgs, []int{0}, f.mm, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
	if len(open) != 2 || open[0].Predicate != 0 || open[1].Predicate != 1 {
		t.Fatalf("openings %+v", open)
	}
	for k, want := range []int64{9, -3} {
		var m, g, w fr.Element
		m.SetBytes(open[k].Value)
		g.SetBytes(open[k].Blind)
		w.SetInt64(want)
		if !m.Equal(&w) {
			t.Fatalf("opening %d: value is not %d", k, want)
		}
		var a, b bls12381.G1Affine
		a.ScalarMultiplication(&genG, m.BigInt(new(big.Int)))
		b.ScalarMultiplication(&genH, g.BigInt(new(big.Int)))
		a.Add(&a, &b)
		ab := a.Bytes()
		if !bytes.Equal(ab[:], open[k].Commitment) {
			t.Fatalf("opening %d does not open V", k)
		}
		off := 1 + 80*k
		if !bytes.Equal(pp[off:off+48], open[k].Commitment) {
			t.Fatalf("opening %d: V is not the proof's", k)
		}
	}
}

// Dates: "born on or before the day 18 years before now" as a range of
// days, for a holder of 30 (accepted) and 17 (cannot prove).
func TestDateRange(t *testing.T) {
	rp, _ := params(t)
	now := time.Date(2026, 12, 2, 10, 0, 0, 0, time.UTC)
	limit := bbs.Days(now.AddDate(-18, 0, 0))
	preds := []Predicate{{Kind: Range, Index: 1, Min: bbs.Days(time.Date(1900, 1, 1, 0, 0, 0, 0, time.UTC)), Max: limit, Params: rp}}
	old := newFixture(t, bbs.BLS12381SHA256(), bbs.Days(now.AddDate(-30, 0, 0)), 0)
	proof, pp, err := old.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	if err := old.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
	young := newFixture(t, bbs.BLS12381SHA256(), bbs.Days(now.AddDate(-17, 0, 0)), 0)
	if _, _, err := young.prove(t, preds); err == nil {
		t.Fatal("a holder of 17 proved age 18")
	}
	// 18 today exactly: accepted (the bound is included).
	exact := newFixture(t, bbs.BLS12381SHA256(), limit, 0)
	if _, _, err := exact.prove(t, preds); err != nil {
		t.Fatal(err)
	}
	// Born 1960 (negative days) against a bound before 1970.
	neg := newFixture(t, bbs.BLS12381SHA256(), bbs.Days(time.Date(1960, 3, 1, 0, 0, 0, 0, time.UTC)), 0)
	p2 := []Predicate{{Kind: Range, Index: 1, Min: bbs.Days(time.Date(1950, 1, 1, 0, 0, 0, 0, time.UTC)), Max: -1, Params: rp}}
	proof, pp, err = neg.prove(t, p2)
	if err != nil {
		t.Fatal(err)
	}
	if err := neg.verify(proof, p2, pp); err != nil {
		t.Fatal(err)
	}
}

// zeroReader is a broken random source: the same bytes every time.
type zeroReader struct{}

func (zeroReader) Read(p []byte) (int, error) { clear(p); return len(p), nil }

// With a random source that repeats, two presentations of one credential
// that differ only in what they disclose must
// still draw other blinds: the same γ and m̃ under two challenges would
// give the hidden value away.
func TestHedgeCoversDisclosure(t *testing.T) {
	f := newFixture(t, bbs.BLS12381SHA256(), 30, 9)
	preds := []Predicate{{Kind: Commitment, Index: 1}}
	blind := func(revealed []int, mm *bbs.MessageMap) string {
		t.Helper()
		_, _, open, err := ProveWithOpenings(zeroReader{}, f.s, f.sk.PublicKey(), f.sig, []byte("hdr"), []byte("ph"), f.msgs, revealed, mm, preds)
		if err != nil {
			t.Fatal(err)
		}
		return hex.EncodeToString(open[0].Blind)
	}
	a, again := blind([]int{0}, f.mm), blind([]int{0}, f.mm)
	if a != again {
		t.Fatal("the hedge is not deterministic for one input")
	}
	if b := blind([]int{0, 2}, f.mm); a == b {
		t.Fatal("the same blind for two disclosures")
	}
}

// A Commitment predicate whose V is the identity is malformed, as a
// Bulletproofs range's is.
func TestCommitmentIdentityRefused(t *testing.T) {
	f := newFixture(t, bbs.BLS12381SHA256(), 30, 9)
	preds := []Predicate{{Kind: Commitment, Index: 1}}
	proof, pp, open, err := ProveWithOpenings(nil, f.s, f.sk.PublicKey(), f.sig, []byte("hdr"), []byte("ph"), f.msgs, []int{0}, f.mm, preds)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(pp, open[0].Commitment)
	if at < 0 {
		t.Fatal("V not found in the predicate proof")
	}
	var id bls12381.G1Affine
	enc := id.Bytes()
	bad := append([]byte(nil), pp...)
	copy(bad[at:], enc[:])
	if err := f.verify(proof, preds, bad); !errors.Is(err, ErrMalformedProof) {
		t.Fatalf("V = identity: %v, want ErrMalformedProof", err)
	}
	if err := f.verify(proof, preds, pp); err != nil {
		t.Fatal(err)
	}
}
