// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"io"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// A presentation with non-revocation: a committed-disclosure BBS proof
// (Blind BBS draft -03) that commits to the credential's revocation handle
// (the message at HandleIndex), and a membership proof that the committed
// handle is in the accumulator version named. Encoding:
//
//	0x01 ‖ I2OSP(handle_index, 4) ‖ I2OSP(len(bbs_proof), 4) ‖ bbs_proof
//	     ‖ I2OSP(len(membership), 4) ‖ membership
//
// The membership proof's context is presentationContext: the handle index,
// the BBS proof bytes and the nonce, so neither proof can be paired with
// another.

const (
	presentationFormat = 0x01
	// MaxPresentationSize bounds a presentation's encoding.
	MaxPresentationSize = 1 << 20
)

// Presentation is a parsed presentation with non-revocation.
type Presentation struct {
	// HandleIndex is the index of the revocation handle among the signed
	// messages.
	HandleIndex int
	// proof is the committed-disclosure BBS proof, of scheme.
	proof  bbsrev.CommittedProof
	scheme bbs.Scheme
	// Version is the accumulator version the membership proof names.
	Version    uint64
	membership []byte
	enc        []byte
}

// MessageCount returns the number of signed messages of the credential
// the presentation is about (0 for a Presentation not made by Present or
// ParsePresentation).
func (p *Presentation) MessageCount() int {
	if p == nil || p.proof == nil {
		return 0
	}
	return p.proof.MessageCount()
}

// Bytes returns the presentation's encoding.
func (p *Presentation) Bytes() []byte { return append([]byte(nil), p.enc...) }

// Credential is what a holder keeps: the BBS credential, the index of its
// revocation handle and the witness of the handle at a version.
type Credential struct {
	Scheme      bbs.Scheme
	PublicKey   *bbs.PublicKey
	Signature   *bbs.Signature
	Header      []byte
	Messages    [][]byte
	HandleIndex int
	Version     uint64
	Witness     []byte
}

// HandleScalar returns the 32-byte scalar that the handle message maps to
// in scheme s (bbs.BLS12381SHA256 or bbs.BLS12381SHAKE256): the element an
// issuer accumulates (SecretKey.Witness) and revokes (SecretKey.Remove).
func HandleScalar(s bbs.Scheme, handle []byte) ([]byte, error) {
	return bbsrev.MessageScalar(s, handle)
}

// Handle returns the credential's handle scalar (HandleScalar of the
// message at HandleIndex).
func (c *Credential) Handle() ([]byte, error) {
	if c.HandleIndex < 0 || c.HandleIndex >= len(c.Messages) {
		return nil, fmt.Errorf("%w: handle index %d of %d messages", ErrMalformed, c.HandleIndex, len(c.Messages))
	}
	return HandleScalar(c.Scheme, c.Messages[c.HandleIndex])
}

// Update applies the removals, in version order from c.Version+1, to the
// credential's witness. ErrRevoked if one removes the credential's handle,
// ErrVersion if the removals do not follow c.Version.
func (c *Credential) Update(removals []*Removal) error {
	h, err := c.Handle()
	if err != nil {
		return err
	}
	w, v := c.Witness, c.Version
	for _, r := range removals {
		if r == nil || r.Version != v+1 {
			return fmt.Errorf("%w: removal does not follow version %d", ErrVersion, v)
		}
		if w, err = UpdateWitness(h, w, r); err != nil {
			return err
		}
		v = r.Version
	}
	c.Witness, c.Version = w, v
	return nil
}

func presentationContext(handleIndex int, proof, nonce []byte) []byte {
	out := make([]byte, 0, 4+8+len(proof)+8+len(nonce)+len("fabric-bbs/revocation/presentation/v1"))
	out = append(out, "fabric-bbs/revocation/presentation/v1"...)
	out = binary.BigEndian.AppendUint32(out, uint32(handleIndex))
	out = binary.BigEndian.AppendUint64(out, uint64(len(proof)))
	out = append(out, proof...)
	out = binary.BigEndian.AppendUint64(out, uint64(len(nonce)))
	return append(out, nonce...)
}

// Present makes a presentation of c that discloses the messages at
// revealed (not the handle), bound to nonce, with a proof that its handle
// is in the accumulator of version c.Version, whose value is value.
func Present(rnd io.Reader, c *Credential, acc *PublicKey, value, nonce []byte, revealed []int) (*Presentation, error) {
	return presentMapped(rnd, c, acc, value, nonce, revealed, nil, nil, nil)
}

