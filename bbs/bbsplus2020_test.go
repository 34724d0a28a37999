// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	mathrand "math/rand/v2"
	"slices"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestBBSPlus2020MattrKeyPair checks secret-to-public key derivation against
// a key pair made by MATTR's bbs-signatures, as used in aries-bbs-go's
// TestParseMattrKeys (there base58; here hex).
func TestBBSPlus2020MattrKeyPair(t *testing.T) {
	s := BBSPlus2020()
	sk, err := s.ParseSecretKey(mustHex(t, "3e87cf9ad093b0c8a53fd825bb1ad20d30bb0cf6cac12304cf1542671abf2f62"))
	if err != nil {
		t.Fatal(err)
	}
	want := mustHex(t, "87fae47132975f345b38fafd53149f7a009b89dd94fdc54d5d051a29e185ed4870acc2453fbd2e307d1543dfb7fbfdb30cf0008df96c75e2e43975b7f92864b4bc6e3f2f1495748d80a36691f6feaeb8fe151c1bb35de9bff5ac21ff9e57aebe")
	if got := sk.PublicKey().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("public key\n got %x\nwant %x", got, want)
	}
	msgs := [][]byte{[]byte("message1"), []byte("message2")}
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(sk.PublicKey(), sig, nil, msgs); err != nil {
		t.Fatal(err)
	}
	// Signing is deterministic, and distinct message lists get distinct
	// (e, s).
	again, _ := s.Sign(sk, nil, msgs)
	other, _ := s.Sign(sk, nil, [][]byte{[]byte("message1"), []byte("message3")})
	if !bytes.Equal(again.Bytes(), sig.Bytes()) || bytes.Equal(other.Bytes()[48:], sig.Bytes()[48:]) {
		t.Fatal("Sign is not deterministic per message list")
	}
}

func testKey(t testing.TB, s Scheme) *SecretKey {
	t.Helper()
	sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{7}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return sk
}

func TestBBSPlus2020Keys(t *testing.T) {
	s := BBSPlus2020()
	sk := testKey(t, s)
	sk2, err := s.ParseSecretKey(sk.Bytes())
	if err != nil || !sk2.Equal(sk) || !sk2.PublicKey().Equal(sk.PublicKey()) {
		t.Fatalf("secret key round trip: %v", err)
	}
	again := testKey(t, s)
	if !again.Equal(sk) {
		t.Fatal("NewKeyFromSeed is not deterministic")
	}
	g1, err := s.GenerateKey(rand.Reader)
	if err != nil || g1.Equal(sk) {
		t.Fatalf("GenerateKey: %v", err)
	}
	r := fr.Modulus()
	rBytes := r.FillBytes(make([]byte, 32))
	rPlus1 := new(big.Int).Add(r, big.NewInt(1)).FillBytes(make([]byte, 32))
	idG2 := append([]byte{0xc0}, make([]byte, 95)...)
	notCompressed := sk.PublicKey().Bytes()
	notCompressed[0] &^= 0x80
	offCurve := sk.PublicKey().Bytes()
	offCurve[95] ^= 1
	for _, tc := range []struct {
		name string
		b    []byte
		pk   bool
	}{
		{"sk empty", nil, false},
		{"sk short", make([]byte, 31), false},
		{"sk long", make([]byte, 33), false},
		{"sk zero", make([]byte, 32), false},
		{"sk = r", rBytes, false},
		{"sk = r+1", rPlus1, false},
		{"pk empty", nil, true},
		{"pk short", sk.PublicKey().Bytes()[:95], true},
		{"pk long", append(sk.PublicKey().Bytes(), 0), true},
		{"pk identity", idG2, true},
		{"pk flag cleared", notCompressed, true},
		{"pk off curve", offCurve, true},
		{"pk all ff", bytes.Repeat([]byte{0xff}, 96), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.pk {
				if _, err := s.ParsePublicKey(tc.b); !errors.Is(err, ErrMalformedPublicKey) {
					t.Fatalf("got %v, want ErrMalformedPublicKey", err)
				}
				return
			}
			if _, err := s.ParseSecretKey(tc.b); !errors.Is(err, ErrMalformedSecretKey) {
				t.Fatalf("got %v, want ErrMalformedSecretKey", err)
			}
		})
	}
	if _, err := s.NewKeyFromSeed(make([]byte, 31)); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("short seed: %v", err)
	}
}

