// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestInspect(t *testing.T) {
	f := newFixture(t, "bbs+2020")
	dir := f.dir
	secret := readJSON(t, dir, "key.json")["secretKey"].(string)
	proofB64 := readJSON(t, dir, "req.json")["proof"].(string)
	proof, _ := base64.StdEncoding.DecodeString(proofB64)
	writeFile(t, dir, "proof.b64", proofB64+"\n")
	if err := os.WriteFile(filepath.Join(dir, "proof.bin"), proof, 0o600); err != nil {
		t.Fatal(err)
	}
	mutateJSON(t, dir, "cred.json", "tampered.json", func(m map[string]any) { m["messages"].([]any)[0] = "name=Mallory" })
	writeFile(t, dir, "garbage.bin", "\x00\x01not a proof")
	writeFile(t, dir, "other.json", `{"hello": "world"}`)

	tests := []struct {
		name  string
		args  []string
		stdin string
		want  []string // on stdout
		// not must not appear in stdout.
		not []string
	}{
		{"key pair", []string{"key.json"}, "", []string{"kind:", "key pair", "scheme:", "bbs+2020", f.pub, "not shown"}, []string{secret}},
		{"key pair JSON", []string{"--json", "key.json"}, "", []string{`"kind":"key pair"`, `"publicKey":"` + f.pub}, []string{secret}},
		{"credential", []string{"cred.json"}, "", []string{"credential", "messages:        5", "messageSizes:    18,20,5,10,0", "signatureValid:  yes"}, []string{"Alice", "birthdate"}},
		{"tampered credential", []string{"tampered.json"}, "", []string{"signatureValid:  no", "signatureError:", "does not verify"}, []string{"Mallory"}},
		{"request", []string{"req.json"}, "", []string{"kind:", "request", "issuer:          issuer1", "nonceSize:       5", "disclosed:       0,2", "disclosedSizes:  18,5", "proofMessages:   5", "proofReveals:    0,2", "bindSubmitter:   no"}, nil},
		{"request, flag after the file", []string{"req.json", "--json"}, "", []string{`"kind":"request"`, `"disclosed":[0,2]`, `"proofMessages":5`}, nil},
		{"request from stdin", []string{"-"}, string(readFile(t, dir, "req.json")), []string{"request"}, nil},
		{"bare proof, base64", []string{"proof.b64"}, "", []string{"kind:", "proof", "parsesAs:", "bbs+2020", "bbs+2020.messages:", "5", "bbs+2020.reveals:", "0,2"}, nil},
		{"bare proof, binary", []string{"--scheme", "bbs+2020", "proof.bin"}, "", []string{"parsesAs:", "bbs+2020"}, nil},
		{"bare proof, stdin", []string{"-"}, proofB64, []string{"parsesAs:"}, nil},
		{"messages file", []string{"msgs.json"}, "", []string{"messages", "5"}, []string{"Alice"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := runBBS(t, dir, tt.stdin, append([]string{"inspect"}, tt.args...)...)
			check(t, r, 0)
			for _, w := range tt.want {
				if !strings.Contains(r.stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, r.stdout)
				}
			}
			for _, n := range tt.not {
				if strings.Contains(r.stdout+r.stderr, n) {
					t.Errorf("output shows %q:\n%s", n, r.stdout)
				}
			}
			if strings.Contains(strings.Join(tt.args, " "), "--json") && !json.Valid([]byte(r.stdout)) {
				t.Errorf("--json printed invalid JSON: %s", r.stdout)
			}
		})
	}

	errs := []struct {
		name string
		args []string
		want []string
	}{
		{"no file", nil, []string{"want exactly one FILE"}},
		{"two files", []string{"a", "b"}, []string{"want exactly one FILE", "got 2"}},
		{"missing file", []string{"nope.json"}, []string{"nope.json", "no such file"}},
		{"garbage", []string{"garbage.bin"}, []string{"garbage.bin: not JSON, and not a proof of any scheme"}},
		{"unknown JSON object", []string{"other.json"}, []string{"other.json: not a key", "credential", "request"}},
		{"proof of another scheme", []string{"--scheme", "bbs-bls12381-sha256", "proof.bin"}, []string{"proof.bin: not JSON, and not a proof", "bbs-bls12381-sha256:"}},
		{"unknown scheme", []string{"--scheme", "nope", "proof.bin"}, []string{"--scheme", "unknown scheme"}},
	}
	for _, tt := range errs {
		t.Run(tt.name, func(t *testing.T) {
			check(t, runBBS(t, dir, "", append([]string{"inspect"}, tt.args...)...), 2, tt.want...)
		})
	}
}
