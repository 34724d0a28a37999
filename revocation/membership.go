// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// The membership proof: knowledge of (C, y, s) with
//
//	(y + α)·C = V_k          (C a witness of y at version k)
//	C_h = Y_0·s + Y_1·y      (C_h the BBS proof's commitment to the handle)
//
// as the proof of knowledge of a weak Boneh–Boyen signature of Camenisch,
// Drijvers and Hajny (2016) that docknetwork's vb_accumulator calls
// proofs_cdh: the prover randomizes the witness, C' = r·C, and sends
// C̄ = r·V − y·C' (= α·C'); the verifier checks e(C', P̃_α) = e(C̄, P̃),
// C' ≠ O, and a Schnorr proof of (r, y, s) for the two linear relations
// C̄ = r·V − y·C' and C_h = s·Y_0 + y·Y_1, which share y. The prover does
// no pairing.
//
// Encoding (MembershipSize = 329 bytes): 0x01 ‖ I2OSP(version, 8) ‖ C' ‖ C̄
// (uncompressed, 96 bytes each: a verifier decodes them without a square root)
// ‖ c ‖ r^ ‖ y^ ‖ s^. The challenge is
// hash_to_field (RFC 9380, expand_message_xmd SHA-256, L = 48) of
// I2OSP(len(context), 8) ‖ context ‖ I2OSP(version, 8) ‖ P̃_α ‖ V ‖ Y_0 ‖
// Y_1 ‖ C_h ‖ C' ‖ C̄ ‖ T1 ‖ T2 with membershipDST.

// The folded form (format 0x02, MembershipSizeFolded = 489 bytes), which
// Present makes, sends the Schnorr commitments instead of the challenge:
// 0x02 ‖ I2OSP(version, 8) ‖ C' ‖ C̄ ‖ T1 ‖ T2 (uncompressed) ‖ r^ ‖ y^ ‖
// s^, with the challenge computed as above with membershipDSTFolded. A
// verifier then checks the two linear relations as equations
// (T1 = r^·V − y^·C' − c·C̄, T2 = s^·Y_0 + y^·Y_1 − c·C_h) instead of
// recomputing T1, T2 to hash them, so that they fold, with 128-bit weights,
// into the one multi-scalar multiplication and pairing product that also
// check the BBS proof and e(C', P̃_α) = e(C̄, P̃)
// (bbsrev.VerifyCommittedProofWithPairing). See docs/revocation-protocol.md.

const (
	membershipFormat       = 0x01
	membershipFormatFolded = 0x02
	membershipDST          = "FABRIC_BBS_REVOCATION_VB20_MEMBERSHIP_V1_H2S_"
	membershipDSTFolded    = "FABRIC_BBS_REVOCATION_VB20_MEMBERSHIP_V2_H2S_"
	membershipWeightDST    = "FABRIC_BBS_REVOCATION_VB20_MEMBERSHIP_V2_WEIGHT_"
	hedgeDST               = "FABRIC_BBS_REVOCATION_VB20_MEMBERSHIP_V1_HEDGE_"
)

// Statement is what a membership proof is about.
type Statement struct {
	// Scheme is the BBS scheme whose committed-disclosure generators Y_0,
	// Y_1 the commitment uses (bbs.BLS12381SHA256 or bbs.BLS12381SHAKE256).
	Scheme bbs.Scheme
	// Key is the issuer's accumulator public key.
	Key *PublicKey
	// Version and Value name the accumulator version and its value V_k.
	Version uint64
	Value   []byte
	// Commitment is the 48-byte commitment C_h to the handle.
	Commitment []byte
	// Context is hashed into the challenge: the bytes the proof is bound
	// to (a presentation binds the committed BBS proof and the nonce).
	Context []byte

	// commitment, when set, is Commitment decoded (by bbs).
	commitment *bls12381.G1Affine
}

type statement struct {
	st     *Statement
	v, ch  bls12381.G1Affine
	y0, y1 bls12381.G1Affine
}

