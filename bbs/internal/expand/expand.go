// SPDX-License-Identifier: Apache-2.0

// Package expand implements expand_message_xmd and expand_message_xof of
// RFC 9380 §5.3, the hashing every IETF BBS ciphersuite is built on.
package expand

import (
	"errors"
	"fmt"
	"hash"

	"golang.org/x/crypto/sha3"
)

// The expand_message functions of RFC 9380 §5.3, which turn a message and a
// domain separation tag into a uniformly random byte string of a requested
// length. The IETF BBS ciphersuites use them for hash_to_scalar, for
// hash_to_field inside hash_to_curve, and for their test-vector RNG.
//
// Neither function implements the §5.3.3 handling of DSTs longer than 255
// bytes: the BBS draft rejects such DSTs, and so do these functions.

// Expander is an expand_message function: it returns n uniformly random
// bytes derived from msg under the domain separation tag dst.
type Expander func(msg, dst []byte, n int) ([]byte, error)

// MaxDSTSize is the longest domain separation tag RFC 9380 encodes directly.
const MaxDSTSize = 255

var errEmptyExpansion = errors.New("expand_message: requested length must be positive")

// XMD is expand_message_xmd (RFC 9380 §5.3.1) for the
// Merkle-Damgård hash newHash makes, such as SHA-256.
func XMD(newHash func() hash.Hash, msg, dst []byte, n int) ([]byte, error) {
	h := newHash()
	bSize, rSize := h.Size(), h.BlockSize()
	ell := (n + bSize - 1) / bSize
	switch {
	case n <= 0:
		return nil, errEmptyExpansion
	case ell > 255 || n > 0xffff:
		return nil, fmt.Errorf("expand_message_xmd: %d bytes requested, at most %d", n, min(255*bSize, 0xffff))
	case len(dst) > MaxDSTSize:
		return nil, fmt.Errorf("expand_message_xmd: DST of %d bytes, at most %d", len(dst), MaxDSTSize)
	}
	dstPrime := append(append(make([]byte, 0, len(dst)+1), dst...), byte(len(dst)))

	// b_0 = H(Z_pad || msg || I2OSP(len_in_bytes, 2) || I2OSP(0, 1) || DST_prime)
	h.Write(make([]byte, rSize))
	h.Write(msg)
	h.Write([]byte{byte(n >> 8), byte(n), 0})
	h.Write(dstPrime)
	b0 := h.Sum(nil)

	// b_1 = H(b_0 || I2OSP(1, 1) || DST_prime)
	// b_i = H(strxor(b_0, b_(i-1)) || I2OSP(i, 1) || DST_prime)
	out := make([]byte, 0, ell*bSize)
	bi := make([]byte, bSize)
	x := make([]byte, bSize)
	for i := 1; i <= ell; i++ {
		for j := range x {
			x[j] = b0[j] ^ bi[j] // bi is all zeros for i = 1
		}
		h.Reset()
		h.Write(x)
		h.Write([]byte{byte(i)})
		h.Write(dstPrime)
		bi = h.Sum(bi[:0])
		out = append(out, bi...)
	}
	return out[:n], nil
}

// XOF is expand_message_xof (RFC 9380 §5.3.2) for the
// extendable-output function newXOF makes, such as SHAKE256.
func XOF(newXOF func() sha3.ShakeHash, msg, dst []byte, n int) ([]byte, error) {
	switch {
	case n <= 0:
		return nil, errEmptyExpansion
	case n > 0xffff:
		return nil, fmt.Errorf("expand_message_xof: %d bytes requested, at most %d", n, 0xffff)
	case len(dst) > MaxDSTSize:
		return nil, fmt.Errorf("expand_message_xof: DST of %d bytes, at most %d", len(dst), MaxDSTSize)
	}
	// uniform_bytes = H(msg || I2OSP(len_in_bytes, 2) || DST || I2OSP(len(DST), 1), len_in_bytes)
	h := newXOF()
	h.Write(msg)
	h.Write([]byte{byte(n >> 8), byte(n)})
	h.Write(dst)
	h.Write([]byte{byte(len(dst))})
	out := make([]byte, n)
	if _, err := h.Read(out); err != nil {
		return nil, fmt.Errorf("expand_message_xof: %w", err)
	}
	return out, nil
}
