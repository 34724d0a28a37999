// SPDX-License-Identifier: Apache-2.0

package request

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/require"
)

// strictDoc is a document type with nested structs, for CheckStrictKeys.
type strictDoc struct {
	Mode  string                `json:"mode"`
	ID    string                `json:"id,omitempty"`
	Items []strictItem          `json:"items"`
	Ref   *strictItem           `json:"ref"`
	Map   map[string]strictItem `json:"map"`
	Raw   json.RawMessage       `json:"raw"`
	Skip  string                `json:"-"`
}

type strictItem struct {
	Index int    `json:"index"`
	Name  string `json:"name"`
}

// TestCheckStrictKeys: two keys of one object equal under case folding,
// at any depth, and a key that names a field only case-insensitively, are
// refused with the key and its place; exact names are accepted; values
// not decoded into structs (json.RawMessage, map keys) keep their own
// names, but not duplicates.
func TestCheckStrictKeys(t *testing.T) {
	for _, tt := range []struct {
		name, body, err string
	}{
		{"exact", `{"mode":"and","id":"x","items":[{"index":1,"name":"a"}],"ref":{"index":2},"map":{"Any":{"name":"b"}},"raw":{"Free":1}}`, ""},
		{"the same key twice", `{"mode":"and","mode":"owner"}`, `duplicate field "mode"`},
		{"MODE and mode", `{"mode":"and","MODE":"owner"}`, `duplicate field "MODE": the same name as "mode" in another case`},
		{"ID and id", `{"ID":"a","id":"b"}`, `duplicate field "id": the same name as "ID" in another case`},
		{"escaped", `{"mode":"and","\u004dode":"owner"}`, `duplicate field "Mode"`},
		{"Kelvin sign", "{\"kind\":1,\"\u212aind\":2}", "duplicate field \"\u212aind\""},
		{"long s", "{\"s\":1,\"\u017f\":2}", "duplicate field \"\u017f\""},
		{"nested in an array", `{"items":[{"index":1},{"name":"a","NAME":"b"}]}`, `duplicate field "NAME"`},
		{"nested in a raw value", `{"raw":{"a":{"x":1,"X":2}}}`, `duplicate field "X"`},
		{"map keys", `{"map":{"k":{},"K":{}}}`, `duplicate field "K"`},
		{"MODE alone", `{"MODE":"owner"}`, `unknown field "MODE" (field names are case-sensitive: "mode")`},
		{"Index in an item", `{"items":[{"index":1},{"Index":2}]}`, `"items"[1]: unknown field "Index" (field names are case-sensitive: "index")`},
		{"in a pointer", `{"ref":{"NAME":"a"}}`, `"ref": unknown field "NAME"`},
		{"in a map value", `{"map":{"k":{"Name":"a"}}}`, `"map"."k": unknown field "Name"`},
		{"long s for a field", "{\"items\":[{\"name\":\"a\",\"index\":1}],\"\u017fkip\":1}", "unknown field \"\u017fkip\""},
		{"ignored field", `{"Skip":"x"}`, `unknown field "Skip"`},
		{"unknown", `{"other":1}`, `unknown field "other"`},
		{"malformed", `{"mode":}`, "malformed JSON"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := CheckStrictKeys([]byte(tt.body), &strictDoc{})
			if tt.err == "" {
				require.NoError(t, err)
				return
			}
			require.ErrorContains(t, err, tt.err)
			require.Equal(t, err, CheckStrictKeys([]byte(tt.body), &strictDoc{}), "not one answer")
		})
	}
	// Without a type: duplicates only.
	require.NoError(t, CheckStrictKeys([]byte(`{"MODE":1,"x":{"Y":2}}`), nil))
	require.ErrorContains(t, CheckStrictKeys([]byte(`[{"a":1},{"b":{"Q":1,"q":2}}]`), nil), `duplicate field "q"`)
	// FirstDuplicateKey, for JSON-LD documents, compares exactly.
	_, dup, _ := FirstDuplicateKey([]byte(`{"ID":"a","id":"b"}`))
	require.False(t, dup)
}

