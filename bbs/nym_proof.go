// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Proofs with a pseudonym (draft-irtf-cfrg-bbs-per-verifier-linkability-03,
// sections 6.2, 6.3 and 7): the IETF ProofInit, ProofFinalize and
// ProofVerifyInit over the combined generators, and a Schnorr proof that
// pseudonym = OP·Σ nym_i·z^i with the same responses as the hidden nym
// messages, all under one challenge.

// nymInit is the pseudonym part of the proof: (pseudonym, context_id, U).
type nymInit struct {
	pseudonym, u bls12381.G1Affine
	context      []byte
}

// DeriveProofWithPseudonym checks the signature over the messages and the
// secret first (ErrInvalidSignature). Its 5 + U random scalars are hedged
// (nymProofRandomScalars): derived from 32 fresh bytes of rand
// (crypto/rand when nil), the secrets (messages, blind, nym secrets) and
// the statement (header, nonce, context, disclosed indices), so a repeated
// or weak rand does not repeat them across statements.
func (s *nymScheme) DeriveProofWithPseudonym(rand io.Reader, pk *PublicKey, sig *Signature, header, nonce, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, secret *NymSecret) (*Proof, *Pseudonym, error) {
	return s.deriveProofWithPseudonym(rand, pk, sig, header, nonce, context, messages, committed, revealed, revealedCommitted, secret, nil, nil, nil)
}

// deriveProofWithPseudonym is DeriveProofWithPseudonym with the issuer's
// messages mapped to scalars by mm and the random scalar m̃ of each hidden
// issuer message fixedAt[k] set to fixed[k] (proofGenWithNymMapped).
func (s *nymScheme) deriveProofWithPseudonym(rand io.Reader, pk *PublicKey, sig *Signature, header, nonce, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, secret *NymSecret, mm *MessageMap, fixedAt []int, fixed []fr.Element) (*Proof, *Pseudonym, error) {
	if err := s.checkKeySig(pk, sig); err != nil {
		return nil, nil, err
	}
	if secret == nil {
		return nil, nil, fmt.Errorf("%w: nil nym secret", ErrInvalidArgument)
	}
	if err := s.checkOwn("nym secret", secret.scheme); err != nil {
		return nil, nil, err
	}
	if !secret.final {
		return nil, nil, fmt.Errorf("%w: nym secret not finalised (FinalizeWithNym)", ErrInvalidArgument)
	}
	p, nym, err := s.proofGenWithNymMapped(rand, pk, sig, header, nonce, context, messages, committed, revealed, revealedCommitted, secret.nyms, &secret.blind, mm, fixedAt, fixed)
	if err != nil {
		return nil, nil, fmt.Errorf("derive proof with pseudonym: %w", err)
	}
	ps, err := s.newPseudonym(&nym, ErrInvalidArgument)
	if err != nil {
		return nil, nil, fmt.Errorf("derive proof with pseudonym: %w", err)
	}
	return &Proof{scheme: s, enc: p.encode(), body: p}, ps, nil
}

// proofGenWithNym is the draft's ProofGenWithNym and CoreProofGenWithNym.
func (s *nymScheme) proofGenWithNym(rand io.Reader, pk *PublicKey, sig *Signature, header, ph, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, nyms []fr.Element, blind *fr.Element) (*ietfProof, bls12381.G1Affine, error) {
	return s.proofGenWithNymMapped(rand, pk, sig, header, ph, context, messages, committed, revealed, revealedCommitted, nyms, blind, nil, nil, nil)
}

