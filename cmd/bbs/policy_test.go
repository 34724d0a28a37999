// SPDX-License-Identifier: Apache-2.0

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

func TestPolicyCheck(t *testing.T) {
	dir := t.TempDir()
	// Out of order, with white space: check prints the canonical form.
	unordered := `{"minNonceLength": 16, "issuers": [{"id": "uni-b"}, {"id": "uni-a", "keyVersions": [3, 1]}],
  "disclosed": [{"index": 4, "oneOf": ["Tkw=", "QkU="]}, {"index": 2, "equals": "TVNj"}], "id": "grads"}`
	canonical := `{"id":"grads","issuers":[{"id":"uni-a","keyVersions":[1,3]},{"id":"uni-b"}],` +
		`"disclosed":[{"index":2,"equals":"TVNj"},{"index":4,"oneOf":["QkU=","Tkw="]}],"minNonceLength":16}`
	writeFile(t, dir, "grads.json", unordered)
	writeFile(t, dir, "nym.json", `{"id": "poll-17", "issuers": [{"id": "ministry"}], "pseudonym": {"context": "cG9sbC0xNw=="}}`)
	bad := map[string]string{
		"unknown.json":     `{"id": "p", "issuers": [{"id": "i"}], "bindSubmiter": true}`,
		"miscased.json":    `{"id": "p", "Issuers": [{"id": "i"}]}`,
		"noissuers.json":   `{"id": "p", "issuers": []}`,
		"noid.json":        `{"issuers": [{"id": "i"}]}`,
		"badid.json":       `{"id": "no spaces", "issuers": [{"id": "i"}]}`,
		"dupkey.json":      `{"id": "p", "id": "q", "issuers": [{"id": "i"}]}`,
		"dupissuer.json":   `{"id": "p", "issuers": [{"id": "i"}, {"id": "i"}]}`,
		"null.json":        `{"id": "p", "issuers": [{"id": "i"}], "header": null}`,
		"contra.json":      `{"id": "p", "issuers": [{"id": "i"}], "disclosed": [{"index": 1, "equals": "QkU=", "oneOf": ["Tkw="]}]}`,
		"beyond.json":      `{"id": "p", "issuers": [{"id": "i"}], "messageCount": 4, "disclosed": [{"index": 4}]}`,
		"emptyprefix.json": `{"id": "p", "issuers": [{"id": "i"}], "header": {"prefix": ""}}`,
		"b64.json":         `{"id": "p", "issuers": [{"id": "i"}], "disclosed": [{"index": 0, "equals": "QkU"}]}`,
		"trailing.json":    `{"id": "p", "issuers": [{"id": "i"}]} {}`,
		"notjson.json":     `id: p`,
		"array.json":       `[]`,
	}
	for name, doc := range bad {
		writeFile(t, dir, name, doc)
	}

	tests := []struct {
		name  string
		args  []string
		stdin string
		code  int
		// stdout is the exact standard output of a valid check.
		stdout string
		// want must appear on standard error.
		want []string
	}{
		{name: "canonical form", args: []string{"check", "grads.json"}, stdout: canonical + "\n",
			want: []string{`grads.json: valid policy "grads" (2 issuer(s)); canonical form`}},
		{name: "from standard input", args: []string{"check", "-"}, stdin: unordered, stdout: canonical + "\n", want: []string{"<stdin>: valid"}},
		{name: "canonical form again", args: []string{"check", "-"}, stdin: canonical, stdout: canonical + "\n"},
		{name: "pseudonym uses written out", args: []string{"check", "nym.json"},
			stdout: `{"id":"poll-17","issuers":[{"id":"ministry"}],"pseudonym":{"context":"cG9sbC0xNw==","uses":1}}` + "\n"},
		{name: "unknown field", args: []string{"check", "unknown.json"}, code: 1, want: []string{"unknown.json: invalid verification policy", "bindSubmiter"}},
		{name: "miscased field", args: []string{"check", "miscased.json"}, code: 1, want: []string{"Issuers"}},
		{name: "no issuers", args: []string{"check", "noissuers.json"}, code: 1, want: []string{"issuers: empty"}},
		{name: "no id", args: []string{"check", "noid.json"}, code: 1, want: []string{"id"}},
		{name: "bad id", args: []string{"check", "badid.json"}, code: 1, want: []string{"id", "no spaces"}},
		{name: "duplicate key", args: []string{"check", "dupkey.json"}, code: 1, want: []string{"duplicate"}},
		{name: "issuer twice", args: []string{"check", "dupissuer.json"}, code: 1, want: []string{"issuers"}},
		{name: "null", args: []string{"check", "null.json"}, code: 1, want: []string{"header", "null"}},
		{name: "contradiction", args: []string{"check", "contra.json"}, code: 1, want: []string{"disclosed[0]", "oneOf"}},
		{name: "index beyond messageCount", args: []string{"check", "beyond.json"}, code: 1, want: []string{"disclosed[0].index: 4 is not below messageCount 4"}},
		{name: "empty prefix", args: []string{"check", "emptyprefix.json"}, code: 1, want: []string{"header.prefix"}},
		{name: "non-canonical base64", args: []string{"check", "b64.json"}, code: 1, want: []string{"disclosed[0].equals"}},
		{name: "trailing data", args: []string{"check", "trailing.json"}, code: 1, want: []string{"malformed JSON"}},
		{name: "not JSON", args: []string{"check", "notjson.json"}, code: 1, want: []string{"malformed JSON"}},
		{name: "not an object", args: []string{"check", "array.json"}, code: 1, want: []string{"invalid verification policy"}},
		{name: "empty input", args: []string{"check", "-"}, code: 1, want: []string{"<stdin>: invalid verification policy"}},
		{name: "no sub-command", args: nil, code: 2, want: []string{"missing sub-command", "bbs policy --help"}},
		{name: "unknown sub-command", args: []string{"eval", "grads.json"}, code: 2, want: []string{`unknown sub-command "eval"`}},
		{name: "no file", args: []string{"check"}, code: 2, want: []string{"check takes one FILE", "got 0"}},
		{name: "two files", args: []string{"check", "grads.json", "nym.json"}, code: 2, want: []string{"got 2"}},
		{name: "missing file", args: []string{"check", "nope.json"}, code: 2, want: []string{"nope.json", "no such file"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runBBS(t, dir, tt.stdin, append([]string{"policy"}, tt.args...)...)
			check(t, r, tt.code, tt.want...)
			if tt.code != 0 {
				if r.stdout != "" {
					t.Errorf("stdout %q, want nothing for a refused document", r.stdout)
				}
				return
			}
			if r.stdout != tt.stdout {
				t.Errorf("stdout\n%s\nwant\n%s", r.stdout, tt.stdout)
			}
			// The printed form is what the ledger would store: Parse and
			// Marshal agree, and the SHA-256 on stderr is of those bytes.
			p, err := policy.Parse([]byte(r.stdout))
			if err != nil {
				t.Fatalf("policy.Parse(output): %v", err)
			}
			again, err := p.Marshal()
			if err != nil || string(again)+"\n" != r.stdout {
				t.Errorf("Marshal(Parse(output)) = %s, %v; want the output", again, err)
			}
			sum := sha256.Sum256([]byte(strings.TrimSuffix(r.stdout, "\n")))
			if !strings.Contains(r.stderr, "SHA-256 "+hex.EncodeToString(sum[:])) {
				t.Errorf("stderr %q lacks the canonical form's SHA-256 %x", r.stderr, sum)
			}
		})
	}
}

