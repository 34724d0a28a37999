package bbs

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"slices"
	"sync"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/hash_to_curve"
)

// The IETF BBS signature scheme, draft-irtf-cfrg-bbs-signatures-09 (whose
// test vectors are unchanged since -06), with the "hash to scalar" message
// mapping (api_id = ciphersuite_id || "H2G_HM2S_"). This file is the core
// shared by the ciphersuites; ietf_sha256.go and ietf_shake256.go only name
// their ciphersuite, its expand_message and its constant P1.
//
// Encodings:
//   - secret key: the 32-byte big-endian scalar SK;
//   - public key: W = SK·P2, a 96-byte compressed G2 point;
//   - signature: A ‖ e (80 bytes);
//   - proof: Ā ‖ B̄ ‖ D ‖ ê ‖ r̂1 ‖ r̂3 ‖ m̂_j1 ‖ … ‖ m̂_jU ‖ c (272 + 32·U bytes).
//
// Messages are mapped to scalars with MapMessageToScalarAsHash; the scheme's
// nonce argument is the draft's presentation header.

const (
	// IETFSignatureSize is the size of an IETF BBS signature A‖e.
	IETFSignatureSize = g1Size + scalarSize
	// IETFProofBaseSize is the size of an IETF BBS proof that hides no
	// message. Each hidden message adds 32 bytes.
	IETFProofBaseSize = 3*g1Size + 4*scalarSize

	// ietfExpandLen is the draft's expand_len: the bytes hashed into one
	// scalar, ceil((ceil(log2(r)) + k) / 8) for k = 128.
	ietfExpandLen = 48
	// ietfFieldExpandLen is hash_to_field's L for BLS12-381 G1 (k = 128).
	ietfFieldExpandLen = 64
	// ietfMinKeyMaterial is the smallest key material KeyGen accepts.
	ietfMinKeyMaterial = 32
	// ietfMaxKeyInfo is the largest key_info KeyGen accepts.
	ietfMaxKeyInfo = 0xffff
)

// ietfScheme is one IETF BBS ciphersuite. Its generators are derived once,
// lazily, and shared by every caller.
type ietfScheme struct {
	name    string
	suiteID string // ciphersuite_id
	apiID   []byte // ciphersuite_id || "H2G_HM2S_"
	expand  expander
	p1      bls12381.G1Affine
	p1Table *g1Table // odd multiples of P1, for multi-scalar multiplication

	h2sDST  []byte // api_id || "H2S_": hash_to_scalar for domain, e, challenge
	mapDST  []byte // api_id || "MAP_MSG_TO_SCALAR_AS_HASH_"
	seedDST []byte // api_id || "SIG_GENERATOR_SEED_"
	genDST  []byte // api_id || "SIG_GENERATOR_DST_"
	genSeed []byte // api_id || "MESSAGE_GENERATOR_SEED"
	bpSeed  []byte // api_id || "BP_MESSAGE_GENERATOR_SEED": the seed of P1
	keyDST  []byte // ciphersuite_id || "KEYGEN_DST_": KeyGen's default
	mockDST []byte // api_id || "MOCK_RANDOM_SCALARS_DST_": test-vector RNG

	gens ietfGeneratorCache
}

// ietfGeneratorCache holds the generators Q_1, H_1, H_2, … derived so far
// and the create_generators state v from which the next one is derived.
// Slices handed out are never written again: growing appends, possibly to a
// new array.
type ietfGeneratorCache struct {
	mu   sync.Mutex
	v    []byte
	gens ietfGenerators
}

// ietfGenerators are Q_1, H_1, …, H_L: the points, their concatenated
// compressed encodings (hashed into the domain) and their tables of odd
// multiples (for multi-scalar multiplication; 3 KB per generator, so about
// 3 MB per ciphersuite for MaxMessages).
type ietfGenerators struct {
	points []bls12381.G1Affine
	enc    []byte
	tables []g1Table
}

// ietfProof is the parsed form of an IETF BBS proof.
type ietfProof struct {
	abar, bbar, d      bls12381.G1Affine
	eHat, r1Hat, r3Hat fr.Element
	mHat               []fr.Element // responses for the undisclosed messages
	c                  fr.Element
}

// ietfProofInit is the result of ProofInit and ProofVerifyInit: the values
// hashed into the challenge.
type ietfProofInit struct {
	abar, bbar, d, t1, t2 bls12381.G1Affine
	domain                fr.Element
}

// newIETFScheme makes the scheme of the ciphersuite suiteID, whose
// expand_message is expand and whose constant P1 is p1Hex (compressed).
func newIETFScheme(name, suiteID string, expand expander, p1Hex string) *ietfScheme {
	return newIETFSchemeAPI(name, suiteID, suiteID+"H2G_HM2S_", expand, p1Hex)
}