// proofGenWithNymMapped is proofGenWithNym with the issuer's messages
// mapped to scalars by mm, and the random scalar m̃_j of each hidden issuer
// message j = fixedAt[k] set to fixed[k] instead of drawn (a predicate
// proof shares it, package bbs/predicate); every other random scalar is
// drawn as proofGenWithNym draws it. fixedAt must name hidden issuer
// messages (below len(messages)), without repeats: the prover blind's and
// the nym secrets' scalars are never fixed.
func (s *nymScheme) proofGenWithNymMapped(rand io.Reader, pk *PublicKey, sig *Signature, header, ph, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, nyms []fr.Element, blind *fr.Element, mm *MessageMap, fixedAt []int, fixed []fr.Element) (*ietfProof, bls12381.G1Affine, error) {
	var none bls12381.G1Affine
	n, L := len(nyms), len(messages)
	if err := checkNymCount(n); err != nil {
		return nil, none, err
	}
	for _, j := range fixedAt {
		if j < 0 || j >= L {
			return nil, none, fmt.Errorf("%w: fixed position %d is not an issuer message (%d)", ErrInvalidArgument, j, L)
		}
	}
	m, gens, err := s.prepareParametersMapped(messages, committed, blind, nyms, mm)
	if err != nil {
		return nil, none, err
	}
	dis, _, err := splitIndices(revealed, L)
	if err != nil {
		return nil, none, err
	}
	disC, _, err := splitIndices(revealedCommitted, len(committed))
	if err != nil {
		return nil, none, fmt.Errorf("committed messages: %w", err)
	}
	for _, j := range disC {
		dis = append(dis, j+L+1)
	}
	hdr := combinedHeader(header, n)
	// The signature is checked first: a holder must not present a
	// signature that does not verify (one an issuer could have tagged).
	if err := s.nym.proverCheckSignature(pk, sig, &gens, hdr, m); err != nil {
		return nil, none, err
	}
	undisclosed := complement(dis, len(m))
	random, err := s.nymProofRandomScalars(rand, 5+len(undisclosed), pk, sig, header, ph, context, messages, committed, dis, nyms, blind)
	if err != nil {
		return nil, none, err
	}
	if err := setFixedScalars(random[5:], undisclosed, fixedAt, fixed); err != nil {
		return nil, none, err
	}
	init, err := s.nym.proofInit(pk, sig, &gens, random, hdr, m, undisclosed)
	if err != nil {
		return nil, none, err
	}
	// The nym secrets are the last n messages, all hidden: their random
	// scalars are the last n.
	ni, err := s.nymProofInit(context, nyms, random[len(random)-n:])
	if err != nil {
		return nil, none, err
	}
	dm := make([]fr.Element, len(dis))
	for k, i := range dis {
		dm[k] = m[i]
	}
	c, err := s.nymChallenge(init, ni, dis, dm, ph)
	if err != nil {
		return nil, none, err
	}
	p, err := proofFinalize(init, &c, &sig.e, random, m, undisclosed)
	if err != nil {
		return nil, none, err
	}
	return p, ni.pseudonym, nil
}

// nymProofInit is the draft's PseudonymProofInit.
func (s *nymScheme) nymProofInit(context []byte, nyms, random []fr.Element) (*nymInit, error) {
	op, z, err := s.contextPoint(context)
	if err != nil {
		return nil, err
	}
	pe, re := nymPolynomial(nyms, &z), nymPolynomial(random, &z)
	res := &nymInit{context: context}
	// Both scalars are secret: split into random shares (secret_shares.go).
	if res.pseudonym, err = secretMSM([]bls12381.G1Affine{op}, []fr.Element{pe}); err != nil {
		return nil, err
	}
	if res.u, err = secretMSM([]bls12381.G1Affine{op}, []fr.Element{re}); err != nil {
		return nil, err
	}
	if res.pseudonym.IsInfinity() || res.u.IsInfinity() {
		return nil, fmt.Errorf("degenerate pseudonym (identity)")
	}
	return res, nil
}

// DerivePseudonymProof is DeriveProofWithPseudonym with its statement in
// opts.
func (s *nymScheme) DerivePseudonymProof(rand io.Reader, pk *PublicKey, sig *Signature, secret *NymSecret, opts PseudonymProofOptions) (*Proof, *Pseudonym, error) {
	return s.DeriveProofWithPseudonym(rand, pk, sig, opts.Header, opts.Nonce, opts.Context, opts.Messages, opts.Committed, opts.Revealed, opts.RevealedCommitted, secret)
}

