// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The W3C JSON-LD 1.1 toRdf suite (testdata/jsonld-api-toRdf, see its
// README.md): every evaluation test without options, run through
// the path a credential takes (ParseDocument, then toQuads in safe mode).
// Each test must either give exactly the dataset the suite expects
// (compared as canonical RDFC-1.0 N-Quads, so blank node labels do not
// matter) or be refused: a document must never be accepted with other
// statements than JSON-LD gives it. A negative test (a document that is
// not valid JSON-LD) must be refused.

const toRdfSuiteBase = "https://w3c.github.io/json-ld-api/tests/"

type toRdfTest struct {
	ID     string   `json:"@id"`
	Type   []string `json:"@type"`
	Name   string   `json:"name"`
	Input  string   `json:"input"`
	Expect string   `json:"expect"`
}

type toRdfCounts struct {
	expected, refused, different int
	differentIDs                 []string
	// negative tests (the document is not valid JSON-LD)
	negRefused, negAccepted int
}

// toRdfNegativeAccepted are the negative tests json-gold accepts and this
// package does not refuse: each gives no statement at all (an invalid
// scoped context that no term uses).
var toRdfNegativeAccepted = map[string]bool{"#tc033": true}

func runToRdfSuite(t *testing.T, withBase bool) toRdfCounts {
	t.Helper()
	dir := filepath.Join("testdata", "jsonld-api-toRdf")
	b, err := os.ReadFile(filepath.Join(dir, "toRdf-manifest.jsonld"))
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Sequence []toRdfTest `json:"sequence"`
	}
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	if len(m.Sequence) == 0 {
		t.Fatal("empty manifest")
	}
	// Context documents the tests reference, at their suite URLs.
	contexts := map[string][]byte{}
	err = filepath.Walk(filepath.Join(dir, "toRdf"), func(p string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || strings.HasSuffix(p, "-out.nq") {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		contexts[toRdfSuiteBase+filepath.ToSlash(rel)] = data
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var c toRdfCounts
	for _, tc := range m.Sequence {
		in, err := os.ReadFile(filepath.Join(dir, tc.Input))
		if err != nil {
			t.Fatal(err)
		}
		l, err := NewLoader()
		if err != nil {
			t.Fatal(err)
		}
		// The test's own files (toRdf/<id>-*, toRdf/<id>/...), for the
		// contexts it references: Loader.Add refuses a file without
		// @context.
		id := strings.TrimSuffix(strings.TrimPrefix(tc.Input, "toRdf/"), "-in.jsonld")
		for _, u := range sortedKeys(bytesAsAny(contexts)) {
			rel := strings.TrimPrefix(u, toRdfSuiteBase+"toRdf/")
			if strings.HasPrefix(rel, id+"-") || strings.HasPrefix(rel, id+"/") || strings.Contains(string(in), `"`+rel+`"`) {
				_ = l.Add(u, contexts[u], "")
			}
		}
		if withBase {
			l.base = toRdfSuiteBase + tc.Input
		}
		if tc.Type[0] == "jld:NegativeEvaluationTest" {
			doc, err := ParseDocument(in, Limits{})
			var quads []quad
			if err == nil {
				quads, err = l.toQuads(doc, Limits{})
			}
			if err == nil {
				_, err = canonicalNQuads(quads, Limits{})
			}
			switch {
			case err != nil:
				c.negRefused++
			case toRdfNegativeAccepted[tc.ID] && len(quads) == 0:
				c.negAccepted++
			default:
				c.negAccepted++
				t.Errorf("%s (%s): not valid JSON-LD, accepted with %d statements", tc.ID, tc.Name, len(quads))
			}
			continue
		}
		want, err := os.ReadFile(filepath.Join(dir, tc.Expect))
		if err != nil {
			t.Fatal(err)
		}
		wantQuads, err := parseNQuads(string(want))
		if err != nil {
			t.Fatalf("%s: expected output: %v", tc.ID, err)
		}
		wantLines, err := canonicalNQuads(wantQuads, Limits{})
		if err != nil {
			t.Fatalf("%s: expected output: %v", tc.ID, err)
		}
		doc, err := ParseDocument(in, Limits{})
		var quads []quad
		if err == nil {
			quads, err = l.toQuads(doc, Limits{})
		}
		var got []string
		if err == nil {
			got, err = canonicalNQuads(quads, Limits{})
		}
		switch {
		case err != nil:
			c.refused++
			if testing.Verbose() {
				t.Logf("%s refused: %v", tc.ID, err)
			}
		case strings.Join(got, "") == strings.Join(wantLines, ""):
			c.expected++
			if testing.Verbose() {
				t.Logf("%s expected", tc.ID)
			}
		default:
			c.different++
			c.differentIDs = append(c.differentIDs, tc.ID)
			t.Errorf("%s (%s): accepted with other RDF\n got:\n%s want:\n%s", tc.ID, tc.Name, strings.Join(got, ""), strings.Join(wantLines, ""))
		}
	}
	return c
}

// TestJSONLDToRdfSuite runs the suite with each test's own URL as the
// document base, as the suite specifies.
func TestJSONLDToRdfSuite(t *testing.T) {
	c := runToRdfSuite(t, true)
	t.Logf("JSON-LD 1.1 toRdf suite, base = test URL: %d expected dataset, %d refused, %d accepted with other RDF; negative tests: %d refused, %d accepted (no statements)", c.expected, c.refused, c.different, c.negRefused, c.negAccepted)
	if c.different != 0 {
		t.Errorf("%d tests accepted with other RDF: %v", c.different, c.differentIDs)
	}
	if c.expected != toRdfExpectedWithBase {
		t.Errorf("%d tests give the expected dataset, not %d (if more, raise the pinned count)", c.expected, toRdfExpectedWithBase)
	}
}

// TestJSONLDToRdfSuiteNoBase runs the suite as credentials are processed:
// with no document base.
func TestJSONLDToRdfSuiteNoBase(t *testing.T) {
	c := runToRdfSuite(t, false)
	t.Logf("JSON-LD 1.1 toRdf suite, no base: %d expected dataset, %d refused, %d accepted with other RDF; negative tests: %d refused, %d accepted (no statements)", c.expected, c.refused, c.different, c.negRefused, c.negAccepted)
	if c.different != 0 {
		t.Errorf("%d tests accepted with other RDF: %v", c.different, c.differentIDs)
	}
	if c.expected != toRdfExpectedNoBase {
		t.Errorf("%d tests give the expected dataset, not %d (if more, raise the pinned count)", c.expected, toRdfExpectedNoBase)
	}
}

// The counts of tests giving the expected dataset, pinned: a change that
// makes this package refuse more of JSON-LD shows here.
const (
	toRdfExpectedWithBase = 219 // of 303; 84 refused
	toRdfExpectedNoBase   = 199 // of 303; 104 refused
)

func bytesAsAny(m map[string][]byte) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}