func testMessages(n int) [][]byte {
	msgs := make([][]byte, n)
	for i := range msgs {
		msgs[i] = []byte(fmt.Sprintf("claim %d: value %d", i, i*i))
	}
	return msgs
}

func disclosedFor(msgs [][]byte, revealed []int) []DisclosedMessage {
	set := make([]bool, len(msgs))
	for _, i := range revealed {
		set[i] = true
	}
	var out []DisclosedMessage
	for i, ok := range set {
		if ok {
			out = append(out, DisclosedMessage{Index: i, Message: msgs[i]})
		}
	}
	return out
}

// proofFixture is a signed message list with one derived proof.
type proofFixture struct {
	s         Scheme
	pk        *PublicKey
	msgs      [][]byte
	sig       *Signature
	nonce     []byte
	revealed  []int
	proof     *Proof
	disclosed []DisclosedMessage
}

func newProofFixture(t testing.TB, s Scheme, n int, revealed []int, nonce []byte) *proofFixture {
	t.Helper()
	sk := testKey(t, s)
	msgs := testMessages(n)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	// Deterministic randomness: fuzz workers must rebuild the same fixture.
	rng := mathrand.NewChaCha8([32]byte{'f', 'i', 'x', 't', 'u', 'r', 'e'})
	proof, err := s.DeriveProof(rng, sk.PublicKey(), sig, nil, nonce, msgs, revealed)
	if err != nil {
		t.Fatal(err)
	}
	return &proofFixture{s: s, pk: sk.PublicKey(), msgs: msgs, sig: sig, nonce: nonce, revealed: revealed,
		proof: proof, disclosed: disclosedFor(msgs, revealed)}
}

func (f *proofFixture) verifyBytes(b []byte, nonce []byte, disclosed []DisclosedMessage) error {
	p, err := f.s.ParseProof(b)
	if err != nil {
		return err
	}
	return f.s.VerifyProof(f.pk, p, nil, nonce, disclosed)
}

func TestBBSPlus2020RoundTrip(t *testing.T) {
	s := BBSPlus2020()
	sk := testKey(t, s)
	big := bytes.Repeat([]byte("x"), 64<<10)
	for _, tc := range []struct {
		n        int
		revealed []int
		nonce    int
		big      bool
	}{
		{1, nil, 0, false}, {1, []int{0}, 32, false}, {2, []int{1}, 1, false},
		{7, []int{0, 6}, 16, false}, {8, []int{7}, 64, false}, {9, []int{8, 0}, 33, false},
		{16, nil, 32, true}, {64, []int{1, 2, 3, 63}, 32, false},
		{128, []int{0, 5, 77, 127}, 64, false}, {128, allIndices(128), 0, true},
	} {
		name := fmt.Sprintf("m%d/r%d/nonce%d/big=%v", tc.n, len(tc.revealed), tc.nonce, tc.big)
		t.Run(name, func(t *testing.T) {
			msgs := testMessages(tc.n)
			if tc.big {
				msgs[0] = nil
				msgs[len(msgs)-1] = big
			}
			sig, err := s.Sign(sk, nil, msgs)
			if err != nil {
				t.Fatal(err)
			}
			sig2, err := s.ParseSignature(sig.Bytes())
			if err != nil || !bytes.Equal(sig2.Bytes(), sig.Bytes()) {
				t.Fatalf("signature round trip: %v", err)
			}
			if err := s.Verify(sk.PublicKey(), sig2, nil, msgs); err != nil {
				t.Fatal(err)
			}
			nonce := bytes.Repeat([]byte{0xab}, tc.nonce)
			proof, err := s.DeriveProof(rand.Reader, sk.PublicKey(), sig, nil, nonce, msgs, tc.revealed)
			if err != nil {
				t.Fatal(err)
			}
			d := disclosedFor(msgs, tc.revealed)
			f := &proofFixture{s: s, pk: sk.PublicKey()}
			if err := f.verifyBytes(proof.Bytes(), nonce, d); err != nil {
				t.Fatalf("proof rejected: %v", err)
			}
			if err := f.verifyBytes(proof.Bytes(), append(nonce, 0), d); !errors.Is(err, ErrInvalidProof) {
				t.Fatalf("other nonce: %v", err)
			}
		})
	}
}

