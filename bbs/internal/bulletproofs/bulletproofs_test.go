// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"math"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// The commitment generators of docs/predicates.md (branch preda): the
// hash_to_curve definition and the values printed there.
const predicateDST = "FABRIC-BBS-PREDICATE-V01_BLS12381G1_XMD:SHA-256_SSWU_RO_"

func bases(t testing.TB) (bls12381.G1Affine, bls12381.G1Affine) {
	t.Helper()
	g, err := bls12381.HashToG1([]byte("G"), []byte(predicateDST))
	if err != nil {
		t.Fatal(err)
	}
	h, err := bls12381.HashToG1([]byte("H"), []byte(predicateDST))
	if err != nil {
		t.Fatal(err)
	}
	return g, h
}

func TestBasesAsPublished(t *testing.T) {
	g, h := bases(t)
	for _, c := range []struct {
		p    bls12381.G1Affine
		want string
	}{
		{g, "aac8b726f08516642a421adfd9028aa7d991458c3517a68c0e921882d2213d755f92e7b681a51ccf40c4da10b0f14f2d"},
		{h, "9091e54cb5a17153eec8e0737b04d72c27abf9b115b62e91835c4189b60ba21bb247073528a9b8ad082a9b6d0963e9e2"},
	} {
		b := c.p.Bytes()
		if got := hex.EncodeToString(b[:]); got != c.want {
			t.Errorf("got %s, want %s", got, c.want)
		}
	}
}

// TestGeneratorsDefinition recomputes g_i, h_i and U from their
// documented definition and checks they are distinct from each other and
// from G and H.
func TestGeneratorsDefinition(t *testing.T) {
	gs, err := generators(128)
	if err != nil {
		t.Fatal(err)
	}
	g, h := bases(t)
	seen := map[[48]byte]string{g.Bytes(): "G", h.Bytes(): "H", gs.u.Bytes(): "U"}
	for i := range 128 {
		for _, c := range []struct {
			tag string
			p   bls12381.G1Affine
		}{{"g", gs.g[i]}, {"h", gs.h[i]}} {
			want, err := bls12381.HashToG1(append([]byte(c.tag), byte(i>>24), byte(i>>16), byte(i>>8), byte(i)), []byte(GeneratorDST))
			if err != nil {
				t.Fatal(err)
			}
			if !want.Equal(&c.p) || c.p.IsInfinity() {
				t.Fatalf("%s_%d differs from its definition", c.tag, i)
			}
			b := c.p.Bytes()
			if prev, ok := seen[b]; ok {
				t.Fatalf("%s_%d equals %s", c.tag, i, prev)
			}
			seen[b] = fmt.Sprintf("%s_%d", c.tag, i)
		}
		if !gs.gt[i][0].Equal(&gs.g[i]) || !gs.ht[i][0].Equal(&gs.h[i]) {
			t.Fatalf("table %d is not of its generator", i)
		}
	}
}

// detRand is a deterministic randomness source for tests.
type detRand struct {
	seed [32]byte
	ctr  uint64
	buf  []byte
}

func newDetRand(label string) *detRand { return &detRand{seed: sha256.Sum256([]byte(label))} }

