// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"strings"
	"testing"

	"github.com/piprate/json-gold/ld"
)

// TestParseStatement: every canonical N-Quad this package writes parses
// back to its terms (escapes undone, datatypes and language tags kept), and
// malformed lines are refused.
func TestParseStatement(t *testing.T) {
	iri := func(v string) term { return term{kind: kindIRI, value: v} }
	quads := []quad{
		{s: iri("urn:s"), p: iri("urn:p"), o: iri("urn:o")},
		{s: term{kind: kindBlank, value: "c14n0"}, p: iri("urn:p"), o: term{kind: kindBlank, value: "b1"}, g: iri("urn:g")},
		{s: iri("urn:s"), p: iri("urn:p"), o: term{kind: kindLiteral, value: "a \"q\" \\ \n\t\r\b\f \x01\x7f é", datatype: ld.XSDString}},
		{s: iri("urn:s"), p: iri("urn:p"), o: term{kind: kindLiteral, value: "5", datatype: ld.XSDInteger}},
		{s: iri("urn:s"), p: iri("urn:p"), o: term{kind: kindLiteral, value: "hi", datatype: ld.RDFLangString, lang: "en-GB"}, g: term{kind: kindBlank, value: "g"}},
	}
	for _, q := range quads {
		line := nquad(&q, func(l string) string { return l })
		st, err := ParseStatement(line)
		if err != nil {
			t.Fatalf("%q: %v", line, err)
		}
		want := Statement{exportTerm(q.s), exportTerm(q.p), exportTerm(q.o), exportTerm(q.g)}
		if st != want {
			t.Fatalf("%q: got %+v, want %+v", line, st, want)
		}
	}
	for _, bad := range []string{
		"", "<urn:s> <urn:p> <urn:o>\n", `<urn:s> <urn:p> "x .` + "\n", `<urn:s> _:p <urn:o> .`,
		`<urn:s> <urn:p> "x"^^_:d .`, `<urn:s> <urn:p> "x"@ .`, `<urn:s> <urn:p> "\q" .`, `<urn:s> <urn:p> "\u12" .`,
		`<urn:s> <urn:p> <urn:o> <urn:g> <urn:h> .`, `<urn:s> <urn:p> <a b> .`, `_: <urn:p> <urn:o> .`, `urn:s <urn:p> <urn:o> .`,
	} {
		if _, err := ParseStatement(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}

// FuzzParseStatement: no input panics, and a parsed statement written
// again in canonical form parses to the same statement.
func FuzzParseStatement(f *testing.F) {
	f.Add(`<urn:s> <urn:p> "a\"b\u0001"^^<urn:d> _:g .` + "\n")
	f.Add(`_:b0 <urn:p> "x"@en .`)
	f.Fuzz(func(t *testing.T, line string) {
		st, err := ParseStatement(line)
		if err != nil {
			return
		}
		back := func(x Term) term {
			out := term{kind: termKind(x.Kind), value: x.Value, datatype: x.Datatype, lang: x.Lang}
			return out
		}
		q := quad{back(st.Subject), back(st.Predicate), back(st.Object), back(st.Graph)}
		again := nquad(&q, func(l string) string { return l })
		if strings.ContainsAny(st.Object.Lang, " \n") {
			return
		}
		st2, err := ParseStatement(again)
		if err != nil || st2 != st {
			t.Fatalf("%q → %q → %+v, %v; want %+v", line, again, st2, err, st)
		}
	})
}
