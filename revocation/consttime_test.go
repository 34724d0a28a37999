// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"crypto/rand"
	"errors"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// secretMulSplitVarTime is the multiplication the secret paths used before
// the constant-time one: p·k1 + p·k2 for random shares k1 + k2 = k, each by
// gnark-crypto's variable-time GLV multiplication. Kept for the benchmark.
func secretMulSplitVarTime(p *bls12381.G1Affine, k *fr.Element) (bls12381.G1Affine, error) {
	k1, err := randomScalar(rand.Reader)
	if err != nil {
		return bls12381.G1Affine{}, err
	}
	var k2 fr.Element
	k2.Sub(k, &k1)
	var a, b, pj bls12381.G1Jac
	pj.FromAffine(p)
	a.ScalarMultiplication(&pj, k1.BigInt(new(big.Int)))
	b.ScalarMultiplication(&pj, k2.BigInt(new(big.Int)))
	a.AddAssign(&b)
	var out bls12381.G1Affine
	out.FromJacobian(&a)
	return out, nil
}

// TestSecretMul: secretMul (constant time) equals the variable-time
// multiplication on random, zero, one, r−1 and 2^254 scalars.
func TestSecretMul(t *testing.T) {
	_, _, g1, _ := bls12381.Generators()
	var p bls12381.G1Affine
	p.ScalarMultiplicationBase(big.NewInt(987654321))
	var ks []fr.Element
	var z, one, rm1, top fr.Element
	one.SetOne()
	rm1.Neg(&one)
	top.SetBigInt(new(big.Int).Lsh(big.NewInt(1), 254))
	ks = append(ks, z, one, rm1, top)
	for range 8 {
		k, err := randomScalar(rand.Reader)
		if err != nil {
			t.Fatal(err)
		}
		ks = append(ks, k)
	}
	for _, q := range []bls12381.G1Affine{g1, p} {
		for _, k := range ks {
			got := secretMul(&q, &k)
			var want bls12381.G1Affine
			want.ScalarMultiplication(&q, k.BigInt(new(big.Int)))
			if !got.Equal(&want) {
				t.Fatalf("scalar %s: differs", k.String())
			}
		}
	}
}

// TestCheckSecretWitness: the holder's check (G1, constant time) agrees
// with the public one (G2) on a valid witness, a wrong witness, another
// handle and the handle −α.
func TestCheckSecretWitness(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, v0, err := GenerateKey(&detRand{seed: []byte("secret witness")})
	if err != nil {
		t.Fatal(err)
	}
	v, err := parseValue(v0)
	if err != nil {
		t.Fatal(err)
	}
	hb := handle(t, s, "holder")
	y, _ := parseScalar(hb)
	wb, err := sk.Witness(v0, hb)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := parseValue(wb)
	other, _ := parseScalar(handle(t, s, "other"))
	var negAlpha fr.Element
	negAlpha.Neg(&sk.alpha)
	cases := []struct {
		name string
		y    fr.Element
		c    bls12381.G1Affine
		ok   bool
	}{
		{"valid", y, c, true},
		{"wrong witness", y, v, false},
		{"other handle", other, c, false},
		{"handle −α", negAlpha, c, false},
	}
	for _, tc := range cases {
		pub := checkWitness(sk.PublicKey(), &v, &tc.y, &tc.c)
		sec := checkSecretWitness(sk.PublicKey(), &v, &tc.y, &tc.c)
		if (pub == nil) != tc.ok || (sec == nil) != tc.ok {
			t.Errorf("%s: public check %v, secret check %v, want ok=%v", tc.name, pub, sec, tc.ok)
		}
		if sec != nil && !errors.Is(sec, ErrInvalid) {
			t.Errorf("%s: %v, want ErrInvalid", tc.name, sec)
		}
	}
}

// BenchmarkSecretOps compares, in one run, the holder's and the issuer's
// secret operations before (variable-time, split in shares; the witness
// check by y·P̃ in G2) and after (constant time; the check in G1), in
// process CPU time (cpu-µs/op):
//
//	GOFLAGS=-mod=vendor go test -run '^$' -bench SecretOps -count 5 ./revocation/
func BenchmarkSecretOps(b *testing.B) {
	s := bbs.BLS12381SHA256()
	sk, v0, _ := GenerateKey(nil)
	v, _ := parseValue(v0)
	hb := handle(b, s, "holder")
	y, _ := parseScalar(hb)
	wb, _ := sk.Witness(v0, hb)
	c, _ := parseValue(wb)
	k, _ := randomScalar(rand.Reader)
	b.Run("mul/split-variable-time", func(b *testing.B) {
		start := cpuNow()
		for range b.N {
			if _, err := secretMulSplitVarTime(&v, &k); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
	b.Run("mul/constant-time", func(b *testing.B) {
		start := cpuNow()
		for range b.N {
			secretMul(&v, &k)
		}
		reportCPU(b, start)
	})
	b.Run("witness-check/g2-variable-time", func(b *testing.B) {
		start := cpuNow()
		for range b.N {
			if err := checkWitness(sk.PublicKey(), &v, &y, &c); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
	b.Run("witness-check/g1-constant-time", func(b *testing.B) {
		start := cpuNow()
		for range b.N {
			if err := checkSecretWitness(sk.PublicKey(), &v, &y, &c); err != nil {
				b.Fatal(err)
			}
		}
		reportCPU(b, start)
	})
}
