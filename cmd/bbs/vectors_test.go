// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/testvectors"
)

// The BBS+ 2020 interoperability vectors made by aries-bbs-go and IBM/idemix
// (see ../../bbs/testdata/bbsplus/SOURCE.md for their origin and format).
const vectorDir = "../../bbs/testdata/bbsplus"

func readVectors(t *testing.T) []*testvectors.BBSPlusFile {
	t.Helper()
	files, err := testvectors.LoadBBSPlus(vectorDir)
	if err != nil {
		t.Fatalf("interop vectors: %v", err)
	}
	return files
}

// expectedExit is the exit status of bbs verify for a vector case: 0 for a
// valid proof, 2 where the verifier's own input is malformed (a public key
// that does not parse; an empty proof, which the request format forbids),
// and 1 for every other invalid proof, including proofs that do not parse.
func expectedExit(c *testvectors.BBSPlusCase) int {
	if c.Valid {
		return 0
	}
	_, what, _ := strings.Cut(strings.TrimPrefix(c.Name, "invalid/"), "/")
	switch {
	case what == "proof-empty":
		return 2
	case strings.HasPrefix(what, "pubkey-") && what != "pubkey-other-issuer":
		return 2
	}
	return 1
}

// toRequest writes the request JSON a verifier of case c receives.
func toRequest(t *testing.T, dir string, c *testvectors.BBSPlusCase) string {
	t.Helper()
	if len(c.Revealed) != len(c.RevealedMessages) {
		t.Fatalf("%s: %d revealed indices, %d messages", c.Name, len(c.Revealed), len(c.RevealedMessages))
	}
	req := map[string]any{"issuer": "vector-issuer", "scheme": "bbs+2020", "proof": c.Proof, "nonce": c.Nonce}
	if len(c.Revealed) > 0 {
		var d []map[string]any
		for i, idx := range c.Revealed {
			d = append(d, map[string]any{"index": idx, "message": c.RevealedMessages[i]})
		}
		req["disclosed"] = d
	}
	return writeJSON(t, dir, "request.json", req)
}

// TestInteropVectors verifies every case of both vector files with
// bbs verify, checking its exit status.
func TestInteropVectors(t *testing.T) {
	for _, vf := range readVectors(t) {
		t.Run(vf.Name, func(t *testing.T) {
			dir := t.TempDir()
			for i := range vf.Cases {
				c := &vf.Cases[i]
				t.Run(c.Name, func(t *testing.T) {
					toRequest(t, dir, c)
					writeFile(t, dir, "issuer.pub", c.PublicKey.String()+"\n")
					r := runBBS(t, dir, "", "verify", "--public-key", "@issuer.pub", "--request", "request.json")
					if want := expectedExit(c); r.code != want {
						t.Errorf("exit %d, want %d (%s)\n%v", r.code, want, c.Reason, r)
					}
					if c.Valid && strings.HasPrefix(c.Name, "valid/random-") {
						// inspect reads the message count and the
						// revealed indices from the proof.
						insp := mustBBS(t, dir, "inspect", "--json", "request.json")
						var got struct {
							ProofMessages int   `json:"proofMessages"`
							ProofReveals  []int `json:"proofReveals"`
						}
						if err := json.Unmarshal([]byte(insp.stdout), &got); err != nil {
							t.Fatalf("inspect --json: %v: %s", err, insp.stdout)
						}
						if got.ProofMessages != c.MessageCount || fmt.Sprint(got.ProofReveals) != fmt.Sprint(c.Revealed) {
							t.Errorf("inspect: %d messages, reveals %v; want %d, %v", got.ProofMessages, got.ProofReveals, c.MessageCount, c.Revealed)
						}
					}
				})
			}
		})
	}
}

// TestInteropDerive turns signatures made by the other libraries into
// credentials and derives and verifies new proofs from them with bbs prove
// and bbs verify.
func TestInteropDerive(t *testing.T) {
	wanted := map[string]bool{
		"valid/m1-content-empty":             true,
		"valid/m1-content-utf8":              true,
		"valid/m3-credential-reveal-0,2":     true,
		"valid/m5-binary-reveal-0,1,2,3":     true,
		"valid/m10-reveal-scattered-nonce64": true,
		"valid/random-01-m12-r4-nonce64":     true,
	}
	for _, vf := range readVectors(t) {
		file := vf.Name
		n := 0
		for i := range vf.Cases {
			c := &vf.Cases[i]
			if !wanted[c.Name] {
				continue
			}
			n++
			t.Run(file+"/"+c.Name, func(t *testing.T) {
				dir := t.TempDir()
				msgs := make([]map[string]string, len(c.Messages))
				for i, m := range c.Messages {
					msgs[i] = map[string]string{"b64": m.String()}
				}
				writeJSON(t, dir, "cred.json", map[string]any{
					"scheme": "bbs+2020", "publicKey": c.PublicKey, "messages": msgs, "signature": c.Signature,
				})
				insp := mustBBS(t, dir, "inspect", "--json", "cred.json")
				if !strings.Contains(insp.stdout, `"signatureValid":true`) {
					t.Errorf("the %s signature does not verify: %s", vf.Generator, insp.stdout)
				}
				reveal := "none"
				if len(c.Revealed) > 0 {
					reveal = strings.Trim(strings.Join(strings.Fields(fmt.Sprint(c.Revealed)), ","), "[]")
				}
				nonce := c.Nonce.String()
				mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", reveal, "--nonce", nonce,
					"--issuer", "vector-issuer", "--out", "mine.json")
				check(t, runBBS(t, dir, "", "verify", "--public-key", c.PublicKey.String(), "--request", "mine.json"), 0)
				// The disclosed messages are the vector's.
				var req struct {
					Disclosed []struct {
						Index   int    `json:"index"`
						Message string `json:"message"`
					} `json:"disclosed"`
				}
				if err := json.Unmarshal(readFile(t, dir, "mine.json"), &req); err != nil {
					t.Fatal(err)
				}
				for i, d := range req.Disclosed {
					if d.Index != c.Revealed[i] || d.Message != c.RevealedMessages[i].String() {
						t.Errorf("disclosed[%d] = %d %q, want %d %q", i, d.Index, d.Message, c.Revealed[i], c.RevealedMessages[i])
					}
				}
			})
		}
		if n != len(wanted) {
			t.Errorf("%s: found %d of the %d wanted cases", file, n, len(wanted))
		}
	}
}
