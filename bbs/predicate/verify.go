// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"errors"
	"fmt"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
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
	phPrime, pp, err := verifyPredicates(s, proof, ph, disclosed, mm, preds, predProof)
	if err != nil {
		return err
	}
	if pp == nil {
		return bbs.VerifyProofMapped(s, pk, proof, header, phPrime, disclosed, mm)
	}
	// One pairing check for both: the weak-BB product's weights are hashed
	// from the BBS proof too, so it cannot cancel a failing BBS product.
	return pp.which(bbspred.VerifyProofPairing(s, pk, proof, header, phPrime, disclosed, mm, &pp.p2, pp.g1, pp.lines))
}

// PresentationHeader returns the presentation header that the BBS proof of
// a predicate presentation is verified with, for a verifier that checks
// the BBS part alone (any IETF implementation): it checks the predicate
// proof's encoding and its pairing equation, not the BBS proof.
func PresentationHeader(s bbs.Scheme, proof *bbs.Proof, ph []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) ([]byte, error) {
	phPrime, pp, err := verifyPredicates(s, proof, ph, disclosed, mm, preds, predProof)
	if err != nil {
		return nil, err
	}
	if err := pp.check(); err != nil {
		return nil, err
	}
	return phPrime, nil
}

func verifyPredicates(s bbs.Scheme, proof *bbs.Proof, ph []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []Predicate, predProof []byte) ([]byte, *pairingProduct, error) {
	if proof == nil {
		return nil, nil, fmt.Errorf("%w: nil proof", bbs.ErrInvalidArgument)
	}
	if s == nil || proof.Scheme() != s {
		return nil, nil, fmt.Errorf("%w: proof of another scheme", bbs.ErrInvalidArgument)
	}
	dIdx := make([]int, len(disclosed))
	for k := range disclosed {
		dIdx[k] = disclosed[k].Index
	}
	if err := checkPredicateProof(preds, mm, dIdx, predProof); err != nil {
		return nil, nil, err
	}
	r, err := ietfResponses(proof.Bytes(), dIdx)
	if err != nil {
		return nil, nil, err
	}
	return verifyDeferred(s, r, ph, preds, predProof)
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
// linked proof, its pairing equation included, and returns ph'. The
// caller has run checkPredicateProof.
func verifyOver(s bbs.Scheme, r *responses, ph []byte, preds []Predicate, predProof []byte) ([]byte, error) {
	phPrime, pp, err := verifyDeferred(s, r, ph, preds, predProof)
	if err != nil {
		return nil, err
	}
	if err := pp.check(); err != nil {
		return nil, err
	}
	return phPrime, nil
}

// pairingProduct is the weak-BB proofs' pairing equation, left for the
// caller to check alone (check) or folded into the linked proof's own
// pairing check: e(p2, P̃)·Π_K e(g1[K], X̃_K) = 1. Nil when the
// predicates carry no weak-BB proof.
type pairingProduct struct {
	p2    bls12381.G1Affine
	g1    []bls12381.G1Affine
	lines []*bbspred.Lines
}

// which returns err, the error of a pairing check pp was folded into,
// made precise: when that check failed, pp's own error if pp fails alone
// (else the failure was the linked proof's).
func (pp *pairingProduct) which(err error) error {
	if err != nil && errors.Is(err, bbs.ErrInvalidProof) {
		if perr := pp.check(); perr != nil {
			return perr
		}
	}
	return err
}

// check checks the product alone (nil: nothing to check).
func (pp *pairingProduct) check() error {
	if pp == nil {
		return nil
	}
	pts := append([]bls12381.G1Affine{pp.p2}, pp.g1...)
	ls := make([]bbspred.Lines, 0, len(pts)) // copies: the Miller loop scales them
	ls = append(ls, *generatorLines())
	for _, l := range pp.lines {
		ls = append(ls, *l)
	}
	ok, err := bls12381.PairingCheckFixedQ(pts, ls)
	if err != nil || !ok {
		return fmt.Errorf("%w: weak Boneh–Boyen pairing check", ErrInvalidProof)
	}
	return nil
}

// weakProof is one weak-BB proof as read: C', its Schnorr commitment T,
// the responses r̂ and d̂ (d̂ derived for a set member and a range's first
// digit), and its range or set parameters.
type weakProof struct {
	cp, t  bls12381.G1Affine
	rh, dh fr.Element
	params *Params
}

// verifyDeferred is verifyOver with the weak-BB pairing equation returned
// instead of checked.
func verifyDeferred(s bbs.Scheme, r *responses, ph []byte, preds []Predicate, predProof []byte) ([]byte, *pairingProduct, error) {
	c, mHat, pb := r.c, r.mHat, r.bytes
	rd := reader{b: predProof[1:]}
	var points []bls12381.G1Affine
	var tJac []bls12381.G1Jac // Schnorr commitments, recomputed
	var tAt []int             // their places in points
	var weak []weakProof
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
			return nil, nil, err
		}
		switch p.Kind {
		case Commitment:
			v := rd.point()
			gh := rd.scalar()
			if rd.err != nil {
				return nil, nil, rd.err
			}
			if v.IsInfinity() {
				// As for a Bulletproofs range: an honest V is never the
				// identity, and a range proof made elsewhere over it would
				// be over a commitment that binds nothing.
				return nil, nil, fmt.Errorf("%w: predicate %d: V is the identity", ErrMalformedProof, k)
			}
			points = append(points, v)
			recompute([]*group.G1Table{&tables[1], &tables[2]}, []fr.Element{mh, gh}, []bls12381.G1Affine{v}, []fr.Element{negC}) // T = m̂·G + γ̂·H − c·V
		case Range, InSet:
			if isBulletproofs(p) {
				v := rd.point()
				gh := rd.scalar()
				rp := rd.take(bulletproofsSize(p))
				if rd.err != nil {
					return nil, nil, rd.err
				}
				if v.IsInfinity() {
					return nil, nil, fmt.Errorf("%w: predicate %d: V is the identity", ErrMalformedProof, k)
				}
				points = append(points, v)
				recompute([]*group.G1Table{&tables[1], &tables[2]}, []fr.Element{mh, gh}, []bls12381.G1Affine{v}, []fr.Element{negC}) // T = m̂·G + γ̂·H − c·V
				ranges = append(ranges, bpRange{k: k, v: v, proof: rp})
				rangeProofs = append(rangeProofs, rp...)
				continue
			}
			var sides []int
			l := 1
			if p.Kind == Range {
				sides, l = ccsSides(p)
			}
			first := len(weak)
			for t := 0; t < max(1, len(sides)*l); t++ {
				w := weakProof{params: p.Params}
				w.cp = rd.point()
				w.t = rd.pointOnCurve()
				w.rh = rd.scalar()
				if p.Kind == Range && t%l != 0 {
					w.dh = rd.scalar()
				}
				if rd.err != nil {
					return nil, nil, rd.err
				}
				if w.cp.IsInfinity() {
					return nil, nil, fmt.Errorf("%w: identity C'", ErrInvalidProof)
				}
				points = append(points, w.cp, w.t)
				weak = append(weak, w)
			}
			ds := weak[first:]
			if p.Kind == InSet {
				ds[0].dh = mh
				continue
			}
			// d̂_0 of each side, from m̂: Σ_j u^j·d̂_j = m̂ − min·c (side a)
			// or max·c − m̂ (side b).
			pw := powers(p.Params.log2u, l)
			for n, side := range sides {
				var d0 fr.Element
				if side == 0 {
					mn := int64Scalar(p.Min)
					d0.Mul(&mn, &c)
					d0.Sub(&mh, &d0)
				} else {
					mx := int64Scalar(p.Max)
					d0.Mul(&mx, &c)
					d0.Sub(&d0, &mh)
				}
				for j := 1; j < l; j++ {
					var t fr.Element
					t.Mul(&pw[j], &ds[n*l+j].dh)
					d0.Sub(&d0, &t)
				}
				ds[n*l].dh = d0
			}
		}
	}
	if len(rd.b) != 0 {
		return nil, nil, fmt.Errorf("%w: %d trailing bytes", ErrMalformedProof, len(rd.b))
	}
	for k, p := range toAffine(tJac) {
		points[tAt[k]] = p
	}
	for _, r := range ranges {
		if err := verifyBulletproofs(&preds[r.k], &r.v, r.proof, ph, st, r.k); err != nil {
			return nil, nil, err
		}
	}
	phPrime, err := presentationHeader(s, ph, preds, points, rangeProofs)
	if err != nil {
		return nil, nil, err
	}
	if len(weak) == 0 {
		return phPrime, nil, nil
	}
	return phPrime, weakProduct(phPrime, pb, predProof, &c, weak), nil
}

