// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/sha256"
	"fmt"
	"io"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Issuance with a nym secret and pseudonym calculation
// (draft-irtf-cfrg-bbs-per-verifier-linkability-03, sections 6.1 and 5).

// CommitWithNym draws nymCount fresh prover_nyms from rand (crypto/rand
// when nil), 48 bytes each, then the commitment's random scalars, hedged
// over the committed messages and the nyms (nymCommitRandomScalars, 32
// further bytes of rand).
func (s *nymScheme) CommitWithNym(rand io.Reader, committed [][]byte, nymCount int) (*NymCommitment, *NymSecret, error) {
	if err := checkNymCount(nymCount); err != nil {
		return nil, nil, fmt.Errorf("commit with nym: %w", err)
	}
	if len(committed)+nymCount+1 > MaxMessages {
		return nil, nil, fmt.Errorf("commit with nym: %w: %d committed messages", ErrInvalidArgument, len(committed))
	}
	nyms, err := nymRandomScalars(rand, nymCount)
	if err != nil {
		return nil, nil, fmt.Errorf("commit with nym: %w", err)
	}
	random, err := s.nymCommitRandomScalars(rand, len(committed)+nymCount+2, committed, nyms)
	if err != nil {
		return nil, nil, fmt.Errorf("commit with nym: %w", err)
	}
	com, blind, err := s.commitWithNym(committed, nyms, random)
	if err != nil {
		return nil, nil, fmt.Errorf("commit with nym: %w", err)
	}
	return &NymCommitment{scheme: s, com: com, n: nymCount, enc: com.encode()},
		&NymSecret{scheme: s, blind: blind, nyms: nyms}, nil
}

// commitWithNym is the draft's CommitWithNym with the random scalars
// (secret_prover_blind, s~, m~…) given.
func (s *nymScheme) commitWithNym(committed [][]byte, nyms, random []fr.Element) (*blindCommit, fr.Element, error) {
	m, err := s.nym.messagesToScalars(committed)
	if err != nil {
		return nil, fr.Element{}, err
	}
	m = append(m, nyms...)
	bg, err := s.blind.generators(len(m) + 1)
	if err != nil {
		return nil, fr.Element{}, err
	}
	com, err := s.coreCommit(&bg, m, random)
	if err != nil {
		return nil, fr.Element{}, err
	}
	return com, random[0], nil
}

// BlindSignWithNym draws a fresh signer_nym_entropy from rand (crypto/rand
// when nil), 48 bytes reduced modulo r, unhedged (nym_hedge.go).
func (s *nymScheme) BlindSignWithNym(rand io.Reader, sk *SecretKey, com *NymCommitment, header []byte, messages [][]byte) (*Signature, *NymEntropy, error) {
	return s.blindSignWithNymEntropy(rand, sk, com, header, messages, nil)
}

// blindSignWithNymEntropy is BlindSignWithNym with the issuer's messages
// mapped to scalars by mm.
func (s *nymScheme) blindSignWithNymEntropy(rand io.Reader, sk *SecretKey, com *NymCommitment, header []byte, messages [][]byte, mm *MessageMap) (*Signature, *NymEntropy, error) {
	if sk == nil || com == nil {
		return nil, nil, fmt.Errorf("%w: nil secret key or commitment", ErrInvalidArgument)
	}
	if err := checkScheme(s, "secret key", sk.scheme); err != nil {
		return nil, nil, err
	}
	if err := s.checkOwn("commitment", com.scheme); err != nil {
		return nil, nil, err
	}
	z, err := nymRandomScalars(rand, 1)
	if err != nil {
		return nil, nil, fmt.Errorf("blind sign: %w", err)
	}
	if z[0].IsZero() { // probability 2^-255
		return nil, nil, fmt.Errorf("blind sign: zero entropy")
	}
	sig, err := s.blindSignWithNymMapped(sk, com.com, com.n, &z[0], header, messages, mm)
	if err != nil {
		return nil, nil, fmt.Errorf("blind sign: %w", err)
	}
	return sig, &NymEntropy{scheme: s, z: z[0]}, nil
}

// blindSignWithNym is the draft's BlindSignWithNym.
func (s *nymScheme) blindSignWithNym(sk *SecretKey, com *blindCommit, n int, entropy *fr.Element, header []byte, messages [][]byte) (*Signature, error) {
	return s.blindSignWithNymMapped(sk, com, n, entropy, header, messages, nil)
}

