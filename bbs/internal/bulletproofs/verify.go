// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"math/bits"

	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// proof is a parsed proof (see the package comment for the layout).
type proof struct {
	A, S, T1, T2   bls12381.G1Affine
	taux, mu, that fr.Element
	L, R           []bls12381.G1Affine
	a, b           fr.Element
}

// parseProof decodes a proof for m commitments to n-bit values: the exact
// length first (before any decoding), then each point (compressed, on the
// curve, in G1, not the identity) and scalar (canonical).
//
// The subgroup checks stay although they cost about a fifth of a
// verification: without them, which proofs are accepted would depend on
// how the final sum is computed (a point of small order makes the batched
// affine additions of the MSM invert zero), and a holder could make proofs
// that another, exact verifier decides differently.
func parseProof(b []byte, n, m int) (*proof, error) {
	if len(b) != ProofSize(n, m) {
		return nil, fmt.Errorf("%w: %d bytes, want %d for %d commitments of %d bits", ErrMalformedProof, len(b), ProofSize(n, m), m, n)
	}
	k := log2(n * m)
	p := &proof{L: make([]bls12381.G1Affine, k), R: make([]bls12381.G1Affine, k)}
	off := 0
	pt := func(dst *bls12381.G1Affine, what string, i int) error {
		q, err := group.DecodeG1(b[off : off+pointSize])
		if err != nil {
			return fmt.Errorf("%w: %s%s: %v", ErrMalformedProof, what, idx(i), err)
		}
		if q.IsInfinity() {
			return fmt.Errorf("%w: %s%s is the identity", ErrMalformedProof, what, idx(i))
		}
		*dst = q
		off += pointSize
		return nil
	}
	sc := func(dst *fr.Element, what string) error {
		z, err := group.DecodeScalar(b[off : off+scalarSize])
		if err != nil {
			return fmt.Errorf("%w: %s: %v", ErrMalformedProof, what, err)
		}
		*dst = z
		off += scalarSize
		return nil
	}
	for _, f := range []struct {
		p    *bls12381.G1Affine
		name string
	}{{&p.A, "A"}, {&p.S, "S"}, {&p.T1, "T1"}, {&p.T2, "T2"}} {
		if err := pt(f.p, f.name, -1); err != nil {
			return nil, err
		}
	}
	for _, f := range []struct {
		z    *fr.Element
		name string
	}{{&p.taux, "tau_x"}, {&p.mu, "mu"}, {&p.that, "t_hat"}} {
		if err := sc(f.z, f.name); err != nil {
			return nil, err
		}
	}
	for i := range k {
		if err := pt(&p.L[i], "L", i+1); err != nil {
			return nil, err
		}
		if err := pt(&p.R[i], "R", i+1); err != nil {
			return nil, err
		}
	}
	if err := sc(&p.a, "a"); err != nil {
		return nil, err
	}
	if err := sc(&p.b, "b"); err != nil {
		return nil, err
	}
	return p, nil
}

func idx(i int) string {
	if i < 0 {
		return ""
	}
	return fmt.Sprintf("_%d", i)
}

// Verify checks a proof that the commitments vs (m = len(vs) of them, a
// power of two up to MaxAggregation, each in G1 as group.DecodeG1
// returns) commit to values in [0, 2^n), bound to context. It returns nil,
// or an error wrapping ErrInvalidArgument, ErrMalformedProof or
// ErrInvalidProof. It is deterministic: one multi-scalar multiplication
// whose weights all come from the transcript.
func Verify(g, h *bls12381.G1Affine, n int, vs []bls12381.G1Affine, proofBytes, context []byte) error {
	if err := checkStatement(g, h, n, len(vs), context); err != nil {
		return err
	}
	return verify(g, h, n, vs, nil, kindCommitments, nil, proofBytes, context)
}

