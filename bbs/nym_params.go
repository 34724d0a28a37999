// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/sha256"
	"fmt"
	"io"
	"sync"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/lru"
)

// The pseudonym schemes of draft-irtf-cfrg-bbs-per-verifier-linkability-03
// (BBS per-verifier linkability), one per IETF ciphersuite. This file holds
// the scheme values, their parameters (api_ids, generators) and the parts of
// the Scheme interface they share with the IETF schemes (keys, signature
// and proof encodings). blind.go has the Blind BBS parts the draft reuses,
// nym.go issuance and pseudonyms, nym_proof.go proofs with a pseudonym,
// nym_values.go the typed values of the protocol.

// Names of the pseudonym schemes.
const (
	// NymBLS12381SHA256Name is the pseudonym scheme over BLS12-381-SHA-256.
	NymBLS12381SHA256Name = "bbs-nym-bls12381-sha256"
	// NymBLS12381SHAKE256Name is the pseudonym scheme over BLS12-381-SHAKE-256.
	NymBLS12381SHAKE256Name = "bbs-nym-bls12381-shake256"
)

// MaxNymSecrets is the largest nym_secrets vector (n-use pseudonyms) this
// package accepts. The draft sets no bound; each secret costs a verifier one
// scalar of proof and one generator.
const MaxNymSecrets = 64

// nymScheme is a pseudonym scheme: the IETF ciphersuite with the pseudonym
// interface's api_id, ciphersuite_id || "H2G_HM2S_PSEUDONYM_" (nym), and the
// blind generators' api_id, "BLIND_" || that (blind). Both are ietfSchemes
// so the IETF core (generators, domain, ProofInit, ProofFinalize,
// ProofVerifyInit, CoreVerify) serves them unchanged.
type nymScheme struct {
	name  string
	nym   *ietfScheme
	blind *ietfScheme

	h2cDST []byte // api_id: hash_to_curve_g1 of the context identifier (OP)
	vecDST []byte // api_id || "VECT_NYM_SECRETS": z of the nym polynomial

	contexts *lru.Cache[[sha256.Size]byte, *nymContext]

	last struct { // the generators of the last shape asked for
		sync.Mutex
		l, m int
		gens *ietfGenerators
	}
}

var (
	nymSHA256   = newNymScheme(NymBLS12381SHA256Name, bbsSHA256)
	nymSHAKE256 = newNymScheme(NymBLS12381SHAKE256Name, bbsSHAKE256)
)

func init() {
	register(nymSHA256)
	register(nymSHAKE256)
}

// NymBLS12381SHA256 returns the pseudonym scheme over BLS12-381-SHA-256
// ("bbs-nym-bls12381-sha256"); its value implements [PseudonymScheme].
func NymBLS12381SHA256() PseudonymScheme { return nymSHA256 }

// NymBLS12381SHAKE256 returns the pseudonym scheme over BLS12-381-SHAKE-256
// ("bbs-nym-bls12381-shake256"); its value implements [PseudonymScheme].
func NymBLS12381SHAKE256() PseudonymScheme { return nymSHAKE256 }

func newNymScheme(name string, base *ietfScheme) *nymScheme {
	api := base.suiteID + "H2G_HM2S_PSEUDONYM_"
	p1 := group.AppendG1(nil, &base.p1)
	hexP1 := fmt.Sprintf("%x", p1)
	return &nymScheme{
		name:   name,
		nym:    newIETFSchemeAPI(name, base.suiteID, api, base.expand, hexP1),
		blind:  newIETFSchemeAPI(name+"/blind", base.suiteID, "BLIND_"+api, base.expand, hexP1),
		h2cDST: []byte(api),
		vecDST: []byte(api + "VECT_NYM_SECRETS"),

		contexts: lru.New[[sha256.Size]byte, *nymContext](maxCachedContexts),
	}
}

// Name returns the scheme's name.
func (s *nymScheme) Name() string { return s.name }

func (*nymScheme) sealed() {}

// GenerateKey is the IETF ciphersuite's key generation; the key belongs to
// the pseudonym scheme.
func (s *nymScheme) GenerateKey(rand io.Reader) (*SecretKey, error) {
	sk, err := s.nym.GenerateKey(rand)
	if err != nil {
		return nil, err
	}
	return newSecretKey(s, &sk.x)
}

// NewKeyFromSeed is the IETF ciphersuite's KeyGen(seed, "", default key_dst).
func (s *nymScheme) NewKeyFromSeed(seed []byte) (*SecretKey, error) {
	sk, err := s.nym.NewKeyFromSeed(seed)
	if err != nil {
		return nil, err
	}
	return newSecretKey(s, &sk.x)
}

// ParseSecretKey parses a 32-byte big-endian secret key.
func (s *nymScheme) ParseSecretKey(b []byte) (*SecretKey, error) { return parseSecretKey(s, b) }

