// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
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
	// MaxContextLoads is the most context documents one document's
	// processing may load from the Loader (each reference counts, again
	// each time it is met).
	MaxContextLoads int
	// MaxCanonWork bounds RDFC-1.0's blank-node disambiguation: each Hash
	// N-Degree Quads call counts one step plus one per statement of its
	// blank node, each permutation it tries one plus its length plus the
	// blank nodes its issuer holds (0 steps for a document whose blank
	// nodes all have distinct first-degree hashes).
	MaxCanonWork int
	// MaxValues is the most JSON values a document may hold, every object,
	// array, string, number, boolean and null counted, nested ones and
	// those of an inline @context included.
	MaxValues int
	// MaxArrayValues is the most values of one JSON array (the values of
	// one property, the items of one list).
	MaxArrayValues int
	// MaxKeys is the most members of one JSON object (the properties of
	// one node, the terms of one inline context).
	MaxKeys int
	// MaxStringBytes is the longest JSON string, key or value, in bytes.
	MaxStringBytes int
	// MaxContextValues is the most JSON values of the context documents
	// one document's processing loads from the Loader, together (each
	// load counts, as for MaxContextLoads).
	MaxContextValues int
	// MaxScopedContextValues bounds the work expansion spends on scoped
	// contexts (the @context of a term definition, processed again at each
	// use of the term): over every key and string of the document that
	// names such a term, the scoped context's JSON values plus 8, plus one
	// per 64 values of the contexts the document names or holds.
	MaxScopedContextValues int
}

// DefaultLimits are the Limits used where none are given.
var DefaultLimits = Limits{
	MaxBytes:        256 << 10,
	MaxDepth:        32,
	MaxQuads:        2048,
	MaxBlankNodes:   512,
	MaxCanonWork:    4096,
	MaxContextLoads: 16,

	MaxValues:        512,
	MaxArrayValues:   256,
	MaxKeys:          256,
	MaxStringBytes:   180 << 10,
	MaxContextValues: 8192,

	MaxScopedContextValues: 1024,
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
	if l.MaxContextLoads > 0 {
		d.MaxContextLoads = l.MaxContextLoads
	}
	if l.MaxCanonWork > 0 {
		d.MaxCanonWork = l.MaxCanonWork
	}
	for _, f := range [...]struct{ v, d *int }{
		{&l.MaxValues, &d.MaxValues}, {&l.MaxArrayValues, &d.MaxArrayValues}, {&l.MaxKeys, &d.MaxKeys},
		{&l.MaxStringBytes, &d.MaxStringBytes}, {&l.MaxContextValues, &d.MaxContextValues},
		{&l.MaxScopedContextValues, &d.MaxScopedContextValues},
	} {
		if *f.v > 0 {
			*f.d = *f.v
		}
	}
	return d
}

