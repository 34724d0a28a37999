// SPDX-License-Identifier: Apache-2.0

package bbs

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs/internal/group"
)

// The Blind BBS fixtures (draft-irtf-cfrg-bbs-blind-signatures-02,
// testdata/bbs-blind, see SOURCE.md there) where the pseudonym draft reuses
// Blind BBS unchanged: the blind generators and the commitment with proof.
// The code is the pseudonym schemes', instantiated with Blind BBS's api_id
// (ciphersuite_id || "BLIND_H2G_HM2S_").

const blindFixtureDir = "testdata/bbs-blind"

// blindTestScheme returns the pseudonym scheme machinery with Blind BBS's
// api_id instead of the pseudonym interface's.
func blindTestScheme(base *ietfScheme) *nymScheme {
	api := base.suiteID + "BLIND_H2G_HM2S_"
	p1 := fmt.Sprintf("%x", group.AppendG1(nil, &base.p1))
	return &nymScheme{
		name:  "blind-test",
		nym:   newIETFSchemeAPI("blind-test", base.suiteID, api, base.expand, p1),
		blind: newIETFSchemeAPI("blind-test/blind", base.suiteID, "BLIND_"+api, base.expand, p1),
	}
}

func TestBlindCommitFixtures(t *testing.T) {
	for _, suite := range []struct {
		dir  string
		base *ietfScheme
	}{{"bls12-381-sha-256", bbsSHA256}, {"bls12-381-shake-256", bbsSHAKE256}} {
		s := blindTestScheme(suite.base)
		t.Run(suite.dir+"/generators", func(t *testing.T) {
			var f struct {
				BlindGenerators struct {
					APIID         string `json:"api_id"`
					Q1            string
					MsgGenerators []string
				}
			}
			readNymFixture(t, filepath.Join(blindFixtureDir, suite.dir, "generators.json"), &f)
			if string(s.blind.apiID) != f.BlindGenerators.APIID {
				t.Fatalf("api_id %q, want %q", s.blind.apiID, f.BlindGenerators.APIID)
			}
			want := append([]string{f.BlindGenerators.Q1}, f.BlindGenerators.MsgGenerators...)
			gens, err := s.blind.generators(len(want))
			if err != nil {
				t.Fatal(err)
			}
			for i := range want {
				if got := ietfG1Hex(&gens.points[i]); got != want[i] {
					t.Errorf("blind generator %d: %s, want %s", i, got, want[i])
				}
			}
		})
		files, err := filepath.Glob(filepath.Join(blindFixtureDir, suite.dir, "commit", "*.json"))
		if err != nil || len(files) == 0 {
			t.Fatalf("no blind commit fixtures: %v", err)
		}
		for _, path := range files {
			t.Run(suite.dir+"/"+filepath.Base(path), func(t *testing.T) {
				var f nymCommitFixture
				readNymFixture(t, path, &f)
				count := len(f.CommittedMessages) + 2
				rnd := mockedProofScalars{nymMockRandom(t, s, f.MockRngParameters.Seed, f.MockRngParameters.Commit.DST, count)}
				random, err := s.nymCommitRandomScalars(rnd, count, nymBytes(f.CommittedMessages), nil)
				if err != nil {
					t.Fatal(err)
				}
				com, blind, err := s.commitWithNym(nymBytes(f.CommittedMessages), nil, random)
				if err != nil {
					t.Fatal(err)
				}
				if got := ietfScalarHex(&blind); got != hex.EncodeToString(f.ProverBlind) {
					t.Errorf("prover blind %s, want %x", got, f.ProverBlind)
				}
				if got := com.encode(); !bytes.Equal(got, f.CommitmentWithProof) {
					t.Errorf("commitment\n got %x\nwant %x", got, f.CommitmentWithProof)
				}
				parsed, err := parseBlindCommit(f.CommitmentWithProof)
				if err != nil {
					t.Fatal(err)
				}
				bg, err := s.blind.generators(len(parsed.mHat) + 1)
				if err != nil {
					t.Fatal(err)
				}
				if err := s.verifyCommit(parsed, &bg); (err == nil) != f.Result.Valid {
					t.Errorf("verify: %v, want valid=%v", err, f.Result.Valid)
				}
			})
		}
	}
}
