// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/fabric-bbs/fabric-bbs/internal/curvetest"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// Round trips, argument checks, parsing of malformed encodings and
// tampering for the IETF schemes.

var ietfSchemes = []*ietfScheme{bbsSHA256, bbsSHAKE256}

func ietfTestKey(t testing.TB, s *ietfScheme) *SecretKey {
	t.Helper()
	sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{0x42}, 32))
	if err != nil {
		t.Fatal(err)
	}
	return sk
}

// ietfTestMessages returns n distinct messages, the last one empty.
func ietfTestMessages(n int) [][]byte {
	msgs := make([][]byte, n)
	for i := range msgs {
		msgs[i] = []byte(fmt.Sprintf("message %d of %d", i, n))
	}
	msgs[n-1] = []byte{}
	return msgs
}

func ietfDisclose(msgs [][]byte, idx []int) []DisclosedMessage {
	out := make([]DisclosedMessage, 0, len(idx))
	for _, i := range slices.Sorted(slices.Values(idx)) {
		out = append(out, DisclosedMessage{Index: i, Message: msgs[i]})
	}
	return out
}

func TestIETFSchemeRegistry(t *testing.T) {
	for _, c := range []struct {
		name string
		s    Scheme
	}{{BLS12381SHA256Name, BLS12381SHA256()}, {BLS12381SHAKE256Name, BLS12381SHAKE256()}} {
		got, err := SchemeByName(c.name)
		if err != nil || got != c.s || got.Name() != c.name {
			t.Errorf("SchemeByName(%q) = %v, %v", c.name, got, err)
		}
		if !slices.Contains(Schemes(), c.s) {
			t.Errorf("Schemes() lacks %s", c.name)
		}
	}
}

func TestIETFRoundTrip(t *testing.T) {
	patterns := []struct {
		name string
		idx  func(n int) []int
	}{
		{"none", func(int) []int { return nil }},
		{"all", func(n int) []int {
			out := make([]int, n)
			for i := range out {
				out[i] = n - 1 - i // descending: DeriveProof sorts
			}
			return out
		}},
		{"some", func(n int) []int {
			var out []int
			for i := n - 1; i >= 0; i -= 3 {
				out = append(out, i)
			}
			return out
		}},
		{"first", func(int) []int { return []int{0} }},
		{"last", func(n int) []int { return []int{n - 1} }},
	}
	contexts := []struct {
		name          string
		header, nonce []byte
	}{
		{"nil", nil, nil},
		{"empty", []byte{}, []byte{}},
		{"header", []byte("issuer context"), nil},
		{"both", []byte("issuer context"), []byte("verifier nonce 123")},
	}
	for _, s := range ietfSchemes {
		sk := ietfTestKey(t, s)
		pk := sk.PublicKey()
		for _, n := range []int{1, 2, 3, 10, 33, 128} {
			msgs := ietfTestMessages(n)
			for ci, ctx := range contexts {
				sig, err := s.Sign(sk, ctx.header, msgs)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Verify(pk, sig, ctx.header, msgs); err != nil {
					t.Fatalf("%s n=%d %s: Verify: %v", s.name, n, ctx.name, err)
				}
				sig2, err := s.ParseSignature(sig.Bytes())
				if err != nil || !bytes.Equal(sig2.Bytes(), sig.Bytes()) {
					t.Fatalf("signature round trip: %v", err)
				}
				for pi, pat := range patterns {
					// Keep the large shapes cheap: every pattern once, not per context.
					if n > 10 && pi != ci%len(patterns) && pi != 2 {
						continue
					}
					t.Run(fmt.Sprintf("%s/n%d/%s/%s", s.name, n, ctx.name, pat.name), func(t *testing.T) {
						idx := pat.idx(n)
						orig := slices.Clone(idx)
						proof, err := s.DeriveProof(rand.Reader, pk, sig2, ctx.header, ctx.nonce, msgs, idx)
						if err != nil {
							t.Fatal(err)
						}
						if !slices.Equal(idx, orig) {
							t.Error("DeriveProof modified revealed")
						}
						u := n - len(idx)
						if len(proof.Bytes()) != IETFProofBaseSize+32*u {
							t.Errorf("proof of %d bytes, want %d", len(proof.Bytes()), IETFProofBaseSize+32*u)
						}
						parsed, err := s.ParseProof(proof.Bytes())
						if err != nil {
							t.Fatal(err)
						}
						disc := ietfDisclose(msgs, idx)
						if err := s.VerifyProof(pk, parsed, ctx.header, ctx.nonce, disc); err != nil {
							t.Fatalf("VerifyProof: %v", err)
						}
						if err := s.VerifyProof(pk, proof, ctx.header, ctx.nonce, disc); err != nil {
							t.Fatalf("VerifyProof (unparsed): %v", err)
						}
						if err := s.VerifyProof(pk, parsed, ctx.header, append(slices.Clone(ctx.nonce), 0), disc); !errors.Is(err, ErrInvalidProof) {
							t.Errorf("other nonce: %v, want ErrInvalidProof", err)
						}
						if err := s.VerifyProof(pk, parsed, append(slices.Clone(ctx.header), 1), ctx.nonce, disc); !errors.Is(err, ErrInvalidProof) {
							t.Errorf("other header: %v, want ErrInvalidProof", err)
						}
						if len(disc) > 0 {
							bad := slices.Clone(disc)
							bad[0].Message = append(slices.Clone(bad[0].Message), 'x')
							if err := s.VerifyProof(pk, parsed, ctx.header, ctx.nonce, bad); !errors.Is(err, ErrInvalidProof) {
								t.Errorf("changed message: %v, want ErrInvalidProof", err)
							}
						}
						if u > 0 && len(disc) > 0 && n > 1 {
							// Claim a hidden index as the disclosed one.
							moved := slices.Clone(disc)
							for i := range n {
								if !slices.ContainsFunc(disc, func(d DisclosedMessage) bool { return d.Index == i }) {
									moved[0].Index = i
									break
								}
							}
							slices.SortFunc(moved, func(a, b DisclosedMessage) int { return a.Index - b.Index })
							if err := s.VerifyProof(pk, parsed, ctx.header, ctx.nonce, moved); !errors.Is(err, ErrInvalidProof) {
								t.Errorf("moved index: %v, want ErrInvalidProof", err)
							}
						}
					})
				}
			}
		}
	}
}

