// SPDX-License-Identifier: Apache-2.0

package records

import (
	"fmt"
	"strings"
)

// Markers around the generated table in docs/trust-model.md.
const (
	TableBegin = "<!-- records:begin (generated from contract/records by go run ./internal/tools/recordtable -w docs/trust-model.md) -->"
	TableEnd   = "<!-- records:end -->"
)

// Table renders every declared kind as a Markdown table, one row a kind,
// by object type.
func Table() string {
	var b strings.Builder
	b.WriteString("| record | who writes it | key-level policy | why a record written around the contract is not believed | what a believed record proves | what it does not prove; what the coalition can still do |\n")
	b.WriteString("| --- | --- | --- | --- | --- | --- |\n")
	for _, k := range All() {
		fmt.Fprintf(&b, "| `%s [%s]` → `%s` | %s | %s | %s | %s | %s |\n",
			k.ObjectType, k.Attrs, cell(k.Value), cell(k.Writers), policyText(k.Rule), cell(k.Anchor), cell(k.Proves), cell(k.Limits))
	}
	return b.String()
}

func policyText(r Rule) string {
	switch r {
	case RuleOwner:
		return "its owner's: a peer of the owner's MSP (mode `owner`), and of every configured organisation (mode `and`)"
	case RuleSpend:
		return "none: the chaincode policy"
	case RuleConfig:
		return "a peer of each configured organisation"
	case RuleOrg:
		return "a peer of that organisation"
	}
	return r.String()
}

func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }

// ReplaceTable returns doc with the text between TableBegin and TableEnd
// replaced by Table(); false if doc lacks the markers.
func ReplaceTable(doc string) (string, bool) {
	i := strings.Index(doc, TableBegin)
	j := strings.Index(doc, TableEnd)
	if i < 0 || j < i {
		return doc, false
	}
	return doc[:i] + TableBegin + "\n\n" + Table() + "\n" + doc[j:], true
}
