// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"net/url"
	"strings"

	"github.com/piprate/json-gold/ld"
)

// This file refuses, before expansion, the JSON-LD constructs json-gold
// expands otherwise than JSON-LD 1.1 specifies (found with the W3C toRdf
// suite, see jsonld_suite_test.go), so that a document is either given its
// JSON-LD meaning or refused:
//   - a term aliasing @nest with a scoped context: json-gold ignores that
//     context;
//   - a term with an @graph container whose scoped context is or holds
//     null, or any term whose scoped context redefines the term itself:
//     json-gold then forgets the term's own container (the @graph
//     container becomes none);
//   - IRI resolution against a base set by @base (credentials have none,
//     the document base is empty): json-gold's (Go's net/url) differs from
//     RFC 3986 section 5.2 for dot segments in the base, empty segments,
//     bases without an authority, empty fragments and IRIs it re-encodes,
//     and it dereferences nil on a reference net/url refuses; such a
//     document is accepted only when every string json-gold could resolve
//     against every base the document can set resolves identically both
//     ways, and every such base is a well-formed absolute IRI;
//   - an embedded context JSON-LD 1.1 refuses and json-gold accepts (the
//     suite's negative tests): an empty term, a definition of a keyword, a
//     protected term defined as null.
//
// A term is refused when the document uses it as a key and any context it
// embeds or the Loader holds defines it so (whether or not that definition
// is in scope there): an over-approximation, cheap and linear.

// maxBases bounds the @base values of one document (and the bases they
// give), so that the resolution check stays linear in its size.
const maxBases = 2

// contextRisks is what one context document holds that needs a check:
// terms that are refused when used, and @base values.
type contextRisks struct {
	terms map[string]string // term -> why it is refused
	bases []string
	// iriTerms are the terms whose string values json-gold may resolve
	// against the base (@type @id or @vocab, aliases of @id and @type);
	// mapTerms those whose map keys it may (an @id or @type container).
	iriTerms, mapTerms map[string]bool
	// invalid says why a context is not valid JSON-LD 1.1 where json-gold
	// accepts it (W3C toRdf negative tests), or is empty.
	invalid string
}

// contextKeywords are the keywords a context may hold (JSON-LD 1.1,
// Context Processing).
var contextKeywords = map[string]bool{
	"@base": true, "@direction": true, "@import": true, "@language": true, "@propagate": true,
	"@protected": true, "@type": true, "@version": true, "@vocab": true,
}

func addTerm(m *map[string]bool, t string) {
	if *m == nil {
		*m = map[string]bool{}
	}
	(*m)[t] = true
}

func (r *contextRisks) noteContext(v any) {
	switch c := v.(type) {
	case []any:
		for _, x := range c {
			r.noteContext(x)
		}
	case map[string]any:
		protected, _ := c["@protected"].(bool)
		for _, k := range sortedKeys(c) {
			def := c[k]
			switch {
			case r.invalid != "":
			case k == "":
				r.invalid = "an empty term"
			case jsonldKeywords[k] && !contextKeywords[k]:
				r.invalid = fmt.Sprintf("a definition of the keyword %s", k)
			case k == "@type":
				if d, ok := def.(map[string]any); !ok || d["@container"] != "@set" {
					r.invalid = "a definition of the keyword @type other than an @set container"
				}
			case def == nil && protected:
				r.invalid = fmt.Sprintf("the protected term %q defined as null", k)
			}
			if k == "@base" {
				if s, ok := def.(string); ok {
					r.bases = append(r.bases, s)
				} else if def == nil {
					r.bases = append(r.bases, "")
				}
				continue
			}
			if strings.HasPrefix(k, "@") {
				continue
			}
			if why := riskyTerm(k, def); why != "" {
				if r.terms == nil {
					r.terms = map[string]string{}
				}
				r.terms[k] = why
			}
			switch d := def.(type) {
			case string:
				if d == "@id" || d == "@type" {
					addTerm(&r.iriTerms, k)
				}
			case map[string]any:
				if id := d["@id"]; id == "@id" || id == "@type" || d["@type"] == "@id" || d["@type"] == "@vocab" {
					addTerm(&r.iriTerms, k)
				}
				cont, isList := d["@container"].([]any)
				if !isList {
					cont = []any{d["@container"]}
				}
				for _, c := range cont {
					if c == "@id" || c == "@type" {
						addTerm(&r.mapTerms, k)
					}
				}
				if sc, ok := d["@context"]; ok {
					r.noteContext(sc)
				}
			}
		}
	}
}

func (r *contextRisks) termSet() map[string]bool {
	m := make(map[string]bool, len(r.terms))
	for t := range r.terms { //bbs:maporder-ok builds a set: order does not matter
		m[t] = true
	}
	return m
}

func riskyTerm(name string, def any) string {
	switch d := def.(type) {
	case map[string]any:
		if d["@id"] == "@nest" {
			if _, ok := d["@context"]; ok {
				return "an alias of @nest with a scoped context"
			}
		}
		sc, ok := d["@context"]
		if !ok {
			return ""
		}
		graph := false
		cont, isList := d["@container"].([]any)
		if !isList {
			cont = []any{d["@container"]}
		}
		for _, c := range cont {
			graph = graph || c == "@graph"
		}
		list, isList := sc.([]any)
		if !isList {
			list = []any{sc}
		}
		for _, x := range list {
			if x == nil && graph {
				return "an @graph container term whose scoped context holds null"
			}
			if m, ok := x.(map[string]any); ok {
				if _, self := m[name]; self {
					return "a term whose scoped context redefines it"
				}
			}
		}
	}
	return ""
}

