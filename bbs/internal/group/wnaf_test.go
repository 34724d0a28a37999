// SPDX-License-Identifier: Apache-2.0

package group

import (
	"encoding/binary"
	"fmt"
	"math/big"
	"math/bits"
	mathrand "math/rand/v2"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// wnafBitwise is the textbook recoding wnaf replaced (one right shift of
// the whole number per digit), kept as the reference wnaf must equal digit
// for digit.
func wnafBitwise(k *big.Int, w uint, out []int8) int {
	var buf [32]byte
	var a [5]uint64
	new(big.Int).Abs(k).FillBytes(buf[:])
	for i := range 4 {
		a[i] = binary.BigEndian.Uint64(buf[32-8*(i+1):])
	}
	neg := k.Sign() < 0
	mask, half := uint64(1)<<w-1, int64(1)<<(w-1)
	n := 0
	for a != [5]uint64{} {
		var d int64
		if a[0]&1 == 1 {
			d = int64(a[0] & mask)
			if d >= half {
				d -= 1 << w
			}
			if d > 0 {
				var b uint64
				a[0], b = bits.Sub64(a[0], uint64(d), 0)
				for i := 1; i < len(a) && b != 0; i++ {
					a[i], b = bits.Sub64(a[i], 0, b)
				}
			} else {
				var c uint64
				a[0], c = bits.Add64(a[0], uint64(-d), 0)
				for i := 1; i < len(a) && c != 0; i++ {
					a[i], c = bits.Add64(a[i], 0, c)
				}
			}
		}
		if neg {
			d = -d
		}
		out[n] = int8(d)
		n++
		for i := 0; i < len(a)-1; i++ {
			a[i] = a[i]>>1 | a[i+1]<<63
		}
		a[len(a)-1] >>= 1
	}
	return n
}

// wnafTestValues are edge values (runs of zeros longer than a limb, all
// ones, powers of two, the group order) and random ones of every length.
func wnafTestValues() []*big.Int {
	var ks []*big.Int
	for _, v := range []int64{0, 1, -1, 2, 3, 15, 16, 17, 31, 32, 33, -33, 127, 128, 255, 1 << 40, -(1 << 62), 1<<63 - 1} {
		ks = append(ks, big.NewInt(v))
	}
	one := big.NewInt(1)
	for _, e := range []uint{63, 64, 65, 127, 128, 129, 191, 192, 200, 255} {
		p := new(big.Int).Lsh(one, e)
		ks = append(ks, p, new(big.Int).Sub(p, one), new(big.Int).Add(p, one), new(big.Int).Add(p, big.NewInt(1<<62+5)))
	}
	max := new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)
	ks = append(ks, max, fr.Modulus())
	for i := 0; i < 300; i++ {
		var z fr.Element
		z.SetRandom()
		k := z.BigInt(new(big.Int))
		ks = append(ks, k.Rsh(k, uint(i%256)))
	}
	n := len(ks)
	for _, k := range ks[:n] {
		ks = append(ks, new(big.Int).Neg(k))
	}
	return ks
}

// TestWNAFMatchesBitwise: wnaf gives the bit-by-bit recoding's digits and
// length for every window the package could use, and writes no digit past
// its length.
func TestWNAFMatchesBitwise(t *testing.T) {
	for _, w := range []uint{2, 3, 4, 5, 6, 7, 8} {
		for _, k := range wnafTestValues() {
			want := make([]int8, maxDigits)
			got := make([]int8, maxDigits+8)
			for i := range got {
				got[i] = 99 // every digit below the length must be written
			}
			m := wnafBitwise(k, w, want)
			n := wnaf(k, w, got)
			if n != m || !slices.Equal(got[:n], want[:m]) {
				t.Fatalf("w=%d k=%v: %d digits %v, want %d digits %v", w, k, n, got[:n], m, want[:m])
			}
			if slices.ContainsFunc(got[n:], func(d int8) bool { return d != 99 }) {
				t.Fatalf("w=%d k=%v: digits written past the length %d", w, k, n)
			}
			if k.Sign() > 0 {
				if ref := wnafDefinition(k, w); !slices.Equal(ref, got[:n]) {
					t.Fatalf("w=%d k=%v: differs from the definition's %v", w, k, ref)
				}
			}
		}
	}
}

// wnafDefinition is the width-w NAF of k computed from the definition
// alone, with math/big and none of wnaf's limb arithmetic: while k ≠ 0, the
// digit is 0 if k is even, else the residue d ≡ k (mod 2^w) with
// −2^(w−1) ≤ d < 2^(w−1) (odd, as k is, so |d| < 2^(w−1)), and k becomes
// (k − d)/2. It works on k as it is, negative or not, where wnaf recodes
// |k| and negates the digits: they agree because the wNAF is unique.
func wnafDefinition(k *big.Int, w uint) []int8 {
	k = new(big.Int).Set(k)
	mod := new(big.Int).Lsh(big.NewInt(1), w)
	half := int64(1) << (w - 1)
	var r big.Int
	var out []int8
	for k.Sign() != 0 {
		var d int64
		if k.Bit(0) == 1 {
			d = r.Mod(k, mod).Int64() // Euclidean: 0 ≤ r < 2^w
			if d >= half {
				d -= 1 << w
			}
			k.Sub(k, big.NewInt(d))
		}
		out = append(out, int8(d))
		k.Quo(k, big.NewInt(2)) // exact: k is even here
	}
	return out
}

