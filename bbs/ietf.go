// SPDX-License-Identifier: Apache-2.0

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

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/expand"
)

// The IETF BBS signature scheme, draft-irtf-cfrg-bbs-signatures-09 (whose
// test vectors are unchanged since -06), with the "hash to scalar" message
// mapping (api_id = ciphersuite_id || "H2G_HM2S_"). This file is the core
// shared by the ciphersuites; ietf_sha256.go and ietf_shake256.go only name
// their ciphersuite, its expand_message and its constant P1.
//
// The core by role: this file has the scheme, its parameters and keys,
// the generators, domain and hashing subroutines and the argument checks;
// ietf_sign.go Sign and Verify; ietf_proof.go ProofGen and ProofVerify;
// ietf_encoding.go the parsing and encoding of signatures and proofs;
// ietf_prover.go the prover's secret-scalar computations; ietf_pairing.go
// ProofVerify's pairing check.
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
	expand  expand.Expander
	p1      bls12381.G1Affine
	p1Table *group.G1Table // odd multiples of P1, for multi-scalar multiplication

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
// multiples (for multi-scalar multiplication; 6 KiB per generator, so about
// 6 MiB per ciphersuite for MaxMessages).
type ietfGenerators struct {
	points []bls12381.G1Affine
	enc    []byte
	tables []group.G1Table
}

// newIETFScheme makes the scheme of the ciphersuite suiteID, whose
// expand_message is xp and whose constant P1 is p1Hex (compressed).
func newIETFScheme(name, suiteID string, xp expand.Expander, p1Hex string) *ietfScheme {
	return newIETFSchemeAPI(name, suiteID, suiteID+"H2G_HM2S_", xp, p1Hex)
}

// newIETFSchemeAPI is newIETFScheme for the BBS interface api (an api_id
// other than ciphersuite_id || "H2G_HM2S_", such as the pseudonym
// interface's and its "BLIND_" generators'): every DST derives from api.
func newIETFSchemeAPI(name, suiteID, api string, xp expand.Expander, p1Hex string) *ietfScheme {
	s := &ietfScheme{
		name:    name,
		suiteID: suiteID,
		apiID:   []byte(api),
		expand:  xp,
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
	if s.p1, err = group.DecodeG1(b); err != nil || s.p1.IsInfinity() {
		panic("bbs: bad P1 constant for " + name)
	}
	s.p1Table = &group.NewG1Tables([]bls12381.G1Affine{s.p1})[0]
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
	case len(keyDST) > expand.MaxDSTSize:
		return nil, fmt.Errorf("%w: key DST of %d bytes, want at most %d", ErrInvalidArgument, len(keyDST), expand.MaxDSTSize)
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
	return group.MSMWithTables(fixed, scalars, nil, nil)
}

// commitmentTerms returns the tables and scalars of B = P1 + Q_1·domain +
// Σ H_i·m_i, for a public (commitment) or secret (secretCommitment) MSM.
func (s *ietfScheme) commitmentTerms(gens *ietfGenerators, domain *fr.Element, m []fr.Element) ([]*group.G1Table, []fr.Element) {
	fixed := make([]*group.G1Table, 0, len(m)+2)
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
			c.gens.enc = group.AppendG1(c.gens.enc, &fresh[i])
		}
		c.gens.tables = append(c.gens.tables, group.NewG1Tables(fresh)...)
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