// TestFoldKey: FoldKey equality is bytes.EqualFold, which is how
// encoding/json matches a key to a field.
func TestFoldKey(t *testing.T) {
	for _, p := range [][2]string{{"mode", "MODE"}, {"k", "\u212a"}, {"s", "\u017f"}, {"\u00df", "\u1e9e"}, {"a\xffb", "A\xfeB"}} {
		require.Equal(t, bytes.EqualFold([]byte(p[0]), []byte(p[1])), FoldKey(p[0]) == FoldKey(p[1]), "%q %q", p[0], p[1])
	}
	var v struct {
		K int `json:"k"`
	}
	require.NoError(t, json.Unmarshal([]byte("{\"\u212a\":7}"), &v))
	require.Equal(t, 7, v.K, "encoding/json no longer folds the Kelvin sign: FoldKey is stricter than needed, which is safe")
}

// FuzzCheckStrictKeys checks CheckStrictKeys against a reference: a body
// it accepts for strictDoc, that encoding/json then decodes, has no two
// keys equal under bytes.EqualFold in any object and only exact field
// names where a struct is decoded; and a body with both properties is
// accepted.
func FuzzCheckStrictKeys(f *testing.F) {
	f.Add([]byte(`{"mode":"and","items":[{"index":1,"name":"a"}],"ref":{"index":2},"map":{"Any":{"name":"b"}},"raw":{"Free":1}}`))
	f.Add([]byte(`{"mode":"and","MODE":"owner"}`))
	f.Add([]byte("{\"kind\":1,\"\u212aind\":2}"))
	f.Add([]byte(`{"items":[{"index":1},{"Index":2}]}`))
	f.Add([]byte(`{"map":{"k":{"Name":"a"}},"raw":[{"a":1,"A":2}]}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		err := CheckStrictKeys(body, &strictDoc{})
		if !json.Valid(body) {
			return
		}
		var v any
		if json.Unmarshal(body, &v) != nil {
			return
		}
		foldUnique := foldUniqueKeys(body)
		exact := exactNames(v, "doc")
		var d strictDoc
		dec := json.NewDecoder(bytes.NewReader(body))
		dec.DisallowUnknownFields()
		decoded := dec.Decode(&d) == nil
		if err == nil && decoded && (!foldUnique || !exact) {
			t.Fatalf("accepted %s (keys unique under folding %v, exact names %v)", body, foldUnique, exact)
		}
		if err != nil && foldUnique && exact {
			t.Fatalf("refused %s: %v", body, err)
		}
	})
}

// foldUniqueKeys reports whether no object of the valid JSON body has two
// keys equal under bytes.EqualFold, by comparing every pair.
func foldUniqueKeys(body []byte) bool {
	dec := json.NewDecoder(bytes.NewReader(body))
	type frame struct {
		keys    []string
		obj     bool
		wantKey bool
	}
	var stack []*frame
	for {
		tok, err := dec.Token()
		if err != nil {
			return true
		}
		if n := len(stack); n > 0 && stack[n-1].obj && stack[n-1].wantKey {
			if k, ok := tok.(string); ok {
				for _, o := range stack[n-1].keys {
					if bytes.EqualFold([]byte(o), []byte(k)) {
						return false
					}
				}
				stack[n-1].keys = append(stack[n-1].keys, k)
				stack[n-1].wantKey = false
				continue
			}
		}
		done := func() {
			if n := len(stack); n > 0 && stack[n-1].obj {
				stack[n-1].wantKey = true
			}
		}
		switch tok {
		case json.Delim('{'):
			stack = append(stack, &frame{obj: true, wantKey: true})
		case json.Delim('['):
			stack = append(stack, &frame{})
		case json.Delim('}'), json.Delim(']'):
			stack = stack[:len(stack)-1]
			done()
		default:
			done()
		}
	}
}

// exactNames reports whether v, decoded as any, uses only strictDoc's
// exact field names where a strictDoc or strictItem is decoded (kind names
// which).
func exactNames(v any, kind string) bool {
	fields := map[string]map[string]string{
		"doc":  {"mode": "", "id": "", "items": "items", "ref": "item", "map": "map", "raw": ""},
		"item": {"index": "", "name": ""},
	}
	switch kind {
	case "items":
		a, ok := v.([]any)
		if !ok {
			return true
		}
		for _, x := range a {
			if !exactNames(x, "item") {
				return false
			}
		}
		return true
	case "map":
		m, ok := v.(map[string]any)
		if !ok {
			return true
		}
		for _, x := range m {
			if !exactNames(x, "item") {
				return false
			}
		}
		return true
	}
	m, ok := v.(map[string]any)
	if !ok {
		return true
	}
	for k, x := range m {
		sub, known := fields[kind][k]
		if !known {
			return false
		}
		if sub != "" && !exactNames(x, sub) {
			return false
		}
	}
	return true
}
