// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"strings"
)

// This file holds the checks that bound a document's cost before any step
// whose cost grows with more than its size: a scan of the parsed JSON
// before JSON-LD expansion (jsonShape), a scan of the expanded form before
// node map generation (expandedShape), and the statement and blank node
// counts before canonicalization (toQuads).

// jsonShape is what the scan of one parsed JSON value finds.
type jsonShape struct {
	values    int // every JSON value, nested ones included
	depth     int // deepest nesting of objects and arrays
	maxArray  int // the longest array
	maxKeys   int // the most members of one object
	maxString int // the longest string, key or value, in bytes
}

// scanJSON returns the shape of v, in one walk linear in its size.
func scanJSON(v any) jsonShape {
	var s jsonShape
	s.walk(v, 1)
	return s
}

func (s *jsonShape) walk(v any, depth int) {
	s.values++
	switch t := v.(type) {
	case map[string]any:
		if depth > s.depth {
			s.depth = depth
		}
		if len(t) > s.maxKeys {
			s.maxKeys = len(t)
		}
		for k, x := range t { //bbs:maporder-ok counts and maxima only
			if len(k) > s.maxString {
				s.maxString = len(k)
			}
			s.walk(x, depth+1)
		}
	case []any:
		if depth > s.depth {
			s.depth = depth
		}
		if len(t) > s.maxArray {
			s.maxArray = len(t)
		}
		for _, x := range t {
			s.walk(x, depth+1)
		}
	case string:
		if len(t) > s.maxString {
			s.maxString = len(t)
		}
	}
}

// check refuses a shape beyond lim (which has its defaults), naming the
// first limit exceeded in a fixed order; what names the value.
func (s jsonShape) check(lim Limits, what string) error {
	switch {
	case s.depth > lim.MaxDepth:
		return fmt.Errorf("%w: %s nested %d deep, more than %d", ErrLimit, what, s.depth, lim.MaxDepth)
	case s.values > lim.MaxValues:
		return fmt.Errorf("%w: %s of %d values, more than %d", ErrLimit, what, s.values, lim.MaxValues)
	case s.maxArray > lim.MaxArrayValues:
		return fmt.Errorf("%w: %s has an array of %d values, more than %d", ErrLimit, what, s.maxArray, lim.MaxArrayValues)
	case s.maxKeys > lim.MaxKeys:
		return fmt.Errorf("%w: %s has an object of %d members, more than %d", ErrLimit, what, s.maxKeys, lim.MaxKeys)
	case s.maxString > lim.MaxStringBytes:
		return fmt.Errorf("%w: %s has a string of %d bytes, more than %d", ErrLimit, what, s.maxString, lim.MaxStringBytes)
	}
	return nil
}

// checkJSON is the scan of a parsed document before expansion.
func checkJSON(doc any, lim Limits) error {
	return scanJSON(doc).check(lim, "JSON")
}

// expandedShape bounds, on the expanded form, what node map generation
// and the RDF conversion make of it: the statements (each value of a
// property, each type, two per list item) and the blank nodes (each node
// object without @id, each distinct blank node label, each list item),
// both before duplicates are merged, so at least as many as the RDF has.
type expandedShape struct {
	statements int
	anonymous  int
	labels     map[string]struct{}
}

func (e *expandedShape) label(s string) {
	if strings.HasPrefix(s, "_:") {
		e.labels[s] = struct{}{}
	}
}

func (e *expandedShape) walk(v any, inList bool) {
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			if inList {
				e.statements += 2
				e.anonymous++
			}
			e.walk(x, false)
		}
	case map[string]any:
		_, isValue := t["@value"]
		for k, x := range t { //bbs:maporder-ok counts and a set only
			switch k {
			case "@id":
				if s, ok := x.(string); ok && !isValue {
					e.label(s)
				}
			case "@type":
				if isValue {
					continue
				}
				types, ok := x.([]any)
				if !ok {
					types = []any{x}
				}
				for _, ty := range types {
					e.statements++
					if s, ok := ty.(string); ok {
						e.label(s)
					}
				}
			case "@list":
				e.walk(x, true)
			case "@value", "@language", "@direction", "@index":
			case "@reverse":
				if r, ok := x.(map[string]any); ok {
					for _, vs := range r { //bbs:maporder-ok counts and walks only
						e.count(vs)
						e.walk(vs, false)
					}
				}
			case "@graph", "@included":
				e.walk(x, false)
			default:
				e.count(x)
				e.walk(x, false)
			}
		}
		if _, hasID := t["@id"]; !hasID && !isValue {
			if _, isList := t["@list"]; !isList {
				e.anonymous++
			}
		}
	}
}

// count adds the values of one property.
func (e *expandedShape) count(v any) {
	if a, ok := v.([]any); ok {
		e.statements += len(a)
	} else {
		e.statements++
	}
}

