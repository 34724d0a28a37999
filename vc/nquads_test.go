// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/piprate/json-gold/ld"
)

// parseNQuads reads an N-Quads document (W3C RDF 1.1 N-Quads grammar: IRIs
// with UCHAR escapes, blank nodes, literals with ECHAR/UCHAR escapes, a
// language tag or a datatype, an optional graph label, comments) into this
// package's quads. It is for tests: the expected outputs of the W3C suites.
func parseNQuads(doc string) ([]quad, error) {
	var out []quad
	for n, line := range strings.Split(doc, "\n") {
		p := &nqParser{s: line}
		p.space()
		if p.done() {
			continue
		}
		var q quad
		var err error
		if q.s, err = p.term(); err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if q.p, err = p.term(); err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if q.o, err = p.term(); err != nil {
			return nil, fmt.Errorf("line %d: %v", n+1, err)
		}
		if !p.done() && p.s[p.i] != '.' {
			if q.g, err = p.term(); err != nil {
				return nil, fmt.Errorf("line %d: %v", n+1, err)
			}
		}
		if p.done() || p.s[p.i] != '.' {
			return nil, fmt.Errorf("line %d: no final '.'", n+1)
		}
		p.i++
		p.space()
		if !p.done() {
			return nil, fmt.Errorf("line %d: data after '.'", n+1)
		}
		if q.s.kind == kindLiteral || q.p.kind != kindIRI || q.g.kind == kindLiteral {
			return nil, fmt.Errorf("line %d: term in the wrong position", n+1)
		}
		out = append(out, q)
	}
	return out, nil
}

type nqParser struct {
	s string
	i int
}

func (p *nqParser) done() bool { return p.i >= len(p.s) || p.s[p.i] == '#' }

func (p *nqParser) space() {
	for p.i < len(p.s) && (p.s[p.i] == ' ' || p.s[p.i] == '\t' || p.s[p.i] == '\r') {
		p.i++
	}
}

func (p *nqParser) term() (term, error) {
	if p.done() {
		return term{}, fmt.Errorf("term expected")
	}
	var t term
	var err error
	switch p.s[p.i] {
	case '<':
		var v string
		v, err = p.iri()
		t = term{kind: kindIRI, value: v}
	case '_':
		if !strings.HasPrefix(p.s[p.i:], "_:") {
			return term{}, fmt.Errorf("bad blank node")
		}
		j := p.i + 2
		for j < len(p.s) && p.s[j] != ' ' && p.s[j] != '\t' {
			j++
		}
		l := strings.TrimSuffix(p.s[p.i+2:j], ".")
		j = p.i + 2 + len(l)
		t = term{kind: kindBlank, value: l}
		p.i = j
	case '"':
		t, err = p.literal()
	default:
		return term{}, fmt.Errorf("unexpected %q", p.s[p.i])
	}
	p.space()
	return t, err
}

func (p *nqParser) iri() (string, error) {
	p.i++
	var b strings.Builder
	for p.i < len(p.s) {
		c := p.s[p.i]
		switch c {
		case '>':
			p.i++
			return b.String(), nil
		case '\\':
			r, err := p.uchar()
			if err != nil {
				return "", err
			}
			b.WriteRune(r)
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	return "", fmt.Errorf("unterminated IRI")
}

func (p *nqParser) uchar() (rune, error) {
	n := 0
	switch {
	case strings.HasPrefix(p.s[p.i:], `\u`):
		n = 4
	case strings.HasPrefix(p.s[p.i:], `\U`):
		n = 8
	default:
		return 0, fmt.Errorf("bad escape")
	}
	if p.i+2+n > len(p.s) {
		return 0, fmt.Errorf("short escape")
	}
	v, err := strconv.ParseUint(p.s[p.i+2:p.i+2+n], 16, 32)
	if err != nil || !utf8.ValidRune(rune(v)) {
		return 0, fmt.Errorf("bad escape %q", p.s[p.i:p.i+2+n])
	}
	p.i += 2 + n
	return rune(v), nil
}

func (p *nqParser) literal() (term, error) {
	p.i++
	var b strings.Builder
	closed := false
	for p.i < len(p.s) && !closed {
		c := p.s[p.i]
		switch c {
		case '"':
			p.i++
			closed = true
		case '\\':
			if p.i+1 >= len(p.s) {
				return term{}, fmt.Errorf("bad escape")
			}
			e := map[byte]byte{'t': '\t', 'b': '\b', 'n': '\n', 'r': '\r', 'f': '\f', '"': '"', '\'': '\'', '\\': '\\'}
			if x, ok := e[p.s[p.i+1]]; ok {
				b.WriteByte(x)
				p.i += 2
				continue
			}
			r, err := p.uchar()
			if err != nil {
				return term{}, err
			}
			b.WriteRune(r)
		default:
			b.WriteByte(c)
			p.i++
		}
	}
	if !closed {
		return term{}, fmt.Errorf("unterminated literal")
	}
	t := term{kind: kindLiteral, value: b.String(), datatype: ld.XSDString}
	switch {
	case strings.HasPrefix(p.s[p.i:], "@"):
		j := p.i + 1
		for j < len(p.s) && p.s[j] != ' ' && p.s[j] != '\t' {
			j++
		}
		t.lang = p.s[p.i+1 : j]
		t.datatype = ld.RDFLangString
		p.i = j
	case strings.HasPrefix(p.s[p.i:], "^^<"):
		p.i += 2
		dt, err := p.iri()
		if err != nil {
			return term{}, err
		}
		t.datatype = dt
	}
	return t, nil
}