func TestIETFCrossSchemeAndKeys(t *testing.T) {
	msgs := ietfTestMessages(4)
	a, b := bbsSHA256, bbsSHAKE256
	skA, skB := ietfTestKey(t, a), ietfTestKey(t, b)
	sigA, err := a.Sign(skA, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	proofA, err := a.DeriveProof(nil, skA.PublicKey(), sigA, nil, nil, msgs, []int{1})
	if err != nil {
		t.Fatal(err)
	}
	disc := ietfDisclose(msgs, []int{1})
	for _, c := range []struct {
		name string
		err  error
	}{
		{"sign with other scheme's key", func() error { _, err := b.Sign(skA, nil, msgs); return err }()},
		{"verify with other scheme's key", b.Verify(skA.PublicKey(), sigA, nil, msgs)},
		{"verify other scheme's signature", b.Verify(skB.PublicKey(), sigA, nil, msgs)},
		{"verify proof of other scheme", b.VerifyProof(skB.PublicKey(), proofA, nil, nil, disc)},
		{"verify proof with other scheme's key", b.VerifyProof(skA.PublicKey(), proofA, nil, nil, disc)},
		{"BBS+ key", func() error {
			sk, err := BBSPlus2020().NewKeyFromSeed(bytes.Repeat([]byte{1}, 32))
			if err != nil {
				return err
			}
			return a.Verify(sk.PublicKey(), sigA, nil, msgs)
		}()},
		{"nil key", a.Verify(nil, sigA, nil, msgs)},
		{"nil signature", a.Verify(skA.PublicKey(), nil, nil, msgs)},
		{"nil secret key", func() error { _, err := a.Sign(nil, nil, msgs); return err }()},
		{"nil proof", a.VerifyProof(skA.PublicKey(), nil, nil, nil, disc)},
		{"zero proof", a.VerifyProof(skA.PublicKey(), &Proof{}, nil, nil, disc)},
		{"zero signature", a.Verify(skA.PublicKey(), &Signature{}, nil, msgs)},
		{"zero key", a.Verify(&PublicKey{}, sigA, nil, msgs)},
		{"foreign proof body", a.VerifyProof(skA.PublicKey(), &Proof{scheme: a}, nil, nil, disc)},
	} {
		if !errors.Is(c.err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", c.name, c.err)
		}
	}
	// The same seed gives different keys in the two suites.
	if bytes.Equal(skA.Bytes(), skB.Bytes()) {
		t.Error("same key in both suites")
	}
	// A valid signature under the wrong key of the same scheme.
	other, err := a.NewKeyFromSeed(bytes.Repeat([]byte{0x43}, 32))
	if err != nil {
		t.Fatal(err)
	}
	if err := a.Verify(other.PublicKey(), sigA, nil, msgs); !errors.Is(err, ErrInvalidSignature) {
		t.Errorf("wrong key: %v, want ErrInvalidSignature", err)
	}
	if err := a.VerifyProof(other.PublicKey(), proofA, nil, nil, disc); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("proof, wrong key: %v, want ErrInvalidProof", err)
	}
}

