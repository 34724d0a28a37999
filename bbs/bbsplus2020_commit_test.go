// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	mathrand "math/rand/v2"
	"slices"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/fabric-bbs/fabric-bbs/internal/curvetest"
	"golang.org/x/crypto/blake2b"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// The oracle of the commitment comparison: VerifyProof as it was before
// ParseProof left the subgroup checks of C1 and C2 to verification (commit
// ffe8acd), i.e. C1 and C2 decoded strictly and VC1, VC2 folded as
// ρ·VC1 + VC2 = 0 in one multi-scalar multiplication.

// bbsPlusCommitmentOffsets returns the offsets of C1 and C2 in a proof of
// count messages with hidden of them hidden.
func bbsPlusCommitmentOffsets(count int) (c1, c2 int) {
	c1 = bbsPlusHeaderSize(count) + 3*g1Size + 4
	c2 = c1 + g1Size + 4 + 2*scalarSize
	return c1, c2
}

// verifyProofFolded is the old ParseProof + VerifyProof of BBS+ 2020.
func verifyProofFolded(pk *PublicKey, b, nonce []byte, disclosed []DisclosedMessage) error {
	s := BBSPlus2020().(*bbsPlus2020)
	proof, err := s.ParseProof(b)
	if err != nil {
		return err
	}
	off1, off2 := bbsPlusCommitmentOffsets(proof.body.(*bbsPlusProof).count)
	for i, off := range []int{off1, off2} {
		if _, err := group.DecodeG1(b[off : off+g1Size]); err != nil {
			return fmt.Errorf("%w: VC%d commitment: %v", ErrMalformedProof, i+1, err)
		}
	}
	p, isRevealed, err := s.proofStatement(pk, proof, nil, disclosed)
	if err != nil {
		return err
	}
	var negABar bls12381.G1Affine
	negABar.Neg(&p.aBar)
	if ok, err := pairingProductIsOne(&p.aPrime, pk, &negABar); err != nil || !ok {
		return fmt.Errorf("%w: signature pairing check failed", ErrInvalidProof)
	}
	gens, err := s.generators(pk, p.count)
	if err != nil {
		return fmt.Errorf("verify proof: %w", err)
	}
	c := s.challenge(p, gens, isRevealed, nonce)
	rho := batchWeight(pk, p.count, disclosed, nonce, proof.enc, &c)
	var aBarD bls12381.G1Affine
	aBarD.Sub(&p.aBar, &p.d)
	var minusOne, negC, negRho, t fr.Element
	minusOne.SetOne()
	minusOne.Neg(&minusOne)
	negC.Neg(&c)
	negRho.Neg(&rho)
	points := []bls12381.G1Affine{p.aPrime, aBarD, p.c1, p.d, p.c2}
	scalars := make([]fr.Element, 5)
	scalars[0].Mul(&rho, &p.r1[0])
	scalars[1].Mul(&rho, &c)
	scalars[2], scalars[3], scalars[4] = negRho, p.r2[0], minusOne
	gen := []int{-1, 0}
	t.Mul(&rho, &p.r1[1])
	t.Add(&t, &p.r2[1])
	genScalars := []fr.Element{negC, t}
	j := 2
	for i, rev := range isRevealed {
		if !rev {
			gen = append(gen, i+1)
			genScalars = append(genScalars, p.r2[j])
			j++
		}
	}
	for _, d := range disclosed {
		mi := blake2Scalar(d.Message)
		mi.Mul(&mi, &negC)
		gen = append(gen, d.Index+1)
		genScalars = append(genScalars, mi)
	}
	if sum := gens.msm(points, scalars, gen, genScalars); !sum.Z.IsZero() {
		return fmt.Errorf("%w: proof of knowledge of the signature and hidden messages failed", ErrInvalidProof)
	}
	return nil
}

// batchWeight returns the scalar that combines the two proof-of-knowledge
// equations: BLAKE2b-384 of a domain tag and the full statement and proof,
// each field length-prefixed: the key, the message count, the disclosed
// (index, message) pairs, the nonce, the proof bytes and the challenge.
// (The proof bytes alone would do, as the challenge binds the rest; hashing
// the whole statement keeps ρ sound without that argument.)
func batchWeight(pk *PublicKey, count int, disclosed []DisclosedMessage, nonce, proof []byte, c *fr.Element) fr.Element {
	h, _ := blake2b.New384(nil)
	var n [8]byte
	field := func(b []byte) {
		binary.BigEndian.PutUint64(n[:], uint64(len(b)))
		h.Write(n[:])
		h.Write(b)
	}
	number := func(v int) {
		binary.BigEndian.PutUint64(n[:], uint64(v))
		h.Write(n[:])
	}
	field([]byte("fabric-bbs/bbs+2020/batch/v2"))
	field(pk.enc[:])
	number(count)
	number(len(disclosed))
	for _, d := range disclosed {
		number(d.Index)
		field(d.Message)
	}
	field(nonce)
	field(proof)
	cb := c.Bytes()
	field(cb[:])
	var rho fr.Element
	rho.SetBytes(h.Sum(nil))
	return rho
}