// newIETFSchemeAPI is newIETFScheme for the BBS interface api (an api_id
// other than ciphersuite_id || "H2G_HM2S_", such as the pseudonym
// interface's and its "BLIND_" generators'): every DST derives from api.
func newIETFSchemeAPI(name, suiteID, api string, expand expander, p1Hex string) *ietfScheme {
	s := &ietfScheme{
		name:    name,
		suiteID: suiteID,
		apiID:   []byte(api),
		expand:  expand,
		h2sDST:  []byte(api + "H2S_"),
		mapDST:  []byte(api + "MAP_MSG_TO_SCALAR_AS_HASH_"),
		seedDST: []byte(api + "SIG_GENERATOR_SEED_"),
		genDST:  []byte(api + "SIG_GENERATOR_DST_"),
		genSeed: []byte(api + "MESSAGE_GENERATOR_SEED"),
		bpSeed:  []byte(api + "BP_MESSAGE_GENERATOR_SEED"),
		keyDST:  []byte(suiteID + "KEYGEN_DST_"),
		mockDST: []byte(api + "MOCK_RANDOM_SCALARS_DST_"),
	}
	b, err := hex.DecodeString(p1Hex)
	if err != nil {
		panic("bbs: bad P1 constant for " + name)
	}
	if s.p1, err = decodeG1(b); err != nil || s.p1.IsInfinity() {
		panic("bbs: bad P1 constant for " + name)
	}
	s.p1Table = &newG1Tables([]bls12381.G1Affine{s.p1})[0]
	return s
}

// Name returns the scheme's name.
func (s *ietfScheme) Name() string { return s.name }

func (*ietfScheme) sealed() {}

// KeyGen is the IETF draft's KeyGen for the IETF BBS scheme s: the secret
// key is hash_to_scalar(key_material ‖ I2OSP(len(key_info), 2) ‖ key_info,
// key_dst). keyMaterial must be secret, uniformly random and at least 32
// bytes long; keyInfo (at most 65535 bytes) may be empty. An empty keyDST
// selects the draft's default, ciphersuite_id ‖ "KEYGEN_DST_"; a given one
// must be at most 255 bytes. It returns ErrInvalidArgument for a scheme
// other than BLS12381SHA256 or BLS12381SHAKE256 and for bad lengths.
func KeyGen(s Scheme, keyMaterial, keyInfo, keyDST []byte) (*SecretKey, error) {
	is, ok := s.(*ietfScheme)
	if !ok {
		name := "<nil>"
		if s != nil {
			name = s.Name()
		}
		return nil, fmt.Errorf("%w: KeyGen is defined for the IETF schemes only, not %s", ErrInvalidArgument, name)
	}
	return is.keyGen(keyMaterial, keyInfo, keyDST)
}

func (s *ietfScheme) keyGen(keyMaterial, keyInfo, keyDST []byte) (*SecretKey, error) {
	switch {
	case len(keyMaterial) < ietfMinKeyMaterial:
		return nil, fmt.Errorf("%w: key material of %d bytes, want at least %d", ErrInvalidArgument, len(keyMaterial), ietfMinKeyMaterial)
	case len(keyInfo) > ietfMaxKeyInfo:
		return nil, fmt.Errorf("%w: key info of %d bytes, want at most %d", ErrInvalidArgument, len(keyInfo), ietfMaxKeyInfo)
	case len(keyDST) > maxDSTSize:
		return nil, fmt.Errorf("%w: key DST of %d bytes, want at most %d", ErrInvalidArgument, len(keyDST), maxDSTSize)
	}
	if len(keyDST) == 0 {
		keyDST = s.keyDST
	}
	in := make([]byte, 0, len(keyMaterial)+2+len(keyInfo))
	in = append(in, keyMaterial...)
	in = binary.BigEndian.AppendUint16(in, uint16(len(keyInfo)))
	in = append(in, keyInfo...)
	x, err := s.hashToScalar(in, keyDST)
	if err != nil {
		return nil, fmt.Errorf("key generation: %w", err)
	}
	if x.IsZero() {
		return nil, fmt.Errorf("%w: key material yields the zero key", ErrInvalidArgument)
	}
	return newSecretKey(s, &x)
}

// GenerateKey reads 32 bytes of key material from rand (crypto/rand if
// rand is nil) and derives the key with KeyGen, empty key_info and the
// default key_dst.
func (s *ietfScheme) GenerateKey(rnd io.Reader) (*SecretKey, error) {
	if rnd == nil {
		rnd = rand.Reader
	}
	km := make([]byte, ietfMinKeyMaterial)
	if _, err := io.ReadFull(rnd, km); err != nil {
		return nil, fmt.Errorf("generate key: read key material: %w", err)
	}
	return s.keyGen(km, nil, nil)
}

// NewKeyFromSeed is KeyGen(seed, empty key_info, default key_dst). The seed
// must be at least 32 bytes.
func (s *ietfScheme) NewKeyFromSeed(seed []byte) (*SecretKey, error) {
	return s.keyGen(seed, nil, nil)
}

// ParseSecretKey parses a 32-byte big-endian secret key.
func (s *ietfScheme) ParseSecretKey(b []byte) (*SecretKey, error) { return parseSecretKey(s, b) }

// ParsePublicKey parses a 96-byte compressed G2 public key.
func (s *ietfScheme) ParsePublicKey(b []byte) (*PublicKey, error) { return newPublicKey(s, b) }