// checkConstructs refuses doc if it uses a construct listed at the top of
// this file. Its cost is linear in the size of doc.
func (l *Loader) checkConstructs(doc map[string]any) error {
	var embedded contextRisks
	keys := map[string]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch t := v.(type) {
		case []any:
			for _, x := range t {
				walk(x)
			}
		case map[string]any:
			for _, k := range sortedKeys(t) {
				if k == "@context" {
					embedded.noteContext(t[k])
					continue
				}
				keys[k] = true
				walk(t[k])
			}
		}
	}
	walk(doc)
	if embedded.invalid != "" {
		return fmt.Errorf("%w: a context holds %s (not valid JSON-LD)", ErrDocument, embedded.invalid)
	}
	for _, k := range sortedKeys(keysAsAny(keys)) {
		why := embedded.terms[k]
		if why == "" {
			why = l.risky[k]
		}
		if why != "" {
			return fmt.Errorf("%w: %q is %s, which is not supported", ErrDocument, k, why)
		}
	}
	return l.checkBases(doc, &embedded)
}

func keysAsAny(m map[string]bool) map[string]any {
	out := make(map[string]any, len(m))
	for k := range m { //bbs:maporder-ok builds a map: order does not matter
		out[k] = nil
	}
	return out
}

// checkBases: see the top of this file. bases are the document's @base
// values ("" for null); remote contexts' are not used by JSON-LD.
func (l *Loader) checkBases(doc map[string]any, ctx *contextRisks) error {
	bases := ctx.bases
	if len(bases) == 0 && l.base == "" {
		return nil
	}
	distinct := map[string]bool{}
	for _, b := range bases {
		distinct[b] = true
	}
	if len(distinct) > maxBases {
		return fmt.Errorf("%w: more than %d distinct @base values", ErrDocument, maxBases)
	}
	candidates := []string{l.base, ""}
	seen := map[string]bool{l.base: true, "": true}
	for i := 0; i < len(candidates); i++ {
		c := candidates[i]
		for _, b := range sortedKeys(keysAsAny(distinct)) {
			var next string
			switch {
			case b == "":
				continue // null: no base
			case ld.IsAbsoluteIri(b):
				next = b
			case c == "":
				continue // json-gold refuses a relative @base without a base
			default:
				if !resolvable(b) {
					return fmt.Errorf("%w: @base %q", ErrDocument, b)
				}
				next = ld.Resolve(c, b)
				if want := resolveIRI(c, b); next != want {
					return fmt.Errorf("%w: @base %q against %q: JSON-LD gives %q (not supported)", ErrDocument, b, c, want)
				}
			}
			if !seen[next] {
				if !wellFormedIRI(next) || !resolvable(next) {
					return fmt.Errorf("%w: @base %q is not a well-formed absolute IRI", ErrDocument, next)
				}
				seen[next] = true
				candidates = append(candidates, next)
				if len(candidates) > maxBases+2 {
					return fmt.Errorf("%w: more than %d bases", ErrDocument, maxBases)
				}
			}
		}
	}
	if l.base != "" && (!wellFormedIRI(l.base) || !resolvable(l.base)) {
		return fmt.Errorf("%w: document base %q is not a well-formed absolute IRI", ErrDocument, l.base)
	}
	var err error
	var visit func(v any)
	check := func(s string) {
		if err != nil || s == "" || strings.HasPrefix(s, "@") || strings.HasPrefix(s, "_:") || ld.IsAbsoluteIri(s) {
			return
		}
		if !resolvable(s) {
			err = fmt.Errorf("%w: %q cannot be resolved against a base", ErrDocument, s)
			return
		}
		for _, c := range candidates {
			if c == "" {
				continue
			}
			if got, want := ld.Resolve(c, s), resolveIRI(c, s); got != want {
				err = fmt.Errorf("%w: %q against base %q: JSON-LD gives %q (not supported)", ErrDocument, s, c, want)
				return
			}
		}
	}
	// The strings json-gold may resolve: values of @id, @type, @vocab,
	// @base, @context and @import (context URLs) and of the terms in
	// iriTerms, keys of
	// the maps of the terms in mapTerms.
	isIRIKey := func(k string) bool {
		switch k {
		case "@id", "@type", "@vocab", "@base", "@context", "@import":
			return true
		}
		return ctx.iriTerms[k] || l.iriTerms[k]
	}
	var visitIRIs func(v any)
	visitIRIs = func(v any) {
		switch t := v.(type) {
		case string:
			check(t)
		case []any:
			for _, x := range t {
				visitIRIs(x)
			}
		case map[string]any:
			visit(t)
		}
	}
	visit = func(v any) {
		switch t := v.(type) {
		case []any:
			for _, x := range t {
				visit(x)
			}
		case map[string]any:
			for _, k := range sortedKeys(t) {
				x := t[k]
				if ctx.mapTerms[k] || l.mapTerms[k] {
					if m, ok := x.(map[string]any); ok {
						for _, mk := range sortedKeys(m) {
							check(mk)
						}
					}
				}
				if isIRIKey(k) {
					visitIRIs(x)
				} else {
					visit(x)
				}
			}
		}
	}
	visit(doc)
	return err
}

// resolvable: json-gold's Resolve parses a reference with net/url and
// fails on what net/url refuses.
func resolvable(s string) bool {
	_, err := url.Parse(s)
	return err == nil
}
