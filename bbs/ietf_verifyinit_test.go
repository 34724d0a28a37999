// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// TestProofVerifyInitCommitments checks T1 and T2 of proofVerifyInit, which
// converts both to affine with one inversion, against the draft's
// formulas computed point by point with gnark-crypto's own arithmetic: for
// a valid proof, and for hostile proofs (of points related by the prover)
// whose T1, T2 or both are the identity, which the one-inversion path does
// not take.
func TestProofVerifyInitCommitments(t *testing.T) {
	for _, s := range []*ietfScheme{BLS12381SHA256().(*ietfScheme), BLS12381SHAKE256().(*ietfScheme)} {
		t.Run(s.Name(), func(t *testing.T) {
			sk := testKey(t, s)
			pk := sk.PublicKey()
			header := []byte("header")
			_, _, g1, _ := bls12381.Generators()
			gens, err := s.generators(1) // L = 0: Q_1 only
			if err != nil {
				t.Fatal(err)
			}
			domain, err := s.calculateDomain(pk, gens.enc, header)
			if err != nil {
				t.Fatal(err)
			}
			// want computes T1 = B̄·c + Ā·ê + D·r̂1 and T2 = Bv·c + D·r̂3 with
			// Bv = P1 + Q_1·domain (no messages).
			want := func(p *ietfProof) (t1, t2 bls12381.G1Affine) {
				mul := func(q *bls12381.G1Affine, z *fr.Element) bls12381.G1Jac {
					var j bls12381.G1Jac
					j.FromAffine(q)
					var b = z.BigInt(new(big.Int))
					return *j.ScalarMultiplication(&j, b)
				}
				sum := func(terms ...bls12381.G1Jac) bls12381.G1Affine {
					var acc bls12381.G1Jac
					for i := range terms {
						acc.AddAssign(&terms[i])
					}
					var a bls12381.G1Affine
					return *a.FromJacobian(&acc)
				}
				bv := sum(mul(&s.p1, new(fr.Element).SetOne()), mul(&gens.points[0], &domain))
				t1 = sum(mul(&p.bbar, &p.c), mul(&p.abar, &p.eHat), mul(&p.d, &p.r1Hat))
				t2 = sum(mul(&bv, &p.c), mul(&p.d, &p.r3Hat))
				return
			}
			var one, two, three, five fr.Element
			one.SetOne()
			two.SetUint64(2)
			three.SetUint64(3)
			five.SetUint64(5)
			var minus fr.Element
			bv := func() bls12381.G1Affine {
				var q bls12381.G1Jac
				q.FromAffine(&s.p1)
				var d bls12381.G1Jac
				d.FromAffine(&gens.points[0])
				d.ScalarMultiplication(&d, domain.BigInt(new(big.Int)))
				q.AddAssign(&d)
				var a bls12381.G1Affine
				return *a.FromJacobian(&q)
			}()
			cases := []struct {
				name     string
				p        ietfProof
				id1, id2 bool // T1, T2 the identity
			}{
				{"generic", ietfProof{abar: g1, bbar: s.p1, d: gens.points[0], c: two, eHat: three, r1Hat: five, r3Hat: one}, false, false},
				// B̄ = Ā = D and c + ê + r̂1 = 0.
				{"T1 identity", ietfProof{abar: g1, bbar: g1, d: g1, c: one, eHat: one, r1Hat: *minus.Neg(&two), r3Hat: one}, true, false},
				// D = Bv and r̂3 = −c.
				{"T2 identity", ietfProof{abar: g1, bbar: s.p1, d: bv, c: three, eHat: one, r1Hat: one, r3Hat: *new(fr.Element).Neg(&three)}, false, true},
				{"both identity", ietfProof{abar: bv, bbar: bv, d: bv, c: three, eHat: one, r1Hat: *new(fr.Element).Neg(new(fr.Element).SetUint64(4)), r3Hat: *new(fr.Element).Neg(&three)}, true, true},
			}
			for _, c := range cases {
				init, err := s.proofVerifyInit(pk, &c.p, &gens, header, nil, nil)
				if err != nil {
					t.Fatalf("%s: %v", c.name, err)
				}
				w1, w2 := want(&c.p)
				if init.t1.IsInfinity() != c.id1 || init.t2.IsInfinity() != c.id2 {
					t.Errorf("%s: T1 identity %v, T2 identity %v; want %v, %v", c.name, init.t1.IsInfinity(), init.t2.IsInfinity(), c.id1, c.id2)
				}
				if !init.t1.Equal(&w1) || !init.t2.Equal(&w2) {
					t.Errorf("%s: T1, T2 differ from the draft's formulas", c.name)
				}
				// The encodings hashed into the challenge, too.
				if init.t1.Bytes() != w1.Bytes() || init.t2.Bytes() != w2.Bytes() {
					t.Errorf("%s: T1, T2 encodings differ", c.name)
				}
			}
		})
	}
}
