// SPDX-License-Identifier: Apache-2.0

package revocation

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"math/big"
	"testing"

	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/bbsrev"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
)

// detRand is a deterministic reader for reproducible tests.
type detRand struct {
	seed []byte
	n    uint64
}

func (d *detRand) Read(p []byte) (int, error) {
	for i := 0; i < len(p); i += 32 {
		d.n++
		h := sha256.Sum256(fmt.Appendf(append([]byte(nil), d.seed...), "%d", d.n))
		copy(p[i:], h[:])
	}
	return len(p), nil
}

func handle(t testing.TB, s bbs.Scheme, msg string) []byte {
	t.Helper()
	h, err := HandleScalar(s, []byte(msg))
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// TestAccumulatorFlow: witnesses verify; a removal verifies and holders of
// other handles update from the record alone to the witness the issuer
// would compute directly; the removed handle gets ErrRevoked; stale
// witnesses fail against the new value.
func TestAccumulatorFlow(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, v0, err := GenerateKey(&detRand{seed: []byte("acc")})
	if err != nil {
		t.Fatal(err)
	}
	pk := sk.PublicKey()
	hs := [][]byte{handle(t, s, "h1"), handle(t, s, "h2"), handle(t, s, "h3")}
	ws := make([][]byte, len(hs))
	for i, h := range hs {
		if ws[i], err = sk.Witness(v0, h); err != nil {
			t.Fatal(err)
		}
		if err := VerifyWitness(pk, v0, h, ws[i]); err != nil {
			t.Fatalf("witness %d: %v", i, err)
		}
	}
	if err := VerifyWitness(pk, v0, hs[0], ws[1]); !errors.Is(err, ErrInvalid) {
		t.Fatalf("another handle's witness: %v", err)
	}

	r1, err := sk.Remove(0, v0, hs[1])
	if err != nil {
		t.Fatal(err)
	}
	if len(r1.Bytes()) != RemovalSize || r1.Version != 1 {
		t.Fatalf("removal of %d bytes, version %d", len(r1.Bytes()), r1.Version)
	}
	// From the ledger's bytes alone.
	led, err := ParseRemoval(r1.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyRemoval(pk, v0, led); err != nil {
		t.Fatal(err)
	}
	// V_1 is the removed handle's old witness: V_0·1/(y+α).
	if !bytes.Equal(led.Value(), ws[1]) {
		t.Fatal("V_1 differs from V_0·1/(y+α)")
	}
	for _, i := range []int{0, 2} {
		nw, err := UpdateWitness(hs[i], ws[i], led)
		if err != nil {
			t.Fatal(err)
		}
		direct, err := sk.Witness(led.Value(), hs[i])
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(nw, direct) {
			t.Fatalf("holder %d: updated witness differs from the issuer's V_1·1/(x+α)", i)
		}
		if err := VerifyWitness(pk, led.Value(), hs[i], nw); err != nil {
			t.Fatal(err)
		}
		if err := VerifyWitness(pk, led.Value(), hs[i], ws[i]); !errors.Is(err, ErrInvalid) {
			t.Fatalf("stale witness %d verifies against V_1: %v", i, err)
		}
	}
	if _, err := UpdateWitness(hs[1], ws[1], led); !errors.Is(err, ErrRevoked) {
		t.Fatalf("revoked holder's update: %v", err)
	}
	if err := VerifyWitness(pk, led.Value(), hs[1], ws[1]); !errors.Is(err, ErrInvalid) {
		t.Fatalf("revoked witness verifies against V_1: %v", err)
	}
}

// TestAccumulatorAlgebra recomputes V_1 and an updated witness with
// big-integer arithmetic mod r from the secret key, independently of the
// package's inversion and blinding.
func TestAccumulatorAlgebra(t *testing.T) {
	sk, v0, err := GenerateKey(&detRand{seed: []byte("alg")})
	if err != nil {
		t.Fatal(err)
	}
	s := bbs.BLS12381SHAKE256()
	x, y := handle(t, s, "x"), handle(t, s, "y")
	r := fr.Modulus()
	a := new(big.Int).SetBytes(sk.Bytes())
	xi, yi := new(big.Int).SetBytes(x), new(big.Int).SetBytes(y)
	inv := func(z *big.Int) *big.Int { return new(big.Int).ModInverse(new(big.Int).Mod(z, r), r) }
	var V0 bls12381.G1Affine
	if _, err := V0.SetBytes(v0); err != nil {
		t.Fatal(err)
	}
	var V1, C1 bls12381.G1Affine
	V1.ScalarMultiplication(&V0, inv(new(big.Int).Add(yi, a)))
	C1.ScalarMultiplication(&V0, new(big.Int).Mod(new(big.Int).Mul(inv(new(big.Int).Add(yi, a)), inv(new(big.Int).Add(xi, a))), r))
	rem, err := sk.Remove(0, v0, y)
	if err != nil {
		t.Fatal(err)
	}
	if b := V1.Bytes(); !bytes.Equal(rem.Value(), b[:]) {
		t.Fatal("V_1")
	}
	w0, _ := sk.Witness(v0, x)
	w1, err := UpdateWitness(x, w0, rem)
	if err != nil {
		t.Fatal(err)
	}
	if b := C1.Bytes(); !bytes.Equal(w1, b[:]) {
		t.Fatal("updated witness")
	}
}

func TestRemovalRefused(t *testing.T) {
	s := bbs.BLS12381SHA256()
	sk, v0, _ := GenerateKey(&detRand{seed: []byte("rr")})
	pk := sk.PublicKey()
	other, _, _ := GenerateKey(&detRand{seed: []byte("other")})
	y := handle(t, s, "y")
	rem, _ := sk.Remove(0, v0, y)
	wrongHandle := &Removal{Version: 1, handle: rem.handle, value: rem.value}
	wrongHandle.handle.Add(&wrongHandle.handle, new(fr.Element).SetOne())
	forged, _ := other.Remove(0, v0, y)
	for name, r := range map[string]*Removal{"handle": wrongHandle, "other key": forged} {
		if err := VerifyRemoval(pk, v0, r); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if err := VerifyRemoval(pk, rem.Value(), rem); !errors.Is(err, ErrInvalid) {
		t.Errorf("wrong previous value: %v", err)
	}
	b := rem.Bytes()
	for name, bad := range map[string][]byte{
		"short":      b[:RemovalSize-1],
		"long":       append(bytes.Clone(b), 0),
		"version 0":  append(make([]byte, 8), b[8:]...),
		"handle ≥ r": append(append(bytes.Clone(b[:8]), bytes.Repeat([]byte{0xff}, 32)...), b[40:]...),
		"identity":   append(bytes.Clone(b[:40]), append([]byte{0xc0}, make([]byte, 47)...)...),
	} {
		if _, err := ParseRemoval(bad); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := UpdateWitness(y, rem.Value(), nil); !errors.Is(err, ErrMalformed) {
		t.Error(err)
	}
}

// credential issues a credential with a revocation handle at index 2.
type issuer struct {
	s   bbs.Scheme
	bsk *bbs.SecretKey
	ask *SecretKey
	v   [][]byte // value per version
	rem []*Removal
}

func newIssuer(t testing.TB, s bbs.Scheme) *issuer {
	t.Helper()
	bsk, err := s.NewKeyFromSeed([]byte("revocation test issuer key seed!"))
	if err != nil {
		t.Fatal(err)
	}
	ask, v0, err := GenerateKey(&detRand{seed: []byte("issuer acc")})
	if err != nil {
		t.Fatal(err)
	}
	return &issuer{s: s, bsk: bsk, ask: ask, v: [][]byte{v0}}
}

func (is *issuer) issue(t testing.TB, name string, nMessages int) *Credential {
	t.Helper()
	msgs := [][]byte{[]byte("name:" + name), []byte("age:42")}
	msgs = append(msgs, []byte("handle:"+name))
	for len(msgs) < nMessages {
		msgs = append(msgs, fmt.Appendf(nil, "claim %d", len(msgs)))
	}
	sig, err := is.s.Sign(is.bsk, []byte("hdr"), msgs)
	if err != nil {
		t.Fatal(err)
	}
	c := &Credential{Scheme: is.s, PublicKey: is.bsk.PublicKey(), Signature: sig, Header: []byte("hdr"), Messages: msgs, HandleIndex: 2}
	h, _ := c.Handle()
	c.Version = uint64(len(is.v) - 1)
	if c.Witness, err = is.ask.Witness(is.v[c.Version], h); err != nil {
		t.Fatal(err)
	}
	return c
}

func (is *issuer) revoke(t testing.TB, c *Credential) {
	t.Helper()
	h, _ := c.Handle()
	k := uint64(len(is.v) - 1)
	r, err := is.ask.Remove(k, is.v[k], h)
	if err != nil {
		t.Fatal(err)
	}
	if err := VerifyRemoval(is.ask.PublicKey(), is.v[k], r); err != nil {
		t.Fatal(err)
	}
	is.v = append(is.v, r.Value())
	is.rem = append(is.rem, r)
}

func disclosed(c *Credential, idx ...int) []bbs.DisclosedMessage {
	var out []bbs.DisclosedMessage
	for _, i := range idx {
		out = append(out, bbs.DisclosedMessage{Index: i, Message: c.Messages[i]})
	}
	return out
}

func (is *issuer) verify(pres []byte, nonce []byte, d []bbs.DisclosedMessage) error {
	p, err := ParsePresentation(is.s, pres)
	if err != nil {
		return err
	}
	if p.Version >= uint64(len(is.v)) {
		return fmt.Errorf("%w: unknown version", ErrVersion)
	}
	return VerifyPresentation(is.bsk.PublicKey(), p, []byte("hdr"), nonce, d, is.ask.PublicKey(), is.v[p.Version])
}

// TestPresentationFlow: issue, present, revoke; the revoked holder cannot
// update nor prove against the new version (even skipping the prover's
// checks); the other holder updates from the ledger's records alone and
// verifies; an old presentation names the old version.
func TestPresentationFlow(t *testing.T) {
	for _, s := range []bbs.Scheme{bbs.BLS12381SHA256(), bbs.BLS12381SHAKE256()} {
		is := newIssuer(t, s)
		alice, bob := is.issue(t, "alice", 5), is.issue(t, "bob", 5)
		nonce := []byte("nonce-1")
		pa, err := Present(nil, alice, is.ask.PublicKey(), is.v[0], nonce, []int{1})
		if err != nil {
			t.Fatal(err)
		}
		if err := is.verify(pa.Bytes(), nonce, disclosed(alice, 1)); err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if err := is.verify(pa.Bytes(), []byte("nonce-2"), disclosed(alice, 1)); !errors.Is(err, ErrInvalid) {
			t.Fatalf("other nonce: %v", err)
		}

		is.revoke(t, bob)
		// Bob: his update is refused; a proof with his stale witness
		// against V_1 fails (the prover's own check and, bypassed, the
		// verifier).
		if err := bob.Update(is.rem); !errors.Is(err, ErrRevoked) {
			t.Fatalf("bob's update: %v", err)
		}
		bob.Version = 1
		if _, err := Present(nil, bob, is.ask.PublicKey(), is.v[1], nonce, nil); err == nil {
			t.Fatal("bob presented against V_1")
		}
		cheat := presentUnchecked(t, bob, is.ask.PublicKey(), is.v[1], nonce)
		if err := is.verify(cheat, nonce, nil); !errors.Is(err, ErrInvalid) {
			t.Fatalf("bob's stale witness against V_1: %v", err)
		}
		// Alice's old presentation names version 0: a contract's grace
		// decides; it does not verify as version 1.
		old, _ := ParsePresentation(s, pa.Bytes())
		if old.Version != 0 {
			t.Fatal("version")
		}
		if err := VerifyPresentation(is.bsk.PublicKey(), old, []byte("hdr"), nonce, disclosed(alice, 1), is.ask.PublicKey(), is.v[1]); !errors.Is(err, ErrInvalid) {
			t.Fatalf("old presentation against V_1: %v", err)
		}
		// Alice updates from the records' bytes alone.
		var recs []*Removal
		for _, r := range is.rem {
			pr, err := ParseRemoval(r.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			recs = append(recs, pr)
		}
		if err := alice.Update(recs); err != nil {
			t.Fatal(err)
		}
		if alice.Version != 1 {
			t.Fatal("alice's version")
		}
		if err := alice.Update(recs); !errors.Is(err, ErrVersion) {
			t.Fatalf("re-applied update: %v", err)
		}
		pa2, err := Present(nil, alice, is.ask.PublicKey(), is.v[1], nonce, []int{0, 1})
		if err != nil {
			t.Fatal(err)
		}
		if err := is.verify(pa2.Bytes(), nonce, disclosed(alice, 0, 1)); err != nil {
			t.Fatal(err)
		}
		// Deterministic verification.
		oneanswer.Check(t, 3, func() string { return fmt.Sprint(is.verify(pa2.Bytes(), nonce, disclosed(alice, 0, 1))) })
		oneanswer.Check(t, 3, func() string { return fmt.Sprint(is.verify(cheat, nonce, nil)) })
	}
}

// presentUnchecked is Present with ProveMembership's checks skipped.
func presentUnchecked(t *testing.T, c *Credential, acc *PublicKey, value, nonce []byte) []byte {
	return presentUncheckedTB(t, c, acc, value, nonce)
}

func presentUncheckedTB(t testing.TB, c *Credential, acc *PublicKey, value, nonce []byte) []byte {
	t.Helper()
	h, _ := c.Handle()
	proof, open, err := bbsrev.DeriveCommittedProof(nil, c.Scheme, c.PublicKey, c.Signature, c.Header, nonce, c.Messages, nil, []int{c.HandleIndex})
	if err != nil {
		t.Fatal(err)
	}
	pb := proof.Bytes()
	st := &Statement{Scheme: c.Scheme, Key: acc, Version: c.Version, Value: value,
		Commitment: proof.Commitments()[0].Point, Context: presentationContext(c.HandleIndex, pb, nonce)}
	m, err := proveMembership(nil, st, h, c.Witness, open[0].Blind, false, membershipFormatFolded)
	if err != nil {
		t.Fatal(err)
	}
	return encodePresentation(c.HandleIndex, pb, m)
}

func encodePresentation(hi int, pb, m []byte) []byte {
	out := []byte{presentationFormat}
	out = append(out, byte(hi>>24), byte(hi>>16), byte(hi>>8), byte(hi))
	out = append(out, byte(len(pb)>>24), byte(len(pb)>>16), byte(len(pb)>>8), byte(len(pb)))
	out = append(out, pb...)
	out = append(out, byte(len(m)>>24), byte(len(m)>>16), byte(len(m)>>8), byte(len(m)))
	return append(out, m...)
}

// TestPresentationMixRefused: membership proofs and BBS proofs of
// different presentations do not combine; a membership proof for another
// committed value is refused; every single-byte change is refused.
func TestPresentationMixRefused(t *testing.T) {
	s := bbs.BLS12381SHA256()
	is := newIssuer(t, s)
	alice, carol := is.issue(t, "alice", 4), is.issue(t, "carol", 4)
	nonce := []byte("n")
	pa, _ := Present(nil, alice, is.ask.PublicKey(), is.v[0], nonce, nil)
	pa2, _ := Present(nil, alice, is.ask.PublicKey(), is.v[0], nonce, nil)
	pc, _ := Present(nil, carol, is.ask.PublicKey(), is.v[0], nonce, nil)
	if err := is.verify(pa.Bytes(), nonce, nil); err != nil {
		t.Fatal(err)
	}
	mix := func(a, b *Presentation) []byte {
		return encodePresentation(a.HandleIndex, a.proof.Bytes(), b.membership)
	}
	for name, b := range map[string][]byte{
		"alice's BBS proof, carol's membership":   mix(pa, pc),
		"alice's BBS proof, her other membership": mix(pa, pa2),
	} {
		if err := is.verify(b, nonce, nil); !errors.Is(err, ErrInvalid) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A membership proof made for a commitment to carol's handle, checked
	// against alice's commitment.
	st := &Statement{Scheme: s, Key: is.ask.PublicKey(), Version: 0, Value: is.v[0],
		Commitment: pa.proof.Commitments()[0].Point, Context: presentationContext(2, pa.proof.Bytes(), nonce)}
	hc, _ := carol.Handle()
	if _, err := ProveMembership(nil, st, hc, carol.Witness, make([]byte, 32)); !errors.Is(err, ErrInvalid) {
		t.Errorf("carol proving about alice's commitment: %v", err)
	}
	m, _ := proveMembership(nil, st, hc, carol.Witness, make([]byte, 32), false, membershipFormatFolded)
	if err := VerifyMembership(st, m); !errors.Is(err, ErrInvalid) {
		t.Errorf("unchecked: %v", err)
	}
	enc := pa.Bytes()
	for i := 0; i < len(enc); i += 5 {
		b := bytes.Clone(enc)
		b[i] ^= 0x04
		if err := is.verify(b, nonce, nil); err == nil {
			t.Fatalf("byte %d changed: verifies", i)
		}
	}
	if _, err := ParsePresentation(s, enc[:len(enc)-1]); !errors.Is(err, ErrMalformed) {
		t.Error(err)
	}
	if _, err := ParsePresentation(s, append(bytes.Clone(enc), 0)); !errors.Is(err, ErrMalformed) {
		t.Error(err)
	}
	// A BBS proof that commits to another message than the handle index says.
	proof, _, _ := bbsrev.DeriveCommittedProof(nil, s, alice.PublicKey, alice.Signature, alice.Header, nonce, alice.Messages, nil, []int{3})
	if _, err := ParsePresentation(s, encodePresentation(2, proof.Bytes(), pa.membership)); !errors.Is(err, ErrMalformed) {
		t.Error(err)
	}
}

func FuzzParsePresentation(f *testing.F) {
	is := newIssuer(f, bbs.BLS12381SHA256())
	c := is.issue(f, "fuzz", 3)
	p, err := Present(&detRand{seed: []byte("f")}, c, is.ask.PublicKey(), is.v[0], nil, nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(p.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		q, err := ParsePresentation(is.s, b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) || q != nil {
				t.Fatal(err)
			}
			return
		}
		if !bytes.Equal(q.Bytes(), b) {
			t.Fatal("round trip")
		}
		_ = VerifyPresentation(is.bsk.PublicKey(), q, []byte("hdr"), nil, nil, is.ask.PublicKey(), is.v[0])
	})
}

func FuzzParseRemoval(f *testing.F) {
	sk, v0, _ := GenerateKey(&detRand{seed: []byte("fr")})
	r, _ := sk.Remove(0, v0, handle(f, bbs.BLS12381SHA256(), "x"))
	f.Add(r.Bytes())
	f.Fuzz(func(t *testing.T, b []byte) {
		q, err := ParseRemoval(b)
		if err != nil {
			if !errors.Is(err, ErrMalformed) {
				t.Fatal(err)
			}
			return
		}
		if !bytes.Equal(q.Bytes(), b) {
			t.Fatal("round trip")
		}
		_ = VerifyRemoval(sk.PublicKey(), v0, q)
	})
}

func FuzzVerifyMembership(f *testing.F) {
	is := newIssuer(f, bbs.BLS12381SHA256())
	c := is.issue(f, "fuzz", 3)
	p, _ := Present(&detRand{seed: []byte("m")}, c, is.ask.PublicKey(), is.v[0], nil, nil)
	st := &Statement{Scheme: is.s, Key: is.ask.PublicKey(), Version: 0, Value: is.v[0],
		Commitment: p.proof.Commitments()[0].Point, Context: presentationContext(2, p.proof.Bytes(), nil)}
	if err := VerifyMembership(st, p.membership); err != nil {
		f.Fatal(err)
	}
	f.Add(p.membership)
	f.Fuzz(func(t *testing.T, b []byte) {
		err := VerifyMembership(st, b)
		if err == nil && !bytes.Equal(b, p.membership) {
			t.Fatal("another membership proof verifies")
		}
	})
}

// TestMembershipPointsCanonical: C' and C̄ must be canonical uncompressed
// encodings of curve points other than the identity: a compressed one, an
// x or y not below p, a point off the curve, the identity are refused.
func TestMembershipPointsCanonical(t *testing.T) {
	is := newIssuer(t, bbs.BLS12381SHA256())
	c := is.issue(t, "canon", 3)
	p, _ := Present(nil, c, is.ask.PublicKey(), is.v[0], nil, nil)
	m := p.membership
	if _, err := parseMembership(m); err != nil {
		t.Fatal(err)
	}
	pt := func(f func(b []byte)) []byte {
		b := bytes.Clone(m)
		f(b[9 : 9+rawPointSize])
		return b
	}
	var q bls12381.G1Affine
	_, _ = q.SetBytes(p.proof.Commitments()[0].Point)
	comp := q.Bytes()
	pmod := fp.Modulus()
	for name, b := range map[string][]byte{
		"compressed": pt(func(b []byte) { copy(b, comp[:]); clear(b[48:]) }),
		"x + p":      pt(func(b []byte) { x := new(big.Int).SetBytes(b[:48]); x.Add(x, pmod); x.FillBytes(b[:48]) }),
		"off curve":  pt(func(b []byte) { b[95] ^= 1 }),
		"identity":   pt(func(b []byte) { clear(b); b[0] = 0x40 }),
	} {
		if _, err := parseMembership(b); !errors.Is(err, ErrMalformed) {
			t.Errorf("%s: %v", name, err)
		}
	}
}
