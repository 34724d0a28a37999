// SPDX-License-Identifier: Apache-2.0

package predicate

import (
	"bytes"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// nymFixture is a pseudonym credential over [name, v, country, w] with
// positions 1 and 3 integers, and one committed message.
type nymFixture struct {
	s         bbs.PseudonymScheme
	sk        *bbs.SecretKey
	mm        *bbs.MessageMap
	msgs      [][]byte
	committed [][]byte
	sig       *bbs.Signature
	secret    *bbs.NymSecret
	set       *Params // {DE, FR, IT} hashed as s's messages
}

func newNymFixture(t testing.TB, s bbs.PseudonymScheme, v, w int64) *nymFixture {
	t.Helper()
	sk, err := s.NewKeyFromSeed(bytes.Repeat([]byte{5}, 32))
	if err != nil {
		t.Fatal(err)
	}
	mm, err := bbs.NewMessageMap([]int{1, 3})
	if err != nil {
		t.Fatal(err)
	}
	f := &nymFixture{s: s, sk: sk, mm: mm,
		msgs:      [][]byte{[]byte("alice"), bbs.IntegerMessage(v), []byte("FR"), bbs.IntegerMessage(w)},
		committed: [][]byte{[]byte("holder")}}
	com, prover, err := s.CommitWithNym(nil, f.committed, 2)
	if err != nil {
		t.Fatal(err)
	}
	sig, entropy, err := bbs.BlindSignWithNymMapped(nil, s, sk, com, []byte("hdr"), f.msgs, mm)
	if err != nil {
		t.Fatal(err)
	}
	if f.secret, err = bbs.FinalizeWithNymMapped(s, sk.PublicKey(), sig, []byte("hdr"), f.msgs, f.committed, prover, entropy, mm); err != nil {
		t.Fatal(err)
	}
	f.sig = sig
	if f.set, _, err = GenerateSetParams(nil, s, [][]byte{[]byte("DE"), []byte("FR"), []byte("IT")}, false); err != nil {
		t.Fatal(err)
	}
	return f
}

// prove discloses message 0 and the committed message, in context "ctx".
func (f *nymFixture) prove(t testing.TB, preds []Predicate) (*bbs.Proof, *bbs.Pseudonym, []byte, error) {
	return ProveWithPseudonym(nil, f.s, f.sk.PublicKey(), f.sig, f.secret, []byte("hdr"), []byte("ph"), []byte("ctx"), f.msgs, f.committed, []int{0}, []int{0}, f.mm, preds)
}

func (f *nymFixture) verifyIn(proof *bbs.Proof, nym *bbs.Pseudonym, ctx []byte, preds []Predicate, pp []byte) error {
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	dc := []bbs.DisclosedMessage{{Index: 0, Message: f.committed[0]}}
	return VerifyWithPseudonym(f.s, f.sk.PublicKey(), proof, nym, []byte("hdr"), []byte("ph"), ctx, 4, 2, d, dc, f.mm, preds, pp)
}

func (f *nymFixture) verify(proof *bbs.Proof, nym *bbs.Pseudonym, preds []Predicate, pp []byte) error {
	return f.verifyIn(proof, nym, []byte("ctx"), preds, pp)
}

func TestPseudonymPredicates(t *testing.T) {
	rp, _ := params(t)
	for _, s := range bbs.PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			f := newNymFixture(t, s, 30, -12)
			preds := []Predicate{
				{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp},
				{Kind: InSet, Index: 2, Params: f.set},
				{Kind: Commitment, Index: 3},
				{Kind: Range, Index: 3, Min: -100, Max: 100},
			}
			proof, nym, pp, open, err := ProveWithPseudonymOpenings(nil, s, f.sk.PublicKey(), f.sig, f.secret, []byte("hdr"), []byte("ph"), []byte("ctx"), f.msgs, f.committed, []int{0}, []int{0}, f.mm, preds)
			if err != nil {
				t.Fatal(err)
			}
			if len(pp) != ProofSize(preds) || len(open) != 1 || open[0].Predicate != 2 {
				t.Fatalf("predicate proof of %d bytes (want %d), %d openings", len(pp), ProofSize(preds), len(open))
			}
			if err := f.verify(proof, nym, preds, pp); err != nil {
				t.Fatal(err)
			}
			// The pseudonym is the credential's in the context.
			want, err := s.Pseudonym(f.secret, []byte("ctx"))
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(nym.Bytes(), want.Bytes()) {
				t.Fatal("pseudonym differs from the credential's")
			}
			// The proof with a pseudonym alone is a standard one under ph'
			// (no integer disclosed: the plain verifier maps the same).
			d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
			dc := []bbs.DisclosedMessage{{Index: 0, Message: f.committed[0]}}
			php, err := PseudonymPresentationHeader(s, proof, []byte("ph"), 4, d, f.mm, preds, pp)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.VerifyProofWithPseudonym(f.sk.PublicKey(), proof, nym, []byte("hdr"), php, []byte("ctx"), 4, 2, d, dc); err != nil {
				t.Fatalf("proof with a pseudonym under ph': %v", err)
			}
			if err := s.VerifyProofWithPseudonym(f.sk.PublicKey(), proof, nym, []byte("hdr"), []byte("ph"), []byte("ctx"), 4, 2, d, dc); !errors.Is(err, bbs.ErrInvalidProof) {
				t.Fatalf("proof with a pseudonym under ph: %v, want bbs.ErrInvalidProof", err)
			}
		})
	}
}

