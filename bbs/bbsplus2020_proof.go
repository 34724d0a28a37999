// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"
	"math/bits"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"golang.org/x/crypto/blake2b"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// bbsPlusProof is a parsed BBS+ 2020 proof. A', Ā and D are in the
// prime-order subgroup; the commitments C1 and C2 are on the curve but not
// known to be in it: VerifyProof compares each with a point it computes in
// the subgroup, which proves membership when they are equal, and the batch
// path, which folds them, checks membership (commitmentsInG1).
type bbsPlusProof struct {
	count    int   // L, the number of signed messages
	revealed []int // ascending indices marked in the header
	aPrime   bls12381.G1Affine
	aBar     bls12381.G1Affine
	d        bls12381.G1Affine
	c1       bls12381.G1Affine // VC1 commitment, on the curve
	r1       [2]fr.Element     // VC1 responses: for −e and r2
	c2       bls12381.G1Affine // VC2 commitment, on the curve
	r2       []fr.Element      // VC2 responses: for −r3, s', then each hidden message
}

// bbsPlusHeaderSize is the size of the proof header for count messages:
// a u16 count and a bit vector of count/8+1 bytes.
func bbsPlusHeaderSize(count int) int { return 2 + count/8 + 1 }

// ParseProof parses a proof strictly: the count is 1..MaxMessages, no bit is
// set for an index at or above the count, A' and Ā are not the identity,
// every point is a canonical compressed encoding of a point on the curve,
// A', Ā and D are in the subgroup, every scalar is canonical, the VC1
// length and the two response counts are exactly what the header implies,
// and no byte follows the proof. It never modifies b.
//
// Whether the commitments C1 and C2 are in the subgroup is left to
// VerifyProof (and VerifyProofs), which reject a proof whose commitment is
// not with ErrInvalidProof: a valid proof's commitments equal points the
// verifier computes in the subgroup, and checking that equality costs less
// than two subgroup checks (bbsPlus2020.VerifyProof).
func (s *bbsPlus2020) ParseProof(b []byte) (*Proof, error) {
	p, err := parseBBSPlusProof(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedProof, err)
	}
	return &Proof{scheme: s, enc: append([]byte(nil), b...), body: p}, nil
}