func allIndices(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

func TestBBSPlus2020SignatureRejections(t *testing.T) {
	s := BBSPlus2020()
	sk := testKey(t, s)
	msgs := testMessages(4)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	other, _ := s.NewKeyFromSeed(bytes.Repeat([]byte{8}, 32))
	for _, tc := range []struct {
		name   string
		pk     *PublicKey
		header []byte
		msgs   [][]byte
		want   error
	}{
		{"other key", other.PublicKey(), nil, msgs, ErrInvalidSignature},
		{"message changed", sk.PublicKey(), nil, append(append([][]byte{}, msgs[:3]...), []byte("x")), ErrInvalidSignature},
		{"extra message", sk.PublicKey(), nil, append(append([][]byte{}, msgs...), []byte("x")), ErrInvalidSignature},
		{"missing message", sk.PublicKey(), nil, msgs[:3], ErrInvalidSignature},
		{"reordered", sk.PublicKey(), nil, [][]byte{msgs[1], msgs[0], msgs[2], msgs[3]}, ErrInvalidSignature},
		{"header given", sk.PublicKey(), []byte("h"), msgs, ErrInvalidArgument},
		{"no messages", sk.PublicKey(), nil, nil, ErrInvalidArgument},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := s.Verify(tc.pk, sig, tc.header, tc.msgs); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	if _, err := s.Sign(sk, nil, make([][]byte, MaxMessages+1)); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("too many messages: %v", err)
	}
	// Every single-byte change of the signature is rejected.
	enc := sig.Bytes()
	for i := range enc {
		mut := bytes.Clone(enc)
		mut[i] ^= 0x01
		if p, err := s.ParseSignature(mut); err == nil {
			if err := s.Verify(sk.PublicKey(), p, nil, msgs); err == nil {
				t.Fatalf("signature with byte %d flipped verifies", i)
			}
		}
	}
	identityA := append(append([]byte{0xc0}, make([]byte, 47)...), enc[48:]...)
	if _, err := s.ParseSignature(identityA); !errors.Is(err, ErrMalformedSignature) {
		t.Fatalf("identity A: %v", err)
	}
}

// TestBBSPlus2020Strictness covers the inputs that aries-bbs-go and
// IBM/idemix accept and a ledger verifier must refuse.
func TestBBSPlus2020Strictness(t *testing.T) {
	s := BBSPlus2020()
	f := newProofFixture(t, s, 10, []int{1, 3, 6, 8}, []byte("nonce-0123456789"))
	enc := f.proof.Bytes()
	hdr := bbsPlusHeaderSize(10)
	vc1Len := hdr + 3*g1Size
	vc2Count := vc1Len + 4 + bbsPlusVC1Size + g1Size
	firstResponse := vc1Len + 4 + g1Size + 4

	if err := f.verifyBytes(enc, f.nonce, f.disclosed); err != nil {
		t.Fatalf("base proof rejected: %v", err)
	}
	nonCanonical := bytes.Clone(enc)
	{
		var z big.Int
		z.SetBytes(enc[firstResponse : firstResponse+32])
		z.Add(&z, fr.Modulus())
		if z.BitLen() <= 256 {
			z.FillBytes(nonCanonical[firstResponse : firstResponse+32])
		}
	}
	extraBit := bytes.Clone(enc)
	extraBit[2] |= 0x80 // index 15 of 10
	identityAPrime := bytes.Clone(enc)
	copy(identityAPrime[hdr:], append([]byte{0xc0}, make([]byte, 47)...))
	identityABar := bytes.Clone(enc)
	copy(identityABar[hdr+g1Size:], append([]byte{0xc0}, make([]byte, 47)...))
	vc1PastEnd := bytes.Clone(enc)
	binary.BigEndian.PutUint32(vc1PastEnd[vc1Len:], 0x00010000)
	vc2CountWrong := bytes.Clone(enc)
	binary.BigEndian.PutUint32(vc2CountWrong[vc2Count:], 0xffffffff)
	zeroCount := bytes.Clone(enc)
	zeroCount[0], zeroCount[1] = 0, 0
	extra := append(slices.Clone(f.disclosed), DisclosedMessage{Index: 9, Message: f.msgs[9]})
	unsorted := []DisclosedMessage{f.disclosed[1], f.disclosed[0], f.disclosed[2], f.disclosed[3]}
	dup := []DisclosedMessage{f.disclosed[0], f.disclosed[0], f.disclosed[2], f.disclosed[3]}

	for _, tc := range []struct {
		name      string
		proof     []byte
		disclosed []DisclosedMessage
		want      error
	}{
		{"non-canonical response (s + r)", nonCanonical, f.disclosed, ErrMalformedProof},
		{"header bit beyond count", extraBit, f.disclosed, ErrMalformedProof},
		{"trailing byte", append(bytes.Clone(enc), 0), f.disclosed, ErrMalformedProof},
		{"A' identity", identityAPrime, f.disclosed, ErrMalformedProof},
		{"Abar identity", identityABar, f.disclosed, ErrMalformedProof},
		{"cut inside VC1 length", enc[:vc1Len+2], f.disclosed, ErrMalformedProof},
		{"VC1 length past end", vc1PastEnd, f.disclosed, ErrMalformedProof},
		{"VC2 count disagrees", vc2CountWrong, f.disclosed, ErrMalformedProof},
		{"cut to header", enc[:hdr], f.disclosed, ErrMalformedProof},
		{"one byte", enc[:1], f.disclosed, ErrMalformedProof},
		{"empty", nil, f.disclosed, ErrMalformedProof},
		{"zero message count", zeroCount, f.disclosed, ErrMalformedProof},
		{"extra disclosed message", enc, extra, ErrInvalidProof},
		{"disclosed message missing", enc, f.disclosed[:3], ErrInvalidProof},
		{"disclosed index shifted", enc, []DisclosedMessage{{0, f.msgs[0]}, f.disclosed[1], f.disclosed[2], f.disclosed[3]}, ErrInvalidProof},
		{"disclosed unsorted", enc, unsorted, ErrInvalidArgument},
		{"disclosed repeated", enc, dup, ErrInvalidArgument},
		{"disclosed negative", enc, []DisclosedMessage{{-1, nil}}, ErrInvalidArgument},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if err := f.verifyBytes(tc.proof, f.nonce, tc.disclosed); !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	// An identity public key is refused at parse time, so a proof can never
	// be checked against it.
	if _, err := s.ParsePublicKey(append([]byte{0xc0}, make([]byte, 95)...)); !errors.Is(err, ErrMalformedPublicKey) {
		t.Fatalf("identity key: %v", err)
	}
	if err := s.VerifyProof(f.pk, f.proof, []byte("h"), f.nonce, f.disclosed); !errors.Is(err, ErrInvalidArgument) {
		t.Fatalf("header given: %v", err)
	}
}

// TestBBSPlus2020EveryByteMatters flips each bit of a proof in turn: no
// changed proof may verify.
func TestBBSPlus2020EveryByteMatters(t *testing.T) {
	s := BBSPlus2020()
	f := newProofFixture(t, s, 3, []int{1}, []byte("n"))
	enc := f.proof.Bytes()
	for i := range enc {
		for _, bit := range []byte{0x01, 0x80} {
			mut := bytes.Clone(enc)
			mut[i] ^= bit
			if err := f.verifyBytes(mut, f.nonce, f.disclosed); err == nil {
				t.Fatalf("proof with byte %d ^ %#x verifies", i, bit)
			} else if !isPackageError(err) {
				t.Fatalf("byte %d: error without a sentinel: %v", i, err)
			}
		}
	}
	for i := range f.disclosed {
		d := slices.Clone(f.disclosed)
		d[i].Message = append(bytes.Clone(d[i].Message), 0)
		if err := f.verifyBytes(enc, f.nonce, d); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("changed message %d: %v", i, err)
		}
	}
}

func TestBBSPlus2020DoesNotModifyInputs(t *testing.T) {
	s := BBSPlus2020()
	f := newProofFixture(t, s, 20, []int{0, 9, 19}, []byte("nonce"))
	enc := f.proof.Bytes()
	encCopy := bytes.Clone(enc)
	nonceCopy := bytes.Clone(f.nonce)
	var msgCopies [][]byte
	for _, d := range f.disclosed {
		msgCopies = append(msgCopies, bytes.Clone(d.Message))
	}
	if err := f.verifyBytes(enc, f.nonce, f.disclosed); err != nil {
		t.Fatal(err)
	}
	if err := f.verifyBytes(enc, f.nonce, f.disclosed); err != nil {
		t.Fatal("second verification of the same bytes failed: the first modified them")
	}
	if !bytes.Equal(enc, encCopy) || !bytes.Equal(f.nonce, nonceCopy) {
		t.Fatal("verification modified the proof or nonce")
	}
	for i, d := range f.disclosed {
		if !bytes.Equal(d.Message, msgCopies[i]) {
			t.Fatal("verification modified a message")
		}
	}
	// The proof retains its own copy: changing the caller's slice later
	// does not change the parsed proof.
	p, _ := s.ParseProof(enc)
	enc[len(enc)-1] ^= 1
	if !bytes.Equal(p.Bytes(), encCopy) {
		t.Fatal("parsed proof aliases the caller's bytes")
	}
}

func TestBBSPlus2020DeriveProofArguments(t *testing.T) {
	s := BBSPlus2020()
	f := newProofFixture(t, s, 5, []int{0}, nil)
	sk2, _ := s.NewKeyFromSeed(bytes.Repeat([]byte{9}, 32))
	for _, tc := range []struct {
		name     string
		pk       *PublicKey
		msgs     [][]byte
		revealed []int
		want     error
	}{
		{"index out of range", f.pk, f.msgs, []int{5}, ErrInvalidArgument},
		{"negative index", f.pk, f.msgs, []int{-1}, ErrInvalidArgument},
		{"repeated index", f.pk, f.msgs, []int{1, 1}, ErrInvalidArgument},
		{"wrong messages", f.pk, testMessages(4), nil, ErrInvalidSignature},
		{"wrong key", sk2.PublicKey(), f.msgs, nil, ErrInvalidSignature},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := s.DeriveProof(rand.Reader, tc.pk, f.sig, nil, nil, tc.msgs, tc.revealed)
			if !errors.Is(err, tc.want) {
				t.Fatalf("got %v, want %v", err, tc.want)
			}
		})
	}
	// Unsorted reveal sets are accepted and give the sorted proof.
	p, err := s.DeriveProof(rand.Reader, f.pk, f.sig, nil, nil, f.msgs, []int{4, 2})
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verifyBytes(p.Bytes(), nil, disclosedFor(f.msgs, []int{2, 4})); err != nil {
		t.Fatal(err)
	}
	// A failing randomness source is reported, not ignored.
	if _, err := s.DeriveProof(bytes.NewReader(nil), f.pk, f.sig, nil, nil, f.msgs, nil); err == nil {
		t.Fatal("empty randomness accepted")
	}
}

