// SPDX-License-Identifier: Apache-2.0

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/ccpackage"
)

func TestRun(t *testing.T) {
	root := t.TempDir()
	for name, body := range map[string]string{"go.mod": "module example.com/m\n\ngo 1.21\n", "cc/main.go": "package main\n\nfunc main() {}\n"} {
		if err := os.MkdirAll(filepath.Dir(filepath.Join(root, name)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "m.tar.gz")
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-path", filepath.Join(root, "cc"), "-label", "m_1", "-o", out}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	want, err := ccpackage.ID(data)
	if err != nil || strings.TrimSpace(stdout.String()) != want {
		t.Fatalf("printed %q, the file's ID %q (%v)", stdout.String(), want, err)
	}
	stdout.Reset()
	if err := run([]string{"-id", out}, &stdout, &stderr); err != nil || strings.TrimSpace(stdout.String()) != want {
		t.Fatalf("-id: %q %v", stdout.String(), err)
	}

	ca := filepath.Join(t.TempDir(), "ca.pem")
	if err := os.WriteFile(ca, []byte("-----BEGIN CERTIFICATE-----\nMII\n-----END CERTIFICATE-----\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	ccaas := filepath.Join(t.TempDir(), "c.tar.gz")
	stdout.Reset()
	if err := run([]string{"-lang", "ccaas", "-address", "a:1", "-root-cert", ca, "-client-templates", "-label", "c_1", "-o", ccaas}, &stdout, &stderr); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(stdout.String(), "c_1:") {
		t.Fatalf("ccaas ID %q", stdout.String())
	}
	for _, tc := range []struct {
		args []string
		err  string
	}{
		{[]string{"-label", "x"}, "-label and -o are required"},
		{[]string{"-lang", "ccaas", "-address", "a:1", "-label", "x", "-o", ccaas}, "-root-cert is required"},
		{[]string{"-lang", "java", "-label", "x", "-o", ccaas}, "unknown -lang"},
		{[]string{"-id", filepath.Join(root, "go.mod")}, "not a gzip stream"},
		{[]string{"extra"}, "unexpected arguments"},
	} {
		if err := run(tc.args, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.err)
		}
	}
}