// blindSignWithNymMapped is blindSignWithNym with the issuer's messages
// mapped to scalars by mm.
func (s *nymScheme) blindSignWithNymMapped(sk *SecretKey, com *blindCommit, n int, entropy *fr.Element, header []byte, messages [][]byte, mm *MessageMap) (*Signature, error) {
	if err := checkNymCount(n); err != nil {
		return nil, err
	}
	L, M := len(messages), len(com.mHat)
	if M < n {
		return nil, fmt.Errorf("%w: commitment to %d scalars, %d nym secrets", ErrInvalidArgument, M, n)
	}
	gens, err := s.nymGenerators(L, M)
	if err != nil {
		return nil, err
	}
	bg := gens.slice(L+1, L+M+2)
	if err := s.verifyCommit(com, &bg); err != nil {
		return nil, err
	}
	m, err := s.nym.mapMessages(messages, nil, mm)
	if err != nil {
		return nil, err
	}
	// B = P1 + Σ H_i·msg_i + C + J_M·signer_nym_entropy, the entropy and
	// the messages treated as secrets (split into random shares).
	fixed := make([]*group.G1Table, 0, L+2)
	scalars := make([]fr.Element, 0, L+2)
	fixed = append(fixed, s.nym.p1Table)
	scalars = append(scalars, oneScalar())
	for i := range m {
		fixed = append(fixed, &gens.tables[1+i])
	}
	scalars = append(scalars, m...)
	fixed = append(fixed, &gens.tables[len(gens.tables)-1])
	scalars = append(scalars, *entropy)
	b, err := secretMSMWithTables(fixed, scalars, nil, nil)
	if err != nil {
		return nil, err
	}
	b.Add(&b, &com.c) // C's coefficient 1 is public
	if b.IsInfinity() {
		return nil, fmt.Errorf("degenerate B (identity)")
	}
	return s.finalizeBlindSign(sk, &b, &gens, combinedHeader(header, n))
}

// FinalizeWithNym is the draft's VerifyFinalizeWithNym.
func (s *nymScheme) FinalizeWithNym(pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, secret *NymSecret, entropy *NymEntropy) (*NymSecret, error) {
	return s.finalizeWithNym(pk, sig, header, messages, committed, secret, entropy, nil)
}

// finalizeWithNym is FinalizeWithNym with the issuer's messages mapped to
// scalars by mm.
func (s *nymScheme) finalizeWithNym(pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, secret *NymSecret, entropy *NymEntropy, mm *MessageMap) (*NymSecret, error) {
	if err := s.checkKeySig(pk, sig); err != nil {
		return nil, err
	}
	if secret == nil || entropy == nil {
		return nil, fmt.Errorf("%w: nil nym secret or entropy", ErrInvalidArgument)
	}
	if err := s.checkOwn("nym secret", secret.scheme); err != nil {
		return nil, err
	}
	if err := s.checkOwn("nym entropy", entropy.scheme); err != nil {
		return nil, err
	}
	if secret.final {
		return nil, fmt.Errorf("%w: nym secret already finalised", ErrInvalidArgument)
	}
	nyms, err := s.verifyFinalizeWithNymMapped(pk, sig, header, messages, committed, secret.nyms, &entropy.z, &secret.blind, mm)
	if err != nil {
		return nil, fmt.Errorf("finalize: %w", err)
	}
	return &NymSecret{scheme: s, final: true, blind: secret.blind, nyms: nyms}, nil
}

// verifyFinalizeWithNym is the draft's VerifyFinalizeWithNym.
func (s *nymScheme) verifyFinalizeWithNym(pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, proverNyms []fr.Element, entropy, blind *fr.Element) ([]fr.Element, error) {
	return s.verifyFinalizeWithNymMapped(pk, sig, header, messages, committed, proverNyms, entropy, blind, nil)
}

// verifyFinalizeWithNymMapped is verifyFinalizeWithNym with the issuer's
// messages mapped to scalars by mm.
func (s *nymScheme) verifyFinalizeWithNymMapped(pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, proverNyms []fr.Element, entropy, blind *fr.Element, mm *MessageMap) ([]fr.Element, error) {
	n := len(proverNyms)
	if err := checkNymCount(n); err != nil {
		return nil, err
	}
	nyms := slices.Clone(proverNyms)
	nyms[n-1].Add(&nyms[n-1], entropy)
	m, gens, err := s.prepareParametersMapped(messages, committed, blind, nyms, mm)
	if err != nil {
		return nil, err
	}
	// The holder's check: the blind and the nym secrets are secrets.
	if err := s.nym.proverCheckSignature(pk, sig, &gens, combinedHeader(header, n), m); err != nil {
		return nil, err
	}
	return nyms, nil
}

// prepareParameters is Blind BBS's prepare_parameters with the nym
// scalars appended: the scalars msg_1..msg_L, secret_prover_blind,
// committed_1..committed_M, nym_1..nym_N and their generators Q_1,
// H_1..H_L, Q_2, J_1..J_(M+N).
func (s *nymScheme) prepareParameters(messages, committed [][]byte, blind *fr.Element, nyms []fr.Element) ([]fr.Element, ietfGenerators, error) {
	return s.prepareParametersMapped(messages, committed, blind, nyms, nil)
}

