// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/piprate/json-gold/ld"
)

// expandedToQuads is JSON-LD's Deserialize JSON-LD to RDF on an expanded
// document, after json-gold's node map generation. It is written here
// because json-gold's own conversion spends half of a credential's
// verification checking every IRI with a regular expression (absolute IRIs
// are already checked, see checkExpandedIRIs), and because it treats a
// number above 2^63 as a double where JSON-LD (and jsonld.js) makes every
// integral number below 10^21 an xsd:integer. @json literals are refused
// rather than canonicalized.
func expandedToQuads(expanded []any) ([]quad, error) {
	nodeMap, err := generateNodeMap(expanded)
	if err != nil {
		return nil, err
	}
	c := &rdfConverter{}
	for _, name := range sortedKeys(nodeMap) {
		var g term
		switch {
		case name == "@default":
		case strings.HasPrefix(name, "_:"):
			g = term{kind: kindBlank, value: name[2:]}
		default:
			if !absoluteIRI(name) {
				return nil, fmt.Errorf("%w: graph name %q is not an absolute IRI", ErrDocument, name)
			}
			g = term{kind: kindIRI, value: name}
		}
		graph, _ := nodeMap[name].(map[string]any)
		for _, id := range sortedKeys(graph) {
			node, _ := graph[id].(map[string]any)
			subj, err := nodeTerm(id)
			if err != nil {
				return nil, err
			}
			for _, prop := range sortedKeys(node) {
				values, _ := node[prop].([]any)
				pred := prop
				switch {
				case prop == "@type":
					pred = ld.RDFType
				case strings.HasPrefix(prop, "@"):
					continue
				case strings.HasPrefix(prop, "_:"):
					return nil, fmt.Errorf("%w: blank node property %q", ErrDocument, prop)
				case !absoluteIRI(prop):
					return nil, fmt.Errorf("%w: property %q is not an absolute IRI", ErrDocument, prop)
				}
				for _, item := range values {
					var obj term
					if prop == "@type" {
						s, _ := item.(string)
						if obj, err = nodeTerm(s); err != nil {
							return nil, err
						}
					} else if obj, err = c.object(item, g); err != nil {
						return nil, err
					}
					c.quads = append(c.quads, quad{s: subj, p: term{kind: kindIRI, value: pred}, o: obj, g: g})
				}
			}
		}
	}
	return c.quads, nil
}

type rdfConverter struct {
	quads []quad
	lists int
}

func nodeTerm(id string) (term, error) {
	if strings.HasPrefix(id, "_:") {
		return term{kind: kindBlank, value: id[2:]}, nil
	}
	if !absoluteIRI(id) {
		return term{}, fmt.Errorf("%w: %q is not an absolute IRI", ErrDocument, id)
	}
	return term{kind: kindIRI, value: id}, nil
}

func (c *rdfConverter) object(item any, g term) (term, error) {
	m, ok := item.(map[string]any)
	if !ok {
		return term{}, fmt.Errorf("%w: unexpected %T in the node map", ErrDocument, item)
	}
	if v, isValue := m["@value"]; isValue {
		dt, _ := m["@type"].(string)
		if dt == "@json" {
			return term{}, fmt.Errorf("%w: @json literals are not supported", ErrDocument)
		}
		switch x := v.(type) {
		case bool:
			if dt == "" {
				dt = ld.XSDBoolean
			}
			return term{kind: kindLiteral, value: strconv.FormatBool(x), datatype: dt}, nil
		case float64:
			lex, dt, err := jsonNumberLexical(x, dt)
			if err != nil {
				return term{}, err
			}
			return term{kind: kindLiteral, value: lex, datatype: dt}, nil
		case string:
			if lang, ok := m["@language"].(string); ok {
				if !validLanguageTag(lang) {
					return term{}, fmt.Errorf("%w: language tag %q is not a well-formed BCP 47 tag", ErrDocument, lang)
				}
				return term{kind: kindLiteral, value: x, datatype: ld.RDFLangString, lang: lang}, nil
			}
			if dt == "" {
				dt = ld.XSDString
			}
			return term{kind: kindLiteral, value: x, datatype: dt}, nil
		default:
			return term{}, fmt.Errorf("%w: value of type %T", ErrDocument, v)
		}
	}
	if list, isList := m["@list"]; isList {
		items, _ := list.([]any)
		return c.list(items, g)
	}
	id, _ := m["@id"].(string)
	return nodeTerm(id)
}

func (c *rdfConverter) list(items []any, g term) (term, error) {
	if len(items) == 0 {
		return term{kind: kindIRI, value: ld.RDFNil}, nil
	}
	head := term{kind: kindBlank, value: "l" + strconv.Itoa(c.lists)}
	c.lists++
	node := head
	for i, it := range items {
		obj, err := c.object(it, g)
		if err != nil {
			return term{}, err
		}
		c.quads = append(c.quads, quad{s: node, p: term{kind: kindIRI, value: ld.RDFFirst}, o: obj, g: g})
		next := term{kind: kindIRI, value: ld.RDFNil}
		if i < len(items)-1 {
			next = term{kind: kindBlank, value: "l" + strconv.Itoa(c.lists)}
			c.lists++
		}
		c.quads = append(c.quads, quad{s: node, p: term{kind: kindIRI, value: ld.RDFRest}, o: next, g: g})
		node = next
	}
	return head, nil
}
