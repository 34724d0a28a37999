// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/policytext"
	"github.com/fabric-bbs/fabric-bbs/policy"
)

func TestSign(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	dir := f.dir
	c := readJSON(t, dir, "cred.json")
	if c["scheme"] != "bbs+2020" || c["publicKey"] != f.pub || c["signature"] == nil {
		t.Errorf("credential %v: want scheme bbs+2020, publicKey %s, a signature", c, f.pub)
	}
	if _, ok := c["header"]; ok {
		t.Errorf("bbs+2020 credential has a header field: %v", c)
	}
	// The messages keep the form they were given in.
	msgs, _ := c["messages"].([]any)
	if len(msgs) != 5 || msgs[0] != "name=Alice Müller" || msgs[4] != "" {
		t.Errorf("credential messages %v, want those of msgs.json", msgs)
	}
	if bin, _ := msgs[2].(map[string]any); bin == nil || bin["b64"] != "AAECA/8=" {
		t.Errorf("binary message written as %v, want {\"b64\": \"AAECA/8=\"}", msgs[2])
	}
	if st, _ := os.Stat(filepath.Join(dir, "cred.json")); st.Mode().Perm() != 0o600 {
		t.Errorf("credential mode %o, want 600", st.Mode().Perm())
	}
	// Signing is deterministic for bbs+2020; to stdout and from stdin.
	r := runBBS(t, dir, fixtureMessages, "sign", "--key", "key.json", "--messages", "-")
	check(t, r, 0)
	if r.stdout != string(readFile(t, dir, "cred.json")) {
		t.Errorf("sign to stdout:\n%s\nwant the same credential as cred.json:\n%s", r.stdout, readFile(t, dir, "cred.json"))
	}
	inspect := mustBBS(t, dir, "inspect", "cred.json")
	if !strings.Contains(inspect.stdout, "signatureValid:  yes") {
		t.Errorf("inspect of a fresh credential:\n%s", inspect.stdout)
	}
}

func TestSignErrors(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	dir := f.dir
	key := readJSON(t, dir, "key.json")
	other := readJSON(t, dir, "other.json")
	setKey := func(name string, field string, v any) string {
		return mutateJSON(t, dir, "key.json", name, func(m map[string]any) {
			if v == nil {
				delete(m, field)
			} else {
				m[field] = v
			}
		})
	}
	setKey("k-nosecret.json", "secretKey", nil)
	setKey("k-badb64.json", "secretKey", "not*base64")
	setKey("k-short.json", "secretKey", base64.StdEncoding.EncodeToString(make([]byte, 31)))
	setKey("k-zero.json", "secretKey", base64.StdEncoding.EncodeToString(make([]byte, 32)))
	setKey("k-mismatch.json", "publicKey", other["publicKey"])
	setKey("k-scheme.json", "scheme", "bbs+2019")
	setKey("k-number.json", "scheme", 7)
	setKey("k-unknown.json", "secretkey", key["secretKey"])
	writeFile(t, dir, "k-notjson.json", "scheme: bbs+2020\n")
	writeFile(t, dir, "k-trunc.json", `{"scheme": "bbs+2020",`)
	writeFile(t, dir, "k-empty.json", "")
	writeFile(t, dir, "k-trailing.json", string(readFile(t, dir, "key.json"))+"{}")

	writeFile(t, dir, "m-object.json", `{"messages": ["a"]}`)
	writeFile(t, dir, "m-empty.json", `[]`)
	writeFile(t, dir, "m-number.json", `["a", 42]`)
	writeFile(t, dir, "m-badb64.json", `["a", "b", {"b64": "%%%"}]`)
	writeFile(t, dir, "m-b64num.json", `[{"b64": 1}]`)
	writeFile(t, dir, "m-extra.json", `[{"b64": "AA==", "utf8": "x"}]`)
	writeFile(t, dir, "m-syntax.json", "[\"a\",\n  \"b\" \"c\"]")
	writeFile(t, dir, "m-toomany.json", "["+strings.Repeat(`"m",`, 1024)+`"m"]`)

	tests := []struct {
		name string
		args []string
		want []string
	}{
		{"missing --key", []string{"--messages", "msgs.json"}, []string{"missing --key"}},
		{"missing --messages", []string{"--key", "key.json"}, []string{"missing --messages"}},
		{"key file missing", []string{"--key", "nope.json", "--messages", "msgs.json"}, []string{"nope.json", "no such file"}},
		{"no secretKey", []string{"--key", "k-nosecret.json", "--messages", "msgs.json"}, []string{"k-nosecret.json: secretKey: missing"}},
		{"secretKey not base64", []string{"--key", "k-badb64.json", "--messages", "msgs.json"}, []string{"k-badb64.json: secretKey: not standard base64"}},
		{"secretKey short", []string{"--key", "k-short.json", "--messages", "msgs.json"}, []string{"k-short.json: secretKey", "31 bytes"}},
		{"secretKey zero", []string{"--key", "k-zero.json", "--messages", "msgs.json"}, []string{"k-zero.json: secretKey", "zero"}},
		{"publicKey of another key", []string{"--key", "k-mismatch.json", "--messages", "msgs.json"}, []string{"k-mismatch.json: publicKey: is not the public key of secretKey"}},
		{"unknown scheme", []string{"--key", "k-scheme.json", "--messages", "msgs.json"}, []string{"k-scheme.json: scheme", "unknown scheme", "bbs+2019"}},
		{"scheme a number", []string{"--key", "k-number.json", "--messages", "msgs.json"}, []string{"k-number.json: scheme: got a JSON number, want a string"}},
		{"unknown field", []string{"--key", "k-unknown.json", "--messages", "msgs.json"}, []string{"k-unknown.json", `unknown field "secretkey"`}},
		{"key not JSON", []string{"--key", "k-notjson.json", "--messages", "msgs.json"}, []string{"k-notjson.json: line 1, column 1: invalid JSON"}},
		{"key truncated", []string{"--key", "k-trunc.json", "--messages", "msgs.json"}, []string{"k-trunc.json: truncated JSON"}},
		{"key empty", []string{"--key", "k-empty.json", "--messages", "msgs.json"}, []string{"k-empty.json: empty"}},
		{"key trailing data", []string{"--key", "k-trailing.json", "--messages", "msgs.json"}, []string{"k-trailing.json", "unexpected data after the JSON value"}},
		{"messages an object", []string{"--key", "key.json", "--messages", "m-object.json"}, []string{"m-object.json: got a JSON object, want an array"}},
		{"no messages", []string{"--key", "key.json", "--messages", "m-empty.json"}, []string{"m-empty.json: no messages"}},
		{"message a number", []string{"--key", "key.json", "--messages", "m-number.json"}, []string{"m-number.json: [1]: want a string or {\"b64\""}},
		{"message bad base64", []string{"--key", "key.json", "--messages", "m-badb64.json"}, []string{"m-badb64.json: [2]: b64: not standard base64"}},
		{"message b64 a number", []string{"--key", "key.json", "--messages", "m-b64num.json"}, []string{"m-b64num.json: [0]: b64: want a base64 string, got a number"}},
		{"message object extra field", []string{"--key", "key.json", "--messages", "m-extra.json"}, []string{"m-extra.json: [0]:", "nothing else"}},
		{"messages syntax", []string{"--key", "key.json", "--messages", "m-syntax.json"}, []string{"m-syntax.json: line 2, column 7: invalid JSON", "after array element"}},
		{"too many messages", []string{"--key", "key.json", "--messages", "m-toomany.json"}, []string{"m-toomany.json: 1025 messages, at most 1024"}},
		{"header not base64", []string{"--key", "key.json", "--messages", "msgs.json", "--header", "!!"}, []string{"--header: not standard base64"}},
		{"header with bbs+2020", []string{"--key", "key.json", "--messages", "msgs.json", "--header", "aGVhZGVy"}, []string{"--header given", "header"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runBBS(t, dir, "", append([]string{"sign"}, tt.args...)...)
			check(t, r, 2, tt.want...)
			if r.stdout != "" {
				t.Errorf("printed on stdout after an error: %q", r.stdout)
			}
		})
	}
}