// verify checks the statement of prove. The caller has checked its shape.
// For a range, vs is nil and rf gives the commitments.
func verify(g, h *bls12381.G1Affine, n int, vs []bls12381.G1Affine, rf *rangeForm, kind byte, kindBytes, proofBytes, context []byte) error {
	m := len(vs)
	if rf != nil {
		m = len(rf.sigma)
	}
	N := n * m
	k := log2(N)
	p, err := parseProof(proofBytes, n, m)
	if err != nil {
		return err
	}
	gs, err := generators(N)
	if err != nil {
		return err
	}

	// The challenges, as the prover drew them.
	tr := newTranscript(n, m, g, h, kind, kindBytes, vs, context)
	tr.point(&p.A)
	tr.point(&p.S)
	y, err := tr.challenge('y')
	if err != nil {
		return err
	}
	z, err := tr.challenge('z')
	if err != nil {
		return err
	}
	tr.point(&p.T1)
	tr.point(&p.T2)
	x, err := tr.challenge('x')
	if err != nil {
		return err
	}
	tr.scalar(&p.taux)
	tr.scalar(&p.mu)
	tr.scalar(&p.that)
	w, err := tr.challenge('w')
	if err != nil {
		return err
	}
	// inv holds y, x_1..x_k, inverted in one batch below.
	inv := make([]fr.Element, k+1)
	inv[0] = y
	for r := range k {
		tr.point(&p.L[r])
		tr.point(&p.R[r])
		if inv[r+1], err = tr.challenge('i'); err != nil {
			return err
		}
	}
	xs := append([]fr.Element(nil), inv[1:]...)
	tr.scalar(&p.a)
	tr.scalar(&p.b)
	// c weighs the check of t̂ against the inner-product check (§6.2 uses
	// a random weight; here it is drawn from the transcript after the
	// whole proof, so the prover fixes both sides before it is known).
	c, err := tr.challenge('c')
	if err != nil {
		return err
	}
	inv = fr.BatchInvert(inv)
	yInv, xInv := inv[0], inv[1:]

	// s_i = Π_r x_r^{±1}, + when the bit of i that round r splits on
	// (bit k−1−r) is set (§3.1 (35)); s_i^{-1} = s_{N−1−i}.
	s := make([]fr.Element, N)
	s[0].SetOne()
	for r := range k {
		s[0].Mul(&s[0], &xInv[r])
	}
	xSq := make([]fr.Element, k)
	xInvSq := make([]fr.Element, k)
	for r := range k {
		xSq[r].Square(&xs[r])
		xInvSq[r].Square(&xInv[r])
	}
	for i := 1; i < N; i++ {
		hb := bits.Len(uint(i)) - 1 // highest set bit of i
		s[i].Mul(&s[i-1<<hb], &xSq[k-1-hb])
	}

	// δ(y, z) = (z − z²)·⟨1, y^N⟩ − Σ_j z^{j+3}·⟨1, 2^n⟩ (§4.3, after
	// (72), j from 0 here).
	var delta, zsq, sumY, yi, t, two fr.Element
	zsq.Square(&z)
	yi.SetOne()
	for range N {
		sumY.Add(&sumY, &yi)
		yi.Mul(&yi, &y)
	}
	delta.Sub(&z, &zsq)
	delta.Mul(&delta, &sumY)
	if n == 64 {
		two.SetUint64(^uint64(0))
	} else {
		two.SetUint64(1<<n - 1)
	}
	zj := zsq
	for range m {
		zj.Mul(&zj, &z)
		t.Mul(&zj, &two)
		delta.Sub(&delta, &t)
	}

	// One sum, the identity for a valid proof:
	//   [inner product, §3.1 (36)–(37) with P of §4.3 (74) and h' (64)]
	//   Σ (a·s_i + z)·g_i + Σ (y^{−i}·(b·s_i^{−1} − z^{2+j}·2^{i mod n}) − z)·h_i
	//   + w·(a·b − t̂)·U + μ·H − A − x·S − Σ (x_r²·L_r + x_r^{−2}·R_r)
	//   [t̂ check (72), weighed by c]
	//   + c·((t̂ − δ)·G + τx·H − Σ z^{2+j}·V_j − x·T1 − x²·T2).
	zz2 := zTwos(&z, n, m)
	nt := min(N, tabledGenerators)
	fixed := make([]*group.G1Table, 0, 2*nt+1)
	fs := make([]fr.Element, 0, 2*nt+1)
	pts := make([]bls12381.G1Affine, 0, 2*(N-nt)+m+6+2*k)
	ss := make([]fr.Element, 0, cap(pts))
	var ab, gi, hi fr.Element
	yi.SetOne()
	for i := range N {
		gi.Mul(&p.a, &s[i])
		gi.Add(&gi, &z)
		hi.Mul(&p.b, &s[N-1-i])
		hi.Sub(&hi, &zz2[i])
		hi.Mul(&hi, &yi)
		hi.Sub(&hi, &z)
		yi.Mul(&yi, &yInv)
		if i < nt {
			fixed = append(fixed, &gs.gt[i], &gs.ht[i])
			fs = append(fs, gi, hi)
		} else {
			pts = append(pts, gs.g[i], gs.h[i])
			ss = append(ss, gi, hi)
		}
	}
	ab.Mul(&p.a, &p.b)
	ab.Sub(&ab, &p.that)
	ab.Mul(&ab, &w)
	fixed = append(fixed, &gs.ut[0])
	fs = append(fs, ab)

	var sG, sH, negOne, sS, sT1, sT2 fr.Element
	sG.Sub(&p.that, &delta)
	sG.Mul(&sG, &c)
	sH.Mul(&p.taux, &c)
	sH.Add(&sH, &p.mu)
	negOne.SetOne()
	negOne.Neg(&negOne)
	sS.Neg(&x)
	sT1.Mul(&c, &x)
	sT1.Neg(&sT1)
	sT2.Mul(&sT1, &x)
	// − c·Σ z^{2+j}·V_j; for a range V_j = σ_j·V + t_j·G, so V and G
	// take the sums of the coefficients.
	var sV fr.Element
	zj = zsq
	for j := range m {
		t.Mul(&zj, &c)
		t.Neg(&t)
		zj.Mul(&zj, &z)
		if rf == nil {
			pts = append(pts, vs[j])
			ss = append(ss, t)
			continue
		}
		if rf.sigma[j] > 0 {
			sV.Add(&sV, &t)
		} else {
			sV.Sub(&sV, &t)
		}
		t.Mul(&t, &rf.t[j])
		sG.Add(&sG, &t)
	}
	if rf != nil {
		pts = append(pts, *rf.v)
		ss = append(ss, sV)
	}
	pts = append(pts, *g, *h, p.A, p.S, p.T1, p.T2)
	ss = append(ss, sG, sH, negOne, sS, sT1, sT2)
	for r := range k {
		var l, rr fr.Element
		l.Neg(&xSq[r])
		rr.Neg(&xInvSq[r])
		pts = append(pts, p.L[r], p.R[r])
		ss = append(ss, l, rr)
	}
	var sum bls12381.G1Jac
	if len(pts) <= group.StrausMaxVarPoints {
		sum = group.StrausMSM(fixed, fs, pts, ss) // one chain of doublings
	} else {
		sum = group.MSMWithTablesJac(fixed, fs, pts, ss)
	}
	if !sum.Z.IsZero() {
		return ErrInvalidProof
	}
	return nil
}