func TestPseudonymPredicatesRefused(t *testing.T) {
	rp, _ := params(t)
	s := bbs.NymBLS12381SHA256()
	f := newNymFixture(t, s, 30, -12)
	g := newNymFixture(t, s, 30, -12) // another credential, same messages
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}, {Kind: InSet, Index: 2, Params: f.set}}
	proof, nym, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	proofG, nymG, ppG, err := g.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	otherNym, err := s.Pseudonym(f.secret, []byte("other"))
	if err != nil {
		t.Fatal(err)
	}
	// Linked to another message: the range claimed of message 3 (also an
	// integer, in range with the same digit count).
	moved := []Predicate{{Kind: Range, Index: 3, Min: -200, Max: -18, Params: rp}, preds[1]}
	// The valid presentation verifies; every altered one is refused.
	if err := f.verify(proof, nym, preds, pp); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name string
		err  error
	}{
		{"predicate proof of another credential", f.verify(proof, nym, preds, ppG)},
		{"proof with a pseudonym of another credential", f.verify(proofG, nymG, preds, pp)},
		{"range moved to another message", f.verify(proof, nym, moved, pp)},
		{"other range", f.verify(proof, nym, []Predicate{{Kind: Range, Index: 1, Min: 31, Max: 213, Params: rp}, preds[1]}, pp)},
		{"wrong context", f.verifyIn(proof, nym, []byte("other"), preds, pp)},
		{"pseudonym of another context", f.verify(proof, otherNym, preds, pp)},
		{"pseudonym of another credential", f.verify(proof, nymG, preds, pp)},
	} {
		if c.err == nil {
			t.Errorf("%s: accepted", c.name)
		} else if !errors.Is(c.err, ErrInvalidProof) && !errors.Is(c.err, bbs.ErrInvalidProof) && !errors.Is(c.err, ErrMalformedProof) {
			t.Errorf("%s: %v, want an invalid-proof error", c.name, c.err)
		}
	}
}

func TestPseudonymPredicatesOutOfRange(t *testing.T) {
	rp, _ := params(t)
	s := bbs.NymBLS12381SHAKE256()
	preds := []Predicate{{Kind: Range, Index: 1, Min: 0, Max: 255, Params: rp}}
	f := newNymFixture(t, s, 256, 0)
	if _, _, _, err := f.prove(t, preds); !errors.Is(err, bbs.ErrInvalidArgument) {
		t.Fatalf("prove out of range: %v, want bbs.ErrInvalidArgument", err)
	}
	// A prover that skips its range check is refused.
	forgeForTesting = true
	defer func() { forgeForTesting = false }()
	for _, p := range [][]Predicate{preds, {{Kind: Range, Index: 1, Min: 0, Max: 255}}} {
		proof, nym, pp, err := f.prove(t, p)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.verify(proof, nym, p, pp); err == nil {
			t.Fatal("forged proof for 256 in [0, 255] accepted")
		}
	}
}

