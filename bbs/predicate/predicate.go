// SPDX-License-Identifier: Apache-2.0

// Package predicate proves statements about hidden messages of an IETF BBS
// proof: that a hidden message is committed in a Pedersen commitment V,
// that a hidden integer lies in [min, max] (with Bulletproofs, which need
// no parameters, or with the set-membership range proof of Camenisch,
// Chaabouni and shelat 2008 over weak Boneh–Boyen signatures of the
// digits), or that a hidden message is one of a published set.
//
// The BBS proof stays a standard IETF proof: the predicates are linked to
// it by sharing the random scalar m̃_i of each hidden message they are
// about, and by binding their commitments into the presentation header
// the BBS proof signs, so that the BBS challenge c is also the predicates'
// challenge. See docs/predicates.md for the protocol and wire format.
package predicate

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"math/bits"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// Kinds of Predicate.
const (
	// Commitment: V = m_i·G + γ·H commits to hidden message i.
	Commitment = 0x01
	// Range: min ≤ m_i ≤ max for hidden integer message i.
	Range = 0x02
	// InSet: m_i is one of the scalars the set parameters sign.
	InSet = 0x03
)

const (
	version       = 0x02
	headerTag     = "FABRIC-BBS-PREDICATE-V01"
	digestDST     = "FABRIC-BBS-PREDICATE-V01_H2S_"
	proofWeight   = "FABRIC-BBS-PREDICATE-V01_PROOF_WEIGHT_"
	hedgeTag      = "fabric-bbs/predicate/v1"
	generatorsDST = "FABRIC-BBS-PREDICATE-V01_BLS12381G1_XMD:SHA-256_SSWU_RO_"

	// MaxPredicates is the most predicates one proof carries.
	MaxPredicates = 64
	// MaxProofSize bounds a predicate proof's encoding.
	MaxProofSize = 1 << 20
)

var (
	// ErrMalformedProof means predicate-proof bytes could not be parsed
	// against the predicates given.
	ErrMalformedProof = errors.New("predicate: malformed proof")
	// ErrInvalidProof means a well-formed predicate proof does not verify.
	ErrInvalidProof = errors.New("predicate: invalid proof")
)

// Predicate is one statement about the hidden message at Index.
type Predicate struct {
	Kind  byte
	Index int
	// Min and Max bound a Range, both included.
	Min, Max int64
	// Params are a Range's RangeParams (a CCS08 range proof) or an
	// InSet's SetParams; a Range without Params is proven with
	// Bulletproofs (no parameters).
	Params *Params
}

// G and H are the commitment generators: hash_to_curve("G") and
// hash_to_curve("H") with generatorsDST.
var genG, genH = mustGenerators()

// tables are the odd-multiple tables of P (the G1 generator), G and H.
var tables = func() []group.G1Table {
	_, _, g1, _ := bls12381.Generators()
	return group.NewG1Tables([]bls12381.G1Affine{g1, genG, genH})
}()

func mustGenerators() (bls12381.G1Affine, bls12381.G1Affine) {
	g, err1 := bls12381.HashToG1([]byte("G"), []byte(generatorsDST))
	h, err2 := bls12381.HashToG1([]byte("H"), []byte(generatorsDST))
	if err1 != nil || err2 != nil {
		panic("predicate: hash to curve failed")
	}
	return g, h
}

// ccsSides returns the sides a CCS08 range proves, 0 for a = v − min and
// 1 for b = max − v, and ℓ, the number of base-u digits of each. Both
// sides, of ℓ = digits(max − min) each, unless an end is the int64
// extreme and one side of 64 bits has fewer digits than both: then only
// b = max − v (when min = −2^63) or only a = v − min (when max = 2^63 −
// 1), in ℓ = digits(2^64 − 1) digits.
func ccsSides(p *Predicate) ([]int, int) {
	l := digits(uint64(p.Max)-uint64(p.Min), p.Params.log2u)
	l64 := digits(math.MaxUint64, p.Params.log2u)
	switch {
	case l64 >= 2*l:
	case p.Min == math.MinInt64:
		return []int{1}, l64
	case p.Max == math.MaxInt64:
		return []int{0}, l64
	}
	return []int{0, 1}, l
}

// hEff is the G1 cofactor-clearing scalar h_eff = 1 − z =
// 0xd201000000010001 (RFC 9380, section 8.8.1), the multiplier of
// bls12381.G1Jac.ClearCofactor.
var hEff = func() fr.Element {
	var h fr.Element
	h.SetUint64(0xd201000000010001)
	return h
}()

// hEffInv is h_eff⁻¹ mod r.
var hEffInv = func() fr.Element {
	var h fr.Element
	h.Inverse(&hEff)
	return h
}()

// generatorLines returns the Miller-loop lines of P̃, the G2 generator.
var generatorLines = sync.OnceValue(func() *bbspred.Lines {
	_, _, _, g2 := bls12381.Generators()
	l := bls12381.PrecomputeLines(g2)
	return &l
})

// digits returns ℓ, the number of base-2^log2u digits of a range of
// width w = max − min: the least ℓ ≥ 1 with u^ℓ > w.
func digits(w uint64, log2u int) int {
	l := (bits.Len64(w) + log2u - 1) / log2u
	return max(l, 1)
}

