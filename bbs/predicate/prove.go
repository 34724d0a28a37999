// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"crypto/subtle"
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
	"github.com/fabric-bbs/fabric-bbs/internal/bbspred"
)

// checkPredicates validates preds for a statement of n messages (n < 0:
// unknown yet) with the disclosed positions, and returns the distinct
// predicate positions, ascending.
func checkPredicates(preds []Predicate, mm *bbs.MessageMap, n int, disclosed []int) ([]int, error) {
	if len(preds) < 1 || len(preds) > MaxPredicates {
		return nil, fmt.Errorf("%w: %d predicates, want 1 to %d", bbs.ErrInvalidArgument, len(preds), MaxPredicates)
	}
	var pos []int
	for k := range preds {
		if err := preds[k].check(mm); err != nil {
			return nil, err
		}
		i := preds[k].Index
		if n >= 0 && i >= n {
			return nil, fmt.Errorf("%w: predicate index %d, %d messages", bbs.ErrInvalidArgument, i, n)
		}
		if slices.Contains(disclosed, i) {
			return nil, fmt.Errorf("%w: predicate on disclosed message %d", bbs.ErrInvalidArgument, i)
		}
		if !slices.Contains(pos, i) {
			pos = append(pos, i)
		}
	}
	slices.Sort(pos)
	return pos, nil
}

// forgeForTesting makes Prove skip its range check, for tests that a
// proof of an out-of-range value is refused.
var forgeForTesting = false

// selectSig returns sigs[k] for the k with elems[k] = d, in time
// independent of d (every entry is read), and whether one matched.
func selectSig(p *Params, d *fr.Element) (bls12381.G1Affine, int) {
	var out bls12381.G1Affine
	db := d.Bytes()
	found := 0
	for k := range p.elems {
		eb := p.elems[k].Bytes()
		eq := subtle.ConstantTimeCompare(db[:], eb[:])
		found |= eq
		for w := range out.X {
			mask := -uint64(eq)
			out.X[w] = out.X[w]&^mask | p.sigs[k].X[w]&mask
			out.Y[w] = out.Y[w]&^mask | p.sigs[k].Y[w]&mask
		}
	}
	return out, found
}

// Prove makes a presentation with predicates: a standard IETF BBS proof
// of sig over messages (mapped by mm) disclosing revealed, made with the
// presentation header PresentationHeader derives from ph and the
// predicates' commitments, and the predicate proof. Each predicate's
// message must be hidden; a range's value must lie in its range (else
// bbs.ErrInvalidArgument: no proof of a false statement is made).
func Prove(rnd io.Reader, s bbs.Scheme, pk *bbs.PublicKey, sig *bbs.Signature, header, ph []byte, messages [][]byte, revealed []int, mm *bbs.MessageMap, preds []Predicate) (*bbs.Proof, []byte, error) {
	proof, pp, _, err := ProveWithOpenings(rnd, s, pk, sig, header, ph, messages, revealed, mm, preds)
	return proof, pp, err
}

// Opening is the opening of one Commitment predicate's V = m·G + γ·H:
// what a range proof over V made elsewhere (Bulletproofs) needs. Value
// and Blind are secret.
type Opening struct {
	// Predicate is the predicate's place in the list given to Prove.
	Predicate int
	// Commitment is V, 48 bytes compressed.
	Commitment []byte
	// Value is m (the message's scalar), Blind is γ: 32 bytes big-endian.
	Value, Blind []byte
}

// ProveWithOpenings is Prove that also returns the openings of the
// Commitment predicates, in the order of preds.
func ProveWithOpenings(rnd io.Reader, s bbs.Scheme, pk *bbs.PublicKey, sig *bbs.Signature, header, ph []byte, messages [][]byte, revealed []int, mm *bbs.MessageMap, preds []Predicate) (*bbs.Proof, []byte, []Opening, error) {
	proof, pp, open, err := prove(rnd, s, pk, sig, header, ph, messages, revealed, mm, preds)
	if err != nil {
		return nil, nil, nil, err
	}
	return proof, pp, open, nil
}

func prove(rnd io.Reader, s bbs.Scheme, pk *bbs.PublicKey, sig *bbs.Signature, header, ph []byte, messages [][]byte, revealed []int, mm *bbs.MessageMap, preds []Predicate) (*bbs.Proof, []byte, []Opening, error) {
	if sig == nil || pk == nil {
		return nil, nil, nil, fmt.Errorf("%w: nil key or signature", bbs.ErrInvalidArgument)
	}
	pr, err := preparePredicates(rnd, s, [][]byte{sig.Bytes(), pk.Bytes(), header}, ph, messages, revealed, mm, preds)
	if err != nil {
		return nil, nil, nil, err
	}
	anyProof, err := bbspred.DeriveProof(rnd, s, pk, sig, header, pr.phPrime, messages, revealed, mm, pr.pos, pr.mTilde)
	if err != nil {
		return nil, nil, nil, err
	}
	proof := anyProof.(*bbs.Proof)
	pb := proof.Bytes()
	c, err := group.DecodeScalar(pb[len(pb)-32:])
	if err != nil {
		return nil, nil, nil, err
	}
	out, open := pr.finish(&c)
	return proof, out, open, nil
}