// values caches decoded accumulator values: a verifier checks many proofs
// against the same few versions. Bounded; emptied when full.
var values = struct {
	sync.Mutex
	m map[[PointSize]byte]bls12381.G1Affine
}{m: map[[PointSize]byte]bls12381.G1Affine{}}

const maxCachedValues = 64

func parseValueCached(b []byte) (bls12381.G1Affine, error) {
	if len(b) != PointSize {
		return parseValue(b)
	}
	k := [PointSize]byte(b)
	values.Lock()
	v, ok := values.m[k]
	values.Unlock()
	if ok {
		return v, nil
	}
	v, err := parseValue(b)
	if err != nil {
		return v, err
	}
	values.Lock()
	if len(values.m) >= maxCachedValues {
		clear(values.m)
	}
	values.m[k] = v
	values.Unlock()
	return v, nil
}

func (st *Statement) parse() (*statement, error) {
	if st == nil || st.Key == nil || st.Scheme == nil {
		return nil, fmt.Errorf("%w: incomplete statement", ErrMalformed)
	}
	out := &statement{st: st}
	var err error
	if out.v, err = parseValueCached(st.Value); err != nil {
		return nil, err
	}
	if st.commitment != nil {
		out.ch = *st.commitment
	} else if out.ch, err = parseValue(st.Commitment); err != nil {
		return nil, err
	}
	y, err := commitGenerators(st.Scheme)
	if err != nil {
		return nil, err
	}
	out.y0, out.y1 = y[0], y[1]
	return out, nil
}

var comGens sync.Map // bbs.Scheme → *[2]bls12381.G1Affine