func TestPseudonymPredicatesMalformed(t *testing.T) {
	rp, _ := params(t)
	s := bbs.NymBLS12381SHA256()
	f := newNymFixture(t, s, 30, -12)
	preds := []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}}
	proof, nym, pp, err := f.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	pk := f.sk.PublicKey()
	d := []bbs.DisclosedMessage{{Index: 0, Message: f.msgs[0]}}
	dc := []bbs.DisclosedMessage{{Index: 0, Message: f.committed[0]}}
	ietf := newFixture(t, bbs.BLS12381SHA256(), 30, -12)
	ietfProof, ietfPP, err := ietf.prove(t, preds)
	if err != nil {
		t.Fatal(err)
	}
	verify := func(proof *bbs.Proof, L int, d []bbs.DisclosedMessage, preds []Predicate, pp []byte) error {
		return VerifyWithPseudonym(s, pk, proof, nym, []byte("hdr"), []byte("ph"), []byte("ctx"), L, 2, d, dc, f.mm, preds, pp)
	}
	for _, c := range []struct {
		name string
		err  error
		want []error
	}{
		{"truncated", verify(proof, 4, d, preds, pp[:len(pp)-1]), []error{ErrMalformedProof}},
		{"empty", verify(proof, 4, d, preds, nil), []error{ErrMalformedProof}},
		{"version", verify(proof, 4, d, preds, append([]byte{version + 1}, pp[1:]...)), []error{ErrMalformedProof}},
		{"nil proof", verify(nil, 4, d, preds, pp), []error{bbs.ErrInvalidArgument}},
		{"IETF proof", verify(ietfProof, 4, d, preds, ietfPP), []error{bbs.ErrInvalidArgument}},
		{"no predicates", verify(proof, 4, d, nil, pp), []error{bbs.ErrInvalidArgument}},
		{"predicate on a disclosed message", verify(proof, 4, d, []Predicate{{Kind: Commitment, Index: 0}}, pp), []error{bbs.ErrInvalidArgument}},
		{"predicate beyond the issuer's messages", verify(proof, 1, nil, []Predicate{{Kind: Range, Index: 1, Min: 18, Max: 200, Params: rp}}, pp), []error{bbs.ErrInvalidArgument}},
		{"negative L", verify(proof, -1, d, preds, pp), []error{bbs.ErrInvalidArgument}},
		{"L too large for the proof", verify(proof, 40, d, preds, pp), []error{bbs.ErrInvalidProof}},
		{"disclosed indices descending", verify(proof, 4, []bbs.DisclosedMessage{d[0], {Index: 0}}, preds, pp), []error{bbs.ErrInvalidArgument}},
		{"disclosed index beyond L", verify(proof, 4, []bbs.DisclosedMessage{{Index: 4}}, preds, pp), []error{bbs.ErrInvalidArgument}},
		{"wrong nym count", VerifyWithPseudonym(s, pk, proof, nym, []byte("hdr"), []byte("ph"), []byte("ctx"), 4, 1, d, dc, f.mm, preds, pp), []error{bbs.ErrInvalidProof}},
		{"other scheme", VerifyWithPseudonym(bbs.NymBLS12381SHAKE256(), pk, proof, nym, []byte("hdr"), []byte("ph"), []byte("ctx"), 4, 2, d, dc, f.mm, preds, pp), []error{bbs.ErrInvalidArgument}},
	} {
		ok := false
		for _, w := range c.want {
			ok = ok || errors.Is(c.err, w)
		}
		if !ok {
			t.Errorf("%s: %v, want %v", c.name, c.err, c.want)
		}
	}
	// Proving: a predicate on a committed or disclosed message, or an
	// IETF scheme's key, is refused.
	for _, c := range []struct {
		name string
		err  error
	}{
		{"predicate beyond the issuer's messages", func() error {
			_, _, _, err := f.prove(t, []Predicate{{Kind: Commitment, Index: 4}})
			return err
		}()},
		{"predicate on a disclosed message", func() error {
			_, _, _, err := f.prove(t, []Predicate{{Kind: Commitment, Index: 0}})
			return err
		}()},
		{"nil secret", func() error {
			_, _, _, err := ProveWithPseudonym(nil, s, pk, f.sig, nil, nil, nil, nil, f.msgs, f.committed, nil, nil, f.mm, preds)
			return err
		}()},
		{"IETF key", func() error {
			_, _, _, err := ProveWithPseudonym(nil, s, ietf.sk.PublicKey(), ietf.sig, f.secret, nil, nil, nil, f.msgs, f.committed, nil, nil, f.mm, preds)
			return err
		}()},
	} {
		if !errors.Is(c.err, bbs.ErrInvalidArgument) {
			t.Errorf("%s: %v, want bbs.ErrInvalidArgument", c.name, c.err)
		}
	}
}
