package bbs

import (
	"encoding/binary"
	"math/big"
	"math/bits"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
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
				ref := make([]int8, maxDigits+1)
				if r := ecc.WnafDecomposition(k, w, ref); r != n || !slices.Equal(ref[:r], got[:n]) {
					t.Fatalf("w=%d k=%v: differs from gnark-crypto", w, k)
				}
			}
		}
	}
}

// FuzzWNAF compares wnaf with the bit-by-bit recoding on any 256-bit value,
// either sign, windows 2 to 8.
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
	})
}

// BenchmarkWNAF times the recoding of GLV half-scalars (about 128 bits, as
// strausMSM recodes) at the package's two windows, the bit-by-bit
// reference (before) beside wnaf (after), in the same run.
func BenchmarkWNAF(b *testing.B) {
	initGLV()
	halves := make([]*big.Int, 0, 64)
	for i := 0; i < 32; i++ {
		var z fr.Element
		z.SetUint64(uint64(i) + 1)
		z.Exp(z, big.NewInt(0x1234567))
		k := ecc.SplitScalar(z.BigInt(new(big.Int)), &glv.lattice)
		halves = append(halves, &k[0], &k[1])
	}
	out := make([]int8, maxDigits)
	for _, w := range []uint{5, 7} {
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
