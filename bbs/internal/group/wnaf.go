// SPDX-License-Identifier: Apache-2.0

package group

import (
	"math/big"
	"math/bits"
)

// wnaf writes the width-w NAF of the signed integer k (|k| < 2^256, 2 ≤ w ≤ 8)
// to out and returns its length: digits odd or zero, below 2^(w-1) in
// magnitude, least significant first, with Σ out[i]·2^i = k. The wNAF of k
// is unique, so this is the digit string of the textbook bit-by-bit
// recoding; it only skips each run of zeros with one shift instead of one
// shift per bit (a GLV half-scalar of 128 bits has about 22 non-zero digits
// at w = 5 and 130 digits in all).
func wnaf(k *big.Int, w uint, out []int8) int {
	var buf [32]byte
	var a [5]uint64     // |k| in little-endian limbs, one spare for carries
	k.FillBytes(buf[:]) // the absolute value
	for i := range 4 {
		a[i] = uint64(buf[31-8*i]) | uint64(buf[30-8*i])<<8 | uint64(buf[29-8*i])<<16 | uint64(buf[28-8*i])<<24 |
			uint64(buf[27-8*i])<<32 | uint64(buf[26-8*i])<<40 | uint64(buf[25-8*i])<<48 | uint64(buf[24-8*i])<<56
	}
	neg := k.Sign() < 0
	mask, half := uint64(1)<<w-1, int64(1)<<(w-1)
	n := 0
	for a != [5]uint64{} {
		if a[0]&1 == 0 {
			// A run of zero digits: as many as a's trailing zero bits
			// (at most 63 per step, so the limb shift stays below 64).
			s := min(bits.TrailingZeros64(a[0]), 63)
			clear(out[n : n+s])
			n += s
			shiftLimbs(&a, uint(s))
			continue
		}
		d := int64(a[0] & mask)
		if d >= half {
			d -= 1 << w
		}
		// a -= d, exactly: afterwards a is divisible by 2^w, so the next
		// w−1 digits are zeros (the next steps skip them).
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
		if neg {
			d = -d
		}
		out[n] = int8(d)
		n++
		shiftLimbs(&a, 1)
	}
	return n
}

// shiftLimbs shifts a right by s bits, 0 < s < 64.
func shiftLimbs(a *[5]uint64, s uint) {
	for i := 0; i < len(a)-1; i++ {
		a[i] = a[i]>>s | a[i+1]<<(64-s)
	}
	a[len(a)-1] >>= s
}
