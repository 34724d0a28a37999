// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
)

// hostileShape adds n units of one hostile shape to a derived credential
// (the W3C windsurf reveal document).
type hostileShape struct {
	name string
	add  func(doc map[string]any, n int)
}

func hostileSubject(doc map[string]any) map[string]any {
	return doc["credentialSubject"].(map[string]any)
}

// hostileShapes are the document shapes whose cost could grow faster than
// their size in the JSON-LD path (expansion, node map, RDF, RDFC-1.0).
var hostileShapes = []hostileShape{
	// n distinct values of one property.
	{"values", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = fmt.Sprintf("v%d", i)
		}
		hostileSubject(d)["hostile"] = v
	}},
	// n copies of one value (JSON-LD keeps one statement).
	{"duplicate-values", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = "v"
		}
		hostileSubject(d)["hostile"] = v
	}},
	// n properties of one node.
	{"properties", func(d map[string]any, n int) {
		m := make(map[string]any, n)
		for i := 0; i < n; i++ {
			m[fmt.Sprintf("p%d", i)] = "x"
		}
		hostileSubject(d)["hostile"] = m
	}},
	// n blank nodes, siblings.
	{"blank-nodes", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = map[string]any{"a": fmt.Sprint(i)}
		}
		hostileSubject(d)["hostile"] = v
	}},
	// chains of 28 nested objects (the depth limit is 32).
	{"deep", func(d map[string]any, n int) {
		v := make([]any, 0, n/28+1)
		for c := 0; c*28 < n; c++ {
			var x any = fmt.Sprint(c)
			for i := 0; i < 28; i++ {
				x = map[string]any{"a": x}
			}
			v = append(v, x)
		}
		hostileSubject(d)["hostile"] = v
	}},
	// one long string.
	{"long-string", func(d map[string]any, n int) {
		hostileSubject(d)["hostile"] = strings.Repeat("x", n)
	}},
	// n terms in an inline context.
	{"context-terms", func(d map[string]any, n int) {
		m := make(map[string]any, n)
		for i := 0; i < n; i++ {
			m[fmt.Sprintf("t%d", i)] = fmt.Sprintf("https://t.example/#%d", i)
		}
		d["@context"] = append(append([]any(nil), d["@context"].([]any)...), m)
	}},
	// n distinct types of one node.
	{"types", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = fmt.Sprintf("T%d", i)
		}
		hostileSubject(d)["hostile"] = map[string]any{"type": v}
	}},
	// one @list of n values.
	{"list", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = fmt.Sprintf("v%d", i)
		}
		hostileSubject(d)["hostile"] = map[string]any{"@list": v}
	}},
	// n one-element lists, values of one property.
	{"lists", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = map[string]any{"@list": []any{"a"}}
		}
		hostileSubject(d)["hostile"] = v
	}},
	// one node given n times, with a new value each time (the node map
	// merges them into one property of n values).
	{"same-node", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = map[string]any{"id": "urn:x:1", "p": fmt.Sprintf("v%d", i)}
		}
		hostileSubject(d)["hostile"] = v
	}},
	// n statements with blank-node subjects and objects (a chain).
	{"blank-chain", func(d map[string]any, n int) {
		// flat, not nested: each node names the next.
		v := make([]any, n)
		for i := range v {
			next := map[string]any{"@id": fmt.Sprintf("_:c%d", i+1)}
			v[i] = map[string]any{"@id": fmt.Sprintf("_:c%d", i), "n": next}
		}
		hostileSubject(d)["hostile"] = v
	}},
	// two identical stars of n leaves: every blank node's first-degree
	// hash is shared, so RDFC-1.0 runs Hash N-Degree Quads.
	{"twin-stars", func(d map[string]any, n int) {
		star := func() any {
			m := map[string]any{}
			for i := 0; i < n/2; i++ {
				m[fmt.Sprintf("p%d", i)] = map[string]any{"q": "x"}
			}
			return m
		}
		hostileSubject(d)["hostile"] = []any{star(), star()}
	}},
	// a ring of n blank nodes: all share one first-degree hash.
	{"ring", func(d map[string]any, n int) {
		v := make([]any, n)
		for i := range v {
			v[i] = map[string]any{"@id": fmt.Sprintf("_:r%d", i), "n": map[string]any{"@id": fmt.Sprintf("_:r%d", (i+1)%n)}}
		}
		hostileSubject(d)["hostile"] = v
	}},
}

