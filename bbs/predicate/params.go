// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/big"
	"math/bits"
	"slices"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// Params are the public parameters of range proofs (kind RangeParams) and
// set-membership proofs (kind SetParams): a weak Boneh–Boyen public key
// X̃ = x·P̃ in G2 and the signatures A_k = P·1/(x + s_k) in G1 of the
// scalars s_k, P and P̃ the generators of G1 and G2. For a range, s_k = k
// for k = 0 … u−1, u the base of the digits; for a set, the s_k are the
// set's elements mapped to scalars.
//
// Soundness rests on x being unknown to every prover: whoever knows x can
// sign any scalar and prove any value in range or in the set. Params must
// therefore be made by a party the verifier trusts (the policy owner),
// which keeps or destroys x; they cannot be derived from a public seed.
// ParseParams checks that every A_k is a signature of s_k under X̃, which
// shows the parameters are well formed, not that the owner signed nothing
// else.
//
// Encoding: kind (1 byte: 0x01 range, 0x02 set) ‖ X̃ (96, compressed) ‖
// I2OSP(n, 4) ‖ n × (s_k (32, big-endian) ‖ A_k (48, compressed)), s_k
// strictly ascending; a range has s_k = k and n = u a power of two from 2
// to 256.
type Params struct {
	kind  byte
	key   bls12381.G2Affine
	elems []fr.Element
	sigs  []bls12381.G1Affine
	log2u int // range: u = 2^log2u
	enc   []byte

	linesOnce sync.Once
	lines     bbspred.Lines // of key, computed on first use
}

// keyLines returns the Miller-loop lines of the key X̃, computed once.
func (p *Params) keyLines() *bbspred.Lines {
	p.linesOnce.Do(func() { p.lines = bls12381.PrecomputeLines(p.key) })
	return &p.lines
}

const (
	// RangeParams and SetParams are the kinds of Params.
	RangeParams = 0x01
	SetParams   = 0x02

	// MaxSetSize is the largest set a SetParams holds.
	MaxSetSize = 1 << 16
	// MaxBase is the largest range base.
	MaxBase = 256

	paramsEntrySize = 32 + 48
	paramsHeadSize  = 1 + 96 + 4
	weightDST       = "FABRIC-BBS-PREDICATE-V01_PARAMS_WEIGHT_"
)

// ErrMalformedParams means parameter bytes could not be parsed or do not
// hold valid signatures.
var ErrMalformedParams = errors.New("predicate: malformed parameters")

// Kind returns RangeParams or SetParams.
func (p *Params) Kind() byte { return p.kind }

// Bytes returns the encoding.
func (p *Params) Bytes() []byte { return slices.Clone(p.enc) }

// Base returns the range base u (0 for a set).
func (p *Params) Base() int {
	if p.kind != RangeParams {
		return 0
	}
	return 1 << p.log2u
}

// Len returns the number of signed scalars.
func (p *Params) Len() int { return len(p.elems) }

// GenerateRangeParams makes range parameters of base u (a power of two, 2
// to 256) with a fresh secret key from rnd (crypto/rand if nil). It
// returns the 32-byte secret x as well: the caller keeps it to re-sign or
// destroys it, and must never publish it.
func GenerateRangeParams(rnd io.Reader, u int) (*Params, []byte, error) {
	if u < 2 || u > MaxBase || u&(u-1) != 0 {
		return nil, nil, fmt.Errorf("%w: base %d is not a power of two in [2, %d]", bbs.ErrInvalidArgument, u, MaxBase)
	}
	elems := make([]fr.Element, u)
	for k := range elems {
		elems[k].SetUint64(uint64(k))
	}
	return generate(rnd, RangeParams, elems)
}

// GenerateSetParams makes set parameters for the elements, each mapped
// to a scalar as the messages of scheme s at a position that is an integer
// position (integer) or not, with a fresh secret key from rnd. It returns
// the secret as GenerateRangeParams does.
func GenerateSetParams(rnd io.Reader, s bbs.Scheme, elements [][]byte, integer bool) (*Params, []byte, error) {
	if len(elements) < 1 || len(elements) > MaxSetSize {
		return nil, nil, fmt.Errorf("%w: set of %d elements, want 1 to %d", bbs.ErrInvalidArgument, len(elements), MaxSetSize)
	}
	elems := make([]fr.Element, len(elements))
	for k, e := range elements {
		var err error
		if elems[k], err = bbspred.MessageScalar(s, e, integer); err != nil {
			return nil, nil, fmt.Errorf("set element %d: %w", k, err)
		}
	}
	slices.SortFunc(elems, func(a, b fr.Element) int { return a.Cmp(&b) })
	for k := 1; k < len(elems); k++ {
		if elems[k].Equal(&elems[k-1]) {
			return nil, nil, fmt.Errorf("%w: set elements repeat", bbs.ErrInvalidArgument)
		}
	}
	return generate(rnd, SetParams, elems)
}

