// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"slices"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/curvetest"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
)

// A CCS08 range with an end at the int64 extreme proves one side in 64
// bits when that has fewer digits than both sides.
func TestCCS08Sides(t *testing.T) {
	rp16, _ := params(t)
	rp256, _, err := GenerateRangeParams(nil, 256)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		p         *Params
		min, max  int64
		sides     []int
		perSide   int
		proofSize int
	}{
		{rp256, math.MinInt64, 17, []int{1}, 8, 1 + 8*128 + 7*32},
		{rp256, 18, math.MaxInt64, []int{0}, 8, 1 + 8*128 + 7*32},
		{rp256, math.MinInt64, math.MaxInt64, []int{1}, 8, 1 + 8*128 + 7*32},
		{rp256, math.MinInt64, math.MinInt64 + 255, []int{0, 1}, 1, 1 + 2*128},
		{rp256, math.MinInt64, math.MinInt64 + 1<<32, []int{1}, 8, 1 + 8*128 + 7*32}, // 2·5 > 8
		{rp256, math.MinInt64, math.MinInt64 + 1<<31, []int{0, 1}, 4, 1 + 8*128 + 6*32},
		{rp256, 0, math.MaxUint32, []int{0, 1}, 4, 1 + 8*128 + 6*32},
		{rp16, math.MinInt64, 17, []int{1}, 16, 1 + 16*128 + 15*32},
		{rp16, -1, 1 << 40, []int{0, 1}, 11, 1 + 22*128 + 20*32},
	} {
		pred := Predicate{Kind: Range, Index: 1, Min: c.min, Max: c.max, Params: c.p}
		sides, l := ccsSides(&pred)
		if !slices.Equal(sides, c.sides) || l != c.perSide {
			t.Errorf("u=%d [%d, %d]: sides %v of %d digits, want %v of %d", c.p.Base(), c.min, c.max, sides, l, c.sides, c.perSide)
		}
		if n := ProofSize([]Predicate{pred}); n != c.proofSize {
			t.Errorf("u=%d [%d, %d]: ProofSize %d, want %d", c.p.Base(), c.min, c.max, n, c.proofSize)
		}
	}
}

// A prover that skips its range check cannot prove a value past the one
// bound of a one-sided range: the wrapped difference's digits do not add
// up, and the weak-BB equation fails (predicate.ErrInvalidProof, not the
// BBS proof's error).
func TestForgedOneSided(t *testing.T) {
	rp16, _ := params(t)
	forgeForTesting = true
	defer func() { forgeForTesting = false }()
	for _, c := range []struct{ v, min, max int64 }{
		{18, math.MinInt64, 17}, {math.MaxInt64, math.MinInt64, 17}, {17, 18, math.MaxInt64}, {math.MinInt64, 18, math.MaxInt64},
	} {
		f := newFixture(t, bbs.BLS12381SHA256(), c.v, 0)
		preds := []Predicate{{Kind: Range, Index: 1, Min: c.min, Max: c.max, Params: rp16}}
		proof, pp, err := f.prove(t, preds)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.verify(proof, preds, pp); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("forged %d in [%d, %d]: %v, want ErrInvalidProof", c.v, c.min, c.max, err)
		}
	}
}

// hEff is the multiplier of gnark-crypto's ClearCofactor, which maps any
// point of the curve into G1.
func TestHEff(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	var want, got bls12381.G1Affine
	var hb big.Int
	hEff.BigInt(&hb)
	want.ScalarMultiplication(&g1, &hb)
	got.ClearCofactor(&g1)
	if !got.Equal(&want) {
		t.Fatal("ClearCofactor(P) != hEff·P")
	}
	var f fp.Element
	f.SetUint64(7)
	pj := bls12381.GeneratePointNotInG1(f)
	var q bls12381.G1Affine
	q.FromJacobian(&pj)
	if q.IsInSubGroup() {
		t.Fatal("point in G1")
	}
	q.ClearCofactor(&q)
	if !q.IsInSubGroup() {
		t.Fatal("ClearCofactor left the point outside G1")
	}
}

