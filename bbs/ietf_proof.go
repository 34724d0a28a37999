// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// ietfProof is the parsed form of an IETF BBS proof.
type ietfProof struct {
	abar, bbar, d      bls12381.G1Affine
	eHat, r1Hat, r3Hat fr.Element
	mHat               []fr.Element // responses for the undisclosed messages
	c                  fr.Element
}

// ietfProofInit is the result of ProofInit and ProofVerifyInit: the values
// hashed into the challenge.
type ietfProofInit struct {
	abar, bbar, d, t1, t2 bls12381.G1Affine
	domain                fr.Element
}

// DeriveProof is the draft's ProofGen. revealed lists the disclosed
// indices (0-based, any order, no repeats). The signature is verified
// first (ErrInvalidSignature): a holder must not present a signature an
// issuer could have tagged. The 5 + U random scalars r1, r2, ẽ, r̃1, r̃3,
// m̃_j1 … m̃_jU are hedged (ietfProofRandomScalars): derived from 32 fresh
// bytes of rnd (crypto/rand if nil) and the secret inputs and statement,
// so a repeated or weak rnd does not repeat them across statements.
func (s *ietfScheme) DeriveProof(rnd io.Reader, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed []int) (*Proof, error) {
	return s.deriveProof(rnd, pk, sig, header, nonce, messages, revealed, nil, nil, nil)
}

