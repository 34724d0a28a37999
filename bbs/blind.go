// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// The parts of Blind BBS (draft-irtf-cfrg-bbs-blind-signatures-02) that
// the pseudonym draft reuses: a commitment with proof of knowledge to
// committed scalars over the blind generators Q_2, J_1..J_M, its
// validation, and FinalizeBlindSign. The api_id is the pseudonym
// interface's (ciphersuite_id || "H2G_HM2S_PSEUDONYM_"), the blind
// generators' "BLIND_" || api_id.

// commitBaseSize is the size of a commitment with proof to no scalar:
// C ‖ s^ ‖ c (Blind BBS's commit_len_floor).
const commitBaseSize = g1Size + 2*scalarSize

// blindCommit is a parsed commitment with proof: C and the proof
// (s^, m^_1..m^_M, c) over the blind generators Q_2, J_1..J_M.
type blindCommit struct {
	c    bls12381.G1Affine
	sHat fr.Element
	mHat []fr.Element
	chal fr.Element
}

// coreCommit is Blind BBS's CoreCommit over the blind generators bg
// (Q_2, J_1..J_M) and committed scalars m, with the random scalars
// (secret_prover_blind, s~, m~_1..m~_M) given.
func (s *nymScheme) coreCommit(bg *ietfGenerators, m, random []fr.Element) (*blindCommit, error) {
	if len(bg.points) != len(m)+1 || len(random) != len(m)+2 {
		return nil, fmt.Errorf("%w: %d blind generators and %d random scalars for %d committed scalars", ErrInvalidArgument, len(bg.points), len(random), len(m))
	}
	blind, sTilde, mTilde := &random[0], &random[1], random[2:]
	fixed := make([]*group.G1Table, len(bg.tables))
	for i := range bg.tables {
		fixed[i] = &bg.tables[i]
	}
	// Every scalar is secret: split into random shares (secret_shares.go).
	sc := append([]fr.Element{*blind}, m...)
	c, err := secretMSMWithTables(fixed, sc, nil, nil) // C = Q_2·blind + Σ J_i·msg_i
	if err != nil {
		return nil, err
	}
	st := append([]fr.Element{*sTilde}, mTilde...)
	cbar, err := secretMSMWithTables(fixed, st, nil, nil) // C̄ = Q_2·s~ + Σ J_i·m~_i
	if err != nil {
		return nil, err
	}
	if c.IsInfinity() {
		return nil, fmt.Errorf("degenerate commitment (identity)")
	}
	chal, err := s.blindChallenge(&c, &cbar, bg)
	if err != nil {
		return nil, err
	}
	out := &blindCommit{c: c, chal: chal, mHat: make([]fr.Element, len(m))}
	var t fr.Element
	out.sHat.Add(sTilde, t.Mul(blind, &chal))
	for i := range m {
		out.mHat[i].Add(&mTilde[i], t.Mul(&m[i], &chal))
	}
	if out.sHat.IsZero() || chal.IsZero() || slices.ContainsFunc(out.mHat, func(z fr.Element) bool { return z.IsZero() }) {
		return nil, fmt.Errorf("degenerate commitment proof (zero scalar)")
	}
	return out, nil
}

// verifyCommit is Blind BBS's CoreCommitVerify: C̄ = Q_2·s^ + Σ J_i·m^_i −
// C·c must hash, with C and the generators, to c. Every input is public
// (the signer's view), so it uses the variable-time multiplication.
func (s *nymScheme) verifyCommit(com *blindCommit, bg *ietfGenerators) error {
	if len(bg.points) != len(com.mHat)+1 {
		return fmt.Errorf("%w: %d blind generators for a commitment to %d scalars", ErrInvalidArgument, len(bg.points), len(com.mHat))
	}
	fixed := make([]*group.G1Table, len(bg.tables))
	for i := range bg.tables {
		fixed[i] = &bg.tables[i]
	}
	sc := append([]fr.Element{com.sHat}, com.mHat...)
	var negC fr.Element
	negC.Neg(&com.chal)
	cbar := group.MSMWithTables(fixed, sc, []bls12381.G1Affine{com.c}, []fr.Element{negC})
	cv, err := s.blindChallenge(&com.c, &cbar, bg)
	if err != nil {
		return err
	}
	if !cv.Equal(&com.chal) {
		return fmt.Errorf("%w: the commitment's proof does not verify", ErrInvalidCommitment)
	}
	return nil
}

// blindChallenge is Blind BBS's calculate_blind_challenge:
// hash_to_scalar(I2OSP(M, 8) ‖ Q_2 ‖ J_1 ‖ … ‖ J_M ‖ C ‖ C̄, api_id ‖ "H2S_").
func (s *nymScheme) blindChallenge(c, cbar *bls12381.G1Affine, bg *ietfGenerators) (fr.Element, error) {
	in := make([]byte, 0, 8+len(bg.enc)+2*g1Size)
	in = binary.BigEndian.AppendUint64(in, uint64(len(bg.points)-1))
	in = append(in, bg.enc...)
	in = group.AppendG1(in, c)
	in = group.AppendG1(in, cbar)
	return s.nym.hashToScalar(in, s.nym.h2sDST)
}