// presentMapped is Present with the credential's messages mapped to
// scalars by mm (nil: every message by hash; the handle must not be an
// integer position) and the BBS proof's random scalar m̃ of hidden message
// fixedAt[k] set to fixed[k] (a predicate proof shares it, package
// bbs/predicate). Without integers and fixed scalars it is Present.
func presentMapped(rnd io.Reader, c *Credential, acc *PublicKey, value, nonce []byte, revealed []int, mm *bbs.MessageMap, fixedAt []int, fixed []fr.Element) (*Presentation, error) {
	if c == nil {
		return nil, fmt.Errorf("%w: nil credential", ErrMalformed)
	}
	h, err := c.Handle()
	if err != nil {
		return nil, err
	}
	if mm.IsInteger(c.HandleIndex) {
		return nil, fmt.Errorf("%w: the handle (message %d) is an integer position: a handle maps to its scalar by hash", ErrMalformed, c.HandleIndex)
	}
	var proof bbsrev.CommittedProof
	var open []bbsrev.CommitmentOpening
	if mm == nil && len(fixedAt) == 0 {
		proof, open, err = bbsrev.DeriveCommittedProof(rnd, c.Scheme, c.PublicKey, c.Signature, c.Header, nonce, c.Messages, revealed, []int{c.HandleIndex})
	} else {
		proof, open, err = bbsrev.DeriveCommittedProofMapped(rnd, c.Scheme, c.PublicKey, c.Signature, c.Header, nonce, c.Messages, revealed, []int{c.HandleIndex}, mm, fixedAt, fixed)
	}
	if err != nil {
		return nil, err
	}
	pb := proof.Bytes()
	st := &Statement{Scheme: c.Scheme, Key: acc, Version: c.Version, Value: value,
		Commitment: proof.Commitments()[0].Point, Context: presentationContext(c.HandleIndex, pb, nonce)}
	m, err := proveMembership(rnd, st, h, c.Witness, open[0].Blind, true, membershipFormatFolded)
	if err != nil {
		return nil, err
	}
	enc := make([]byte, 0, 1+12+len(pb)+len(m))
	enc = append(enc, presentationFormat)
	enc = binary.BigEndian.AppendUint32(enc, uint32(c.HandleIndex))
	enc = binary.BigEndian.AppendUint32(enc, uint32(len(pb)))
	enc = append(enc, pb...)
	enc = binary.BigEndian.AppendUint32(enc, uint32(len(m)))
	enc = append(enc, m...)
	return &Presentation{HandleIndex: c.HandleIndex, proof: proof, scheme: c.Scheme, Version: c.Version, membership: m, enc: enc}, nil
}

// ParsePresentation parses a presentation of BBS scheme s: the format
// byte, exact lengths, a committed proof (Blind BBS -03) that
// commits to exactly the message at the handle index, and a membership
// proof of the right size and format (its points are checked by
// VerifyPresentation).
func ParsePresentation(s bbs.Scheme, b []byte) (*Presentation, error) {
	if len(b) > MaxPresentationSize {
		return nil, fmt.Errorf("%w: presentation of %d bytes, at most %d", ErrMalformed, len(b), MaxPresentationSize)
	}
	if len(b) < 1+12 || b[0] != presentationFormat {
		return nil, fmt.Errorf("%w: not a presentation of format %d", ErrMalformed, presentationFormat)
	}
	hi := binary.BigEndian.Uint32(b[1:5])
	pl := binary.BigEndian.Uint32(b[5:9])
	if uint64(pl) > uint64(len(b)-13) {
		return nil, fmt.Errorf("%w: BBS proof length %d", ErrMalformed, pl)
	}
	pb := b[9 : 9+pl]
	rest := b[9+pl:]
	if len(rest) < 5 || membershipSize(rest[4]) == 0 || len(rest) != 4+membershipSize(rest[4]) || binary.BigEndian.Uint32(rest) != uint32(membershipSize(rest[4])) {
		return nil, fmt.Errorf("%w: membership proof length", ErrMalformed)
	}
	m := rest[4:]
	ver, err := MembershipVersion(m)
	if err != nil {
		return nil, err
	}
	proof, err := bbsrev.ParseCommittedProof(s, pb)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	cs := proof.Commitments()
	if len(cs) != 1 || uint64(cs[0].Index) != uint64(hi) {
		return nil, fmt.Errorf("%w: the BBS proof must commit to exactly the handle (message %d)", ErrMalformed, hi)
	}
	return &Presentation{HandleIndex: int(hi), proof: proof, scheme: s, Version: ver, membership: append([]byte(nil), m...), enc: append([]byte(nil), b...)}, nil
}