func TestProvePolicy(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	tests := []struct {
		flag string
		code int
		// ref is the request's policy reference when code is 0.
		ref  *request.PolicyRef
		want []string
	}{
		{flag: "grads", ref: &request.PolicyRef{ID: "grads"}},
		{flag: "grads:2", ref: &request.PolicyRef{ID: "grads", Version: 2}},
		{flag: "poll-17.voters_v2:1", ref: &request.PolicyRef{ID: "poll-17.voters_v2", Version: 1}},
		{flag: "grads:2147483647", ref: &request.PolicyRef{ID: "grads", Version: request.MaxPolicyVersion}},
		{flag: "", code: 2, want: []string{`--policy: ID "" does not match`}},
		{flag: "no spaces", code: 2, want: []string{`--policy: ID "no spaces" does not match`}},
		{flag: ":2", code: 2, want: []string{`--policy: ID "" does not match`}},
		{flag: strings.Repeat("p", 65), code: 2, want: []string{"--policy: ID", "does not match"}},
		{flag: "grads:", code: 2, want: []string{`--policy: version "" is not a number`}},
		{flag: "grads:0", code: 2, want: []string{`--policy: version "0"`, "give ID alone for the current version"}},
		{flag: "grads:-1", code: 2, want: []string{`--policy: version "-1"`}},
		{flag: "grads:two", code: 2, want: []string{`--policy: version "two"`}},
		{flag: "grads:2147483648", code: 2, want: []string{`--policy: version "2147483648"`}},
		{flag: "grads:1:2", code: 2, want: []string{`--policy: version "1:2"`}},
	}
	for _, tt := range tests {
		t.Run(tt.flag, func(t *testing.T) {
			r := runBBS(t, f.dir, "", "prove", "--credential", "cred.json", "--reveal", "0,2", "--nonce-random",
				"--issuer", "issuer1", "--policy", tt.flag)
			check(t, r, tt.code, tt.want...)
			if tt.code != 0 {
				return
			}
			d, err := request.Parse([]byte(r.stdout))
			if err != nil {
				t.Fatalf("request.Parse: %v\n%s", err, r.stdout)
			}
			if d.Policy == nil || *d.Policy != *tt.ref {
				t.Errorf("request policy %+v, want %+v", d.Policy, tt.ref)
			}
			// The policy reference does not change the proof: it verifies.
			writeFile(t, f.dir, "withpolicy.json", r.stdout)
			check(t, runBBS(t, f.dir, "", "verify", "--public-key", f.pub, "--request", "withpolicy.json"), 0, "stdout:valid")
			in := mustBBS(t, f.dir, "inspect", "withpolicy.json")
			if !strings.Contains(in.stdout, "policy:") || !strings.Contains(in.stdout, tt.ref.ID) {
				t.Errorf("inspect does not show the policy:\n%s", in.stdout)
			}
		})
	}
	// Without --policy the request names none (and inspect says nothing of one).
	r := mustBBS(t, f.dir, "prove", "--credential", "cred.json", "--reveal", "0", "--nonce-random", "--issuer", "issuer1")
	if strings.Contains(r.stdout, `"policy"`) {
		t.Errorf("request without --policy names one: %s", r.stdout)
	}
}

