// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/stretchr/testify/require"
)

// ietfFixtureDir holds the IETF draft's BBS fixtures, shared with the bbs
// package's tests.
const ietfFixtureDir = "../bbs/testdata/ietf-bbs"

type ietfProofFixture struct {
	CaseName           string   `json:"caseName"`
	SignerPublicKey    string   `json:"signerPublicKey"`
	Header             string   `json:"header"`
	PresentationHeader string   `json:"presentationHeader"`
	Messages           []string `json:"messages"`
	DisclosedIndexes   []int    `json:"disclosedIndexes"`
	Proof              string   `json:"proof"`
	Result             struct {
		Valid  bool   `json:"valid"`
		Reason string `json:"reason"`
	} `json:"result"`
}

// TestVerifyProofIETFFixtures asks VerifyProof about each proof fixture of
// the IETF draft (the presentation header is the request's nonce): valid
// fixtures verify; invalid ones are an error or valid false.
func TestVerifyProofIETFFixtures(t *testing.T) {
	suites := map[string]string{ // fixture directory -> scheme name
		"bls12-381-sha-256":   "bbs-bls12381-sha256",
		"bls12-381-shake-256": "bbs-bls12381-shake256",
	}
	unhex := func(s string) string {
		b, err := hex.DecodeString(s)
		require.NoError(t, err)
		return base64.StdEncoding.EncodeToString(b)
	}
	for dir, scheme := range suites {
		t.Run(scheme, func(t *testing.T) {
			files, err := filepath.Glob(filepath.Join(ietfFixtureDir, dir, "proof", "*.json"))
			require.NoError(t, err)
			require.NotEmpty(t, files)
			e := newEnv(t)
			issuers := map[string]string{}
			valid := 0
			for _, file := range files {
				b, err := os.ReadFile(file)
				require.NoError(t, err)
				var f ietfProofFixture
				require.NoError(t, json.Unmarshal(b, &f))
				issuer, ok := issuers[f.SignerPublicKey]
				if !ok {
					issuer = "ietf-" + filepath.Base(file[:len(file)-len(".json")])
					// The fixtures give no secret key, so no proof of
					// possession: the record is written directly.
					require.NoError(t, e.seedIssuer(issuer, scheme, unhex(f.SignerPublicKey), f.CaseName, nil), f.CaseName)
					issuers[f.SignerPublicKey] = issuer
				}
				req := map[string]any{"issuer": issuer, "scheme": scheme, "proof": unhex(f.Proof),
					"nonce": unhex(f.PresentationHeader), "header": unhex(f.Header)}
				var disclosed []map[string]any
				for _, i := range f.DisclosedIndexes {
					disclosed = append(disclosed, map[string]any{"index": i, "message": unhex(f.Messages[i])})
				}
				req["disclosed"] = disclosed
				r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))
				if f.Result.Valid {
					res := decode[proofs.VerificationResult](t, r)
					require.True(t, res.Valid, "%s: %s", f.CaseName, res.Reason)
					valid++
					continue
				}
				if r.OK() {
					require.False(t, decode[proofs.VerificationResult](t, r).Valid, "%s (%s) verified", f.CaseName, f.Result.Reason)
				}
			}
			require.Equal(t, 5, valid)
		})
	}
}
