package vc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/piprate/json-gold/ld"
)

// ErrDocument means a JSON-LD document is malformed or unsafe: not JSON,
// a duplicate key, a term that is not defined, a relative IRI, a value
// JSON-LD would drop, or too large or too deep.
var ErrDocument = errors.New("vc: document")

// Limits bound the work spent on one document. The zero value of a field
// means its default (DefaultLimits).
type Limits struct {
	// MaxBytes is the largest document, in bytes of JSON.
	MaxBytes int
	// MaxDepth is the deepest nesting of JSON objects and arrays.
	MaxDepth int
	// MaxQuads is the most RDF statements a document may give.
	MaxQuads int
	// MaxBlankNodes is the most blank nodes a document may give.
	MaxBlankNodes int
	// MaxCanonWork bounds RDFC-1.0's Hash N-Degree Quads calls plus the
	// permutations they try, together (0 steps for a document whose blank
	// nodes all have distinct first-degree hashes).
	MaxCanonWork int
}

// DefaultLimits are the Limits used where none are given.
var DefaultLimits = Limits{
	MaxBytes:      256 << 10,
	MaxDepth:      32,
	MaxQuads:      2048,
	MaxBlankNodes: 512,
	MaxCanonWork:  4096,
}

func (l Limits) withDefaults() Limits {
	d := DefaultLimits
	if l.MaxBytes > 0 {
		d.MaxBytes = l.MaxBytes
	}
	if l.MaxDepth > 0 {
		d.MaxDepth = l.MaxDepth
	}
	if l.MaxQuads > 0 {
		d.MaxQuads = l.MaxQuads
	}
	if l.MaxBlankNodes > 0 {
		d.MaxBlankNodes = l.MaxBlankNodes
	}
	if l.MaxCanonWork > 0 {
		d.MaxCanonWork = l.MaxCanonWork
	}
	return d
}

// ParseDocument parses a JSON document for this package: an object, no
// duplicate keys, within the size and depth limits. Numbers become float64,
// as in JavaScript.
func ParseDocument(b []byte, lim Limits) (map[string]any, error) {
	lim = lim.withDefaults()
	if len(b) > lim.MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes, more than %d", ErrLimit, len(b), lim.MaxBytes)
	}
	if d := jsonDepth(b); d > lim.MaxDepth {
		return nil, fmt.Errorf("%w: JSON nested %d deep, more than %d", ErrLimit, d, lim.MaxDepth)
	}
	if k, dup, err := request.FirstDuplicateKey(b); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDocument, err)
	} else if dup {
		return nil, fmt.Errorf("%w: duplicate key %q", ErrDocument, k)
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&v); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDocument, err)
	}
	if dec.More() {
		return nil, fmt.Errorf("%w: data after the JSON value", ErrDocument)
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%w: not a JSON object", ErrDocument)
	}
	return m, nil
}

// jsonDepth is the deepest nesting of objects and arrays in b, counted on
// the bytes (strings skipped) so that it is bounded before any parse.
func jsonDepth(b []byte) int {
	depth, max := 0, 0
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
		case c == '"':
			inString = true
		case c == '{' || c == '[':
			depth++
			if depth > max {
				max = depth
			}
		case c == '}' || c == ']':
			depth--
		}
	}
	return max
}

// valueDepth is the nesting depth of a parsed value.
func valueDepth(v any) int {
	switch t := v.(type) {
	case map[string]any:
		d := 0
		for _, x := range t {
			if e := valueDepth(x); e > d {
				d = e
			}
		}
		return d + 1
	case []any:
		d := 0
		for _, x := range t {
			if e := valueDepth(x); e > d {
				d = e
			}
		}
		return d + 1
	}
	return 0
}

func (l *Loader) options() *ld.JsonLdOptions {
	o := ld.NewJsonLdOptions("")
	o.DocumentLoader = l
	o.ProcessingMode = ld.JsonLd_1_1
	o.SafeMode = true
	o.Algorithm = ld.AlgorithmURDNA2015
	return o
}

// toQuads expands doc (a parsed JSON object, not modified) in safe mode and
// returns its RDF statements. Safe mode refuses what JSON-LD would
// otherwise drop or leave relative (see checkSafe).
func (l *Loader) toQuads(doc map[string]any, lim Limits) ([]quad, error) {
	lim = lim.withDefaults()
	if d := valueDepth(doc); d > lim.MaxDepth {
		return nil, fmt.Errorf("%w: JSON nested %d deep, more than %d", ErrLimit, d, lim.MaxDepth)
	}
	proc := ld.NewJsonLdProcessor()
	opts := l.options()
	in := deepCopy(doc)
	expanded, err := proc.Expand(in, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: JSON-LD expansion: %v", ErrDocument, err)
	}
	if err := checkSafe(proc, opts, doc, expanded); err != nil {
		return nil, err
	}
	api := ld.NewJsonLdApi()
	ds, err := api.ToRDF(expanded, opts)
	if err != nil {
		return nil, fmt.Errorf("%w: JSON-LD to RDF: %v", ErrDocument, err)
	}
	quads, err := quadsFromDataset(ds)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrDocument, err)
	}
	if len(quads) > lim.MaxQuads {
		return nil, fmt.Errorf("%w: %d RDF statements, more than %d", ErrLimit, len(quads), lim.MaxQuads)
	}
	bn := map[string]bool{}
	for i := range quads {
		for _, t := range [...]*term{&quads[i].s, &quads[i].o, &quads[i].g} {
			if t.kind == kindBlank {
				bn[t.value] = true
			}
		}
	}
	if len(bn) > lim.MaxBlankNodes {
		return nil, fmt.Errorf("%w: %d blank nodes, more than %d", ErrLimit, len(bn), lim.MaxBlankNodes)
	}
	return quads, nil
}

