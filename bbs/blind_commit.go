// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/binary"
	"fmt"
	"io"
	"slices"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
)

// Committed disclosure (draft-irtf-cfrg-bbs-blind-signatures-03, "Core
// Proof Generation" and "Core Proof Verification"): a BBS proof in which
// some hidden messages are also output as Pedersen commitments
//
//	C_i = Y_0·s_i + Y_1·msg_idx,   (Y_0, Y_1) = create_generators(2, "COM_DIS_" || api_id),
//
// with a proof that each commits to the signed message, bound to the BBS
// proof by one common challenge (calculate_blind_challenge of -03). The
// commitment is the hook for proving more about a hidden message in
// another protocol (a non-revocation proof, package revocation).
//
// The core operations take the generators as input; here they are the
// IETF scheme's own (ciphersuite_id || "H2G_HM2S_", the interface of Sign),
// so committed disclosure applies to credentials signed by [BLS12381SHA256]
// and [BLS12381SHAKE256]. Where -03's text is ambiguous this file reads it
// as follows (docs/revocation-protocol.md lists each point):
//   - "init_random_scalars[idx + 5]" and "hats[idx]" are the blinding and
//     the response of message idx among the hidden messages, so a
//     committed index must be hidden (not disclosed);
//   - every integer in the wire format is I2OSP(·, 8), and bbs_proof_len
//     counts bytes;
//   - ProofVerify receives the disclosed indexes with the messages and
//     they must equal the proof's disclosed_indexes.

// errMalformedCommittedProof means committed-proof bytes could not be
// parsed (bbsrev.ErrMalformedCommittedProof).
var errMalformedCommittedProof = bbsrev.ErrMalformedCommittedProof

// messageCommitment and commitmentOpening are a committed message's
// commitment and its secret opening (package internal/bbsrev).
type (
	messageCommitment = bbsrev.MessageCommitment
	commitmentOpening = bbsrev.CommitmentOpening
)

// committedProof is a parsed committed-disclosure proof: the
// implementation of bbsrev.CommittedProof.
type committedProof struct {
	bbsrev.Sealed
	scheme    *ietfScheme
	bbs       *ietfProof
	disclosed []int
	commits   []bls12381.G1Affine
	sHat      []fr.Element
	commitIdx []int
	enc       []byte
}

// Bytes returns the proof's encoding (proof_to_octets of -03).
func (p *committedProof) Bytes() []byte { return slices.Clone(p.enc) }

// Scheme returns the scheme the proof belongs to.
func (p *committedProof) Scheme() Scheme { return p.scheme }

// DisclosedIndexes returns the indexes of the disclosed messages, ascending.
func (p *committedProof) DisclosedIndexes() []int { return slices.Clone(p.disclosed) }

// MessageCount returns the number of signed messages the proof covers.
func (p *committedProof) MessageCount() int { return len(p.bbs.mHat) + len(p.disclosed) }

// Commitments returns the committed messages' commitments, by ascending
// index.
func (p *committedProof) Commitments() []messageCommitment {
	out := make([]messageCommitment, len(p.commits))
	for i := range p.commits {
		out[i] = messageCommitment{Index: p.commitIdx[i], Point: group.AppendG1(nil, &p.commits[i])}
	}
	return out
}

// CommitmentPoint returns the i-th commitment (by ascending index) as a
// G1 point, checked in the subgroup and not the identity when the proof
// was parsed. It is Commitments()[i].Point decoded, without the decoding.
func (p *committedProof) CommitmentPoint(i int) (bls12381.G1Affine, error) {
	if i < 0 || i >= len(p.commits) {
		return bls12381.G1Affine{}, fmt.Errorf("%w: commitment %d of %d", ErrInvalidArgument, i, len(p.commits))
	}
	return p.commits[i], nil
}

// comDisGens holds Y_0 and Y_1 of one scheme.
type comDisGens struct {
	once   sync.Once
	y      [2]bls12381.G1Affine
	tables []group.G1Table
	err    error
}

var comDis = struct {
	sync.Mutex
	m map[*ietfScheme]*comDisGens
}{m: map[*ietfScheme]*comDisGens{}}