func TestBBSPlus2020GeneratorCacheBounded(t *testing.T) {
	s := BBSPlus2020()
	for i := 0; i < maxCachedKeys+5; i++ {
		seed := make([]byte, 32)
		binary.BigEndian.PutUint32(seed, uint32(i))
		sk, _ := s.NewKeyFromSeed(seed)
		g, err := bbsPlus.generators(sk.PublicKey(), 1)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 0 {
			bbsPlus.admitGenerators(sk.PublicKey(), 1, g)
		}
	}
	if n := bbsPlus.gens.Len(); n > maxCachedKeys {
		t.Fatalf("cache holds %d entries, bound %d", n, maxCachedKeys)
	}
	if n := bbsPlus.probation.Len(); n > bbsPlusProbationSets {
		t.Fatalf("probation cache holds %d entries, bound %d", n, bbsPlusProbationSets)
	}
}

func TestSchemeRegistry(t *testing.T) {
	s, err := SchemeByName(BBSPlus2020Name)
	if err != nil || s != BBSPlus2020() {
		t.Fatalf("SchemeByName: %v", err)
	}
	if _, err := SchemeByName("bbs+1999"); !errors.Is(err, ErrUnknownScheme) {
		t.Fatalf("unknown scheme: %v", err)
	}
	names := []string{}
	for _, s := range Schemes() {
		names = append(names, s.Name())
	}
	for i := 1; i < len(names); i++ {
		if names[i-1] >= names[i] {
			t.Fatalf("Schemes not sorted: %v", names)
		}
	}
}

