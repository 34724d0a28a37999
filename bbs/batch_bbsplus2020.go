// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Batch verification of BBS+ 2020 proofs (see VerifyProofs). For proof i,
// with challenge ci, the three equations VerifyProof checks are
//
//	pairing: e(A'i, Wi) · e(−Āi, P2) = 1,
//	VC1:     r̂e·A' + r̂r2·h0 + c·(Ā − D) − C1 = 0,
//	VC2:     r̂0·D + r̂1·h0 + Σhidden r̂j·hj − c·(P1 + Σrevealed mj·hj) − C2 = 0,
//
// and the batch checks, in two stages as VerifyProof checks the pairing
// first (no generator is derived for a proof that fails it),
//
//	Π_keys e(Σ γi·A'i, W) · e(−Σ γi·Āi, P2) = 1,
//	Σ αi·VC1i + βi·VC2i = 0,
//
// the first with one Miller loop per distinct key plus one and a single
// final exponentiation, the second as one multi-scalar multiplication over
// A'i, Āi, Di, C1i, C2i (five points per proof, D's two scalars summed) and
// each generator once (P1, and h0..hL of every key and message count), its
// scalars summed over the proofs that use it.

// bbsPlusBatchEntry is a BBS+ 2020 proof prepared for a batch.
type bbsPlusBatchEntry struct {
	pk         *PublicKey
	p          *bbsPlusProof
	gens       *bbsPlusGenerators
	isRevealed []bool
	disclosed  []fr.Element // scalars of the disclosed messages, ascending index
	c          fr.Element
	inG1       bool // C1 and C2 are in G1 (stage 0)
}

func (s *bbsPlus2020) batchPrepare(it *BatchItem) (*bbsPlusBatchEntry, error) {
	p, isRevealed, err := s.proofStatement(it.PublicKey, it.Proof, it.Header, it.Disclosed)
	if err != nil {
		return nil, err
	}
	return &bbsPlusBatchEntry{pk: it.PublicKey, p: p, isRevealed: isRevealed}, nil
}

// batchStages is 2: the pairing equations first, as VerifyProof checks
// them first, so that no generator is derived for a proof that fails them;
// then the proofs of knowledge.
func (s *bbsPlus2020) batchStages() int { return 2 }

// batchStep at stage 0 tests the commitments' subgroup membership, for
// the second stage, beside the folded pairing check (batchSpeculate): it
// needs the proof alone and decides nothing yet. At stage 1 it derives (or
// finds) the generators, acts on that test and computes the challenge.
func (s *bbsPlus2020) batchStep(k int, it *BatchItem, e *bbsPlusBatchEntry) error {
	if k == 0 {
		e.inG1 = e.p.commitmentsInG1()
		return nil
	}
	gens, err := s.generators(it.PublicKey, e.p.count)
	if err != nil {
		return fmt.Errorf("verify proof: %w", err)
	}
	e.gens = gens
	e.disclosed = make([]fr.Element, len(it.Disclosed))
	for j, d := range it.Disclosed {
		e.disclosed[j] = blake2Scalar(d.Message)
	}
	// ParseProof checked C1 and C2 on the curve only, which VerifyProof's
	// comparisons complete; the fold below adds them up with other proofs'
	// points, where a torsion part could cancel out, so they must be in
	// the subgroup first. A proof whose commitment is not fails
	// VerifyProof at this point, with this error.
	if !e.inG1 {
		return errBBSPlusKnowledge
	}
	e.c = s.challenge(e.p, gens, e.isRevealed, it.Nonce)
	return nil
}

// batchSpeculate is true at stage 0: the pairing equations use only the
// key and the proof's A' and Ā, and batchStep(0) fails no item.
func (s *bbsPlus2020) batchSpeculate(k int) bool { return k == 0 }

// batchSingle verifies the item alone with VerifyProof.
func (s *bbsPlus2020) batchSingle(it *BatchItem, _ *bbsPlusBatchEntry) error {
	return s.VerifyProof(it.PublicKey, it.Proof, it.Header, it.Nonce, it.Disclosed)
}

