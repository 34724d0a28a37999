// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// Fuzz targets for the IETF schemes, seeded from the official fixtures.
//
//	go test ./bbs/ -run '^$' -fuzz FuzzIETFParseProof -fuzztime 30s -parallel 1

// ietfFuzzProof is one proof fixture, for seeding and as the oracle.
type ietfFuzzProof struct {
	suite int
	f     ietfProofFixture
	pk    *PublicKey
}

func ietfFuzzProofs(t testing.TB) []ietfFuzzProof {
	t.Helper()
	var out []ietfFuzzProof
	for si, suite := range ietfSuites {
		for _, file := range ietfFixtureFiles(t, suite.dir, "proof") {
			var f ietfProofFixture
			readIETFFixture(t, file, &f)
			pk, err := suite.s.ParsePublicKey(f.SignerPublicKey)
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, ietfFuzzProof{suite: si, f: f, pk: pk})
		}
	}
	return out
}

func FuzzIETFParseProof(f *testing.F) {
	for _, p := range ietfFuzzProofs(f) {
		f.Add([]byte(p.f.Proof))
		f.Add([]byte(p.f.Proof[:len(p.f.Proof)-1]))
	}
	f.Add(make([]byte, IETFProofBaseSize))
	f.Fuzz(func(t *testing.T, b []byte) {
		for _, suite := range ietfSuites {
			p, err := suite.s.ParseProof(b)
			if err != nil {
				if !errors.Is(err, ErrMalformedProof) || p != nil {
					t.Fatalf("%s: %v", suite.dir, err)
				}
				continue
			}
			if !bytes.Equal(p.Bytes(), b) || p.Scheme() != suite.s {
				t.Fatalf("%s: round trip", suite.dir)
			}
			body := p.body.(*ietfProof)
			if len(b) != IETFProofBaseSize+32*len(body.mHat) || !bytes.Equal(body.encode(), b) {
				t.Fatalf("%s: re-encoding differs", suite.dir)
			}
		}
	})
}

func FuzzIETFParseSignature(f *testing.F) {
	type sigCase struct {
		pk     *PublicKey
		header []byte
		msgs   [][]byte
		sig    []byte
		valid  bool
	}
	cases := make([][]sigCase, len(ietfSuites))
	for si, suite := range ietfSuites {
		for _, file := range ietfFixtureFiles(f, suite.dir, "signature") {
			var fx ietfSignatureFixture
			readIETFFixture(f, file, &fx)
			pk, err := suite.s.ParsePublicKey(fx.SignerKeyPair.PublicKey)
			if err != nil {
				f.Fatal(err)
			}
			cases[si] = append(cases[si], sigCase{pk, fx.Header, ietfMessages(fx.Messages), fx.Signature, fx.Result.Valid})
			f.Add([]byte(fx.Signature))
			f.Add([]byte(fx.SignerKeyPair.PublicKey))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		for si, suite := range ietfSuites {
			if pk, err := suite.s.ParsePublicKey(b); err == nil {
				if !bytes.Equal(pk.Bytes(), b) {
					t.Fatal("public key round trip")
				}
			} else if !errors.Is(err, ErrMalformedPublicKey) {
				t.Fatal(err)
			}
			sig, err := suite.s.ParseSignature(b)
			if err != nil {
				if !errors.Is(err, ErrMalformedSignature) {
					t.Fatal(err)
				}
				continue
			}
			if !bytes.Equal(sig.Bytes(), b) {
				t.Fatal("signature round trip")
			}
			// A signature that verifies for a fixture's statement must be
			// that fixture's (valid) signature: the encoding is canonical.
			for _, c := range cases[si] {
				err := suite.s.Verify(c.pk, sig, c.header, c.msgs)
				switch {
				case err == nil && !(c.valid && bytes.Equal(b, c.sig)):
					t.Fatalf("%s: unexpected signature verifies", suite.dir)
				case err != nil && !errors.Is(err, ErrInvalidSignature):
					t.Fatalf("%s: %v", suite.dir, err)
				}
			}
		}
	})
}

// FuzzIETFVerifyProof verifies arbitrary proofs, headers, presentation
// headers and disclosure sets against a fixture's key and messages. Only a
// valid fixture's exact inputs may verify.
func FuzzIETFVerifyProof(f *testing.F) {
	proofs := ietfFuzzProofs(f)
	for i, p := range proofs {
		var mask uint16
		for _, d := range p.f.DisclosedIndexes {
			mask |= 1 << d
		}
		f.Add(uint8(i), []byte(p.f.Proof), []byte(p.f.Header), []byte(p.f.PresentationHeader), mask)
	}
	f.Fuzz(func(t *testing.T, which uint8, proof, header, ph []byte, mask uint16) {
		fx := &proofs[int(which)%len(proofs)]
		s := ietfSuites[fx.suite].s
		msgs := ietfMessages(fx.f.Messages)
		var disclosed []DisclosedMessage
		for i := 0; i < 15; i++ {
			if mask&(1<<i) != 0 {
				m := []byte("not signed")
				if i < len(msgs) {
					m = msgs[i]
				}
				disclosed = append(disclosed, DisclosedMessage{Index: i, Message: m})
			}
		}
		if mask&0x8000 != 0 {
			slices.Reverse(disclosed)
		}
		p, err := s.ParseProof(proof)
		if err != nil {
			if !errors.Is(err, ErrMalformedProof) {
				t.Fatal(err)
			}
			return
		}
		err = s.VerifyProof(fx.pk, p, header, ph, disclosed)
		if err != nil {
			if !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrInvalidArgument) {
				t.Fatal(err)
			}
			return
		}
		// Accepted: must be a valid fixture of this suite, key and messages.
		for _, v := range proofs {
			if v.suite == fx.suite && v.f.Result.Valid && v.pk.Equal(fx.pk) &&
				bytes.Equal(proof, v.f.Proof) && bytes.Equal(header, v.f.Header) &&
				bytes.Equal(ph, v.f.PresentationHeader) && len(disclosed) == len(v.f.DisclosedIndexes) &&
				slices.EqualFunc(disclosed, v.f.DisclosedIndexes, func(d DisclosedMessage, i int) bool {
					return d.Index == i && bytes.Equal(d.Message, v.f.Messages[i])
				}) {
				return
			}
		}
		t.Fatalf("unexpected proof verifies: %x", proof)
	})
}