// prepareParametersMapped is prepareParameters with the issuer's messages
// mapped to scalars by mm (the committed messages are hashed).
func (s *nymScheme) prepareParametersMapped(messages, committed [][]byte, blind *fr.Element, nyms []fr.Element, mm *MessageMap) ([]fr.Element, ietfGenerators, error) {
	L, M := len(messages), len(committed)+len(nyms)
	gens, err := s.nymGenerators(L, M)
	if err != nil {
		return nil, gens, err
	}
	m, err := s.nym.mapMessages(messages, nil, mm)
	if err != nil {
		return nil, gens, err
	}
	cm, err := s.nym.messagesToScalars(committed)
	if err != nil {
		return nil, gens, err
	}
	out := make([]fr.Element, 0, L+1+M)
	out = append(out, m...)
	out = append(out, *blind)
	out = append(out, cm...)
	out = append(out, nyms...)
	return out, gens, nil
}

// Pseudonym computes OP·Σ nym_i·z^i for the final secret.
func (s *nymScheme) Pseudonym(secret *NymSecret, context []byte) (*Pseudonym, error) {
	if secret == nil {
		return nil, fmt.Errorf("%w: nil nym secret", ErrInvalidArgument)
	}
	if err := s.checkOwn("nym secret", secret.scheme); err != nil {
		return nil, err
	}
	if !secret.final {
		return nil, fmt.Errorf("%w: nym secret not finalised (FinalizeWithNym)", ErrInvalidArgument)
	}
	p, err := s.pseudonym(secret.nyms, context)
	if err != nil {
		return nil, fmt.Errorf("pseudonym: %w", err)
	}
	return s.newPseudonym(&p, ErrInvalidArgument)
}

// pseudonym is the draft's pseudonym calculation procedure.
func (s *nymScheme) pseudonym(nyms []fr.Element, context []byte) (bls12381.G1Affine, error) {
	op, z, err := s.contextPoint(context)
	if err != nil {
		return op, err
	}
	poly := nymPolynomial(nyms, &z)
	return secretMSM([]bls12381.G1Affine{op}, []fr.Element{poly}) // the nym secrets' polynomial is secret
}

// contextPoint returns OP = hash_to_curve_g1(context_id, api_id) and
// z = hash_to_scalar(context_id, api_id ‖ "VECT_NYM_SECRETS").
func (s *nymScheme) contextPoint(context []byte) (bls12381.G1Affine, fr.Element, error) {
	c, err := s.context(context)
	if err != nil {
		return bls12381.G1Affine{}, fr.Element{}, err
	}
	return c.table[0], c.z, nil
}

// nymContext is what a context identifier determines: OP (with its table
// of odd multiples; OP is table[0]) and z.
type nymContext struct {
	table *group.G1Table
	z     fr.Element
}

// maxCachedContexts bounds the contexts whose OP and z are kept: a verifier
// sees the same few contexts (polls, months) again and again, and
// hash_to_curve is a tenth of a verification.
const maxCachedContexts = 64

// context returns the context's OP and z, cached by the SHA-256 of the
// context identifier.
func (s *nymScheme) context(context []byte) (*nymContext, error) {
	return s.contexts.Get(sha256.Sum256(context), func() (*nymContext, error) {
		op, err := s.nym.hashToCurve(context, s.h2cDST)
		if err != nil {
			return nil, err
		}
		z, err := s.nym.hashToScalar(context, s.vecDST)
		if err != nil {
			return nil, err
		}
		return &nymContext{table: &group.NewG1Tables([]bls12381.G1Affine{op})[0], z: z}, nil
	})
}

// checkKeySig checks that pk and sig are non-nil and of s.
func (s *nymScheme) checkKeySig(pk *PublicKey, sig *Signature) error {
	if pk == nil || sig == nil {
		return fmt.Errorf("%w: nil public key or signature", ErrInvalidArgument)
	}
	if err := checkScheme(s, "public key", pk.scheme); err != nil {
		return err
	}
	return checkScheme(s, "signature", sig.scheme)
}

// slice returns generators i..j-1 of g as a generator list.
func (g *ietfGenerators) slice(i, j int) ietfGenerators {
	return ietfGenerators{points: g.points[i:j:j], enc: g.enc[i*g1Size : j*g1Size : j*g1Size], tables: g.tables[i:j:j]}
}

// nymRandomScalars reads n fresh secrets (prover_nyms, signer_nym_entropy)
// from rand (crypto/rand when nil), 48 bytes each reduced modulo r, as the
// drafts do. They are not hedged: they are secrets to generate, not the
// blinding of a proof (nym_hedge.go).
func nymRandomScalars(rand io.Reader, n int) ([]fr.Element, error) {
	out := make([]fr.Element, n)
	for i := range out {
		var err error
		if out[i], err = group.RandomScalar(rand); err != nil {
			return nil, err
		}
	}
	return out, nil
}