// weakProduct returns the pairing equation of the weak-BB proofs. Each
// proof t claims (x_K + d)·C'_t = r·P for its key X̃_K = x_K·P̃, with the
// Schnorr commitment T_t = r̃·P − d̃·C'_t and responses r̂, d̂ for the
// challenge c, which hold exactly when
//
//	e(r̂·P − d̂·C'_t − T_t, P̃) = e(c·C'_t, X̃_K).
//
// All of them are combined with 128-bit weights w_t from hashing ph', the
// linked proof and the predicate proof: with R = Σ_t w_t·(r̂_t·P −
// d̂_t·C'_t − T_t), the product is e(R, P̃)·Π_K e(−c·Σ_{t∈K} w_t·C'_t,
// X̃_K). T_t is decoded on the curve only (it is not checked to lie in
// G1); R takes its G1 component h⁻¹·(h·T_t), h = h_eff the G1
// cofactor-clearing scalar, so every point the sums see is in G1 (the
// multi-scalar multiplications assume it) and the equation means the same
// whatever algorithm computes it.
func weakProduct(phPrime, pb, predProof []byte, c *fr.Element, weak []weakProof) *pairingProduct {
	seed := sha256Sum(proofWeight, append(append(append([]byte(nil), phPrime...), pb...), predProof...))
	hT := make([]bls12381.G1Jac, len(weak))
	for t := range weak {
		hT[t].FromAffine(&weak[t].t)
		hT[t].ClearCofactor(&hT[t])
	}
	hTAff := toAffine(hT)
	pts := make([]bls12381.G1Affine, 0, 2*len(weak))
	sc := make([]fr.Element, 0, 2*len(weak))
	var rSum, negC fr.Element
	negC.Neg(c)
	var keys []*Params
	var keyPts [][]bls12381.G1Affine
	var keySc [][]fr.Element
	for t := range weak {
		w := weight(seed, t)
		var z fr.Element
		z.Mul(&w, &weak[t].rh)
		rSum.Add(&rSum, &z)
		z.Mul(&w, &weak[t].dh)
		z.Neg(&z)
		pts = append(pts, weak[t].cp)
		sc = append(sc, z)
		z.Mul(&w, &hEffInv)
		z.Neg(&z)
		pts = append(pts, hTAff[t])
		sc = append(sc, z)
		k := slices.Index(keys, weak[t].params)
		if k < 0 {
			k = len(keys)
			keys = append(keys, weak[t].params)
			keyPts = append(keyPts, nil)
			keySc = append(keySc, nil)
		}
		z.Mul(&w, &negC)
		keyPts[k] = append(keyPts[k], weak[t].cp)
		keySc[k] = append(keySc[k], z)
	}
	pp := &pairingProduct{p2: group.MSMWithTables([]*group.G1Table{&tables[0]}, []fr.Element{rSum}, pts, sc)}
	for k, params := range keys {
		pp.g1 = append(pp.g1, group.MSMWithTables(nil, nil, keyPts[k], keySc[k]))
		pp.lines = append(pp.lines, params.keyLines())
	}
	return pp
}

// toAffine converts points to affine coordinates: with one inversion
// (group.BatchToAffine) unless one is the identity (a hostile proof).
func toAffine(jac []bls12381.G1Jac) []bls12381.G1Affine {
	for k := range jac {
		if jac[k].Z.IsZero() {
			out := make([]bls12381.G1Affine, len(jac))
			for k := range jac {
				out[k].FromJacobian(&jac[k])
			}
			return out
		}
	}
	return group.BatchToAffine(jac)
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

func (r *reader) point() bls12381.G1Affine { return r.g1(group.DecodeG1) }

// pointOnCurve reads a G1 point on the curve, not checked to lie in G1.
func (r *reader) pointOnCurve() bls12381.G1Affine { return r.g1(group.DecodeG1OnCurve) }

func (r *reader) g1(decode func([]byte) (bls12381.G1Affine, error)) bls12381.G1Affine {
	b := r.take(48)
	if r.err != nil {
		return bls12381.G1Affine{}
	}
	p, err := decode(b)
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