// checkWNAF checks that digits is a width-w NAF of k by the definition's
// properties, independently of how it was computed: Σ digits[i]·2^i = k;
// every non-zero digit odd and below 2^(w−1) in magnitude; any two
// non-zero digits separated by at least w−1 zeros; the most significant
// digit non-zero (no padding), and at most bitlen(k)+1 digits.
func checkWNAF(k *big.Int, w uint, digits []int8) error {
	sum := new(big.Int)
	for i := len(digits) - 1; i >= 0; i-- {
		sum.Lsh(sum, 1)
		sum.Add(sum, big.NewInt(int64(digits[i])))
	}
	if sum.Cmp(k) != 0 {
		return fmt.Errorf("digits %v sum to %v", digits, sum)
	}
	if len(digits) > 0 && digits[len(digits)-1] == 0 {
		return fmt.Errorf("most significant digit is 0: %v", digits)
	}
	if len(digits) > k.BitLen()+1 {
		return fmt.Errorf("%d digits for a %d-bit value", len(digits), k.BitLen())
	}
	last := -1 // index of the previous non-zero digit
	for i, d := range digits {
		if d == 0 {
			continue
		}
		if d%2 == 0 {
			return fmt.Errorf("digit %d is %d, even", i, d)
		}
		if a := int64(d); a >= 1<<(w-1) || -a >= 1<<(w-1) {
			return fmt.Errorf("digit %d is %d, not below 2^%d in magnitude", i, d, w-1)
		}
		if last >= 0 && i-last < int(w) {
			return fmt.Errorf("non-zero digits %d and %d are %d apart, want at least %d (w−1 zeros between)", last, i, i-last, w)
		}
		last = i
	}
	return nil
}

// wnafEdgeValues are the values wnaf meets, or could, for window w: 0, ±1,
// around 2^(w−1) and 2^w (one window), 2^127, 2^128 − 1 and around the
// bounds of the GLV halves (k1 < λ, k2 ≤ λ + 1), the GLV
// halves of boundary scalars (0, 1, λ, r − 1, 2^160, the largest scalar
// used whole, …), and the largest inputs (r − 1 whole, 2^256 − 1); each
// with both signs.
func wnafEdgeValues(w uint) []*big.Int {
	initGLV()
	one := big.NewInt(1)
	pow := func(e uint) *big.Int { return new(big.Int).Lsh(one, e) }
	add := func(a *big.Int, v int64) *big.Int { return new(big.Int).Add(a, big.NewInt(v)) }
	ks := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3)}
	for _, e := range []uint{w - 1, w, w + 1, 2 * w, 127, 128, 129, StrausShortScalarBits, 254, 255} {
		p := pow(e)
		ks = append(ks, p, add(p, -1), add(p, 1))
	}
	// The halves of StrausMSM's split: k1 < λ, k2 ≤ λ + 1.
	lambda := new(big.Int).Set(&glv.lambda)
	ks = append(ks, add(lambda, -1), lambda, add(lambda, 1), add(lambda, 2))
	r := fr.Modulus()
	for _, s := range []*big.Int{one, big.NewInt(2), lambda, add(lambda, 1), add(r, -1), add(r, -2), pow(StrausShortScalarBits), add(pow(StrausShortScalarBits), 1), pow(200), new(big.Int).Rsh(r, 1)} {
		k := glvSplit(s)
		ks = append(ks, &k[0], &k[1])
	}
	ks = append(ks, add(r, -1), r, add(pow(256), -1))
	n := len(ks)
	for _, k := range ks[:n] {
		ks = append(ks, new(big.Int).Neg(k))
	}
	return ks
}

// wnafRandomValues is a deterministic sample of the inputs StrausMSM gives
// wnaf: scalars of every length below 2^StrausShortScalarBits (used
// whole), GLV halves of full scalars, and 256-bit values, half negated.
func wnafRandomValues(n int) []*big.Int {
	initGLV()
	rng := mathrand.New(mathrand.NewPCG(0x77616e66, 5))
	var buf [32]byte
	ks := make([]*big.Int, 0, 3*n)
	for i := 0; i < n; i++ {
		for j := range buf {
			buf[j] = byte(rng.Uint32())
		}
		short := new(big.Int).SetBytes(buf[:])
		short.Rsh(short, 256-uint(1+i%StrausShortScalarBits)) // 1 to 160 bits
		var z fr.Element
		z.SetBytes(buf[:])
		halves := glvSplit(z.BigInt(new(big.Int)))
		full := new(big.Int).SetBytes(buf[:])
		for _, k := range []*big.Int{short, &halves[0], &halves[1], full} {
			if rng.IntN(2) == 1 {
				k.Neg(k)
			}
			ks = append(ks, k)
		}
	}
	return ks
}

