// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/subtle"
	"errors"
	"fmt"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/lru"
)

// Encoded sizes shared by every scheme.
const (
	// PublicKeySize is the size of a public key: a compressed G2 point.
	PublicKeySize = bls12381.SizeOfG2AffineCompressed
	// SecretKeySize is the size of a secret key: a big-endian scalar.
	SecretKeySize = fr.Bytes
	// g1Size is the size of a compressed G1 point.
	g1Size = bls12381.SizeOfG1AffineCompressed
	// scalarSize is the size of an encoded scalar.
	scalarSize = fr.Bytes
)

// PublicKey is a BBS public key of one scheme: W = x·P2 in G2. A *PublicKey
// is always a valid key: on the curve, in the subgroup, not the identity.
type PublicKey struct {
	scheme Scheme
	w      bls12381.G2Affine
	enc    [PublicKeySize]byte
}

// Scheme returns the scheme the key belongs to (nil for a nil key).
func (pk *PublicKey) Scheme() Scheme {
	if pk == nil {
		return nil
	}
	return pk.scheme
}

// Bytes returns the key as a 96-byte compressed G2 point.
func (pk *PublicKey) Bytes() []byte { return append([]byte(nil), pk.enc[:]...) }

// Equal reports whether pk and x are the same key of the same scheme.
func (pk *PublicKey) Equal(x *PublicKey) bool {
	return x != nil && pk.scheme == x.scheme && pk.enc == x.enc
}

// SecretKey is a BBS secret key: a scalar x with 0 < x < r.
type SecretKey struct {
	scheme Scheme
	x      fr.Element
	pub    *PublicKey
}

// Scheme returns the scheme the key belongs to (nil for a nil key).
func (sk *SecretKey) Scheme() Scheme {
	if sk == nil {
		return nil
	}
	return sk.scheme
}

// Bytes returns the key as a 32-byte big-endian scalar.
func (sk *SecretKey) Bytes() []byte {
	b := sk.x.Bytes()
	return b[:]
}

// PublicKey returns the public key of sk.
func (sk *SecretKey) PublicKey() *PublicKey { return sk.pub }

// Equal reports whether sk and x are the same key of the same scheme, in
// constant time.
func (sk *SecretKey) Equal(x *SecretKey) bool {
	if x == nil || sk.scheme != x.scheme {
		return false
	}
	a, b := sk.x.Bytes(), x.x.Bytes()
	return subtle.ConstantTimeCompare(a[:], b[:]) == 1
}

// Signature is a BBS signature of one scheme: the point A and the scalar e,
// and, in BBS+ 2020, the scalar s.
type Signature struct {
	scheme Scheme
	a      bls12381.G1Affine
	e, s   fr.Element
	enc    []byte
}

// Scheme returns the scheme the signature belongs to (nil for a nil
// signature).
func (sig *Signature) Scheme() Scheme {
	if sig == nil {
		return nil
	}
	return sig.scheme
}

// Bytes returns the signature in its scheme's encoding.
func (sig *Signature) Bytes() []byte { return append([]byte(nil), sig.enc...) }

// Proof is a selective-disclosure proof of one scheme. A *Proof is well
// formed: its points and scalars decode and its lengths agree; whether it
// proves anything is for VerifyProof to say.
type Proof struct {
	scheme Scheme
	enc    []byte
	body   any // the scheme's parsed form
}

// Scheme returns the scheme the proof belongs to (nil for a nil proof).
func (p *Proof) Scheme() Scheme {
	if p == nil {
		return nil
	}
	return p.scheme
}

// Bytes returns the proof in its scheme's encoding.
func (p *Proof) Bytes() []byte { return append([]byte(nil), p.enc...) }

// Revealed returns the number of signed messages the proof covers and the
// ascending indices it reveals, for schemes whose proofs encode them
// (BBS+ 2020). ok is false for schemes whose proofs leave them to the
// verifier (the IETF schemes).
func (p *Proof) Revealed() (count int, indices []int, ok bool) {
	if b, isBBSPlus := p.body.(*bbsPlusProof); isBBSPlus {
		return b.count, append([]int{}, b.revealed...), true
	}
	return 0, nil, false
}