// g1TorsionPoint returns a point on the curve of order dividing the
// cofactor, not the identity: r·P for a P outside the subgroup.
func g1TorsionPoint(t testing.TB) bls12381.G1Affine {
	t.Helper()
	p, err := group.DecodeG1OnCurve(ietfG1NotInSubgroup(t))
	if err != nil {
		t.Fatal(err)
	}
	// By double-and-add: gnark-crypto's GLV multiplication is r·P only in G1.
	q, ok := curvetest.Torsion(&p)
	if !ok {
		t.Fatal("r·P is not a torsion point")
	}
	return q
}

// commitmentVerdicts checks one proof encoding under fix's statement: the
// new ParseProof + VerifyProof, the old folded verification and the batch
// (the proof between two valid items) accept or reject it alike, and an
// error moves from ErrMalformedProof (old) to ErrInvalidProof (new) only
// for a commitment on the curve outside the subgroup. It returns the new
// verdict.
func commitmentVerdicts(t *testing.T, fix *proofFixture, b []byte, pool []BatchItem) error {
	t.Helper()
	s := fix.s
	old := verifyProofFolded(fix.pk, b, fix.nonce, fix.disclosed)
	p, err := s.ParseProof(b)
	if err != nil {
		if !errors.Is(old, ErrMalformedProof) {
			t.Fatalf("ParseProof: %v; old verification: %v", err, old)
		}
		return err
	}
	got := s.VerifyProof(fix.pk, p, nil, fix.nonce, fix.disclosed)
	if (got == nil) != (old == nil) {
		t.Fatalf("verdicts differ on %x: new %v, old %v", b, got, old)
	}
	if got != nil && errors.Is(old, ErrMalformedProof) {
		// The only error that moves: a commitment on the curve, outside
		// the subgroup.
		off1, off2 := bbsPlusCommitmentOffsets(p.body.(*bbsPlusProof).count)
		moved := false
		for _, off := range []int{off1, off2} {
			if _, err := group.DecodeG1(b[off : off+g1Size]); err != nil {
				if _, err := group.DecodeG1OnCurve(b[off : off+g1Size]); err != nil {
					t.Fatalf("a commitment fails decoding, yet ParseProof passes: %v", err)
				}
				moved = true
			}
		}
		if !moved || !errors.Is(got, ErrInvalidProof) {
			t.Fatalf("new %v, old %v: only a commitment outside the subgroup may move the error", got, old)
		}
	} else if got != nil && errors.Is(got, ErrInvalidProof) != errors.Is(old, ErrInvalidProof) {
		t.Fatalf("error classes differ: new %v, old %v", got, old)
	}
	if pool != nil {
		it := BatchItem{PublicKey: fix.pk, Proof: p, Nonce: fix.nonce, Disclosed: fix.disclosed}
		errs := VerifyProofs(s, []BatchItem{pool[0], it, pool[1]})
		if errs[0] != nil || errs[2] != nil {
			t.Fatalf("valid batch items fail: %v, %v", errs[0], errs[2])
		}
		if fmt.Sprint(errs[1]) != fmt.Sprint(got) {
			t.Fatalf("batch verdict %v, VerifyProof %v", errs[1], got)
		}
	}
	return got
}

// commitmentFixtures are the statements the differential tests mutate.
func commitmentFixtures(t testing.TB) []*proofFixture {
	s := BBSPlus2020()
	return []*proofFixture{
		newProofFixture(t, s, 10, []int{0, 5}, []byte("commitment nonce")),
		newProofFixture(t, s, 4, nil, []byte("n")),
		newProofFixture(t, s, 3, []int{0, 1, 2}, nil),
	}
}

// commitmentMutations returns named encodings derived from a valid proof:
// each G1 point replaced by bad encodings, by itself plus a torsion point,
// by its negation; the commitments swapped, the identity.
func commitmentMutations(t testing.TB, b []byte) map[string][]byte {
	count := int(binary.BigEndian.Uint16(b))
	hdr := bbsPlusHeaderSize(count)
	off1, off2 := bbsPlusCommitmentOffsets(count)
	fields := map[string]int{"A'": hdr, "Abar": hdr + g1Size, "D": hdr + 2*g1Size, "C1": off1, "C2": off2}
	torsion := g1TorsionPoint(t)
	pMinus := fpModulusBytes()
	pMinus[0] |= 0x80
	with := func(off int, v []byte) []byte {
		out := slices.Clone(b)
		copy(out[off:], v)
		return out
	}
	out := map[string][]byte{"valid": slices.Clone(b)}
	for name, off := range fields {
		pt, err := group.DecodeG1(b[off : off+g1Size])
		if err != nil {
			t.Fatal(err)
		}
		var plusT, neg bls12381.G1Affine
		plusT.Add(&pt, &torsion)
		neg.Neg(&pt)
		bad := map[string][]byte{
			"not in G1":      ietfG1NotInSubgroup(t),
			"plus torsion":   group.AppendG1(nil, &plusT),
			"torsion":        group.AppendG1(nil, &torsion),
			"off curve":      ietfG1OffCurve(t),
			"negated":        group.AppendG1(nil, &neg),
			"identity":       append([]byte{0xc0}, make([]byte, 47)...),
			"infinity+bits":  append([]byte{0xc0, 1}, make([]byte, 46)...),
			"uncompressed":   append([]byte{b[off] &^ 0x80}, b[off+1:off+g1Size]...),
			"x = p":          pMinus,
			"sign bit flip":  append([]byte{b[off] ^ 0x20}, b[off+1:off+g1Size]...),
			"no flags zeros": make([]byte, 48),
		}
		for kind, v := range bad {
			out[name+" "+kind] = with(off, v)
		}
	}
	swapped := with(off1, b[off2:off2+g1Size])
	copy(swapped[off2:], b[off1:off1+g1Size])
	out["C1 and C2 swapped"] = swapped
	return out
}

