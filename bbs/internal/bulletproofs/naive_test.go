// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"errors"
	"math/big"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// verifyNaive is a second verifier, written from the paper's equations
// as they stand, without the single-MSM rewriting of verify: the check of
// t̂ (§4.3 (72)) by itself, P built as a point (§4.3 (74), with h' of
// §4.2 (64) and −μ·H as in (68)), Protocol 1's u = w·U, and Protocol 2
// (§3.1) run round by round, folding the generators (29) and P (30) and
// checking the last step's P = a·g + b·h + a·b·u. Completeness tests run
// both verifiers, so an error in verify's s_i, δ or scalars that both a
// valid proof and verify accept would still show here.
func verifyNaive(g, h *bls12381.G1Affine, n int, vs []bls12381.G1Affine, kind byte, kindBytes, proofBytes, context []byte) error {
	m := len(vs)
	N := n * m
	p, err := parseProof(proofBytes, n, m)
	if err != nil {
		return err
	}
	gs, err := generators(N)
	if err != nil {
		return err
	}
	tr := newTranscript(n, m, g, h, kind, kindBytes, vs, context)
	tr.point(&p.A)
	tr.point(&p.S)
	y, _ := tr.challenge('y')
	z, _ := tr.challenge('z')
	tr.point(&p.T1)
	tr.point(&p.T2)
	x, _ := tr.challenge('x')
	tr.scalar(&p.taux)
	tr.scalar(&p.mu)
	tr.scalar(&p.that)
	w, _ := tr.challenge('w')

	mul := func(q *bls12381.G1Affine, s fr.Element) bls12381.G1Affine {
		var out bls12381.G1Affine
		out.ScalarMultiplication(q, s.BigInt(new(big.Int)))
		return out
	}
	add := func(a, b bls12381.G1Affine) bls12381.G1Affine {
		var out bls12381.G1Affine
		out.Add(&a, &b)
		return out
	}

	// (72): t̂·G + τx·H = Σ_j z^{j+1}·V_j + δ(y, z)·G + x·T1 + x²·T2 (j
	// from 1), δ = (z − z²)·⟨1, y^N⟩ − Σ_j z^{j+2}·⟨1, 2^n⟩.
	var zsq, delta, sumY, sum2, x2, t fr.Element
	zsq.Square(&z)
	for _, yi := range powers(&y, N) {
		sumY.Add(&sumY, &yi)
	}
	for _, ti := range powers(new(fr.Element).SetUint64(2), n) {
		sum2.Add(&sum2, &ti)
	}
	delta.Sub(&z, &zsq)
	delta.Mul(&delta, &sumY)
	zj := zsq
	for range m {
		zj.Mul(&zj, &z)
		t.Mul(&zj, &sum2)
		delta.Sub(&delta, &t)
	}
	x2.Square(&x)
	lhs := add(mul(g, p.that), mul(h, p.taux))
	rhs := add(mul(g, delta), add(mul(&p.T1, x), mul(&p.T2, x2)))
	zj = zsq
	for j := range vs {
		rhs = add(rhs, mul(&vs[j], zj))
		zj.Mul(&zj, &z)
	}
	if !lhs.Equal(&rhs) {
		return errors.New("t̂ check (72) fails")
	}

	// h'_i = y^{−i}·h_i (64); P = A + x·S − z·Σ g_i + Σ (z·y^i + z^{j+1}·2^i)·h'_i
	// − μ·H (74, 68); P' = P + t̂·u with u = w·U (Protocol 1).
	var yInv fr.Element
	yInv.Inverse(&y)
	yp, yip, zz2 := powers(&y, N), powers(&yInv, N), zTwos(&z, n, m)
	G := append([]bls12381.G1Affine(nil), gs.g[:N]...)
	Hp := make([]bls12381.G1Affine, N)
	P := add(p.A, mul(&p.S, x))
	var negZ, mu fr.Element
	negZ.Neg(&z)
	mu.Neg(&p.mu)
	P = add(P, mul(h, mu))
	for i := range N {
		Hp[i] = mul(&gs.h[i], yip[i])
		var e fr.Element
		e.Mul(&z, &yp[i])
		e.Add(&e, &zz2[i])
		P = add(P, add(mul(&G[i], negZ), mul(&Hp[i], e)))
	}
	u := mul(&gs.u, w)
	P = add(P, mul(&u, p.that))

	// Protocol 2, round by round.
	for r := 0; len(G) > 1; r++ {
		half := len(G) / 2
		tr.point(&p.L[r])
		tr.point(&p.R[r])
		xr, _ := tr.challenge('i')
		var xi, xs, xis fr.Element
		xi.Inverse(&xr)
		xs.Square(&xr)
		xis.Square(&xi)
		ng := make([]bls12381.G1Affine, half)
		nh := make([]bls12381.G1Affine, half)
		for i := range half {
			ng[i] = add(mul(&G[i], xi), mul(&G[half+i], xr))
			nh[i] = add(mul(&Hp[i], xr), mul(&Hp[half+i], xi))
		}
		G, Hp = ng, nh
		P = add(add(mul(&p.L[r], xs), P), mul(&p.R[r], xis))
	}
	var ab fr.Element
	ab.Mul(&p.a, &p.b)
	want := add(add(mul(&G[0], p.a), mul(&Hp[0], p.b)), mul(&u, ab))
	if !P.Equal(&want) {
		return errors.New("inner-product check fails")
	}
	return nil
}