// checkExpanded refuses an expanded document that would give more
// statements or blank nodes than lim allows, before its node map is made.
func checkExpanded(expanded []any, lim Limits) error {
	e := expandedShape{labels: map[string]struct{}{}}
	e.walk(expanded, false)
	if e.statements > lim.MaxQuads {
		return fmt.Errorf("%w: %d RDF statements (before duplicates are merged), more than %d", ErrLimit, e.statements, lim.MaxQuads)
	}
	if n := e.anonymous + len(e.labels); n > lim.MaxBlankNodes {
		return fmt.Errorf("%w: %d blank nodes (node objects without @id, blank node labels, list items), more than %d", ErrLimit, n, lim.MaxBlankNodes)
	}
	return nil
}

// scopedContexts records, for each term some context defines with a
// scoped context (an @context in its term definition, applied each time
// the term is used as a property or a type), the most JSON values such a
// scoped context holds.
type scopedContexts map[string]int

// addDefinitions adds the scoped contexts of the term definitions in ctx
// (a context: an object, an array of them or a URL), and of the term
// definitions in those scoped contexts.
func (s scopedContexts) addDefinitions(ctx any) {
	switch t := ctx.(type) {
	case []any:
		for _, c := range t {
			s.addDefinitions(c)
		}
	case map[string]any:
		for term, def := range t { //bbs:maporder-ok a maximum per term
			d, ok := def.(map[string]any)
			if !ok {
				continue
			}
			scoped, ok := d["@context"]
			if !ok {
				continue
			}
			if n := scanJSON(scoped).values; n > s[term] {
				s[term] = n
			}
			s.addDefinitions(scoped)
		}
	}
}

// merge adds the entries of o.
func (s scopedContexts) merge(o scopedContexts) {
	for term, n := range o { //bbs:maporder-ok a maximum per term
		if n > s[term] {
			s[term] = n
		}
	}
}

// scopedCost bounds the work JSON-LD expansion of doc spends on scoped
// contexts, which it processes again at each use: a small document can
// make its expansion process a context many times. Each key and each
// string outside @context that names a term defined with a scoped context
// (by any context of the Loader or of doc) is a use, costing that scoped
// context's JSON values plus 8 (processing any context) plus one per 64
// values of the contexts doc names or holds (each use copies the active
// context). It returns the uses and their cost.
func scopedCost(doc any, l *Loader) (uses, cost int) {
	terms := scopedContexts{}
	terms.merge(l.scoped)
	active := collectInlineContexts(doc, terms, l)
	if len(terms) == 0 {
		return 0, 0
	}
	u := &scopedUses{terms: terms}
	u.walk(doc)
	return u.uses, u.values + u.uses*(8+active/64)
}

// collectInlineContexts adds the scoped contexts of every @context of v
// to terms and returns the JSON values of those contexts and of the
// Loader's documents they name.
func collectInlineContexts(v any, terms scopedContexts, l *Loader) int {
	n := 0
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			n += collectInlineContexts(x, terms, l)
		}
	case map[string]any:
		for k, x := range t { //bbs:maporder-ok a maximum per term, a sum
			if k != "@context" {
				n += collectInlineContexts(x, terms, l)
				continue
			}
			terms.addDefinitions(x)
			n += scanJSON(x).values
			refs, _ := x.([]any)
			if s, ok := x.(string); ok {
				refs = []any{s}
			}
			for _, r := range refs {
				if s, ok := r.(string); ok {
					n += l.values[s]
				}
			}
		}
	}
	return n
}

// scopedUses counts the uses of terms with a scoped context.
type scopedUses struct {
	terms        scopedContexts
	uses, values int
}

func (u *scopedUses) use(term string) {
	if n, ok := u.terms[term]; ok {
		u.uses++
		u.values += n
	}
}

func (u *scopedUses) walk(v any) {
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			u.walk(x)
		}
	case map[string]any:
		for k, x := range t { //bbs:maporder-ok sums
			if k == "@context" {
				continue
			}
			u.use(k)
			u.walk(x)
		}
	case string:
		u.use(t)
	}
}

// jsonValues counts the values of the JSON text b on its bytes (for a
// well-formed text, the number scanJSON gives once it is parsed), so that
// a document of too many values is refused before it is decoded: one, plus
// one per comma, plus one per object or array that is not empty.
func jsonValues(b []byte) int {
	n := 1
	var empty []bool // per open object or array: nothing met inside yet
	inString, esc := false, false
	for _, c := range b {
		switch {
		case inString:
			switch {
			case esc:
				esc = false
			case c == '\\':
				esc = true
			case c == '"':
				inString = false
			}
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '}' || c == ']':
			if k := len(empty); k > 0 {
				if !empty[k-1] {
					n++
				}
				empty = empty[:k-1]
			}
			continue
		}
		if k := len(empty); k > 0 {
			empty[k-1] = false
		}
		switch c {
		case '"':
			inString = true
		case '{', '[':
			empty = append(empty, true)
		case ',':
			n++
		}
	}
	return n
}