// MessageCount returns the number of signed messages the proof covers,
// given the number of messages the verifier discloses with it. A BBS+ 2020
// proof encodes its message count, and disclosed is ignored; an IETF proof
// encodes its number of hidden messages, and the count is disclosed plus
// that. A proof of a pseudonym scheme also hides the prover blind and the
// nym secrets: its count is the issuer's messages (the count the issuer
// signed and pins) of a credential of one nym secret and no holder-committed
// message, the shape of cmd/bbs's credentials and the contract's requests,
// disclosed plus hidden minus 2. It reads the parsed proof only: no curve
// arithmetic, so a verifier can refuse a count it does not expect before
// any expensive work.
func (p *Proof) MessageCount(disclosed int) int {
	switch b := p.body.(type) {
	case *bbsPlusProof:
		return b.count
	case *ietfProof:
		if _, nym := p.scheme.(*nymScheme); nym {
			// ParseProof guarantees at least the blind and one nym.
			return disclosed + len(b.mHat) - 1 - DefaultNymCount
		}
		return disclosed + len(b.mHat)
	}
	return 0
}

// DefaultNymCount is the length of the nym vector of the credentials whose
// proofs Proof.MessageCount counts: one nym secret, the draft's
// single-secret case.
const DefaultNymCount = 1

// newPublicKey parses and validates a compressed G2 public key for scheme s.
func newPublicKey(s Scheme, b []byte) (*PublicKey, error) {
	if len(b) != PublicKeySize {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrMalformedPublicKey, len(b), PublicKeySize)
	}
	pk := &PublicKey{scheme: s}
	copy(pk.enc[:], b)
	enc := pk.enc // the cache's own copy: b may change under us
	w, err := validKeys.Get(enc, func() (bls12381.G2Affine, error) {
		return decodePublicKeyPoint(&enc)
	})
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedPublicKey, err)
	}
	pk.w = w
	return pk, nil
}

// decodePublicKeyPoint decodes and validates the key encoding enc, which
// must be the cache's own copy (never a caller's slice, which the caller
// could change between the copy and the decoding, caching one key's point
// under another key's bytes).
func decodePublicKeyPoint(enc *[PublicKeySize]byte) (bls12381.G2Affine, error) {
	w, err := group.DecodeG2(enc[:])
	if err != nil {
		return w, err
	}
	if w.IsInfinity() {
		return w, errors.New("identity point")
	}
	return w, nil
}

// validKeys caches the points of recently parsed valid public keys: a
// verifier sees the same few issuer keys again and again, and decompressing
// a G2 point with its subgroup check is a fifth of a proof verification.
// Invalid encodings are never cached.
var validKeys = lru.New[[PublicKeySize]byte, bls12381.G2Affine](maxCachedKeys)

// newSecretKey makes the key x (which must be non-zero) of scheme s.
func newSecretKey(s Scheme, x *fr.Element) (*SecretKey, error) {
	if x.IsZero() {
		return nil, fmt.Errorf("%w: zero scalar", ErrMalformedSecretKey)
	}
	w, err := secretG2Base(x) // x is secret: split into random shares
	if err != nil {
		return nil, fmt.Errorf("derive public key: %w", err)
	}
	pk := &PublicKey{scheme: s, w: w, enc: w.Bytes()}
	return &SecretKey{scheme: s, x: *x, pub: pk}, nil
}

// parseSecretKey parses a 32-byte big-endian secret key of scheme s.
func parseSecretKey(s Scheme, b []byte) (*SecretKey, error) {
	if len(b) != SecretKeySize {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrMalformedSecretKey, len(b), SecretKeySize)
	}
	x, err := group.DecodeScalar(b)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformedSecretKey, err)
	}
	return newSecretKey(s, &x)
}

// checkScheme returns an error unless got, the scheme of the value named
// what, is s. A nil value has no scheme and is refused.
func checkScheme(s Scheme, what string, got Scheme) error {
	if got != s {
		name := "<nil>"
		if got != nil {
			name = got.Name()
		}
		return fmt.Errorf("%w: %s of scheme %s given to scheme %s", ErrInvalidArgument, what, name, s.Name())
	}
	return nil
}
