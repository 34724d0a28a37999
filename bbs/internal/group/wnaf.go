// SPDX-License-Identifier: Apache-2.0

package group

import (
	"encoding/binary"
	"math/big"
	"math/bits"
)

// wnaf writes the width-w NAF of the signed integer k (|k| < 2^256, 2 ≤ w ≤ 8)
// to out and returns its length: digits odd or zero, below 2^(w-1) in
// magnitude, least significant first, with Σ out[i]·2^i = k. The wNAF of k
// is unique, so this is the digit string of the textbook bit-by-bit
// recoding. It never shifts the number: it reads w bits at the current
// position from the limbs, keeps the recoding's carry (a negative digit
// borrows 2^w from the bits above), skips each run of zero digits (zero
// bits without a carry, one bits with it) with one count of trailing
// bits, and jumps w positions after a non-zero digit (a GLV half-scalar of
// 128 bits has about 14 non-zero digits at w = 8 and 130 digits in all).
func wnaf(k *big.Int, w uint, out []int8) int {
	var buf [32]byte
	var a [6]uint64     // |k| in little-endian limbs, two zero limbs above
	k.FillBytes(buf[:]) // the absolute value
	for i := range 4 {
		a[i] = binary.BigEndian.Uint64(buf[24-8*i:])
	}
	neg := k.Sign() < 0
	mask, half := uint64(1)<<w-1, uint64(1)<<(w-1)
	carry := uint64(0)
	n := 0 // one past the last non-zero digit written
	for pos := 0; pos < 64*4+2; {
		idx, b := pos>>6, uint(pos&63)
		bitsAt := a[idx] >> b // the 64 bits from pos up
		if b != 0 {
			bitsAt |= a[idx+1] << (64 - b)
		}
		// Zero digits: zero bits without a carry, one bits with it
		// (1 + 1 = 0, carry 1).
		if run := bits.TrailingZeros64(bitsAt ^ -carry); run > 0 {
			if carry == 0 && bitsAt == 0 && idx >= 3 {
				break // nothing above
			}
			pos += run
			continue
		}
		win := carry + bitsAt&mask // odd, below 2^w
		d := int64(win)
		carry = 0
		if win >= half {
			d -= 1 << w
			carry = 1
		}
		if neg {
			d = -d
		}
		clear(out[n:pos])
		out[pos] = int8(d)
		n = pos + 1
		pos += int(w)
	}
	return n
}
