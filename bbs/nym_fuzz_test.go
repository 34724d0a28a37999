// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"errors"
	"testing"
)

// Fuzz targets for the pseudonym values' parsers, seeded from the official
// fixtures. A parser must never panic, must refuse with its Malformed
// error, and what it accepts must encode back to the same bytes.
//
//	go test ./bbs/ -run '^$' -fuzz FuzzNymParseCommitment -fuzztime 30s -parallel 1

func nymFuzzSeeds(f *testing.F, pick func(nymProofFixture) [][]byte) {
	for _, suite := range nymSuites {
		for _, path := range nymFiles(f, suite.dir, "nymProof") {
			var fx nymProofFixture
			readNymFixture(f, path, &fx)
			for _, b := range pick(fx) {
				f.Add(b, uint8(len(fx.NymSecrets)))
			}
		}
	}
}

func FuzzNymParseCommitment(f *testing.F) {
	nymFuzzSeeds(f, func(fx nymProofFixture) [][]byte {
		return [][]byte{fx.CommitmentWithProof}
	})
	f.Fuzz(func(t *testing.T, b []byte, n uint8) {
		for _, s := range PseudonymSchemes() {
			c, err := s.ParseNymCommitment(b, int(n))
			if err != nil {
				if !errors.Is(err, ErrMalformedCommitment) && !errors.Is(err, ErrInvalidArgument) {
					t.Fatalf("%s: unexpected error kind: %v", s.Name(), err)
				}
				continue
			}
			if !bytes.Equal(c.Bytes(), b) || !bytes.Equal(c.com.encode(), b) || c.NymCount() != int(n) {
				t.Fatalf("%s: commitment does not round-trip", s.Name())
			}
		}
	})
}

func FuzzNymParseSecret(f *testing.F) {
	nymFuzzSeeds(f, func(fx nymProofFixture) [][]byte {
		b := []byte{nymStageFinal}
		b = append(b, fx.ProverBlind...)
		for _, z := range fx.NymSecrets {
			b = append(b, z...)
		}
		return [][]byte{b, fx.SignerNymEntropy}
	})
	f.Fuzz(func(t *testing.T, b []byte, _ uint8) {
		for _, s := range PseudonymSchemes() {
			if sec, err := s.ParseNymSecret(b); err == nil {
				if !bytes.Equal(sec.Bytes(), b) {
					t.Fatalf("%s: secret does not round-trip", s.Name())
				}
			} else if !errors.Is(err, ErrMalformedNymSecret) {
				t.Fatalf("%s: unexpected error kind: %v", s.Name(), err)
			}
			if e, err := s.ParseNymEntropy(b); err == nil {
				if !bytes.Equal(e.Bytes(), b) {
					t.Fatalf("%s: entropy does not round-trip", s.Name())
				}
			} else if !errors.Is(err, ErrMalformedNymSecret) {
				t.Fatalf("%s: unexpected error kind: %v", s.Name(), err)
			}
		}
	})
}

func FuzzNymParsePseudonym(f *testing.F) {
	nymFuzzSeeds(f, func(fx nymProofFixture) [][]byte { return [][]byte{fx.Pseudonym} })
	f.Fuzz(func(t *testing.T, b []byte, _ uint8) {
		for _, s := range PseudonymSchemes() {
			p, err := s.ParsePseudonym(b)
			if err != nil {
				if !errors.Is(err, ErrMalformedPseudonym) {
					t.Fatalf("%s: unexpected error kind: %v", s.Name(), err)
				}
				continue
			}
			if !bytes.Equal(p.Bytes(), b) || p.p.IsInfinity() {
				t.Fatalf("%s: pseudonym does not round-trip", s.Name())
			}
		}
	})
}

// FuzzNymVerifyProof mutates a fixture's proof and pseudonym: the verifier
// must not panic, and must accept only the fixture's own proof.
func FuzzNymVerifyProof(f *testing.F) {
	type entry struct {
		s  *nymScheme
		fx nymProofFixture
	}
	var fixtures []entry
	for _, suite := range nymSuites {
		for _, path := range nymFiles(f, suite.dir, "nymProof") {
			var fx nymProofFixture
			readNymFixture(f, path, &fx)
			fixtures = append(fixtures, entry{suite.s, fx})
			f.Add(uint8(len(fixtures)-1), []byte(fx.Proof), []byte(fx.Pseudonym))
		}
	}
	f.Fuzz(func(t *testing.T, i uint8, proof, pseudonym []byte) {
		e := fixtures[int(i)%len(fixtures)]
		pk, err := e.s.ParsePublicKey(e.fx.SignerPublicKey)
		if err != nil {
			t.Fatal(err)
		}
		p, err := e.s.ParseProof(proof)
		if err != nil {
			return
		}
		nym, err := e.s.ParsePseudonym(pseudonym)
		if err != nil {
			return
		}
		_, d := nymRevealed(t, e.fx.RevealedMessages)
		_, dc := nymRevealed(t, e.fx.RevealedCommittedMessages)
		err = e.s.VerifyProofWithPseudonym(pk, p, nym, e.fx.Header, e.fx.PresentationHeader, e.fx.ContextID, e.fx.L, len(e.fx.NymSecrets), d, dc)
		own := bytes.Equal(proof, e.fx.Proof) && bytes.Equal(pseudonym, e.fx.Pseudonym)
		if own != (err == nil) {
			t.Fatalf("fixture %d: own=%v, verify: %v", i, own, err)
		}
	})
}