// ParseDocument parses a JSON document for this package: an object, no
// duplicate keys, within the limits of its size and shape (size, depth,
// values, array length, object members, string length). Numbers become
// float64, as in JavaScript.
func ParseDocument(b []byte, lim Limits) (map[string]any, error) {
	lim = lim.withDefaults()
	if len(b) > lim.MaxBytes {
		return nil, fmt.Errorf("%w: %d bytes, more than %d", ErrLimit, len(b), lim.MaxBytes)
	}
	if d := jsonDepth(b); d > lim.MaxDepth {
		return nil, fmt.Errorf("%w: JSON nested %d deep, more than %d", ErrLimit, d, lim.MaxDepth)
	}
	if n := jsonValues(b); n > lim.MaxValues {
		return nil, fmt.Errorf("%w: JSON of %d values, more than %d", ErrLimit, n, lim.MaxValues)
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
	if err := checkJSON(m, lim); err != nil {
		return nil, err
	}
	if tok, bad := inexactNumber(b); bad {
		return nil, fmt.Errorf("%w: the number %s would be read as %s (not the number written)", ErrDocument, tok, strconv.FormatFloat(mustFloat(tok), 'g', -1, 64))
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

// countingLoader is the Loader of one operation, refusing more than max
// loads: a document cannot make its verifier parse a context thousands of
// times.
type countingLoader struct {
	l      *Loader
	n, max int
	// values counts the JSON values of the documents loaded, up to
	// maxValues.
	values, maxValues int
}

func (c *countingLoader) LoadDocument(url string) (*ld.RemoteDocument, error) {
	c.n++
	if c.n > c.max {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, fmt.Sprintf("more than %d context loads (limit)", c.max))
	}
	c.values += c.l.values[url]
	if c.values > c.maxValues {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, fmt.Sprintf("more than %d values of context documents (limit)", c.maxValues))
	}
	return c.l.LoadDocument(url)
}

func (l *Loader) options(lim Limits) *ld.JsonLdOptions {
	o := ld.NewJsonLdOptions(l.base)
	lim = lim.withDefaults()
	o.DocumentLoader = &countingLoader{l: l, max: lim.MaxContextLoads, maxValues: lim.MaxContextValues}
	o.ProcessingMode = ld.JsonLd_1_1
	o.SafeMode = true
	o.Algorithm = ld.AlgorithmURDNA2015
	return o
}

// jsonldError wraps an error of json-gold: ErrLimit if the operation ran
// out of context loads, else ErrDocument, with json-gold's text only for
// the errors of expandedErrorCodes. json-gold processes the term
// definitions of a context (and the keys of each) in Go's map order, so
// for a context with several faults the error it returns, code and
// details, varies from run to run; every endorser must give the same
// answer, so such an error gets one fixed text.
func jsonldError(opts *ld.JsonLdOptions, what string, err error) error {
	if c, ok := opts.DocumentLoader.(*countingLoader); ok && c.n > c.max {
		return fmt.Errorf("%w: more than %d context loads", ErrLimit, c.max)
	} else if ok && c.values > c.maxValues {
		return fmt.Errorf("%w: context documents of %d values, more than %d", ErrLimit, c.values, c.maxValues)
	}
	var le *ld.JsonLdError
	if !errors.As(err, &le) || !expandedErrorCodes[le.Code] {
		return fmt.Errorf("%w: %s: a JSON-LD context is invalid, or names a context that is not held", ErrDocument, what)
	}
	return fmt.Errorf("%w: %s: %v", ErrDocument, what, err)
}

// expandedErrorCodes are the errors json-gold raises only while it
// expands the document's keys, which it takes in sorted order, never
// while it processes a context: their text depends on the document alone.
var expandedErrorCodes = map[ld.ErrorCode]bool{
	ld.CollidingKeywords: true, ld.ConflictingIndexes: true, ld.InvalidIDValue: true,
	ld.InvalidIncludedValue: true, ld.InvalidIndexValue: true, ld.InvalidLanguageMapValue: true,
	ld.InvalidLanguageTaggedString: true, ld.InvalidLanguageTaggedValue: true, ld.InvalidProperty: true,
	ld.InvalidReversePropertyMap: true, ld.InvalidReversePropertyValue: true, ld.InvalidReverseValue: true,
	ld.InvalidSetOrListObject: true, ld.InvalidTypeValue: true, ld.InvalidTypedValue: true,
	ld.InvalidValueObject: true, ld.InvalidValueObjectValue: true,
}

// toQuads expands doc (a parsed JSON object, not modified) in safe mode and
// returns its RDF statements. Safe mode refuses what JSON-LD would
// otherwise drop or leave relative (see checkSafe).
func (l *Loader) toQuads(doc map[string]any, lim Limits) ([]quad, error) {
	lim = lim.withDefaults()
	if err := checkJSON(doc, lim); err != nil {
		return nil, err
	}
	if uses, cost := scopedCost(doc, l); cost > lim.MaxScopedContextValues {
		return nil, fmt.Errorf("%w: %d uses of scoped contexts, costing %d, more than %d", ErrLimit, uses, cost, lim.MaxScopedContextValues)
	}
	if err := l.checkConstructs(doc); err != nil {
		return nil, err
	}
	proc := ld.NewJsonLdProcessor()
	opts := l.options(lim)
	in := deepCopy(doc)
	expanded, err := proc.Expand(in, opts)
	if err != nil {
		if t := l.undefinedTerm(doc, lim, opts, err); t != "" {
			return nil, fmt.Errorf("%w: JSON-LD expansion: %s does not expand to an absolute IRI (an undefined term: JSON-LD would drop it)", ErrDocument, t)
		}
		return nil, jsonldError(opts, "JSON-LD expansion", err)
	}
	if err := checkSafe(doc, expanded); err != nil {
		return nil, err
	}
	if err := checkExpanded(expanded, lim); err != nil {
		return nil, err
	}
	quads, err := expandedToQuads(expanded)
	if err != nil {
		return nil, err
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

// undefinedVocab is the @vocab undefinedTerm appends: a term that expands
// to an IRI under it expanded to none in the document's own contexts.
const undefinedVocab = "urn:fabric-bbs:undefined-term:"

// undefinedTerm names the property that made safe-mode expansion fail with
// json-gold's invalid property error, whose text does not name it: the
// document is expanded again without safe mode, its contexts followed by
// {"@vocab": undefinedVocab}, and the properties that then expand under
// undefinedVocab are the undefined terms. It returns the first in sorted
// order, with its JSON pointer when the key occurs once in the document,
// as `term "x" at /a/x`; or "" when err is another error or the term is not
// found so (a term defined as null, a scoped context that sets @vocab),
// and the caller keeps json-gold's text. One more expansion of the same
// document, on the error path only.
func (l *Loader) undefinedTerm(doc map[string]any, lim Limits, opts *ld.JsonLdOptions, err error) string {
	var le *ld.JsonLdError
	if _, ok := doc["@context"]; !ok || !errors.As(err, &le) || le.Code != ld.InvalidProperty {
		return "" // checkSafe's "no @context" is the clearer error
	}
	if c, ok := opts.DocumentLoader.(*countingLoader); ok && c.n > c.max {
		return ""
	}
	probe := deepCopy(doc).(map[string]any)
	marker := map[string]any{"@vocab": undefinedVocab}
	switch c := probe["@context"].(type) {
	case []any:
		probe["@context"] = append(c, marker)
	default:
		probe["@context"] = []any{c, marker}
	}
	o := l.options(lim)
	o.SafeMode = false
	expanded, err := ld.NewJsonLdProcessor().Expand(probe, o)
	if err != nil {
		return ""
	}
	var terms []string
	collectUndefined(expanded, &terms)
	if len(terms) == 0 {
		return ""
	}
	sortStrings(terms)
	t := terms[0]
	var at []string
	keyPointers(doc, t, "", &at)
	if len(at) == 1 {
		return fmt.Sprintf("term %q at %s", t, at[0])
	}
	return fmt.Sprintf("term %q", t)
}

// collectUndefined appends to out the terms of the properties of v (an
// expanded document) that expanded under undefinedVocab.
func collectUndefined(v any, out *[]string) {
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			collectUndefined(x, out)
		}
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if term, ok := strings.CutPrefix(k, undefinedVocab); ok {
				*out = append(*out, term)
			}
			collectUndefined(t[k], out)
		}
	}
}