func parseBBSPlusProof(b []byte) (*bbsPlusProof, error) {
	if len(b) < 2 {
		return nil, fmt.Errorf("%d bytes, shorter than the message count", len(b))
	}
	p := &bbsPlusProof{count: int(binary.BigEndian.Uint16(b))}
	if p.count < 1 || p.count > MaxMessages {
		return nil, fmt.Errorf("message count %d, want 1 to %d", p.count, MaxMessages)
	}
	hdr := bbsPlusHeaderSize(p.count)
	hidden := p.count
	wantLen := hdr + 3*g1Size + 4 + bbsPlusVC1Size + g1Size + 4
	if len(b) < hdr {
		return nil, fmt.Errorf("%d bytes, shorter than the %d-byte header", len(b), hdr)
	}
	// The bit vector is stored with its bytes reversed: index i is bit i%8
	// of the byte i/8 places from the end.
	vec := b[2:hdr]
	for i := range vec {
		v := vec[len(vec)-1-i]
		for v != 0 {
			bit := bits.TrailingZeros8(v)
			idx := 8*i + bit
			if idx >= p.count {
				return nil, fmt.Errorf("header reveals index %d of %d messages", idx, p.count)
			}
			p.revealed = append(p.revealed, idx)
			v &^= 1 << bit
		}
	}
	hidden -= len(p.revealed)
	wantLen += hidden*scalarSize + 2*scalarSize
	if len(b) != wantLen {
		return nil, fmt.Errorf("%d bytes, want %d for %d messages with %d revealed", len(b), wantLen, p.count, len(p.revealed))
	}

	r := reader{b: b, off: hdr}
	var err error
	if p.aPrime, err = r.g1("A'", false); err != nil {
		return nil, err
	}
	if p.aBar, err = r.g1("Abar", false); err != nil {
		return nil, err
	}
	if p.d, err = r.g1("D", true); err != nil {
		return nil, err
	}
	if n := r.u32(); n != bbsPlusVC1Size {
		return nil, fmt.Errorf("VC1 length %d, want %d", n, bbsPlusVC1Size)
	}
	if p.c1, err = r.g1OnCurve("VC1 commitment"); err != nil {
		return nil, err
	}
	if n := r.u32(); n != 2 {
		return nil, fmt.Errorf("VC1 response count %d, want 2", n)
	}
	for i := range p.r1 {
		if p.r1[i], err = r.scalar(fmt.Sprintf("VC1 response %d", i)); err != nil {
			return nil, err
		}
	}
	if p.c2, err = r.g1OnCurve("VC2 commitment"); err != nil {
		return nil, err
	}
	if n := r.u32(); n != uint32(hidden+2) {
		return nil, fmt.Errorf("VC2 response count %d, want %d", n, hidden+2)
	}
	p.r2 = make([]fr.Element, hidden+2)
	for i := range p.r2 {
		if p.r2[i], err = r.scalar(fmt.Sprintf("VC2 response %d", i)); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// reader decodes fields from a buffer whose length was checked beforehand.
type reader struct {
	b   []byte
	off int
}

func (r *reader) u32() uint32 {
	v := binary.BigEndian.Uint32(r.b[r.off:])
	r.off += 4
	return v
}

func (r *reader) g1(name string, identityOK bool) (bls12381.G1Affine, error) {
	p, err := group.DecodeG1(r.b[r.off : r.off+g1Size])
	r.off += g1Size
	if err != nil {
		return p, fmt.Errorf("%s: %v", name, err)
	}
	if !identityOK && p.IsInfinity() {
		return p, fmt.Errorf("%s is the identity", name)
	}
	return p, nil
}

// g1OnCurve decodes a point that may be the identity and is not checked to
// be in the subgroup (group.DecodeG1OnCurve).
func (r *reader) g1OnCurve(name string) (bls12381.G1Affine, error) {
	p, err := group.DecodeG1OnCurve(r.b[r.off : r.off+g1Size])
	r.off += g1Size
	if err != nil {
		return p, fmt.Errorf("%s: %v", name, err)
	}
	return p, nil
}

func (r *reader) scalar(name string) (fr.Element, error) {
	z, err := group.DecodeScalar(r.b[r.off : r.off+scalarSize])
	r.off += scalarSize
	if err != nil {
		return z, fmt.Errorf("%s: %v", name, err)
	}
	return z, nil
}

// DeriveProof proves knowledge of sig on messages, revealing those at the
// given indices, bound to nonce. The signature is verified first. The
// random scalars are hedged: derived from fresh bytes of rand and the
// secret inputs (bbsPlusProofRandomScalars). The proof
// is laid out exactly as aries-bbs-go and IBM/idemix lay it out; unlike
// them, an empty reveal set is allowed.
func (s *bbsPlus2020) DeriveProof(rand io.Reader, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed []int) (*Proof, error) {
	if err := s.checkKeyAndSig(pk, sig); err != nil {
		return nil, err
	}
	if err := s.checkArgs(header, len(messages)); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	isRevealed, err := revealedSet(revealed, len(messages))
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	gens, err := s.generators(pk, len(messages))
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	m := messageScalars(messages)
	b, err := gens.secretCommitment(&sig.s, m)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if ok, err := s.proverSignatureValid(pk, sig, &b); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	} else if !ok {
		return nil, fmt.Errorf("derive proof: %w", ErrInvalidSignature)
	}
	s.admitGenerators(pk, len(messages), gens)
	hidden := len(messages) - len(revealed)

	// Random scalars, in a fixed order: r1, r2, the two VC1 blindings,
	// then the 2+hidden VC2 blindings; hedged (see bbsPlusProofRandomScalars).
	rs, err := bbsPlusProofRandomScalars(rand, 4+2+hidden, pk, sig, nonce, messages, isRevealed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	r1, r2, blind1, blind2 := &rs[0], &rs[1], rs[2:4], rs[4:]
	if r1.IsZero() {
		return nil, fmt.Errorf("derive proof: zero random scalar")
	}

	p := &bbsPlusProof{count: len(messages)}
	for i, rev := range isRevealed {
		if rev {
			p.revealed = append(p.revealed, i)
		}
	}
	// A' = r1·A, Ā = r1·B − e·A' = r1·B − (r1·e)·A, D = r1·B − r2·h0. Every
	// scalar here is secret: each multiplication splits it (secretMSM).
	var r1e fr.Element
	r1e.Mul(r1, &sig.e)
	var negR1E, negR2 fr.Element
	negR1E.Neg(&r1e)
	negR2.Neg(r2)
	if p.aPrime, err = secretMSM([]bls12381.G1Affine{sig.a}, []fr.Element{*r1}); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if p.aBar, err = secretMSM([]bls12381.G1Affine{b, sig.a}, []fr.Element{*r1, negR1E}); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if p.d, err = secretMSM([]bls12381.G1Affine{b, gens.h[0]}, []fr.Element{*r1, negR2}); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	// r3 = 1/r1 (secret: blinded), s' = s − r2·r3.
	r3, err := secretInverse(r1)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	var sPrime fr.Element
	sPrime.Mul(r2, &r3)
	sPrime.Sub(&sig.s, &sPrime)

	// VC1 proves Ā − D = −e·A' + r2·h0; VC2 proves
	// P1 + Σrevealed mi·hi = −r3·D + s'·h0 + Σhidden mi·hi, negated.
	bases2 := make([]bls12381.G1Affine, 0, 2+hidden)
	bases2 = append(bases2, p.d, gens.h[0])
	secrets2 := make([]fr.Element, 0, 2+hidden)
	var negR3 fr.Element
	negR3.Neg(&r3)
	secrets2 = append(secrets2, negR3, sPrime)
	for i, rev := range isRevealed {
		if !rev {
			bases2 = append(bases2, gens.h[i+1])
			secrets2 = append(secrets2, m[i])
		}
	}
	if p.c1, err = secretMSM([]bls12381.G1Affine{p.aPrime, gens.h[0]}, blind1); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if gens.tables != nil {
		// The same sum over the set's tables: D without, h0 and the
		// hidden messages' generators with.
		fixed := make([]*group.G1Table, 0, 1+hidden)
		fixed = append(fixed, &gens.tables[0])
		for i, rev := range isRevealed {
			if !rev {
				fixed = append(fixed, &gens.tables[i+1])
			}
		}
		p.c2, err = secretMSMWithTables(fixed, blind2[1:], bases2[:1], blind2[:1])
	} else {
		p.c2, err = secretMSM(bases2, blind2)
	}
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}

	c := s.challenge(p, gens, isRevealed, nonce)
	var negE fr.Element
	negE.Neg(&sig.e)
	secrets1 := []fr.Element{negE, *r2}
	for i := range p.r1 {
		p.r1[i] = response(&blind1[i], &c, &secrets1[i])
	}
	p.r2 = make([]fr.Element, len(secrets2))
	for i := range secrets2 {
		p.r2[i] = response(&blind2[i], &c, &secrets2[i])
	}
	enc := p.encode()
	return &Proof{scheme: s, enc: enc, body: p}, nil
}

// response returns blinding − c·secret.
func response(blinding, c, secret *fr.Element) fr.Element {
	var z fr.Element
	z.Mul(c, secret)
	z.Sub(blinding, &z)
	return z
}

// encode lays the proof out in the aries-bbs-go format.
func (p *bbsPlusProof) encode() []byte {
	hdr := bbsPlusHeaderSize(p.count)
	out := make([]byte, hdr, hdr+3*g1Size+4+bbsPlusVC1Size+g1Size+4+len(p.r2)*scalarSize)
	binary.BigEndian.PutUint16(out, uint16(p.count))
	vec := out[2:hdr]
	for _, i := range p.revealed {
		vec[len(vec)-1-i/8] |= 1 << (i % 8)
	}
	out = group.AppendG1(out, &p.aPrime)
	out = group.AppendG1(out, &p.aBar)
	out = group.AppendG1(out, &p.d)
	out = binary.BigEndian.AppendUint32(out, bbsPlusVC1Size)
	out = group.AppendG1(out, &p.c1)
	out = binary.BigEndian.AppendUint32(out, 2)
	out = group.AppendScalar(out, &p.r1[0])
	out = group.AppendScalar(out, &p.r1[1])
	out = group.AppendG1(out, &p.c2)
	out = binary.BigEndian.AppendUint32(out, uint32(len(p.r2)))
	for i := range p.r2 {
		out = group.AppendScalar(out, &p.r2[i])
	}
	return out
}

// challenge is the BLAKE2b-384 scalar of Ā ‖ A' ‖ h0 ‖ C1 ‖ D ‖ h0 ‖
// hidden hi… ‖ C2 ‖ nonce scalar, points uncompressed, as aries-bbs-go
// computes it.
func (s *bbsPlus2020) challenge(p *bbsPlusProof, gens *bbsPlusGenerators, isRevealed []bool, nonce []byte) fr.Element {
	h, _ := blake2b.New384(nil)
	write := func(q *bls12381.G1Affine) {
		raw := q.RawBytes()
		h.Write(raw[:])
	}
	write(&p.aBar)
	write(&p.aPrime)
	h.Write(gens.raw[0][:])
	write(&p.c1)
	write(&p.d)
	h.Write(gens.raw[0][:])
	for i, rev := range isRevealed {
		if !rev {
			h.Write(gens.raw[i+1][:])
		}
	}
	write(&p.c2)
	n := blake2Scalar(nonce)
	nb := n.Bytes()
	h.Write(nb[:])
	var c fr.Element
	c.SetBytes(h.Sum(nil))
	return c
}

// revealedSet checks indices (any order, no repeats, each below count) and
// returns the membership vector.
func revealedSet(revealed []int, count int) ([]bool, error) {
	set := make([]bool, count)
	for _, i := range revealed {
		if i < 0 || i >= count {
			return nil, fmt.Errorf("%w: revealed index %d out of range for %d messages", ErrInvalidArgument, i, count)
		}
		if set[i] {
			return nil, fmt.Errorf("%w: revealed index %d given twice", ErrInvalidArgument, i)
		}
		set[i] = true
	}
	return set, nil
}

// VerifyProof checks a proof against the key, nonce and disclosed messages.
// The disclosed indices must be strictly ascending and exactly those the
// proof's header reveals: a message given but not revealed by the proof,
// or revealed but not given, fails the proof.
func (s *bbsPlus2020) VerifyProof(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage) error {
	p, isRevealed, err := s.proofStatement(pk, proof, header, disclosed)
	if err != nil {
		return err
	}
	// e(A', W) · e(−Ā, P2) = 1, first: it needs only the cached lines of
	// W and P2, so a bogus proof is refused for about one pairing whatever
	// its count L, before any of the L+1 generators is derived.
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

	// The two proofs of knowledge, each an equation X = 0 in G1:
	//   VC1: r̂e·A' + r̂r2·h0 + c·(Ā − D) − C1 = 0,
	//   VC2: r̂0·D + r̂1·h0 + Σhidden r̂i·hi − c·(P1 + Σrevealed mi·hi) − C2 = 0,
	// are checked as C1 = C1' and C2 = C2', where C1' and C2' are the two
	// sums without the commitments, each one multi-scalar multiplication.
	// A', Ā, D and the generators are in the prime-order subgroup, so C1'
	// and C2' are; the proof's C1 and C2 were only checked to be on the
	// curve (ParseProof), and equal to C1' and C2' they are in the
	// subgroup too: the verdict is exactly that of decoding C1 and C2 with
	// their subgroup checks and checking VC1 and VC2, at the cost of a
	// second chain of doublings (about one subgroup check) instead of two
	// subgroup checks and a full scalar multiplication of C1. (Folding the
	// two equations into one sum would need C1 and C2 in the subgroup
	// beforehand: a torsion part could cancel out.) The y coordinates of C1
	// and C2, hence their square roots, are needed anyway: the challenge
	// hashes the points uncompressed.
	var aBarD bls12381.G1Affine
	aBarD.Sub(&p.aBar, &p.d)
	c1 := gens.msm([]bls12381.G1Affine{p.aPrime, aBarD}, []fr.Element{p.r1[0], c}, []int{0}, []fr.Element{p.r1[1]})
	if !jacEqualsAffine(&c1, &p.c1) {
		return errBBSPlusKnowledge
	}
	var negC fr.Element
	negC.Neg(&c)
	// Generators: gen[k] = -1 for P1, else the index into gens.h.
	gen := make([]int, 0, 2+p.count)
	genScalars := make([]fr.Element, 0, 2+p.count)
	gen = append(gen, -1, 0)
	genScalars = append(genScalars, negC, p.r2[1])
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
	c2 := gens.msm([]bls12381.G1Affine{p.d}, []fr.Element{p.r2[0]}, gen, genScalars)
	if !jacEqualsAffine(&c2, &p.c2) {
		return errBBSPlusKnowledge
	}
	s.admitGenerators(pk, p.count, gens)
	return nil
}

// errBBSPlusKnowledge is VerifyProof's verdict on a proof whose VC1 or VC2
// fails.
var errBBSPlusKnowledge = fmt.Errorf("%w: proof of knowledge of the signature and hidden messages failed", ErrInvalidProof)

// jacEqualsAffine reports whether p and q are the same point (the identity
// included).
func jacEqualsAffine(p *bls12381.G1Jac, q *bls12381.G1Affine) bool {
	var qj bls12381.G1Jac
	qj.FromAffine(q)
	return p.Equal(&qj)
}

// commitmentsInG1 reports whether C1 and C2 are in the prime-order
// subgroup, which ParseProof leaves to verification.
func (p *bbsPlusProof) commitmentsInG1() bool {
	return p.c1.IsInSubGroup() && p.c2.IsInSubGroup()
}

// checkDisclosedOrder requires strictly ascending, non-negative indices.
func checkDisclosedOrder(disclosed []DisclosedMessage) error {
	for i, d := range disclosed {
		if d.Index < 0 {
			return fmt.Errorf("%w: disclosed index %d is negative", ErrInvalidArgument, d.Index)
		}
		if i > 0 && d.Index <= disclosed[i-1].Index {
			return fmt.Errorf("%w: disclosed indices not strictly ascending (%d after %d)", ErrInvalidArgument, d.Index, disclosed[i-1].Index)
		}
	}
	return nil
}

// msm returns Σ scalars[i]·points[i] + Σ genScalars[k]·G(gen[k]), where
// G(-1) is P1 and G(i) is h[i], in Jacobian coordinates; generators use
// their cached tables when the set has them.
func (g *bbsPlusGenerators) msm(points []bls12381.G1Affine, scalars []fr.Element, gen []int, genScalars []fr.Element) bls12381.G1Jac {
	if g.tables == nil {
		_, _, p1, _ := bls12381.Generators()
		for _, k := range gen {
			if k < 0 {
				points = append(points, p1)
			} else {
				points = append(points, g.h[k])
			}
		}
		return group.MSMWithTablesJac(nil, nil, points, append(scalars, genScalars...))
	}
	fixed := make([]*group.G1Table, len(gen))
	for i, k := range gen {
		if k < 0 {
			fixed[i] = generatorG1Table()
		} else {
			fixed[i] = &g.tables[k]
		}
	}
	return group.MSMWithTablesJac(fixed, genScalars, points, scalars)
}
