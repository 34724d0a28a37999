// SPDX-License-Identifier: Apache-2.0

// Package revocation is anonymous revocation for BBS credentials: a
// pairing-based positive accumulator (Vitto–Biryukov 2020, "Dynamic
// universal accumulator with batch update over bilinear groups", CT-RSA
// 2022, eprint 2020/777) whose value is kept per version on a ledger, and a
// zero-knowledge proof that the revocation handle signed in a credential,
// output as a Pedersen commitment by a committed-disclosure BBS proof
// (committed disclosure, Blind BBS draft -03), is a member of a named
// version of the accumulator.
//
// The accumulator over BLS12-381 with the issuer's secret α and public key
// P̃_α = α·P̃ (P̃ the G2 generator) holds, for every version k, a value
// V_k in G1. As in ALLOSAUR and the accumulators built on it, issuing does
// not change the value: the witness of handle y at version k is
// C = V_k·1/(y + α), and e(C, y·P̃ + P̃_α) = e(V_k, P̃). Revoking y makes
// version k+1 with V_{k+1} = V_k·1/(y + α); the update record (k+1, y,
// V_{k+1}) is constant-size, anyone checks it with one pairing product, and
// every holder of another handle x updates its witness from it alone:
// C' = (C − V_{k+1})·1/(y − x) (VB20, section 3). No issuer contact.
// RemoveBatch removes several handles in one version with one record that
// holders apply with one multi-scalar multiplication (VB20, section 4, the
// polynomial method; batch.go).
//
// The design, its soundness and zero-knowledge arguments and the wire
// formats are in docs/revocation-protocol.md. No standard exists for this
// composition; the BBS proof is draft -03's unchanged.
//
// Verification (VerifyRemoval, VerifyBatchRemoval, VerifyWitness, VerifyMembership,
// VerifyPresentation) is deterministic, draws no randomness and does not
// panic on any input.
package revocation

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// Sizes of the encodings.
const (
	ScalarSize     = fr.Bytes                              // a handle or secret key
	PointSize      = bls12381.SizeOfG1AffineCompressed     // an accumulator value or witness
	PublicKeySize  = bls12381.SizeOfG2AffineCompressed     // P̃_α
	RemovalSize    = 8 + ScalarSize + PointSize            // one update record
	MembershipSize = 1 + 8 + 2*rawPointSize + 4*ScalarSize // a membership proof
	// MembershipSizeFolded is the size of a membership proof in the folded
	// form (format 0x02) that Present makes.
	MembershipSizeFolded = 1 + 8 + 4*rawPointSize + 3*ScalarSize

	rawPointSize = bls12381.SizeOfG1AffineUncompressed
)

// Errors. Parse errors wrap ErrMalformed; use errors.Is.
var (
	// ErrMalformed means bytes could not be parsed.
	ErrMalformed = errors.New("revocation: malformed input")
	// ErrInvalid means a well-formed value does not verify: an update that
	// is not the removal it claims, a witness or a membership proof that
	// does not hold for the accumulator value given.
	ErrInvalid = errors.New("revocation: does not verify")
	// ErrRevoked means the holder's own handle is the one an update removes.
	ErrRevoked = errors.New("revocation: handle revoked")
	// ErrVersion means an update does not follow the version it is applied to.
	ErrVersion = errors.New("revocation: version out of sequence")
	// ErrHandleIndex means a presentation's handle is not the message the
	// issuer declared (VerifyPresentationAt).
	ErrHandleIndex = errors.New("revocation: handle at another message index")
)

