// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"errors"
	"fmt"
	"io"
	"slices"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Errors of the pseudonym schemes, in addition to the package's others.
var (
	// ErrInvalidCommitment means a well-formed commitment with proof does
	// not verify against the blind generators of its shape.
	ErrInvalidCommitment = errors.New("bbs: invalid commitment")
	// ErrMalformedCommitment means commitment bytes could not be parsed.
	ErrMalformedCommitment = errors.New("bbs: malformed commitment")
	// ErrMalformedPseudonym means pseudonym bytes could not be parsed.
	ErrMalformedPseudonym = errors.New("bbs: malformed pseudonym")
	// ErrMalformedNymSecret means nym secret or nym entropy bytes could not
	// be parsed.
	ErrMalformedNymSecret = errors.New("bbs: malformed nym secret")
)

// PseudonymScheme is a scheme with the operations of
// draft-irtf-cfrg-bbs-per-verifier-linkability-03: a credential blind-signed
// over a secret nym vector of the holder, and proofs that reveal
// pseudonym = OP·Σ nym_i·z^i for OP = hash_to_curve(context), z =
// hash_to_scalar(context): the same for one credential in one context,
// unlinkable across contexts. [NymBLS12381SHA256] and
// [NymBLS12381SHAKE256] implement it; [SchemeByName] returns them as a
// Scheme, so callers type-assert:
//
//	s, err := bbs.SchemeByName(name)
//	ps, ok := s.(bbs.PseudonymScheme)
//
// The plain Scheme methods Sign, Verify, DeriveProof and VerifyProof of a
// pseudonym scheme return ErrInvalidArgument: its credentials and proofs are
// only made and checked with the nym values.
//
// The flow: the holder calls CommitWithNym and sends the commitment (and
// its nym count) to the issuer, keeping the NymSecret; the issuer parses it
// with ParseNymCommitment and calls BlindSignWithNym, returning the
// signature and its NymEntropy; the holder calls FinalizeWithNym, which
// checks the signature and returns the final NymSecret; the holder then
// proves with DeriveProofWithPseudonym in a context, and the verifier
// checks with VerifyProofWithPseudonym.
type PseudonymScheme interface {
	Scheme

	// CommitWithNym is the holder's CommitWithNym: it draws nymCount
	// secret scalars (prover_nyms) and commits to them after the committed
	// messages, with a proof of knowledge. It returns the commitment to send
	// and the secret to keep (prover_nyms and secret_prover_blind). The
	// prover_nyms are read from rand; the commitment's other random scalars
	// are hedged over rand, the nyms and the committed messages.
	CommitWithNym(rand io.Reader, committed [][]byte, nymCount int) (*NymCommitment, *NymSecret, error)
	// ParseNymCommitment parses a commitment_with_proof whose last
	// nymCount committed scalars are the nym secrets. It checks the
	// encoding; BlindSignWithNym checks the proof.
	ParseNymCommitment(b []byte, nymCount int) (*NymCommitment, error)
	// BlindSignWithNym is the issuer's BlindSignWithNym: it checks the
	// commitment's proof (ErrInvalidCommitment), draws signer_nym_entropy
	// from rand and signs the header, the issuer's messages and the
	// commitment. The entropy goes back to the holder with the signature.
	BlindSignWithNym(rand io.Reader, sk *SecretKey, com *NymCommitment, header []byte, messages [][]byte) (*Signature, *NymEntropy, error)
	// ParseNymEntropy parses a 32-byte signer_nym_entropy.
	ParseNymEntropy(b []byte) (*NymEntropy, error)
	// FinalizeWithNym is the holder's VerifyFinalizeWithNym: it checks the
	// signature over messages, the committed messages and the nym secrets
	// (ErrInvalidSignature) and returns the final secret (nym_secrets,
	// the last one plus the entropy, and secret_prover_blind).
	FinalizeWithNym(pk *PublicKey, sig *Signature, header []byte, messages, committed [][]byte, secret *NymSecret, entropy *NymEntropy) (*NymSecret, error)
	// ParseNymSecret parses a NymSecret's Bytes.
	ParseNymSecret(b []byte) (*NymSecret, error)
	// Pseudonym computes the pseudonym of a final secret in context.
	Pseudonym(secret *NymSecret, context []byte) (*Pseudonym, error)
	// ParsePseudonym parses a 48-byte compressed G1 pseudonym, refusing
	// the identity and the base point.
	ParsePseudonym(b []byte) (*Pseudonym, error)
	// DeriveProofWithPseudonym is ProofGenWithNym (DerivePseudonymProof
	// takes the same statement as an options struct): a proof of the
	// signature revealing messages[revealed] and committed[revealedCommitted]
	// (any order, no repeats), bound to nonce (the presentation header),
	// with the pseudonym of secret (final) in context. Its random scalars
	// are hedged over rand, the secrets and the statement: a repeated or
	// weak rand does not repeat them across nonces or contexts.
	DeriveProofWithPseudonym(rand io.Reader, pk *PublicKey, sig *Signature, header, nonce, context []byte, messages, committed [][]byte, revealed, revealedCommitted []int, secret *NymSecret) (*Proof, *Pseudonym, error)
	// VerifyProofWithPseudonym is ProofVerifyWithNym (VerifyPseudonymProof
	// takes the same statement as an options struct) for a credential of
	// signerMessages issuer messages and nymCount nym secrets. disclosed
	// indexes the issuer's messages, disclosedCommitted the holder's
	// committed messages, each strictly ascending. It returns nil if the
	// proof is valid and pseudonym is the credential's in context,
	// ErrInvalidProof if not, another error for bad arguments.
	VerifyProofWithPseudonym(pk *PublicKey, proof *Proof, pseudonym *Pseudonym, header, nonce, context []byte, signerMessages, nymCount int, disclosed, disclosedCommitted []DisclosedMessage) error

	// DerivePseudonymProof is DeriveProofWithPseudonym with the statement
	// in an options struct: the same proof for the same arguments and
	// randomness.
	DerivePseudonymProof(rand io.Reader, pk *PublicKey, sig *Signature, secret *NymSecret, opts PseudonymProofOptions) (*Proof, *Pseudonym, error)
	// VerifyPseudonymProof is VerifyProofWithPseudonym with the statement
	// in an options struct; a zero NymCount means DefaultNymCount.
	VerifyPseudonymProof(pk *PublicKey, proof *Proof, pseudonym *Pseudonym, opts PseudonymVerifyOptions) error
}