func TestIETFArguments(t *testing.T) {
	s := bbsSHA256
	sk := ietfTestKey(t, s)
	pk := sk.PublicKey()
	msgs := ietfTestMessages(5)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	proof, err := s.DeriveProof(nil, pk, sig, nil, nil, msgs, []int{1, 3}) // U = 3, L = 5
	if err != nil {
		t.Fatal(err)
	}
	tooMany := make([][]byte, MaxMessages+1)
	m := func(idx ...int) []DisclosedMessage {
		out := make([]DisclosedMessage, len(idx))
		for k, i := range idx {
			out[k] = DisclosedMessage{Index: i, Message: []byte("x")}
		}
		return out
	}
	manyDisclosed := make([]DisclosedMessage, MaxMessages-2)
	for i := range manyDisclosed {
		manyDisclosed[i] = DisclosedMessage{Index: i}
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"sign no messages", func() error { _, err := s.Sign(sk, nil, nil); return err }()},
		{"sign too many", func() error { _, err := s.Sign(sk, nil, tooMany); return err }()},
		{"verify no messages", s.Verify(pk, sig, nil, nil)},
		{"verify too many", s.Verify(pk, sig, nil, tooMany)},
		{"derive repeated index", func() error { _, err := s.DeriveProof(nil, pk, sig, nil, nil, msgs, []int{1, 1}); return err }()},
		{"derive index = L", func() error { _, err := s.DeriveProof(nil, pk, sig, nil, nil, msgs, []int{5}); return err }()},
		{"derive negative index", func() error { _, err := s.DeriveProof(nil, pk, sig, nil, nil, msgs, []int{-1}); return err }()},
		{"derive too many indices", func() error {
			_, err := s.DeriveProof(nil, pk, sig, nil, nil, msgs, []int{0, 1, 2, 3, 4, 5})
			return err
		}()},
		{"derive no messages", func() error { _, err := s.DeriveProof(nil, pk, sig, nil, nil, nil, nil); return err }()},
		{"verify proof unsorted", s.VerifyProof(pk, proof, nil, nil, m(3, 1))},
		{"verify proof repeated", s.VerifyProof(pk, proof, nil, nil, m(1, 1))},
		{"verify proof index = L", s.VerifyProof(pk, proof, nil, nil, m(1, 5))},
		{"verify proof negative", s.VerifyProof(pk, proof, nil, nil, m(-1, 1))},
		{"verify proof L too large", s.VerifyProof(pk, proof, nil, nil, manyDisclosed)},
	} {
		if !errors.Is(c.err, ErrInvalidArgument) {
			t.Errorf("%s: %v, want ErrInvalidArgument", c.name, c.err)
		}
	}
	// Index L−1 with one disclosed message more than proved: in range, wrong statement.
	if err := s.VerifyProof(pk, proof, nil, nil, m(1, 3, 5)); !errors.Is(err, ErrInvalidProof) {
		t.Errorf("extra disclosed message: %v, want ErrInvalidProof", err)
	}
	// Exactly MaxMessages messages is allowed.
	maxMsgs := make([][]byte, MaxMessages)
	if _, err := s.Sign(sk, nil, maxMsgs); err != nil {
		t.Errorf("sign %d messages: %v", MaxMessages, err)
	}
}

// ietfShortReader yields n bytes of value b, then io.EOF.
type ietfShortReader struct {
	n int
	b byte
}

func (r *ietfShortReader) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, errors.New("exhausted")
	}
	k := min(len(p), r.n)
	for i := range p[:k] {
		p[i] = r.b
	}
	r.n -= k
	return k, nil
}

