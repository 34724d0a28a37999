// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"crypto/rand"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/testvectors"
)

func loadBBSPlusVectors(t testing.TB) []*testvectors.BBSPlusFile {
	t.Helper()
	files, err := testvectors.LoadBBSPlus("testdata/bbsplus")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if f.Scheme != BBSPlus2020Name {
			t.Fatalf("%s: scheme %q", f.Name, f.Scheme)
		}
	}
	return files
}

// disclosedOf pairs the claimed revealed indices with the claimed messages.
// When the two lists differ in length (as some invalid cases make them), the
// messages are paired with the proof header's indices, as aries-bbs-go does.
func disclosedOf(t *testing.T, v *testvectors.BBSPlusCase, proof *Proof) []DisclosedMessage {
	idx := v.Revealed
	if len(idx) != len(v.RevealedMessages) && proof != nil {
		idx = proof.body.(*bbsPlusProof).revealed
	}
	out := make([]DisclosedMessage, 0, len(v.RevealedMessages))
	for i, m := range v.RevealedMessages {
		j := i
		if i < len(idx) {
			j = idx[i]
		} else {
			j = 1 << 20 // more messages than indices: out of range on purpose
		}
		out = append(out, DisclosedMessage{Index: j, Message: m})
	}
	return out
}

// verifyVector runs the whole verifier path on a vector: parse key, parse
// proof, verify.
func verifyVector(t *testing.T, v *testvectors.BBSPlusCase) error {
	s := BBSPlus2020()
	pk, err := s.ParsePublicKey(v.PublicKey)
	if err != nil {
		return err
	}
	proofBytes := bytes.Clone(v.Proof)
	proof, err := s.ParseProof(proofBytes)
	if !bytes.Equal(proofBytes, v.Proof) {
		t.Errorf("ParseProof modified its input")
	}
	if err != nil {
		return err
	}
	return s.VerifyProof(pk, proof, nil, v.Nonce, disclosedOf(t, v, proof))
}

func TestBBSPlus2020Vectors(t *testing.T) {
	for _, vf := range loadBBSPlusVectors(t) {
		for i := range vf.Cases {
			v, file := &vf.Cases[i], vf.Name
			t.Run(file+"/"+v.Name, func(t *testing.T) {
				err := verifyVector(t, v)
				if v.Valid && err != nil {
					t.Fatalf("valid proof rejected: %v", err)
				}
				if !v.Valid && err == nil {
					t.Fatalf("invalid proof accepted (%s)", v.Reason)
				}
				if err != nil && !isPackageError(err) {
					t.Errorf("error does not wrap a package sentinel: %v", err)
				}
			})
		}
	}
}

// TestBBSPlus2020VectorSignatures checks every valid case's signature and
// derives a fresh proof from it that must verify and re-encode exactly.
func TestBBSPlus2020VectorSignatures(t *testing.T) {
	s := BBSPlus2020()
	for _, vf := range loadBBSPlusVectors(t) {
		for i := range vf.Cases {
			v, file := &vf.Cases[i], vf.Name
			if !v.Valid {
				continue
			}
			t.Run(file+"/"+v.Name, func(t *testing.T) {
				pk, err := s.ParsePublicKey(v.PublicKey)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(pk.Bytes(), v.PublicKey) {
					t.Fatalf("public key does not re-encode")
				}
				sig, err := s.ParseSignature(v.Signature)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.Verify(pk, sig, nil, testvectors.Bytes(v.Messages)); err != nil {
					t.Fatalf("signature from %s rejected: %v", vf.Generator, err)
				}
				proof, err := s.ParseProof(v.Proof)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(proof.body.(*bbsPlusProof).encode(), v.Proof) {
					t.Fatalf("parsed proof does not re-encode to the same bytes")
				}
				mine, err := s.DeriveProof(rand.Reader, pk, sig, nil, v.Nonce, testvectors.Bytes(v.Messages), v.Revealed)
				if err != nil {
					t.Fatal(err)
				}
				if len(mine.Bytes()) != len(v.Proof) || !bytes.Equal(mine.Bytes()[:bbsPlusHeaderSize(v.MessageCount)], v.Proof[:bbsPlusHeaderSize(v.MessageCount)]) {
					t.Fatalf("derived proof layout differs from %s's", vf.Generator)
				}
				if err := s.VerifyProof(pk, mine, nil, v.Nonce, disclosedOf(t, v, mine)); err != nil {
					t.Fatalf("derived proof rejected: %v", err)
				}
			})
		}
	}
}

func isPackageError(err error) bool {
	for _, e := range []error{ErrInvalidSignature, ErrInvalidProof, ErrMalformedPublicKey, ErrMalformedSecretKey,
		ErrMalformedSignature, ErrMalformedProof, ErrInvalidArgument, ErrUnknownScheme} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}
