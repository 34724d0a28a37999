// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Commit returns v·G + γ·H, in time independent of v and γ.
func Commit(g, h *bls12381.G1Affine, v, gamma *fr.Element) bls12381.G1Affine {
	return group.LinearCombinationConstantTime([]bls12381.G1Affine{*g, *h}, []fr.Element{*v, *gamma})
}

// Prove returns a proof that the commitments V_j = values[j]·G +
// gammas[j]·H (j < m = len(values), a power of two up to MaxAggregation)
// commit to values in [0, 2^n), bound to context. It refuses a value of n
// bits or more: the honest prover cannot prove a false statement. rand
// nil means crypto/rand.
//
// The commitments are not returned: the caller has them (Commit).
func Prove(g, h *bls12381.G1Affine, n int, values []uint64, gammas []fr.Element, context []byte, rand io.Reader) ([]byte, error) {
	m := len(values)
	if err := checkStatement(g, h, n, m, context); err != nil {
		return nil, err
	}
	if len(gammas) != m {
		return nil, fmt.Errorf("%w: %d values and %d blindings", ErrInvalidArgument, m, len(gammas))
	}
	vs := make([]bls12381.G1Affine, m)
	for j := range values {
		var v fr.Element
		v.SetUint64(values[j])
		vs[j] = Commit(g, h, &v, &gammas[j])
	}
	return prove(g, h, n, values, gammas, vs, kindCommitments, nil, context, rand)
}

func checkStatement(g, h *bls12381.G1Affine, n, m int, context []byte) error {
	if err := checkShape(n, m); err != nil {
		return err
	}
	if err := checkBases(g, h); err != nil {
		return err
	}
	if len(context) > MaxContextSize {
		return fmt.Errorf("%w: context of %d bytes, at most %d", ErrInvalidArgument, len(context), MaxContextSize)
	}
	return nil
}