// TestNymProvePolicy: a pseudonym proof (prove --context) carries the
// policy reference next to its pseudonym and context.
func TestNymProvePolicy(t *testing.T) {
	dir := t.TempDir()
	scheme := "bbs-nym-bls12381-sha256"
	mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "issuer.json")
	writeFile(t, dir, "msgs.json", `["name=Holder", "country=BE"]`)
	mustBBS(t, dir, "nym-commit", "--scheme", scheme, "--secret-out", "s.json", "--out", "c.json")
	mustBBS(t, dir, "sign", "--key", "issuer.json", "--messages", "msgs.json", "--commitment", "c.json", "--out", "signed.json")
	mustBBS(t, dir, "nym-finalize", "--credential", "signed.json", "--secret", "s.json", "--out", "cred.json")
	r := mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", "1", "--nonce-random", "--issuer", "poll-issuer",
		"--context", "poll-17", "--policy", "poll-17-voters:3")
	req, err := request.Parse([]byte(r.stdout))
	if err != nil {
		t.Fatalf("request.Parse: %v", err)
	}
	d, err := req.Decode()
	if err != nil {
		t.Fatalf("Decode: %v", err)
	}
	if d.Policy == nil || *d.Policy != (request.PolicyRef{ID: "poll-17-voters", Version: 3}) || string(d.Context) != "poll-17" || len(d.Pseudonym) == 0 {
		t.Errorf("policy %+v, context %q, pseudonym %d bytes", d.Policy, d.Context, len(d.Pseudonym))
	}
}
