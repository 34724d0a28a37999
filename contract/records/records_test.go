// SPDX-License-Identifier: Apache-2.0

package records

import (
	"os"
	"path/filepath"
	"testing"
)

// TestDeclarations checks that every kind is declared once, completely.
func TestDeclarations(t *testing.T) {
	seen := map[string]bool{}
	for _, k := range All() {
		if seen[k.ObjectType] {
			t.Errorf("%s declared twice", k.ObjectType)
		}
		seen[k.ObjectType] = true
		if k.Rule < RuleOwner || k.Rule > RuleOrg {
			t.Errorf("%s: no rule", k.ObjectType)
		}
		for name, v := range map[string]string{"Attrs": k.Attrs, "Value": k.Value, "Writers": k.Writers, "Anchor": k.Anchor, "Proves": k.Proves, "Limits": k.Limits} { //bbs:maporder-ok test: each field checked alone
			if v == "" {
				t.Errorf("%s: %s is empty", k.ObjectType, name)
			}
		}
	}
}

// TestTrustModelTable checks that docs/trust-model.md holds the table the
// declarations render (go run ./internal/tools/recordtable -w docs/trust-model.md).
func TestTrustModelTable(t *testing.T) {
	path := filepath.Join("..", "..", "docs", "trust-model.md")
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	got, ok := ReplaceTable(string(b))
	if !ok {
		t.Fatalf("%s lacks the markers %q and %q", path, TableBegin, TableEnd)
	}
	if got != string(b) {
		t.Fatalf("%s: the record table is not the one contract/records declares: run go run ./internal/tools/recordtable -w docs/trust-model.md", path)
	}
}