func (s *bbsPlus2020) batchHolds(k int, entries []*bbsPlusBatchEntry, w []batchWeights, workers int) bool {
	w = firstWeightsOne(w)
	if k == 0 {
		return batchPairingHolds(len(entries), func(i int) (*PublicKey, *bls12381.G1Affine, *bls12381.G1Affine) {
			return entries[i].pk, &entries[i].p.aPrime, &entries[i].p.aBar
		}, w, workers)
	}
	sum := s.batchCommitmentSum(entries, w, workers)
	if !sum.Z.IsZero() {
		return false
	}
	// Every proof of the set verified: its generators may enter the main
	// cache, as after a single VerifyProof.
	for _, e := range entries {
		s.admitGenerators(e.pk, e.p.count, e.gens)
	}
	return true
}

// bbsPlusGenScalars accumulates the scalars of one generator set.
type bbsPlusGenScalars struct {
	gens    *bbsPlusGenerators
	scalars []fr.Element // of h0..hL
}

// batchCommitmentSum returns Σ αi·VC1i + βi·VC2i.
func (s *bbsPlus2020) batchCommitmentSum(entries []*bbsPlusBatchEntry, w []batchWeights, workers int) bls12381.G1Jac {
	points := make([]bls12381.G1Affine, 0, 5*len(entries))
	scalars := make([]fr.Element, 0, 5*len(entries))
	var p1Scalar fr.Element
	// Generator sets in order of first use, so the sum is computed the same
	// way on every run.
	var sets []*bbsPlusGenScalars
	setOf := map[*bbsPlusGenerators]*bbsPlusGenScalars{}
	var t, u fr.Element
	for i, e := range entries {
		alpha, beta, p := &w[i].alpha, &w[i].beta, e.p
		set := setOf[e.gens]
		if set == nil {
			set = &bbsPlusGenScalars{gens: e.gens, scalars: make([]fr.Element, len(e.gens.h))}
			setOf[e.gens] = set
			sets = append(sets, set)
		}
		// A'·α·r̂e, Ā·α·c, D·(β·r̂0 − α·c), (−C1)·α, (−C2)·β: the short
		// weights stay short.
		var sa, sb, sd fr.Element
		sa.Mul(alpha, &p.r1[0])
		sb.Mul(alpha, &e.c)
		sd.Mul(beta, &p.r2[0])
		sd.Sub(&sd, &sb)
		var negC1, negC2 bls12381.G1Affine
		negC1.Neg(&p.c1)
		negC2.Neg(&p.c2)
		points = append(points, p.aPrime, p.aBar, p.d, negC1, negC2)
		scalars = append(scalars, sa, sb, sd, *alpha, *beta)
		// βc: P1·(−βc), revealed hj·(−βc·mj).
		var betaC fr.Element
		betaC.Mul(beta, &e.c)
		p1Scalar.Sub(&p1Scalar, &betaC)
		// h0·(α·r̂r2 + β·r̂1).
		t.Mul(alpha, &p.r1[1])
		u.Mul(beta, &p.r2[1])
		t.Add(&t, &u)
		set.scalars[0].Add(&set.scalars[0], &t)
		j, k := 2, 0
		for idx, rev := range e.isRevealed {
			h := &set.scalars[idx+1]
			if rev {
				t.Mul(&betaC, &e.disclosed[k])
				h.Sub(h, &t)
				k++
			} else {
				t.Mul(beta, &p.r2[j])
				h.Add(h, &t)
				j++
			}
		}
	}
	fixed := []*group.G1Table{generatorG1Table()}
	fixedScalars := []fr.Element{p1Scalar}
	for _, set := range sets {
		if set.gens.tables != nil {
			for k := range set.scalars {
				fixed = append(fixed, &set.gens.tables[k])
			}
			fixedScalars = append(fixedScalars, set.scalars...)
		} else {
			points = append(points, set.gens.h...)
			scalars = append(scalars, set.scalars...)
		}
	}
	return group.BatchMSM(fixed, fixedScalars, points, scalars, workers)
}
