// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// bbsBin is the bbs binary built once by TestMain; the tests run it as a
// user would.
var bbsBin string

func TestMain(m *testing.M) {
	os.Exit(testMain(m))
}

func testMain(m *testing.M) int {
	dir, err := os.MkdirTemp("", "bbs-cli-test-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(dir)
	bbsBin = filepath.Join(dir, "bbs")
	out, err := exec.Command("go", "build", "-o", bbsBin, ".").CombinedOutput()
	if err != nil {
		// A vendor/ folder made for the chaincode build may not list
		// everything a test build needs; fall back to the module cache.
		if _, statErr := os.Stat("../../vendor"); statErr == nil {
			out, err = exec.Command("go", "build", "-mod=mod", "-o", bbsBin, ".").CombinedOutput()
		}
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "go build ./cmd/bbs: %v\n%s", err, out)
		return 1
	}
	return m.Run()
}

// result is what one run of bbs printed and returned.
type result struct {
	stdout, stderr string
	code           int
}

func (r result) String() string {
	return fmt.Sprintf("exit %d\nstdout: %s\nstderr: %s", r.code, r.stdout, r.stderr)
}

// runBBS runs the binary in dir with args, feeding it stdin.
func runBBS(t *testing.T, dir, stdin string, args ...string) result {
	t.Helper()
	cmd := exec.Command(bbsBin, args...)
	cmd.Dir = dir
	cmd.Stdin = strings.NewReader(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("run bbs %v: %v", args, err)
		}
		code = ee.ExitCode()
	}
	return result{stdout: out.String(), stderr: errb.String(), code: code}
}

// mustBBS runs bbs and fails the test unless it exits 0.
func mustBBS(t *testing.T, dir string, args ...string) result {
	t.Helper()
	r := runBBS(t, dir, "", args...)
	if r.code != 0 {
		t.Fatalf("bbs %s: %v", strings.Join(args, " "), r)
	}
	return r
}

// check compares a run's exit code and the texts its stderr (or, for
// "stdout:" prefixed texts, stdout) must contain.
func check(t *testing.T, r result, code int, want ...string) {
	t.Helper()
	if r.code != code {
		t.Errorf("exit code %d, want %d\n%v", r.code, code, r)
	}
	for _, w := range want {
		if s, ok := strings.CutPrefix(w, "stdout:"); ok {
			if !strings.Contains(r.stdout, s) {
				t.Errorf("stdout lacks %q\n%v", s, r)
			}
		} else if !strings.Contains(r.stderr, w) {
			t.Errorf("stderr lacks %q\n%v", w, r)
		}
	}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func readFile(t *testing.T, dir, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// readJSON reads a JSON object file as a map.
func readJSON(t *testing.T, dir, name string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(readFile(t, dir, name), &m); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return m
}

// writeJSON writes v as JSON.
func writeJSON(t *testing.T, dir, name string, v any) string {
	t.Helper()
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return writeFile(t, dir, name, string(b))
}

// mutateJSON reads the JSON object file from, applies f, and writes it to
// to.
func mutateJSON(t *testing.T, dir, from, to string, f func(m map[string]any)) string {
	t.Helper()
	m := readJSON(t, dir, from)
	f(m)
	return writeJSON(t, dir, to, m)
}

func b64dec(t *testing.T, s any) []byte {
	t.Helper()
	str, _ := s.(string)
	b, err := base64.StdEncoding.DecodeString(str)
	if err != nil {
		t.Fatalf("base64 %q: %v", str, err)
	}
	return b
}

// fixture is a directory holding an issuer key (key.json, key.pub), a
// second issuer's key (other.json), the messages (msgs.json), a credential
// (cred.json) and a request revealing messages 0 and 2 (req.json).
type fixture struct {
	dir    string
	scheme string
	pub    string // base64 public key of key.json
}

// fixtureMessages are the messages of every fixture credential.
const fixtureMessages = `["name=Alice Müller", "birthdate=1990-01-01", {"b64": "AAECA/8="}, "country=BE", ""]`

func newFixture(t *testing.T, scheme string) *fixture {
	t.Helper()
	dir := t.TempDir()
	r := mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "key.json")
	writeFile(t, dir, "key.pub", r.stdout)
	mustBBS(t, dir, "keygen", "--scheme", scheme, "--out", "other.json")
	writeFile(t, dir, "msgs.json", fixtureMessages)
	mustBBS(t, dir, "sign", "--key", "key.json", "--messages", "msgs.json", "--out", "cred.json")
	mustBBS(t, dir, "prove", "--credential", "cred.json", "--reveal", "0,2", "--nonce", "bm9uY2U=",
		"--issuer", "issuer1", "--out", "req.json")
	return &fixture{dir: dir, scheme: scheme, pub: strings.TrimSpace(r.stdout)}
}

func newTestFlagSet() *flag.FlagSet {
	fs := flag.NewFlagSet("test", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// TestNoFabricDependencies keeps the command free of Fabric packages: it
// must build and run where no Fabric code is wanted.
func TestNoFabricDependencies(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", ".").Output()
	if err != nil {
		t.Skipf("go list: %v", err)
	}
	for _, p := range strings.Fields(string(out)) {
		if strings.Contains(p, "hyperledger") || strings.Contains(p, "fabric-bbs/contract") {
			t.Errorf("cmd/bbs depends on %s", p)
		}
	}
}
