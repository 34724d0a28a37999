// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
)

// The pseudonym flow through the binary: nym-commit, sign --commitment,
// nym-finalize, prove --context, verify and inspect, and its failures.

// nymSetup runs the issuance of one credential of scheme in dir: issuer
// key issuer.json (public key returned), holder secret nym-secret.json,
// commitment.json, signed.json and the finalised credential.json.
func nymSetup(t *testing.T, dir, scheme string) string {
	t.Helper()
	pub := strings.TrimSpace(mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "issuer.json").stdout)
	writeFile(t, dir, "msgs.json", `["name=Alice", "country=NO", "role=voter"]`)
	mustBBS(t, dir, "nym-commit", "--scheme", scheme, "--secret-out", "nym-secret.json", "--out", "commitment.json")
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "msgs.json", "--commitment", "commitment.json",
		"--header", "aGVhZGVy", "--out", "signed.json")
	mustBBS(t, dir, "nym-finalize", "--credential", "signed.json", "--secret", "nym-secret.json", "--out", "credential.json")
	return pub
}

func TestNymFlowCLI(t *testing.T) {
	for _, s := range bbs.PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			dir := t.TempDir()
			pub := nymSetup(t, dir, s.Name())
			for _, f := range []string{"nym-secret.json", "credential.json", "signed.json", "issuer.json"} {
				if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Mode().Perm() != 0o600 {
					t.Errorf("%s: mode %v, %v; want 0600", f, st.Mode().Perm(), err)
				}
			}
			prove := func(out, context string) map[string]any {
				mustBBS(t, dir, "prove", "--credential", "credential.json", "--reveal", "2", "--nonce-random",
					"--issuer", "issuer1", "--context", context, "--out", out)
				return readJSON(t, dir, out)
			}
			r1, r2, r3 := prove("r1.json", "poll-2026-17"), prove("r2.json", "poll-2026-17"), prove("r3.json", "poll-2026-18")
			if r1["pseudonym"] == nil || r1["pseudonym"] != r2["pseudonym"] {
				t.Errorf("one context, two pseudonyms: %v, %v", r1["pseudonym"], r2["pseudonym"])
			}
			if r1["pseudonym"] == r3["pseudonym"] {
				t.Error("two contexts, one pseudonym")
			}
			if got := string(b64dec(t, r1["context"])); got != "poll-2026-17" {
				t.Errorf("context %q", got)
			}
			for _, r := range []string{"r1.json", "r3.json"} {
				check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", r), 0, "stdout:valid", "stdout:pseudonym ")
			}
			check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", "r1.json", "--json"), 0, `stdout:"pseudonym":"`)
			check(t, runBBS(t, dir, "", "inspect", "r1.json"), 0, "stdout:pseudonym", `stdout:"poll-2026-17"`)
			check(t, runBBS(t, dir, "", "inspect", "credential.json"), 0, "stdout:pseudonym credential", "stdout:not shown")
			check(t, runBBS(t, dir, "", "inspect", "commitment.json"), 0, "stdout:nym commitment")
			secret := readJSON(t, dir, "nym-secret.json")["nymSecret"].(string)
			r := runBBS(t, dir, "", "inspect", "nym-secret.json")
			check(t, r, 0, "stdout:nym secret", "stdout:not shown")
			if strings.Contains(r.stdout, secret) {
				t.Errorf("inspect shows the nym secret: %v", r)
			}

			// Tampered requests: another context, another credential's
			// pseudonym, no pseudonym.
			mutateJSON(t, dir, "r1.json", "bad-ctx.json", func(m map[string]any) { m["context"] = r3["context"] })
			mutateJSON(t, dir, "r1.json", "bad-nym.json", func(m map[string]any) { m["pseudonym"] = r3["pseudonym"] })
			mutateJSON(t, dir, "r1.json", "no-nym.json", func(m map[string]any) { delete(m, "pseudonym"); delete(m, "context") })
			mutateJSON(t, dir, "r1.json", "bad-point.json", func(m map[string]any) {
				m["pseudonym"] = base64.StdEncoding.EncodeToString(make([]byte, 48))
			})
			for _, f := range []string{"bad-ctx.json", "bad-nym.json", "no-nym.json", "bad-point.json"} {
				check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", f), 1, "stdout:invalid")
			}
			other := t.TempDir()
			nymSetup(t, other, s.Name())
			mustBBS(t, other, "prove", "--credential", "credential.json", "--reveal", "2", "--nonce-random",
				"--issuer", "issuer1", "--context", "poll-2026-17", "--out", "o.json")
			oth := readJSON(t, other, "o.json")
			mutateJSON(t, dir, "r1.json", "other-cred.json", func(m map[string]any) { m["pseudonym"] = oth["pseudonym"] })
			check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", "other-cred.json"), 1, "stdout:invalid")
		})
	}
}

func TestNymCLIErrors(t *testing.T) {
	scheme := bbs.NymBLS12381SHA256Name
	dir := t.TempDir()
	nymSetup(t, dir, scheme)
	other := t.TempDir()
	nymSetup(t, other, bbs.NymBLS12381SHAKE256Name)
	copyFile := func(from, to string) {
		b, err := os.ReadFile(from)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, dir, to, string(b))
	}
	copyFile(filepath.Join(other, "commitment.json"), "shake-commitment.json")
	mutateJSON(t, dir, "shake-commitment.json", "foreign-commitment.json", func(m map[string]any) { m["scheme"] = scheme })
	mutateJSON(t, dir, "commitment.json", "tampered-commitment.json", func(m map[string]any) {
		b := b64dec(t, m["commitment"])
		b[len(b)-1] ^= 1
		m["commitment"] = base64.StdEncoding.EncodeToString(b)
	})
	mutateJSON(t, dir, "commitment.json", "short-commitment.json", func(m map[string]any) {
		b := b64dec(t, m["commitment"])
		m["commitment"] = base64.StdEncoding.EncodeToString(b[:len(b)-1])
	})
	mutateJSON(t, dir, "signed.json", "edited.json", func(m map[string]any) { m["messages"] = []any{"name=Mallory", "country=NO", "role=voter"} })
	mutateJSON(t, dir, "signed.json", "wrong-entropy.json", func(m map[string]any) {
		m["nymEntropy"] = base64.StdEncoding.EncodeToString(append(make([]byte, 31), 1))
	})
	copyFile(filepath.Join(other, "nym-secret.json"), "shake-secret.json")
	mustBBS(t, dir, "keygen", "--scheme", bbs.BLS12381SHA256Name, "--out", "plain.json", "--force")

	sign := func(key, commitment string) []string {
		a := []string{"sign", "--key", key, "--messages", "msgs.json", "--out", "x.json"}
		if commitment != "" {
			a = append(a, "--commitment", commitment)
		}
		return a
	}
	for _, c := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"commitment of another suite", sign("issuer.json", "shake-commitment.json"), 2, "but the key is of"},
		{"commitment proof for another generator set", sign("issuer.json", "foreign-commitment.json"), 2, "its proof does not verify"},
		{"tampered commitment", sign("issuer.json", "tampered-commitment.json"), 2, "its proof does not verify"},
		{"truncated commitment", sign("issuer.json", "short-commitment.json"), 2, "malformed commitment"},
		{"pseudonym key without commitment", sign("issuer.json", ""), 2, "give --commitment"},
		{"commitment with a plain key", sign("plain.json", "commitment.json"), 2, "not a pseudonym scheme"},
		{"edited credential", []string{"nym-finalize", "--credential", "edited.json", "--secret", "nym-secret.json"}, 2, "does not finalise"},
		{"wrong nym entropy", []string{"nym-finalize", "--credential", "wrong-entropy.json", "--secret", "nym-secret.json"}, 2, "does not finalise"},
		{"secret of another suite", []string{"nym-finalize", "--credential", "signed.json", "--secret", "shake-secret.json"}, 2, "the credential's is"},
		{"finalised twice", []string{"nym-finalize", "--credential", "credential.json", "--secret", "nym-secret.json"}, 2, "already finalised"},
		{"prove without finalising", []string{"prove", "--credential", "signed.json", "--reveal", "0", "--nonce-random", "--issuer", "i", "--context", "c"}, 2, "bbs nym-finalize"},
		{"prove without context", []string{"prove", "--credential", "credential.json", "--reveal", "0", "--nonce-random", "--issuer", "i"}, 2, "give --context"},
		{"prove with empty context", []string{"prove", "--credential", "credential.json", "--reveal", "0", "--nonce-random", "--issuer", "i", "--context", ""}, 2, "--context: empty"},
		{"nym-commit with a plain scheme", []string{"nym-commit", "--scheme", bbs.BLS12381SHA256Name, "--secret-out", "s.json"}, 2, "not a pseudonym scheme"},
		{"nym-commit without --secret-out", []string{"nym-commit", "--scheme", scheme}, 2, "missing --secret-out"},
		{"nym-commit over an existing secret", []string{"nym-commit", "--scheme", scheme, "--secret-out", "nym-secret.json"}, 2, "file exists"},
	} {
		t.Run(c.name, func(t *testing.T) {
			check(t, runBBS(t, dir, "", c.args...), c.code, c.want)
		})
	}
	// A plain request given a pseudonym is invalid.
	pub := strings.TrimSpace(mustBBS(t, dir, "keygen", "--scheme", bbs.BLS12381SHA256Name, "--out", "p2.json").stdout)
	mustBBS(t, dir, "sign", "--key", "p2.json", "--messages", "msgs.json", "--out", "pc.json")
	mustBBS(t, dir, "prove", "--credential", "pc.json", "--reveal", "0", "--nonce-random", "--issuer", "i", "--out", "pr.json")
	mutateJSON(t, dir, "pr.json", "pr-nym.json", func(m map[string]any) {
		m["pseudonym"] = base64.StdEncoding.EncodeToString(make([]byte, 48))
		m["context"] = "Yw=="
	})
	check(t, runBBS(t, dir, "", "verify", "--public-key", pub, "--request", "pr-nym.json"), 1, "stdout:has none")
}
