// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"

	"github.com/mr-tron/base58"
)

// The fixtures of MATTR's own repository (jsonld-signatures-bbs v1.2.0,
// __fixtures__/BbsBlsSignature2020, made by its authors with their key
// did:example:489398593#test; see testdata/ld2020/SOURCE.md).
func mattrRepo(t *testing.T) (*Verifier2020, string) {
	t.Helper()
	dir := "testdata/ld2020/mattr-repo/"
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	for url, file := range map[string]string{
		"https://w3id.org/security/v3-unstable": "v3_unstable.json",
		"https://schema.org":                    "schemaOrg.json",
		"http://schema.org/":                    "schemaOrg.json",
		"https://w3id.org/citizenship/v1":       "citizen_vocab.json",
	} {
		b, err := os.ReadFile(dir + file)
		if err != nil {
			t.Fatal(err)
		}
		if err := l.Add(url, b, ""); err != nil {
			t.Fatal(err)
		}
	}
	var kp struct {
		ID, PublicKeyBase58 string
	}
	b, err := os.ReadFile(dir + "keyPair.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &kp); err != nil {
		t.Fatal(err)
	}
	pk, err := base58.Decode(kp.PublicKeyBase58)
	if err != nil {
		t.Fatal(err)
	}
	resolve := func(vm string) ([]byte, error) {
		if vm != kp.ID {
			return nil, fmt.Errorf("%w: unknown %s", ErrKey, vm)
		}
		return pk, nil
	}
	return &Verifier2020{Loader: l, Resolve: resolve}, dir
}

type mattrCase struct {
	CaseName       string         `json:"caseName"`
	SignedDocument map[string]any `json:"signedDocument"`
	DerivedProof   map[string]any `json:"derivedProof"`
	Result         struct {
		Valid  bool   `json:"valid"`
		Reason string `json:"reason"`
	} `json:"result"`
}

func readMattrCase(t *testing.T, path string) mattrCase {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var c mattrCase
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	return c
}

// usesV3WithCredentialsV1: the fixture's context lists credentials v1 and
// security v3-unstable, which redefines terms credentials v1 protects
// (Ed25519Signature2018 and the other signature types, with other scoped
// contexts); JSON-LD 1.1 refuses that, json-gold does, and so does vc.
func usesV3WithCredentialsV1(doc map[string]any) bool {
	ctx, _ := doc["@context"].([]any)
	return len(ctx) > 0 && ctx[0] == "https://www.w3.org/2018/credentials/v1"
}

// TestLD2020MATTRRepoFixtures: MATTR's own signed and derived fixtures
// verify, their invalid ones fail; those that combine credentials v1 with
// security v3-unstable are refused as malformed (see above).
func TestLD2020MATTRRepoFixtures(t *testing.T) {
	v, dir := mattrRepo(t)
	verified := 0
	check := func(name string, c mattrCase, doc map[string]any, verify func(map[string]any) (*Verified2020, error)) {
		_, err := verify(doc)
		switch {
		case usesV3WithCredentialsV1(doc):
			if !errors.Is(err, ErrDocument) {
				t.Errorf("%s (%s): %v, want ErrDocument (protected term redefinition)", name, c.CaseName, err)
			}
		case c.Result.Valid:
			if err != nil {
				t.Errorf("%s (%s): %v", name, c.CaseName, err)
			}
			verified++
		default:
			if !errors.Is(err, ErrInvalidProof) && !errors.Is(err, ErrProofValue) {
				t.Errorf("%s (%s, %s): %v, want ErrInvalidProof or ErrProofValue", name, c.CaseName, c.Result.Reason, err)
			}
		}
	}
	for i := 1; i <= 5; i++ {
		c := readMattrCase(t, fmt.Sprintf("%sproof%d.json", dir, i))
		check(fmt.Sprintf("proofs/%d.json", i), c, c.SignedDocument, v.VerifySignature)
	}
	for i := 1; i <= 4; i++ {
		c := readMattrCase(t, fmt.Sprintf("%sderived%d.json", dir, i))
		check(fmt.Sprintf("derivedProofs/%d.json signed", i), c, c.SignedDocument, v.VerifySignature)
		check(fmt.Sprintf("derivedProofs/%d.json", i), c, c.DerivedProof, v.Verify)
	}
	if verified != 6 {
		t.Errorf("%d valid fixtures verified, want 6", verified)
	}
}