// TestSignEpoch: --epoch appends the epoch as the last message in the form
// the policy's epoch rule reads, and names its index; anything else is a
// usage error that writes nothing.
func TestSignEpoch(t *testing.T) {
	f := newFixture(t, "bbs-bls12381-sha256")
	dir := f.dir
	r := mustBBS(t, dir, "sign", "--key", "key.json", "--messages", "msgs.json", "--epoch", "7", "--out", "cred-e.json")
	msgs, _ := readJSON(t, dir, "cred-e.json")["messages"].([]any)
	if len(msgs) != 6 || msgs[5] != "7" {
		t.Fatalf("messages %v, want msgs.json's 5 and then \"7\"", msgs)
	}
	if !strings.Contains(r.stderr, "epoch 7 is message 5") || !strings.Contains(r.stderr, `{"epoch":{"index":5}}`) {
		t.Errorf("stderr does not name the epoch's index:\n%s", r.stderr)
	}
	if n, err := policytext.ParseNumber([]byte(msgs[5].(string)), policy.MaxEpoch); err != nil || n != 7 {
		t.Errorf("the epoch rule reads %q as %d, %v", msgs[5], n, err)
	}
	inspect := mustBBS(t, dir, "inspect", "cred-e.json")
	if !strings.Contains(inspect.stdout, "signatureValid:  yes") {
		t.Errorf("inspect of the credential:\n%s", inspect.stdout)
	}
	mustBBS(t, dir, "sign", "--key", "key.json", "--messages", "msgs.json", "--epoch", "9007199254740991", "--out", "cred-max.json")
	for _, bad := range []string{"07", "-1", "+1", "9007199254740992", "1e3", "x", " 1"} {
		r := runBBS(t, dir, "", "sign", "--key", "key.json", "--messages", "msgs.json", "--epoch", bad, "--out", "cred-bad.json")
		check(t, r, exitBadInput, "--epoch")
		if _, err := os.Stat(filepath.Join(dir, "cred-bad.json")); err == nil {
			t.Fatalf("--epoch %q wrote a credential", bad)
		}
	}
}
