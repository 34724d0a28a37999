// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"reflect"
)

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
