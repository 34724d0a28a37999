// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// revFixture is a credential [name, v, country, w, handle] (1 and 3
// integers, the handle at 4) whose handle is accumulated at version 0.
type revFixture struct {
	*fixture
	accSK *revocation.SecretKey
	acc   *revocation.PublicKey
	v0    []byte
	cred  *revocation.Credential
}

const revHandleIndex = 4

func newRevFixture(t testing.TB, s bbs.Scheme, v, w int64, handle string) *revFixture {
	t.Helper()
	f := newFixture(t, s, v, w)
	f.msgs = append(f.msgs, []byte(handle))
	var err error
	if f.sig, err = bbs.SignMapped(s, f.sk, []byte("hdr"), f.msgs, f.mm); err != nil {
		t.Fatal(err)
	}
	accSK, v0, err := revocation.GenerateKey(bytes.NewReader(bytes.Repeat([]byte{9}, 4096)))
	if err != nil {
		t.Fatal(err)
	}
	y, err := revocation.HandleScalar(s, []byte(handle))
	if err != nil {
		t.Fatal(err)
	}
	wit, err := accSK.Witness(v0, y)
	if err != nil {
		t.Fatal(err)
	}
	cred := &revocation.Credential{Scheme: s, PublicKey: f.sk.PublicKey(), Signature: f.sig, Header: []byte("hdr"),
		Messages: f.msgs, HandleIndex: revHandleIndex, Version: 0, Witness: wit}
	return &revFixture{fixture: f, accSK: accSK, acc: accSK.PublicKey(), v0: v0, cred: cred}
}

func (f *revFixture) prove(t testing.TB, preds []Predicate) (*revocation.Presentation, []byte, error) {
	return ProveNonRevoked(nil, f.cred, f.acc, f.v0, []byte("ph"), []int{0}, f.mm, preds)
}

// verify parses the presentation's bytes, as a verifier does, and checks
// it with the predicates against value.
func (f *revFixture) verify(p *revocation.Presentation, preds []Predicate, pp, value []byte) error {
	q, err := revocation.ParsePresentation(f.s, p.Bytes())
	if err != nil {
		return err
	}
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	return VerifyNonRevoked(f.sk.PublicKey(), q, revHandleIndex, []byte("hdr"), []byte("ph"), d, f.mm, f.acc, value, preds, pp)
}

// TestNonRevokedComplete: every kind of predicate rides on a presentation
// with non-revocation, for both IETF suites; the presentation is not
// accepted as a plain one for ph (its BBS proof is bound to ph'), and a
// claim of another range or index is refused.
func TestNonRevokedComplete(t *testing.T) {
	rp, sp := params(t)
	preds := []Predicate{
		{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp},
		{Kind: Range, Index: 3, Min: -20, Max: -10},
		{Kind: InSet, Index: 2, Params: sp},
		{Kind: Commitment, Index: 1},
	}
	for _, s := range []bbs.Scheme{bbs.BLS12381SHA256(), bbs.BLS12381SHAKE256()} {
		f := newRevFixture(t, s, 30, -12, "handle-1")
		if s != bbs.BLS12381SHA256() {
			preds = preds[:2] // the set parameters are of SHA-256
		}
		p, pp, err := f.prove(t, preds)
		if err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		if len(pp) != ProofSize(preds) {
			t.Fatalf("%s: %d bytes, ProofSize %d", s.Name(), len(pp), ProofSize(preds))
		}
		if err := f.verify(p, preds, pp, f.v0); err != nil {
			t.Fatalf("%s: %v", s.Name(), err)
		}
		d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
		if err := revocation.VerifyPresentationAt(f.sk.PublicKey(), p, revHandleIndex, []byte("hdr"), []byte("ph"), d, f.acc, f.v0); !errors.Is(err, revocation.ErrInvalid) {
			t.Fatalf("%s: accepted as a presentation without predicates: %v", s.Name(), err)
		}
		other := append([]Predicate(nil), preds...)
		other[0].Min, other[0].Max = 31, 200
		if err := f.verify(p, other, pp, f.v0); err == nil {
			t.Fatalf("%s: accepted for [31, 200]", s.Name())
		}
		other = append([]Predicate(nil), preds...)
		other[1].Index = 1
		if err := f.verify(p, other, pp, f.v0); err == nil {
			t.Fatalf("%s: accepted for another message", s.Name())
		}
		if err := VerifyNonRevoked(f.sk.PublicKey(), p, revHandleIndex, []byte("hdr"), []byte("other ph"), d, f.mm, f.acc, f.v0, preds, pp); err == nil {
			t.Fatalf("%s: accepted for another ph", s.Name())
		}
	}
}

