// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/piprate/json-gold/ld"
)

// TermKind is the kind of an RDF term.
type TermKind byte

// The kinds of Term.
const (
	// TermNone is the absent graph name of a statement of the default
	// graph.
	TermNone TermKind = iota
	TermIRI
	TermBlank
	TermLiteral
)

// Term is an RDF term of a Statement.
type Term struct {
	Kind TermKind
	// Value is an IRI, a blank node label without "_:", or a literal's
	// lexical form (unescaped).
	Value string
	// Datatype is a literal's datatype IRI: xsd:string for a plain
	// string, rdf:langString with Lang for a language-tagged string.
	Datatype string
	Lang     string
}

// Statement is one RDF statement (a quad).
type Statement struct {
	Subject, Predicate, Object, Graph Term
}

func exportTerm(t term) Term {
	out := Term{Kind: TermKind(t.kind), Value: t.value}
	if t.kind == kindLiteral {
		out.Datatype, out.Lang = t.datatype, t.lang
		switch {
		case t.lang != "":
			out.Datatype = ld.RDFLangString
		case out.Datatype == "":
			out.Datatype = ld.XSDString
		}
	}
	return out
}

// Statements expands doc (not modified) in safe mode, with the loader's
// contexts and within lim, and returns its RDF statements, with the blank
// node labels the expansion gave (not canonical). It is how a verifier
// learns what a JSON shape means under a credential's contexts: the IRIs a
// chain of JSON keys expands to, the RDF term a JSON value becomes.
func (l *Loader) Statements(doc map[string]any, lim Limits) ([]Statement, error) {
	quads, err := l.toQuads(doc, lim)
	if err != nil {
		return nil, err
	}
	out := make([]Statement, len(quads))
	for i, q := range quads {
		out[i] = Statement{exportTerm(q.s), exportTerm(q.p), exportTerm(q.o), exportTerm(q.g)}
	}
	return out, nil
}

// ParseStatement reads one canonical N-Quads line as this package writes
// it (subject, predicate, object, optional graph name, " .", an optional
// final newline), unescaping a literal's lexical form. Anything else is an
// error: a verifier reads only the statements it canonicalized.
func ParseStatement(line string) (Statement, error) {
	bad := func(why string) (Statement, error) {
		return Statement{}, fmt.Errorf("%w: N-Quad %s: %s", ErrDocument, excerptLine(line), why)
	}
	if !utf8.ValidString(line) {
		return bad("not UTF-8")
	}
	rest := strings.TrimSuffix(line, "\n")
	if !strings.HasSuffix(rest, " .") {
		return bad(`does not end with " ."`)
	}
	rest = rest[:len(rest)-2]
	var st Statement
	var err error
	if st.Subject, rest, err = nodeTermAt(rest); err != nil {
		return bad("subject: " + err.Error())
	}
	if !strings.HasPrefix(rest, " ") {
		return bad("no space after the subject")
	}
	if st.Predicate, rest, err = nodeTermAt(rest[1:]); err != nil || st.Predicate.Kind != TermIRI {
		return bad("the predicate is not an IRI")
	}
	if !strings.HasPrefix(rest, " ") {
		return bad("no space after the predicate")
	}
	rest = rest[1:]
	if strings.HasPrefix(rest, `"`) {
		st.Object, rest, err = literalAt(rest)
	} else {
		st.Object, rest, err = nodeTermAt(rest)
	}
	if err != nil {
		return bad("object: " + err.Error())
	}
	if rest != "" {
		if !strings.HasPrefix(rest, " ") {
			return bad("no space after the object")
		}
		if st.Graph, rest, err = nodeTermAt(rest[1:]); err != nil || rest != "" {
			return bad("the graph name is not one IRI or blank node")
		}
	}
	return st, nil
}

func excerptLine(s string) string {
	if len(s) > 80 {
		s = s[:80]
		for len(s) > 0 && !utf8.ValidString(s) {
			s = s[:len(s)-1]
		}
		s += "…"
	}
	return strconv.Quote(s)
}

// nodeTermAt reads an IRI <...> or a blank node _:label at the start of s.
func nodeTermAt(s string) (Term, string, error) {
	switch {
	case strings.HasPrefix(s, "<"):
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return Term{}, "", fmt.Errorf("unterminated IRI")
		}
		iri := s[1:end]
		if strings.ContainsAny(iri, " <\"{}|^`\\") {
			return Term{}, "", fmt.Errorf("a character an IRI may not hold")
		}
		return Term{Kind: TermIRI, Value: iri}, s[end+1:], nil
	case strings.HasPrefix(s, "_:"):
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			end = len(s)
		}
		if end == 2 {
			return Term{}, "", fmt.Errorf("empty blank node label")
		}
		return Term{Kind: TermBlank, Value: s[2:end]}, s[end:], nil
	}
	return Term{}, "", fmt.Errorf("not an IRI or a blank node")
}

// literalAt reads a literal "..." with its optional ^^<datatype> or
// @language at the start of s.
func literalAt(s string) (Term, string, error) {
	var b strings.Builder
	i := 1
	for {
		if i >= len(s) {
			return Term{}, "", fmt.Errorf("unterminated literal")
		}
		c := s[i]
		if c == '"' {
			break
		}
		if c != '\\' {
			b.WriteByte(c)
			i++
			continue
		}
		if i+1 >= len(s) {
			return Term{}, "", fmt.Errorf("unterminated escape")
		}
		switch e := s[i+1]; e {
		case 'b':
			b.WriteByte('\b')
		case 't':
			b.WriteByte('\t')
		case 'n':
			b.WriteByte('\n')
		case 'f':
			b.WriteByte('\f')
		case 'r':
			b.WriteByte('\r')
		case '"':
			b.WriteByte('"')
		case '\\':
			b.WriteByte('\\')
		case 'u', 'U':
			n := 4
			if e == 'U' {
				n = 8
			}
			if i+2+n > len(s) {
				return Term{}, "", fmt.Errorf("short \\%c escape", e)
			}
			r, err := strconv.ParseUint(s[i+2:i+2+n], 16, 32)
			if err != nil || !utf8.ValidRune(rune(r)) {
				return Term{}, "", fmt.Errorf("bad \\%c escape", e)
			}
			b.WriteRune(rune(r))
			i += n
		default:
			return Term{}, "", fmt.Errorf("unknown escape \\%c", e)
		}
		i += 2
	}
	t := Term{Kind: TermLiteral, Value: b.String(), Datatype: ld.XSDString}
	rest := s[i+1:]
	switch {
	case strings.HasPrefix(rest, "^^"):
		dt, r, err := nodeTermAt(rest[2:])
		if err != nil || dt.Kind != TermIRI {
			return Term{}, "", fmt.Errorf("the datatype is not an IRI")
		}
		t.Datatype, rest = dt.Value, r
	case strings.HasPrefix(rest, "@"):
		end := strings.IndexByte(rest, ' ')
		if end < 0 {
			end = len(rest)
		}
		t.Datatype, t.Lang, rest = ld.RDFLangString, rest[1:end], rest[end:]
		if t.Lang == "" {
			return Term{}, "", fmt.Errorf("empty language tag")
		}
	}
	return t, rest, nil
}