// prove is the aggregated range proof of §4.3 (the single proof of §4.1
// for m = 1) with the inner-product argument of §3, made non-interactive
// by the transcript (§4.4). The caller has checked the statement's shape.
func prove(g, h *bls12381.G1Affine, n int, values []uint64, gammas []fr.Element, vs []bls12381.G1Affine, kind byte, kindBytes, context []byte, rand io.Reader) ([]byte, error) {
	m := len(values)
	N := n * m
	for j, v := range values {
		if n < 64 && v>>n != 0 {
			return nil, fmt.Errorf("%w: value %d is not below 2^%d", ErrInvalidArgument, j, n)
		}
	}
	gs, err := generators(N)
	if err != nil {
		return nil, err
	}
	rnd := func(k int) ([]fr.Element, error) {
		out := make([]fr.Element, k)
		for i := range out {
			if out[i], err = group.RandomScalar(rand); err != nil {
				return nil, err
			}
		}
		return out, nil
	}
	// α, ρ, τ1, τ2 and s_L, s_R (§4.1 (44)–(53)).
	blind, err := rnd(4)
	if err != nil {
		return nil, err
	}
	alpha, rho, tau1, tau2 := blind[0], blind[1], blind[2], blind[3]
	sL, err := rnd(N)
	if err != nil {
		return nil, err
	}
	sR, err := rnd(N)
	if err != nil {
		return nil, err
	}

	// a_L: the bits of v_1 ‖ … ‖ v_m (§4.3: a_L ∈ {0,1}^{n·m} with
	// ⟨2^n, a_L[(j−1)n : jn−1]⟩ = v_j), a_R = a_L − 1^N (§4.1 (41)–(43)).
	bits := make([]byte, N)
	aL := make([]fr.Element, N)
	aR := make([]fr.Element, N)
	var one fr.Element
	one.SetOne()
	for j, v := range values {
		for i := range n {
			b := byte(v>>i) & 1
			bits[j*n+i] = b
			aL[j*n+i].SetUint64(uint64(b)) // bits 0/1: no branch on v
			aR[j*n+i].Sub(&aL[j*n+i], &one)
		}
	}

	// A = α·H + ⟨a_L, g⟩ + ⟨a_R, h⟩ (44): with a_R = a_L − 1, each term is
	// g_i for a bit 1 and −h_i for a bit 0, selected in constant time.
	sel := group.SelectSumConstantTime(gs.g[:N], gs.negH[:N], bits)
	A := group.MulAddConstantTime(h, &alpha, &sel)
	// S = ρ·H + ⟨s_L, g⟩ + ⟨s_R, h⟩ (47).
	pts := make([]bls12381.G1Affine, 0, 2*N+1)
	pts = append(append(append(pts, gs.g[:N]...), gs.h[:N]...), *h)
	sc := make([]fr.Element, 0, 2*N+1)
	sc = append(append(append(sc, sL...), sR...), rho)
	S := group.MSMConstantTime(pts, sc)

	tr := newTranscript(n, m, g, h, kind, kindBytes, vs, context)
	tr.point(&A)
	tr.point(&S)
	y, err := tr.challenge('y') // (49)
	if err != nil {
		return nil, err
	}
	z, err := tr.challenge('z') // (50)
	if err != nil {
		return nil, err
	}

	yPow := powers(&y, N)
	zz2 := zTwos(&z, n, m)
	// l(X) = (a_L − z·1) + s_L·X, r(X) = y^N ∘ (a_R + z·1 + s_R·X) +
	// Σ_j z^{1+j}·(0 ‖ 2^n ‖ 0) (§4.3 (71)–(72), with j from 1; zz2
	// holds the last term). t(X) = ⟨l(X), r(X)⟩ = t0 + t1·X + t2·X².
	l0 := make([]fr.Element, N)
	r0 := make([]fr.Element, N)
	r1 := make([]fr.Element, N)
	for i := range N {
		l0[i].Sub(&aL[i], &z)
		r0[i].Add(&aR[i], &z)
		r0[i].Mul(&r0[i], &yPow[i])
		r0[i].Add(&r0[i], &zz2[i])
		r1[i].Mul(&sR[i], &yPow[i])
	}
	var t1, t2, tmp fr.Element
	t1 = inner(l0, r1)
	tmp = inner(sL, r0)
	t1.Add(&t1, &tmp)
	t2 = inner(sL, r1)
	// T_i = t_i·G + τ_i·H (53).
	T1 := group.LinearCombinationConstantTime([]bls12381.G1Affine{*g, *h}, []fr.Element{t1, tau1})
	T2 := group.LinearCombinationConstantTime([]bls12381.G1Affine{*g, *h}, []fr.Element{t2, tau2})
	tr.point(&T1)
	tr.point(&T2)
	x, err := tr.challenge('x') // (55)
	if err != nil {
		return nil, err
	}

	// τx = τ2·x² + τ1·x + Σ_j z^{1+j}·γ_j (§4.3 (73)), μ = α + ρ·x (62),
	// l = l(x), r = r(x), t̂ = ⟨l, r⟩ (58)–(60).
	var taux, mu, zj fr.Element
	taux.Mul(&tau2, &x)
	taux.Add(&taux, &tau1)
	taux.Mul(&taux, &x)
	zj.Square(&z)
	for j := range gammas {
		tmp.Mul(&zj, &gammas[j])
		taux.Add(&taux, &tmp)
		zj.Mul(&zj, &z)
	}
	mu.Mul(&rho, &x)
	mu.Add(&mu, &alpha)
	l := l0
	r := r0
	for i := range N {
		tmp.Mul(&sL[i], &x)
		l[i].Add(&l[i], &tmp)
		tmp.Mul(&r1[i], &x)
		r[i].Add(&r[i], &tmp)
	}
	that := inner(l, r)

	out := make([]byte, 0, ProofSize(n, m))
	out = group.AppendG1(out, &A)
	out = group.AppendG1(out, &S)
	out = group.AppendG1(out, &T1)
	out = group.AppendG1(out, &T2)
	out = group.AppendScalar(out, &taux)
	out = group.AppendScalar(out, &mu)
	out = group.AppendScalar(out, &that)
	tr.scalar(&taux)
	tr.scalar(&mu)
	tr.scalar(&that)
	w, err := tr.challenge('w') // Protocol 1 (§3.1): the point u^w
	if err != nil {
		return nil, err
	}
	return proveInnerProduct(out, tr, gs, N, &y, &w, l, r)
}