// TestNonRevokedLinked: a predicate proof is refused with any presentation
// but its own: another presentation of the same credential, or of another
// credential with the same values.
func TestNonRevokedLinked(t *testing.T) {
	rp, _ := params(t)
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}, {Kind: Range, Index: 3, Min: -20, Max: -10}}
	s := bbs.BLS12381SHA256()
	f := newRevFixture(t, s, 30, -12, "handle-1")
	p1, pp1, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	p2, pp2, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	g := newRevFixture(t, s, 30, -12, "handle-2")
	g.sk, g.cred.PublicKey = f.sk, f.sk.PublicKey() // one issuer key
	if g.sig, err = bbs.SignMapped(s, f.sk, []byte("hdr"), g.msgs, g.mm); err != nil {
		t.Fatal(err)
	}
	g.cred.Signature = g.sig
	g.acc, g.accSK, g.v0 = f.acc, f.accSK, f.v0
	y, _ := revocation.HandleScalar(s, []byte("handle-2"))
	if g.cred.Witness, err = f.accSK.Witness(f.v0, y); err != nil {
		t.Fatal(err)
	}
	p3, pp3, err := g.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		p    *revocation.Presentation
		pp   []byte
		ok   bool
	}{{"own 1", p1, pp1, true}, {"own 2", p2, pp2, true}, {"own 3", p3, pp3, true},
		{"1 with 2's", p1, pp2, false}, {"2 with 1's", p2, pp1, false}, {"1 with 3's", p1, pp3, false}, {"3 with 1's", p3, pp1, false}} {
		err := f.verify(c.p, preds, c.pp, f.v0)
		if (err == nil) != c.ok {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
}

// TestNonRevokedOutOfRange: the prover refuses a value outside its range;
// a prover that skips the check makes a proof that is refused.
func TestNonRevokedOutOfRange(t *testing.T) {
	rp, _ := params(t)
	s := bbs.BLS12381SHA256()
	for _, v := range []int64{17, 201} {
		f := newRevFixture(t, s, v, 0, "handle-1")
		preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}}
		if _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
			t.Fatalf("v=%d: prove = %v, want ErrInvalidArgument", v, err)
		}
		forgeForTesting = true
		p, pp, err := f.prove(t, preds)
		forgeForTesting = false
		if err != nil {
			t.Fatal(err)
		}
		if err := f.verify(p, preds, pp, f.v0); err == nil {
			t.Fatalf("forged proof for %d in [18, 200] accepted", v)
		}
	}
	// Bulletproofs: the prover refuses too.
	f := newRevFixture(t, s, 300, 0, "handle-1")
	if _, _, err := f.prove(t, []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 255}}); err == nil {
		t.Fatal("Bulletproofs range proof made for 300 in [0, 255]")
	}
}

// TestNonRevokedRevoked: once the handle is removed, a presentation with
// predicates made at the old version does not verify against the new
// value, and the holder can make none for it.
func TestNonRevokedRevoked(t *testing.T) {
	rp, _ := params(t)
	s := bbs.BLS12381SHA256()
	f := newRevFixture(t, s, 30, 0, "handle-1")
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}}
	p, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	y, _ := revocation.HandleScalar(s, []byte("handle-1"))
	rem, err := f.accSK.Remove(0, f.v0, y)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.verify(p, preds, pp, rem.Value()); !errors.Is(err, revocation.ErrInvalid) {
		t.Fatalf("revoked handle: %v", err)
	}
	f.cred.Version = 1
	if _, _, err := ProveNonRevoked(nil, f.cred, f.acc, rem.Value(), []byte("ph"), []int{0}, f.mm, preds); err == nil {
		t.Fatal("presentation made with a revoked handle's stale witness")
	}
}

