// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

var nquadsLangTag = regexp.MustCompile(`^[a-zA-Z]+(-[a-zA-Z0-9]+)*$`)

// A tag accepted as BCP 47 is an N-Quads LANGTAG.
func FuzzLanguageTag(f *testing.F) {
	for _, s := range []string{"en", "de-CH-1996", "x-a", "i-klingon", forgedTag, "en-a-bb", "-", "a--b"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if validLanguageTag(s) && !nquadsLangTag.MatchString(s) {
			t.Errorf("%q accepted, not an N-Quads LANGTAG", s)
		}
	})
}

// resolveIRI never panics; an absolute reference without dot segments
// resolves to itself; a resolved IRI has no dot segment in its path when
// the base is absolute with an authority.
func FuzzResolveIRI(f *testing.F) {
	f.Add("http://a/b/c/d;p?q", "../g")
	f.Add("tag:example", "a")
	f.Add("http://a", "")
	f.Fuzz(func(t *testing.T, base, ref string) {
		got := resolveIRI(base, ref)
		r := splitIRI(ref)
		if r.hasScheme && !strings.Contains(r.path, ".") && got != ref {
			t.Errorf("resolve(%q, %q) = %q", base, ref, got)
		}
		b := splitIRI(base)
		if b.hasScheme && b.hasAuthority && !r.hasScheme && !(r.path == "" && !r.hasAuthority) {
			p := splitIRI(got).path
			for _, seg := range strings.Split(p, "/") {
				if seg == "." || seg == ".." {
					t.Errorf("resolve(%q, %q) = %q: dot segment", base, ref, got)
				}
			}
		}
	})
}

// inexactNumber never panics, and a number token it accepts reads back as
// a float64 whose shortest or integer form has its value.
func FuzzInexactNumber(f *testing.F) {
	f.Add([]byte(`{"a": 9007199254740993, "b": "1e400", "c": [0.1, -0, 1e21]}`))
	f.Add([]byte(`1.00000000000000001`))
	f.Fuzz(func(t *testing.T, b []byte) {
		tok, bad := inexactNumber(b)
		if bad {
			if _, err := strconv.ParseFloat(tok, 64); err == nil && exactNumber(tok) {
				t.Errorf("%q reported inexact", tok)
			}
		}
	})
}

// JSON-LD processing of a document with an @base and a reference in every
// position json-gold resolves never panics (json-gold dereferenced nil on
// references net/url refuses), and what it accepts holds well-formed terms.
func FuzzToQuadsBase(f *testing.F) {
	f.Add("http://a/b/", "%zz")
	f.Add("http://a/b/c/./d;p?q", "#s")
	f.Add("tag:example", "a")
	f.Add("http://[::1/", "x")
	l, err := NewLoader()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, base, ref string) {
		bj, _ := json.Marshal(base)
		rj, _ := json.Marshal(ref)
		for _, d := range []string{
			`{"@context":{"@base":` + string(bj) + `,"p":{"@id":"urn:ex:p","@type":"@id"}},"@id":` + string(rj) + `,"@type":` + string(rj) + `,"p":` + string(rj) + `}`,
			`{"@context":[{"@base":` + string(bj) + `},{"@import":` + string(rj) + `}],"@id":"urn:ex:s","urn:ex:p":"x"}`,
			`{"@context":[{"@base":` + string(bj) + `},{"@vocab":` + string(rj) + `}],"@id":"urn:ex:s","q":"x"}`,
			`{"@context":[{"@base":` + string(bj) + `},` + string(rj) + `],"@id":"urn:ex:s","urn:ex:p":"x"}`,
		} {
			doc, err := ParseDocument([]byte(d), Limits{})
			if err != nil {
				continue
			}
			q, err := l.toQuads(doc, Limits{})
			if err == nil {
				if err := validQuads(q); err != nil {
					t.Errorf("%s: accepted with %v", d, err)
				}
			}
		}
	})
}
