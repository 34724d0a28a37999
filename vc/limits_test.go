// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// windWith is the W3C derived credential with f applied.
func windWith(t *testing.T, f func(d map[string]any)) map[string]any {
	t.Helper()
	d := readDoc(t, "derivedRevealDocument.json")
	f(d)
	return d
}

// TestShapeLimits: a document beyond one limit of its shape (values,
// array length, object members, string length, values of the context
// documents it loads, scoped contexts to process: here 40 nodes of a type
// whose scoped context holds 46 values) or of its expanded form (statements before
// duplicates are merged, blank nodes) is refused with ErrLimit and a
// message naming the limit, the number and the bound: by ParseDocument
// (the JSON bytes), by the JSON-LD path (a parsed document) and by the
// verifier.
func TestShapeLimits(t *testing.T) {
	l := newTestLoader(t)
	big := map[string]any{"@vocab": "https://big.example/#"}
	for i := 0; i < 4200; i++ {
		big[fmt.Sprintf("t%d", i)] = map[string]any{"@id": fmt.Sprintf("https://big.example/#t%d", i)}
	}
	bigContext, err := json.Marshal(map[string]any{"@context": big})
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Add("https://big.example/context", bigContext, ""); err != nil {
		t.Fatal(err)
	}
	v := &Verifier{Loader: l}
	cases := []struct {
		name   string
		doc    map[string]any
		lim    Limits
		want   string // a regular expression
		parsed bool   // ParseDocument refuses it too
	}{
		{"values", windWith(t, func(d map[string]any) {
			for j := 0; j < 6; j++ {
				a := make([]any, 100)
				for i := range a {
					a[i] = fmt.Sprintf("v%d", i)
				}
				subject(d)[fmt.Sprintf("h%d", j)] = a
			}
		}), Limits{}, `JSON of 6\d\d values, more than 512`, true},
		{"array", windWith(t, func(d map[string]any) {
			a := make([]any, 300)
			for i := range a {
				a[i] = fmt.Sprintf("v%d", i)
			}
			subject(d)["h"] = a
		}), Limits{}, `JSON has an array of 300 values, more than 256`, true},
		{"object members", windWith(t, func(d map[string]any) {
			m := map[string]any{}
			for i := 0; i < 300; i++ {
				m[fmt.Sprintf("p%d", i)] = "x"
			}
			subject(d)["h"] = m
		}), Limits{}, `JSON has an object of 300 members, more than 256`, true},
		{"string", windWith(t, func(d map[string]any) {
			subject(d)["h"] = strings.Repeat("x", 200<<10)
		}), Limits{}, `JSON has a string of 204800 bytes, more than 184320`, true},
		{"context values", windWith(t, func(d map[string]any) {
			d["@context"] = append(d["@context"].([]any), "https://big.example/context")
		}), Limits{}, `context documents of 86\d\d values, more than 8192`, false},
		{"scoped contexts", windWith(t, func(d map[string]any) {
			a := make([]any, 40)
			for i := range a {
				a[i] = map[string]any{"type": "VerifiableCredential"}
			}
			subject(d)["h"] = a
		}), Limits{}, `4\d uses of scoped contexts, costing \d+, more than 1024`, false},
		{"statements before duplicates are merged", windWith(t, func(d map[string]any) {
			a := make([]any, 100)
			for i := range a {
				a[i] = "same"
			}
			subject(d)["h"] = a
		}), Limits{MaxQuads: 100}, `1\d\d RDF statements \(before duplicates are merged\), more than 100`, false},
		{"blank nodes before the node map", windWith(t, func(d map[string]any) {
			a := make([]any, 20)
			for i := range a {
				a[i] = map[string]any{"@list": []any{"x"}}
			}
			subject(d)["h"] = a
		}), Limits{MaxBlankNodes: 20}, `2\d blank nodes \(node objects without @id, blank node labels, list items\), more than 20`, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			b, err := json.Marshal(c.doc)
			if err != nil {
				t.Fatal(err)
			}
			check := func(what string, err error) {
				t.Helper()
				if !errors.Is(err, ErrLimit) || !regexp.MustCompile(c.want).MatchString(err.Error()) {
					t.Errorf("%s: got %v, want ErrLimit: %s", what, err, c.want)
				}
			}
			if c.parsed {
				_, err := ParseDocument(b, c.lim)
				check("ParseDocument", err)
			}
			_, unsecured, err := splitProof(c.doc)
			if err != nil {
				t.Fatal(err)
			}
			_, err = l.toQuads(unsecured, c.lim)
			check("toQuads", err)
			vl := *v
			vl.Limits = c.lim
			_, err = vl.Verify(c.doc)
			check("Verify", err)
		})
	}
}

// TestCanonicalizationWorkWeighted: canonicalization work counts what each
// step copies and hashes, so a ring of 16 blank nodes (all one
// first-degree hash: 768 Hash N-Degree Quads calls and permutations, each
// copying an issuer of up to 16 blank nodes: 6704 steps weighted) is
// refused.
func TestCanonicalizationWorkWeighted(t *testing.T) {
	l := newTestLoader(t)
	var ring []any
	for i := 0; i < 16; i++ {
		ring = append(ring, map[string]any{"@id": fmt.Sprintf("_:r%d", i), "https://ex.example/n": map[string]any{"@id": fmt.Sprintf("_:r%d", (i+1)%16)}})
	}
	quads, err := l.toQuads(map[string]any{"@context": map[string]any{"@vocab": "https://ex.example/"}, "@graph": ring}, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	_, err = canonicalNQuads(quads, Limits{})
	if !errors.Is(err, ErrLimit) || !strings.Contains(err.Error(), "more than 4096 steps") {
		t.Fatalf("got %v, want ErrLimit (more than 4096 steps)", err)
	}
}

// TestJSONLiteralsRefusedWithoutPanic: two @json values of one property
// (two terms for one IRI) are refused with ErrDocument; json-gold's node
// map compares the two values with == and panics on two JSON objects,
// which would end the chaincode process.
func TestJSONLiteralsRefusedWithoutPanic(t *testing.T) {
	l := newTestLoader(t)
	doc := map[string]any{
		"@context": map[string]any{"@version": 1.1,
			"j1": map[string]any{"@id": "https://ex.example/#j", "@type": "@json"},
			"j2": map[string]any{"@id": "https://ex.example/#j", "@type": "@json"}},
		"@id": "https://ex.example/s",
		"j1":  map[string]any{"a": 1.0},
		"j2":  map[string]any{"b": 2.0},
	}
	if _, err := l.toQuads(doc, Limits{}); !errors.Is(err, ErrDocument) {
		t.Fatalf("got %v, want ErrDocument", err)
	}
}

// TestJSONValuesOnBytes: the count of values on the bytes is the count on
// the parsed document, for every JSON document under testdata and a few
// edge cases.
func TestJSONValuesOnBytes(t *testing.T) {
	texts := []string{`{}`, `[]`, `{"a":[]}`, `{"a":[1,2,{"b":"x,}]"}],"c":{}}`, ` [ 1 , [ ] , [ [ ] ] , "\"" ] `, `"s"`, `3`}
	err := filepath.Walk("testdata", func(path string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && (strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".jsonld")) {
			b, err := os.ReadFile(path)
			if err != nil {
				return err
			}
			texts = append(texts, string(b))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range texts {
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			continue
		}
		if got, want := jsonValues([]byte(s)), scanJSON(v).values; got != want {
			t.Errorf("%.60q: %d values on the bytes, %d parsed", s, got, want)
		}
	}
}
