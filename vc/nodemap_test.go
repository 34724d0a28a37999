// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/piprate/json-gold/ld"
)

// goldNodeMap is json-gold's Node Map Generation, which generateNodeMap
// replaces; nil and an error if json-gold fails or panics.
func goldNodeMap(expanded []any) (nm map[string]any, err error) {
	defer func() {
		if r := recover(); r != nil {
			nm, err = nil, fmt.Errorf("json-gold panics: %v", r)
		}
	}()
	nm = map[string]any{"@default": map[string]any{}}
	if _, err := ld.NewJsonLdApi().GenerateNodeMap(expanded, nm, "@default", ld.NewIdentifierIssuer("_:b"), "", "", nil); err != nil {
		return nil, err
	}
	return nm, nil
}

// manyReverse reports whether a node object of v has more than one
// @reverse property (json-gold takes them in map order).
func manyReverse(v any) bool {
	switch t := v.(type) {
	case []any:
		for _, x := range t {
			if manyReverse(x) {
				return true
			}
		}
	case map[string]any:
		if r, ok := t["@reverse"].(map[string]any); ok && len(r) > 1 {
			return true
		}
		for _, x := range t {
			if manyReverse(x) {
				return true
			}
		}
	}
	return false
}

// compareNodeMaps expands doc without safe mode and checks that
// generateNodeMap gives json-gold's node map; it reports false when
// json-gold cannot expand or map the document.
func compareNodeMaps(t *testing.T, name string, doc any, opts *ld.JsonLdOptions) bool {
	t.Helper()
	expanded, err := ld.NewJsonLdProcessor().Expand(doc, opts)
	if err != nil || manyReverse(expanded) {
		return false
	}
	want, werr := goldNodeMap(deepCopy(expanded).([]any))
	got, gerr := generateNodeMap(deepCopy(expanded).([]any))
	switch {
	case werr != nil && gerr == nil:
		t.Errorf("%s: json-gold: %v; generateNodeMap gives a node map", name, werr)
	case werr == nil && gerr != nil:
		t.Errorf("%s: generateNodeMap: %v", name, gerr)
	case werr == nil && !reflect.DeepEqual(got, want):
		p, _ := firstDifference(got, want, "")
		t.Errorf("%s: node maps differ at %s", name, p)
	}
	return werr == nil
}

// nodeMapCases are documents for the shapes the node map treats apart:
// duplicates of every kind of value, lists, nested lists, @reverse,
// @graph, @included, blank node types and properties, -0 and 0.
var nodeMapCases = map[string]string{
	"duplicate strings":   `{"@context":{"@vocab":"urn:v:"},"p":["a","b","a","b","c"]}`,
	"duplicate typed":     `{"@context":{"@vocab":"urn:v:","d":{"@type":"urn:t"}},"d":["a","a"],"p":"a"}`,
	"duplicate language":  `{"@context":{"@vocab":"urn:v:"},"p":[{"@value":"a","@language":"en"},{"@value":"a","@language":"en"},{"@value":"a","@language":"de"},"a"]}`,
	"numbers and zeros":   `{"@context":{"@vocab":"urn:v:"},"p":[0,-0,1,1.0,"1",true,true,false]}`,
	"duplicate refs":      `{"@context":{"@vocab":"urn:v:"},"p":[{"@id":"urn:a"},{"@id":"urn:a"},{"@id":"urn:b"}]}`,
	"same node merged":    `{"@context":{"@vocab":"urn:v:"},"@graph":[{"@id":"urn:x","p":"a"},{"@id":"urn:x","p":["a","b"]},{"@id":"urn:x","p":"b","type":"T"}]}`,
	"types":               `{"@context":{"@vocab":"urn:v:"},"@type":["A","B","A","_:t","_:t"]}`,
	"lists":               `{"@context":{"@vocab":"urn:v:"},"p":[{"@list":["a","a"]},{"@list":["a","a"]},{"@list":[{"@list":["x"]},{"@id":"urn:a"},{"q":"r"}]}]}`,
	"blank nodes":         `{"@context":{"@vocab":"urn:v:"},"p":[{"q":1},{"q":1},{"@id":"_:z","q":2},{"@id":"_:z"}],"_:bp":"x"}`,
	"reverse":             `{"@context":{"@vocab":"urn:v:","r":{"@reverse":"urn:v:p"}},"@id":"urn:s","r":[{"@id":"urn:a"},{"@id":"urn:a","q":"x"},{"q":"y"}]}`,
	"named graphs":        `{"@context":{"@vocab":"urn:v:"},"@id":"urn:g","@graph":[{"@id":"urn:a","p":"x"},{"p":"y"},{"@id":"urn:a","p":"x"}],"q":{"@graph":{"p":"z"}}}`,
	"included":            `{"@context":{"@version":1.1,"@vocab":"urn:v:"},"@id":"urn:a","p":"x","@included":[{"@id":"urn:b","p":"y"},{"@id":"urn:a","p":"x"}]}`,
	"empty arrays":        `{"@context":{"@vocab":"urn:v:"},"p":[],"@type":[],"q":{"@list":[]}}`,
	"value types":         `{"@context":{"@vocab":"urn:v:"},"p":[{"@value":"a","@type":"urn:t"},{"@value":"a","@type":"urn:u"},{"@value":"a","@type":"urn:t"},{"@value":"a"}]}`,
	"index":               `{"@context":{"@vocab":"urn:v:","i":{"@container":"@index"}},"i":{"k1":"a","k2":"a","k3":{"@id":"urn:a"},"k4":{"@id":"urn:b"},"k5":"a"}}`,
	"language map":        `{"@context":{"@vocab":"urn:v:","l":{"@container":"@language"}},"l":{"en":["a","a"],"de":"a"}}`,
	"nested node values":  `{"@context":{"@vocab":"urn:v:"},"a":{"@id":"urn:n","b":{"@id":"urn:n","c":["x","x"]},"c":"x"}}`,
	"top-level array":     `[{"@context":{"@vocab":"urn:v:"},"@id":"urn:a","p":"x"},{"@context":{"@vocab":"urn:v:"},"@id":"urn:a","p":"x"}]`,
	"blank graph name":    `{"@context":{"@vocab":"urn:v:"},"@id":"_:g","@graph":{"@id":"_:g","p":"x"}}`,
	"conflicting indexes": `{"@context":{"@vocab":"urn:v:","i":{"@container":"@index"}},"i":{"k1":{"@id":"urn:a"},"k2":{"@id":"urn:a"}}}`,
}

