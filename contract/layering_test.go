// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
)

const modulePath = "github.com/fabric-bbs/fabric-bbs/"

// layers are the layers of the chaincode's packages, lowest first, as the
// package doc states them: a package may import packages of lower layers
// only, never one of its own layer or above.
var layers = [][]string{
	{"contract/codes", "contract/records"},
	{"contract/internal/base"},
	{"contract/internal/endorsement", "contract/internal/spends"},
	{"contract/internal/issuers", "contract/internal/policies"},
	{"contract/internal/revstate", "contract/internal/contexts"},
	{"contract/internal/proofs"},
	{"contract/internal/credentials"},
	{"contract"},
}

// TestLayering parses the imports of every Go file (tests too) of every
// package under contract/ and fails if one imports a chaincode package of
// its own layer or above (an external test package may import its own
// package), or if a package is not in layers (a new room must be given its
// place).
func TestLayering(t *testing.T) {
	rank := map[string]int{}
	for i, l := range layers {
		for _, p := range l {
			rank[p] = i
		}
	}
	root, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	module := filepath.Dir(root)
	seen := map[string]bool{}
	err = filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(path, ".go") {
			return nil
		}
		rel, err := filepath.Rel(module, filepath.Dir(path))
		if err != nil {
			return err
		}
		pkg := filepath.ToSlash(rel)
		seen[pkg] = true
		from, ok := rank[pkg]
		if !ok {
			t.Errorf("package %s is not in the layering (layers in layering_test.go and the package doc)", pkg)
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		for _, is := range f.Imports {
			p, err := strconv.Unquote(is.Path.Value)
			if err != nil {
				return err
			}
			if !strings.HasPrefix(p, modulePath+"contract") {
				continue
			}
			target := strings.TrimPrefix(p, modulePath)
			if target == pkg && strings.HasSuffix(f.Name.Name, "_test") {
				continue // an external test of the package itself
			}
			to, ok := rank[target]
			if !ok {
				t.Errorf("%s imports %s, which is not in the layering", path, p)
				continue
			}
			if to >= from {
				t.Errorf("%s (layer %d) imports %s (layer %d): a package imports only lower layers", filepath.Base(path), from, p, to)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var missing []string
	for p := range rank {
		if !seen[p] {
			missing = append(missing, p)
		}
	}
	sort.Strings(missing)
	if len(missing) > 0 {
		t.Errorf("layers names packages that do not exist: %v", missing)
	}
}