// check validates one predicate against the statement: the index hidden
// (and, for a range, an integer position), the params of the right kind.
func (p *Predicate) check(mm *bbs.MessageMap) error {
	if p.Index < 0 || p.Index >= bbs.MaxMessages {
		return fmt.Errorf("%w: predicate index %d", bbs.ErrInvalidArgument, p.Index)
	}
	switch p.Kind {
	case Commitment:
	case Range:
		if p.Params != nil && p.Params.kind != RangeParams {
			return fmt.Errorf("%w: range predicate on %d with set parameters", bbs.ErrInvalidArgument, p.Index)
		}
		if p.Min > p.Max {
			return fmt.Errorf("%w: range [%d, %d] is empty", bbs.ErrInvalidArgument, p.Min, p.Max)
		}
		if !mm.IsInteger(p.Index) {
			return fmt.Errorf("%w: range predicate on %d, not an integer position", bbs.ErrInvalidArgument, p.Index)
		}
	case InSet:
		if p.Params == nil || p.Params.kind != SetParams {
			return fmt.Errorf("%w: set predicate on %d without set parameters", bbs.ErrInvalidArgument, p.Index)
		}
	default:
		return fmt.Errorf("%w: predicate kind %#x", bbs.ErrInvalidArgument, p.Kind)
	}
	return nil
}

// layout returns, for each predicate, the number of weak-BB proofs it
// carries (CCS08 range: ℓ per side; set: 1; commitment: 0).
func layout(preds []Predicate) []int {
	n := make([]int, len(preds))
	for k := range preds {
		switch {
		case preds[k].Params == nil: // refused by check; no panic here
		case preds[k].Kind == Range && preds[k].Params.kind == RangeParams && preds[k].Params.log2u > 0:
			sides, l := ccsSides(&preds[k])
			n[k] = len(sides) * l
		case preds[k].Kind == InSet:
			n[k] = 1
		}
	}
	return n
}

// ProofSize returns the size of the predicate proof for preds (at least 1;
// predicates that Prove would refuse count as empty).
func ProofSize(preds []Predicate) int {
	size := 1
	for k, n := range layout(preds) {
		switch {
		case preds[k].Kind == Commitment:
			size += 48 + 32
		case preds[k].Kind == Range && n > 0:
			sides, _ := ccsSides(&preds[k])
			size += n*(48+48+32) + (n-len(sides))*32
		case preds[k].Kind == InSet && n > 0:
			size += 48 + 48 + 32
		case isBulletproofs(&preds[k]):
			if b := bulletproofsSize(&preds[k]); b > 0 {
				size += 48 + 32 + b
			}
		}
	}
	return size
}

// statementBytes encodes the predicates for the digest: per predicate its
// kind, index, bounds and the SHA-256 of its parameters.
func statementBytes(preds []Predicate) []byte {
	b := binary.BigEndian.AppendUint64(nil, uint64(len(preds)))
	for _, p := range preds {
		b = append(b, p.Kind)
		b = binary.BigEndian.AppendUint64(b, uint64(p.Index))
		b = binary.BigEndian.AppendUint64(b, uint64(p.Min))
		b = binary.BigEndian.AppendUint64(b, uint64(p.Max))
		if p.Params != nil {
			h := sha256.Sum256(p.Params.enc)
			b = append(b, h[:]...)
		} else {
			b = append(b, make([]byte, 32)...)
		}
	}
	return b
}

// PresentationHeader returns the presentation header the BBS proof of a
// predicate presentation is made and verified with: headerTag ‖
// I2OSP(len(ph), 8) ‖ ph ‖ digest, digest the 32-byte scalar
// hash_to_scalar(I2OSP(len(st), 8) ‖ st ‖ points, digestDST) with the
// BBS suite's hash, st the encoded predicates and points the
// predicate proof's points and Schnorr commitments, in proof order, then
// the Bulletproofs range proofs' bytes (rp), in proof order.
func presentationHeader(s bbs.Scheme, ph []byte, preds []Predicate, points []bls12381.G1Affine, rp []byte) ([]byte, error) {
	st := statementBytes(preds)
	in := binary.BigEndian.AppendUint64(nil, uint64(len(st)))
	in = append(in, st...)
	for k := range points {
		in = group.AppendG1(in, &points[k])
	}
	in = append(in, rp...)
	d, err := bbspred.HashToScalar(s, in, []byte(digestDST))
	if err != nil {
		return nil, err
	}
	out := append([]byte(headerTag), binary.BigEndian.AppendUint64(nil, uint64(len(ph)))...)
	out = append(out, ph...)
	return group.AppendScalar(out, &d), nil
}

func sha256Sum(dst string, b []byte) [32]byte {
	h := sha256.New()
	h.Write([]byte(dst))
	h.Write(b)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// weight returns the k-th 128-bit weight from seed.
func weight(seed [32]byte, k int) fr.Element {
	h := sha256.New()
	h.Write(seed[:])
	h.Write(binary.BigEndian.AppendUint64(nil, uint64(k)))
	var d [32]byte
	h.Sum(d[:0])
	var w fr.Element
	w.SetBytes(d[:16])
	return w
}

// int64Scalar is the field element v.
func int64Scalar(v int64) fr.Element {
	var z fr.Element
	z.SetInt64(v)
	return z
}

// powers returns 1, u, u², …, u^(l−1).
func powers(log2u, l int) []fr.Element {
	out := make([]fr.Element, l)
	var u fr.Element
	u.SetUint64(1 << log2u)
	out[0].SetOne()
	for j := 1; j < l; j++ {
		out[j].Mul(&out[j-1], &u)
	}
	return out
}
