// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"path/filepath"
	"slices"
	"testing"
)

// VerifyProofs on other people's vectors: every verdict must be the one
// VerifyProof gives, and the one the vector expects.

// TestVerifyProofsBBSPlusVectors batches every aries-bbs-go and IBM/idemix
// case whose key and proof parse, valid and invalid together.
func TestVerifyProofsBBSPlusVectors(t *testing.T) {
	s := BBSPlus2020()
	var items []BatchItem
	var valid []bool
	for _, vf := range loadBBSPlusVectors(t) {
		for i := range vf.Cases {
			v := &vf.Cases[i]
			pk, err := s.ParsePublicKey(v.PublicKey)
			if err != nil {
				continue
			}
			proof, err := s.ParseProof(v.Proof)
			if err != nil {
				continue
			}
			items = append(items, BatchItem{PublicKey: pk, Proof: proof, Nonce: v.Nonce, Disclosed: disclosedOf(t, v, proof)})
			valid = append(valid, v.Valid)
		}
	}
	checkVectorBatch(t, s, items, valid)
}

// TestVerifyProofsIETFFixtures batches every IETF proof fixture of each
// ciphersuite, valid and invalid together.
func TestVerifyProofsIETFFixtures(t *testing.T) {
	for _, suite := range ietfSuites {
		s := suite.s
		var items []BatchItem
		var valid []bool
		for _, file := range ietfFixtureFiles(t, suite.dir, "proof") {
			var f ietfProofFixture
			readIETFFixture(t, file, &f)
			msgs := ietfMessages(f.Messages)
			pk, err := s.ParsePublicKey(f.SignerPublicKey)
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(file), err)
			}
			proof, err := s.ParseProof(f.Proof)
			if err != nil {
				t.Fatalf("%s: %v", filepath.Base(file), err)
			}
			disclosed := make([]DisclosedMessage, len(f.DisclosedIndexes))
			for k, i := range f.DisclosedIndexes {
				disclosed[k] = DisclosedMessage{Index: i, Message: msgs[i]}
			}
			items = append(items, BatchItem{PublicKey: pk, Proof: proof, Header: f.Header, Nonce: f.PresentationHeader, Disclosed: disclosed})
			valid = append(valid, f.Result.Valid)
		}
		t.Run(suite.dir, func(t *testing.T) { checkVectorBatch(t, s, items, valid) })
	}
}

// checkVectorBatch checks a batch of vectors against their expected
// validity and against single verification, as given and reversed.
func checkVectorBatch(t *testing.T, s Scheme, items []BatchItem, valid []bool) {
	t.Helper()
	var nValid int
	for _, v := range valid {
		if v {
			nValid++
		}
	}
	if nValid == 0 || nValid == len(valid) {
		t.Fatalf("%d valid of %d vectors: want both kinds", nValid, len(valid))
	}
	want := singleVerdicts(s, items)
	got := VerifyProofs(s, items)
	checkSameVerdicts(t, got, want)
	for i := range items {
		if (got[i] == nil) != valid[i] {
			t.Errorf("vector %d: verdict %v, valid = %v", i, got[i], valid[i])
		}
	}
	slices.Reverse(items)
	slices.Reverse(want)
	checkSameVerdicts(t, VerifyProofs(s, items), want)
}
