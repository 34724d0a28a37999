// SPDX-License-Identifier: Apache-2.0

package fabconn

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestReadPEM(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "one.pem")
	if err := os.WriteFile(file, []byte("file"), 0o600); err != nil {
		t.Fatal(err)
	}
	folder := filepath.Join(dir, "keystore")
	empty := filepath.Join(dir, "empty")
	for _, d := range []string{folder, empty, filepath.Join(folder, "a-subfolder")} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for name, body := range map[string]string{"b_sk": "second", "a_sk": "first"} {
		if err := os.WriteFile(filepath.Join(folder, name), []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		name, path, want, err string
	}{
		{"a file", file, "file", ""},
		{"a folder: its first regular file by name", folder, "first", ""},
		{"an empty folder", empty, "", "no file in"},
		{"missing", filepath.Join(dir, "none"), "", "no such file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ReadPEM(tt.path)
			if tt.err != "" {
				if err == nil || !strings.Contains(err.Error(), tt.err) {
					t.Fatalf("ReadPEM(%s) = %q, %v; want an error containing %q", tt.path, got, err, tt.err)
				}
				return
			}
			if err != nil || string(got) != tt.want {
				t.Fatalf("ReadPEM(%s) = %q, %v; want %q", tt.path, got, err, tt.want)
			}
		})
	}
}

func TestDialAndSignerRefuseBadFiles(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := Dial("127.0.0.1:1", notPEM, "", 1<<20, 1<<20); err == nil || !strings.Contains(err.Error(), "no PEM certificate") {
		t.Fatalf("Dial with a CA file holding no certificate: %v", err)
	}
	if _, err := Dial("127.0.0.1:1", filepath.Join(dir, "none.pem"), "", 1<<20, 1<<20); err == nil || !strings.Contains(err.Error(), "reading the TLS CA") {
		t.Fatalf("Dial with a missing CA file: %v", err)
	}
	if _, _, err := Signer("Org1MSP", notPEM, notPEM); err == nil || !strings.Contains(err.Error(), "parsing the client certificate") {
		t.Fatalf("Signer with a certificate file holding no certificate: %v", err)
	}
	if _, _, err := Signer("Org1MSP", filepath.Join(dir, "none"), notPEM); err == nil || !strings.Contains(err.Error(), "reading the client certificate") {
		t.Fatalf("Signer with a missing certificate: %v", err)
	}
}
