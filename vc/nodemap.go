// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/piprate/json-gold/ld"
)

// nodeMapper is JSON-LD 1.1's Node Map Generation on an expanded document,
// giving the node map json-gold's GenerateNodeMap gives (the same nodes,
// values in the same order, the same blank node labels) in time linear in
// the document: json-gold finds a duplicate value by comparing each new
// value of a property with every earlier one, so n values of one property
// cost n²/2 comparisons; here each node's property has a set of the values
// it holds, keyed as json-gold compares them (ld.CompareValues).
//
// Two differences, both where json-gold has no answer: a value whose
// @value is not a string, number or boolean, and a value or list where no
// node holds it, are errors (json-gold panics on both), and @reverse
// properties are taken in sorted order (json-gold takes Go's map order, so
// its blank node labels vary from run to run).
type nodeMapper struct {
	graphs map[string]any
	issuer *ld.IdentifierIssuer
	held   map[heldKey]struct{}
}

// heldKey names one value of one property of one node.
type heldKey struct {
	graph, node, property, value string
}

// generateNodeMap returns the node map of expanded (modified: blank node
// types are relabelled in place, as json-gold does).
func generateNodeMap(expanded []any) (map[string]any, error) {
	m := &nodeMapper{
		graphs: map[string]any{"@default": map[string]any{}},
		issuer: ld.NewIdentifierIssuer("_:b"),
		held:   map[heldKey]struct{}{},
	}
	if _, err := m.walk(expanded, "@default", "", nil, "", nil); err != nil {
		return nil, fmt.Errorf("%w: JSON-LD node map: %v", ErrDocument, err)
	}
	return m.graphs, nil
}

// subjectRef is the active subject of a reverse property: the node the
// reverse property's values point to.
type subjectRef struct{ id string }

// valueKey is the identity of v as ld.CompareValues sees it, and false
// when v is never equal to another value (a list) or cannot be compared.
func valueKey(v any) (string, bool, error) {
	switch t := v.(type) {
	case string:
		return "t" + t, true, nil
	case map[string]any:
		if val, ok := t["@value"]; ok {
			if t["@type"] == "@json" {
				return "", false, fmt.Errorf("@json literals are not supported")
			}
			var k strings.Builder
			switch x := val.(type) {
			case string:
				k.WriteString("vs")
				k.WriteString(strconv.Itoa(len(x)))
				k.WriteByte(':')
				k.WriteString(x)
			case float64:
				if math.IsNaN(x) {
					return "", false, nil // NaN != NaN
				}
				if x == 0 {
					x = 0 // -0 == 0, as in ld.CompareValues
				}
				k.WriteString("vf")
				k.WriteString(strconv.FormatUint(math.Float64bits(x), 16))
			case bool:
				k.WriteString("vb")
				k.WriteString(strconv.FormatBool(x))
			default:
				return "", false, fmt.Errorf("a @value of type %T", val)
			}
			for _, f := range [...]string{"@type", "@language", "@index"} {
				switch x := t[f].(type) {
				case nil:
					k.WriteString("\x00-")
				case string:
					k.WriteString("\x00+")
					k.WriteString(strconv.Itoa(len(x)))
					k.WriteByte(':')
					k.WriteString(x)
				default:
					return "", false, fmt.Errorf("a value's %s of type %T", f, x)
				}
			}
			return k.String(), true, nil
		}
		if id, ok := t["@id"]; ok {
			s, isString := id.(string)
			if !isString {
				return "", false, fmt.Errorf("an @id of type %T", id)
			}
			return "i" + s, true, nil
		}
		return "", false, nil
	}
	return "", false, fmt.Errorf("a value of type %T", v)
}

// add appends v to the values of property of node (in graph, under the
// label id) unless the node holds it already: ld.AddValue with
// propertyIsArray and without duplicates.
func (m *nodeMapper) add(graph, id string, node map[string]any, property string, v any) error {
	if node == nil {
		return fmt.Errorf("a value outside any node (property %q)", property)
	}
	key, comparable, err := valueKey(v)
	if err != nil {
		return err
	}
	if comparable {
		k := heldKey{graph, id, property, key}
		if _, ok := m.held[k]; ok {
			return nil
		}
		m.held[k] = struct{}{}
	}
	values, _ := node[property].([]any)
	node[property] = append(values, v)
	return nil
}