// ParsePublicKey parses a 96-byte compressed G2 public key.
func (s *nymScheme) ParsePublicKey(b []byte) (*PublicKey, error) { return newPublicKey(s, b) }

// ParseSignature parses A‖e (80 bytes) as the IETF schemes do.
func (s *nymScheme) ParseSignature(b []byte) (*Signature, error) {
	sig, err := s.nym.ParseSignature(b)
	if err != nil {
		return nil, err
	}
	sig.scheme = s
	return sig, nil
}

// ParseProof parses a proof in the IETF encoding (272 + 32·U bytes). A
// proof with a pseudonym hides at least the prover blind and one nym
// secret, so U ≥ 2.
func (s *nymScheme) ParseProof(b []byte) (*Proof, error) {
	p, err := s.nym.ParseProof(b)
	if err != nil {
		return nil, err
	}
	if n := len(p.body.(*ietfProof).mHat); n < 2 {
		return nil, fmt.Errorf("%w: %d hidden messages, a proof with a pseudonym hides at least 2", ErrMalformedProof, n)
	}
	p.scheme = s
	return p, nil
}

// errNeedsNym is returned by the Scheme methods that a pseudonym scheme
// cannot serve without the nym values.
func (s *nymScheme) errNeedsNym(op string) error {
	return fmt.Errorf("%w: %s of scheme %s needs the pseudonym operations (PseudonymScheme.%s)", ErrInvalidArgument, op, s.name, map[string]string{
		"sign": "BlindSignWithNym", "verify": "FinalizeWithNym",
		"derive proof": "DeriveProofWithPseudonym", "verify proof": "VerifyProofWithPseudonym",
	}[op])
}

// Sign refuses: a credential of a pseudonym scheme is blind-signed over the
// holder's committed nym secret (BlindSignWithNym).
func (s *nymScheme) Sign(*SecretKey, []byte, [][]byte) (*Signature, error) {
	return nil, s.errNeedsNym("sign")
}

// Verify refuses: the holder checks its credential with FinalizeWithNym.
func (s *nymScheme) Verify(*PublicKey, *Signature, []byte, [][]byte) error {
	return s.errNeedsNym("verify")
}

// DeriveProof refuses: proofs carry a pseudonym (DeriveProofWithPseudonym).
func (s *nymScheme) DeriveProof(io.Reader, *PublicKey, *Signature, []byte, []byte, [][]byte, []int) (*Proof, error) {
	return nil, s.errNeedsNym("derive proof")
}

// VerifyProof refuses: a proof of a pseudonym scheme is only valid with its
// pseudonym and context (VerifyProofWithPseudonym).
func (s *nymScheme) VerifyProof(*PublicKey, *Proof, []byte, []byte, []DisclosedMessage) error {
	return s.errNeedsNym("verify proof")
}

// nymGenerators returns the signer's generators Q_1, H_1..H_L followed by
// the blind generators Q_2, J_1..J_M, as one generator list (Blind BBS's
// prepare_parameters: generators.append(blind_generators)).
func (s *nymScheme) nymGenerators(l, m int) (ietfGenerators, error) {
	if l < 0 || m < 0 || l+m+1 > MaxMessages {
		return ietfGenerators{}, fmt.Errorf("%w: %d signer and %d blind messages, at most %d in all", ErrInvalidArgument, l, m+1, MaxMessages)
	}
	s.last.Lock()
	defer s.last.Unlock()
	if s.last.gens != nil && s.last.l == l && s.last.m == m {
		return *s.last.gens, nil
	}
	g, err := s.nym.generators(l + 1)
	if err != nil {
		return ietfGenerators{}, err
	}
	b, err := s.blind.generators(m + 1)
	if err != nil {
		return ietfGenerators{}, err
	}
	// The tables are copied (6 KiB per generator); the last shape is kept,
	// since a verifier sees the same credential shape again and again.
	c := ietfGenerators{
		points: append(g.points[:l+1:l+1], b.points...),
		enc:    append(g.enc[:len(g.enc):len(g.enc)], b.enc...),
		tables: append(g.tables[:l+1:l+1], b.tables...),
	}
	s.last.l, s.last.m, s.last.gens = l, m, &c
	return c, nil
}

// combinedHeader is header ‖ I2OSP(length_nym_vector, 8): the signature and
// its proofs are bound to the length of the nym_secrets vector.
func combinedHeader(header []byte, n int) []byte {
	out := make([]byte, 0, len(header)+8)
	out = append(out, header...)
	var b [8]byte
	for i := 7; i >= 0; i-- {
		b[i] = byte(n)
		n >>= 8
	}
	return append(out, b[:]...)
}

// nymPolynomial evaluates Σ v_i·z^i (Horner's rule).
func nymPolynomial(v []fr.Element, z *fr.Element) fr.Element {
	var acc fr.Element
	for i := len(v) - 1; i >= 0; i-- {
		acc.Mul(&acc, z).Add(&acc, &v[i])
	}
	return acc
}
