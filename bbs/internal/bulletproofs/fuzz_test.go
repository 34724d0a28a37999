// SPDX-License-Identifier: Apache-2.0

package bulletproofs

import (
	"bytes"
	"errors"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// fuzzCase is one statement with its valid proof.
type fuzzCase struct {
	n, m  int
	vs    []bls12381.G1Affine
	V     bls12381.G1Affine // for the range case
	proof []byte
}

// FuzzVerify feeds arbitrary bytes as a proof of fixed statements (plain
// proofs of n = 8, 16, 32, 64 bits, an aggregate of two, a range):
// parsing and verification must not panic, must fail with one of the
// package's errors, and may succeed only on the honest proof's bytes.
func FuzzVerify(f *testing.F) {
	g, h := bases(f)
	rnd := newDetRand("fuzz")
	gamma := scalar(f, rnd)
	var cases []fuzzCase
	for _, c := range []struct {
		n      int
		values []uint64
	}{{8, []uint64{5}}, {16, []uint64{65535}}, {32, []uint64{1}}, {64, []uint64{1 << 63}}, {8, []uint64{0, 255}}} {
		gammas := make([]fr.Element, len(c.values))
		for j := range gammas {
			gammas[j] = gamma
		}
		p, err := Prove(&g, &h, c.n, c.values, gammas, []byte("fuzz"), rnd)
		if err != nil {
			f.Fatal(err)
		}
		cases = append(cases, fuzzCase{n: c.n, m: len(c.values), vs: commitments(f, c.values, gammas), proof: p})
	}
	rp, V, err := ProveRange(&g, &h, 16, 30, &gamma, 18, 150, []byte("fuzz"), rnd)
	if err != nil {
		f.Fatal(err)
	}
	cases = append(cases, fuzzCase{n: 16, m: 2, V: V, proof: rp})
	for i, c := range cases {
		f.Add(byte(i), c.proof)
		f.Add(byte(i), c.proof[:len(c.proof)-1])
	}
	f.Fuzz(func(t *testing.T, sel byte, data []byte) {
		c := cases[int(sel)%len(cases)]
		var err error
		if c.vs == nil {
			err = VerifyRange(&g, &h, c.n, &c.V, 18, 150, data, []byte("fuzz"))
		} else {
			err = Verify(&g, &h, c.n, c.vs, data, []byte("fuzz"))
		}
		switch {
		case err == nil:
			if !bytes.Equal(data, c.proof) {
				t.Fatalf("a proof other than the honest one verifies: %x", data)
			}
		case !errors.Is(err, ErrMalformedProof) && !errors.Is(err, ErrInvalidProof):
			t.Fatalf("unexpected error: %v", err)
		}
	})
}