// VerifyPresentationAt is VerifyPresentation for the issuer's declared
// handle index: a presentation whose committed handle is the message at
// another index is ErrHandleIndex, before any curve arithmetic.
func VerifyPresentationAt(pk *bbs.PublicKey, p *Presentation, handleIndex int, header, nonce []byte, disclosed []bbs.DisclosedMessage, acc *PublicKey, value []byte) error {
	return verifyPresentationAtMapped(pk, p, handleIndex, header, nonce, disclosed, nil, acc, value)
}

// verifyPresentationAtMapped is VerifyPresentationAt with the disclosed
// messages mapped to scalars by mm (nil: by hash).
func verifyPresentationAtMapped(pk *bbs.PublicKey, p *Presentation, handleIndex int, header, nonce []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, acc *PublicKey, value []byte) error {
	if p == nil || p.proof == nil {
		return fmt.Errorf("%w: nil presentation", ErrMalformed)
	}
	if p.HandleIndex != handleIndex {
		return fmt.Errorf("%w: the presentation proves message %d, the issuer's handle is message %d", ErrHandleIndex, p.HandleIndex, handleIndex)
	}
	return verifyPresentationMapped(pk, p, header, nonce, disclosed, mm, acc, value)
}

// VerifyPresentation checks p: the BBS proof under the issuer's key pk for
// header, nonce and the disclosed messages (committed disclosure, Blind BBS -03), and
// the membership of its committed handle in the accumulator version
// p.Version, whose value the caller looked up (value) under the issuer's
// accumulator key acc. Which versions are recent enough is the caller's
// policy (a contract allows the current one and a grace). It proves the
// membership of the message at p.HandleIndex, which the prover chose: a
// verifier that does not compare it with the message the issuer put the
// handle in accepts any hidden message that some accumulator witness fits
// (VerifyPresentationAt compares it).
func VerifyPresentation(pk *bbs.PublicKey, p *Presentation, header, nonce []byte, disclosed []bbs.DisclosedMessage, acc *PublicKey, value []byte) error {
	return verifyPresentationMapped(pk, p, header, nonce, disclosed, nil, acc, value)
}

// verifyPresentationMapped is VerifyPresentation with the disclosed
// messages mapped to scalars by mm (nil: by hash).
func verifyPresentationMapped(pk *bbs.PublicKey, p *Presentation, header, nonce []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, acc *PublicKey, value []byte) error {
	if p == nil || p.proof == nil {
		return fmt.Errorf("%w: nil presentation", ErrMalformed)
	}
	if acc == nil {
		return fmt.Errorf("%w: nil accumulator key", ErrMalformed)
	}
	ch, err := p.proof.CommitmentPoint(0)
	if err != nil {
		return err
	}
	st := &Statement{Scheme: p.scheme, Key: acc, Version: p.Version, Value: value,
		Context: presentationContext(p.HandleIndex, p.proof.Bytes(), nonce), commitment: &ch}
	if len(p.membership) > 0 && p.membership[0] == membershipFormatFolded {
		return verifyFolded(pk, p, header, nonce, disclosed, mm, st)
	}
	m, err := verifyMembershipLinear(st, p.membership)
	if err != nil {
		return err
	}
	key, err := acc.bbsKey(st.Scheme)
	if err != nil {
		return err
	}
	// The BBS proof and e(C', P̃_α) = e(C̄, P̃) in one pairing product.
	if err := verifyWithDH(pk, p.proof, header, nonce, disclosed, mm, key, &m.cp, &m.cbar); err != nil {
		if errors.Is(err, bbs.ErrInvalidProof) {
			return fmt.Errorf("%w (BBS proof or randomized witness): %w", ErrInvalid, err)
		}
		return err
	}
	return nil
}

