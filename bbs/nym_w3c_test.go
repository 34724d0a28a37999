// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
)

// w3cNymVector is the W3C bbs-2023 pseudonym vector's issuance
// (testdata/w3c-bbs-2023-pseudonym/SOURCE.md).
type w3cNymVector struct {
	pk         *PublicKey
	sig        *Signature
	header     []byte
	messages   [][]byte
	commitment []byte
	blind      fr.Element
	proverNym  fr.Element
	entropy    fr.Element
}

func readW3CNymVector(t *testing.T) *w3cNymVector {
	t.Helper()
	read := func(name string, v any) {
		b, err := os.ReadFile(filepath.Join("testdata", "w3c-bbs-2023-pseudonym", name))
		if err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(b, v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	hx := func(s string) []byte {
		b, err := hex.DecodeString(s)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	var raw struct{ BbsSignature, BbsHeader, PublicKey, SignerNymEntropyHex string }
	read("addRawBaseSignatureInfo.json", &raw)
	var com struct{ SecretProverBlind, CommitmentWithProof string }
	read("commitmentInfo.json", &com)
	var tr struct {
		NonMandatory struct{ Value [][2]any } `json:"nonMandatory"`
	}
	read("addBaseTransform.json", &tr)
	var pn struct{ ProverNymHex string }
	read("proverNym.json", &pn)
	v := &w3cNymVector{header: hx(raw.BbsHeader), commitment: hx(com.CommitmentWithProof)}
	for _, kv := range tr.NonMandatory.Value {
		s, _ := kv[1].(string)
		v.messages = append(v.messages, []byte(s))
	}
	var err error
	if v.pk, err = nymSHA256.ParsePublicKey(hx(raw.PublicKey)); err != nil {
		t.Fatal(err)
	}
	if v.sig, err = nymSHA256.ParseSignature(hx(raw.BbsSignature)); err != nil {
		t.Fatal(err)
	}
	v.blind.SetBytes(hx(com.SecretProverBlind))
	v.proverNym.SetBytes(hx(pn.ProverNymHex))
	v.entropy.SetBytes(hx(raw.SignerNymEntropyHex))
	return v
}

// TestW3CPseudonymVectorHeader measures the W3C pseudonym vector (2024-08)
// against draft-irtf-cfrg-bbs-per-verifier-linkability-03: its commitment
// with proof verifies under our blind generators, and its signature is a
// valid -03 BlindSignWithNym signature over the same generators, messages,
// secret_prover_blind and nym_secret = prover_nym + signer_nym_entropy,
// except for the header: -03 signs header || I2OSP(length_nym_vector, 8)
// (combinedHeader), the vector signs the bare bbsHeader. The signature
// verifies with the bare header and not with -03's.
func TestW3CPseudonymVectorHeader(t *testing.T) {
	v := readW3CNymVector(t)
	com, err := nymSHA256.ParseNymCommitment(v.commitment, 1)
	if err != nil {
		t.Fatal(err)
	}
	L, M := len(v.messages), len(com.com.mHat)
	gens, err := nymSHA256.nymGenerators(L, M)
	if err != nil {
		t.Fatal(err)
	}
	bg := gens.slice(L+1, L+M+2)
	if err := nymSHA256.verifyCommit(com.com, &bg); err != nil {
		t.Fatalf("the vector's commitment_with_proof under -03's blind generators: %v", err)
	}
	var nym fr.Element
	nym.Add(&v.proverNym, &v.entropy)
	m, gens, err := nymSHA256.prepareParameters(v.messages, nil, &v.blind, []fr.Element{nym})
	if err != nil {
		t.Fatal(err)
	}
	if err := nymSHA256.nym.proverCheckSignature(v.pk, v.sig, &gens, v.header, m); err != nil {
		t.Fatalf("with the bare bbsHeader: %v", err)
	}
	err = nymSHA256.nym.proverCheckSignature(v.pk, v.sig, &gens, combinedHeader(v.header, 1), m)
	if !errors.Is(err, ErrInvalidSignature) {
		t.Fatalf("with -03's header || I2OSP(1, 8): %v, want ErrInvalidSignature", err)
	}
	// Through the public API: FinalizeWithNym (-03) refuses the signature.
	secret := &NymSecret{scheme: nymSHA256, blind: v.blind, nyms: []fr.Element{v.proverNym}}
	if _, err := nymSHA256.FinalizeWithNym(v.pk, v.sig, v.header, v.messages, nil, secret, &NymEntropy{scheme: nymSHA256, z: v.entropy}); !errors.Is(err, ErrInvalidSignature) {
		t.Fatalf("FinalizeWithNym of the vector: %v, want ErrInvalidSignature", err)
	}
}