// pend is a predicate's secrets, kept for its responses.
type pend struct {
	kind          byte
	gamma, gTilde fr.Element // commitment
	r, rTilde     []fr.Element
	d, dTilde     []fr.Element // digits (range) or [m] (set)
	v             bls12381.G1Affine
	m             fr.Element          // commitment: the committed scalar
	cps, ts       []bls12381.G1Affine // weak-BB C' and T
	rp            []byte              // a Bulletproofs range proof
	sideDigits    int                 // a CCS08 range: ℓ, the digits of each side
}

// prepared is the prover's state between the predicates' commitments and
// their responses: the linked proof is made with presentation header
// phPrime and the random scalars mTilde[k] for the hidden messages
// pos[k]; finish then answers its challenge c.
type prepared struct {
	phPrime []byte
	pos     []int
	mTilde  []fr.Element
	pends   []pend
	preds   []Predicate
}

// preparePredicates draws the predicates' randomness (hedged with secret,
// the linked proof's own secret inputs, and everything else that
// identifies the presentation), makes their commitments and range proofs,
// and derives ph'.
func preparePredicates(rnd io.Reader, s bbs.Scheme, secret [][]byte, ph []byte, messages [][]byte, revealed []int, mm *bbs.MessageMap, preds []Predicate) (*prepared, error) {
	pos, err := checkPredicates(preds, mm, len(messages), revealed)
	if err != nil {
		return nil, err
	}
	lay := layout(preds)
	count := len(pos)
	for k, n := range lay {
		switch preds[k].Kind {
		case Commitment:
			count += 2
		case Range:
			if isBulletproofs(&preds[k]) {
				count += 3 // γ, γ̃ and the range prover's seed
			} else {
				sides, _ := ccsSides(&preds[k])
				count += 2*n + (n - len(sides))
			}
		case InSet:
			count += 2
		}
	}
	// The hedge covers everything the BBS proof's own hedge covers (the
	// disclosed indices among them) and the message map and scheme: with a
	// repeating random reader, two presentations that differ only in what
	// they disclose must not reuse m̃_i or γ under two challenges, which
	// would give the hidden value away.
	inputs := append(append(append([][]byte(nil), secret...), ph, statementBytes(preds),
		[]byte(s.Name()), indexBytes(revealed), indexBytes(mm.Integers())), messages...)
	random, err := bbspred.RandomScalars(rnd, hedgeTag, count, inputs)
	if err != nil {
		return nil, err
	}
	next := func() fr.Element { z := random[0]; random = random[1:]; return z }
	mTilde := make([]fr.Element, len(pos))
	for k := range mTilde {
		mTilde[k] = next()
	}
	tildeOf := func(i int) fr.Element { k, _ := slices.BinarySearch(pos, i); return mTilde[k] }

	_, _, g1, _ := bls12381.Generators()
	var points []bls12381.G1Affine
	// secrets kept for the responses, in proof order
	pends := make([]pend, len(preds))
	st := statementBytes(preds)
	var rangeProofs []byte // the Bulletproofs range proofs, in order
	weak := func(pd *pend, params *Params, d, dTilde fr.Element) error {
		a, found := selectSig(params, &d)
		if found == 0 {
			return fmt.Errorf("%w: value not signed by the parameters", bbs.ErrInvalidArgument)
		}
		r, rt := next(), next()
		cp := group.ScalarMulConstantTime(&a, &r)
		var ndt fr.Element
		ndt.Neg(&dTilde)
		// T = r̃·P − d̃·C', the Schnorr commitment of (x + d)·C' = r·P
		// (whose x·C' the verifier sees through the pairing).
		t := group.LinearCombinationConstantTime([]bls12381.G1Affine{g1, cp}, []fr.Element{rt, ndt})
		if cp.IsInfinity() {
			return fmt.Errorf("degenerate randomness")
		}
		points = append(points, cp, t)
		pd.r = append(pd.r, r)
		pd.rTilde = append(pd.rTilde, rt)
		pd.d = append(pd.d, d)
		pd.dTilde = append(pd.dTilde, dTilde)
		pd.cps = append(pd.cps, cp)
		pd.ts = append(pd.ts, t)
		return nil
	}
	for k := range preds {
		p := &preds[k]
		pd := &pends[k]
		pd.kind = p.Kind
		mt := tildeOf(p.Index)
		m, err := bbspred.MessageScalar(s, messages[p.Index], mm.IsInteger(p.Index))
		if err != nil {
			return nil, fmt.Errorf("message %d: %w", p.Index, err)
		}
		switch p.Kind {
		case Commitment:
			pd.m = m
			pd.gamma, pd.gTilde = next(), next()
			pd.v = group.LinearCombinationConstantTime([]bls12381.G1Affine{genG, genH}, []fr.Element{m, pd.gamma})
			t := group.LinearCombinationConstantTime([]bls12381.G1Affine{genG, genH}, []fr.Element{mt, pd.gTilde})
			points = append(points, pd.v, t)
		case Range:
			v, err := bbs.ParseIntegerMessage(messages[p.Index])
			if err != nil {
				return nil, err
			}
			if isBulletproofs(p) {
				pd.gamma, pd.gTilde = next(), next()
				seed := next()
				rp, V, err := proveBulletproofs(p, v, &pd.gamma, &seed, ph, st, k)
				if err != nil {
					return nil, err
				}
				pd.v, pd.rp = V, rp
				t := group.LinearCombinationConstantTime([]bls12381.G1Affine{genG, genH}, []fr.Element{mt, pd.gTilde})
				points = append(points, pd.v, t)
				rangeProofs = append(rangeProofs, rp...)
				continue
			}
			if (v < p.Min || v > p.Max) && !forgeForTesting {
				return nil, fmt.Errorf("%w: message %d is not in [%d, %d]", bbs.ErrInvalidArgument, p.Index, p.Min, p.Max)
			}
			sides, l := ccsSides(p)
			pd.sideDigits = l
			pw := powers(p.Params.log2u, l)
			var negMt fr.Element
			negMt.Neg(&mt)
			for _, side := range sides {
				val := uint64(v) - uint64(p.Min)
				if side == 1 {
					val = uint64(p.Max) - uint64(v)
				}
				blind := mt
				if side == 1 {
					blind = negMt
				}
				dt := make([]fr.Element, l)
				for j := 1; j < l; j++ {
					dt[j] = next()
					var t fr.Element
					t.Mul(&pw[j], &dt[j])
					blind.Sub(&blind, &t)
				}
				dt[0] = blind
				u := uint(p.Params.log2u)
				for j := 0; j < l; j++ {
					var d fr.Element
					sh := uint(j) * u
					dig := uint64(0)
					if sh < 64 {
						dig = (val >> sh) & (1<<u - 1)
					}
					d.SetUint64(dig)
					if err := weak(pd, p.Params, d, dt[j]); err != nil {
						return nil, err
					}
				}
			}
		case InSet:
			if err := weak(pd, p.Params, m, mt); err != nil {
				return nil, fmt.Errorf("message %d: %w", p.Index, err)
			}
		}
	}
	phPrime, err := presentationHeader(s, ph, preds, points, rangeProofs)
	if err != nil {
		return nil, err
	}
	return &prepared{phPrime: phPrime, pos: pos, mTilde: mTilde, pends: pends, preds: preds}, nil
}