func (r *detRand) Read(p []byte) (int, error) {
	for len(r.buf) < len(p) {
		r.ctr++
		b := sha256.Sum256(append(r.seed[:], byte(r.ctr), byte(r.ctr>>8), byte(r.ctr>>16)))
		r.buf = append(r.buf, b[:]...)
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func scalar(t testing.TB, r io.Reader) fr.Element {
	t.Helper()
	var b [48]byte
	if _, err := io.ReadFull(r, b[:]); err != nil {
		t.Fatal(err)
	}
	var z fr.Element
	z.SetBytes(b[:])
	return z
}

func commitments(t testing.TB, values []uint64, gammas []fr.Element) []bls12381.G1Affine {
	g, h := bases(t)
	out := make([]bls12381.G1Affine, len(values))
	for j := range values {
		var v fr.Element
		v.SetUint64(values[j])
		out[j] = Commit(&g, &h, &v, &gammas[j])
	}
	return out
}

// TestCompleteness proves and verifies every width at its boundaries, one
// and several commitments, and checks the proof's size.
func TestCompleteness(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("completeness")
	ctx := []byte("presentation header digest")
	for _, n := range []int{8, 16, 32, 64} {
		top := uint64(math.MaxUint64)
		if n < 64 {
			top = 1<<n - 1
		}
		for _, values := range [][]uint64{{0}, {top}, {1}, {top >> 1}, {0, top}, {top, 5, 0, top - 1}} {
			gammas := make([]fr.Element, len(values))
			for j := range gammas {
				gammas[j] = scalar(t, rnd)
			}
			proof, err := Prove(&g, &h, n, values, gammas, ctx, rnd)
			if err != nil {
				t.Fatalf("n=%d %v: %v", n, values, err)
			}
			if len(proof) != ProofSize(n, len(values)) {
				t.Fatalf("n=%d m=%d: %d bytes, want %d", n, len(values), len(proof), ProofSize(n, len(values)))
			}
			vs := commitments(t, values, gammas)
			if err := Verify(&g, &h, n, vs, proof, ctx); err != nil {
				t.Fatalf("n=%d %v: %v", n, values, err)
			}
			if err := verifyNaive(&g, &h, n, vs, kindCommitments, nil, proof, ctx); err != nil {
				t.Fatalf("n=%d %v, round-by-round verifier: %v", n, values, err)
			}
		}
	}
}

func TestProofSizes(t *testing.T) {
	for _, c := range []struct{ n, m, want int }{
		{8, 1, 10*48 + 160}, {16, 1, 12*48 + 160}, {32, 1, 14*48 + 160}, {64, 1, 16*48 + 160},
		{64, 2, 18*48 + 160}, {64, 16, 24*48 + 160}, {7, 1, 0}, {8, 3, 0}, {8, 32, 0}, {8, 0, 0},
	} {
		if got := ProofSize(c.n, c.m); got != c.want {
			t.Errorf("ProofSize(%d, %d) = %d, want %d", c.n, c.m, got, c.want)
		}
	}
}

// TestProverRefuses: the honest prover refuses a false statement.
func TestProverRefuses(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("refuse")
	gamma := scalar(t, rnd)
	for _, n := range []int{8, 16, 32} {
		if _, err := Prove(&g, &h, n, []uint64{1 << n}, []fr.Element{gamma}, nil, rnd); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("n=%d, value 2^n: %v", n, err)
		}
	}
	for _, c := range []struct {
		name   string
		n      int
		values []uint64
		gammas []fr.Element
		ctx    []byte
	}{
		{"n=12", 12, []uint64{1}, []fr.Element{gamma}, nil},
		{"m=3", 8, []uint64{1, 2, 3}, []fr.Element{gamma, gamma, gamma}, nil},
		{"m=0", 8, nil, nil, nil},
		{"blindings", 8, []uint64{1, 2}, []fr.Element{gamma}, nil},
		{"context", 8, []uint64{1}, []fr.Element{gamma}, make([]byte, MaxContextSize+1)},
	} {
		if _, err := Prove(&g, &h, c.n, c.values, c.gammas, c.ctx, rnd); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	var id bls12381.G1Affine
	if _, err := Prove(&id, &h, 8, []uint64{1}, []fr.Element{gamma}, nil, rnd); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("identity G: %v", err)
	}
	if _, err := Prove(&g, &g, 8, []uint64{1}, []fr.Element{gamma}, nil, rnd); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("G = H: %v", err)
	}
}