// verifyFolded verifies a presentation whose membership proof has the
// folded form: the membership challenge c is hashed from the sent T1, T2,
// and the two relations E1 = r^·V − y^·C' − c·C̄ − T1 = O and
// E2 = s^·Y_0 + y^·Y_1 − c·C_h − T2 = O, weighted by 128-bit ρ1, ρ2
// hashed from c and the proof, join e(C', P̃_α) = e(C̄, P̃) as
// e(C', P̃_α)·e(−C̄ + ρ1·E1 + ρ2·E2, P̃) = 1, which
// bbsrev.VerifyCommittedProofWithPairing folds into the BBS pairing check: one
// multi-scalar multiplication and one pairing product in all.
func verifyFolded(pk *bbs.PublicKey, p *Presentation, header, nonce []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, st *Statement) error {
	s, err := st.parse()
	if err != nil {
		return err
	}
	m, err := parseMembership(p.membership)
	if err != nil {
		return err
	}
	if m.version != st.Version {
		return fmt.Errorf("%w: proof for version %d, statement of version %d", ErrVersion, m.version, st.Version)
	}
	c, err := s.challenge(m.format, &m.cp, &m.cbar, &m.t1, &m.t2)
	if err != nil {
		return err
	}
	in := make([]byte, 0, len(membershipWeightDST)+ScalarSize+len(p.membership))
	in = append(in, membershipWeightDST...)
	cb := c.Bytes()
	in = append(in, cb[:]...)
	in = append(in, p.membership...)
	w := sha256.Sum256(in)
	var r1, r2 fr.Element
	r1.SetBytes(w[:16])
	r2.SetBytes(w[16:])
	if r1.IsZero() {
		r1.SetOne()
	}
	if r2.IsZero() {
		r2.SetOne()
	}
	var one, t fr.Element
	one.SetOne()
	sc := make([]fr.Element, 6)
	sc[0].Add(&one, t.Mul(&r1, &c)).Neg(&sc[0]) // C̄: −1 − ρ1·c
	sc[1].Mul(&r1, &m.rH)                       // V: ρ1·r^
	sc[2].Mul(&r1, &m.yH).Neg(&sc[2])           // C': −ρ1·y^
	sc[3].Neg(&r1)                              // T1: −ρ1
	sc[4].Mul(&r2, &c).Neg(&sc[4])              // C_h: −ρ2·c
	sc[5].Neg(&r2)                              // T2: −ρ2
	rel := &bbsrev.PairingRelation{A: m.cp, Points: []bls12381.G1Affine{m.cbar, s.v, m.cp, m.t1, s.ch, m.t2}, Scalars: sc}
	rel.Y0.Mul(&r2, &m.sH)
	rel.Y1.Mul(&r2, &m.yH)
	if rel.Key, err = st.Key.bbsKey(st.Scheme); err != nil {
		return err
	}
	if err := verifyWithPairing(pk, p.proof, header, nonce, disclosed, mm, rel); err != nil {
		if errors.Is(err, bbs.ErrInvalidProof) {
			return fmt.Errorf("%w (BBS proof or membership proof): %w", ErrInvalid, err)
		}
		if errors.Is(err, bbs.ErrInvalidArgument) {
			return fmt.Errorf("%w: %w", ErrMalformed, err)
		}
		return err
	}
	return nil
}

// verifyWithDH is bbsrev.VerifyCommittedProofWithDH, with the disclosed
// messages mapped by mm when it is not nil.
func verifyWithDH(pk *bbs.PublicKey, p bbsrev.CommittedProof, header, nonce []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, key *bbs.PublicKey, a, b *bls12381.G1Affine) error {
	if mm == nil {
		return bbsrev.VerifyCommittedProofWithDH(pk, p, header, nonce, disclosed, key, a, b)
	}
	return bbsrev.VerifyCommittedProofWithDHMapped(pk, p, header, nonce, disclosed, mm, key, a, b)
}

// verifyWithPairing is bbsrev.VerifyCommittedProofWithPairing, with the
// disclosed messages mapped by mm when it is not nil.
func verifyWithPairing(pk *bbs.PublicKey, p bbsrev.CommittedProof, header, nonce []byte, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, rel *bbsrev.PairingRelation) error {
	if mm == nil {
		return bbsrev.VerifyCommittedProofWithPairing(pk, p, header, nonce, disclosed, rel)
	}
	return bbsrev.VerifyCommittedProofWithPairingMapped(pk, p, header, nonce, disclosed, mm, rel)
}