// commitGenerators returns Y_0, Y_1 = create_generators(2, "COM_DIS_" ||
// api_id) of s, and their tables, derived once.
func (s *ietfScheme) commitGenerators() (*comDisGens, error) {
	comDis.Lock()
	g, ok := comDis.m[s]
	if !ok {
		g = &comDisGens{}
		comDis.m[s] = g
	}
	comDis.Unlock()
	g.once.Do(func() {
		api := "COM_DIS_" + string(s.apiID)
		p1 := group.AppendG1(nil, &s.p1)
		cs := newIETFSchemeAPI(s.name+"/com-dis", s.suiteID, api, s.expand, fmt.Sprintf("%x", p1))
		var pts []bls12381.G1Affine
		if pts, g.err = cs.createGenerators(cs.genSeed, 2); g.err == nil {
			g.y = [2]bls12381.G1Affine{pts[0], pts[1]}
			g.tables = group.NewG1Tables(pts)
		}
	})
	return g, g.err
}

// asCommitScheme returns s as an IETF scheme that supports committed
// disclosure.
func asCommitScheme(s Scheme) (*ietfScheme, error) {
	is, ok := s.(*ietfScheme)
	if !ok || (is != bbsSHA256 && is != bbsSHAKE256) {
		return nil, fmt.Errorf("%w: committed disclosure is defined for %s and %s only", ErrInvalidArgument, bbsSHA256.name, bbsSHAKE256.name)
	}
	return is, nil
}

// commitmentGenerators returns the 48-byte compressed encodings of Y_0 and
// Y_1, the generators of committed disclosure of scheme s
// ([BLS12381SHA256] or [BLS12381SHAKE256]).
func commitmentGenerators(s Scheme) (y0, y1 []byte, err error) {
	is, err := asCommitScheme(s)
	if err != nil {
		return nil, nil, err
	}
	g, err := is.commitGenerators()
	if err != nil {
		return nil, nil, err
	}
	return group.AppendG1(nil, &g.y[0]), group.AppendG1(nil, &g.y[1]), nil
}

// commitmentCombination returns s0·Y_0 + s1·Y_1 + z·p, with Y_0, Y_1 the
// committed-disclosure generators of scheme s, multiplied from their cached
// tables: a verifier's recomputation of a Schnorr commitment over Y_0, Y_1
// (package revocation). Variable time: public points and scalars only.
func commitmentCombination(s Scheme, s0, s1 fr.Element, p bls12381.G1Affine, z fr.Element) (bls12381.G1Affine, error) {
	is, err := asCommitScheme(s)
	if err != nil {
		return bls12381.G1Affine{}, err
	}
	g, err := is.commitGenerators()
	if err != nil {
		return bls12381.G1Affine{}, err
	}
	return group.MSMWithTables([]*group.G1Table{&g.tables[0], &g.tables[1]}, []fr.Element{s0, s1}, []bls12381.G1Affine{p}, []fr.Element{z}), nil
}

// messageScalar returns the 32-byte big-endian scalar that message maps to
// in scheme s ([BLS12381SHA256] or [BLS12381SHAKE256]): the value a
// commitment of a committed proof commits to.
func messageScalar(s Scheme, message []byte) ([]byte, error) {
	is, err := asCommitScheme(s)
	if err != nil {
		return nil, err
	}
	m, err := is.messagesToScalars([][]byte{message})
	if err != nil {
		return nil, err
	}
	return group.AppendScalar(nil, &m[0]), nil
}

// deriveCommittedProof is -03's CoreProofGen over the scheme's generators:
// a proof of knowledge of sig that reveals the messages at revealed,
// outputs a commitment to each message at committed (hidden, not
// revealed; any order, no repeats; may be empty) and is bound to nonce
// (the presentation header). It returns the proof and, per committed
// message by ascending index, the opening (the blinding s). The random
// scalars are hedged as DeriveProof's are, over the committed indexes too.
func deriveCommittedProof(rnd io.Reader, s Scheme, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed, committed []int) (*committedProof, []commitmentOpening, error) {
	return deriveCommittedProofMapped(rnd, s, pk, sig, header, nonce, messages, revealed, committed, nil, nil, nil)
}

