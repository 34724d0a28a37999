// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

const forgedTag = "en .\n<urn:ex:s> <urn:ex:z> <urn:ex:yes>"

// A language tag that holds the end of a statement and another statement
// is refused: before, the one-statement document below had the canonical
// N-Quads of a two-statement document.
func TestLanguageTagForgeryRefused(t *testing.T) {
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	tag, _ := json.Marshal(forgedTag)
	for _, d := range []string{
		`{"@context":{},"@id":"urn:ex:s","urn:ex:p":{"@value":"x","@language":` + string(tag) + `}}`,
		`{"@context":{"@language":` + string(tag) + `},"@id":"urn:ex:s","urn:ex:p":"x"}`,
		`{"@context":{"p":{"@id":"urn:ex:p","@language":` + string(tag) + `}},"@id":"urn:ex:s","p":"x"}`,
		`{"@context":{"p":{"@id":"urn:ex:p","@container":"@language"}},"@id":"urn:ex:s","p":{` + string(tag) + `:"x"}}`,
	} {
		doc, err := ParseDocument([]byte(d), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		q, err := l.toQuads(doc, Limits{})
		if err == nil {
			lines, _ := canonicalNQuads(q, Limits{})
			t.Errorf("%s: accepted, N-Quads:\n%s", d, strings.Join(lines, ""))
		} else if !errors.Is(err, ErrDocument) {
			t.Errorf("%s: %v, want ErrDocument", d, err)
		}
	}
}

// The N-Quads writer cannot be made to write one dataset as another: a
// term that could end its statement is refused before any line is
// written.
func TestNQuadsCollisionImpossible(t *testing.T) {
	s := term{kind: kindIRI, value: "urn:ex:s"}
	forged := []quad{{s: s, p: term{kind: kindIRI, value: "urn:ex:p"},
		o: term{kind: kindLiteral, value: "x", datatype: rdfLangString, lang: forgedTag}}}
	genuine := []quad{
		{s: s, p: term{kind: kindIRI, value: "urn:ex:p"}, o: term{kind: kindLiteral, value: "x", datatype: rdfLangString, lang: "en"}},
		{s: s, p: term{kind: kindIRI, value: "urn:ex:z"}, o: term{kind: kindIRI, value: "urn:ex:yes"}},
	}
	g, err := canonicalNQuads(genuine, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if f, err := canonicalNQuads(forged, Limits{}); err == nil {
		t.Errorf("forged dataset canonicalized; identical to the genuine one: %v\n%s", strings.Join(f, "") == strings.Join(g, ""), strings.Join(f, ""))
	}
	for _, bad := range []quad{
		{s: s, p: term{kind: kindIRI, value: "urn:ex:p> <urn:ex:q"}, o: s},
		{s: term{kind: kindBlank, value: "b0 <urn:ex:p> _:b1"}, p: s, o: s},
		{s: s, p: s, o: term{kind: kindLiteral, value: "x", datatype: "urn:ex:t> ."}},
		{s: s, p: s, o: s, g: term{kind: kindIRI, value: "urn:ex:g>"}},
		{s: s, p: s, o: term{kind: kindIRI, value: "urn:ex:a#b#c"}},
		{s: term{kind: kindLiteral, value: "x", datatype: xsdInteger}, p: s, o: s},
	} {
		if _, err := canonicalNQuads([]quad{bad}, Limits{}); err == nil {
			t.Errorf("%+v: canonicalized", bad)
		}
	}
}

// Every accepted term is written so that the line reads back as the same
// statement.
func TestNQuadsRoundTrip(t *testing.T) {
	s := term{kind: kindIRI, value: "https://example.com/a?b=c#d"}
	quads := []quad{
		{s: s, p: s, o: term{kind: kindLiteral, value: "a\"b\\c\nd\re\tf\bg\fh\x00i\x1fj\x7fk é \u2028 .\n<urn:x> <urn:y> <urn:z> .", datatype: xsdString}},
		{s: term{kind: kindBlank, value: "b0"}, p: s, o: term{kind: kindLiteral, value: "x", datatype: rdfLangString, lang: "de-CH-1996"}, g: term{kind: kindBlank, value: "b1"}},
		{s: s, p: s, o: term{kind: kindLiteral, value: "1", datatype: xsdInteger}, g: s},
		{s: s, p: s, o: term{kind: kindIRI, value: "urn:ex:é%20x"}},
	}
	if err := validQuads(quads); err != nil {
		t.Fatal(err)
	}
	var doc strings.Builder
	for i := range quads {
		doc.WriteString(nquad(&quads[i], func(l string) string { return l }))
	}
	back, err := parseNQuads(doc.String())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, quads) {
		t.Errorf("read back\n%+v\nwant\n%+v", back, quads)
	}
}

const xsdString = "http://www.w3.org/2001/XMLSchema#string"

func TestValidLanguageTag(t *testing.T) {
	for tag, want := range map[string]bool{
		"en": true, "EN": true, "en-US": true, "de-CH-1996": true, "zh-Hant-TW": true, "sl-rozaj-biske": true,
		"x-whatever": true, "qaa-Qaaa-QM-x-southern": true, "en-a-bbb-x-a-ccc": true, "i-klingon": true,
		"zh-min-nan": true, "es-419": true, "sr-Latn-RS": true, "hy-Latn-IT-arevela": true, "zh-yue-HK": true,
		"": false, "en ": false, "en_US": false, "e": false, "en-": false, "-en": false, "en--US": false,
		"toolongtag": false, "en-a": false, "en-x": false, "123": false, "en-US-a": false, forgedTag: false,
		"en\n": false, "en.": false, "é": false, "en-toolongsub": false,
	} {
		if got := validLanguageTag(tag); got != want {
			t.Errorf("validLanguageTag(%q) = %v, want %v", tag, got, want)
		}
	}
}

func TestWellFormedIRI(t *testing.T) {
	for iri, want := range map[string]bool{
		"https://example.com/a?b#c": true, "urn:uuid:1234": true, "did:key:z6Mk#z6Mk": true, "tag:a": true,
		"http://[::1]/x": true, "http://ex/é": true, "http://ex/%41": true, "mailto:a@b.c": true,
		"http://ex/a#b#c": false, "http://ex/%4": false, "http://ex/%zz": false, "http://ex/a b": false,
		"http://ex/a>b": false, "http://ex/[x]": false, "relative/path": false, "": false, ":x": false,
		"http://ex/\u0085": false, "http://ex/\ufffe": false, "http://ex/\xff": false, "http://ex/a\"": false,
	} {
		if got := wellFormedIRI(iri); got != want {
			t.Errorf("wellFormedIRI(%q) = %v, want %v", iri, got, want)
		}
	}
}

// RFC 3986 section 5.4's examples.
func TestResolveIRI(t *testing.T) {
	base := "http://a/b/c/d;p?q"
	for ref, want := range map[string]string{
		"g:h": "g:h", "g": "http://a/b/c/g", "./g": "http://a/b/c/g", "g/": "http://a/b/c/g/", "/g": "http://a/g",
		"//g": "http://g", "?y": "http://a/b/c/d;p?y", "g?y": "http://a/b/c/g?y", "#s": "http://a/b/c/d;p?q#s",
		"g#s": "http://a/b/c/g#s", "g?y#s": "http://a/b/c/g?y#s", ";x": "http://a/b/c/;x", "g;x": "http://a/b/c/g;x",
		"g;x?y#s": "http://a/b/c/g;x?y#s", "": "http://a/b/c/d;p?q", ".": "http://a/b/c/", "./": "http://a/b/c/",
		"..": "http://a/b/", "../": "http://a/b/", "../g": "http://a/b/g", "../..": "http://a/", "../../": "http://a/",
		"../../g":    "http://a/g",
		"../../../g": "http://a/g", "../../../../g": "http://a/g", "/./g": "http://a/g", "/../g": "http://a/g",
		"g.": "http://a/b/c/g.", ".g": "http://a/b/c/.g", "g..": "http://a/b/c/g..", "..g": "http://a/b/c/..g",
		"./../g": "http://a/b/g", "./g/.": "http://a/b/c/g/", "g/./h": "http://a/b/c/g/h", "g/../h": "http://a/b/c/h",
		"g;x=1/./y": "http://a/b/c/g;x=1/y", "g;x=1/../y": "http://a/b/c/y", "g?y/./x": "http://a/b/c/g?y/./x",
		"g?y/../x": "http://a/b/c/g?y/../x", "g#s/./x": "http://a/b/c/g#s/./x", "g#s/../x": "http://a/b/c/g#s/../x",
		"http:g": "http:g",
	} {
		if got := resolveIRI(base, ref); got != want {
			t.Errorf("resolve(%q) = %q, want %q", ref, got, want)
		}
	}
	for _, c := range [][3]string{
		{"tag:example", "a", "tag:a"}, {"tag:example/foo", "a", "tag:example/a"}, {"http://ab//de//ghi", "xyz", "http://ab//de//xyz"},
		{"http://ab//de//ghi", "../xyz", "http://ab//de/xyz"}, {"http://a/bb/ccc/./d;p?q", "#s", "http://a/bb/ccc/./d;p?q#s"},
		{"http://a", "b", "http://a/b"},
	} {
		if got := resolveIRI(c[0], c[1]); got != c[2] {
			t.Errorf("resolve(%q, %q) = %q, want %q", c[0], c[1], got, c[2])
		}
	}
}

// json-gold resolves a reference with net/url and dereferences nil when
// net/url refuses it: such a document is refused before expansion (before,
// it panicked).
func TestUnparsableReferenceRefused(t *testing.T) {
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{
		`{"@context":{"@base":"http://a/b/"},"@id":"%zz","urn:ex:p":"x"}`,
		`{"@context":{"@base":"http://a/b/","p":{"@id":"urn:ex:p","@type":"@id"}},"@id":"urn:ex:s","p":"%zz"}`,
		`{"@context":{"@base":"http://[::1/"},"@id":"x","urn:ex:p":"x"}`,
		`{"@context":{"@base":"http://a/<>/"},"@id":"x","urn:ex:p":"x"}`,
		`{"@context":[{"@base":"http://a/"},{"@import":"%zz"}],"@id":"urn:ex:s","urn:ex:p":"x"}`,
		`{"@context":[{"@base":"http://a/"},"%zz"],"@id":"urn:ex:s","urn:ex:p":"x"}`,
	} {
		doc, err := ParseDocument([]byte(d), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		err = func() (err error) {
			defer func() {
				if r := recover(); r != nil {
					err = fmt.Errorf("panic: %v", r)
				}
			}()
			_, err = l.toQuads(doc, Limits{})
			return err
		}()
		if !errors.Is(err, ErrDocument) {
			t.Errorf("%s: %v, want ErrDocument", d, err)
		}
	}
}

// A verifiable presentation's verifiableCredential (credentials v2: an
// @graph container with a null scoped context, which json-gold expands
// without its graph) is refused, as is an alias of @nest with a scoped
// context (json-gold ignores that context).
func TestMisexpandedConstructsRefused(t *testing.T) {
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range []string{
		`{"@context":["https://www.w3.org/ns/credentials/v2"],"type":"VerifiablePresentation","verifiableCredential":{"id":"urn:ex:vc","type":"VerifiableCredential","credentialSubject":{"id":"urn:ex:s"}}}`,
		`{"@context":{"u":{"@id":"urn:ex:u","@container":"@graph","@context":null}},"@id":"urn:ex:o","u":{"@id":"urn:ex:i","urn:ex:p":"v"}}`,
		`{"@context":{"u":{"@id":"urn:ex:u","@container":["@graph","@set"],"@context":[null]}},"@id":"urn:ex:o","u":{"@id":"urn:ex:i","urn:ex:p":"v"}}`,
		`{"@context":{"u":{"@id":"urn:ex:u","@container":"@graph","@context":{"u":{"@id":"urn:ex:u2"}}}},"@id":"urn:ex:o","u":{"@id":"urn:ex:i","urn:ex:p":"v"}}`,
		`{"@context":{"@vocab":"urn:ex:","n":{"@id":"@nest","@context":{"@vocab":"urn:ex:nest:"}}},"@id":"urn:ex:o","n":{"p":"v"}}`,
	} {
		doc, err := ParseDocument([]byte(d), Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if q, err := l.toQuads(doc, Limits{}); !errors.Is(err, ErrDocument) {
			lines, _ := canonicalNQuads(q, Limits{})
			t.Errorf("%s: %v, want ErrDocument; N-Quads:\n%s", d, err, strings.Join(lines, ""))
		}
	}
}

// JSON numbers: the RDF jsonld.js 9 (safe mode) gives them
// (testdata/jsonld-numbers, made by its gen.js), as xsd:integer by default
// and with an xsd:double term, or a refusal where JSON-LD processors
// disagree (pinned here).
func TestJSONLDNumbers(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("testdata", "jsonld-numbers", "jsonld-js.json"))
	if err != nil {
		t.Fatal(err)
	}
	var cases []struct {
		JSON         string `json:"json"`
		NQuads       string `json:"nquads"`
		NQuadsDouble string `json:"nquadsDouble"`
	}
	if err := json.Unmarshal(b, &cases); err != nil {
		t.Fatal(err)
	}
	refused := map[string]bool{
		// jsonld.js writes these as the integer "0" (its String(x) has no '.').
		"1e-7": true, "5e-324": true,
		// 17 significant digits: jsonld.js writes 16, losing the value.
		"0.30000000000000004": true, "1.7976931348623157e308": true,
		// halfway between two 16-digit forms.
		"1234567890123456.5": true,
		// not the float64 they are read as (ParseDocument).
		"9007199254740993": true, "1152921504606846977": true, "12345678901234567890": true,
		"999999999999999999999": true,
	}
	refusedDouble := map[string]bool{
		"0.30000000000000004": true, "1.7976931348623157e308": true, "1234567890123456.5": true,
		"5e-324": true, "12345678901234567890": true, "9007199254740993": true,
		"1152921504606846977": true, "999999999999999999999": true,
	}
	l, err := NewLoader()
	if err != nil {
		t.Fatal(err)
	}
	run := func(ctx, num, want string, refuse bool) {
		doc, err := ParseDocument([]byte(`{"@context": `+ctx+`, "@id": "urn:ex:s", "p": `+num+`}`), Limits{})
		var q []quad
		if err == nil {
			q, err = l.toQuads(doc, Limits{})
		}
		var lines []string
		if err == nil {
			lines, err = canonicalNQuads(q, Limits{})
		}
		switch {
		case refuse && err == nil:
			t.Errorf("%s (%s): accepted as %s, want refused (jsonld.js: %s)", num, ctx, strings.Join(lines, ""), want)
		case refuse:
		case err != nil:
			t.Errorf("%s (%s): %v, want %s", num, ctx, err, want)
		case strings.Join(lines, "") != want:
			t.Errorf("%s (%s): %s, want %s", num, ctx, strings.Join(lines, ""), want)
		}
	}
	for _, c := range cases {
		run(`{"p": "urn:ex:p"}`, c.JSON, c.NQuads, refused[c.JSON])
		run(`{"p": {"@id": "urn:ex:p", "@type": "http://www.w3.org/2001/XMLSchema#double"}}`, c.JSON, c.NQuadsDouble, refusedDouble[c.JSON])
	}
}

func TestInexactNumberRefused(t *testing.T) {
	for num, exact := range map[string]bool{
		"0": true, "-0": true, "1": true, "0.1": true, "1.10": true, "1e21": true, "1E+21": true, "100.0": true,
		"5e-324": true, "1152921504606846976": true, "-9007199254740992": true, "0.30000000000000004": true,
		"9007199254740993": false, "1152921504606846977": false, "1.00000000000000001": false,
		"0.1000000000000000000001": false, "12345678901234567890": false,
	} {
		doc := []byte(`{"@context": {}, "a": "9007199254740993 in a string", "b": [` + num + `], "c": {"d": ` + num + `}}`)
		_, err := ParseDocument(doc, Limits{})
		if exact && err != nil {
			t.Errorf("%s: %v", num, err)
		}
		if !exact && !errors.Is(err, ErrDocument) {
			t.Errorf("%s: %v, want ErrDocument", num, err)
		}
	}
}
