// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	cryptorand "crypto/rand"
	"fmt"
	"io"
	"math/big"
	mathrand "math/rand/v2"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Secret scalars and variable-time arithmetic. The multi-scalar
// multiplication of internal/group/msm.go, like gnark-crypto's GLV/wNAF scalar
// multiplication, takes time that depends on the scalars. Where a scalar
// is secret (the signer's 1/(x+e) and x, the prover's blinding scalars,
// e, s and hidden messages) it is split on every call into two random
// additive shares, k = k1 + k2 mod r with k1 uniform, and k·P is computed
// as k1·P + k2·P, with fresh shares on every call (deterministic signing
// of the same messages included). Results are unchanged.
//
// This is a mitigation, not constant time. Each share alone is uniform,
// but the call's timing is a function of both shares' digits, and k2 is
// k − k1: the distribution of the timing depends on k (for k = 0 the
// shares are opposite, and so are their digit patterns), and an attacker
// who can time many calls on the same secret (many signatures with x,
// many proofs of one credential) averages the noise the shares add. Who
// runs these paths: the issuer signs with x on its own host, which the
// threat model takes to be not shared with code an attacker runs, and
// the holder proves on its device. Where the threat model does include
// a co-located attacker, the constant-time multiplication is
// secretScalarMul (internal/group/consttime.go, about 1.2 times the
// split's two variable-time multiplications; package revocation uses it
// for its secrets); the BBS signing and proving paths here are multi-scalar
// multiplications of up to MaxMessages + 2 terms, for which a
// constant-time method would cost several times more.
//
// The shares come from a ChaCha8 stream seeded from shareRand on each
// call; they never reach an output, so they do not affect determinism.

// shareRand seeds the share streams. Tests replace it to observe that the
// secret paths use it; it is crypto/rand otherwise.
var shareRand io.Reader = cryptorand.Reader

// newShareStream returns a fresh ChaCha8 stream seeded from shareRand.
func newShareStream() (*mathrand.ChaCha8, error) {
	var seed [32]byte
	if _, err := io.ReadFull(shareRand, seed[:]); err != nil {
		return nil, fmt.Errorf("read randomness for scalar blinding: %w", err)
	}
	return mathrand.NewChaCha8(seed), nil
}

// splitScalars returns, for each k in ks, the shares k1 (uniform, from
// stream) and k − k1, interleaved: out[2i] + out[2i+1] = ks[i].
func splitScalars(stream *mathrand.ChaCha8, ks []fr.Element) []fr.Element {
	out := make([]fr.Element, 2*len(ks))
	var buf [48]byte
	for i := range ks {
		stream.Read(buf[:])       // never fails
		out[2*i].SetBytes(buf[:]) // reduced modulo r: bias below 2^-128
		out[2*i+1].Sub(&ks[i], &out[2*i])
	}
	return out
}

// secretInverse returns 1/z for a secret non-zero z, computed as
// ρ·(z·ρ)⁻¹ with ρ a fresh uniform non-zero scalar from a share stream:
// fr's inversion takes time that depends on its input (about 10% spread,
// measured), and z·ρ is uniform whatever z, while the multiplications take
// constant time. The result is exactly 1/z. Zero has no inverse: an
// ErrInvalidArgument (the callers refuse it first).
func secretInverse(z *fr.Element) (fr.Element, error) {
	var inv fr.Element
	if z.IsZero() {
		return inv, fmt.Errorf("%w: inverse of zero", ErrInvalidArgument)
	}
	stream, err := newShareStream()
	if err != nil {
		return inv, err
	}
	var rho fr.Element
	var buf [48]byte
	for rho.IsZero() { // 2^-255 per draw
		stream.Read(buf[:]) // never fails
		rho.SetBytes(buf[:])
	}
	inv.Mul(z, &rho)
	inv.Inverse(&inv)
	inv.Mul(&inv, &rho)
	return inv, nil
}

// secretMSM returns Σ scalars[i]·points[i] with every scalar split into
// random shares: the same result as msm.
func secretMSM(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error) {
	return secretMSMWithTables(nil, nil, points, scalars)
}

