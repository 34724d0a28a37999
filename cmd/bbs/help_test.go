// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestHelp(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		args []string
		code int
		// out must appear on stdout (code 0) or stderr (otherwise).
		out []string
	}{
		{[]string{"--help"}, 0, []string{"Commands:", "keygen", "sign", "prove", "verify", "inspect", "policy", "Example", "Exit status", "policy check found the document invalid"}},
		{[]string{"-h"}, 0, []string{"Commands:"}},
		{[]string{"help"}, 0, []string{"Commands:"}},
		{[]string{}, 2, []string{"Commands:"}},
		{[]string{"frobnicate"}, 2, []string{`unknown command "frobnicate"`, "bbs --help"}},
		{[]string{"help", "frobnicate"}, 2, []string{`unknown command "frobnicate"`}},
		{[]string{"help", "prove"}, 0, []string{"Usage: bbs prove", "--reveal", "Example:"}},
		{[]string{"keygen", "--help"}, 0, []string{"Usage: bbs keygen", "-seed-file", "Example:", "bbs keygen --out issuer.json"}},
		{[]string{"sign", "-h"}, 0, []string{"Usage: bbs sign", "-messages", "Example:", "bbs sign --key"}},
		{[]string{"prove", "--help"}, 0, []string{"Usage: bbs prove", "-bind-submitter", "Example:", "bbs prove --credential"}},
		{[]string{"verify", "--help"}, 0, []string{"Usage: bbs verify", "-public-key", "Exit status", "Example:", "bbs verify --public-key"}},
		{[]string{"prove", "--help"}, 0, []string{"-policy ID[:VERSION]", "--policy grads:2", `"policy": {"id", "version"}`}},
		{[]string{"policy", "--help"}, 0, []string{"Usage: bbs policy check FILE", "canonical form", "policySha256", "exit status 1", "Example:", "bbs policy check grads.json"}},
		{[]string{"help", "policy"}, 0, []string{"Usage: bbs policy check FILE"}},
		{[]string{"policy", "check", "--bogus"}, 2, []string{"flag provided but not defined: -bogus", "bbs policy --help"}},
		{[]string{"inspect", "--help"}, 0, []string{"Usage: bbs inspect", "Example:", "bbs inspect"}},
		{[]string{"--help"}, 0, []string{"params"}},
		{[]string{"params", "--help"}, 0, []string{"Usage: bbs params range --base U", "set --elements set.json", "-secret-out", "-discard-secret", "mode 0600", "Example:", "bbs params range --base 16"}},
		{[]string{"prove", "--help"}, 0, []string{"-range IDX:MIN..MAX[:ID=@FILE]", "-in-set IDX:ID=@FILE", "Bulletproofs", "--range 2:..2008-03-01"}},
		{[]string{"sign", "--help"}, 0, []string{"-integers", "hashed by definition", "--integers 1:int64,2:date"}},
		{[]string{"register-request", "--help"}, 0, []string{"-integers", `"integers": [{"index": 3, "type": "int64"}`}},
		{[]string{"verify", "--help"}, 0, []string{"-integers", "-settings", "-params ID=@FILE", "--params eu-countries=@eu-countries.params"}},
		{[]string{"keygen", "--bogus"}, 2, []string{"flag provided but not defined: -bogus", "bbs keygen --help"}},
		{[]string{"verify", "--json=maybe"}, 2, []string{"invalid boolean value", "bbs verify --help"}},
		{[]string{"keygen", "extra"}, 2, []string{`unexpected argument "extra"`}},
	}
	for _, tt := range tests {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			r := runBBS(t, dir, "", tt.args...)
			out := r.stdout
			if tt.code != 0 {
				out = r.stderr
			}
			if r.code != tt.code {
				t.Errorf("exit %d, want %d\n%v", r.code, tt.code, r)
			}
			for _, w := range tt.out {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q\n%v", w, r)
				}
			}
		})
	}
}

// TestRunInProcess calls run directly, as main does.
func TestRunInProcess(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"verify", "--help"}, &out, &errb); code != exitOK {
		t.Fatalf("run verify --help = %d, stderr %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "Example:") {
		t.Errorf("verify help lacks an example:\n%s", out.String())
	}
	out.Reset()
	errb.Reset()
	if code := run([]string{"prove", "--reveal", "0"}, &out, &errb); code != exitBadInput {
		t.Errorf("run prove without --credential = %d, want %d", code, exitBadInput)
	}
	if !strings.Contains(errb.String(), "missing --credential") {
		t.Errorf("stderr %q lacks the missing flag", errb.String())
	}
}

func TestParseInterspersed(t *testing.T) {
	tests := []struct {
		args    []string
		wantPos string
		json    bool
	}{
		{[]string{"file"}, "file", false},
		{[]string{"file", "--json"}, "file", true},
		{[]string{"--json", "file"}, "file", true},
		{[]string{"--", "--json"}, "--json", false},
		{[]string{"a", "--json", "b"}, "a b", true},
		{[]string{"-"}, "-", false},
	}
	for _, tt := range tests {
		fs := newTestFlagSet()
		j := fs.Bool("json", false, "")
		pos, err := parseInterspersed(fs, tt.args)
		if err != nil {
			t.Errorf("%v: %v", tt.args, err)
			continue
		}
		if got := strings.Join(pos, " "); got != tt.wantPos || *j != tt.json {
			t.Errorf("%v: positional %q json %v, want %q %v", tt.args, got, *j, tt.wantPos, tt.json)
		}
	}
}