func TestIETFRandomness(t *testing.T) {
	s := bbsSHAKE256
	sk := ietfTestKey(t, s)
	msgs := ietfTestMessages(3)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	// Hedged: 32 fresh bytes are read; fewer fail, and even constant bytes
	// give usable (hedged) scalars.
	if _, err := s.DeriveProof(&ietfShortReader{n: hedgeFreshSize - 1, b: 1}, sk.PublicKey(), sig, nil, nil, msgs, []int{0}); err == nil {
		t.Error("short randomness accepted")
	}
	for _, b := range []byte{0, 1} {
		p, err := s.DeriveProof(&ietfShortReader{n: hedgeFreshSize, b: b}, sk.PublicKey(), sig, nil, nil, msgs, []int{0})
		if err != nil {
			t.Fatalf("constant randomness %d: %v", b, err)
		}
		if err := s.VerifyProof(sk.PublicKey(), p, nil, nil, disclosedFor(msgs, []int{0})); err != nil {
			t.Errorf("proof from constant randomness %d: %v", b, err)
		}
	}
	// Mocked scalars (unhedged, test only): 5 + U scalars of 48 bytes; one
	// byte short fails, zeros are degenerate.
	if _, err := s.DeriveProof(mockedProofScalars{&ietfShortReader{n: 48*(5+2) - 1, b: 1}}, sk.PublicKey(), sig, nil, nil, msgs, []int{0}); err == nil {
		t.Error("short mocked scalars accepted")
	}
	if _, err := s.DeriveProof(mockedProofScalars{&ietfShortReader{n: 1 << 20}}, sk.PublicKey(), sig, nil, nil, msgs, []int{0}); err == nil {
		t.Error("zero mocked scalars accepted")
	}
	if _, err := s.DeriveProof(mockedProofScalars{&ietfShortReader{n: 48 * (5 + 2), b: 1}}, sk.PublicKey(), sig, nil, nil, msgs, []int{0}); err != nil {
		t.Errorf("exact mocked scalars: %v", err)
	}
	// GenerateKey reads 32 bytes of key material.
	seed := bytes.Repeat([]byte{9}, 32)
	k1, err := s.GenerateKey(bytes.NewReader(seed))
	if err != nil {
		t.Fatal(err)
	}
	k2, err := s.NewKeyFromSeed(seed)
	if err != nil || !k1.Equal(k2) {
		t.Errorf("GenerateKey ≠ NewKeyFromSeed: %v", err)
	}
	if _, err := s.GenerateKey(&ietfShortReader{n: 31, b: 1}); err == nil {
		t.Error("GenerateKey with 31 bytes succeeded")
	}
	if _, err := s.GenerateKey(nil); err != nil {
		t.Errorf("GenerateKey(nil): %v", err)
	}
	// Two proofs of the same statement differ.
	p1, _ := s.DeriveProof(nil, sk.PublicKey(), sig, nil, nil, msgs, []int{0})
	p2, _ := s.DeriveProof(nil, sk.PublicKey(), sig, nil, nil, msgs, []int{0})
	if bytes.Equal(p1.Bytes(), p2.Bytes()) {
		t.Error("two proofs are equal")
	}
}