func fpModulusBytes() []byte {
	return bls12381.ID.BaseField().FillBytes(make([]byte, 48))
}

// TestBBSPlus2020CommitmentsCompared: comparing C1 and C2 with the
// commitments the responses imply gives the verdict of the old strict
// decoding and folded check, for valid proofs and every point mutation,
// and the batch agrees; a commitment outside the subgroup now fails
// VerifyProof (ErrInvalidProof) rather than ParseProof.
func TestBBSPlus2020CommitmentsCompared(t *testing.T) {
	pool := batchPool(t, BBSPlus2020(), 2)
	for _, fix := range commitmentFixtures(t) {
		enc := fix.proof.Bytes()
		for name, b := range commitmentMutations(t, enc) {
			t.Run(fmt.Sprintf("m%d/%s", len(fix.msgs), name), func(t *testing.T) {
				got := commitmentVerdicts(t, fix, b, pool)
				if (got == nil) != (name == "valid") {
					t.Fatalf("verdict %v", got)
				}
				if name == "C1 plus torsion" || name == "C2 plus torsion" || name == "C1 torsion" || name == "C2 not in G1" {
					if !errors.Is(got, ErrInvalidProof) {
						t.Fatalf("commitment outside the subgroup: %v, want ErrInvalidProof from VerifyProof", got)
					}
				}
			})
		}
		// Random bit flips anywhere in the proof.
		rng := mathrand.New(mathrand.NewPCG(uint64(len(enc)), 1))
		for i := 0; i < 150; i++ {
			b := slices.Clone(enc)
			bit := rng.IntN(8 * len(b))
			b[bit/8] ^= 1 << (bit % 8)
			if got := commitmentVerdicts(t, fix, b, nil); got == nil {
				t.Fatalf("bit %d flipped verifies", bit)
			}
		}
	}
}

// TestBBSPlus2020BatchChecksCommitments: the batch, which folds C1 and C2
// with other proofs' points, refuses a commitment outside the subgroup
// before folding it, with VerifyProof's error.
func TestBBSPlus2020BatchChecksCommitments(t *testing.T) {
	s := BBSPlus2020().(*bbsPlus2020)
	fix := commitmentFixtures(t)[0]
	torsion := g1TorsionPoint(t)
	for _, which := range []string{"C1", "C2"} {
		p, err := s.ParseProof(fix.proof.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		body := p.body.(*bbsPlusProof)
		if which == "C1" {
			body.c1.Add(&body.c1, &torsion)
		} else {
			body.c2.Add(&body.c2, &torsion)
		}
		it := &BatchItem{PublicKey: fix.pk, Proof: p, Nonce: fix.nonce, Disclosed: fix.disclosed}
		e, err := s.batchPrepare(it)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.batchStep(1, it, e); !errors.Is(err, ErrInvalidProof) || err.Error() != errBBSPlusKnowledge.Error() {
			t.Fatalf("%s plus torsion: batchStep %v, want %v", which, err, errBBSPlusKnowledge)
		}
	}
}

// FuzzBBSPlus2020CommitmentsCompared mutates a valid proof's bytes (and
// optionally one point first, by commitmentMutations): the new
// verification, the old folded one and the batch must agree.
func FuzzBBSPlus2020CommitmentsCompared(f *testing.F) {
	fixes := commitmentFixtures(f)
	pool := batchPool(f, BBSPlus2020(), 2)
	muts := make([][][]byte, len(fixes))
	for k, fix := range fixes {
		m := commitmentMutations(f, fix.proof.Bytes())
		names := make([]string, 0, len(m))
		for name := range m {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			muts[k] = append(muts[k], m[name])
		}
		f.Add(uint8(k), uint8(0), []byte{}, uint16(0))
	}
	f.Fuzz(func(t *testing.T, fixture, mutation uint8, xor []byte, at uint16) {
		k := int(fixture) % len(fixes)
		b := bytes.Clone(muts[k][int(mutation)%len(muts[k])])
		for i, x := range xor {
			b[(int(at)+i)%len(b)] ^= x
		}
		commitmentVerdicts(t, fixes[k], b, pool)
	})
}