// The weak-BB equation is about the G1 components of the Schnorr
// commitments T: a T moved by a point of the curve's torsion outside G1
// leaves it true (so every implementation, whatever its algorithm, gives
// one answer), a T moved within G1 makes it false. (A T so moved in a
// proof changes ph', so the BBS challenge refuses the proof: see
// TestTorsionInProofRefused.)
func TestWeakProductG1Components(t *testing.T) {
	rp16, _ := params(t)
	_, _, g1, _ := bls12381.Generators()
	rnd := func() fr.Element { var z fr.Element; z.MustSetRandom(); return z }
	var c fr.Element
	c = rnd()
	var weak []weakProof
	for d := range 3 {
		r, rt, dt := rnd(), rnd(), rnd()
		var cp, t1, t2 bls12381.G1Affine
		var rb, dtb big.Int
		r.BigInt(&rb)
		cp.ScalarMultiplication(&rp16.sigs[d*5], &rb)
		rt.BigInt(&rb)
		t1.ScalarMultiplication(&g1, &rb)
		dt.BigInt(&dtb)
		t2.ScalarMultiplication(&cp, &dtb)
		t1.Sub(&t1, &t2)
		var rh, dh, z fr.Element
		rh.Mul(&r, &c)
		rh.Add(&rh, &rt)
		z.SetUint64(uint64(d * 5))
		dh.Mul(&z, &c)
		dh.Add(&dh, &dt)
		weak = append(weak, weakProof{cp: cp, t: t1, rh: rh, dh: dh, params: rp16})
	}
	seed := []byte("seed")
	if err := weakProduct(seed, nil, nil, &c, weak).check(); err != nil {
		t.Fatalf("honest: %v", err)
	}
	var moved []weakProof
	for k, tau := range torsionPoints(t) {
		moved = append([]weakProof(nil), weak...)
		moved[1].t.Add(&moved[1].t, &tau)
		if err := weakProduct(seed, nil, nil, &c, moved).check(); err != nil {
			t.Fatalf("T moved by torsion point %d: %v", k, err)
		}
		moved[2].t = tau // a T of torsion only: its G1 component is O
		pp := weakProduct(seed, nil, nil, &c, moved)
		if err := pp.check(); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("T replaced by torsion point %d: %v", k, err)
		}
		// R is exactly Σ w_t·(r̂_t·P − d̂_t·C'_t − T_t's G1 component),
		// computed here by double-and-add: the sums never see a point
		// outside G1 (whose odd multiples may reach the identity).
		if want := naiveR(t, seed, moved, []bls12381.G1Affine{weak[0].t, weak[1].t, {}}); !pp.p2.Equal(&want) {
			t.Fatalf("T replaced by torsion point %d: R is not the sum of the G1 components", k)
		}
	}
	moved = append([]weakProof(nil), weak...)
	moved[1].t.Add(&moved[1].t, &g1)
	if err := weakProduct(seed, nil, nil, &c, moved).check(); !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("T moved by P: %v", err)
	}
	// A digit other than the one C' signs.
	moved = append([]weakProof(nil), weak...)
	var one fr.Element
	one.SetOne()
	moved[2].dh.Add(&moved[2].dh, &one)
	if err := weakProduct(seed, nil, nil, &c, moved).check(); !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("d̂ moved: %v", err)
	}
	// A failed merged check names the part that fails alone.
	merged := fmt.Errorf("%w: pairing check failed", bbs.ErrInvalidProof)
	if err := weakProduct(seed, nil, nil, &c, weak).which(merged); err != merged {
		t.Fatalf("valid predicates, failed merged check: %v, want the linked proof's error", err)
	}
	if err := weakProduct(seed, nil, nil, &c, moved).which(merged); !errors.Is(err, ErrInvalidProof) || errors.Is(err, bbs.ErrInvalidProof) {
		t.Fatalf("invalid predicates, failed merged check: %v, want ErrInvalidProof", err)
	}
}

// torsionCase is a valid presentation with a one-sided range over base-16
// digits and a set membership, and τ, a point of order 3.
func torsionCase(t *testing.T) (*fixture, []Predicate, *bbs.Proof, []byte, bls12381.G1Affine) {
	t.Helper()
	rp16, sp := params(t)
	f := newFixture(t, bbs.BLS12381SHA256(), 30, 0)
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: math.MaxInt64, Params: rp16}, {Kind: InSet, Index: 2, Params: sp}}
	proof, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	return f, preds, proof, pp, torsionPoints(t)[1]
}

// movedBy is the compressed point enc (on the curve) plus τ.
func movedBy(t *testing.T, enc []byte, tau *bls12381.G1Affine) bls12381.G1Affine {
	t.Helper()
	pt, err := decodeOnCurve(enc)
	if err != nil {
		t.Fatal(err)
	}
	pt.Add(&pt, tau)
	return pt
}

// withPoint is a copy of pp with the 48 bytes at at replaced by p, compressed.
func withPoint(pp []byte, at int, p bls12381.G1Affine) []byte {
	out := append([]byte(nil), pp...)
	b := p.Bytes()
	copy(out[at:], b[:])
	return out
}