// VerifyPseudonymProof is VerifyProofWithPseudonym with its statement in
// opts, a zero NymCount meaning DefaultNymCount.
func (s *nymScheme) VerifyPseudonymProof(pk *PublicKey, proof *Proof, pseudonym *Pseudonym, opts PseudonymVerifyOptions) error {
	nymCount := opts.NymCount
	if nymCount == 0 {
		nymCount = DefaultNymCount
	}
	return s.VerifyProofWithPseudonym(pk, proof, pseudonym, opts.Header, opts.Nonce, opts.Context, opts.SignerMessages, nymCount, opts.Disclosed, opts.DisclosedCommitted)
}

// VerifyProofWithPseudonym is the draft's ProofVerifyWithNym.
func (s *nymScheme) VerifyProofWithPseudonym(pk *PublicKey, proof *Proof, pseudonym *Pseudonym, header, nonce, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted []DisclosedMessage) error {
	return s.verifyProofWithPseudonym(pk, proof, pseudonym, header, nonce, context, signerMessages, nymCount, disclosed, disclosedCommitted, nil, nil)
}

// verifyProofWithPseudonym is VerifyProofWithPseudonym with the issuer's
// disclosed messages mapped to scalars by mm (the committed ones are
// hashed).
func (s *nymScheme) verifyProofWithPseudonym(pk *PublicKey, proof *Proof, pseudonym *Pseudonym, header, nonce, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted []DisclosedMessage, mm *MessageMap, x *extraPairing) error {
	if pk == nil || proof == nil || pseudonym == nil {
		return fmt.Errorf("%w: nil public key, proof or pseudonym", ErrInvalidArgument)
	}
	if err := checkScheme(s, "public key", pk.scheme); err != nil {
		return err
	}
	if err := checkScheme(s, "proof", proof.scheme); err != nil {
		return err
	}
	if err := s.checkOwn("pseudonym", pseudonym.scheme); err != nil {
		return err
	}
	p, ok := proof.body.(*ietfProof)
	if !ok {
		return fmt.Errorf("%w: proof not made by ParseProof or DeriveProofWithPseudonym", ErrInvalidArgument)
	}
	if err := checkNymCount(nymCount); err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	L := signerMessages
	if L < 0 || L > MaxMessages {
		return fmt.Errorf("%w: %d signer messages", ErrInvalidArgument, L)
	}
	total := len(p.mHat) + len(disclosed) + len(disclosedCommitted)
	// The messages are L signer messages, the prover blind, the committed
	// messages and the nym secrets: M = total − L − 1 − nymCount ≥ 0.
	M := total - L - 1 - nymCount
	if total > MaxMessages {
		return fmt.Errorf("%w: %d messages, at most %d", ErrInvalidArgument, total, MaxMessages)
	}
	if M < 0 || len(p.mHat) < nymCount+1 {
		return fmt.Errorf("%w: a proof hiding %d messages does not fit %d signer messages and %d nym secrets", ErrInvalidProof, len(p.mHat), L, nymCount)
	}
	idx := make([]int, 0, len(disclosed)+len(disclosedCommitted))
	raw := make([][]byte, 0, cap(idx))
	for _, part := range []struct {
		what   string
		d      []DisclosedMessage
		n, off int
	}{{"disclosed", disclosed, L, 0}, {"disclosed committed", disclosedCommitted, M, L + 1}} {
		for k, d := range part.d {
			switch {
			case d.Index < 0 || d.Index >= part.n:
				return fmt.Errorf("%w: %s index %d out of range [0, %d)", ErrInvalidArgument, part.what, d.Index, part.n)
			case k > 0 && d.Index <= part.d[k-1].Index:
				return fmt.Errorf("%w: %s indices not strictly ascending (%d after %d)", ErrInvalidArgument, part.what, d.Index, part.d[k-1].Index)
			}
			idx = append(idx, d.Index+part.off)
			raw = append(raw, d.Message)
		}
	}
	// The issuer's disclosed messages (the first len(disclosed), whose
	// indices are their positions) by mm, the committed ones by hash.
	dm, err := s.nym.mapMessages(raw[:len(disclosed)], idx[:len(disclosed)], mm)
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	dmC, err := s.nym.messagesToScalars(raw[len(disclosed):])
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	dm = append(dm, dmC...)
	gens, err := s.nymGenerators(L, M+nymCount)
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	init, err := s.nym.proofVerifyInit(pk, p, &gens, combinedHeader(header, nymCount), idx, dm)
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	ni, err := s.nymProofVerifyInit(&pseudonym.p, context, p.mHat[len(p.mHat)-nymCount:], &p.c)
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	c, err := s.nymChallenge(init, ni, idx, dm, nonce)
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	if !c.Equal(&p.c) {
		return fmt.Errorf("%w: challenge mismatch", ErrInvalidProof)
	}
	if x != nil {
		return proofPairingWith(pk, &p.abar, &p.bbar, x)
	}
	var negBbar bls12381.G1Affine
	negBbar.Neg(&p.bbar)
	ok, err = pairingProductIsOne(&p.abar, pk, &negBbar)
	if err != nil {
		return fmt.Errorf("verify proof with pseudonym: %w", err)
	}
	if !ok {
		return fmt.Errorf("%w: pairing check failed", ErrInvalidProof)
	}
	return nil
}