// PseudonymProofOptions is the statement a holder proves with
// [PseudonymScheme.DerivePseudonymProof]: the credential's messages, what
// the proof reveals of them, and what it is bound to.
type PseudonymProofOptions struct {
	// Header is the signature's header.
	Header []byte
	// Nonce is the presentation header the proof is bound to.
	Nonce []byte
	// Context is the verifier's context identifier: the proof reveals the
	// credential's pseudonym in it.
	Context []byte
	// Messages are the issuer's messages and Committed the holder's
	// committed messages, as signed.
	Messages, Committed [][]byte
	// Revealed indexes Messages and RevealedCommitted indexes Committed:
	// the messages the proof discloses, in any order, without repeats.
	Revealed, RevealedCommitted []int
}

// PseudonymVerifyOptions is the statement a verifier checks with
// [PseudonymScheme.VerifyPseudonymProof].
type PseudonymVerifyOptions struct {
	// Header is the signature's header, Nonce the presentation header and
	// Context the verifier's context identifier.
	Header, Nonce, Context []byte
	// SignerMessages is the number of the issuer's messages of the
	// credential.
	SignerMessages int
	// NymCount is the length of the credential's nym vector; zero means
	// DefaultNymCount.
	NymCount int
	// Disclosed are the issuer's messages the proof discloses and
	// DisclosedCommitted the holder's committed ones, each strictly
	// ascending by index.
	Disclosed, DisclosedCommitted []DisclosedMessage
}

