// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// This file is the JSON pointer selection of DI-ECDSA (selectJsonLd), which
// bbs-2023 uses for mandatory and selective pointers.

// parsePointer splits an RFC 6901 JSON pointer into its reference tokens.
func parsePointer(p string) ([]string, error) {
	if p == "" {
		return nil, nil
	}
	if !strings.HasPrefix(p, "/") {
		return nil, fmt.Errorf("%w: JSON pointer %q does not start with '/'", ErrDocument, p)
	}
	parts := strings.Split(p[1:], "/")
	for i, s := range parts {
		if strings.Contains(strings.ReplaceAll(strings.ReplaceAll(s, "~0", ""), "~1", ""), "~") {
			return nil, fmt.Errorf("%w: JSON pointer %q has a bad escape", ErrDocument, p)
		}
		parts[i] = strings.ReplaceAll(strings.ReplaceAll(s, "~1", "/"), "~0", "~")
	}
	return parts, nil
}

// sparse is an array of a selection being built: only the selected
// elements, by index.
type sparse map[int]any

func initialSelection(src any) any {
	m, ok := src.(map[string]any)
	if !ok {
		return src
	}
	sel := map[string]any{}
	if id, ok := m["id"].(string); ok && !strings.HasPrefix(id, "_:") {
		sel["id"] = id
	}
	if t, ok := m["type"]; ok {
		sel["type"] = deepCopy(t)
	}
	return sel
}

func child(v any, tok string) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		x, ok := t[tok]
		return x, ok
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(t) || strconv.Itoa(i) != tok {
			return nil, false
		}
		return t[i], true
	}
	return nil, false
}

func selChild(v any, tok string) (any, bool) {
	switch t := v.(type) {
	case map[string]any:
		x, ok := t[tok]
		return x, ok
	case sparse:
		i, _ := strconv.Atoi(tok)
		x, ok := t[i]
		return x, ok
	case []any:
		i, err := strconv.Atoi(tok)
		if err != nil || i < 0 || i >= len(t) {
			return nil, false
		}
		return t[i], true
	}
	return nil, false
}

func selSet(v any, tok string, x any) {
	switch t := v.(type) {
	case map[string]any:
		t[tok] = x
	case sparse:
		i, _ := strconv.Atoi(tok)
		t[i] = x
	case []any:
		if i, err := strconv.Atoi(tok); err == nil && i >= 0 && i < len(t) {
			t[i] = x
		}
	}
}

// selectJSONLD returns the part of doc that the pointers select, with the
// @context, and the id and type of every object on the way.
func selectJSONLD(doc map[string]any, pointers []string) (map[string]any, error) {
	if len(pointers) == 0 {
		return nil, nil
	}
	sel := initialSelection(doc).(map[string]any)
	sel["@context"] = deepCopy(doc["@context"])
	for _, p := range pointers {
		toks, err := parsePointer(p)
		if err != nil {
			return nil, err
		}
		if len(toks) == 0 {
			return nil, fmt.Errorf("%w: JSON pointer \"\" selects the whole document", ErrDocument)
		}
		var value any = doc
		var selValue any = sel
		var selParent any
		for _, tok := range toks {
			selParent = selValue
			next, ok := child(value, tok)
			if !ok {
				return nil, fmt.Errorf("%w: JSON pointer %q does not match the document", ErrDocument, p)
			}
			value = next
			sv, ok := selChild(selParent, tok)
			if !ok {
				if _, isArr := value.([]any); isArr {
					sv = sparse{}
				} else {
					sv = initialSelection(value)
				}
				selSet(selParent, tok, sv)
			}
			selValue = sv
		}
		last := toks[len(toks)-1]
		switch vt := value.(type) {
		case map[string]any:
			merged := map[string]any{}
			if m, ok := selValue.(map[string]any); ok {
				for k, x := range m { //bbs:maporder-ok copies a map (merged before the loop below)
					merged[k] = x
				}
			}
			for k, x := range vt { //bbs:maporder-ok copies a map (after the loop above: vt's members win)
				merged[k] = deepCopy(x)
			}
			selSet(selParent, last, merged)
		case []any:
			selSet(selParent, last, deepCopy(vt))
		default:
			selSet(selParent, last, vt)
		}
	}
	return densify(sel).(map[string]any), nil
}

// densify turns each sparse array into a JSON array of its elements in
// index order.
func densify(v any) any {
	switch t := v.(type) {
	case map[string]any:
		for k, x := range t { //bbs:maporder-ok replaces each member's value in place
			t[k] = densify(x)
		}
		return t
	case sparse:
		idx := make([]int, 0, len(t))
		for i := range t { //bbs:maporder-ok keys collected, sorted below
			idx = append(idx, i)
		}
		sort.Ints(idx)
		out := make([]any, len(idx))
		for j, i := range idx {
			out[j] = densify(t[i])
		}
		return out
	case []any:
		for i, x := range t {
			t[i] = densify(x)
		}
		return t
	}
	return v
}