// TestForgedValue: a proof made by the prover's code on the bits of a
// value other than the committed one (here the committed value is 2^n, the
// bits those of 0, as a prover ignoring the range check would use) fails.
func TestForgedValue(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("forged")
	for _, n := range []int{8, 32} {
		gamma := scalar(t, rnd)
		var v fr.Element
		v.SetUint64(1 << n)
		vs := []bls12381.G1Affine{Commit(&g, &h, &v, &gamma)}
		proof, err := prove(&g, &h, n, []uint64{0}, []fr.Element{gamma}, vs, kindCommitments, nil, nil, rnd)
		if err != nil {
			t.Fatal(err)
		}
		if err := Verify(&g, &h, n, vs, proof, nil); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("n=%d: forged proof: %v", n, err)
		}
	}
}

// TestWrongStatement: a valid proof fails for another commitment, another
// context, another n, other bases, or its commitments swapped.
func TestWrongStatement(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("statement")
	gammas := []fr.Element{scalar(t, rnd), scalar(t, rnd)}
	values := []uint64{42, 7}
	ctx := []byte("ctx")
	proof, err := Prove(&g, &h, 32, values, gammas, ctx, rnd)
	if err != nil {
		t.Fatal(err)
	}
	vs := commitments(t, values, gammas)
	if err := Verify(&g, &h, 32, vs, proof, ctx); err != nil {
		t.Fatal(err)
	}
	other := commitments(t, []uint64{43, 7}, gammas)
	if err := Verify(&g, &h, 32, other, proof, ctx); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("V': %v", err)
	}
	if err := Verify(&g, &h, 32, []bls12381.G1Affine{vs[1], vs[0]}, proof, ctx); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("swapped: %v", err)
	}
	if err := Verify(&g, &h, 32, vs, proof, []byte("ctx2")); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("context: %v", err)
	}
	if err := Verify(&g, &h, 32, vs, proof, nil); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("no context: %v", err)
	}
	if err := Verify(&h, &g, 32, vs, proof, ctx); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("bases swapped: %v", err)
	}
	if err := Verify(&g, &h, 16, vs, proof, ctx); !errors.Is(err, ErrMalformedProof) {
		t.Errorf("n=16: %v", err)
	}
	if err := Verify(&g, &h, 32, vs[:1], proof, ctx); !errors.Is(err, ErrMalformedProof) {
		t.Errorf("m=1: %v", err)
	}
	if err := Verify(&g, &h, 32, append(vs, vs[0]), proof, ctx); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("m=3: %v", err)
	}
	// A range proof is not a plain proof of its two commitments.
	V := vs[0]
	rp, _, err := ProveRange(&g, &h, 32, 42, &gammas[0], 0, 100, ctx, rnd)
	if err != nil {
		t.Fatal(err)
	}
	if err := Verify(&g, &h, 32, rangeCommitments(&g, &V, 0, 100), rp, ctx); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("range proof as a plain proof: %v", err)
	}
}

// mutations checks that every byte flipped (two ways), every truncation
// and an extension fail.
func mutations(t *testing.T, proof []byte, verify func([]byte) error) {
	t.Helper()
	if err := verify(proof); err != nil {
		t.Fatal(err)
	}
	for i := range proof {
		for _, mask := range []byte{0x01, 0x80} {
			bad := bytes.Clone(proof)
			bad[i] ^= mask
			if err := verify(bad); err == nil {
				t.Fatalf("byte %d ^ %#x verifies", i, mask)
			} else if !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrMalformedProof) {
				t.Fatalf("byte %d ^ %#x: %v", i, mask, err)
			}
		}
	}
	for k := range proof {
		if err := verify(proof[:k]); !errors.Is(err, ErrMalformedProof) {
			t.Fatalf("truncated to %d: %v", k, err)
		}
	}
	if err := verify(append(bytes.Clone(proof), 0)); !errors.Is(err, ErrMalformedProof) {
		t.Fatalf("extended: %v", err)
	}
}

