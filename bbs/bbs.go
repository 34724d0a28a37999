// SPDX-License-Identifier: Apache-2.0

// Package bbs implements BBS signatures over BLS12-381: keys, signatures and
// zero-knowledge selective-disclosure proofs.
//
// Each BBS variant is a [Scheme]: the BBS+ 2020 format that aries-bbs-go and
// IBM/idemix speak ([BBSPlus2020]), and the ciphersuites of the IETF draft
// draft-irtf-cfrg-bbs-signatures ([BLS12381SHA256], [BLS12381SHAKE256]).
// Values are validated when they are parsed, so a *PublicKey, *SecretKey,
// *Signature or *Proof is always well formed for its scheme: points are on
// the curve, in the prime-order subgroup and not the identity where the
// scheme forbids it, scalars are canonical, and lengths agree with the bytes.
// One exception: the two commitments C1 and C2 of a BBS+ 2020 proof are
// checked on the curve only, and VerifyProof (or VerifyProofs) rejects the
// proof with ErrInvalidProof when either is outside the subgroup (see
// [BBSPlus2020]).
//
// Verification is deterministic and never modifies its inputs. No function
// of this package panics on malformed input.
//
// The pseudonym schemes of draft-irtf-cfrg-bbs-per-verifier-linkability
// ([NymBLS12381SHA256], [NymBLS12381SHAKE256]) are registered by name like
// the others and implement [PseudonymScheme]: a credential blind-signed over
// a secret nym vector of the holder, and proofs that reveal a pseudonym,
// constant for one credential in one context and unlinkable across
// contexts. [Schemes] lists the schemes usable through Scheme alone,
// [PseudonymSchemes] the pseudonym schemes.
//
// # Secrets and timing
//
// Scalar multiplication here (gnark-crypto's and the package's own
// multi-scalar multiplication) takes time that depends on the scalar.
// Key generation, Sign and DeriveProof handle secrets (x, 1/(x+e), e, s,
// hidden messages, blinding scalars); they split every secret scalar into
// two random additive shares on each call, and results are unchanged. The
// split is a mitigation, not constant time: each share alone is uniform,
// but the timing of a call depends on both, so it is not independent of
// the secret (see secret_shares.go for the threat model).
// The constant-time multiplications of secret_shares.go serve this module's
// revocation package, whose secrets a co-located attacker may time. The verification path
// (ParsePublicKey, ParseProof, Verify, VerifyProof), the only one a
// chaincode runs, handles no secret: keys, proofs, disclosed messages and
// nonces are public, so it needs no such care and draws no randomness.
// DeriveProof also hedges its random scalars (see [Scheme]) and verifies
// the signature before proving.
//
// # The BBS+ 2020 challenge
//
// The BBS+ 2020 challenge hashes Ā, A', h0, C1, D, h0, the hidden
// generators, C2 and the nonce scalar, as aries-bbs-go and IBM/idemix
// compute it. It does not hash the public key W, the message count L, the
// revealed indices or the revealed messages themselves. That is the
// inherited wire format, not an oversight to fix: W and L are bound
// through h0 and the hidden generators, which are hashed from W and L;
// the revealed indices select which generators are hashed as hidden; and
// the revealed messages enter the equation that C2, hashed and so fixed
// before the challenge, must satisfy. Changing the hashed input would break
// interoperability with every proof those libraries make and check. The
// verifier's own combining weight ρ, which no other library sees, does
// hash the full statement.
package bbs

import (
	"errors"
	"fmt"
	"io"
	"sort"
	"sync"
)

// MaxMessages is the largest number of messages a signature or proof may
// cover, in every scheme. It bounds the work and memory a verifier spends on
// one proof.
const MaxMessages = 1024

// Errors returned by this package. Parse and argument errors wrap one of the
// ErrMalformed* or ErrInvalidArgument sentinels with a detail of what was
// wrong; use errors.Is to test for them.
var (
	// ErrInvalidSignature means a well-formed signature does not verify.
	ErrInvalidSignature = errors.New("bbs: invalid signature")
	// ErrInvalidProof means a well-formed proof does not verify against the
	// key, header, nonce and disclosed messages given.
	ErrInvalidProof = errors.New("bbs: invalid proof")
	// ErrMalformedPublicKey means public key bytes could not be parsed.
	ErrMalformedPublicKey = errors.New("bbs: malformed public key")
	// ErrMalformedSecretKey means secret key bytes could not be parsed.
	ErrMalformedSecretKey = errors.New("bbs: malformed secret key")
	// ErrMalformedSignature means signature bytes could not be parsed.
	ErrMalformedSignature = errors.New("bbs: malformed signature")
	// ErrMalformedProof means proof bytes could not be parsed.
	ErrMalformedProof = errors.New("bbs: malformed proof")
	// ErrInvalidArgument means an argument other than a key, signature or
	// proof is unacceptable: a message count of zero or above MaxMessages,
	// revealed or disclosed indices out of range, unsorted or repeated, a
	// header given to a scheme that has none, a key of another scheme.
	ErrInvalidArgument = errors.New("bbs: invalid argument")
	// ErrUnknownScheme means no scheme has the name asked for.
	ErrUnknownScheme = errors.New("bbs: unknown scheme")
)