// TestNonRevokedMalformed: bad statements and inputs are errors, never a
// success or a panic.
func TestNonRevokedMalformed(t *testing.T) {
	rp, _ := params(t)
	s := bbs.BLS12381SHA256()
	f := newRevFixture(t, s, 30, 0, "handle-1")
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}}
	p, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	pk, hdr, ph := f.sk.PublicKey(), []byte("hdr"), []byte("ph")
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	d2 := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}, {Index: 2, Message: f.msgs[2]}}
	for _, c := range []struct {
		name string
		err  error
		run  func() error
	}{
		{"nil presentation", revocation.ErrMalformed, func() error {
			return VerifyNonRevoked(pk, nil, revHandleIndex, hdr, ph, d, f.mm, f.acc, f.v0, preds, pp)
		}},
		{"handle index", revocation.ErrHandleIndex, func() error {
			return VerifyNonRevoked(pk, p, 2, hdr, ph, d, f.mm, f.acc, f.v0, preds, pp)
		}},
		{"disclosed indices", revocation.ErrInvalid, func() error {
			return VerifyNonRevoked(pk, p, revHandleIndex, hdr, ph, d2, f.mm, f.acc, f.v0, preds, pp)
		}},
		{"truncated predicate proof", ErrMalformedProof, func() error {
			return VerifyNonRevoked(pk, p, revHandleIndex, hdr, ph, d, f.mm, f.acc, f.v0, preds, pp[:len(pp)-1])
		}},
		{"no predicates", bbs.ErrInvalidArgument, func() error {
			return VerifyNonRevoked(pk, p, revHandleIndex, hdr, ph, d, f.mm, f.acc, f.v0, nil, pp)
		}},
		{"predicate on a disclosed message", bbs.ErrInvalidArgument, func() error {
			return VerifyNonRevoked(pk, p, revHandleIndex, hdr, ph, d, f.mm, f.acc, f.v0, []Predicate{{Kind: Commitment, Index: 0}}, pp)
		}},
		{"predicate past the messages", bbs.ErrInvalidArgument, func() error {
			q := []Predicate{{Kind: Commitment, Index: 9}}
			b := make([]byte, ProofSize(q))
			b[0] = version
			return VerifyNonRevoked(pk, p, revHandleIndex, hdr, ph, d, f.mm, f.acc, f.v0, q, b)
		}},
		{"nil accumulator key", revocation.ErrMalformed, func() error {
			return VerifyNonRevoked(pk, p, revHandleIndex, hdr, ph, d, f.mm, nil, f.v0, preds, pp)
		}},
		{"nil issuer key", revocation.ErrMalformed, func() error {
			return VerifyNonRevoked(nil, p, revHandleIndex, hdr, ph, d, f.mm, f.acc, f.v0, preds, pp)
		}},
		{"prove: handle an integer position", revocation.ErrMalformed, func() error {
			mm, _ := bbs.NewMessageMap([]int{1, 3, revHandleIndex})
			_, _, err := ProveNonRevoked(nil, f.cred, f.acc, f.v0, ph, []int{0}, mm, []Predicate{{Kind: Commitment, Index: 2}})
			return err
		}},
		{"prove: nil credential", bbs.ErrInvalidArgument, func() error {
			_, _, err := ProveNonRevoked(nil, nil, f.acc, f.v0, ph, []int{0}, f.mm, preds)
			return err
		}},
		{"prove: predicate on the disclosed message", bbs.ErrInvalidArgument, func() error {
			_, _, err := ProveNonRevoked(nil, f.cred, f.acc, f.v0, ph, []int{0}, f.mm, []Predicate{{Kind: Commitment, Index: 0}})
			return err
		}},
		{"prove: nil accumulator key", revocation.ErrMalformed, func() error {
			_, _, err := ProveNonRevoked(nil, f.cred, nil, f.v0, ph, []int{0}, f.mm, preds)
			return err
		}},
	} {
		if err := c.run(); !errors.Is(err, c.err) {
			t.Errorf("%s: %v, want %v", c.name, err, c.err)
		}
	}
}