// ParseSignature parses A‖e as octets_to_signature does: A must be a G1
// point other than the identity, e a canonical non-zero scalar.
func (s *ietfScheme) ParseSignature(b []byte) (*Signature, error) {
	if len(b) != IETFSignatureSize {
		return nil, fmt.Errorf("%w: %d bytes, want %d", ErrMalformedSignature, len(b), IETFSignatureSize)
	}
	a, err := decodeG1(b[:g1Size])
	if err != nil {
		return nil, fmt.Errorf("%w: A: %v", ErrMalformedSignature, err)
	}
	if a.IsInfinity() {
		return nil, fmt.Errorf("%w: A is the identity", ErrMalformedSignature)
	}
	e, err := decodeScalar(b[g1Size:])
	if err != nil {
		return nil, fmt.Errorf("%w: e: %v", ErrMalformedSignature, err)
	}
	if e.IsZero() {
		return nil, fmt.Errorf("%w: e is zero", ErrMalformedSignature)
	}
	return &Signature{scheme: s, a: a, e: e, enc: slices.Clone(b)}, nil
}

// ParseProof parses a proof as octets_to_proof does: 272 + 32·U bytes for
// U hidden messages (at most MaxMessages); Ā, B̄ and D G1 points other
// than the identity; every scalar canonical and non-zero.
func (s *ietfScheme) ParseProof(b []byte) (*Proof, error) {
	n := len(b)
	if n < IETFProofBaseSize || (n-IETFProofBaseSize)%scalarSize != 0 {
		return nil, fmt.Errorf("%w: %d bytes, want %d + a multiple of %d", ErrMalformedProof, n, IETFProofBaseSize, scalarSize)
	}
	u := (n - IETFProofBaseSize) / scalarSize
	if u > MaxMessages {
		return nil, fmt.Errorf("%w: %d hidden messages, at most %d", ErrMalformedProof, u, MaxMessages)
	}
	p := &ietfProof{mHat: make([]fr.Element, u)}
	// The scalars first: they are cheap to check, the points are not.
	scalars := make([]*fr.Element, 0, u+4)
	scalars = append(scalars, &p.eHat, &p.r1Hat, &p.r3Hat)
	for i := range p.mHat {
		scalars = append(scalars, &p.mHat[i])
	}
	scalars = append(scalars, &p.c)
	off := 3 * g1Size
	for i, z := range scalars {
		var err error
		if *z, err = decodeScalar(b[off : off+scalarSize]); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrMalformedProof, proofScalarName(i, u), err)
		}
		if z.IsZero() {
			return nil, fmt.Errorf("%w: %s is zero", ErrMalformedProof, proofScalarName(i, u))
		}
		off += scalarSize
	}
	points := [...]struct {
		name string
		dst  *bls12381.G1Affine
	}{{"Abar", &p.abar}, {"Bbar", &p.bbar}, {"D", &p.d}}
	for i, pt := range points {
		var err error
		if *pt.dst, err = decodeG1(b[i*g1Size : (i+1)*g1Size]); err != nil {
			return nil, fmt.Errorf("%w: %s: %v", ErrMalformedProof, pt.name, err)
		}
		if pt.dst.IsInfinity() {
			return nil, fmt.Errorf("%w: %s is the identity", ErrMalformedProof, pt.name)
		}
	}
	return &Proof{scheme: s, enc: slices.Clone(b), body: p}, nil
}

// proofScalarName names the i-th scalar of a proof with u hidden messages.
func proofScalarName(i, u int) string {
	switch {
	case i < 3:
		return [...]string{"e^", "r1^", "r3^"}[i]
	case i < 3+u:
		return fmt.Sprintf("m^ %d", i-3)
	default:
		return "challenge"
	}
}

// Sign is the draft's Sign: e = hash_to_scalar(SK ‖ msg_1 ‖ … ‖ msg_L ‖
// domain), A = B·1/(SK + e) with B = P1 + Q_1·domain + Σ H_i·msg_i.
func (s *ietfScheme) Sign(sk *SecretKey, header []byte, messages [][]byte) (*Signature, error) {
	if sk == nil {
		return nil, fmt.Errorf("%w: nil secret key", ErrInvalidArgument)
	}
	if err := checkScheme(s, "secret key", sk.scheme); err != nil {
		return nil, err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	gens, err := s.generators(len(messages) + 1)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	m, err := s.messagesToScalars(messages)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	domain, err := s.calculateDomain(sk.pub, gens.enc, header)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	in := make([]byte, 0, (len(m)+2)*scalarSize)
	in = appendScalar(in, &sk.x)
	for i := range m {
		in = appendScalar(in, &m[i])
	}
	in = appendScalar(in, &domain)
	e, err := s.hashToScalar(in, s.h2sDST)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	b, err := s.secretCommitment(&gens, &domain, m)
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}

	var inv fr.Element
	inv.Add(&sk.x, &e)
	if inv.IsZero() { // SK + e = 0 mod r: negligible, and fatal for the inverse
		return nil, fmt.Errorf("sign: degenerate e")
	}
	if inv, err = secretInverse(&inv); err != nil { // 1/(SK+e) is secret: blinded
		return nil, fmt.Errorf("sign: %w", err)
	}
	a, err := secretMSM([]bls12381.G1Affine{b}, []fr.Element{inv}) // and so multiplied by shares
	if err != nil {
		return nil, fmt.Errorf("sign: %w", err)
	}
	if a.IsInfinity() || e.IsZero() {
		return nil, fmt.Errorf("sign: degenerate signature")
	}
	enc := make([]byte, 0, IETFSignatureSize)
	enc = appendG1(enc, &a)
	enc = appendScalar(enc, &e)
	return &Signature{scheme: s, a: a, e: e, enc: enc}, nil
}