// DisclosedMessage is a message revealed by a proof, with its 0-based index
// in the list of signed messages.
type DisclosedMessage struct {
	Index   int
	Message []byte
}

// Scheme is one BBS variant. Its values are only usable with the scheme that
// made or parsed them.
//
// Messages are byte strings; each scheme maps them to scalars its own way.
// The header is signed with the messages (IETF schemes; BBS+ 2020 has no
// header and requires it empty). The nonce of a proof is the verifier's
// challenge input (the IETF presentation header).
//
// Scheme is sealed, as crypto/ecdh's Curve is: only this package implements
// it (the unexported method below), so methods can be added to it without
// breaking anyone. Use SchemeByName or Schemes to get one.
type Scheme interface {
	// Name is the scheme's identifier, such as "bbs+2020".
	Name() string

	// GenerateKey makes a secret key from random bytes read from rand
	// (crypto/rand.Reader when rand is nil).
	GenerateKey(rand io.Reader) (*SecretKey, error)
	// NewKeyFromSeed derives a secret key deterministically from seed.
	NewKeyFromSeed(seed []byte) (*SecretKey, error)
	// ParseSecretKey parses the 32-byte big-endian encoding of a secret key.
	ParseSecretKey(b []byte) (*SecretKey, error)
	// ParsePublicKey parses a 96-byte compressed G2 public key, rejecting
	// points off the curve, outside the subgroup, and the identity.
	ParsePublicKey(b []byte) (*PublicKey, error)
	// ParseSignature parses a signature in the scheme's encoding.
	ParseSignature(b []byte) (*Signature, error)
	// ParseProof parses a proof in the scheme's encoding. It checks the
	// encoding only; VerifyProof checks the proof.
	ParseProof(b []byte) (*Proof, error)

	// Sign signs messages (at least one, at most MaxMessages) and header.
	Sign(sk *SecretKey, header []byte, messages [][]byte) (*Signature, error)
	// Verify returns nil if sig is valid for messages and header under pk,
	// ErrInvalidSignature if it is not, and another error for bad arguments.
	Verify(pk *PublicKey, sig *Signature, header []byte, messages [][]byte) error
	// DeriveProof makes a proof of knowledge of sig that reveals the
	// messages at the given indices (any order, no repeats; may be empty)
	// and is bound to nonce. It verifies sig first and returns
	// ErrInvalidSignature if sig does not verify (a holder must never
	// present a signature an issuer could have tagged). Its random scalars
	// are hedged: derived from fresh bytes read from rand (crypto/rand.Reader
	// when rand is nil) hashed with the signature, messages, key, header,
	// nonce and reveal set, so a repeated or weak rand does not leak hidden
	// messages across proofs. A deterministic rand gives deterministic
	// proofs, for fixtures.
	DeriveProof(rand io.Reader, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed []int) (*Proof, error)
	// VerifyProof returns nil if proof is valid under pk for header, nonce
	// and exactly the disclosed messages given, ErrInvalidProof if it is
	// not, and another error for bad arguments. Disclosed indices must be
	// non-negative and strictly ascending (else ErrInvalidArgument); a set
	// of disclosed messages other than the one the proof was made for
	// (more, fewer, other indices) is ErrInvalidProof.
	VerifyProof(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage) error

	// sealed keeps implementations of Scheme inside this package.
	sealed()
}

var registry = struct {
	sync.RWMutex
	byName map[string]Scheme
}{byName: map[string]Scheme{}}

// register makes s available to SchemeByName and Schemes. Each scheme file
// calls it from init.
func register(s Scheme) {
	registry.Lock()
	defer registry.Unlock()
	if _, dup := registry.byName[s.Name()]; dup {
		panic("bbs: scheme registered twice: " + s.Name())
	}
	registry.byName[s.Name()] = s
}

// SchemeByName returns the scheme with the given name.
func SchemeByName(name string) (Scheme, error) {
	registry.RLock()
	defer registry.RUnlock()
	s, ok := registry.byName[name]
	if !ok {
		return nil, fmt.Errorf("%w: %q (supported: %v)", ErrUnknownScheme, name, schemeNamesLocked())
	}
	return s, nil
}

// Schemes returns every supported scheme whose Sign, Verify, DeriveProof
// and VerifyProof work on their own, sorted by name. The pseudonym schemes,
// which need their nym values, are listed by PseudonymSchemes; SchemeByName
// finds both kinds.
func Schemes() []Scheme {
	registry.RLock()
	defer registry.RUnlock()
	var out []Scheme
	for _, n := range schemeNamesLocked() {
		if _, nym := registry.byName[n].(PseudonymScheme); !nym {
			out = append(out, registry.byName[n])
		}
	}
	return out
}

// PseudonymSchemes returns the pseudonym schemes, sorted by name.
func PseudonymSchemes() []PseudonymScheme {
	registry.RLock()
	defer registry.RUnlock()
	var out []PseudonymScheme
	for _, n := range schemeNamesLocked() {
		if ps, nym := registry.byName[n].(PseudonymScheme); nym {
			out = append(out, ps)
		}
	}
	return out
}

func schemeNamesLocked() []string {
	names := make([]string, 0, len(registry.byName))
	for n := range registry.byName { //bbs:maporder-ok keys collected, sorted below
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}