// fitSize returns the document of shape s closest below size bytes (the
// largest n whose JSON is at most size), and n.
func fitSize(tb testing.TB, base map[string]any, s hostileShape, size int) ([]byte, int) {
	tb.Helper()
	mk := func(n int) []byte {
		d := deepCopy(base).(map[string]any)
		s.add(d, n)
		b, err := json.Marshal(d)
		if err != nil {
			tb.Fatal(err)
		}
		return b
	}
	lo, hi := 1, 2
	for len(mk(hi)) <= size {
		lo, hi = hi, hi*2
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if len(mk(mid)) <= size {
			lo = mid
		} else {
			hi = mid
		}
	}
	return mk(lo), lo
}

// paddedCredential is a valid derived credential of about size bytes: 16
// claims and a padding claim, all disclosed.
func paddedCredential(b *testing.B, l *Loader, size int) []byte {
	b.Helper()
	sk, err := ietfScheme().NewKeyFromSeed([]byte("fabric-bbs vc benchmark issuer key seed"))
	if err != nil {
		b.Fatal(err)
	}
	mk := func(pad int) []byte {
		subject := map[string]any{"id": "did:example:holder", "padding": strings.Repeat("x", pad)}
		var ptrs []string
		for i := 0; i < 16; i++ {
			subject[fmt.Sprintf("claim%02d", i)] = fmt.Sprintf("value %d", i)
			ptrs = append(ptrs, fmt.Sprintf("/credentialSubject/claim%02d", i))
		}
		ptrs = append(ptrs, "/credentialSubject/padding")
		doc := map[string]any{
			"@context":          []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"@vocab": "https://claims.example/#"}},
			"type":              []any{"VerifiableCredential"},
			"issuer":            "https://issuer.example/",
			"credentialSubject": subject,
		}
		signed, err := l.Issue(doc, IssueOptions{SecretKey: sk, MandatoryPointers: []string{"/issuer"}, Created: "2026-12-01T00:00:00Z"}, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		derived, err := l.Derive(signed, DeriveOptions{SelectivePointers: ptrs, PresentationHeader: []byte("0123456789abcdef")}, Limits{})
		if err != nil {
			b.Fatal(err)
		}
		out, err := json.Marshal(derived)
		if err != nil {
			b.Fatal(err)
		}
		return out
	}
	small := mk(0)
	if size <= len(small) {
		return small
	}
	return mk(size - len(small))
}

// BenchmarkHostileShapes measures VerifyJSON (CPU time per op,
// cpu-ns/op) of each hostile shape added to the W3C derived credential, at
// several sizes, beside a valid derived credential of the same size (16
// claims and a padding string, all disclosed). Every hostile document but
// context-terms is refused (the signature does not cover the added
// statements, or a limit refuses it first); the figure is what the refusal
// costs. Unused context terms add no statement, so that document verifies.
//
//	GOFLAGS=-mod=vendor go test ./vc -run '^$' -bench BenchmarkHostileShapes -count 5
func BenchmarkHostileShapes(b *testing.B) {
	l, err := NewLoader()
	if err != nil {
		b.Fatal(err)
	}
	v := &Verifier{Loader: l}
	base := readDoc(b, "derivedRevealDocument.json")
	for _, size := range []int{16 << 10, 64 << 10, 250 << 10} {
		valid := paddedCredential(b, l, size)
		b.Run(fmt.Sprintf("%dKiB/valid", size>>10), func(b *testing.B) {
			withCPU(b, func() {
				if _, err := v.VerifyJSON(valid); err != nil {
					b.Fatal(err)
				}
			})
		})
		for _, s := range hostileShapes {
			doc, n := fitSize(b, base, s, size)
			b.Run(fmt.Sprintf("%dKiB/%s-%d", size>>10, s.name, n), func(b *testing.B) {
				_, err := v.VerifyJSON(doc)
				b.Logf("%s, %d bytes, n %d: %v", s.name, len(doc), n, err)
				withCPU(b, func() { _, _ = v.VerifyJSON(doc) })
			})
		}
	}
}
