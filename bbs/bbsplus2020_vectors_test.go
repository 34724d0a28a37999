package bbs

import (
	"bytes"
	"crypto/rand"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// bbsPlusVectorFile is the format of testdata/bbsplus/*.json (see SOURCE.md).
type bbsPlusVectorFile struct {
	Generator string          `json:"generator"`
	Scheme    string          `json:"scheme"`
	Cases     []bbsPlusVector `json:"cases"`
}

type bbsPlusVector struct {
	Name             string   `json:"name"`
	PublicKey        []byte   `json:"publicKey"`
	MessageCount     int      `json:"messageCount"`
	Messages         [][]byte `json:"messages"`
	Revealed         []int    `json:"revealed"`
	RevealedMessages [][]byte `json:"revealedMessages"`
	Nonce            []byte   `json:"nonce"`
	Signature        []byte   `json:"signature"`
	Proof            []byte   `json:"proof"`
	Valid            bool     `json:"valid"`
	Reason           string   `json:"reason"`
}

func loadBBSPlusVectors(t testing.TB) map[string]bbsPlusVectorFile {
	t.Helper()
	files, err := filepath.Glob("testdata/bbsplus/*.json")
	if err != nil || len(files) == 0 {
		t.Fatalf("no vector files in testdata/bbsplus: %v", err)
	}
	out := map[string]bbsPlusVectorFile{}
	for _, f := range files {
		raw, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var vf bbsPlusVectorFile
		if err := json.Unmarshal(raw, &vf); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if vf.Scheme != BBSPlus2020Name || len(vf.Cases) == 0 {
			t.Fatalf("%s: scheme %q with %d cases", f, vf.Scheme, len(vf.Cases))
		}
		out[filepath.Base(f)] = vf
	}
	return out
}

// disclosedOf pairs the claimed revealed indices with the claimed messages.
// When the two lists differ in length (as some invalid cases make them), the
// messages are paired with the proof header's indices, as aries-bbs-go does.
func disclosedOf(t *testing.T, v bbsPlusVector, proof *Proof) []DisclosedMessage {
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
func verifyVector(t *testing.T, v bbsPlusVector) error {
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
	for file, vf := range loadBBSPlusVectors(t) {
		for _, v := range vf.Cases {
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
	for file, vf := range loadBBSPlusVectors(t) {
		for _, v := range vf.Cases {
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
				if err := s.Verify(pk, sig, nil, v.Messages); err != nil {
					t.Fatalf("signature from %s rejected: %v", vf.Generator, err)
				}
				proof, err := s.ParseProof(v.Proof)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(proof.body.(*bbsPlusProof).encode(), v.Proof) {
					t.Fatalf("parsed proof does not re-encode to the same bytes")
				}
				mine, err := s.DeriveProof(rand.Reader, pk, sig, nil, v.Nonce, v.Messages, v.Revealed)
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