// Verify is the draft's Verify. It checks e(A, W)·e(e·A − B, P2) = 1,
// the signature equation e(A, W + e·P2) = e(B, P2) rearranged so that the
// only G2 arguments are W and P2.
func (s *ietfScheme) Verify(pk *PublicKey, sig *Signature, header []byte, messages [][]byte) error {
	if err := s.checkKeyAndSignature(pk, sig); err != nil {
		return err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	gens, err := s.generators(len(messages) + 1)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	m, err := s.messagesToScalars(messages)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	return s.coreVerify(pk, sig, &gens, header, m)
}

// coreVerify is the draft's CoreVerify over the generators gens (Q_1 and
// one per message scalar in m).
func (s *ietfScheme) coreVerify(pk *PublicKey, sig *Signature, gens *ietfGenerators, header []byte, m []fr.Element) error {
	if len(gens.points) != len(m)+1 {
		return fmt.Errorf("%w: %d generators for %d messages", ErrInvalidArgument, len(gens.points), len(m))
	}
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	// e·A − P1 − domain·Q_1 − Σ msg_i·H_i in one multi-scalar multiplication.
	fixed := make([]*g1Table, 0, len(m)+2)
	scalars := make([]fr.Element, 0, len(m)+2)
	var minusOne, t fr.Element
	minusOne.SetOne().Neg(&minusOne)
	fixed = append(fixed, s.p1Table, &gens.tables[0])
	scalars = append(scalars, minusOne, *t.Neg(&domain))
	for i := range m {
		fixed = append(fixed, &gens.tables[1+i])
		scalars = append(scalars, *t.Neg(&m[i]))
	}
	eaMinusB := msmWithTables(fixed, scalars, []bls12381.G1Affine{sig.a}, []fr.Element{sig.e})
	ok, err := pairingProductIsOne(&sig.a, pk, &eaMinusB)
	if err != nil {
		return fmt.Errorf("verify: %w", err)
	}
	if !ok {
		return ErrInvalidSignature
	}
	return nil
}

// DeriveProof is the draft's ProofGen. revealed lists the disclosed
// indices (0-based, any order, no repeats). The signature is verified
// first (ErrInvalidSignature): a holder must not present a signature an
// issuer could have tagged. The 5 + U random scalars r1, r2, ẽ, r̃1, r̃3,
// m̃_j1 … m̃_jU are hedged (ietfProofRandomScalars): derived from 32 fresh
// bytes of rnd (crypto/rand if nil) and the secret inputs and statement,
// so a repeated or weak rnd does not repeat them across statements.
func (s *ietfScheme) DeriveProof(rnd io.Reader, pk *PublicKey, sig *Signature, header, nonce []byte, messages [][]byte, revealed []int) (*Proof, error) {
	if err := s.checkKeyAndSignature(pk, sig); err != nil {
		return nil, err
	}
	if err := checkMessageCount(len(messages)); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	disclosed, undisclosed, err := splitIndices(revealed, len(messages))
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	gens, err := s.generators(len(messages) + 1)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	m, err := s.messagesToScalars(messages)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	if err := s.proverCheckSignature(pk, sig, &gens, header, m); err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	random, err := ietfProofRandomScalars(rnd, s, 5+len(undisclosed), pk, sig, header, nonce, messages, disclosed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	init, err := s.proofInit(pk, sig, &gens, random, header, m, undisclosed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	dm := make([]fr.Element, len(disclosed))
	for k, i := range disclosed {
		dm[k] = m[i]
	}
	c, err := s.challenge(init, disclosed, dm, nonce)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	p, err := proofFinalize(init, &c, &sig.e, random, m, undisclosed)
	if err != nil {
		return nil, fmt.Errorf("derive proof: %w", err)
	}
	return &Proof{scheme: s, enc: p.encode(), body: p}, nil
}

// VerifyProof is the draft's ProofVerify. disclosed gives the disclosed
// messages with their indices, strictly ascending; the number of signed
// messages is L = U + len(disclosed), U being the number of hidden messages
// the proof carries, and every index must be below L.
func (s *ietfScheme) VerifyProof(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage) error {
	p, err := s.verifyProofChallenge(pk, proof, header, nonce, disclosed)
	if err != nil {
		return err
	}
	return proofPairing(pk, p)
}

// verifyProofChallenge is ProofVerify up to the pairing check: the
// arguments, T1 and T2 recomputed from the responses, and the challenge
// compared. It returns the parsed proof for the pairing check.
func (s *ietfScheme) verifyProofChallenge(pk *PublicKey, proof *Proof, header, nonce []byte, disclosed []DisclosedMessage) (*ietfProof, error) {
	if pk == nil {
		return nil, fmt.Errorf("%w: nil public key", ErrInvalidArgument)
	}
	if proof == nil {
		return nil, fmt.Errorf("%w: nil proof", ErrInvalidArgument)
	}
	if err := checkScheme(s, "public key", pk.scheme); err != nil {
		return nil, err
	}
	if err := checkScheme(s, "proof", proof.scheme); err != nil {
		return nil, err
	}
	p, ok := proof.body.(*ietfProof)
	if !ok {
		return nil, fmt.Errorf("%w: proof not made by ParseProof or DeriveProof", ErrInvalidArgument)
	}
	total := len(p.mHat) + len(disclosed)
	if err := checkMessageCount(total); err != nil {
		return nil, fmt.Errorf("verify proof: %d hidden + %d disclosed: %w", len(p.mHat), len(disclosed), err)
	}
	idx := make([]int, len(disclosed))
	raw := make([][]byte, len(disclosed))
	for k, d := range disclosed {
		switch {
		case d.Index < 0 || d.Index >= total:
			return nil, fmt.Errorf("%w: disclosed index %d out of range [0, %d)", ErrInvalidArgument, d.Index, total)
		case k > 0 && d.Index <= idx[k-1]:
			return nil, fmt.Errorf("%w: disclosed indices not strictly ascending (%d after %d)", ErrInvalidArgument, d.Index, idx[k-1])
		}
		idx[k], raw[k] = d.Index, d.Message
	}
	dm, err := s.messagesToScalars(raw)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	gens, err := s.generators(total + 1)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	init, err := s.proofVerifyInit(pk, p, &gens, header, idx, dm)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	c, err := s.challenge(init, idx, dm, nonce)
	if err != nil {
		return nil, fmt.Errorf("verify proof: %w", err)
	}
	if !c.Equal(&p.c) {
		return nil, fmt.Errorf("%w: challenge mismatch", ErrInvalidProof)
	}
	return p, nil
}

// proofInit is the draft's ProofInit: it blinds the signature with r1, r2
// and commits to the randomness.
func (s *ietfScheme) proofInit(pk *PublicKey, sig *Signature, gens *ietfGenerators, random []fr.Element, header []byte, m []fr.Element, undisclosed []int) (*ietfProofInit, error) {
	if len(random) != 5+len(undisclosed) || len(gens.points) != len(m)+1 {
		return nil, fmt.Errorf("%w: %d random scalars and %d generators for %d messages, %d hidden",
			ErrInvalidArgument, len(random), len(gens.points), len(m), len(undisclosed))
	}
	r1, r2, eTilde, r1Tilde, r3Tilde := &random[0], &random[1], &random[2], &random[3], &random[4]
	if r1.IsZero() || r2.IsZero() {
		return nil, fmt.Errorf("degenerate randomness (zero r1 or r2)")
	}
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return nil, err
	}
	var r1r2, negE fr.Element
	r1r2.Mul(r1, r2)
	negE.Neg(&sig.e)

	// Every scalar below is secret: each multiplication splits it into
	// random shares (secretMSM, secret_shares.go).
	res := &ietfProofInit{domain: domain}
	b, err := s.secretCommitment(gens, &domain, m)
	if err != nil {
		return nil, err
	}
	mul := func(dst *bls12381.G1Affine, points []bls12381.G1Affine, scalars ...fr.Element) {
		if err == nil {
			*dst, err = secretMSM(points, scalars)
		}
	}
	mul(&res.d, []bls12381.G1Affine{b}, *r2)                              // D = B·r2
	mul(&res.abar, []bls12381.G1Affine{sig.a}, r1r2)                      // Ā = A·(r1·r2)
	mul(&res.bbar, []bls12381.G1Affine{res.d, res.abar}, *r1, negE)       // B̄ = D·r1 − Ā·e
	mul(&res.t1, []bls12381.G1Affine{res.abar, res.d}, *eTilde, *r1Tilde) // T1 = Ā·ẽ + D·r̃1
	if err != nil {
		return nil, err
	}

	// T2 = D·r̃3 + Σ H_j·m̃_j
	fixed := make([]*g1Table, 0, len(undisclosed))
	for _, j := range undisclosed {
		fixed = append(fixed, &gens.tables[1+j])
	}
	if res.t2, err = secretMSMWithTables(fixed, random[5:], []bls12381.G1Affine{res.d}, []fr.Element{*r3Tilde}); err != nil {
		return nil, err
	}

	if res.abar.IsInfinity() || res.bbar.IsInfinity() || res.d.IsInfinity() {
		return nil, fmt.Errorf("degenerate proof (identity point); is the signature valid?")
	}
	return res, nil
}

// proofFinalize is the draft's ProofFinalize: the Schnorr responses.
func proofFinalize(init *ietfProofInit, c, e *fr.Element, random, m []fr.Element, undisclosed []int) (*ietfProof, error) {
	r1, r2, eTilde, r1Tilde, r3Tilde := &random[0], &random[1], &random[2], &random[3], &random[4]
	p := &ietfProof{abar: init.abar, bbar: init.bbar, d: init.d, c: *c, mHat: make([]fr.Element, len(undisclosed))}
	r3, err := secretInverse(r2) // 1/r2 is secret: blinded
	if err != nil {
		return nil, err
	}
	var t fr.Element
	p.eHat.Add(eTilde, t.Mul(e, c))     // ê = ẽ + e·c
	p.r1Hat.Sub(r1Tilde, t.Mul(r1, c))  // r̂1 = r̃1 − r1·c
	p.r3Hat.Sub(r3Tilde, t.Mul(&r3, c)) // r̂3 = r̃3 − r3·c
	for k, j := range undisclosed {     // m̂_j = m̃_j + msg_j·c
		p.mHat[k].Add(&random[5+k], t.Mul(&m[j], c))
	}
	if p.eHat.IsZero() || p.r1Hat.IsZero() || p.r3Hat.IsZero() || p.c.IsZero() ||
		slices.ContainsFunc(p.mHat, func(z fr.Element) bool { return z.IsZero() }) {
		// octets_to_proof rejects zero scalars; probability 2^-250.
		return nil, fmt.Errorf("degenerate proof (zero scalar)")
	}
	return p, nil
}

// proofVerifyInit is the draft's ProofVerifyInit: it recomputes T1 and T2
// from the responses.
func (s *ietfScheme) proofVerifyInit(pk *PublicKey, p *ietfProof, gens *ietfGenerators, header []byte, idx []int, dm []fr.Element) (*ietfProofInit, error) {
	domain, err := s.calculateDomain(pk, gens.enc, header)
	if err != nil {
		return nil, err
	}
	res := &ietfProofInit{abar: p.abar, bbar: p.bbar, d: p.d, domain: domain}

	// T1 = B̄·c + Ā·ê + D·r̂1
	res.t1 = msmWithTables(nil, nil, []bls12381.G1Affine{p.bbar, p.abar, p.d}, []fr.Element{p.c, p.eHat, p.r1Hat})

	// T2 = Bv·c + D·r̂3 + Σ H_j·m̂_j with Bv = P1 + Q_1·domain + Σ H_i·msg_i,
	// expanded into one multi-scalar multiplication over P1, Q_1, H_1..H_L, D.
	L := len(gens.points) - 1
	fixed := make([]*g1Table, 0, L+2)
	scalars := make([]fr.Element, 0, L+2)
	var t fr.Element
	fixed = append(fixed, s.p1Table, &gens.tables[0])
	scalars = append(scalars, p.c, *t.Mul(&domain, &p.c))
	k, u := 0, 0
	for i := 0; i < L; i++ {
		fixed = append(fixed, &gens.tables[1+i])
		if k < len(idx) && idx[k] == i {
			scalars = append(scalars, *t.Mul(&dm[k], &p.c))
			k++
		} else {
			scalars = append(scalars, p.mHat[u])
			u++
		}
	}
	if k != len(idx) || u != len(p.mHat) {
		return nil, fmt.Errorf("%w: %d disclosed and %d hidden messages do not make %d", ErrInvalidArgument, len(idx), len(p.mHat), L)
	}
	res.t2 = msmWithTables(fixed, scalars, []bls12381.G1Affine{p.d}, []fr.Element{p.r3Hat})
	return res, nil
}

// challenge is the draft's ProofChallengeCalculate: hash_to_scalar of
// R ‖ i1 ‖ msg_i1 ‖ … ‖ iR ‖ msg_iR ‖ Ā ‖ B̄ ‖ D ‖ T1 ‖ T2 ‖ domain ‖
// I2OSP(len(ph), 8) ‖ ph.
func (s *ietfScheme) challenge(init *ietfProofInit, idx []int, dm []fr.Element, ph []byte) (fr.Element, error) {
	in := make([]byte, 0, 8+len(idx)*(8+scalarSize)+5*g1Size+scalarSize+8+len(ph))
	in = binary.BigEndian.AppendUint64(in, uint64(len(idx)))
	for k, i := range idx {
		in = binary.BigEndian.AppendUint64(in, uint64(i))
		in = appendScalar(in, &dm[k])
	}
	for _, pt := range []*bls12381.G1Affine{&init.abar, &init.bbar, &init.d, &init.t1, &init.t2} {
		in = appendG1(in, pt)
	}
	in = appendScalar(in, &init.domain)
	in = binary.BigEndian.AppendUint64(in, uint64(len(ph)))
	in = append(in, ph...)
	return s.hashToScalar(in, s.h2sDST)
}

// encode serializes the proof: Ā ‖ B̄ ‖ D ‖ ê ‖ r̂1 ‖ r̂3 ‖ m̂… ‖ c.
func (p *ietfProof) encode() []byte {
	out := make([]byte, 0, IETFProofBaseSize+len(p.mHat)*scalarSize)
	out = appendG1(out, &p.abar)
	out = appendG1(out, &p.bbar)
	out = appendG1(out, &p.d)
	out = appendScalar(out, &p.eHat)
	out = appendScalar(out, &p.r1Hat)
	out = appendScalar(out, &p.r3Hat)
	for i := range p.mHat {
		out = appendScalar(out, &p.mHat[i])
	}
	return appendScalar(out, &p.c)
}

// calculateDomain is the draft's calculate_domain: hash_to_scalar of
// PK ‖ I2OSP(L, 8) ‖ Q_1 ‖ H_1 ‖ … ‖ H_L ‖ api_id ‖ I2OSP(len(header), 8) ‖
// header, where enc holds the compressed Q_1, H_1..H_L.
func (s *ietfScheme) calculateDomain(pk *PublicKey, enc []byte, header []byte) (fr.Element, error) {
	L := len(enc)/g1Size - 1
	in := make([]byte, 0, PublicKeySize+8+len(enc)+len(s.apiID)+8+len(header))
	in = append(in, pk.enc[:]...)
	in = binary.BigEndian.AppendUint64(in, uint64(L))
	in = append(in, enc...)
	in = append(in, s.apiID...)
	in = binary.BigEndian.AppendUint64(in, uint64(len(header)))
	in = append(in, header...)
	return s.hashToScalar(in, s.h2sDST)
}

// commitment returns B = P1 + Q_1·domain + Σ H_i·m_i.
func (s *ietfScheme) commitment(gens *ietfGenerators, domain *fr.Element, m []fr.Element) bls12381.G1Affine {
	fixed, scalars := s.commitmentTerms(gens, domain, m)
	return msmWithTables(fixed, scalars, nil, nil)
}

// commitmentTerms returns the tables and scalars of B = P1 + Q_1·domain +
// Σ H_i·m_i, for a public (commitment) or secret (secretCommitment) MSM.
func (s *ietfScheme) commitmentTerms(gens *ietfGenerators, domain *fr.Element, m []fr.Element) ([]*g1Table, []fr.Element) {
	fixed := make([]*g1Table, 0, len(m)+2)
	scalars := make([]fr.Element, 0, len(m)+2)
	var one fr.Element
	one.SetOne()
	fixed = append(fixed, s.p1Table, &gens.tables[0])
	scalars = append(scalars, one, *domain)
	for i := range m {
		fixed = append(fixed, &gens.tables[1+i])
	}
	return fixed, append(scalars, m...)
}

// messagesToScalars is the draft's messages_to_scalars with
// MapMessageToScalarAsHash: hash_to_scalar(msg, api_id ‖ "MAP_MSG_TO_SCALAR_AS_HASH_").
func (s *ietfScheme) messagesToScalars(messages [][]byte) ([]fr.Element, error) {
	out := make([]fr.Element, len(messages))
	for i, msg := range messages {
		var err error
		if out[i], err = s.hashToScalar(msg, s.mapDST); err != nil {
			return nil, fmt.Errorf("message %d: %w", i, err)
		}
	}
	return out, nil
}

// hashToScalar is the draft's hash_to_scalar: expand_message(msg, dst, 48)
// read big-endian and reduced modulo r.
func (s *ietfScheme) hashToScalar(msg, dst []byte) (fr.Element, error) {
	var z fr.Element
	u, err := s.expand(msg, dst, ietfExpandLen)
	if err != nil {
		return z, fmt.Errorf("hash to scalar: %w", err)
	}
	z.SetBytes(u) // reduces modulo r
	return z, nil
}

// hashToCurve is RFC 9380's hash_to_curve for BLS12-381 G1 with the
// ciphersuite's expand_message: hash_to_field (two 64-byte elements of Fp),
// the simplified SWU map to the 11-isogenous curve and the isogeny for each,
// their sum, and cofactor clearing. For the SHA-256 suite this is
// BLS12381G1_XMD:SHA-256_SSWU_RO_, for SHAKE-256 BLS12381G1_XOF:SHAKE-256_SSWU_RO_.
func (s *ietfScheme) hashToCurve(msg, dst []byte) (bls12381.G1Affine, error) {
	var res bls12381.G1Affine
	u, err := s.expand(msg, dst, 2*ietfFieldExpandLen)
	if err != nil {
		return res, fmt.Errorf("hash to curve: %w", err)
	}
	var u0, u1 fp.Element
	u0.SetBytes(u[:ietfFieldExpandLen]) // reduces modulo p
	u1.SetBytes(u[ietfFieldExpandLen:])
	q0 := bls12381.MapToCurve1(&u0)
	q1 := bls12381.MapToCurve1(&u1)
	hash_to_curve.G1Isogeny(&q0.X, &q0.Y)
	hash_to_curve.G1Isogeny(&q1.X, &q1.Y)
	var j0, j1 bls12381.G1Jac
	j0.FromAffine(&q0)
	j1.FromAffine(&q1).AddAssign(&j0)
	j1.ClearCofactor(&j1)
	res.FromJacobian(&j1)
	return res, nil
}

// createGenerators is the draft's create_generators with an explicit seed:
// v = expand_message(seed, seed_dst, 48); then, for i = 1..count,
// v = expand_message(v ‖ I2OSP(i, 8), seed_dst, 48) and generator_i =
// hash_to_curve_g1(v, generator_dst). The message generators come from
// s.genSeed (use the cached s.generators); P1 from s.bpSeed.
func (s *ietfScheme) createGenerators(seed []byte, count int) ([]bls12381.G1Affine, error) {
	v, err := s.expand(seed, s.seedDST, ietfExpandLen)
	if err != nil {
		return nil, fmt.Errorf("create generators: %w", err)
	}
	out := make([]bls12381.G1Affine, count)
	for i := range out {
		if v, out[i], err = s.nextGenerator(v, i+1); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// nextGenerator performs one step of create_generators: from the state v
// it derives generator i and the next state.
func (s *ietfScheme) nextGenerator(v []byte, i int) ([]byte, bls12381.G1Affine, error) {
	in := binary.BigEndian.AppendUint64(slices.Clip(v), uint64(i))
	v, err := s.expand(in, s.seedDST, ietfExpandLen)
	if err != nil {
		return nil, bls12381.G1Affine{}, fmt.Errorf("create generator %d: %w", i, err)
	}
	p, err := s.hashToCurve(v, s.genDST)
	if err != nil {
		return nil, p, fmt.Errorf("create generator %d: %w", i, err)
	}
	if p.IsInfinity() { // probability 2^-255
		return nil, p, fmt.Errorf("create generator %d: identity", i)
	}
	return v, p, nil
}

// generators returns Q_1, H_1, …, H_(count-1), deriving the ones not yet
// cached. The slices returned must not be modified.
func (s *ietfScheme) generators(count int) (ietfGenerators, error) {
	if count < 1 || count > MaxMessages+1 {
		return ietfGenerators{}, fmt.Errorf("%w: %d generators, want 1 to %d", ErrInvalidArgument, count, MaxMessages+1)
	}
	c := &s.gens
	c.mu.Lock()
	defer c.mu.Unlock()
	if have := len(c.gens.points); have < count {
		if c.v == nil {
			v, err := s.expand(s.genSeed, s.seedDST, ietfExpandLen)
			if err != nil {
				return ietfGenerators{}, fmt.Errorf("create generators: %w", err)
			}
			c.v = v
		}
		v := c.v
		fresh := make([]bls12381.G1Affine, count-have)
		for i := range fresh {
			var err error
			if v, fresh[i], err = s.nextGenerator(v, have+i+1); err != nil {
				return ietfGenerators{}, err
			}
		}
		c.v = v
		c.gens.points = append(c.gens.points, fresh...)
		for i := range fresh {
			c.gens.enc = appendG1(c.gens.enc, &fresh[i])
		}
		c.gens.tables = append(c.gens.tables, newG1Tables(fresh)...)
	}
	g := c.gens
	return ietfGenerators{
		points: g.points[:count:count],
		enc:    g.enc[: count*g1Size : count*g1Size],
		tables: g.tables[:count:count],
	}, nil
}

// checkKeyAndSignature checks that pk and sig are non-nil and of scheme s.
func (s *ietfScheme) checkKeyAndSignature(pk *PublicKey, sig *Signature) error {
	if pk == nil {
		return fmt.Errorf("%w: nil public key", ErrInvalidArgument)
	}
	if sig == nil {
		return fmt.Errorf("%w: nil signature", ErrInvalidArgument)
	}
	if err := checkScheme(s, "public key", pk.scheme); err != nil {
		return err
	}
	return checkScheme(s, "signature", sig.scheme)
}

// checkMessageCount checks that 1 ≤ n ≤ MaxMessages.
func checkMessageCount(n int) error {
	if n < 1 || n > MaxMessages {
		return fmt.Errorf("%w: %d messages, want 1 to %d", ErrInvalidArgument, n, MaxMessages)
	}
	return nil
}

// splitIndices sorts the revealed indices (0 ≤ i < n, no repeats) and
// returns them with the complement, also ascending.
func splitIndices(revealed []int, n int) (disclosed, undisclosed []int, err error) {
	if len(revealed) > n {
		return nil, nil, fmt.Errorf("%w: %d indices revealed of %d messages", ErrInvalidArgument, len(revealed), n)
	}
	seen := make([]bool, n)
	for _, i := range revealed {
		if i < 0 || i >= n {
			return nil, nil, fmt.Errorf("%w: revealed index %d out of range [0, %d)", ErrInvalidArgument, i, n)
		}
		if seen[i] {
			return nil, nil, fmt.Errorf("%w: revealed index %d repeated", ErrInvalidArgument, i)
		}
		seen[i] = true
	}
	disclosed = make([]int, 0, len(revealed))
	undisclosed = make([]int, 0, n-len(revealed))
	for i, d := range seen {
		if d {
			disclosed = append(disclosed, i)
		} else {
			undisclosed = append(undisclosed, i)
		}
	}
	return disclosed, undisclosed, nil
}