// TestWNAFMatchesDefinition: wnaf gives, digit for digit, the recoding
// computed from the definition with math/big (wnafDefinition, independent
// of wnafBitwise), and its digits have the width-w NAF properties
// (checkWNAF), for the edge values at every window 2 to 8 and a
// deterministic random sample at the package's windows.
func TestWNAFMatchesDefinition(t *testing.T) {
	check := func(t *testing.T, k *big.Int, w uint) {
		t.Helper()
		want := wnafDefinition(k, w)
		if err := checkWNAF(k, w, want); err != nil {
			t.Fatalf("w=%d k=%v: the definition's digits: %v", w, k, err)
		}
		got := make([]int8, maxDigits+8)
		for i := range got {
			got[i] = 99 // every digit below the length must be written
		}
		n := wnaf(k, w, got)
		if !slices.Equal(got[:n], want) {
			t.Fatalf("w=%d k=%v: wnaf gives %d digits %v, the definition %d digits %v", w, k, n, got[:n], len(want), want)
		}
		if n > maxDigits {
			t.Fatalf("w=%d k=%v: %d digits, more than maxDigits", w, k, n)
		}
		if err := checkWNAF(k, w, got[:n]); err != nil {
			t.Fatalf("w=%d k=%v: %v", w, k, err)
		}
		if slices.ContainsFunc(got[n:], func(d int8) bool { return d != 99 }) {
			t.Fatalf("w=%d k=%v: digits written past the length %d", w, k, n)
		}
	}
	for _, w := range []uint{2, 3, 4, 5, 6, 7, 8} {
		t.Run(fmt.Sprintf("edges/w%d", w), func(t *testing.T) {
			for _, k := range wnafEdgeValues(w) {
				check(t, k, w)
			}
		})
	}
	for _, w := range []uint{varWindow, fixedWindow} {
		t.Run(fmt.Sprintf("random/w%d", w), func(t *testing.T) {
			for _, k := range wnafRandomValues(500) {
				check(t, k, w)
			}
		})
	}
}

// FuzzWNAF compares wnaf with the bit-by-bit recoding and with the
// definition (wnafDefinition, checkWNAF) on any 256-bit value, either
// sign, windows 2 to 8.
func FuzzWNAF(f *testing.F) {
	f.Add([]byte{1}, uint8(5), false)
	f.Add(make([]byte, 32), uint8(7), true)
	f.Fuzz(func(t *testing.T, b []byte, w uint8, neg bool) {
		if len(b) > 32 {
			b = b[:32]
		}
		k := new(big.Int).SetBytes(b)
		if neg {
			k.Neg(k)
		}
		win := uint(2 + w%7)
		want, got := make([]int8, maxDigits), make([]int8, maxDigits)
		m, n := wnafBitwise(k, win, want), wnaf(k, win, got)
		if n != m || !slices.Equal(got[:n], want[:m]) {
			t.Fatalf("w=%d k=%v: %v, want %v", win, k, got[:n], want[:m])
		}
		if def := wnafDefinition(k, win); !slices.Equal(got[:n], def) {
			t.Fatalf("w=%d k=%v: %v, the definition gives %v", win, k, got[:n], def)
		}
		if err := checkWNAF(k, win, got[:n]); err != nil {
			t.Fatalf("w=%d k=%v: %v", win, k, err)
		}
	})
}

// BenchmarkWNAF times the recoding of GLV half-scalars (about 128 bits, as
// StrausMSM recodes) at the package's two windows, the bit-by-bit
// reference (before) beside wnaf (after), in the same run.
func BenchmarkWNAF(b *testing.B) {
	initGLV()
	halves := make([]*big.Int, 0, 64)
	for i := 0; i < 32; i++ {
		var z fr.Element
		z.SetUint64(uint64(i) + 1)
		z.Exp(z, big.NewInt(0x1234567))
		k := glvSplit(z.BigInt(new(big.Int)))
		halves = append(halves, &k[0], &k[1])
	}
	out := make([]int8, maxDigits)
	for _, w := range []uint{varWindow, fixedWindow} {
		for _, impl := range []struct {
			name string
			f    func(*big.Int, uint, []int8) int
		}{{"bitwise", wnafBitwise}, {"skip", wnaf}} {
			b.Run(impl.name+"/w"+string(rune('0'+w)), func(b *testing.B) {
				for b.Loop() {
					for _, k := range halves {
						impl.f(k, w, out)
					}
				}
			})
		}
	}
}
