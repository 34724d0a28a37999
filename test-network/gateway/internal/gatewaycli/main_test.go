// SPDX-License-Identifier: Apache-2.0

package gatewaycli

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestEndorsingOrgs(t *testing.T) {
	tests := []struct {
		flag string
		want []string
	}{
		{"", nil},
		{"Org1MSP", []string{"Org1MSP"}},
		{"Org1MSP,Org2MSP", []string{"Org1MSP", "Org2MSP"}},
		{" Org1MSP , ,Org2MSP ", []string{"Org1MSP", "Org2MSP"}},
		{",", nil},
	}
	for _, tt := range tests {
		if got := endorsingOrgs(tt.flag); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("endorsingOrgs(%q) = %q, want %q", tt.flag, got, tt.want)
		}
	}
}

func TestExpandArgs(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "req.json")
	if err := os.WriteFile(file, []byte("{\"a\":1}\r\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := expandArgs([]string{"plain", "@" + file, "@"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"plain", `{"a":1}`, "@"}; !reflect.DeepEqual(got, want) {
		t.Errorf("expandArgs = %q, want %q", got, want)
	}
	if _, err := expandArgs([]string{"@" + filepath.Join(dir, "missing")}); err == nil {
		t.Error("expandArgs of a missing file: no error")
	}
}

// TestMessageLimitFlags checks that the gRPC limits are explicit flags with
// a 16 MiB default, and that a non-positive limit is a usage error before
// any connection is made.
func TestMessageLimitFlags(t *testing.T) {
	if defaultMaxMsgBytes != 16<<20 {
		t.Fatalf("defaultMaxMsgBytes = %d", defaultMaxMsgBytes)
	}
	for _, flag := range []string{"-max-recv-bytes", "-max-send-bytes"} {
		var stderr bytes.Buffer
		code := run([]string{"-tls-ca", "ca.pem", "-cert", "c.pem", "-key", "k.pem", flag, "0", "evaluate", "GetIssuer", "x"}, &bytes.Buffer{}, &stderr)
		if code != 2 || !strings.Contains(stderr.String(), "must be positive") {
			t.Errorf("%s 0: exit %d, stderr %q; want exit 2 and a usage error", flag, code, stderr.String())
		}
	}
}