func TestIETFKeyGenArguments(t *testing.T) {
	s := BLS12381SHA256()
	km := bytes.Repeat([]byte{1}, 32)
	for _, c := range []struct {
		name         string
		s            Scheme
		km, ki, kdst []byte
		ok           bool
	}{
		{"minimal", s, km, nil, nil, true},
		{"short material", s, km[:31], nil, nil, false},
		{"max info", s, km, make([]byte, 65535), nil, true},
		{"long info", s, km, make([]byte, 65536), nil, false},
		{"max dst", s, km, nil, make([]byte, 255), true},
		{"long dst", s, km, nil, make([]byte, 256), false},
		{"BBS+ scheme", BBSPlus2020(), km, nil, nil, false},
		{"nil scheme", nil, km, nil, nil, false},
	} {
		sk, err := KeyGen(c.s, c.km, c.ki, c.kdst)
		if c.ok != (err == nil) || (!c.ok && !errors.Is(err, ErrInvalidArgument)) {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.ok && sk.Scheme() != c.s {
			t.Errorf("%s: key of scheme %v", c.name, sk.Scheme())
		}
	}
	if _, err := s.NewKeyFromSeed(km[:31]); !errors.Is(err, ErrInvalidArgument) {
		t.Errorf("NewKeyFromSeed(31 bytes): %v", err)
	}
	// key_info and an explicit empty DST: empty selects the default.
	a, _ := KeyGen(s, km, []byte("a"), nil)
	b, _ := KeyGen(s, km, []byte("b"), nil)
	c, _ := KeyGen(s, km, []byte("a"), []byte{})
	if a.Equal(b) || !a.Equal(c) {
		t.Error("key_info or default DST not applied")
	}
}

// ietfG1NotInSubgroup returns the compressed encoding of a point on the curve
// y² = x³ + 4 outside the prime-order subgroup.
func ietfG1NotInSubgroup(t testing.TB) []byte {
	t.Helper()
	p := curvetest.PointOutsideG1()
	b := p.Bytes()
	return b[:]
}

// ietfG1OffCurve returns a compressed encoding whose x has no point.
func ietfG1OffCurve(t testing.TB) []byte {
	t.Helper()
	var x, y2, four fp.Element
	four.SetUint64(4)
	for v := uint64(1); ; v++ {
		x.SetUint64(v)
		y2.Square(&x).Mul(&y2, &x).Add(&y2, &four)
		if y2.Legendre() == -1 {
			b := x.Bytes()
			b[0] |= 0x80
			return b[:]
		}
	}
}

func ietfScalarBytes(v *big.Int) []byte {
	b := make([]byte, 32)
	v.FillBytes(b)
	return b
}

func TestIETFParseMalformed(t *testing.T) {
	s := bbsSHA256
	var f ietfProofFixture
	readIETFFixture(t, filepath.Join(ietfFixtureDir, "bls12-381-sha-256", "proof", "proof003.json"), &f)
	proof := []byte(f.Proof) // U = 6: 464 bytes
	sig := []byte(f.Signature)

	r := fr.Modulus()
	rPlus1 := new(big.Int).Add(r, big.NewInt(1))
	max256 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	identity := append([]byte{0xc0}, make([]byte, 47)...)
	uncompressedFlag := slices.Clone(proof[:48])
	uncompressedFlag[0] &^= 0x80
	pMinus := slices.Clone(proof[:48]) // x = p (non-canonical field element), compressed flag
	pb := fp.Modulus().FillBytes(make([]byte, 48))
	copy(pMinus, pb)
	pMinus[0] |= 0x80
	badPoints := map[string][]byte{
		"identity":       identity,
		"off curve":      ietfG1OffCurve(t),
		"not in G1":      ietfG1NotInSubgroup(t),
		"uncompressed":   uncompressedFlag,
		"x = p":          pMinus,
		"infinity+bits":  append([]byte{0xc0, 1}, make([]byte, 46)...),
		"all ones":       bytes.Repeat([]byte{0xff}, 48),
		"sign bit on ∞":  append([]byte{0xe0}, make([]byte, 47)...),
		"no flags zeros": make([]byte, 48),
	}
	badScalars := map[string][]byte{
		"zero":      make([]byte, 32),
		"r":         ietfScalarBytes(r),
		"r+1":       ietfScalarBytes(rPlus1),
		"2^256 - 1": ietfScalarBytes(max256),
	}
	with := func(b []byte, off int, v []byte) []byte {
		out := slices.Clone(b)
		copy(out[off:], v)
		return out
	}

	type malformed struct {
		name string
		b    []byte
	}
	var proofs []malformed
	for _, n := range []int{0, 1, 271, 273, 272 + 31, 464 - 1, 464 + 1, 272 + 32*(MaxMessages+1)} {
		proofs = append(proofs, malformed{fmt.Sprintf("length %d", n), make([]byte, n)})
	}
	proofs = append(proofs, malformed{"length 272+32·(Max+1), valid prefix", append(slices.Clone(proof), make([]byte, 32*(MaxMessages+1-6))...)})
	for name, v := range badPoints {
		for i, field := range []string{"Abar", "Bbar", "D"} {
			proofs = append(proofs, malformed{field + " " + name, with(proof, 48*i, v)})
		}
	}
	for name, v := range badScalars {
		for i := 0; i < 3+6+1; i++ {
			proofs = append(proofs, malformed{fmt.Sprintf("scalar %d %s", i, name), with(proof, 144+32*i, v)})
		}
	}
	for _, c := range proofs {
		if _, err := s.ParseProof(c.b); !errors.Is(err, ErrMalformedProof) {
			t.Errorf("proof %s: %v, want ErrMalformedProof", c.name, err)
		}
	}
	// The largest proof allowed parses as far as its length.
	if _, err := s.ParseProof(append(slices.Clone(proof), make([]byte, 32*(MaxMessages-6))...)); err == nil || !errors.Is(err, ErrMalformedProof) {
		t.Errorf("max-length proof with zero scalars: %v", err)
	}

	var sigs []malformed
	for _, n := range []int{0, 48, 79, 81, 112} {
		sigs = append(sigs, malformed{fmt.Sprintf("length %d", n), make([]byte, n)})
	}
	for name, v := range badPoints {
		sigs = append(sigs, malformed{"A " + name, with(sig, 0, v)})
	}
	for name, v := range badScalars {
		sigs = append(sigs, malformed{"e " + name, with(sig, 48, v)})
	}
	for _, c := range sigs {
		if _, err := s.ParseSignature(c.b); !errors.Is(err, ErrMalformedSignature) {
			t.Errorf("signature %s: %v, want ErrMalformedSignature", c.name, err)
		}
	}

	// Public keys: the identity and a truncated key.
	for name, b := range map[string][]byte{
		"identity": append([]byte{0xc0}, make([]byte, 95)...),
		"short":    make([]byte, 95),
	} {
		if _, err := s.ParsePublicKey(b); !errors.Is(err, ErrMalformedPublicKey) {
			t.Errorf("public key %s: %v, want ErrMalformedPublicKey", name, err)
		}
	}
}

// TestIETFProofTamper changes each field of a valid proof to another
// well-formed value and flips one bit in every byte: nothing verifies.
func TestIETFProofTamper(t *testing.T) {
	for _, suite := range ietfSuites {
		s := suite.s
		var f ietfProofFixture
		readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "proof", "proof003.json"), &f)
		pk, err := s.ParsePublicKey(f.SignerPublicKey)
		if err != nil {
			t.Fatal(err)
		}
		msgs := ietfMessages(f.Messages)
		disc := ietfDisclose(msgs, f.DisclosedIndexes)
		verify := func(b []byte) error {
			p, err := s.ParseProof(b)
			if err != nil {
				return err
			}
			return s.VerifyProof(pk, p, f.Header, f.PresentationHeader, disc)
		}
		if err := verify(f.Proof); err != nil {
			t.Fatal(err)
		}
		_, _, g1, _ := bls12381.Generators()
		gBytes := g1.Bytes()
		fields := []string{"Abar", "Bbar", "D"}
		for i, name := range fields {
			b := slices.Clone([]byte(f.Proof))
			copy(b[48*i:], gBytes[:])
			if err := verify(b); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s: %s replaced: %v, want ErrInvalidProof", suite.dir, name, err)
			}
		}
		nScalars := (len(f.Proof) - 144) / 32
		for i := 0; i < nScalars; i++ {
			b := slices.Clone([]byte(f.Proof))
			z, err := group.DecodeScalar(b[144+32*i : 176+32*i])
			if err != nil {
				t.Fatal(err)
			}
			var one fr.Element
			one.SetOne()
			z.Add(&z, &one)
			zb := z.Bytes()
			copy(b[144+32*i:], zb[:])
			if err := verify(b); !errors.Is(err, ErrInvalidProof) {
				t.Errorf("%s: scalar %d + 1: %v, want ErrInvalidProof", suite.dir, i, err)
			}
		}
		// Swapping two responses.
		b := slices.Clone([]byte(f.Proof))
		copy(b[144+32*3:], f.Proof[144+32*4:144+32*5])
		copy(b[144+32*4:], f.Proof[144+32*3:144+32*4])
		if err := verify(b); !errors.Is(err, ErrInvalidProof) {
			t.Errorf("%s: swapped responses: %v", suite.dir, err)
		}
		for i := range f.Proof {
			b := slices.Clone([]byte(f.Proof))
			b[i] ^= 1 << (i % 8)
			err := verify(b)
			if !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrMalformedProof) {
				t.Fatalf("%s: bit %d of byte %d flipped: %v", suite.dir, i%8, i, err)
			}
		}
	}
}