func TestMutations(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("mutations")
	gamma := scalar(t, rnd)
	proof, err := Prove(&g, &h, 8, []uint64{200}, []fr.Element{gamma}, []byte("c"), rnd)
	if err != nil {
		t.Fatal(err)
	}
	vs := commitments(t, []uint64{200}, []fr.Element{gamma})
	mutations(t, proof, func(p []byte) error { return Verify(&g, &h, 8, vs, p, []byte("c")) })
	if testing.Short() {
		return
	}
	rp, V, err := ProveRange(&g, &h, 64, -5, &gamma, math.MinInt64, 17, nil, rnd)
	if err != nil {
		t.Fatal(err)
	}
	mutations(t, rp, func(p []byte) error { return VerifyRange(&g, &h, 64, &V, math.MinInt64, 17, p, nil) })
}

// TestIdentityAndNonCanonical: the identity as a proof point and a
// scalar not below r are refused by the parser.
func TestIdentityAndNonCanonical(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("identity")
	gamma := scalar(t, rnd)
	proof, err := Prove(&g, &h, 8, []uint64{3}, []fr.Element{gamma}, nil, rnd)
	if err != nil {
		t.Fatal(err)
	}
	vs := commitments(t, []uint64{3}, []fr.Element{gamma})
	var id bls12381.G1Affine
	idb := id.Bytes()
	for _, off := range []int{0, 48, 96, 144, 4*48 + 3*32, len(proof) - 64 - 48} {
		bad := bytes.Clone(proof)
		copy(bad[off:], idb[:])
		if err := Verify(&g, &h, 8, vs, bad, nil); !errors.Is(err, ErrMalformedProof) {
			t.Errorf("identity at %d: %v", off, err)
		}
	}
	rb := fr.Modulus().FillBytes(make([]byte, 32))
	for _, off := range []int{4 * 48, 4*48 + 32, 4*48 + 64, len(proof) - 64, len(proof) - 32} {
		bad := bytes.Clone(proof)
		copy(bad[off:], rb)
		if err := Verify(&g, &h, 8, vs, bad, nil); !errors.Is(err, ErrMalformedProof) {
			t.Errorf("r at %d: %v", off, err)
		}
	}
}

func TestRange(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("range")
	ctx := []byte("ctx")
	for _, c := range []struct {
		n      int
		lo, hi int64
	}{
		{8, 18, 150}, {8, -128, 127}, {16, -40000, -20000}, {32, 0, 1<<32 - 1},
		{64, math.MinInt64, math.MaxInt64}, {64, 18, math.MaxInt64}, {8, 5, 5},
	} {
		gamma := scalar(t, rnd)
		for _, v := range []int64{c.lo, c.hi, c.lo + (c.hi-c.lo)/2} {
			proof, V, err := ProveRange(&g, &h, c.n, v, &gamma, c.lo, c.hi, ctx, rnd)
			if err != nil {
				t.Fatalf("%+v v=%d: %v", c, v, err)
			}
			if len(proof) != RangeProofSize(c.n, c.lo, c.hi) {
				t.Fatalf("size %d", len(proof))
			}
			if err := VerifyRange(&g, &h, c.n, &V, c.lo, c.hi, proof, ctx); err != nil {
				t.Fatalf("%+v v=%d: %v", c, v, err)
			}
			if err := verifyNaive(&g, &h, c.n, rangeCommitments(&g, &V, c.lo, c.hi), kindRange, rangeKindBytes(&V, c.lo, c.hi), proof, ctx); err != nil {
				t.Fatalf("%+v v=%d, round-by-round verifier: %v", c, v, err)
			}
			// Another range, commitment or context fails.
			if c.lo > math.MinInt64 {
				// (refused as a statement when min−1 widens the range past 2^n)
				if err := VerifyRange(&g, &h, c.n, &V, c.lo-1, c.hi, proof, ctx); !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrInvalidArgument) {
					t.Errorf("%+v: min−1: %v", c, err)
				}
			}
			if c.hi > c.lo {
				// (malformed when max−1 makes a one-sided range two-sided)
				if err := VerifyRange(&g, &h, c.n, &V, c.lo, c.hi-1, proof, ctx); !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrMalformedProof) {
					t.Errorf("%+v: max−1: %v", c, err)
				}
			}
			var W bls12381.G1Affine
			W.Add(&V, &g)
			if err := VerifyRange(&g, &h, c.n, &W, c.lo, c.hi, proof, ctx); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%+v: V+G: %v", c, err)
			}
		}
		// Outside the range: the prover refuses.
		for _, v := range []int64{c.lo - 1, c.hi + 1} {
			if (v == c.lo-1 && c.lo == math.MinInt64) || (v == c.hi+1 && c.hi == math.MaxInt64) {
				continue
			}
			if _, _, err := ProveRange(&g, &h, c.n, v, &gamma, c.lo, c.hi, ctx, rnd); !errors.Is(err, ErrInvalidArgument) {
				t.Errorf("%+v v=%d: %v", c, v, err)
			}
		}
	}
	gamma := scalar(t, rnd)
	for _, c := range []struct {
		n      int
		lo, hi int64
	}{{8, 0, 256}, {8, 10, 9}, {32, -1, 1 << 32}, {12, 0, 1}} {
		if _, _, err := ProveRange(&g, &h, c.n, c.lo, &gamma, c.lo, c.hi, nil, rnd); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%+v: %v", c, err)
		}
		var V bls12381.G1Affine
		if err := VerifyRange(&g, &h, c.n, &V, c.lo, c.hi, make([]byte, ProofSize(8, 2)), nil); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}