func TestProofRevealed(t *testing.T) {
	f := newProofFixture(t, BBSPlus2020(), 10, []int{7, 2}, nil)
	n, idx, ok := f.proof.Revealed()
	if !ok || n != 10 || !slices.Equal(idx, []int{2, 7}) {
		t.Fatalf("Revealed() = %d, %v, %v", n, idx, ok)
	}
	idx[0] = 5
	if _, again, _ := f.proof.Revealed(); again[0] != 2 {
		t.Fatal("Revealed returns the proof's own slice")
	}
}

// TestNilArguments: nil keys, signatures and proofs are refused with an
// error in every scheme, and a nil randomness source means crypto/rand.
func TestNilArguments(t *testing.T) {
	for _, s := range Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f := newProofFixture(t, s, 3, []int{1}, []byte("n"))
			for name, err := range map[string]error{
				"Sign nil key":          func() error { _, err := s.Sign(nil, nil, f.msgs); return err }(),
				"Verify nil key":        s.Verify(nil, f.sig, nil, f.msgs),
				"Verify nil sig":        s.Verify(f.pk, nil, nil, f.msgs),
				"DeriveProof nil key":   func() error { _, err := s.DeriveProof(nil, nil, f.sig, nil, nil, f.msgs, nil); return err }(),
				"DeriveProof nil sig":   func() error { _, err := s.DeriveProof(nil, f.pk, nil, nil, nil, f.msgs, nil); return err }(),
				"VerifyProof nil key":   s.VerifyProof(nil, f.proof, nil, f.nonce, f.disclosed),
				"VerifyProof nil proof": s.VerifyProof(f.pk, nil, nil, f.nonce, f.disclosed),
			} {
				if !errors.Is(err, ErrInvalidArgument) {
					t.Errorf("%s: got %v, want ErrInvalidArgument", name, err)
				}
			}
			if _, err := s.GenerateKey(nil); err != nil {
				t.Errorf("GenerateKey(nil): %v", err)
			}
			p, err := s.DeriveProof(nil, f.pk, f.sig, nil, f.nonce, f.msgs, []int{1})
			if err != nil {
				t.Fatalf("DeriveProof(nil rand): %v", err)
			}
			if err := s.VerifyProof(f.pk, p, nil, f.nonce, f.disclosed); err != nil {
				t.Fatalf("proof from crypto/rand: %v", err)
			}
		})
	}
}
