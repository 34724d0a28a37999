// SPDX-License-Identifier: Apache-2.0

package group

import (
	"bytes"
	cryptorand "crypto/rand"
	"errors"
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// Group encoding helpers shared by the schemes. Every decoder validates
// fully and turns a panic of the underlying library into an error.

var ErrNotCompressed = errors.New("point not in compressed form")

// DecodeG1 decodes a 48-byte compressed G1 point, checking that it is on the
// curve and in the prime-order subgroup. The identity is returned as such;
// callers that forbid it must check.
func DecodeG1(b []byte) (bls12381.G1Affine, error) {
	return decodeG1Point(b, true)
}

// DecodeG1OnCurve decodes a 48-byte compressed G1 point as DecodeG1 does
// (compressed flag, canonical x, a y on the curve, canonical identity), but
// leaves out the subgroup check: for a point whose only use is to be
// compared with a point computed in the prime-order subgroup, as equality
// with one proves membership (see bbsPlus2020.VerifyProof).
func DecodeG1OnCurve(b []byte) (bls12381.G1Affine, error) {
	return decodeG1Point(b, false)
}

func decodeG1Point(b []byte, subgroupCheck bool) (p bls12381.G1Affine, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decode G1 point: %v", r)
		}
	}()
	if len(b) != bls12381.SizeOfG1AffineCompressed {
		return p, fmt.Errorf("G1 point of %d bytes, want %d", len(b), bls12381.SizeOfG1AffineCompressed)
	}
	if b[0]&0x80 == 0 {
		return p, ErrNotCompressed
	}
	if subgroupCheck {
		_, err = p.SetBytes(b)
	} else {
		// The decoder runs SetBytes's code without its subgroup check.
		err = bls12381.NewDecoder(bytes.NewReader(b), bls12381.NoSubgroupChecks()).Decode(&p)
	}
	if err != nil {
		return p, fmt.Errorf("decode G1 point: %w", err)
	}
	// The point is on the curve (its y a square root of x³ + 4, with the
	// sign the flags give), x is canonical, and with subgroupCheck it is in
	// the prime-order subgroup.
	return p, nil
}

// DecodeG2 decodes a 96-byte compressed G2 point, checking that it is on the
// curve and in the prime-order subgroup.
func DecodeG2(b []byte) (p bls12381.G2Affine, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("decode G2 point: %v", r)
		}
	}()
	if len(b) != bls12381.SizeOfG2AffineCompressed {
		return p, fmt.Errorf("G2 point of %d bytes, want %d", len(b), bls12381.SizeOfG2AffineCompressed)
	}
	if b[0]&0x80 == 0 {
		return p, ErrNotCompressed
	}
	if _, err := p.SetBytes(b); err != nil {
		return p, fmt.Errorf("decode G2 point: %w", err)
	}
	// SetBytes has checked that the point is on the curve and in the
	// prime-order subgroup, and that x is canonical.
	return p, nil
}

// DecodeScalar decodes a 32-byte big-endian scalar, rejecting values not
// below the group order r.
func DecodeScalar(b []byte) (fr.Element, error) {
	var z fr.Element
	if len(b) != fr.Bytes {
		return z, fmt.Errorf("scalar of %d bytes, want %d", len(b), fr.Bytes)
	}
	if err := z.SetBytesCanonical(b); err != nil {
		return z, errors.New("scalar not below the group order")
	}
	return z, nil
}

// AppendScalar appends the 32-byte big-endian encoding of z to dst.
func AppendScalar(dst []byte, z *fr.Element) []byte {
	b := z.Bytes()
	return append(dst, b[:]...)
}

// AppendG1 appends the 48-byte compressed encoding of p to dst.
func AppendG1(dst []byte, p *bls12381.G1Affine) []byte {
	b := p.Bytes()
	return append(dst, b[:]...)
}

// RandomScalar reads 48 bytes from rand (crypto/rand when nil) and reduces
// them modulo r, as the IETF draft's calculate_random_scalars does; the
// bias is below 2^-128.
func RandomScalar(rand io.Reader) (fr.Element, error) {
	var buf [48]byte
	var z fr.Element
	if _, err := io.ReadFull(RandOrDefault(rand), buf[:]); err != nil {
		return z, fmt.Errorf("read randomness: %w", err)
	}
	z.SetBytes(buf[:]) // reduces modulo r
	return z, nil
}

// RandOrDefault returns r, or crypto/rand's Reader when r is nil.
func RandOrDefault(r io.Reader) io.Reader {
	if r == nil {
		return cryptorand.Reader
	}
	return r
}