// proveInnerProduct runs Protocol 2 (§3.1 (23)–(29)) on P = ⟨l, g⟩ +
// ⟨r, h'⟩ + ⟨l, r⟩·w·U, where h'_i = y^{−i}·h_i (§4.2 (64)). Rather than
// fold the generators, it keeps each current generator as a combination
// of the originals: after the rounds so far, with N' vectors left,
// current g'_j = Σ_{i ≡ j mod N'} c_i·g_i and h'_j = Σ d_i·h_i, so L and
// R are sums over the original (tabled) points.
func proveInnerProduct(out []byte, tr *transcript, gs *generatorSet, N int, y, w *fr.Element, a, b []fr.Element) ([]byte, error) {
	c := make([]fr.Element, N)
	for i := range c {
		c[i].SetOne()
	}
	var yInv fr.Element
	yInv.Inverse(y)
	d := powers(&yInv, N)
	fixed := make([]*group.G1Table, 0, N+1)
	pts := make([]bls12381.G1Affine, 0, N)
	fs := make([]fr.Element, 0, N+1)
	ss := make([]fr.Element, 0, N)
	// term adds s·(original point); tabled points go through their table.
	term := func(isG bool, i int, s *fr.Element) {
		if i < tabledGenerators {
			if isG {
				fixed = append(fixed, &gs.gt[i])
			} else {
				fixed = append(fixed, &gs.ht[i])
			}
			fs = append(fs, *s)
			return
		}
		if isG {
			pts = append(pts, gs.g[i])
		} else {
			pts = append(pts, gs.h[i])
		}
		ss = append(ss, *s)
	}
	sum := func(cross *fr.Element) bls12381.G1Affine {
		var s fr.Element
		s.Mul(cross, w)
		fixed = append(fixed, &gs.ut[0])
		fs = append(fs, s)
		p := group.MSMWithTables(fixed, fs, pts, ss)
		fixed, fs, pts, ss = fixed[:0], fs[:0], pts[:0], ss[:0]
		return p
	}
	var s fr.Element
	for n := N; n > 1; n /= 2 {
		half := n / 2
		// c_L = ⟨a_lo, b_hi⟩, c_R = ⟨a_hi, b_lo⟩ (23)–(24);
		// L = ⟨a_lo, g_hi⟩ + ⟨b_hi, h_lo⟩ + c_L·u (25),
		// R = ⟨a_hi, g_lo⟩ + ⟨b_lo, h_hi⟩ + c_R·u (26).
		cL := inner(a[:half], b[half:n])
		cR := inner(a[half:n], b[:half])
		for i := range N {
			if j := i % n; j >= half {
				s.Mul(&a[j-half], &c[i])
				term(true, i, &s)
			} else {
				s.Mul(&b[j+half], &d[i])
				term(false, i, &s)
			}
		}
		L := sum(&cL)
		for i := range N {
			if j := i % n; j < half {
				s.Mul(&a[j+half], &c[i])
				term(true, i, &s)
			} else {
				s.Mul(&b[j-half], &d[i])
				term(false, i, &s)
			}
		}
		R := sum(&cR)
		out = group.AppendG1(out, &L)
		out = group.AppendG1(out, &R)
		tr.point(&L)
		tr.point(&R)
		x, err := tr.challenge('i') // (27)
		if err != nil {
			return nil, err
		}
		var xInv fr.Element
		xInv.Inverse(&x)
		// g' = x^{-1}·g_lo + x·g_hi, h' = x·h_lo + x^{-1}·h_hi (29);
		// a' = x·a_lo + x^{-1}·a_hi, b' = x^{-1}·b_lo + x·b_hi (33).
		for i := range N {
			if i%n < half {
				c[i].Mul(&c[i], &xInv)
				d[i].Mul(&d[i], &x)
			} else {
				c[i].Mul(&c[i], &x)
				d[i].Mul(&d[i], &xInv)
			}
		}
		var t fr.Element
		for j := range half {
			a[j].Mul(&a[j], &x)
			t.Mul(&a[j+half], &xInv)
			a[j].Add(&a[j], &t)
			b[j].Mul(&b[j], &xInv)
			t.Mul(&b[j+half], &x)
			b[j].Add(&b[j], &t)
		}
	}
	out = group.AppendScalar(out, &a[0])
	out = group.AppendScalar(out, &b[0])
	return out, nil
}

// powers returns 1, x, …, x^{k−1}.
func powers(x *fr.Element, k int) []fr.Element {
	out := make([]fr.Element, k)
	if k > 0 {
		out[0].SetOne()
	}
	for i := 1; i < k; i++ {
		out[i].Mul(&out[i-1], x)
	}
	return out
}

// zTwos returns the vector Σ_j z^{2+j}·(0^{jn} ‖ 2^n ‖ 0^{(m−j−1)n}) for
// j = 0..m−1 (§4.3 (71), whose j runs from 1 with z^{1+j}).
func zTwos(z *fr.Element, n, m int) []fr.Element {
	out := make([]fr.Element, n*m)
	var zj fr.Element
	zj.Square(z)
	for j := range m {
		out[j*n] = zj
		for i := 1; i < n; i++ {
			out[j*n+i].Double(&out[j*n+i-1])
		}
		zj.Mul(&zj, z)
	}
	return out
}

func inner(a, b []fr.Element) fr.Element {
	var s, t fr.Element
	for i := range a {
		t.Mul(&a[i], &b[i])
		s.Add(&s, &t)
	}
	return s
}