// walk is GenerateNodeMap(element, graphMap, activeGraph, issuer,
// activeSubject, activeProperty, list); the active subject is a node label
// (subject, "" for none) or, for a reverse property, rev.
func (m *nodeMapper) walk(element any, activeGraph, subject string, rev *subjectRef, property string, list map[string]any) (map[string]any, error) {
	if items, isArray := element.([]any); isArray {
		for _, item := range items {
			var err error
			if list, err = m.walk(item, activeGraph, subject, rev, property, list); err != nil {
				return nil, err
			}
		}
		return list, nil
	}
	elem, isMap := element.(map[string]any)
	if !isMap {
		return nil, fmt.Errorf("expected map or list to GenerateNodeMap, got %T", element)
	}
	graph, _ := m.graphs[activeGraph].(map[string]any)
	if graph == nil {
		graph = map[string]any{}
		m.graphs[activeGraph] = graph
	}
	// The node that receives this element as a value: none for a reverse
	// property's subject (json-gold adds it to a map it then drops).
	var subjectNode map[string]any
	dropped := rev != nil
	if !dropped {
		subjectNode, _ = graph[subject].(map[string]any)
	}
	addToSubject := func(v any) error {
		if dropped {
			return nil
		}
		return m.add(activeGraph, subject, subjectNode, property, v)
	}

	_, isValue := elem["@value"]
	if typeVal, hasType := elem["@type"]; hasType {
		types, isArray := typeVal.([]any)
		if !isArray {
			types = []any{typeVal}
		}
		relabelled := make([]any, len(types))
		for i, t := range types {
			s, isString := t.(string)
			if !isString {
				return nil, fmt.Errorf("a @type of type %T", t)
			}
			if strings.HasPrefix(s, "_:") {
				s = m.issuer.GetId(s)
			}
			relabelled[i] = s
		}
		if isValue {
			if len(relabelled) == 0 {
				return nil, fmt.Errorf("an empty value @type")
			}
			elem["@type"] = relabelled[0]
		} else {
			elem["@type"] = relabelled
		}
	}

	if isValue {
		if list == nil {
			return list, addToSubject(element)
		}
		list["@list"] = append(list["@list"].([]any), element)
		return list, nil
	}
	if items, isList := elem["@list"]; isList {
		result, err := m.walk(items, activeGraph, subject, rev, property, map[string]any{"@list": []any{}})
		if err != nil {
			return nil, err
		}
		if list == nil {
			return list, addToSubject(result)
		}
		list["@list"] = append(list["@list"].([]any), result)
		return list, nil
	}

	// A node object.
	var id string
	switch x := elem["@id"].(type) {
	case nil:
		id = m.issuer.GetId("")
	case string:
		id = x
		if strings.HasPrefix(x, "_:") {
			id = m.issuer.GetId(x)
		}
	default:
		return nil, fmt.Errorf("an @id of type %T", x)
	}
	node, _ := graph[id].(map[string]any)
	if node == nil {
		node = map[string]any{"@id": id}
		graph[id] = node
	}
	switch {
	case rev != nil:
		if err := m.add(activeGraph, id, node, property, map[string]any{"@id": rev.id}); err != nil {
			return nil, err
		}
	case property != "":
		ref := map[string]any{"@id": id}
		if list == nil {
			if err := addToSubject(ref); err != nil {
				return nil, err
			}
		} else {
			list["@list"] = append(list["@list"].([]any), ref)
		}
	}
	if types, hasType := elem["@type"].([]any); hasType {
		if _, ok := node["@type"]; !ok {
			node["@type"] = []any{}
		}
		for _, t := range types {
			if err := m.add(activeGraph, id, node, "@type", t); err != nil {
				return nil, err
			}
		}
	}
	if idx, hasIndex := elem["@index"]; hasIndex {
		if old, found := node["@index"]; found && old != idx {
			return nil, ld.NewJsonLdError(ld.ConflictingIndexes, "conflicting @index property detected")
		}
		node["@index"] = idx
	}
	if reverse, hasReverse := elem["@reverse"]; hasReverse {
		rm, ok := reverse.(map[string]any)
		if !ok {
			return nil, fmt.Errorf("a @reverse of type %T", reverse)
		}
		keys := make([]string, 0, len(rm))
		for k := range rm { //bbs:maporder-ok collected, then sorted
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, rp := range keys {
			values, ok := rm[rp].([]any)
			if !ok {
				return nil, fmt.Errorf("reverse property values of type %T", rm[rp])
			}
			for _, v := range values {
				if _, err := m.walk(v, activeGraph, "", &subjectRef{id: id}, rp, nil); err != nil {
					return nil, err
				}
			}
		}
	}
	if g, hasGraph := elem["@graph"]; hasGraph {
		if _, err := m.walk(g, id, "", nil, "", nil); err != nil {
			return nil, err
		}
	}
	if inc, hasIncluded := elem["@included"]; hasIncluded {
		if _, err := m.walk(inc, activeGraph, "", nil, "", nil); err != nil {
			return nil, err
		}
	}
	keys := make([]string, 0, len(elem))
	for k := range elem { //bbs:maporder-ok collected, then sorted
		switch k {
		case "@id", "@type", "@index", "@reverse", "@graph", "@included":
		default:
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, p := range keys {
		value := elem[p]
		if strings.HasPrefix(p, "_:") {
			p = m.issuer.GetId(p)
		}
		if _, found := node[p]; !found {
			node[p] = []any{}
		}
		if _, err := m.walk(value, activeGraph, id, nil, p, nil); err != nil {
			return nil, err
		}
	}
	return list, nil
}
