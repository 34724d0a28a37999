// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// ParseSignature parses A‖e as octets_to_signature does: A must be a G1
// point other than the identity, e a canonical non-zero scalar.
func (s *ietfScheme) ParseSignature(b []byte) (*Signature, error) {
	if len(b) != IETFSignatureSize {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrMalformedSignature, len(b), IETFSignatureSize)
	}
	a, err := group.DecodeG1(b[:g1Size])
	if err != nil {
		return nil, fmt.Errorf("%w: A: %v", ErrMalformedSignature, err)
	}
	if a.IsInfinity() {
		return nil, fmt.Errorf("%w: A is the identity", ErrMalformedSignature)
	}
	e, err := group.DecodeScalar(b[g1Size:])
	if err != nil {
		return nil, fmt.Errorf("%w: e: %v", ErrMalformedSignature, err)
	}
	if e.IsZero() {
		return nil, fmt.Errorf("%w: e is zero", ErrMalformedSignature)
	}
	return &Signature{scheme: s, a: a, e: e, enc: slices.Clone(b)}, nil
}

// ParseProof parses a proof as octets_to_proof does: 272 + 32·U bytes for
// U hidden messages (at most MaxMessages); Ā, B̄ and D G1 points other
// than the identity; every scalar canonical and non-zero.
func (s *ietfScheme) ParseProof(b []byte) (*Proof, error) {
	n := len(b)
	if n < IETFProofBaseSize || (n-IETFProofBaseSize)%scalarSize != 0 {
		return nil, fmt.Errorf("%w: %d bytes, want %d + a multiple of %d", ErrMalformedProof, n, IETFProofBaseSize, scalarSize)
	}
	u := (n - IETFProofBaseSize) / scalarSize
	if u > MaxMessages {
		return nil, fmt.Errorf("%w: %d hidden messages, at most %d", ErrMalformedProof, u, MaxMessages)
	}
	p := &ietfProof{mHat: make([]fr.Element, u)}
	// The scalars first: they are cheap to check, the points are not.
	scalars := make([]*fr.Element, 0, u+4)
	scalars = append(scalars, &p.eHat, &p.r1Hat, &p.r3Hat)
	for i := range p.mHat {
		scalars = append(scalars, &p.mHat[i])
	}
	scalars = append(scalars, &p.c)
	off := 3 * g1Size
	for i, z := range scalars {
		var err error
		if *z, err = group.DecodeScalar(b[off : off+scalarSize]); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrMalformedProof, proofScalarName(i, u), err)
		}
		if z.IsZero() {
			return nil, fmt.Errorf("%w: %s is zero", ErrMalformedProof, proofScalarName(i, u))
		}
		off += scalarSize
	}
	points := [...]struct {
		name string
		dst  *bls12381.G1Affine
	}{{"Abar", &p.abar}, {"Bbar", &p.bbar}, {"D", &p.d}}
	for i, pt := range points {
		var err error
		if *pt.dst, err = group.DecodeG1(b[i*g1Size : (i+1)*g1Size]); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrMalformedProof, pt.name, err)
		}
		if pt.dst.IsInfinity() {
			return nil, fmt.Errorf("%w: %s is the identity", ErrMalformedProof, pt.name)
		}
	}
	return &Proof{scheme: s, enc: slices.Clone(b), body: p}, nil
}

// proofScalarName names the i-th scalar of a proof with u hidden messages.
func proofScalarName(i, u int) string {
	switch {
	case i < 3:
		return [...]string{"e^", "r1^", "r3^"}[i]
	case i < 3+u:
		return fmt.Sprintf("m^ %d", i-3)
	default:
		return "challenge"
	}
}

// encode serializes the proof: Ā ‖ B̄ ‖ D ‖ ê ‖ r̂1 ‖ r̂3 ‖ m̂… ‖ c.
func (p *ietfProof) encode() []byte {
	out := make([]byte, 0, IETFProofBaseSize+len(p.mHat)*scalarSize)
	out = group.AppendG1(out, &p.abar)
	out = group.AppendG1(out, &p.bbar)
	out = group.AppendG1(out, &p.d)
	out = group.AppendScalar(out, &p.eHat)
	out = group.AppendScalar(out, &p.r1Hat)
	out = group.AppendScalar(out, &p.r3Hat)
	for i := range p.mHat {
		out = group.AppendScalar(out, &p.mHat[i])
	}
	return group.AppendScalar(out, &p.c)
}