func TestIETFSignatureTamper(t *testing.T) {
	for _, suite := range ietfSuites {
		s := suite.s
		var f ietfSignatureFixture
		readIETFFixture(t, filepath.Join(ietfFixtureDir, suite.dir, "signature", "signature004.json"), &f)
		pk, err := s.ParsePublicKey(f.SignerKeyPair.PublicKey)
		if err != nil {
			t.Fatal(err)
		}
		msgs := ietfMessages(f.Messages)
		for i := range f.Signature {
			b := slices.Clone([]byte(f.Signature))
			b[i] ^= 1 << (i % 8)
			sig, err := s.ParseSignature(b)
			if err == nil {
				err = s.Verify(pk, sig, f.Header, msgs)
			}
			if !errors.Is(err, ErrInvalidSignature) && !errors.Is(err, ErrMalformedSignature) {
				t.Fatalf("%s: byte %d flipped: %v", suite.dir, i, err)
			}
		}
	}
}

// TestIETFGeneratorsConcurrent grows a cold generator cache from many
// goroutines at once; every caller must see the create_generators values.
func TestIETFGeneratorsConcurrent(t *testing.T) {
	s := newIETFScheme("test", bbsSHAKE256.suiteID, bbsSHAKE256.expand, ietfG1Hex(&bbsSHAKE256.p1))
	want, err := s.createGenerators(s.genSeed, 40)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for g := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			n := 1 + (g*7)%40
			g, err := s.generators(n)
			if err != nil {
				errs <- err
				return
			}
			if len(g.points) != n || len(g.tables) != n || len(g.enc) != 48*n {
				errs <- fmt.Errorf("generators(%d): wrong lengths", n)
				return
			}
			for i := range g.points {
				if !g.points[i].Equal(&want[i]) || !bytes.Equal(g.enc[48*i:48*i+48], ietfG1Bytes(&want[i])) || !g.tables[i][0].Equal(&want[i]) {
					errs <- fmt.Errorf("generator %d differs", i)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	for _, n := range []int{0, -1, MaxMessages + 2} {
		if _, err := s.generators(n); !errors.Is(err, ErrInvalidArgument) {
			t.Errorf("generators(%d): %v", n, err)
		}
	}
}

func ietfG1Bytes(p *bls12381.G1Affine) []byte {
	b := p.Bytes()
	return b[:]
}

// TestIETFInputsUnchanged checks that no operation writes to its inputs.
func TestIETFInputsUnchanged(t *testing.T) {
	s := bbsSHA256
	sk := ietfTestKey(t, s)
	msgs := ietfTestMessages(6)
	header, nonce := []byte("h"), []byte("n")
	snapshot := func() []byte {
		var b []byte
		for _, m := range msgs {
			b = append(b, m...)
			b = append(b, 0xff)
		}
		return append(append(b, header...), nonce...)
	}
	before := snapshot()
	sig, err := s.Sign(sk, header, msgs)
	if err != nil {
		t.Fatal(err)
	}
	sigBytes := sig.Bytes()
	revealed := []int{4, 0, 2}
	proof, err := s.DeriveProof(nil, sk.PublicKey(), sig, header, nonce, msgs, revealed)
	if err != nil {
		t.Fatal(err)
	}
	proofBytes := proof.Bytes()
	disc := ietfDisclose(msgs, revealed)
	discBefore := slices.Clone(disc)
	if err := s.VerifyProof(sk.PublicKey(), proof, header, nonce, disc); err != nil {
		t.Fatal(err)
	}
	if err := s.Verify(sk.PublicKey(), sig, header, msgs); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(before, snapshot()) || !slices.Equal(revealed, []int{4, 0, 2}) ||
		!slices.EqualFunc(disc, discBefore, func(a, b DisclosedMessage) bool {
			return a.Index == b.Index && bytes.Equal(a.Message, b.Message)
		}) || !bytes.Equal(sigBytes, sig.Bytes()) || !bytes.Equal(proofBytes, proof.Bytes()) {
		t.Error("an input was modified")
	}
	// Bytes returns copies.
	sig.Bytes()[0] ^= 1
	proof.Bytes()[0] ^= 1
	if !bytes.Equal(sigBytes, sig.Bytes()) || !bytes.Equal(proofBytes, proof.Bytes()) {
		t.Error("Bytes exposes internal state")
	}
}