// TestNodeMapMatchesJSONGold: generateNodeMap gives json-gold's node map,
// value for value and label for label, on the shapes above, on every
// JSON-LD document under testdata/, and on the JSON-LD 1.1 toRdf suite
// when present (testdata/jsonld-api-toRdf/toRdf, or the directory in
// JSONLD_TORDF_DIR).
func TestNodeMapMatchesJSONGold(t *testing.T) {
	opts := ld.NewJsonLdOptions("")
	opts.ProcessingMode = ld.JsonLd_1_1
	names := make([]string, 0, len(nodeMapCases))
	for n := range nodeMapCases {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		var doc any
		if err := json.Unmarshal([]byte(nodeMapCases[n]), &doc); err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if !compareNodeMaps(t, n, doc, opts) && n != "conflicting indexes" {
			t.Errorf("%s: json-gold cannot map it", n)
		}
	}

	l := newTestLoader(t)
	compared := 0
	err := filepath.Walk("testdata", func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() || !(strings.HasSuffix(path, ".json") || strings.HasSuffix(path, ".jsonld")) {
			return err
		}
		b, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		var doc map[string]any
		if json.Unmarshal(b, &doc) != nil || doc["@context"] == nil {
			return nil
		}
		if compareNodeMaps(t, path, doc, l.options(Limits{})) {
			compared++
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if compared < 10 {
		t.Errorf("only %d documents of testdata compared", compared)
	}
	t.Logf("testdata: %d documents", compared)

	dir := os.Getenv("JSONLD_TORDF_DIR")
	if dir == "" {
		dir = filepath.Join("testdata", "jsonld-api-toRdf", "toRdf")
	}
	inputs, _ := filepath.Glob(filepath.Join(dir, "*-in.jsonld"))
	if len(inputs) == 0 {
		t.Logf("no toRdf suite at %s", dir)
		return
	}
	suite := 0
	for _, in := range inputs {
		base := "https://w3c.github.io/json-ld-api/tests/toRdf/" + filepath.Base(in)
		o := ld.NewJsonLdOptions(base)
		o.ProcessingMode = ld.JsonLd_1_1
		o.DocumentLoader = localLoader{dir: filepath.Dir(dir)}
		rd, err := o.DocumentLoader.LoadDocument(base)
		if err != nil {
			continue
		}
		if compareNodeMaps(t, in, rd.Document, o) {
			suite++
		}
	}
	t.Logf("toRdf suite: %d of %d inputs compared", suite, len(inputs))
}

// localLoader serves https://w3c.github.io/json-ld-api/tests/ from dir.
type localLoader struct{ dir string }

func (l localLoader) LoadDocument(u string) (*ld.RemoteDocument, error) {
	const prefix = "https://w3c.github.io/json-ld-api/tests/"
	if !strings.HasPrefix(u, prefix) {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, u)
	}
	b, err := os.ReadFile(filepath.Join(l.dir, filepath.FromSlash(strings.TrimPrefix(u, prefix))))
	if err != nil {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		return nil, ld.NewJsonLdError(ld.LoadingDocumentFailed, err)
	}
	return &ld.RemoteDocument{DocumentURL: u, Document: doc}, nil
}