// NymCommitment is a holder's commitment with proof to its committed
// messages and nym secrets (Blind BBS's commitment_with_proof), with the
// number of nym secrets it ends with.
type NymCommitment struct {
	scheme *nymScheme
	com    *blindCommit
	n      int
	enc    []byte
}

// Bytes returns the draft's commitment_with_proof encoding.
func (c *NymCommitment) Bytes() []byte { return slices.Clone(c.enc) }

// NymCount returns the number of nym secrets committed to.
func (c *NymCommitment) NymCount() int { return c.n }

// CommittedMessages returns the number of committed messages (other than
// the nym secrets).
func (c *NymCommitment) CommittedMessages() int { return len(c.com.mHat) - c.n }

// Scheme returns the commitment's scheme.
func (c *NymCommitment) Scheme() Scheme { return c.scheme }

// NymEntropy is the issuer's signer_nym_entropy: a non-zero scalar added to
// the holder's last nym secret by the signature.
type NymEntropy struct {
	scheme *nymScheme
	z      fr.Element
}

// Bytes returns the entropy as a 32-byte big-endian scalar.
func (e *NymEntropy) Bytes() []byte { return group.AppendScalar(nil, &e.z) }

// NymSecret is the holder's secret: secret_prover_blind and the nym vector,
// either the prover_nyms of a commitment (before FinalizeWithNym) or the
// final nym_secrets of a credential (after). Its encoding is a stage byte
// (1 before, 2 after) ‖ secret_prover_blind ‖ the nym scalars, 32 bytes
// each. Keep it secret.
type NymSecret struct {
	scheme *nymScheme
	final  bool
	blind  fr.Element
	nyms   []fr.Element
}

const (
	nymStageCommitted = 1
	nymStageFinal     = 2
)

// Bytes returns the secret's encoding.
func (s *NymSecret) Bytes() []byte {
	out := make([]byte, 0, 1+(1+len(s.nyms))*scalarSize)
	out = append(out, nymStageCommitted)
	if s.final {
		out[0] = nymStageFinal
	}
	out = group.AppendScalar(out, &s.blind)
	for i := range s.nyms {
		out = group.AppendScalar(out, &s.nyms[i])
	}
	return out
}

// Final reports whether the secret is a credential's final nym_secrets.
func (s *NymSecret) Final() bool { return s.final }

// NymCount returns the length of the nym vector.
func (s *NymSecret) NymCount() int { return len(s.nyms) }

// Pseudonym is a pseudonym: a G1 point other than the identity and the base
// point, the same for one credential in one context.
type Pseudonym struct {
	scheme *nymScheme
	p      bls12381.G1Affine
	enc    [g1Size]byte
}

// Bytes returns the pseudonym as a 48-byte compressed G1 point.
func (p *Pseudonym) Bytes() []byte { return slices.Clone(p.enc[:]) }

// Equal reports whether p and x are the same pseudonym of the same scheme.
func (p *Pseudonym) Equal(x *Pseudonym) bool {
	return p != nil && x != nil && p.scheme == x.scheme && p.enc == x.enc
}

// ParseNymCommitment parses commitment_with_proof bytes ending with
// nymCount nym scalars.
func (s *nymScheme) ParseNymCommitment(b []byte, nymCount int) (*NymCommitment, error) {
	if err := checkNymCount(nymCount); err != nil {
		return nil, err
	}
	com, err := parseBlindCommit(b)
	if err != nil {
		return nil, err
	}
	if len(com.mHat) < nymCount {
		return nil, fmt.Errorf("%w: commitment to %d scalars cannot end with %d nym secrets", ErrMalformedCommitment, len(com.mHat), nymCount)
	}
	return &NymCommitment{scheme: s, com: com, n: nymCount, enc: slices.Clone(b)}, nil
}

