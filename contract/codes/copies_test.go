// SPDX-License-Identifier: Apache-2.0

package codes

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// The client samples carry their own copy of this table, so that each
// builds when its folder alone is copied out of the repository. These tests
// keep the copies the same as the table.

// body is a Go file from its package clause on (the doc comments differ).
func body(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	i := strings.Index(s, "\npackage codes\n")
	if i < 0 {
		t.Fatalf("%s: no package clause", path)
	}
	return s[i:]
}

func TestGoSampleCopy(t *testing.T) {
	copyPath := filepath.Join("..", "..", "examples", "client", "go", "codes", "codes.go")
	if _, err := os.Stat(copyPath); os.IsNotExist(err) {
		t.Skip("not in the repository (no examples/client/go)")
	}
	if body(t, "codes.go") != body(t, copyPath) {
		t.Fatalf("%s differs from codes.go after the package clause: copy codes.go over it (keeping its doc comment)", copyPath)
	}
}

func TestNodeSampleCopy(t *testing.T) {
	app := filepath.Join("..", "..", "examples", "client", "node", "app.js")
	data, err := os.ReadFile(app)
	if os.IsNotExist(err) {
		t.Skip("not in the repository (no examples/client/node)")
	}
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?s)const Code = Object\.freeze\(\{(.*?)\}\);`).FindSubmatch(data)
	if m == nil {
		t.Fatalf("%s: no Code table", app)
	}
	var got []string
	for _, e := range regexp.MustCompile(`(\w+): '(BBS_[A-Z0-9_]+)'`).FindAllStringSubmatch(string(m[1]), -1) {
		got = append(got, e[2])
	}
	if strings.Join(got, " ") != strings.Join(All, " ") {
		t.Fatalf("%s Code table %v, want %v (All, in order)", app, got, All)
	}
}