// encode is commitment_with_proof_to_octets: C ‖ s^ ‖ m^_1 ‖ … ‖ m^_M ‖ c.
func (com *blindCommit) encode() []byte {
	out := make([]byte, 0, commitBaseSize+len(com.mHat)*scalarSize)
	out = group.AppendG1(out, &com.c)
	out = group.AppendScalar(out, &com.sHat)
	for i := range com.mHat {
		out = group.AppendScalar(out, &com.mHat[i])
	}
	return group.AppendScalar(out, &com.chal)
}

// parseBlindCommit is octets_to_commitment_with_proof: C a G1 point other
// than the identity, then at least two scalars, each canonical and non-zero.
func parseBlindCommit(b []byte) (*blindCommit, error) {
	n := len(b)
	if n < commitBaseSize || (n-g1Size)%scalarSize != 0 {
		return nil, fmt.Errorf("%w: %d bytes, want %d + a multiple of %d", ErrMalformedCommitment, n, commitBaseSize, scalarSize)
	}
	k := (n-g1Size)/scalarSize - 2 // committed scalars
	if k+1 > MaxMessages {
		return nil, fmt.Errorf("%w: commitment to %d scalars, at most %d", ErrMalformedCommitment, k, MaxMessages-1)
	}
	com := &blindCommit{mHat: make([]fr.Element, k)}
	dst := make([]*fr.Element, 0, k+2)
	dst = append(dst, &com.sHat)
	for i := range com.mHat {
		dst = append(dst, &com.mHat[i])
	}
	dst = append(dst, &com.chal)
	off := g1Size
	for i, z := range dst {
		var err error
		if *z, err = group.DecodeScalar(b[off : off+scalarSize]); err != nil {
			return nil, fmt.Errorf("%w: scalar %d: %v", ErrMalformedCommitment, i, err)
		}
		if z.IsZero() {
			return nil, fmt.Errorf("%w: scalar %d is zero", ErrMalformedCommitment, i)
		}
		off += scalarSize
	}
	var err error
	if com.c, err = group.DecodeG1(b[:g1Size]); err != nil {
		return nil, fmt.Errorf("%w: C: %v", ErrMalformedCommitment, err)
	}
	if com.c.IsInfinity() {
		return nil, fmt.Errorf("%w: C is the identity", ErrMalformedCommitment)
	}
	return com, nil
}

// finalizeBlindSign is Blind BBS's FinalizeBlindSign over the combined
// generators gens (Q_1, H_1..H_L, Q_2, J_1..J_M): B' = B + Q_1·domain,
// e = hash_to_scalar(SK ‖ B', api_id ‖ "H2S_"), A = B'·1/(SK + e).
func (s *nymScheme) finalizeBlindSign(sk *SecretKey, b *bls12381.G1Affine, gens *ietfGenerators, header []byte) (*Signature, error) {
	domain, err := s.nym.calculateDomain(sk.pub, gens.enc, header)
	if err != nil {
		return nil, err
	}
	// The scalars domain and 1 are public: the variable-time path is fine.
	bb := group.MSMWithTables([]*group.G1Table{&gens.tables[0]}, []fr.Element{domain}, []bls12381.G1Affine{*b}, []fr.Element{oneScalar()})
	if bb.IsInfinity() {
		return nil, fmt.Errorf("degenerate B (identity)")
	}
	in := make([]byte, 0, scalarSize+g1Size)
	in = group.AppendScalar(in, &sk.x)
	in = group.AppendG1(in, &bb)
	e, err := s.nym.hashToScalar(in, s.nym.h2sDST)
	if err != nil {
		return nil, err
	}
	var inv fr.Element
	inv.Add(&sk.x, &e)
	if inv.IsZero() || e.IsZero() {
		return nil, fmt.Errorf("degenerate e")
	}
	if inv, err = secretInverse(&inv); err != nil { // 1/(SK+e) is secret: blinded
		return nil, err
	}
	a, err := secretMSM([]bls12381.G1Affine{bb}, []fr.Element{inv}) // and so multiplied by shares
	if err != nil {
		return nil, err
	}
	if a.IsInfinity() {
		return nil, fmt.Errorf("degenerate signature")
	}
	enc := make([]byte, 0, IETFSignatureSize)
	enc = group.AppendG1(enc, &a)
	enc = group.AppendScalar(enc, &e)
	return &Signature{scheme: s, a: a, e: e, enc: enc}, nil
}

// oneScalar returns the scalar 1.
func oneScalar() fr.Element {
	var one fr.Element
	one.SetOne()
	return one
}