// ParseNymEntropy parses a 32-byte big-endian non-zero scalar.
func (s *nymScheme) ParseNymEntropy(b []byte) (*NymEntropy, error) {
	z, err := group.DecodeScalar(b)
	if err != nil {
		return nil, fmt.Errorf("%w: entropy: %v", ErrMalformedNymSecret, err)
	}
	if z.IsZero() {
		return nil, fmt.Errorf("%w: entropy is zero", ErrMalformedNymSecret)
	}
	return &NymEntropy{scheme: s, z: z}, nil
}

// ParseNymSecret parses a NymSecret's encoding: stage byte, then 1 + N
// canonical non-zero scalars, 1 ≤ N ≤ MaxNymSecrets.
func (s *nymScheme) ParseNymSecret(b []byte) (*NymSecret, error) {
	if len(b) < 1+2*scalarSize || (len(b)-1)%scalarSize != 0 {
		return nil, fmt.Errorf("%w: %d bytes, want 1 + 32·(1 + N) for N ≥ 1", ErrMalformedNymSecret, len(b))
	}
	n := (len(b)-1)/scalarSize - 1
	if n > MaxNymSecrets {
		return nil, fmt.Errorf("%w: %d nym secrets, at most %d", ErrMalformedNymSecret, n, MaxNymSecrets)
	}
	if b[0] != nymStageCommitted && b[0] != nymStageFinal {
		return nil, fmt.Errorf("%w: unknown stage %d", ErrMalformedNymSecret, b[0])
	}
	out := &NymSecret{scheme: s, final: b[0] == nymStageFinal, nyms: make([]fr.Element, n)}
	for i := 0; i <= n; i++ {
		z, err := group.DecodeScalar(b[1+i*scalarSize : 1+(i+1)*scalarSize])
		if err == nil && z.IsZero() {
			err = errors.New("zero scalar")
		}
		if err != nil {
			return nil, fmt.Errorf("%w: scalar %d: %v", ErrMalformedNymSecret, i, err)
		}
		if i == 0 {
			out.blind = z
		} else {
			out.nyms[i-1] = z
		}
	}
	return out, nil
}

// ParsePseudonym parses a compressed G1 point, refusing the identity and
// the base point P1.
func (s *nymScheme) ParsePseudonym(b []byte) (*Pseudonym, error) {
	p, err := group.DecodeG1(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedPseudonym, err)
	}
	return s.newPseudonym(&p, ErrMalformedPseudonym)
}

// newPseudonym wraps p, refusing the identity and P1 with errKind.
func (s *nymScheme) newPseudonym(p *bls12381.G1Affine, errKind error) (*Pseudonym, error) {
	if p.IsInfinity() {
		return nil, fmt.Errorf("%w: pseudonym is the identity", errKind)
	}
	var g bls12381.G1Affine
	_, _, g, _ = bls12381.Generators()
	if p.Equal(&g) || p.Equal(&s.nym.p1) {
		return nil, fmt.Errorf("%w: pseudonym is a base point", errKind)
	}
	out := &Pseudonym{scheme: s, p: *p}
	out.enc = p.Bytes()
	return out, nil
}

// checkNymCount checks 1 ≤ n ≤ MaxNymSecrets.
func checkNymCount(n int) error {
	if n < 1 || n > MaxNymSecrets {
		return fmt.Errorf("%w: %d nym secrets, want 1 to %d", ErrInvalidArgument, n, MaxNymSecrets)
	}
	return nil
}

// checkNymScheme checks that a value of a pseudonym scheme is of s.
func (s *nymScheme) checkOwn(what string, got *nymScheme) error {
	if got != s {
		name := "<nil>"
		if got != nil {
			name = got.name
		}
		return fmt.Errorf("%w: %s of scheme %s given to scheme %s", ErrInvalidArgument, what, name, s.name)
	}
	return nil
}