// deriveProof is DeriveProof with the messages mapped to scalars by mm, and
// the random scalar m̃_j of each hidden message j = fixedAt[k] set to
// fixed[k] instead of drawn (a predicate proof shares it, package
// bbs/predicate): every other random scalar is drawn as DeriveProof draws
// it. fixedAt must name hidden messages, without repeats.
func (s *ietfScheme) deriveProof(rnd io.Reader, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed []int, mm *MessageMap, fixedAt []int, fixed []fr.Element) (*Proof, error) {
	if err := s.checkKeyAndSignature(pk, sig); err != nil {
		return nil, err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	disclosed, undisclosed, err := splitIndices(revealed, len(messages))
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	gens, err := s.generators(len(messages) + 1)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	m, err := s.mapMessages(messages, nil, mm)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if err := s.proverCheckSignature(pk, sig, &gens, header, m); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	random, err := ietfProofRandomScalars(rnd, s, 5+len(undisclosed), pk, sig, header, nonce, messages, disclosed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if err := setFixedScalars(random[5:], undisclosed, fixedAt, fixed); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	init, err := s.proofInit(pk, sig, &gens, random, header, m, undisclosed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	dm := make([]fr.Element, len(disclosed))
	for k, i := range disclosed {
		dm[k] = m[i]
	}
	c, err := s.challenge(init, disclosed, dm, nonce)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	p, err := proofFinalize(init, &c, &sig.e, random, m, undisclosed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	return &Proof{scheme: s, enc: p.encode(), body: p}, nil
}

// VerifyProof is the draft's ProofVerify. disclosed gives the disclosed
// messages with their indices, strictly ascending; the number of signed
// messages is L = U + len(disclosed), U being the number of hidden messages
// the proof carries, and every index must be below L.
func (s *ietfScheme) VerifyProof(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage) error {
	return s.verifyProof(pk, proof, header, nonce, disclosed, nil)
}

// verifyProof is VerifyProof with the disclosed messages mapped to scalars
// by mm.
func (s *ietfScheme) verifyProof(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap) error {
	p, err := s.verifyProofChallengeMapped(pk, proof, header, nonce, disclosed, mm)
	if err != nil {
		return err
	}
	return proofPairing(pk, p)
}

// verifyProofChallenge is ProofVerify up to the pairing check: the
// arguments, T1 and T2 recomputed from the responses, and the challenge
// compared. It returns the parsed proof for the pairing check.
func (s *ietfScheme) verifyProofChallenge(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage) (*ietfProof, error) {
	return s.verifyProofChallengeMapped(pk, proof, header, nonce, disclosed, nil)
}

// verifyProofChallengeMapped is verifyProofChallenge with the disclosed
// messages mapped to scalars by mm.
func (s *ietfScheme) verifyProofChallengeMapped(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap) (*ietfProof, error) {
	p, err := s.proofArguments(pk, proof)
	if err != nil {
		return nil, err
	}
	total := len(p.mHat) + len(disclosed)
	if err := checkMessageCount(total); err != nil {
		return nil, fmt.Errorf("verify proof: %d hidden + %d disclosed: %w", len(p.mHat), len(disclosed), err)
	}
	idx := make([]int, len(disclosed))
	raw := make([][]byte, len(disclosed))
	for k, d := range disclosed {
		switch {
		case d.Index < 0 || d.Index >= total:
			return nil, fmt.Errorf("%w: disclosed index %d out of range [0, %d)", ErrInvalidArgument, d.Index, total)
		case k > 0 && d.Index <= idx[k-1]:
			return nil, fmt.Errorf("%w: disclosed indices not strictly ascending (%d after %d)", ErrInvalidArgument, d.Index, idx[k-1])
		}
		idx[k], raw[k] = d.Index, d.Message
	}
	dm, err := s.mapMessages(raw, idx, mm)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	gens, err := s.generators(total + 1)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	init, err := s.proofVerifyInit(pk, p, &gens, header, idx, dm)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	c, err := s.challenge(init, idx, dm, nonce)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	if !c.Equal(&p.c) {
		return nil, fmt.Errorf("%w: challenge mismatch", ErrInvalidProof)
	}
	return p, nil
}

// proofArguments checks that pk and proof are present and of scheme s, the
// first checks of VerifyProof, and returns the parsed proof.
func (s *ietfScheme) proofArguments(pk *PublicKey, proof *Proof) (*ietfProof, error) {
	if pk == nil {
		return nil, fmt.Errorf("%w: nil public key", ErrInvalidArgument)
	}
	if proof == nil {
		return nil, fmt.Errorf("%w: nil proof", ErrInvalidArgument)
	}
	if err := checkScheme(s, "public key", pk.scheme); err != nil {
		return nil, err
	}
	if err := checkScheme(s, "proof", proof.scheme); err != nil {
		return nil, err
	}
	p, ok := proof.body.(*ietfProof)
	if !ok {
		return nil, fmt.Errorf("%w: proof not made by ParseProof or DeriveProof", ErrInvalidArgument)
	}
	return p, nil
}

// proofInit is the draft's ProofInit: it blinds the signature with r1, r2
// and commits to the randomness.
func (s *ietfScheme) proofInit(pk *PublicKey, sig *Signature, gens *ietfGenerators, random []fr.Element, header []byte, m []fr.Element, undisclosed []int) (*ietfProofInit, error) {
	if len(random) != 5+len(undisclosed) || len(gens.points) != len(m)+1 {
		return nil, fmt.Errorf("%w: %d random scalars and %d generators for %d messages, %d hidden",
			ErrInvalidArgument, len(random), len(gens.points), len(m), len(undisclosed))
	}
	r1, r2, eTilde, r1Tilde, r3Tilde := &random[0], &random[1], &random[2], &random[3], &random[4]
	if r1.IsZero() || r2.IsZero() {
		return nil, fmt.Errorf("degenerate randomness (zero r1 or r2)")
	}
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return nil, err
	}
	var r1r2, negE fr.Element
	r1r2.Mul(r1, r2)
	negE.Neg(&sig.e)

	// Every scalar below is secret: each multiplication splits it into
	// random shares (secretMSM, secret_shares.go).
	res := &ietfProofInit{domain: domain}
	b, err := s.secretCommitment(gens, &domain, m)
	if err != nil {
		return nil, err
	}
	mul := func(dst *bls12381.G1Affine, points []bls12381.G1Affine, scalars ...fr.Element) {
		if err == nil {
			*dst, err = secretMSM(points, scalars)
		}
	}
	mul(&res.d, []bls12381.G1Affine{b}, *r2)                              // D = B·r2
	mul(&res.abar, []bls12381.G1Affine{sig.a}, r1r2)                      // Ā = A·(r1·r2)
	mul(&res.bbar, []bls12381.G1Affine{res.d, res.abar}, *r1, negE)       // B̄ = D·r1 − Ā·e
	mul(&res.t1, []bls12381.G1Affine{res.abar, res.d}, *eTilde, *r1Tilde) // T1 = Ā·ẽ + D·r̃1
	if err != nil {
		return nil, err
	}

	// T2 = D·r̃3 + Σ H_j·m̃_j
	fixed := make([]*group.G1Table, 0, len(undisclosed))
	for _, j := range undisclosed {
		fixed = append(fixed, &gens.tables[1+j])
	}
	if res.t2, err = secretMSMWithTables(fixed, random[5:], []bls12381.G1Affine{res.d}, []fr.Element{*r3Tilde}); err != nil {
		return nil, err
	}

	if res.abar.IsInfinity() || res.bbar.IsInfinity() || res.d.IsInfinity() {
		return nil, fmt.Errorf("degenerate proof (identity point); is the signature valid?")
	}
	return res, nil
}

// proofFinalize is the draft's ProofFinalize: the Schnorr responses.
func proofFinalize(init *ietfProofInit, c, e *fr.Element, random, m []fr.Element, undisclosed []int) (*ietfProof, error) {
	r1, r2, eTilde, r1Tilde, r3Tilde := &random[0], &random[1], &random[2], &random[3], &random[4]
	p := &ietfProof{abar: init.abar, bbar: init.bbar, d: init.d, c: *c, mHat: make([]fr.Element, len(undisclosed))}
	r3, err := secretInverse(r2) // 1/r2 is secret: blinded
	if err != nil {
		return nil, err
	}
	var t fr.Element
	p.eHat.Add(eTilde, t.Mul(e, c))     // ê = ẽ + e·c
	p.r1Hat.Sub(r1Tilde, t.Mul(r1, c))  // r̂1 = r̃1 − r1·c
	p.r3Hat.Sub(r3Tilde, t.Mul(&r3, c)) // r̂3 = r̃3 − r3·c
	for k, j := range undisclosed {     // m̂_j = m̃_j + msg_j·c
		p.mHat[k].Add(&random[5+k], t.Mul(&m[j], c))
	}
	if p.eHat.IsZero() || p.r1Hat.IsZero() || p.r3Hat.IsZero() || p.c.IsZero() ||
		slices.ContainsFunc(p.mHat, func(z fr.Element) bool { return z.IsZero() }) {
		// octets_to_proof rejects zero scalars; probability 2^-250.
		return nil, fmt.Errorf("degenerate proof (zero scalar)")
	}
	return p, nil
}

// proofVerifyInit is the draft's ProofVerifyInit: it recomputes T1 and T2
// from the responses.
func (s *ietfScheme) proofVerifyInit(pk *PublicKey, p *ietfProof, gens *ietfGenerators, header []byte, idx []int, dm []fr.Element) (*ietfProofInit, error) {
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return nil, err
	}
	res := &ietfProofInit{abar: p.abar, bbar: p.bbar, d: p.d, domain: domain}

	// T1 = B̄·c + Ā·ê + D·r̂1
	t1 := group.MSMWithTablesJac(nil, nil, []bls12381.G1Affine{p.bbar, p.abar, p.d}, []fr.Element{p.c, p.eHat, p.r1Hat})

	// T2 = Bv·c + D·r̂3 + Σ H_j·m̂_j with Bv = P1 + Q_1·domain + Σ H_i·msg_i,
	// expanded into one multi-scalar multiplication over P1, Q_1, H_1..H_L, D.
	L := len(gens.points) - 1
	fixed := make([]*group.G1Table, 0, L+2)
	scalars := make([]fr.Element, 0, L+2)
	var t fr.Element
	fixed = append(fixed, s.p1Table, &gens.tables[0])
	scalars = append(scalars, p.c, *t.Mul(&domain, &p.c))
	k, u := 0, 0
	for i := 0; i < L; i++ {
		fixed = append(fixed, &gens.tables[1+i])
		if k < len(idx) && idx[k] == i {
			scalars = append(scalars, *t.Mul(&dm[k], &p.c))
			k++
		} else {
			scalars = append(scalars, p.mHat[u])
			u++
		}
	}
	if k != len(idx) || u != len(p.mHat) {
		return nil, fmt.Errorf("%w: %d disclosed and %d hidden messages do not make %d", ErrInvalidArgument, len(idx), len(p.mHat), L)
	}
	t2 := group.MSMWithTablesJac(fixed, scalars, []bls12381.G1Affine{p.d}, []fr.Element{p.r3Hat})
	// Both to affine with one inversion; either may be the identity (a
	// hostile proof), which BatchToAffine does not take.
	if t1.Z.IsZero() || t2.Z.IsZero() {
		res.t1.FromJacobian(&t1)
		res.t2.FromJacobian(&t2)
	} else {
		aff := group.BatchToAffine([]bls12381.G1Jac{t1, t2})
		res.t1, res.t2 = aff[0], aff[1]
	}
	return res, nil
}

// challenge is the draft's ProofChallengeCalculate: hash_to_scalar of
// R ‖ i1 ‖ msg_i1 ‖ … ‖ iR ‖ msg_iR ‖ Ā ‖ B̄ ‖ D ‖ T1 ‖ T2 ‖ domain ‖
// I2OSP(len(ph), 8) ‖ ph.
func (s *ietfScheme) challenge(init *ietfProofInit, idx []int, dm []fr.Element, ph []byte) (fr.Element, error) {
	in := make([]byte, 0, 8+len(idx)*(8+scalarSize)+5*g1Size+scalarSize+8+len(ph))
	in = binary.BigEndian.AppendUint64(in, uint64(len(idx)))
	for k, i := range idx {
		in = binary.BigEndian.AppendUint64(in, uint64(i))
		in = group.AppendScalar(in, &dm[k])
	}
	for _, pt := range []*bls12381.G1Affine{&init.abar, &init.bbar, &init.d, &init.t1, &init.t2} {
		in = group.AppendG1(in, pt)
	}
	in = group.AppendScalar(in, &init.domain)
	in = binary.BigEndian.AppendUint64(in, uint64(len(ph)))
	in = append(in, ph...)
	return s.hashToScalar(in, s.h2sDST)
}