// commitGenerators returns Y_0, Y_1 of scheme s, parsed once.
func commitGenerators(s bbs.Scheme) (*[2]bls12381.G1Affine, error) {
	if y, ok := comGens.Load(s); ok {
		return y.(*[2]bls12381.G1Affine), nil
	}
	b0, b1, err := bbsrev.CommitmentGenerators(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	var y [2]bls12381.G1Affine
	if y[0], err = parseValue(b0); err != nil {
		return nil, err
	}
	if y[1], err = parseValue(b1); err != nil {
		return nil, err
	}
	v, _ := comGens.LoadOrStore(s, &y)
	return v.(*[2]bls12381.G1Affine), nil
}

func (s *statement) challenge(format byte, cp, cbar, t1, t2 *bls12381.G1Affine) (fr.Element, error) {
	in := make([]byte, 0, 8+len(s.st.Context)+8+PublicKeySize+8*PointSize)
	in = binary.BigEndian.AppendUint64(in, uint64(len(s.st.Context)))
	in = append(in, s.st.Context...)
	in = binary.BigEndian.AppendUint64(in, s.st.Version)
	in = append(in, s.st.Key.enc[:]...)
	for _, p := range []*bls12381.G1Affine{&s.v, &s.y0, &s.y1, &s.ch, cp, cbar, t1, t2} {
		b := p.Bytes()
		in = append(in, b[:]...)
	}
	dst := membershipDST
	if format == membershipFormatFolded {
		dst = membershipDSTFolded
	}
	c, err := fr.Hash(in, []byte(dst), 1)
	if err != nil {
		return fr.Element{}, err
	}
	return c[0], nil
}

// ProveMembership proves that the handle y committed in st.Commitment with
// blinding blind (the opening of the committed disclosure) is a member of the
// accumulator version st.Version, knowing the witness of y at that
// version. It checks the witness and the commitment first. The random
// scalars are hedged: hashed from 32 fresh bytes of rnd (crypto/rand when
// nil) with the secrets and the statement.
func ProveMembership(rnd io.Reader, st *Statement, handle, witness, blind []byte) ([]byte, error) {
	return proveMembership(rnd, st, handle, witness, blind, true, membershipFormat)
}

// proveMembership is ProveMembership; check=false skips the checks of the
// witness and the commitment (for tests of what a cheating prover gets).
//
// format is membershipFormat or membershipFormatFolded.
func proveMembership(rnd io.Reader, st *Statement, handle, witness, blind []byte, check bool, format byte) ([]byte, error) {
	if format != membershipFormat && format != membershipFormatFolded {
		return nil, fmt.Errorf("%w: membership proof format %d", ErrMalformed, format)
	}
	s, err := st.parse()
	if err != nil {
		return nil, err
	}
	y, err := parseScalar(handle)
	if err != nil {
		return nil, err
	}
	sb, err := parseScalar(blind)
	if err != nil {
		return nil, err
	}
	c, err := parseValue(witness)
	if err != nil {
		return nil, err
	}
	if check {
		if err := checkSecretWitness(st.Key, &s.v, &y, &c); err != nil {
			return nil, fmt.Errorf("witness does not hold for version %d: %w", st.Version, err)
		}
		chk, err := secretLinear([]bls12381.G1Affine{s.y0, s.y1}, []fr.Element{sb, y})
		if err != nil {
			return nil, err
		}
		if !chk.Equal(&s.ch) {
			return nil, fmt.Errorf("%w: the commitment does not open to the handle with this blinding", ErrInvalid)
		}
	}
	if rnd == nil {
		rnd = rand.Reader
	}
	fresh := make([]byte, 32)
	if _, err := io.ReadFull(rnd, fresh); err != nil {
		return nil, fmt.Errorf("revocation: read randomness: %w", err)
	}
	hin := append(fresh, handle...)
	hin = append(hin, witness...)
	hin = append(hin, blind...)
	hin = binary.BigEndian.AppendUint64(hin, st.Version)
	hin = append(hin, st.Value...)
	hin = append(hin, st.Commitment...)
	hin = append(hin, st.Context...)
	rs, err := fr.Hash(hin, []byte(hedgeDST), 4)
	if err != nil {
		return nil, err
	}
	r, rT, yT, sT := rs[0], rs[1], rs[2], rs[3]
	if r.IsZero() {
		return nil, fmt.Errorf("degenerate randomness")
	}
	cp, err := secretLinear([]bls12381.G1Affine{c}, []fr.Element{r}) // C' = r·C
	if err != nil {
		return nil, err
	}
	var negY, negYT fr.Element
	negY.Neg(&y)
	negYT.Neg(&yT)
	cbar, err := secretLinear([]bls12381.G1Affine{s.v, cp}, []fr.Element{r, negY}) // C̄ = r·V − y·C'
	if err != nil {
		return nil, err
	}
	t1, err := secretLinear([]bls12381.G1Affine{s.v, cp}, []fr.Element{rT, negYT}) // T1 = r~·V − y~·C'
	if err != nil {
		return nil, err
	}
	t2, err := secretLinear([]bls12381.G1Affine{s.y0, s.y1}, []fr.Element{sT, yT}) // T2 = s~·Y_0 + y~·Y_1
	if err != nil {
		return nil, err
	}
	ch, err := s.challenge(format, &cp, &cbar, &t1, &t2)
	if err != nil {
		return nil, err
	}
	var rH, yH, sH, t fr.Element
	rH.Add(&rT, t.Mul(&ch, &r))
	yH.Add(&yT, t.Mul(&ch, &y))
	sH.Add(&sT, t.Mul(&ch, &sb))
	if format == membershipFormatFolded {
		out := make([]byte, 0, MembershipSizeFolded)
		out = append(out, membershipFormatFolded)
		out = binary.BigEndian.AppendUint64(out, st.Version)
		for _, p := range []*bls12381.G1Affine{&cp, &cbar, &t1, &t2} {
			b := p.RawBytes() // uncompressed
			out = append(out, b[:]...)
		}
		for _, z := range []*fr.Element{&rH, &yH, &sH} {
			b := z.Bytes()
			out = append(out, b[:]...)
		}
		return out, nil
	}
	out := make([]byte, 0, MembershipSize)
	out = append(out, membershipFormat)
	out = binary.BigEndian.AppendUint64(out, st.Version)
	for _, p := range []*bls12381.G1Affine{&cp, &cbar} {
		b := p.RawBytes() // uncompressed
		out = append(out, b[:]...)
	}
	for _, z := range []*fr.Element{&ch, &rH, &yH, &sH} {
		b := z.Bytes()
		out = append(out, b[:]...)
	}
	return out, nil
}

// membershipProof is a parsed membership proof.
type membershipProof struct {
	format        byte
	version       uint64
	cp, cbar      bls12381.G1Affine
	t1, t2        bls12381.G1Affine // folded form only
	c, rH, yH, sH fr.Element        // c: format 0x01 only
}

// membershipSize returns the encoding size of a membership proof of the
// given format, or 0.
func membershipSize(format byte) int {
	switch format {
	case membershipFormat:
		return MembershipSize
	case membershipFormatFolded:
		return MembershipSizeFolded
	}
	return 0
}

// parseMembership parses a membership proof: exactly MembershipSize bytes
// of format 0x01 (version, C', C̄, c, r^, y^, s^) or MembershipSizeFolded
// bytes of format 0x02 (version, C', C̄, T1, T2, r^, y^, s^); points
// uncompressed, canonical, on the curve, not the identity (the subgroup
// checks are the caller's), scalars canonical.
func parseMembership(b []byte) (*membershipProof, error) {
	if len(b) == 0 || membershipSize(b[0]) == 0 {
		return nil, fmt.Errorf("%w: not a membership proof of format %d or %d", ErrMalformed, membershipFormat, membershipFormatFolded)
	}
	if len(b) != membershipSize(b[0]) {
		return nil, fmt.Errorf("%w: membership proof of %d bytes, want %d", ErrMalformed, len(b), membershipSize(b[0]))
	}
	p := &membershipProof{format: b[0], version: binary.BigEndian.Uint64(b[1:9])}
	pts := []*bls12381.G1Affine{&p.cp, &p.cbar}
	scs := []*fr.Element{&p.c, &p.rH, &p.yH, &p.sH}
	if p.format == membershipFormatFolded {
		pts = append(pts, &p.t1, &p.t2)
		scs = scs[1:]
	}
	off := 9 + len(pts)*rawPointSize
	for _, z := range scs {
		var err error
		if *z, err = parseScalar(b[off : off+ScalarSize]); err != nil {
			return nil, err
		}
		off += ScalarSize
	}
	names := []string{"C'", "C̄", "T1", "T2"}
	for i, q := range pts {
		var err error
		if *q, err = parseRawPoint(b[9+i*rawPointSize : 9+(i+1)*rawPointSize]); err != nil {
			return nil, fmt.Errorf("%s: %w", names[i], err)
		}
	}
	return p, nil
}

// MembershipVersion returns the accumulator version a membership proof
// names, after checking its format byte and length only.
func MembershipVersion(proof []byte) (uint64, error) {
	if len(proof) == 0 || membershipSize(proof[0]) == 0 || len(proof) != membershipSize(proof[0]) {
		return 0, fmt.Errorf("%w: not a membership proof", ErrMalformed)
	}
	return binary.BigEndian.Uint64(proof[1:9]), nil
}

// VerifyMembership checks a membership proof (either format) against st:
// the version it names must be st.Version (else ErrVersion), the Schnorr
// relations and the challenge must hold, and e(C', P̃_α) = e(C̄, P̃).
func VerifyMembership(st *Statement, proof []byte) error {
	p, err := verifyMembershipLinear(st, proof)
	if err != nil {
		return err
	}
	if !p.cp.IsInSubGroup() || !p.cbar.IsInSubGroup() {
		return fmt.Errorf("%w: C' or C̄ outside the subgroup", ErrMalformed)
	}
	// e(C', P̃_α)·e(−C̄, P̃) = 1. The Miller loop scales the lines it is
	// given: pass copies, never the cached arrays.
	var negCbar bls12381.G1Affine
	negCbar.Neg(&p.cbar)
	ok, err := bls12381.PairingCheckFixedQ(
		[]bls12381.G1Affine{p.cp, negCbar},
		[][2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff{*st.Key.preparedLines(), g2Lines},
	)
	if err != nil {
		return fmt.Errorf("%w: pairing: %v", ErrInvalid, err)
	}
	if !ok {
		return fmt.Errorf("%w: the randomized witness does not pair with the accumulator key", ErrInvalid)
	}
	return nil
}

// verifyMembershipLinear is VerifyMembership without the pairing check:
// the version, the Schnorr relations and the challenge. It returns the
// parsed proof, whose (C', C̄) the caller must check is a DH pair for P̃_α.
//
// C' and C̄ are decoded on the curve only: the caller checks them in the
// subgroup (VerifyMembership here, bbsrev.VerifyCommittedProofWithDH for a
// presentation) before it accepts.
func verifyMembershipLinear(st *Statement, proof []byte) (*membershipProof, error) {
	s, err := st.parse()
	if err != nil {
		return nil, err
	}
	p, err := parseMembership(proof)
	if err != nil {
		return nil, err
	}
	if p.version != st.Version {
		return nil, fmt.Errorf("%w: proof for version %d, statement of version %d", ErrVersion, p.version, st.Version)
	}
	if p.format == membershipFormatFolded {
		// The relations as equations, on recomputed T1, T2 (in G1 once the
		// caller has checked C', C̄): equal to the sent ones in full.
		if p.c, err = s.challenge(p.format, &p.cp, &p.cbar, &p.t1, &p.t2); err != nil {
			return nil, err
		}
		var negC, negYH fr.Element
		negC.Neg(&p.c)
		negYH.Neg(&p.yH)
		t1, err := linear([]bls12381.G1Affine{s.v, p.cp, p.cbar}, []fr.Element{p.rH, negYH, negC})
		if err != nil {
			return nil, err
		}
		t2, err := bbsrev.CommitmentCombination(st.Scheme, p.sH, p.yH, s.ch, negC)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
		}
		if !t1.Equal(&p.t1) || !t2.Equal(&p.t2) {
			return nil, fmt.Errorf("%w: membership relations do not hold", ErrInvalid)
		}
		return p, nil
	}
	var negC, negYH fr.Element
	negC.Neg(&p.c)
	negYH.Neg(&p.yH)
	// T1 = r^·V − y^·C' − c·C̄; T2 = s^·Y_0 + y^·Y_1 − c·C_h (public values).
	t1, err := linear([]bls12381.G1Affine{s.v, p.cp, p.cbar}, []fr.Element{p.rH, negYH, negC})
	if err != nil {
		return nil, err
	}
	t2, err := bbsrev.CommitmentCombination(st.Scheme, p.sH, p.yH, s.ch, negC)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	c, err := s.challenge(p.format, &p.cp, &p.cbar, &t1, &t2)
	if err != nil {
		return nil, err
	}
	if !c.Equal(&p.c) {
		return nil, fmt.Errorf("%w: membership challenge mismatch", ErrInvalid)
	}
	return p, nil
}

// linear returns Σ points[i]·scalars[i] for public scalars (bbs's
// multi-scalar multiplication); more than bbsrev.MaxLinearTerms terms is an
// ErrMalformed.
func linear(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error) {
	p, err := bbsrev.PublicLinearCombination(points, scalars)
	if err != nil {
		return p, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return p, nil
}

// secretLinear is linear for secret scalars, in constant time
// (bbsrev.SecretLinearCombination).
func secretLinear(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error) {
	p, err := bbsrev.SecretLinearCombination(points, scalars)
	if err != nil {
		return p, fmt.Errorf("%w: %v", ErrMalformed, err)
	}
	return p, nil
}