// A T of a proof moved by a torsion point, or replaced by a point off the
// curve, is refused: the first changes ph' (the BBS challenge fails), the
// second is malformed.
func TestTorsionInProofRefused(t *testing.T) {
	f, preds, proof, pp, tau := torsionCase(t)
	for _, at := range []int{1 + 48, len(pp) - 128 + 48} { // the first digit's T, the set member's T
		bad := withPoint(pp, at, movedBy(t, pp[at:at+48], &tau))
		if err := f.verify(proof, preds, bad); !errors.Is(err, bbs.ErrInvalidProof) {
			t.Errorf("T at %d moved by torsion: %v", at, err)
		}
		off := append([]byte(nil), pp...)
		off[at+47] ^= 0x01 // x moved: off the curve or another point
		if err := f.verify(proof, preds, off); err == nil {
			t.Errorf("T at %d altered: accepted", at)
		}
	}
}

func decodeOnCurve(b []byte) (bls12381.G1Affine, error) {
	r := reader{b: b}
	p := r.pointOnCurve()
	return p, r.err
}

// torsionPoints returns points of the curve's torsion outside G1: r·Q
// for a Q outside G1 (whose G1 part r·Q cancels), and points of order 3
// and 11 (small factors of the cofactor, whose odd multiples reach the
// identity), computed by plain double-and-add.
func torsionPoints(t *testing.T) []bls12381.G1Affine {
	t.Helper()
	var f fp.Element
	f.SetUint64(3)
	pj := bls12381.GeneratePointNotInG1(f)
	var q bls12381.G1Affine
	q.FromJacobian(&pj)
	tau := curvetest.MulPlain(&q, fr.Modulus())
	if tau.IsInfinity() || tau.IsInSubGroup() {
		t.Fatal("no torsion point")
	}
	out := []bls12381.G1Affine{tau}
	h, _ := new(big.Int).SetString("396c8c005555e1568c00aaab0000aaab", 16) // the G1 cofactor
	for _, n := range []int64{3, 11} {
		// (h / n^v)·τ, n^v the power of n in h, has order a power of n;
		// multiply by n until the next multiple is the identity.
		k, bn := new(big.Int).Set(h), big.NewInt(n)
		for new(big.Int).Mod(k, bn).Sign() == 0 {
			k.Div(k, bn)
		}
		p := curvetest.MulPlain(&tau, k)
		for np := curvetest.MulPlain(&p, bn); !np.IsInfinity(); np = curvetest.MulPlain(&p, bn) {
			p = np
		}
		if p.IsInfinity() {
			t.Fatalf("no point of order %d", n)
		}
		out = append(out, p)
	}
	return out
}

// naiveR is R = Σ_t w_t·(r̂_t·P − d̂_t·C'_t − g1T[t]) by double-and-add,
// with weakProduct's weights for seed.
func naiveR(t *testing.T, seed []byte, weak []weakProof, g1T []bls12381.G1Affine) bls12381.G1Affine {
	t.Helper()
	_, _, g1, _ := bls12381.Generators()
	sd := sha256Sum(proofWeight, seed)
	var acc bls12381.G1Jac
	for k := range weak {
		w := weight(sd, k)
		var a, b fr.Element
		a.Mul(&w, &weak[k].rh)
		b.Mul(&w, &weak[k].dh)
		b.Neg(&b)
		var wn fr.Element
		wn.Neg(&w)
		for _, term := range []struct {
			p *bls12381.G1Affine
			z fr.Element
		}{{&g1, a}, {&weak[k].cp, b}, {&g1T[k], wn}} {
			var zb big.Int
			term.z.BigInt(&zb)
			q := curvetest.MulPlain(term.p, &zb)
			var qj bls12381.G1Jac
			qj.FromAffine(&q)
			acc.AddAssign(&qj)
		}
	}
	var out bls12381.G1Affine
	return *out.FromJacobian(&acc)
}

// Hostile predicate proofs get one answer, byte for byte, under GOMAXPROCS
// 1 and 2: every endorser signs the same refusal.
func TestHostileOneAnswer(t *testing.T) {
	f, preds, proof, pp, tau := torsionCase(t)
	at := len(pp) - 128 + 48 // the set member's T
	moved := withPoint(pp, at, movedBy(t, pp[at:at+48], &tau))
	torsionOnly := withPoint(pp, at, tau)
	last := append([]byte(nil), pp...)
	last[len(last)-1] ^= 1
	for name, bad := range map[string][]byte{"T moved by torsion": moved, "T of torsion only": torsionOnly, "last byte": last} {
		answer := oneanswer.Check(t, 4, func() string {
			err := f.verify(proof, preds, bad)
			if err == nil {
				return "accepted"
			}
			return err.Error()
		})
		if answer == "accepted" {
			t.Errorf("%s: accepted", name)
		}
	}
}