// nymProofVerifyInit is the draft's PseudonymProofVerifyInit:
// U = OP·Σ m^_i·z^i − pseudonym·c over the nym secrets' responses. A
// verifier handles no secret: the variable-time multiplication is fine.
func (s *nymScheme) nymProofVerifyInit(pseudonym *bls12381.G1Affine, context []byte, mHat []fr.Element, c *fr.Element) (*nymInit, error) {
	ctx, err := s.context(context)
	if err != nil {
		return nil, err
	}
	pe := nymPolynomial(mHat, &ctx.z)
	var negC fr.Element
	negC.Neg(c)
	res := &nymInit{pseudonym: *pseudonym, context: context}
	res.u = group.MSMWithTables([]*group.G1Table{ctx.table}, []fr.Element{pe}, []bls12381.G1Affine{*pseudonym}, []fr.Element{negC})
	if res.u.IsInfinity() {
		return nil, fmt.Errorf("%w: degenerate pseudonym proof", ErrInvalidProof)
	}
	return res, nil
}

// nymChallenge is the draft's ProofWithPseudonymChallengeCalculate:
// hash_to_scalar of R ‖ i1 ‖ msg_i1 ‖ … ‖ Ā ‖ B̄ ‖ D ‖ T1 ‖ T2 ‖ pseudonym ‖
// U ‖ domain ‖ I2OSP(len(ph), 8) ‖ ph ‖ I2OSP(len(context_id), 8) ‖
// context_id.
func (s *nymScheme) nymChallenge(init *ietfProofInit, ni *nymInit, idx []int, dm []fr.Element, ph []byte) (fr.Element, error) {
	in := make([]byte, 0, 8+len(idx)*(8+scalarSize)+7*g1Size+scalarSize+16+len(ph)+len(ni.context))
	in = binary.BigEndian.AppendUint64(in, uint64(len(idx)))
	for k, i := range idx {
		in = binary.BigEndian.AppendUint64(in, uint64(i))
		in = group.AppendScalar(in, &dm[k])
	}
	for _, pt := range []*bls12381.G1Affine{&init.abar, &init.bbar, &init.d, &init.t1, &init.t2, &ni.pseudonym, &ni.u} {
		in = group.AppendG1(in, pt)
	}
	in = group.AppendScalar(in, &init.domain)
	in = binary.BigEndian.AppendUint64(in, uint64(len(ph)))
	in = append(in, ph...)
	in = binary.BigEndian.AppendUint64(in, uint64(len(ni.context)))
	in = append(in, ni.context...)
	return s.nym.hashToScalar(in, s.nym.h2sDST)
}

// complement returns the indices 0..n-1 not in sorted, ascending.
func complement(sorted []int, n int) []int {
	out := make([]int, 0, n-len(sorted))
	k := 0
	for i := 0; i < n; i++ {
		if k < len(sorted) && sorted[k] == i {
			k++
			continue
		}
		out = append(out, i)
	}
	return out
}