// TestRangeForged: the prover's code run past ProveRange's check on
// v = max + 1 and v = min − 1 (the difference that is negative wraps to
// 2^64 − 1 as a uint64, which the commitment does not hold) fails.
func TestRangeForged(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("range forged")
	for _, c := range []struct{ lo, hi, v int64 }{
		{-10, 1000, 1001}, {-10, 1000, -11}, {-10, 1000, 2000},
		// one-sided: the negative difference wraps to 2^64 − 1, 64 bits
		{math.MinInt64, 1000, 1001}, {-10, math.MaxInt64, -11}, {math.MinInt64, -5, math.MaxInt64},
	} {
		gamma := scalar(t, rnd)
		var sv fr.Element
		sv.SetInt64(c.v)
		V := Commit(&g, &h, &sv, &gamma)
		values, gammas := rangeWitness(c.v, &gamma, c.lo, c.hi)
		proof, err := prove(&g, &h, 64, values, gammas, rangeCommitments(&g, &V, c.lo, c.hi), kindRange, rangeKindBytes(&V, c.lo, c.hi), nil, rnd)
		if err != nil {
			t.Fatal(err)
		}
		if err := VerifyRange(&g, &h, 64, &V, c.lo, c.hi, proof, nil); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("%+v: %v", c, err)
		}
	}
}

// TestDeterministicVerify: the same input gives the same answer, and the
// proof is randomised (two proofs of one statement differ).
func TestDeterministicVerify(t *testing.T) {
	g, h := bases(t)
	rnd := newDetRand("det")
	gamma := scalar(t, rnd)
	p1, err := Prove(&g, &h, 8, []uint64{9}, []fr.Element{gamma}, nil, rnd)
	if err != nil {
		t.Fatal(err)
	}
	p2, err := Prove(&g, &h, 8, []uint64{9}, []fr.Element{gamma}, nil, rnd)
	if err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(p1, p2) {
		t.Fatal("two proofs are equal")
	}
	vs := commitments(t, []uint64{9}, []fr.Element{gamma})
	for range 3 {
		if Verify(&g, &h, 8, vs, p1, nil) != nil || Verify(&g, &h, 8, vs, p2, nil) != nil {
			t.Fatal("verification changed")
		}
	}
}
