// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkBaseCheck: the cost of JSON-LD processing (toQuads) of a
// document of n relative references with two @base values (each reference
// resolved both ways against each base before expansion) and of the same
// document with absolute IRIs and no @base.
func BenchmarkBaseCheck(b *testing.B) {
	l, err := NewLoader()
	if err != nil {
		b.Fatal(err)
	}
	const n = 400
	mk := func(withBase bool) map[string]any {
		var s strings.Builder
		if withBase {
			s.WriteString(`{"@context":[{"@base":"https://example.com/a/b/"},{"p":{"@id":"urn:ex:q","@context":{"@base":"https://example.org/c/d/"}}}],"@graph":[`)
		} else {
			s.WriteString(`{"@context":[{"@vocab":"https://example.com/v#"},{"@vocab":"https://example.com/w#"}],"@graph":[`)
		}
		for i := 0; i < n; i++ {
			if i > 0 {
				s.WriteByte(',')
			}
			if withBase {
				fmt.Fprintf(&s, `{"@id":"x%05d/./y","@type":"t%05d","urn:ex:p":{"@id":"../z%05d"}}`, i, i, i)
			} else {
				fmt.Fprintf(&s, `{"@id":"urn:x%05d","@type":"urn:t%05d","urn:ex:p":{"@id":"urn:z%05d"}}`, i, i, i)
			}
		}
		s.WriteString(`]}`)
		doc, err := ParseDocument([]byte(s.String()), Limits{})
		if err != nil {
			b.Fatal(err)
		}
		return doc
	}
	for _, c := range []struct {
		name string
		doc  map[string]any
	}{{"absolute", mk(false)}, {"base", mk(true)}} {
		b.Run(c.name, func(b *testing.B) {
			withCPU(b, func() {
				if _, err := l.toQuads(c.doc, Limits{}); err != nil {
					b.Fatal(err)
				}
			})
		})
		b.Run(c.name+"/check-only", func(b *testing.B) {
			withCPU(b, func() {
				if err := l.checkConstructs(c.doc); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
