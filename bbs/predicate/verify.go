// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// IETF proof layout: Ā ‖ B̄ ‖ D ‖ ê ‖ r̂1 ‖ r̂3 ‖ m̂_j1 … ‖ c.
const bbsMHatOffset = 3*48 + 3*32

// Verify checks a presentation with predicates: the predicate proof
// against preds, and the BBS proof as a standard IETF ProofVerify (with
// the disclosed messages mapped by mm) under the presentation header
// derived from ph and the predicate proof. It returns nil, or an error
// wrapping ErrMalformedProof, ErrInvalidProof, bbs.ErrInvalidProof or
// bbs.ErrInvalidArgument. Sizes are checked before any group operation.
func Verify(s bbs.Scheme, pk *bbs.PublicKey, proof *bbs.Proof, header, ph []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) error {
	phPrime, err := verifyPredicates(s, proof, ph, disclosed, mm, preds, predProof)
	if err != nil {
		return err
	}
	return bbs.VerifyProofMapped(s, pk, proof, header, phPrime, disclosed, mm)
}

// PresentationHeader returns the presentation header that the BBS proof of
// a predicate presentation is verified with, for a verifier that checks
// the BBS part alone (any IETF implementation): it checks the predicate
// proof's encoding and its pairing equation, not the BBS proof.
func PresentationHeader(s bbs.Scheme, proof *bbs.Proof, ph []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) ([]byte, error) {
	return verifyPredicates(s, proof, ph, disclosed, mm, preds, predProof)
}

func verifyPredicates(s bbs.Scheme, proof *bbs.Proof, ph []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) ([]byte, error) {
	if proof == nil {
		return nil, fmt.Errorf("%w: nil proof", bbs.ErrInvalidArgument)
	}
	if s == nil || proof.Scheme() != s {
		return nil, fmt.Errorf("%w: proof of another scheme", bbs.ErrInvalidArgument)
	}
	dIdx := make([]int, len(disclosed))
	for k := range disclosed {
		dIdx[k] = disclosed[k].Index
	}
	if err := checkPredicateProof(preds, mm, dIdx, predProof); err != nil {
		return nil, err
	}
	r, err := ietfResponses(proof.Bytes(), dIdx)
	if err != nil {
		return nil, err
	}
	return verifyOver(s, r, ph, preds, predProof)
}

// checkPredicateProof checks the predicates against the disclosed indices
// and the predicate proof's length and version, before any group
// operation.
func checkPredicateProof(preds []Predicate, mm *bbs.MessageMap, dIdx []int, predProof []byte) error {
	if _, err := checkPredicates(preds, mm, -1, dIdx); err != nil {
		return err
	}
	if len(predProof) > MaxProofSize || len(predProof) != ProofSize(preds) {
		return fmt.Errorf("%w: %d bytes, want %d", ErrMalformedProof, len(predProof), ProofSize(preds))
	}
	if predProof[0] != version {
		return fmt.Errorf("%w: version %#x", ErrMalformedProof, predProof[0])
	}
	return nil
}

// responses is what the predicates take from the proof of knowledge of
// the signature they are linked to: its challenge c, the response m̂_i of
// each hidden message i, and the proof's bytes (hashed into the weak-BB
// batch weights). A proof of another kind (a proof with a pseudonym, a
// committed-disclosure proof) links the same way through its own c and
// m̂_i.
type responses struct {
	c     fr.Element
	mHat  func(i int) (fr.Element, error)
	bytes []byte
}

// ietfResponses locates c and the m̂_i in an IETF BBS proof's bytes pb
// (proof_to_octets), given the disclosed indices.
func ietfResponses(pb []byte, dIdx []int) (*responses, error) {
	if len(pb) < bbs.IETFProofBaseSize || (len(pb)-bbs.IETFProofBaseSize)%32 != 0 {
		return nil, fmt.Errorf("%w: not an IETF proof", bbs.ErrInvalidArgument)
	}
	hidden := (len(pb) - bbs.IETFProofBaseSize) / 32
	total := hidden + len(dIdx)
	for k, j := range dIdx { // as ProofVerify requires, before they locate m̂_i
		if j < 0 || j >= total || (k > 0 && j <= dIdx[k-1]) {
			return nil, fmt.Errorf("%w: disclosed indices not strictly ascending in [0, %d)", bbs.ErrInvalidArgument, total)
		}
	}
	return layoutResponses(pb, dIdx, total, "messages")
}