// secretMSMWithTables is group.MSMWithTables with every scalar, fixed or not,
// split into random shares.
func secretMSMWithTables(fixed []*group.G1Table, fixedScalars []fr.Element, points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error) {
	if len(fixed) != len(fixedScalars) || len(points) != len(scalars) {
		return bls12381.G1Affine{}, fmt.Errorf("%w: secret multi-scalar multiplication of %d+%d points and %d+%d scalars",
			ErrInvalidArgument, len(fixed), len(points), len(fixedScalars), len(scalars))
	}
	stream, err := newShareStream()
	if err != nil {
		return bls12381.G1Affine{}, err
	}
	fixed2 := make([]*group.G1Table, 0, 2*len(fixed))
	for _, t := range fixed {
		fixed2 = append(fixed2, t, t)
	}
	points2 := make([]bls12381.G1Affine, 0, 2*len(points))
	for i := range points {
		points2 = append(points2, points[i], points[i])
	}
	return group.MSMWithTables(fixed2, splitScalars(stream, fixedScalars), points2, splitScalars(stream, scalars)), nil
}

// secretG2Base returns k·P2, P2 the G2 generator, as k1·P2 + k2·P2 for
// random shares of k.
func secretG2Base(k *fr.Element) (bls12381.G2Affine, error) {
	var res bls12381.G2Affine
	stream, err := newShareStream()
	if err != nil {
		return res, err
	}
	sh := splitScalars(stream, []fr.Element{*k})
	var a, b bls12381.G2Affine
	a.ScalarMultiplicationBase(sh[0].BigInt(new(big.Int)))
	b.ScalarMultiplicationBase(sh[1].BigInt(new(big.Int)))
	res.Add(&a, &b)
	return res, nil
}

// secretCommitment returns B = P1 + s·h0 + Σ mi·hi for a secret s
// and secret messages (the signer's and the prover's B).
func (g *bbsPlusGenerators) secretCommitment(s *fr.Element, m []fr.Element) (bls12381.G1Affine, error) {
	scalars := make([]fr.Element, 0, len(m)+1)
	scalars = append(scalars, *s)
	scalars = append(scalars, m...)
	var b bls12381.G1Affine
	var err error
	if g.tables != nil { // the set's tables, once admitted
		fixed := make([]*group.G1Table, len(m)+1)
		for i := range fixed {
			fixed[i] = &g.tables[i]
		}
		b, err = secretMSMWithTables(fixed, scalars, nil, nil)
	} else {
		b, err = secretMSMWithTables(nil, nil, g.h[:len(m)+1], scalars)
	}
	if err != nil {
		return b, err
	}
	_, _, p1, _ := bls12381.Generators()
	b.Add(&b, &p1) // P1's coefficient 1 is public
	return b, nil
}

// proverSignatureValid checks e(A, W)·e(e·A − B, P2) = 1, as Verify does,
// for a holder's secret signature: e·A is computed with shares of e.
func (s *bbsPlus2020) proverSignatureValid(pk *PublicKey, sig *Signature, b *bls12381.G1Affine) (bool, error) {
	ea, err := secretMSM([]bls12381.G1Affine{sig.a}, []fr.Element{sig.e})
	if err != nil {
		return false, err
	}
	var p2 bls12381.G1Affine
	p2.Sub(&ea, b)
	return pairingProductIsOne(&sig.a, pk, &p2)
}

// secretScalarMul returns k·p in G1 in time independent of k and p: a
// fixed-window multiplication over complete projective formulas with
// masked table lookups (internal/group/consttime.go), for a secret scalar
// that a caller outside this package multiplies (package revocation: a
// holder's handle, an accumulator's α). p must be in G1.
func secretScalarMul(p *bls12381.G1Affine, k *fr.Element) bls12381.G1Affine {
	return group.ScalarMulConstantTime(p, k)
}

// secretScalarMulAdd returns k·p + q in G1 in time independent of k, p
// and q, as SecretScalarMul.
func secretScalarMulAdd(p *bls12381.G1Affine, k *fr.Element, q *bls12381.G1Affine) bls12381.G1Affine {
	return group.MulAddConstantTime(p, k, q)
}

// secretLinearCombination returns Σ points[i]·scalars[i] in time
// independent of the scalars and points, as SecretScalarMul, with the sum
// made affine once. Mismatched lengths are an ErrInvalidArgument.
func secretLinearCombination(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error) {
	if len(points) != len(scalars) {
		return bls12381.G1Affine{}, fmt.Errorf("%w: linear combination of %d points and %d scalars", ErrInvalidArgument, len(points), len(scalars))
	}
	return group.LinearCombinationConstantTime(points, scalars), nil
}