// keyPointers appends to out the JSON pointer of every key named key in v
// (outside @context), in sorted key order, depth first.
func keyPointers(v any, key, at string, out *[]string) {
	switch t := v.(type) {
	case []any:
		for i, x := range t {
			keyPointers(x, key, fmt.Sprintf("%s/%d", at, i), out)
		}
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if k == "@context" {
				continue
			}
			p := at + "/" + escapePointer(k)
			if k == key {
				*out = append(*out, p)
			}
			keyPointers(t[k], key, p, out)
		}
	}
}

// checkSafe is the JSON-LD "safe mode" check, on the document as given and
// on its expanded form. json-gold's SafeMode already refuses a property
// that does not expand to an absolute IRI (an undefined term). Here:
//   - in the document (outside @context): no null (JSON-LD drops it), no
//     key that looks like a keyword but is none ("@x": JSON-LD ignores it),
//     no scalar where only node objects are kept (top-level or @graph
//     arrays: JSON-LD drops free-floating values);
//   - in the expanded form: every @id an absolute IRI or a blank node, every
//     @type an absolute IRI, no @index (index-map keys are not in the RDF)
//     and no @direction (json-gold does not carry it into the RDF).
//
// So a reader of the JSON sees nothing that is not in the signed RDF.
func checkSafe(doc map[string]any, expanded []any) error {
	if _, ok := doc["@context"]; !ok {
		return fmt.Errorf("%w: no @context", ErrDocument)
	}
	if err := checkInput(doc, ""); err != nil {
		return err
	}
	return checkExpandedIRIs(expanded, "")
}

var jsonldKeywords = map[string]bool{
	"@base": true, "@container": true, "@context": true, "@direction": true, "@graph": true, "@id": true,
	"@import": true, "@included": true, "@index": true, "@json": true, "@language": true, "@list": true,
	"@nest": true, "@none": true, "@prefix": true, "@propagate": true, "@protected": true, "@reverse": true,
	"@set": true, "@type": true, "@value": true, "@version": true, "@vocab": true,
}

func checkInput(v any, at string) error {
	switch t := v.(type) {
	case nil:
		return fmt.Errorf("%w: null at %s (JSON-LD drops it)", ErrDocument, pointerOrRoot(at))
	case []any:
		for i, x := range t {
			p := fmt.Sprintf("%s/%d", at, i)
			if strings.HasSuffix(at, "/@graph") {
				if _, ok := x.(map[string]any); !ok {
					return fmt.Errorf("%w: %s is not a node object (JSON-LD drops it)", ErrDocument, p)
				}
			}
			if err := checkInput(x, p); err != nil {
				return err
			}
		}
	case map[string]any:
		for _, k := range sortedKeys(t) {
			if k == "@context" {
				continue
			}
			if strings.HasPrefix(k, "@") && !jsonldKeywords[k] {
				return fmt.Errorf("%w: key %q at %s looks like a keyword and is none (JSON-LD ignores it)", ErrDocument, k, pointerOrRoot(at))
			}
			if err := checkInput(t[k], at+"/"+escapePointer(k)); err != nil {
				return err
			}
		}
	}
	return nil
}

func pointerOrRoot(p string) string {
	if p == "" {
		return "the top level"
	}
	return p
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
		for _, k := range sortedKeys(t) { // the error names the first fault in key order
			x := t[k]
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
			case "@index", "@direction":
				return fmt.Errorf("%w: %s in the expanded document (not carried into the signed RDF)", ErrDocument, k)
			case "@value", "@language":
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

func sortedKeys(ms ...map[string]any) []string {
	seen := map[string]bool{}
	var out []string
	for _, m := range ms {
		for k := range m { //bbs:maporder-ok keys collected, sorted below
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