func generate(rnd io.Reader, kind byte, elems []fr.Element) (*Params, []byte, error) {
	x, err := group.RandomScalar(group.RandOrDefault(rnd))
	if err != nil {
		return nil, nil, err
	}
	_, _, g1, g2 := bls12381.Generators()
	p := &Params{kind: kind, elems: elems, sigs: make([]bls12381.G1Affine, len(elems))}
	var xi big.Int
	x.BigInt(&xi)
	p.key.ScalarMultiplication(&g2, &xi)
	for k := range elems {
		var t fr.Element
		t.Add(&x, &elems[k])
		if t.IsZero() {
			return nil, nil, fmt.Errorf("degenerate key: x + s = 0")
		}
		t.Inverse(&t)
		p.sigs[k] = group.ScalarMulConstantTime(&g1, &t)
	}
	if kind == RangeParams {
		p.log2u = bits.TrailingZeros(uint(len(elems)))
	}
	p.enc = p.encode()
	xb := x.Bytes()
	return p, xb[:], nil
}

func (p *Params) encode() []byte {
	b := make([]byte, 0, paramsHeadSize+len(p.elems)*paramsEntrySize)
	b = append(b, p.kind)
	kb := p.key.Bytes()
	b = append(b, kb[:]...)
	b = binary.BigEndian.AppendUint32(b, uint32(len(p.elems)))
	for k := range p.elems {
		b = group.AppendScalar(b, &p.elems[k])
		b = group.AppendG1(b, &p.sigs[k])
	}
	return b
}

// ParseParams parses and validates parameters: sizes first, then every
// point on the curve and in its subgroup, X̃ not the identity, the scalars
// canonical and strictly ascending (0 … u−1 for a range), and every A_k a
// signature of s_k under X̃ (one batched pairing check, weights from
// hashing the bytes).
func ParseParams(b []byte) (*Params, error) {
	if len(b) < paramsHeadSize {
		return nil, fmt.Errorf("%w: %d bytes", ErrMalformedParams, len(b))
	}
	n := binary.BigEndian.Uint32(b[97:101])
	if n < 1 || n > MaxSetSize || uint64(len(b)) != paramsHeadSize+uint64(n)*paramsEntrySize {
		return nil, fmt.Errorf("%w: %d entries in %d bytes", ErrMalformedParams, n, len(b))
	}
	p := &Params{kind: b[0], enc: slices.Clone(b)}
	switch p.kind {
	case RangeParams:
		if n < 2 || n > MaxBase || n&(n-1) != 0 {
			return nil, fmt.Errorf("%w: range base %d", ErrMalformedParams, n)
		}
		p.log2u = bits.TrailingZeros32(n)
	case SetParams:
	default:
		return nil, fmt.Errorf("%w: kind %#x", ErrMalformedParams, p.kind)
	}
	var err error
	if p.key, err = group.DecodeG2(b[1:97]); err != nil || p.key.IsInfinity() {
		return nil, fmt.Errorf("%w: key: %v", ErrMalformedParams, err)
	}
	p.elems = make([]fr.Element, n)
	p.sigs = make([]bls12381.G1Affine, n)
	for k := range p.elems {
		e := b[paramsHeadSize+k*paramsEntrySize:]
		if p.elems[k], err = group.DecodeScalar(e[:32]); err != nil {
			return nil, fmt.Errorf("%w: scalar %d: %v", ErrMalformedParams, k, err)
		}
		if p.kind == RangeParams {
			var want fr.Element
			want.SetUint64(uint64(k))
			if !p.elems[k].Equal(&want) {
				return nil, fmt.Errorf("%w: range scalar %d is not %d", ErrMalformedParams, k, k)
			}
		} else if k > 0 && p.elems[k].Cmp(&p.elems[k-1]) <= 0 {
			return nil, fmt.Errorf("%w: set scalars not strictly ascending at %d", ErrMalformedParams, k)
		}
		if p.sigs[k], err = group.DecodeG1(e[32:80]); err != nil || p.sigs[k].IsInfinity() {
			return nil, fmt.Errorf("%w: signature %d: %v", ErrMalformedParams, k, err)
		}
	}
	if err := p.checkSignatures(); err != nil {
		return nil, err
	}
	return p, nil
}

// checkSignatures checks e(A_k, X̃ + s_k·P̃) = e(P, P̃) for every k as
// e(Σ w_k·A_k, X̃)·e(Σ w_k·s_k·A_k − (Σ w_k)·P, P̃) = 1, with weights w_k
// from hashing the encoding.
func (p *Params) checkSignatures() error {
	seed := sha256Sum(weightDST, p.enc)
	n := len(p.elems)
	w := make([]fr.Element, n)
	ws := make([]fr.Element, n+1)
	var sum fr.Element
	pts := make([]bls12381.G1Affine, n+1)
	for k := range w {
		w[k] = weight(seed, k)
		ws[k].Mul(&w[k], &p.elems[k])
		sum.Add(&sum, &w[k])
		pts[k] = p.sigs[k]
	}
	_, _, g1, g2 := bls12381.Generators()
	pts[n] = g1
	ws[n].Neg(&sum)
	a := group.MSMWithTables(nil, nil, p.sigs, w)
	c := group.MSMWithTables(nil, nil, pts, ws)
	ok, err := bls12381.PairingCheck([]bls12381.G1Affine{a, c}, []bls12381.G2Affine{p.key, g2})
	if err != nil || !ok {
		return fmt.Errorf("%w: signatures do not verify under the key", ErrMalformedParams)
	}
	return nil
}
