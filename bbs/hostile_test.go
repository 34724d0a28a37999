// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"crypto/rand"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/lru"
)

// Hostile BBS+ 2020 proofs: the count L comes from the proof, and each new
// (key, L) costs L+1 hash-to-curve operations.

// TestBBSPlus2020BogusProofDerivesNothing: a proof whose A', Ā fail the
// pairing check is refused before any generator is derived, whatever its L.
func TestBBSPlus2020BogusProofDerivesNothing(t *testing.T) {
	s := BBSPlus2020()
	pk := testKey(t, s).PublicKey()
	for _, count := range []int{7, 300} {
		proof, err := s.ParseProof(hostileProof(t, count, nil))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.VerifyProof(pk, proof, nil, nil, nil); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("L=%d: bogus proof: %v", count, err)
		}
		key := bbsPlusGenKey{pk: pk.enc, count: count}
		if bbsPlusGeneratorsCached(key) {
			t.Errorf("L=%d: generators derived for a proof failing the pairing check", count)
		}
	}
}

// TestBBSPlus2020HostileProofsDoNotEvict: bogus proofs at many distinct L,
// even ones re-using a valid proof's A', Ā (which pass the pairing check),
// do not evict the generators legitimate proofs use.
func TestBBSPlus2020HostileProofsDoNotEvict(t *testing.T) {
	s := BBSPlus2020()
	f := newProofFixture(t, s, 3, []int{1}, []byte("nonce"))
	if err := s.VerifyProof(f.pk, f.proof, nil, f.nonce, f.disclosed); err != nil {
		t.Fatal(err)
	}
	legit := bbsPlusGenKey{pk: f.pk.enc, count: 3}
	if !bbsPlus.gens.Contains(legit) {
		t.Fatal("a verified proof's generators are not cached")
	}
	valid := f.proof.body.(*bbsPlusProof)
	for i := range maxCachedKeys + 8 {
		count := 4 + i // small counts: cheap to derive
		proof, err := s.ParseProof(hostileProof(t, count, valid))
		if err != nil {
			t.Fatal(err)
		}
		if err := s.VerifyProof(f.pk, proof, nil, f.nonce, nil); !errors.Is(err, ErrInvalidProof) {
			t.Fatalf("L=%d: bogus proof: %v", count, err)
		}
	}
	if !bbsPlus.gens.Contains(legit) {
		t.Fatal("bogus proofs with distinct L evicted a legitimate proof's generators")
	}
}

// TestBBSPlus2020GeneratorAdmission: generators enter the main cache only
// when a signature or proof verified under them, or when signing.
func TestBBSPlus2020GeneratorAdmission(t *testing.T) {
	s := BBSPlus2020()
	sk, err := s.GenerateKey(rand.Reader) // a key no other test caches under
	if err != nil {
		t.Fatal(err)
	}
	pk := sk.PublicKey()
	saved := bbsPlus.gens
	t.Cleanup(func() { bbsPlus.gens = saved })
	msgs := testMessages(5)
	sig, err := s.Sign(sk, nil, msgs)
	if err != nil {
		t.Fatal(err)
	}
	key := bbsPlusGenKey{pk: pk.enc, count: 5}
	admitted := func() bool { _, ok := bbsPlus.gens.Lookup(key); return ok }
	if !admitted() {
		t.Fatal("Sign did not admit its generators")
	}
	// A fresh verifier, as on another peer: only a valid input admits.
	bbsPlus.gens = lru.New[bbsPlusGenKey, *bbsPlusGenerators](maxCachedKeys)
	bad := append([][]byte{[]byte("forged")}, msgs[1:]...)
	if err := s.Verify(pk, sig, nil, bad); !errors.Is(err, ErrInvalidSignature) {
		t.Fatalf("forged messages: %v", err)
	}
	if admitted() {
		t.Fatal("a failed signature verification admitted its generators")
	}
	proof, err := s.DeriveProof(rand.Reader, pk, sig, nil, nil, msgs, []int{2})
	if err != nil {
		t.Fatal(err)
	}
	bbsPlus.gens = lru.New[bbsPlusGenKey, *bbsPlusGenerators](maxCachedKeys)
	if err := s.VerifyProof(pk, proof, nil, []byte("other nonce"), disclosedFor(msgs, []int{2})); !errors.Is(err, ErrInvalidProof) {
		t.Fatalf("wrong nonce: %v", err)
	}
	if admitted() {
		t.Fatal("a failed proof verification admitted its generators")
	}
	if err := s.VerifyProof(pk, proof, nil, nil, disclosedFor(msgs, []int{2})); err != nil {
		t.Fatal(err)
	}
	if !admitted() {
		t.Fatal("a verified proof did not admit its generators")
	}
}

// bbsPlusGeneratorsCached reports whether either generator cache holds key.
func bbsPlusGeneratorsCached(key bbsPlusGenKey) bool {
	inMain := bbsPlus.gens.Contains(key)
	inProbation := bbsPlus.probation.Contains(key)
	return inMain || inProbation
}
