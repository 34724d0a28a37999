// SPDX-License-Identifier: Apache-2.0

package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// docFiles are the user documentation whose command sequences must run as
// written: every ```sh block carries a doctest annotation
// (scripts/doc-blocks.sh). This test runs the offline ones; make e2e runs
// the rest against the local network (test-network/e2e/docs.sh).
func docFiles(t *testing.T) []string {
	t.Helper()
	files := []string{"../../README.md", "README.md"}
	more, err := filepath.Glob("../../docs/*.md")
	if err != nil {
		t.Fatal(err)
	}
	return append(files, more...)
}

func docBlocks(t *testing.T, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"../../scripts/doc-blocks.sh"}, args...)...)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return string(out), &docError{err: err, stderr: stderr.String()}
	}
	return string(out), nil
}

type docError struct {
	err    error
	stderr string
}

func (e *docError) Error() string { return e.err.Error() + ": " + e.stderr }

// TestDocsAnnotated: no command sequence in the documentation escapes the
// tests.
func TestDocsAnnotated(t *testing.T) {
	out, err := docBlocks(t, append([]string{"list"}, docFiles(t)...)...)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, " offline") || !strings.Contains(out, " network") {
		t.Fatalf("the annotations were not read:\n%s", out)
	}
}

// TestDocBlocksRefusesUnannotated: the check above can fail.
func TestDocBlocksRefusesUnannotated(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "x.md")
	if err := os.WriteFile(f, []byte("# x\n\n```sh\necho hi\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := docBlocks(t, "list", f); err == nil || !strings.Contains(err.Error(), "without a <!-- doctest") {
		t.Fatalf("an unannotated block was accepted: %v", err)
	}
	if err := os.WriteFile(f, []byte("<!-- doctest: offline -->\n```sh\necho a\n```\n<!-- doctest: network -->\n```sh\necho b\n```\n<!-- doctest: offline -->\n```sh\necho c\n```\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := docBlocks(t, "script", "offline", f)
	if err != nil || !strings.Contains(out, "echo a") || strings.Contains(out, "echo b") || strings.Contains(out, "echo c") {
		t.Fatalf("offline script: %v\n%s", err, out)
	}
	out, err = docBlocks(t, "script", "network", f)
	if err != nil || !strings.Contains(out, "echo a") || !strings.Contains(out, "echo b") || !strings.Contains(out, "echo c") {
		t.Fatalf("network script: %v\n%s", err, out)
	}
}

// docRepoDirs are the repository's folders the pages' commands read from,
// linked into each test folder; test-network/e2e/docs.sh links the same.
var docRepoDirs = []string{"vc", "interop", "examples", "scripts", "test-network"}

// TestDocCommandSequences runs each file's offline command sequences in
// order, in one fresh folder per file, with bbs on PATH and as bin/bbs, as
// a reader following the page would.
func TestDocCommandSequences(t *testing.T) {
	if _, err := exec.LookPath("jq"); err != nil {
		t.Fatal("the documented commands use jq: apt-get install jq (make network-deps)")
	}
	binDir := filepath.Dir(bbsBin)
	for _, f := range docFiles(t) {
		script, err := docBlocks(t, "script", "offline", f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.TrimSpace(script) == "" {
			continue
		}
		name := strings.TrimPrefix(f, "../../")
		if name == "README.md" && f == "README.md" {
			name = "cmd/bbs/README.md"
		}
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.Mkdir(filepath.Join(dir, "bin"), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.Symlink(bbsBin, filepath.Join(dir, "bin", "bbs")); err != nil {
				t.Fatal(err)
			}
			// A reader runs the pages from the repository root: the
			// folders they name are there (and are not written to).
			for _, d := range docRepoDirs {
				abs, err := filepath.Abs(filepath.Join("../..", d))
				if err != nil {
					t.Fatal(err)
				}
				if err := os.Symlink(abs, filepath.Join(dir, d)); err != nil {
					t.Fatal(err)
				}
			}
			cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "PATH="+binDir+string(os.PathListSeparator)+os.Getenv("PATH"))
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s: the documented commands fail: %v\n%s", name, err, tail(string(out), 40))
			}
		})
	}
}

func tail(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