// layoutResponses reads c and the m̂_i of a proof laid out as an IETF
// proof (Ā ‖ B̄ ‖ D ‖ ê ‖ r̂1 ‖ r̂3 ‖ m̂… ‖ c, the hidden messages
// ascending): message i < bound, not in dIdx, answers
// m̂_(i − #{j ∈ dIdx : j < i}). The caller has checked pb's length and
// that dIdx is strictly ascending below bound; noun names what bound
// counts, for the error.
func layoutResponses(pb []byte, dIdx []int, bound int, noun string) (*responses, error) {
	c, err := group.DecodeScalar(pb[len(pb)-32:])
	if err != nil {
		return nil, fmt.Errorf("%w: challenge: %v", bbs.ErrInvalidArgument, err)
	}
	mHat := func(i int) (fr.Element, error) {
		if i >= bound {
			return fr.Element{}, fmt.Errorf("%w: predicate index %d, %d %s", bbs.ErrInvalidArgument, i, bound, noun)
		}
		k := i
		for _, j := range dIdx {
			if j < i {
				k--
			}
		}
		return group.DecodeScalar(pb[bbsMHatOffset+32*k : bbsMHatOffset+32*k+32])
	}
	return &responses{c: c, mHat: mHat, bytes: pb}, nil
}

// verifyOver checks the predicate proof against the responses r of the
// linked proof, and returns ph'. The caller has run checkPredicateProof.
func verifyOver(s bbs.Scheme, r *responses, ph []byte, preds []Predicate, predProof []byte) ([]byte, error) {
	c, mHat, pb := r.c, r.mHat, r.bytes
	lay := layout(preds)
	_, _, _, g2 := bls12381.Generators()
	rd := reader{b: predProof[1:]}
	var points []bls12381.G1Affine
	var tJac []bls12381.G1Jac // Schnorr commitments, recomputed
	var tAt []int             // their places in points
	type pairTerm struct {
		key  *bls12381.G2Affine
		cps  []bls12381.G1Affine
		cbar []bls12381.G1Affine
	}
	var terms []pairTerm
	type bpRange struct {
		k     int
		v     bls12381.G1Affine
		proof []byte
	}
	var ranges []bpRange
	var rangeProofs []byte
	st := statementBytes(preds)
	recompute := func(fixed []*group.G1Table, fsc []fr.Element, pts []bls12381.G1Affine, sc []fr.Element) {
		tJac = append(tJac, group.MSMWithTablesJac(fixed, fsc, pts, sc))
		tAt = append(tAt, len(points))
		points = append(points, bls12381.G1Affine{})
	}
	var negC fr.Element
	negC.Neg(&c)
	for k := range preds {
		p := &preds[k]
		mh, err := mHat(p.Index)
		if err != nil {
			return nil, err
		}
		switch p.Kind {
		case Commitment:
			v := rd.point()
			gh := rd.scalar()
			if rd.err != nil {
				return nil, rd.err
			}
			if v.IsInfinity() {
				// As for a Bulletproofs range: an honest V is never the
				// identity, and a range proof made elsewhere over it would
				// be over a commitment that binds nothing.
				return nil, fmt.Errorf("%w: predicate %d: V is the identity", ErrMalformedProof, k)
			}
			points = append(points, v)
			recompute([]*group.G1Table{&tables[1], &tables[2]}, []fr.Element{mh, gh}, []bls12381.G1Affine{v}, []fr.Element{negC}) // T = m̂·G + γ̂·H − c·V
		case Range, InSet:
			if isBulletproofs(p) {
				v := rd.point()
				gh := rd.scalar()
				rp := rd.take(bulletproofsSize(p))
				if rd.err != nil {
					return nil, rd.err
				}
				if v.IsInfinity() {
					return nil, fmt.Errorf("%w: predicate %d: V is the identity", ErrMalformedProof, k)
				}
				points = append(points, v)
				recompute([]*group.G1Table{&tables[1], &tables[2]}, []fr.Element{mh, gh}, []bls12381.G1Affine{v}, []fr.Element{negC}) // T = m̂·G + γ̂·H − c·V
				ranges = append(ranges, bpRange{k: k, v: v, proof: rp})
				rangeProofs = append(rangeProofs, rp...)
				continue
			}
			term := pairTerm{key: &p.Params.key}
			l := lay[k] / 2
			var pw []fr.Element
			var base [2]fr.Element // d̂_0 + Σ u^j d̂_j for each side
			if p.Kind == Range {
				pw = powers(p.Params.log2u, l)
				mn, mx := int64Scalar(p.Min), int64Scalar(p.Max)
				base[0].Mul(&mn, &c)
				base[0].Sub(&mh, &base[0]) // m̂ − min·c
				base[1].Mul(&mx, &c)
				base[1].Sub(&base[1], &mh) // max·c − m̂
			}
			type digit struct {
				cp, cbar bls12381.G1Affine
				rh, dh   fr.Element
			}
			ds := make([]digit, lay[k])
			for t := range ds {
				ds[t].cp, ds[t].cbar = rd.point(), rd.point()
				ds[t].rh = rd.scalar()
				if p.Kind == Range && t%l != 0 {
					ds[t].dh = rd.scalar()
				}
				if rd.err != nil {
					return nil, rd.err
				}
				if ds[t].cp.IsInfinity() {
					return nil, fmt.Errorf("%w: identity C'", ErrInvalidProof)
				}
			}
			if p.Kind == InSet {
				ds[0].dh = mh
			} else {
				for side := 0; side < 2; side++ {
					d0 := base[side]
					for j := 1; j < l; j++ {
						var t fr.Element
						t.Mul(&pw[j], &ds[side*l+j].dh)
						d0.Sub(&d0, &t)
					}
					ds[side*l].dh = d0
				}
			}
			for t := range ds {
				points = append(points, ds[t].cp, ds[t].cbar)
				var nd fr.Element
				nd.Neg(&ds[t].dh)
				// T = r̂·P − d̂·C' − c·C̄
				recompute([]*group.G1Table{&tables[0]}, []fr.Element{ds[t].rh}, []bls12381.G1Affine{ds[t].cp, ds[t].cbar}, []fr.Element{nd, negC})
				term.cps = append(term.cps, ds[t].cp)
				term.cbar = append(term.cbar, ds[t].cbar)
			}
			terms = append(terms, term)
		}
	}
	if len(rd.b) != 0 {
		return nil, fmt.Errorf("%w: %d trailing bytes", ErrMalformedProof, len(rd.b))
	}
	if len(tJac) > 0 {
		identity := false
		for k := range tJac {
			identity = identity || tJac[k].Z.IsZero()
		}
		if identity { // a hostile proof: BatchToAffine takes no identity
			for k, at := range tAt {
				points[at].FromJacobian(&tJac[k])
			}
		} else {
			aff := group.BatchToAffine(tJac)
			for k, at := range tAt {
				points[at] = aff[k]
			}
		}
	}
	for _, r := range ranges {
		if err := verifyBulletproofs(&preds[r.k], &r.v, r.proof, ph, st, r.k); err != nil {
			return nil, err
		}
	}
	phPrime, err := presentationHeader(s, ph, preds, points, rangeProofs)
	if err != nil {
		return nil, err
	}
	if len(terms) > 0 {
		// e(C'_t, X̃) = e(C̄_t, P̃) for every weak-BB proof t, as
		// Π_K e(Σ_{t∈K} w_t·C'_t, X̃_K) · e(−Σ_t w_t·C̄_t, P̃) = 1 with
		// 128-bit weights from hashing the header and the proofs.
		seed := sha256Sum(proofWeight, append(append(append([]byte(nil), phPrime...), pb...), predProof...))
		var g1s []bls12381.G1Affine
		var g2s []bls12381.G2Affine
		var allBar []bls12381.G1Affine
		var allW []fr.Element
		n := 0
		for _, term := range terms {
			w := make([]fr.Element, len(term.cps))
			for t := range w {
				w[t] = weight(seed, n)
				n++
			}
			g1s = append(g1s, group.MSMWithTables(nil, nil, term.cps, w))
			g2s = append(g2s, *term.key)
			allBar = append(allBar, term.cbar...)
			allW = append(allW, w...)
		}
		sum := group.MSMWithTables(nil, nil, allBar, allW)
		sum.Neg(&sum)
		g1s = append(g1s, sum)
		g2s = append(g2s, g2)
		ok, err := bls12381.PairingCheck(g1s, g2s)
		if err != nil || !ok {
			return nil, fmt.Errorf("%w: weak Boneh–Boyen pairing check", ErrInvalidProof)
		}
	}
	return phPrime, nil
}

// reader reads the predicate proof; the first error sticks.
type reader struct {
	b   []byte
	err error
}

func (r *reader) take(n int) []byte {
	if r.err != nil {
		return nil
	}
	if len(r.b) < n {
		r.err = fmt.Errorf("%w: truncated", ErrMalformedProof)
		return nil
	}
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

func (r *reader) point() bls12381.G1Affine {
	b := r.take(48)
	if r.err != nil {
		return bls12381.G1Affine{}
	}
	p, err := group.DecodeG1(b)
	if err != nil {
		r.err = fmt.Errorf("%w: %v", ErrMalformedProof, err)
	}
	return p
}

func (r *reader) scalar() fr.Element {
	b := r.take(32)
	if r.err != nil {
		return fr.Element{}
	}
	z, err := group.DecodeScalar(b)
	if err != nil {
		r.err = fmt.Errorf("%w: %v", ErrMalformedProof, err)
	}
	return z
}