// finish returns the predicate proof and the commitments' openings for
// the linked proof's challenge c.
func (pr *prepared) finish(c *fr.Element) ([]byte, []Opening) {
	pends := pr.pends
	resp := func(tilde, secret *fr.Element) fr.Element {
		var z fr.Element
		z.Mul(secret, c)
		return *z.Add(&z, tilde)
	}
	var open []Opening
	out := make([]byte, 0, ProofSize(pr.preds))
	out = append(out, version)
	for k := range pends {
		pd := &pends[k]
		switch pd.kind {
		case Commitment:
			out = group.AppendG1(out, &pd.v)
			mb, gb := pd.m.Bytes(), pd.gamma.Bytes()
			open = append(open, Opening{Predicate: k, Commitment: group.AppendG1(nil, &pd.v), Value: mb[:], Blind: gb[:]})
			g := resp(&pd.gTilde, &pd.gamma)
			out = group.AppendScalar(out, &g)
		case Range:
			if pd.rp != nil {
				out = group.AppendG1(out, &pd.v)
				g := resp(&pd.gTilde, &pd.gamma)
				out = group.AppendScalar(out, &g)
				out = append(out, pd.rp...)
				continue
			}
			fallthrough
		default:
			l := max(pd.sideDigits, 1)
			for t := range pd.r {
				out = group.AppendG1(out, &pd.cps[t])
				out = group.AppendG1(out, &pd.ts[t])
				rh := resp(&pd.rTilde[t], &pd.r[t])
				out = group.AppendScalar(out, &rh)
				if pd.kind == Range && t%l != 0 {
					dh := resp(&pd.dTilde[t], &pd.d[t])
					out = group.AppendScalar(out, &dh)
				}
			}
		}
	}
	return out, open
}

// indexBytes encodes a list of indices for the hedge: its length, then each
// index, 8 bytes big-endian.
func indexBytes(idx []int) []byte {
	b := binary.BigEndian.AppendUint64(nil, uint64(len(idx)))
	for _, i := range idx {
		b = binary.BigEndian.AppendUint64(b, uint64(i))
	}
	return b
}
