// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Sign is the draft's Sign: e = hash_to_scalar(SK ‖ msg_1 ‖ … ‖ msg_L ‖
// domain), A = B·1/(SK + e) with B = P1 + Q_1·domain + Σ H_i·msg_i.
func (s *ietfScheme) Sign(sk *SecretKey, header []byte, messages [][]byte) (*Signature, error) {
	return s.sign(sk, header, messages, nil)
}

// sign is Sign with the messages mapped to scalars by mm (nil: every
// message hashed).
func (s *ietfScheme) sign(sk *SecretKey, header []byte, messages [][]byte, mm *MessageMap) (*Signature, error) {
	if sk == nil {
		return nil, fmt.Errorf("%w: nil secret key", ErrInvalidArgument)
	}
	if err := checkScheme(s, "secret key", sk.scheme); err != nil {
		return nil, err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	gens, err := s.generators(len(messages) + 1)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	m, err := s.mapMessages(messages, nil, mm)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	domain, err := s.calculateDomain(sk.pub, gens.enc, header)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	in := make([]byte, 0, (len(m)+2)*scalarSize)
	in = group.AppendScalar(in, &sk.x)
	for i := range m {
		in = group.AppendScalar(in, &m[i])
	}
	in = group.AppendScalar(in, &domain)
	e, err := s.hashToScalar(in, s.h2sDST)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	b, err := s.secretCommitment(&gens, &domain, m)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}

	var inv fr.Element
	inv.Add(&sk.x, &e)
	if inv.IsZero() { // SK + e = 0 mod r: negligible, and fatal for the inverse
		return nil, fmt.Errorf("sign: degenerate e")
	}
	if inv, err = secretInverse(&inv); err != nil { // 1/(SK+e) is secret: blinded
		return nil, fmt.Errorf("sign: %w", err)
	}
	a, err := secretMSM([]bls12381.G1Affine{b}, []fr.Element{inv}) // and so multiplied by shares
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	if a.IsInfinity() || e.IsZero() {
		return nil, fmt.Errorf("sign: degenerate signature")
	}
	enc := make([]byte, 0, IETFSignatureSize)
	enc = group.AppendG1(enc, &a)
	enc = group.AppendScalar(enc, &e)
	return &Signature{scheme: s, a: a, e: e, enc: enc}, nil
}

// Verify is the draft's Verify. It checks e(A, W)·e(e·A − B, P2) = 1,
// the signature equation e(A, W + e·P2) = e(B, P2) rearranged so that the
// only G2 arguments are W and P2.
func (s *ietfScheme) Verify(pk *PublicKey, sig *Signature, header []byte, messages [][]byte) error {
	return s.verify(pk, sig, header, messages, nil)
}

// verify is Verify with the messages mapped to scalars by mm.
func (s *ietfScheme) verify(pk *PublicKey, sig *Signature, header []byte, messages [][]byte, mm *MessageMap) error {
	if err := s.checkKeyAndSignature(pk, sig); err != nil {
		return err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	gens, err := s.generators(len(messages) + 1)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	m, err := s.mapMessages(messages, nil, mm)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	return s.coreVerify(pk, sig, &gens, header, m)
}

// coreVerify is the draft's CoreVerify over the generators gens (Q_1 and
// one per message scalar in m).
func (s *ietfScheme) coreVerify(pk *PublicKey, sig *Signature, gens *ietfGenerators, header []byte, m []fr.Element) error {
	if len(gens.points) != len(m)+1 {
		return fmt.Errorf("%w: %d generators for %d messages", ErrInvalidArgument, len(gens.points), len(m))
	}
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	// e·A − P1 − domain·Q_1 − Σ msg_i·H_i in one multi-scalar multiplication.
	fixed := make([]*group.G1Table, 0, len(m)+2)
	scalars := make([]fr.Element, 0, len(m)+2)
	var minusOne, t fr.Element
	minusOne.SetOne().Neg(&minusOne)
	fixed = append(fixed, s.p1Table, &gens.tables[0])
	scalars = append(scalars, minusOne, *t.Neg(&domain))
	for i := range m {
		fixed = append(fixed, &gens.tables[1+i])
		scalars = append(scalars, *t.Neg(&m[i]))
	}
	eaMinusB := group.MSMWithTables(fixed, scalars, []bls12381.G1Affine{sig.a}, []fr.Element{sig.e})
	ok, err := pairingProductIsOne(&sig.a, pk, &eaMinusB)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	if !ok {
		return ErrInvalidSignature
	}
	return nil
}