var g2Gen, g2Lines = func() (bls12381.G2Affine, [2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff) {
	_, _, _, g2 := bls12381.Generators()
	return g2, bls12381.PrecomputeLines(g2)
}()

// SecretKey is the issuer's accumulator secret α.
type SecretKey struct {
	alpha fr.Element
	pub   *PublicKey
}

// PublicKey is P̃_α = α·P̃ in G2.
type PublicKey struct {
	p     bls12381.G2Affine
	enc   [PublicKeySize]byte
	once  sync.Once
	lines [2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff
	keys  sync.Map // bbs.Scheme → *bbs.PublicKey: the same G2 point, for bbs's pairing
}

// bbsKey returns P̃_α parsed as a G2 key of BBS scheme s, for
// bbsrev.VerifyCommittedProofWithDH.
func (pk *PublicKey) bbsKey(s bbs.Scheme) (*bbs.PublicKey, error) {
	if k, ok := pk.keys.Load(s); ok {
		return k.(*bbs.PublicKey), nil
	}
	k, err := s.ParsePublicKey(pk.enc[:])
	if err != nil {
		return nil, fmt.Errorf("%w: accumulator key as a G2 point of %s: %v", ErrMalformed, s.Name(), err)
	}
	v, _ := pk.keys.LoadOrStore(s, k)
	return v.(*bbs.PublicKey), nil
}

// GenerateKey makes an accumulator secret key and the initial value V_0 (a
// random point of G1) from rand (crypto/rand when nil).
func GenerateKey(rnd io.Reader) (*SecretKey, []byte, error) {
	if rnd == nil {
		rnd = rand.Reader
	}
	alpha, err := randomScalar(rnd)
	if err != nil {
		return nil, nil, err
	}
	k, err := randomScalar(rnd)
	if err != nil {
		return nil, nil, err
	}
	sk, err := newSecretKey(alpha)
	if err != nil {
		return nil, nil, err
	}
	var v0 bls12381.G1Affine
	v0.ScalarMultiplicationBase(k.BigInt(new(big.Int)))
	b := v0.Bytes()
	return sk, b[:], nil
}

func newSecretKey(alpha fr.Element) (*SecretKey, error) {
	if alpha.IsZero() {
		return nil, fmt.Errorf("%w: zero secret key", ErrMalformed)
	}
	var p bls12381.G2Affine
	p.ScalarMultiplicationBase(alpha.BigInt(new(big.Int)))
	pub := &PublicKey{p: p, enc: p.Bytes()}
	return &SecretKey{alpha: alpha, pub: pub}, nil
}

// ParseSecretKey parses the 32-byte big-endian encoding of α.
func ParseSecretKey(b []byte) (*SecretKey, error) {
	a, err := parseScalar(b)
	if err != nil {
		return nil, err
	}
	return newSecretKey(a)
}

// Bytes returns the 32-byte encoding of α.
func (sk *SecretKey) Bytes() []byte { b := sk.alpha.Bytes(); return b[:] }

// PublicKey returns P̃_α.
func (sk *SecretKey) PublicKey() *PublicKey { return sk.pub }

// ParsePublicKey parses a 96-byte compressed G2 point in the subgroup, not
// the identity.
func ParsePublicKey(b []byte) (*PublicKey, error) {
	if len(b) != PublicKeySize || b[0]&0x80 == 0 {
		return nil, fmt.Errorf("%w: public key of %d bytes, want %d compressed", ErrMalformed, len(b), PublicKeySize)
	}
	var p bls12381.G2Affine
	if _, err := p.SetBytes(b); err != nil {
		return nil, fmt.Errorf("%w: public key: %v", ErrMalformed, err)
	}
	if p.IsInfinity() {
		return nil, fmt.Errorf("%w: public key is the identity", ErrMalformed)
	}
	return &PublicKey{p: p, enc: p.Bytes()}, nil
}

// Bytes returns the 96-byte compressed encoding of P̃_α.
func (pk *PublicKey) Bytes() []byte { return append([]byte(nil), pk.enc[:]...) }

func (pk *PublicKey) preparedLines() *[2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff {
	pk.once.Do(func() { pk.lines = bls12381.PrecomputeLines(pk.p) })
	return &pk.lines
}

// Witness is the issuer's witness for handle y (a 32-byte scalar, see
// HandleScalar) against the accumulator value v:
// C = v·1/(y + α). It refuses y = −α.
func (sk *SecretKey) Witness(value, handle []byte) ([]byte, error) {
	v, err := parseValue(value)
	if err != nil {
		return nil, err
	}
	y, err := parseScalar(handle)
	if err != nil {
		return nil, err
	}
	c, err := sk.divide(&v, &y)
	if err != nil {
		return nil, err
	}
	b := c.Bytes()
	return b[:], nil
}

// divide returns v·1/(y + α) with the secret scalar split in two shares.
func (sk *SecretKey) divide(v *bls12381.G1Affine, y *fr.Element) (bls12381.G1Affine, error) {
	var d fr.Element
	d.Add(y, &sk.alpha)
	if d.IsZero() {
		return bls12381.G1Affine{}, fmt.Errorf("%w: handle is −α", ErrMalformed)
	}
	// 1/(y+α) = b·1/(b·(y+α)) for a random b: the inversion never sees the secret.
	b, err := randomScalar(rand.Reader)
	if err != nil {
		return bls12381.G1Affine{}, err
	}
	d.Mul(&d, &b)
	d.Inverse(&d)
	d.Mul(&d, &b)
	return secretMul(v, &d), nil
}

// Remove revokes handle y from the accumulator value of version `version`
// and returns the update record of version version+1 (see Removal).
func (sk *SecretKey) Remove(version uint64, value, handle []byte) (*Removal, error) {
	v, err := parseValue(value)
	if err != nil {
		return nil, err
	}
	y, err := parseScalar(handle)
	if err != nil {
		return nil, err
	}
	if version == ^uint64(0) {
		return nil, fmt.Errorf("%w: last version", ErrVersion)
	}
	nv, err := sk.divide(&v, &y)
	if err != nil {
		return nil, err
	}
	return &Removal{Version: version + 1, handle: y, value: nv}, nil
}

// Removal is the update record of one revocation: the version it makes,
// the removed handle y and the new value V = V_prev·1/(y + α). Encoded as
// I2OSP(version, 8) ‖ y ‖ V (88 bytes), whatever the number of holders or
// earlier revocations.
type Removal struct {
	Version uint64
	handle  fr.Element
	value   bls12381.G1Affine
}

// Handle returns the removed handle's 32-byte encoding.
func (r *Removal) Handle() []byte { b := r.handle.Bytes(); return b[:] }

// Value returns the new accumulator value's 48-byte encoding.
func (r *Removal) Value() []byte { b := r.value.Bytes(); return b[:] }

// Bytes returns the record's encoding.
func (r *Removal) Bytes() []byte {
	out := make([]byte, 8, RemovalSize)
	putU64(out, r.Version)
	out = append(out, r.Handle()...)
	return append(out, r.Value()...)
}

// ParseRemoval parses an update record: exactly RemovalSize bytes, a
// version above 0, a canonical handle, a G1 subgroup point other than the
// identity.
func ParseRemoval(b []byte) (*Removal, error) {
	if len(b) != RemovalSize {
		return nil, fmt.Errorf("%w: removal of %d bytes, want %d", ErrMalformed, len(b), RemovalSize)
	}
	r := &Removal{Version: getU64(b)}
	if r.Version == 0 {
		return nil, fmt.Errorf("%w: removal makes version 0", ErrMalformed)
	}
	var err error
	if r.handle, err = parseScalar(b[8 : 8+ScalarSize]); err != nil {
		return nil, err
	}
	if r.value, err = parseValue(b[8+ScalarSize:]); err != nil {
		return nil, err
	}
	return r, nil
}

// VerifyRemoval checks that r is the removal of its handle from prev, the
// value of version r.Version−1: e(V, y·P̃ + P̃_α) = e(V_prev, P̃). A
// contract runs it before it records the update, so that every holder can
// apply it.
func VerifyRemoval(pk *PublicKey, prev []byte, r *Removal) error {
	if pk == nil || r == nil {
		return fmt.Errorf("%w: nil key or removal", ErrMalformed)
	}
	v, err := parseValue(prev)
	if err != nil {
		return err
	}
	return checkWitness(pk, &v, &r.handle, &r.value)
}

// VerifyWitness checks the witness C of handle y against value v:
// e(C, y·P̃ + P̃_α) = e(V, P̃).
func VerifyWitness(pk *PublicKey, value, handle, witness []byte) error {
	if pk == nil {
		return fmt.Errorf("%w: nil key", ErrMalformed)
	}
	v, err := parseValue(value)
	if err != nil {
		return err
	}
	y, err := parseScalar(handle)
	if err != nil {
		return err
	}
	c, err := parseValue(witness)
	if err != nil {
		return err
	}
	return checkSecretWitness(pk, &v, &y, &c)
}

// checkSecretWitness is checkWitness for a secret handle y (a holder's):
// e(C, y·P̃ + P̃_α) = e(V, P̃) as e(C, P̃_α)·e(y·C − V, P̃) = 1, with y·C
// in constant time in G1 (bbsrev.SecretScalarMulAdd) instead of y·P̃ in variable time in
// G2, and both G2 points fixed (their lines precomputed). For y = −α the
// left side is e(−V, P̃) ≠ 1: refused as any other wrong witness.
func checkSecretWitness(pk *PublicKey, v *bls12381.G1Affine, y *fr.Element, c *bls12381.G1Affine) error {
	var negV bls12381.G1Affine
	negV.Neg(v)
	da := bbsrev.SecretScalarMulAdd(c, y, &negV)
	ok, err := bls12381.PairingCheckFixedQ(
		[]bls12381.G1Affine{*c, da},
		[][2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff{*pk.preparedLines(), g2Lines},
	)
	if err != nil {
		return fmt.Errorf("%w: pairing: %v", ErrInvalid, err)
	}
	if !ok {
		return ErrInvalid
	}
	return nil
}

// checkWitness: e(C, y·P̃ + P̃_α)·e(−V, P̃) = 1, for a public handle y
// (a removal record's).
func checkWitness(pk *PublicKey, v *bls12381.G1Affine, y *fr.Element, c *bls12381.G1Affine) error {
	var q bls12381.G2Affine
	q.ScalarMultiplicationBase(y.BigInt(new(big.Int)))
	q.Add(&q, &pk.p)
	if q.IsInfinity() {
		return fmt.Errorf("%w: handle is −α", ErrInvalid)
	}
	var negV bls12381.G1Affine
	negV.Neg(v)
	ok, err := bls12381.PairingCheck([]bls12381.G1Affine{*c, negV}, []bls12381.G2Affine{q, g2Gen})
	if err != nil {
		return fmt.Errorf("%w: pairing: %v", ErrInvalid, err)
	}
	if !ok {
		return ErrInvalid
	}
	return nil
}

// UpdateWitness applies the update r to the witness of handle y at version
// r.Version−1 and returns the witness at r.Version:
// C' = (C − V_new)·1/(y_removed − y). ErrRevoked if y is the removed handle.
// The caller applies updates in version order; VerifyWitness against the
// new value confirms the result.
func UpdateWitness(handle, witness []byte, r *Removal) ([]byte, error) {
	if r == nil {
		return nil, fmt.Errorf("%w: nil removal", ErrMalformed)
	}
	y, err := parseScalar(handle)
	if err != nil {
		return nil, err
	}
	c, err := parseValue(witness)
	if err != nil {
		return nil, err
	}
	var d fr.Element
	d.Sub(&r.handle, &y)
	if d.IsZero() {
		return nil, ErrRevoked
	}
	// 1/(y_r − y) involves the holder's secret y: inverted blinded.
	b, err := randomScalar(rand.Reader)
	if err != nil {
		return nil, err
	}
	d.Mul(&d, &b)
	d.Inverse(&d)
	d.Mul(&d, &b)
	var diff bls12381.G1Affine
	diff.Sub(&c, &r.value)
	nc := secretMul(&diff, &d)
	out := nc.Bytes()
	return out[:], nil
}

// secretMul returns p·k for a secret k (α, a holder's handle, or a value
// derived from them) in constant time (bbsrev.SecretScalarMul).
func secretMul(p *bls12381.G1Affine, k *fr.Element) bls12381.G1Affine {
	return bbsrev.SecretScalarMul(p, k)
}

func randomScalar(rnd io.Reader) (fr.Element, error) {
	var buf [48]byte
	var z fr.Element
	if _, err := io.ReadFull(rnd, buf[:]); err != nil {
		return z, fmt.Errorf("revocation: read randomness: %w", err)
	}
	z.SetBytes(buf[:])
	if z.IsZero() {
		return z, errors.New("revocation: zero random scalar")
	}
	return z, nil
}

// parseScalar decodes a canonical 32-byte big-endian scalar.
func parseScalar(b []byte) (fr.Element, error) {
	var z fr.Element
	if len(b) != ScalarSize {
		return z, fmt.Errorf("%w: scalar of %d bytes, want %d", ErrMalformed, len(b), ScalarSize)
	}
	if err := z.SetBytesCanonical(b); err != nil {
		return z, fmt.Errorf("%w: scalar not below the group order", ErrMalformed)
	}
	return z, nil
}

// parseValue decodes a compressed G1 point in the subgroup, not the
// identity (an accumulator value, a witness, a commitment).
func parseValue(b []byte) (bls12381.G1Affine, error) { return parsePoint(b, true) }

// parsePoint is parseValue; subgroup=false leaves out the subgroup check,
// for a point whose caller checks it later or whose bytes are the
// encoding of a point already checked.
func parsePoint(b []byte, subgroup bool) (p bls12381.G1Affine, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: G1 point: %v", ErrMalformed, r)
		}
	}()
	if len(b) != PointSize || b[0]&0x80 == 0 {
		return p, fmt.Errorf("%w: G1 point of %d bytes, want %d compressed", ErrMalformed, len(b), PointSize)
	}
	if subgroup {
		_, err = p.SetBytes(b)
	} else {
		err = bls12381.NewDecoder(bytes.NewReader(b), bls12381.NoSubgroupChecks()).Decode(&p)
	}
	if err != nil {
		return p, fmt.Errorf("%w: G1 point: %v", ErrMalformed, err)
	}
	if p.IsInfinity() {
		return p, fmt.Errorf("%w: G1 point is the identity", ErrMalformed)
	}
	return p, nil
}

func putU64(b []byte, v uint64) {
	for i := 7; i >= 0; i-- {
		b[i] = byte(v)
		v >>= 8
	}
}

func getU64(b []byte) uint64 {
	var v uint64
	for _, x := range b[:8] {
		v = v<<8 | uint64(x)
	}
	return v
}

// parseRawPoint decodes an uncompressed G1 point on the curve, not the
// identity, without the subgroup check (the caller's).
func parseRawPoint(b []byte) (p bls12381.G1Affine, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: G1 point: %v", ErrMalformed, r)
		}
	}()
	if len(b) != rawPointSize || b[0]&0xe0 != 0 {
		return p, fmt.Errorf("%w: want an uncompressed G1 point of %d bytes, not the identity", ErrMalformed, rawPointSize)
	}
	if err := bls12381.NewDecoder(bytes.NewReader(b), bls12381.NoSubgroupChecks()).Decode(&p); err != nil {
		return p, fmt.Errorf("%w: G1 point: %v", ErrMalformed, err)
	}
	if p.IsInfinity() || !p.IsOnCurve() {
		return p, fmt.Errorf("%w: G1 point is the identity or off the curve", ErrMalformed)
	}
	if raw := p.RawBytes(); !bytes.Equal(raw[:], b) {
		return p, fmt.Errorf("%w: G1 point not canonically encoded", ErrMalformed)
	}
	return p, nil
}

// CheckValue checks that b is an accumulator value: a compressed G1 point
// in the subgroup, not the identity.
func CheckValue(b []byte) error {
	_, err := parseValue(b)
	return err
}