// deriveCommittedProofMapped is deriveCommittedProof with the messages
// mapped to scalars by mm (nil: every message by hash), and the random
// scalar m̃_j of each hidden message j = fixedAt[k] set to fixed[k] instead
// of drawn (a predicate proof shares it, package bbs/predicate), as
// deriveProof does for an IETF proof. Without integer positions and fixed
// scalars its output is deriveCommittedProof's, byte for byte: the hedge
// covers the integer positions only when there are some.
func deriveCommittedProofMapped(rnd io.Reader, s Scheme, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed, committed []int, mm *MessageMap, fixedAt []int, fixed []fr.Element) (*committedProof, []commitmentOpening, error) {
	is, err := asCommitScheme(s)
	if err != nil {
		return nil, nil, err
	}
	if err := is.checkKeyAndSignature(pk, sig); err != nil {
		return nil, nil, err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	disclosed, undisclosed, err := splitIndices(revealed, len(messages))
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	cidx := slices.Clone(committed)
	slices.Sort(cidx)
	pos := make([]int, len(cidx)) // position of each committed index among the hidden ones
	for k, i := range cidx {
		if k > 0 && i == cidx[k-1] {
			return nil, nil, fmt.Errorf("%w: committed index %d repeated", ErrInvalidArgument, i)
		}
		p, found := slices.BinarySearch(undisclosed, i)
		if !found {
			return nil, nil, fmt.Errorf("%w: committed index %d is not a hidden message index in [0, %d)", ErrInvalidArgument, i, len(messages))
		}
		pos[k] = p
	}
	cg, err := is.commitGenerators()
	if err != nil {
		return nil, nil, err
	}
	gens, err := is.generators(len(messages) + 1)
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	m, err := is.mapMessages(messages, nil, mm)
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	if err := is.proverCheckSignature(pk, sig, &gens, header, m); err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	n := len(cidx)
	extra := binary.BigEndian.AppendUint64(nil, uint64(n))
	for _, i := range cidx {
		extra = binary.BigEndian.AppendUint64(extra, uint64(i))
	}
	hedgeExtra := [][]byte{[]byte("COM_DIS"), extra}
	if ints := mm.Integers(); len(ints) > 0 {
		ib := binary.BigEndian.AppendUint64(nil, uint64(len(ints)))
		for _, i := range ints {
			ib = binary.BigEndian.AppendUint64(ib, uint64(i))
		}
		hedgeExtra = append(hedgeExtra, []byte("INTEGERS"), ib)
	}
	random, err := ietfProofRandomScalars(rnd, is, 5+len(undisclosed)+2*n, pk, sig, header, nonce, messages, disclosed, hedgeExtra...)
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	if err := setFixedScalars(random[5:5+len(undisclosed)], undisclosed, fixedAt, fixed); err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	bbsRandom, sRand, sTilde := random[:5+len(undisclosed)], random[5+len(undisclosed):5+len(undisclosed)+n], random[5+len(undisclosed)+n:]
	init, err := is.proofInit(pk, sig, &gens, bbsRandom, header, m, undisclosed)
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	ytab := []*group.G1Table{&cg.tables[0], &cg.tables[1]}
	commits := make([]bls12381.G1Affine, n)
	tildes := make([]bls12381.G1Affine, n)
	for k, i := range cidx {
		// C_i = Y_0·s_i + Y_1·msg_idx; C~_i = Y_0·s~_i + Y_1·m~_idx (secrets).
		if commits[k], err = secretMSMWithTables(ytab, []fr.Element{sRand[k], m[i]}, nil, nil); err != nil {
			return nil, nil, err
		}
		if tildes[k], err = secretMSMWithTables(ytab, []fr.Element{sTilde[k], bbsRandom[5+pos[k]]}, nil, nil); err != nil {
			return nil, nil, err
		}
		if commits[k].IsInfinity() {
			return nil, nil, fmt.Errorf("degenerate commitment (identity)")
		}
	}
	dm := make([]fr.Element, len(disclosed))
	for k, i := range disclosed {
		dm[k] = m[i]
	}
	c, err := is.commitChallenge(init, disclosed, dm, cidx, commits, tildes, nonce)
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	bp, err := proofFinalize(init, &c, &sig.e, bbsRandom, m, undisclosed)
	if err != nil {
		return nil, nil, fmt.Errorf("derive committed proof: %w", err)
	}
	p := &committedProof{scheme: is, bbs: bp, disclosed: disclosed, commits: commits, sHat: make([]fr.Element, n), commitIdx: cidx}
	openings := make([]commitmentOpening, n)
	var t fr.Element
	for k := range cidx {
		p.sHat[k].Add(&sTilde[k], t.Mul(&c, &sRand[k])) // s^_i = s~_i + c·s_i
		if p.sHat[k].IsZero() {
			return nil, nil, fmt.Errorf("degenerate proof (zero scalar)")
		}
		openings[k] = commitmentOpening{Index: cidx[k], Blind: group.AppendScalar(nil, &sRand[k])}
	}
	p.enc = p.encode()
	return p, openings, nil
}

// commitChallenge is -03's calculate_blind_challenge (Blind Challenge
// Calculation): hash_to_scalar(serialize(R, i1, msg_i1, …, iR, msg_iR, Ā,
// B̄, D, T1, T2, domain) ‖ serialize(N, i_1, C_1, C~_1, …, i_N, C_N, C~_N)
// ‖ I2OSP(len(ph), 8) ‖ ph, api_id ‖ "H2S_").
func (s *ietfScheme) commitChallenge(init *ietfProofInit, idx []int, dm []fr.Element, cidx []int, commits, tildes []bls12381.G1Affine, ph []byte) (fr.Element, error) {
	if uint64(len(ph)) > 1<<62 {
		return fr.Element{}, fmt.Errorf("%w: presentation header too long", ErrInvalidArgument)
	}
	in := make([]byte, 0, 8+len(idx)*(8+scalarSize)+5*g1Size+scalarSize+8+len(cidx)*(8+2*g1Size)+8+len(ph))
	in = binary.BigEndian.AppendUint64(in, uint64(len(idx)))
	for k, i := range idx {
		in = binary.BigEndian.AppendUint64(in, uint64(i))
		in = group.AppendScalar(in, &dm[k])
	}
	for _, pt := range []*bls12381.G1Affine{&init.abar, &init.bbar, &init.d, &init.t1, &init.t2} {
		in = group.AppendG1(in, pt)
	}
	in = group.AppendScalar(in, &init.domain)
	in = binary.BigEndian.AppendUint64(in, uint64(len(cidx)))
	for k, i := range cidx {
		in = binary.BigEndian.AppendUint64(in, uint64(i))
		in = group.AppendG1(in, &commits[k])
		in = group.AppendG1(in, &tildes[k])
	}
	in = binary.BigEndian.AppendUint64(in, uint64(len(ph)))
	in = append(in, ph...)
	return s.hashToScalar(in, s.h2sDST)
}

// encode is -03's proof_to_octets: I2OSP(len(bbs_proof), 8) ‖ bbs_proof ‖
// I2OSP(R, 8) ‖ I2OSP(i_1, 8) … ‖ I2OSP(N, 8) ‖ C_1 … C_N ‖ s^_1 … s^_N ‖
// I2OSP(N, 8) ‖ I2OSP(j_1, 8) ….
func (p *committedProof) encode() []byte {
	bp := p.bbs.encode()
	n := len(p.commits)
	out := make([]byte, 0, 8+len(bp)+8+8*len(p.disclosed)+8+n*(g1Size+scalarSize)+8+8*n)
	out = binary.BigEndian.AppendUint64(out, uint64(len(bp)))
	out = append(out, bp...)
	out = binary.BigEndian.AppendUint64(out, uint64(len(p.disclosed)))
	for _, i := range p.disclosed {
		out = binary.BigEndian.AppendUint64(out, uint64(i))
	}
	out = binary.BigEndian.AppendUint64(out, uint64(n))
	for k := range p.commits {
		out = group.AppendG1(out, &p.commits[k])
	}
	for k := range p.sHat {
		out = group.AppendScalar(out, &p.sHat[k])
	}
	out = binary.BigEndian.AppendUint64(out, uint64(n))
	for _, i := range p.commitIdx {
		out = binary.BigEndian.AppendUint64(out, uint64(i))
	}
	return out
}

// parseCommittedProof parses a committed proof of scheme s as -03's
// octets_to_proof does, and more strictly: every length exact, the BBS
// proof as ParseProof parses it, at most MaxMessages messages in all,
// disclosed and committed indexes strictly ascending, below the message
// count and disjoint, each C a subgroup point other than the identity,
// each s^ canonical and non-zero. The work done before any point is
// decoded is bounded by the length of b.
func parseCommittedProof(s Scheme, b []byte) (*committedProof, error) {
	is, err := asCommitScheme(s)
	if err != nil {
		return nil, err
	}
	r := comReader{b: b}
	bl, ok := r.u64()
	if !ok || bl > uint64(len(r.b)) {
		return nil, fmt.Errorf("%w: BBS proof length", errMalformedCommittedProof)
	}
	bpBytes := r.next(int(bl))
	nd, ok := r.u64()
	if !ok || nd > MaxMessages || nd*8 > uint64(len(r.b)) {
		return nil, fmt.Errorf("%w: disclosed index count", errMalformedCommittedProof)
	}
	disclosed := make([]int, nd)
	for k := range disclosed {
		v, _ := r.u64()
		disclosed[k] = int(v)
	}
	n, ok := r.u64()
	if !ok || n > MaxMessages || n*(g1Size+scalarSize) > uint64(len(r.b)) {
		return nil, fmt.Errorf("%w: commitment count", errMalformedCommittedProof)
	}
	cBytes := r.next(int(n) * g1Size)
	sBytes := r.next(int(n) * scalarSize)
	n2, ok := r.u64()
	if !ok || n2 != n || n2*8 != uint64(len(r.b)) {
		return nil, fmt.Errorf("%w: commitment index count or trailing bytes", errMalformedCommittedProof)
	}
	cidx := make([]int, n)
	for k := range cidx {
		v, _ := r.u64()
		cidx[k] = int(v)
	}
	// The BBS proof: its hidden message count fixes L.
	bpp, err := is.ParseProof(bpBytes)
	if err != nil {
		return nil, fmt.Errorf("%w: BBS proof: %v", errMalformedCommittedProof, err)
	}
	bp := bpp.body.(*ietfProof)
	total := len(bp.mHat) + len(disclosed)
	if total < 1 || total > MaxMessages {
		return nil, fmt.Errorf("%w: %d messages, want 1 to %d", errMalformedCommittedProof, total, MaxMessages)
	}
	for _, ix := range [][]int{disclosed, cidx} {
		for k, i := range ix {
			if uint64(i) >= uint64(total) || (k > 0 && i <= ix[k-1]) {
				return nil, fmt.Errorf("%w: indexes not strictly ascending below %d", errMalformedCommittedProof, total)
			}
		}
	}
	for _, i := range cidx {
		if _, found := slices.BinarySearch(disclosed, i); found {
			return nil, fmt.Errorf("%w: index %d both disclosed and committed", errMalformedCommittedProof, i)
		}
	}
	p := &committedProof{scheme: is, bbs: bp, disclosed: disclosed, commitIdx: cidx,
		commits: make([]bls12381.G1Affine, n), sHat: make([]fr.Element, n)}
	for k := range p.sHat {
		if p.sHat[k], err = group.DecodeScalar(sBytes[k*scalarSize : (k+1)*scalarSize]); err != nil || p.sHat[k].IsZero() {
			return nil, fmt.Errorf("%w: s^ %d not a canonical non-zero scalar", errMalformedCommittedProof, k)
		}
	}
	for k := range p.commits {
		if p.commits[k], err = group.DecodeG1(cBytes[k*g1Size : (k+1)*g1Size]); err != nil {
			return nil, fmt.Errorf("%w: commitment %d: %v", errMalformedCommittedProof, k, err)
		}
		if p.commits[k].IsInfinity() {
			return nil, fmt.Errorf("%w: commitment %d is the identity", errMalformedCommittedProof, k)
		}
	}
	p.enc = slices.Clone(b)
	return p, nil
}

// verifyCommittedProof is -03's CoreProofVerify over the scheme's
// generators. disclosed gives the disclosed messages with their indices,
// which must be the proof's disclosed indexes (else ErrInvalidProof). It
// returns nil if the proof is valid under pk for header and nonce: then
// each commitment of p.Commitments() commits (under Y_0, Y_1) to the
// signed message at its index.
func verifyCommittedProof(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage) error {
	return verifyCommittedProofMapped(pk, p, header, nonce, disclosed, nil)
}

// verifyCommittedProofMapped is verifyCommittedProof with the disclosed
// messages mapped to scalars by mm (nil: by hash).
func verifyCommittedProofMapped(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap) error {
	if err := verifyCommittedChallenge(pk, p, header, nonce, disclosed, mm); err != nil {
		return err
	}
	return proofPairing(pk, p.bbs)
}

// verifyCommittedProofWithDH is VerifyCommittedProof that also checks, in
// the same pairing product, that (a, b) is a Diffie–Hellman pair for key:
// e(a, K) = e(b, P2), i.e. b = x·a where K = x·P2 is key's point (any G2
// point parsed by ParsePublicKey of the proof's scheme, such as an
// accumulator public key). The two checks are folded with a 128-bit weight
// ρ hashed from every input, e(Ā, W)·e(ρ·a, K)·e(−B̄ − ρ·b, P2) = 1: one
// final exponentiation instead of two, and a cheater passes only if ρ
// happens to be the one value (2^-128) that cancels a failing check.
//
// a must be a subgroup point other than the identity. b need only be a
// point of the curve other than the identity: it is checked here for the
// subgroup only up to what the pairing sees. E(Fp) = G1 ⊕ H with |H| the
// cofactor, prime to r, and the pairing is trivial on H, so the check
// proves π(b) = x·a for π the projection onto G1 (b = x·a when b is in
// G1). A caller that needs b itself in G1 checks it (package revocation
// needs only π(b), see docs/revocation-protocol.md; this saves one subgroup
// check). ErrInvalidProof if either check fails.
func verifyCommittedProofWithDH(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage, key *PublicKey, a, b *bls12381.G1Affine) error {
	return verifyCommittedProofWithDHMapped(pk, p, header, nonce, disclosed, nil, key, a, b)
}

// verifyCommittedProofWithDHMapped is verifyCommittedProofWithDH with the
// disclosed messages mapped to scalars by mm (nil: by hash).
func verifyCommittedProofWithDHMapped(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap, key *PublicKey, a, b *bls12381.G1Affine) error {
	if key == nil || a == nil || b == nil || a.IsInfinity() || b.IsInfinity() || !a.IsInSubGroup() || !b.IsOnCurve() {
		return fmt.Errorf("%w: the DH pair needs a key, a subgroup point and a curve point, neither the identity", ErrInvalidArgument)
	}
	if err := verifyCommittedChallenge(pk, p, header, nonce, disclosed, mm); err != nil {
		return err
	}
	if err := checkScheme(p.scheme, "DH key", key.scheme); err != nil {
		return err
	}
	in := make([]byte, 0, len(p.enc)+2*PublicKeySize+2*g1Size+16+len(nonce)+len(header))
	in = append(in, pk.enc[:]...)
	in = append(in, key.enc[:]...)
	in = group.AppendG1(in, a)
	in = group.AppendG1(in, b)
	in = binary.BigEndian.AppendUint64(in, uint64(len(header)))
	in = append(in, header...)
	in = binary.BigEndian.AppendUint64(in, uint64(len(nonce)))
	in = append(in, nonce...)
	in = append(in, p.enc...)
	u, err := p.scheme.expand(in, []byte(string(p.scheme.apiID)+"COM_DIS_DH_WEIGHT_"), 16)
	if err != nil {
		return err
	}
	var rho fr.Element
	rho.SetBytes(u)
	if rho.IsZero() {
		rho.SetOne()
	}
	// ρ·a, and −B̄ − ρ·b (public scalars: variable time is fine). Each is
	// one 128-bit multiplication; B̄ is added, not multiplied by −1 (a
	// full-length scalar).
	pa := group.MSMWithTables(nil, nil, []bls12381.G1Affine{*a}, []fr.Element{rho})
	var negRho fr.Element
	negRho.Neg(&rho)
	pbJac := group.MSMWithTablesJac(nil, nil, []bls12381.G1Affine{*b}, []fr.Element{negRho})
	var negBbar bls12381.G1Affine
	negBbar.Neg(&p.bbs.bbar)
	pbJac.AddMixed(&negBbar)
	var pb bls12381.G1Affine
	pb.FromJacobian(&pbJac)
	wl, err := publicKeyLines(pk)
	if err != nil {
		return err
	}
	kl, err := publicKeyLines(key)
	if err != nil {
		return err
	}
	// PairingCheckFixedQ scales the lines it is given: copies, never the caches.
	ok, err := bls12381.PairingCheckFixedQ(
		[]bls12381.G1Affine{p.bbs.abar, pa, pb},
		[][2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff{*wl, *kl, *generatorG2Lines()},
	)
	if err != nil {
		return fmt.Errorf("verify committed proof: pairing check: %w", err)
	}
	if !ok {
		return fmt.Errorf("%w: pairing check failed", ErrInvalidProof)
	}
	return nil
}

// pairingRelation is a pairing equation a caller folds into a committed
// proof's pairing check (bbsrev.PairingRelation, whose Key is a
// *PublicKey).
type pairingRelation = bbsrev.PairingRelation

// verifyCommittedProofWithPairing is VerifyCommittedProof that also checks
// rel in the same pairing product, folded with a 128-bit weight ρ hashed
// from every input: e(Ā, W)·e(ρ·A, K)·e(−B̄ + ρ·S, P2) = 1, one final
// exponentiation and one multi-scalar multiplication for S. A cheater
// passes only if ρ happens to be the one value (2^-128) that cancels a
// failing check. The points of S need only be on the curve: E(Fp) = G1 ⊕ H
// with |H| the cofactor, prime to r, and the pairing is trivial on H, so
// the check proves the relation for π(S), π the projection onto G1.
// ErrInvalidProof if either check fails.
func verifyCommittedProofWithPairing(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage, rel *pairingRelation) error {
	return verifyCommittedProofWithPairingMapped(pk, p, header, nonce, disclosed, nil, rel)
}

// verifyCommittedProofWithPairingMapped is verifyCommittedProofWithPairing
// with the disclosed messages mapped to scalars by mm (nil: by hash).
func verifyCommittedProofWithPairingMapped(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap, rel *pairingRelation) error {
	var relKey *PublicKey
	if rel != nil {
		relKey, _ = rel.Key.(*PublicKey)
	}
	if rel == nil || relKey == nil || rel.A.IsInfinity() || !rel.A.IsInSubGroup() ||
		len(rel.Points) != len(rel.Scalars) || len(rel.Points) > MaxMessages {
		return fmt.Errorf("%w: the pairing relation needs a key, a subgroup point other than the identity and as many scalars as points, at most %d", ErrInvalidArgument, MaxMessages)
	}
	for i := range rel.Points {
		if !rel.Points[i].IsOnCurve() || tinyOrder(&rel.Points[i]) {
			return fmt.Errorf("%w: pairing relation point %d is not on the curve or has order 1, 3 or 11", ErrInvalidArgument, i)
		}
	}
	if err := verifyCommittedChallenge(pk, p, header, nonce, disclosed, mm); err != nil {
		return err
	}
	if err := checkScheme(p.scheme, "relation key", relKey.scheme); err != nil {
		return err
	}
	cg, err := p.scheme.commitGenerators()
	if err != nil {
		return err
	}
	in := make([]byte, 0, len(p.enc)+2*PublicKeySize+(1+len(rel.Points))*g1Size+(2+len(rel.Scalars))*scalarSize+16+len(nonce)+len(header))
	in = append(in, pk.enc[:]...)
	in = append(in, relKey.enc[:]...)
	in = group.AppendG1(in, &rel.A)
	in = binary.BigEndian.AppendUint64(in, uint64(len(rel.Points)))
	for i := range rel.Points {
		in = group.AppendG1(in, &rel.Points[i])
		in = group.AppendScalar(in, &rel.Scalars[i])
	}
	in = group.AppendScalar(in, &rel.Y0)
	in = group.AppendScalar(in, &rel.Y1)
	in = binary.BigEndian.AppendUint64(in, uint64(len(header)))
	in = append(in, header...)
	in = binary.BigEndian.AppendUint64(in, uint64(len(nonce)))
	in = append(in, nonce...)
	in = append(in, p.enc...)
	u, err := p.scheme.expand(in, []byte(string(p.scheme.apiID)+"COM_DIS_PAIRING_WEIGHT_"), 16)
	if err != nil {
		return err
	}
	var rho fr.Element
	rho.SetBytes(u)
	if rho.IsZero() {
		rho.SetOne()
	}
	// ρ·A, and −B̄ + ρ·S in one MSM (public scalars: variable time is fine).
	pa := group.MSMWithTables(nil, nil, []bls12381.G1Affine{rel.A}, []fr.Element{rho})
	sc := make([]fr.Element, len(rel.Scalars))
	for i := range sc {
		sc[i].Mul(&rel.Scalars[i], &rho)
	}
	var y0, y1 fr.Element
	y0.Mul(&rel.Y0, &rho)
	y1.Mul(&rel.Y1, &rho)
	sJac := group.MSMWithTablesJac([]*group.G1Table{&cg.tables[0], &cg.tables[1]}, []fr.Element{y0, y1}, rel.Points, sc)
	var negBbar bls12381.G1Affine
	negBbar.Neg(&p.bbs.bbar)
	sJac.AddMixed(&negBbar)
	var ps bls12381.G1Affine
	ps.FromJacobian(&sJac)
	wl, err := publicKeyLines(pk)
	if err != nil {
		return err
	}
	kl, err := publicKeyLines(relKey)
	if err != nil {
		return err
	}
	// PairingCheckFixedQ scales the lines it is given: copies, never the caches.
	ok, err := bls12381.PairingCheckFixedQ(
		[]bls12381.G1Affine{p.bbs.abar, pa, ps},
		[][2][len(bls12381.LoopCounter) - 1]bls12381.LineEvaluationAff{*wl, *kl, *generatorG2Lines()},
	)
	if err != nil {
		return fmt.Errorf("verify committed proof: pairing check: %w", err)
	}
	if !ok {
		return fmt.Errorf("%w: pairing check failed", ErrInvalidProof)
	}
	return nil
}

// tinyOrder reports whether P·k = O for k = 1, 3 or 11. The cofactor of
// E(Fp) is 3·11²·10177²·859267²·52437899², so these are the only orders
// for which an odd multiple up to 15 of a curve point is the identity; such
// a point would zero a Straus table's batch inversion (and with it every
// term of the MSM). It is in H, so its G1 component is O and refusing it
// loses no honest input.
func tinyOrder(p *bls12381.G1Affine) bool {
	if p.IsInfinity() {
		return true
	}
	var one, two, three, eight, eleven bls12381.G1Jac
	one.FromAffine(p)
	two.Double(&one)
	three.Set(&two).AddAssign(&one)
	eight.Double(&two).DoubleAssign()
	eleven.Set(&eight).AddAssign(&three)
	return three.Z.IsZero() || eleven.Z.IsZero()
}

// verifyCommittedChallenge is CoreProofVerify up to the pairing check, with
// the disclosed messages mapped to scalars by mm (nil: by hash).
func verifyCommittedChallenge(pk *PublicKey, p *committedProof, header, nonce []byte, disclosed []DisclosedMessage, mm *MessageMap) error {
	if pk == nil || p == nil || p.bbs == nil {
		return fmt.Errorf("%w: nil public key or proof", ErrInvalidArgument)
	}
	s := p.scheme
	if err := checkScheme(s, "public key", pk.scheme); err != nil {
		return err
	}
	if len(disclosed) != len(p.disclosed) {
		return fmt.Errorf("%w: %d disclosed messages given, the proof discloses %d", ErrInvalidProof, len(disclosed), len(p.disclosed))
	}
	raw := make([][]byte, len(disclosed))
	for k, d := range disclosed {
		if d.Index != p.disclosed[k] {
			return fmt.Errorf("%w: disclosed index %d given, the proof's is %d", ErrInvalidProof, d.Index, p.disclosed[k])
		}
		raw[k] = d.Message
	}
	dm, err := s.mapMessages(raw, p.disclosed, mm)
	if err != nil {
		return fmt.Errorf("verify committed proof: %w", err)
	}
	total := p.MessageCount()
	gens, err := s.generators(total + 1)
	if err != nil {
		return fmt.Errorf("verify committed proof: %w", err)
	}
	cg, err := s.commitGenerators()
	if err != nil {
		return err
	}
	init, err := s.proofVerifyInit(pk, p.bbs, &gens, header, p.disclosed, dm)
	if err != nil {
		return fmt.Errorf("verify committed proof: %w", err)
	}
	// C^_i = Y_0·s^_i + Y_1·m^_idx − C_i·c
	fixed := []*group.G1Table{&cg.tables[0], &cg.tables[1]}
	var negC fr.Element
	negC.Neg(&p.bbs.c)
	tildes := make([]bls12381.G1Affine, len(p.commits))
	for k, i := range p.commitIdx {
		pos, _ := slices.BinarySearch(p.disclosed, i) // number of disclosed indexes below i
		tildes[k] = group.MSMWithTables(fixed, []fr.Element{p.sHat[k], p.bbs.mHat[i-pos]}, []bls12381.G1Affine{p.commits[k]}, []fr.Element{negC})
	}
	c, err := s.commitChallenge(init, p.disclosed, dm, p.commitIdx, p.commits, tildes, nonce)
	if err != nil {
		return fmt.Errorf("verify committed proof: %w", err)
	}
	if !c.Equal(&p.bbs.c) {
		return fmt.Errorf("%w: challenge mismatch", ErrInvalidProof)
	}
	return nil
}

// comReader reads big-endian fields from a byte string.
type comReader struct{ b []byte }

func (r *comReader) u64() (uint64, bool) {
	if len(r.b) < 8 {
		return 0, false
	}
	v := binary.BigEndian.Uint64(r.b)
	r.b = r.b[8:]
	return v, true
}

func (r *comReader) next(n int) []byte {
	out := r.b[:n]
	r.b = r.b[n:]
	return out
}

// maxLinearTerms is the largest number of terms publicLinearCombination
// takes.
const maxLinearTerms = bbsrev.MaxLinearTerms

// bbsrev.MaxLinearTerms is MaxMessages (both constants are untyped: a
// difference makes one of these negative and the build fails).
const (
	_ uint = bbsrev.MaxLinearTerms - MaxMessages
	_ uint = MaxMessages - bbsrev.MaxLinearTerms
)

// publicLinearCombination returns Σ points[i]·scalars[i] with the package's
// multi-scalar multiplication, for a proof about a committed message built
// outside this package (package revocation). It takes variable time: use
// it for public points and scalars only (a verifier's). Mismatched lengths
// and more than maxLinearTerms terms are an ErrInvalidArgument, never a
// result: the caller must not mistake a refusal for the identity.
func publicLinearCombination(points []bls12381.G1Affine, scalars []fr.Element) (bls12381.G1Affine, error) {
	if len(points) != len(scalars) {
		return bls12381.G1Affine{}, fmt.Errorf("%w: linear combination of %d points and %d scalars", ErrInvalidArgument, len(points), len(scalars))
	}
	if len(points) > maxLinearTerms {
		return bls12381.G1Affine{}, fmt.Errorf("%w: linear combination of %d terms, at most %d", ErrInvalidArgument, len(points), maxLinearTerms)
	}
	return group.MSMWithTables(nil, nil, points, scalars), nil
}