// checkSafe is the JSON-LD "safe mode" check. json-gold's SafeMode already
// refuses a property that does not expand to an absolute IRI. On the
// expanded form this checks that every @id is an absolute IRI or a blank
// node, and every @type an absolute IRI; and that nothing was dropped:
// compacting the expanded form with the document's own context must give
// the document back (the values compared as JSON, a one-element array
// equal to its element), so every value of the document is in the RDF that
// is signed, and nothing a reader sees in the JSON is unsigned.
func checkSafe(proc *ld.JsonLdProcessor, opts *ld.JsonLdOptions, doc map[string]any, expanded []any) error {
	if err := checkExpandedIRIs(expanded, "$"); err != nil {
		return err
	}
	ctx, ok := doc["@context"]
	if !ok {
		return fmt.Errorf("%w: no @context", ErrDocument)
	}
	compacted, err := proc.Compact(deepCopy(expanded), map[string]any{"@context": deepCopy(ctx)}, opts)
	if err != nil {
		return fmt.Errorf("%w: JSON-LD compaction: %v", ErrDocument, err)
	}
	delete(compacted, "@context")
	orig := deepCopy(doc).(map[string]any)
	delete(orig, "@context")
	if p, diff := firstDifference(normalizeArrays(orig), normalizeArrays(compacted), ""); diff {
		if p == "" {
			p = "/"
		}
		return fmt.Errorf("%w: JSON-LD drops or changes the value at %s (an undefined term, a null, a relative IRI or a value that is not data)", ErrDocument, p)
	}
	return nil
}

func checkExpandedIRIs(v any, where string) error {
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			if err := checkExpandedIRIs(x, where); err != nil {
				return err
			}
		}
	case map[string]any:
		_, isValue := t["@value"]
		for k, x := range t {
			switch k {
			case "@id":
				s, _ := x.(string)
				if !strings.HasPrefix(s, "_:") && !absoluteIRI(s) {
					return fmt.Errorf("%w: @id %q is not an absolute IRI", ErrDocument, s)
				}
			case "@type":
				if isValue {
					s, _ := x.(string)
					if s != "@json" && !absoluteIRI(s) {
						return fmt.Errorf("%w: value type %q is not an absolute IRI", ErrDocument, s)
					}
					continue
				}
				types, ok := x.([]any)
				if !ok {
					types = []any{x}
				}
				for _, ty := range types {
					s, _ := ty.(string)
					if !absoluteIRI(s) {
						return fmt.Errorf("%w: type %q is not an absolute IRI", ErrDocument, s)
					}
				}
			case "@value", "@language", "@direction", "@index":
			default:
				if !strings.HasPrefix(k, "@") && !absoluteIRI(k) {
					return fmt.Errorf("%w: property %q is not an absolute IRI", ErrDocument, k)
				}
				if err := checkExpandedIRIs(x, k); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// absoluteIRI: a scheme (RFC 3986: ALPHA *( ALPHA / DIGIT / "+" / "-" /
// "." )) and ":", no space or character N-Quads cannot hold in an IRI.
func absoluteIRI(s string) bool {
	i := strings.IndexByte(s, ':')
	if i < 1 {
		return false
	}
	for j := 0; j < i; j++ {
		c := s[j]
		alpha := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
		if !alpha && (j == 0 || !(c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.')) {
			return false
		}
	}
	for _, r := range s {
		if r <= 0x20 || strings.ContainsRune("<>\"{}|^`\\", r) {
			return false
		}
	}
	return true
}

func normalizeArrays(v any) any {
	switch t := v.(type) {
	case []any:
		if len(t) == 1 {
			return normalizeArrays(t[0])
		}
		out := make([]any, len(t))
		for i, x := range t {
			out[i] = normalizeArrays(x)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(t))
		for k, x := range t {
			out[k] = normalizeArrays(x)
		}
		return out
	}
	return v
}

// firstDifference returns the JSON pointer of the first place (keys in
// sorted order) where a and b differ.
func firstDifference(a, b any, at string) (string, bool) {
	switch ta := a.(type) {
	case map[string]any:
		tb, ok := b.(map[string]any)
		if !ok {
			return at, true
		}
		for _, k := range sortedKeys(ta, tb) {
			p := at + "/" + escapePointer(k)
			xa, oka := ta[k]
			xb, okb := tb[k]
			if !oka || !okb {
				return p, true
			}
			if q, d := firstDifference(xa, xb, p); d {
				return q, true
			}
		}
		return "", false
	case []any:
		tb, ok := b.([]any)
		if !ok || len(ta) != len(tb) {
			return at, true
		}
		for i := range ta {
			if q, d := firstDifference(ta[i], tb[i], fmt.Sprintf("%s/%d", at, i)); d {
				return q, true
			}
		}
		return "", false
	default:
		if !reflect.DeepEqual(a, b) {
			return at, true
		}
		return "", false
	}
}

func sortedKeys(ms ...map[string]any) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				out = append(out, k)
			}
		}
	}
	sortStrings(out)
	return out
}

func escapePointer(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}
