// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// hostileShape adds n units of one hostile shape to a derived credential
// (the W3C windsurf reveal document).
type hostileShape struct {
	name string
	add  func(doc map[string]any, n int)
	maxN int // the largest n that changes the document (0: none)
}

func hostileSubject(doc map[string]any) map[string]any {
	return doc["credentialSubject"].(map[string]any)
}

// spread puts n items, item(i), into the credential subject as arrays of
// at most per values (properties h0, h1, ...), so that a shape grows past
// the limits on one array.
func spread(d map[string]any, n, per int, item func(i int) any) {
	sub := hostileSubject(d)
	for i := 0; i < n; i += per {
		a := make([]any, 0, per)
		for j := i; j < n && j < i+per; j++ {
			a = append(a, item(j))
		}
		sub[fmt.Sprintf("h%d", i/per)] = a
	}
}

// hostileShapes are the document shapes whose cost could grow faster than
// their size in the JSON-LD path (parse, expansion, node map, RDF,
// RDFC-1.0); each puts n units in the credential subject, in arrays of at
// most 200 values.
var hostileShapes = []hostileShape{
	// n distinct values.
	{"values", func(d map[string]any, n int) {
		spread(d, n, 200, func(i int) any { return fmt.Sprintf("v%d", i) })
	}, 0},
	// n distinct values of one property, in one array.
	{"one-array", func(d map[string]any, n int) {
		a := make([]any, n)
		for i := range a {
			a[i] = fmt.Sprintf("v%d", i)
		}
		hostileSubject(d)["h"] = a
	}, 0},
	// n sibling blank nodes, values of one property.
	{"one-array-blank-nodes", func(d map[string]any, n int) {
		a := make([]any, n)
		for i := range a {
			a[i] = map[string]any{"a": fmt.Sprint(i)}
		}
		hostileSubject(d)["h"] = a
	}, 0},
	// n distinct types of one node.
	{"one-node-types", func(d map[string]any, n int) {
		a := make([]any, n)
		for i := range a {
			a[i] = fmt.Sprintf("T%d", i)
		}
		hostileSubject(d)["h"] = map[string]any{"type": a}
	}, 0},
	// n copies of one value (JSON-LD keeps one statement per property).
	{"duplicate-values", func(d map[string]any, n int) {
		spread(d, n, 200, func(int) any { return "v" })
	}, 0},
	// n properties, objects of at most 200.
	{"properties", func(d map[string]any, n int) {
		spread(d, (n+199)/200, 200, func(o int) any {
			m := map[string]any{}
			for i := o * 200; i < n && i < (o+1)*200; i++ {
				m[fmt.Sprintf("p%d", i)] = "x"
			}
			return m
		})
	}, 0},
	// n blank nodes, siblings.
	{"blank-nodes", func(d map[string]any, n int) {
		spread(d, n, 200, func(i int) any { return map[string]any{"a": fmt.Sprint(i)} })
	}, 0},
	// chains of 28 nested objects (the depth limit is 32), a distinct
	// property at each level.
	{"deep", func(d map[string]any, n int) {
		spread(d, (n+27)/28, 200, func(c int) any {
			var x any = fmt.Sprint(c)
			for i := 0; i < 28; i++ {
				x = map[string]any{fmt.Sprintf("a%d", i): x}
			}
			return x
		})
	}, 0},
	// n bytes of strings, of at most 128 KiB each.
	{"long-string", func(d map[string]any, n int) {
		spread(d, (n+(128<<10)-1)/(128<<10), 200, func(i int) any {
			return strings.Repeat("x", min(128<<10, n-i*(128<<10)))
		})
	}, 0},
	// n bytes of strings of control characters (escaped in N-Quads).
	{"control-string", func(d map[string]any, n int) {
		spread(d, (n+(32<<10)-1)/(32<<10), 200, func(i int) any {
			return strings.Repeat("\x01", min(32<<10, n-i*(32<<10)))
		})
	}, 0},
	// n terms in inline contexts of at most 200.
	{"context-terms", func(d map[string]any, n int) {
		ctx := append([]any(nil), d["@context"].([]any)...)
		for o := 0; o*200 < n; o++ {
			m := map[string]any{}
			for i := o * 200; i < n && i < (o+1)*200; i++ {
				m[fmt.Sprintf("t%d", i)] = fmt.Sprintf("https://t.example/#%d", i)
			}
			ctx = append(ctx, m)
		}
		d["@context"] = ctx
	}, 0},
	// the VC 2.0 context and n of the other core contexts (json-gold
	// refuses a context URL met twice).
	{"core-contexts", func(d map[string]any, n int) {
		ctx := []any{"https://www.w3.org/ns/credentials/v2"}
		for _, c := range coreContexts[2:] {
			if len(ctx) > n {
				break
			}
			ctx = append(ctx, c.url)
		}
		d["@context"] = append(ctx, d["@context"].([]any)[1:]...)
	}, len(coreContexts) - 2},
	// a term with a property-scoped context of 20 terms, used n times.
	{"scoped-context", func(d map[string]any, n int) {
		scoped := map[string]any{}
		for i := 0; i < 20; i++ {
			scoped[fmt.Sprintf("s%d", i)] = fmt.Sprintf("https://s.example/#%d", i)
		}
		d["@context"] = append(append([]any(nil), d["@context"].([]any)...),
			map[string]any{"sp": map[string]any{"@id": "https://s.example/p", "@context": scoped}})
		spread(d, n, 200, func(int) any { return map[string]any{"sp": map[string]any{}} })
	}, 0},
	// n nodes of type VerifiableCredential (the VC 2.0 context gives it a
	// type-scoped context).
	{"vc-types", func(d map[string]any, n int) {
		spread(d, n, 200, func(int) any { return map[string]any{"type": "VerifiableCredential"} })
	}, 0},
	// n distinct types, at most 200 per node.
	{"types", func(d map[string]any, n int) {
		spread(d, (n+199)/200, 200, func(o int) any {
			var t []any
			for i := o * 200; i < n && i < (o+1)*200; i++ {
				t = append(t, fmt.Sprintf("T%d", i))
			}
			return map[string]any{"type": t}
		})
	}, 0},
	// lists of 200 values, n values in all.
	{"list", func(d map[string]any, n int) {
		spread(d, (n+199)/200, 200, func(o int) any {
			var v []any
			for i := o * 200; i < n && i < (o+1)*200; i++ {
				v = append(v, fmt.Sprintf("v%d", i))
			}
			return map[string]any{"@list": v}
		})
	}, 0},
	// n one-value lists.
	{"lists", func(d map[string]any, n int) {
		spread(d, n, 200, func(int) any { return map[string]any{"@list": []any{"a"}} })
	}, 0},
	// one node given n times, with a new value each time (the node map
	// merges them into one property of n values).
	{"same-node", func(d map[string]any, n int) {
		spread(d, n, 200, func(i int) any { return map[string]any{"id": "urn:x:1", "p": fmt.Sprintf("v%d", i)} })
	}, 0},
	// n blank nodes, each naming the next: one first-degree hash for all
	// but the ends, so RDFC-1.0 runs Hash N-Degree Quads.
	{"blank-chain", func(d map[string]any, n int) {
		spread(d, n, 200, func(i int) any {
			return map[string]any{"@id": fmt.Sprintf("_:c%d", i), "n": map[string]any{"@id": fmt.Sprintf("_:c%d", i+1)}}
		})
	}, 0},
	// a ring of n blank nodes: all share one first-degree hash.
	{"ring", func(d map[string]any, n int) {
		spread(d, n, 200, func(i int) any {
			return map[string]any{"@id": fmt.Sprintf("_:r%d", i), "n": map[string]any{"@id": fmt.Sprintf("_:r%d", (i+1)%n)}}
		})
	}, 0},
	// two identical stars of n/2 leaves.
	{"twin-stars", func(d map[string]any, n int) {
		star := func() any {
			m := map[string]any{}
			for i := 0; i < n/2; i++ {
				m[fmt.Sprintf("p%d", i)] = map[string]any{"q": "x"}
			}
			return m
		}
		hostileSubject(d)["hostile"] = []any{star(), star()}
	}, 0},
	// n identical sibling objects of two properties.
	{"identical-siblings", func(d map[string]any, n int) {
		spread(d, n, 200, func(int) any { return map[string]any{"code": "M", "since": 2019.0} })
	}, 0},
}

// fitSize returns the document of shape s closest below size bytes (the
// largest n whose JSON is at most size), and n.
func fitSize(tb testing.TB, base map[string]any, s hostileShape, size int) ([]byte, int) {
	tb.Helper()
	n := largest(func(n int) bool { return len(shapeDoc(tb, base, s, n)) <= size }, s.max())
	return shapeDoc(tb, base, s, n), n
}

func (s hostileShape) max() int {
	if s.maxN > 0 {
		return s.maxN
	}
	return 1 << 20
}

func shapeDoc(tb testing.TB, base map[string]any, s hostileShape, n int) []byte {
	d := deepCopy(base).(map[string]any)
	s.add(d, n)
	b, err := json.Marshal(d)
	if err != nil {
		tb.Fatal(err)
	}
	return b
}

// largest is the largest n in [1, max] for which ok holds, ok being
// monotonic (1 if none).
func largest(ok func(n int) bool, max int) int {
	lo, hi := 1, 2
	for hi <= max && ok(hi) {
		lo, hi = hi, hi*2
	}
	if hi > max {
		if ok(max) {
			return max
		}
		hi = max
	}
	for hi-lo > 1 {
		mid := (lo + hi) / 2
		if ok(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo
}

// atLimit returns the document of shape s with the largest n that no
// limit refuses (the worst document within the limits), and n.
func atLimit(tb testing.TB, v *Verifier, base map[string]any, s hostileShape) ([]byte, int) {
	tb.Helper()
	n := largest(func(n int) bool {
		_, err := v.VerifyJSON(shapeDoc(tb, base, s, n))
		return !errors.Is(err, ErrLimit)
	}, s.max())
	return shapeDoc(tb, base, s, n), n
}

// paddedCredential is a valid derived credential of about size bytes: 16
// claims and padding claims (strings of up to 32 KiB), all disclosed.
func paddedCredential(b *testing.B, l *Loader, size int) []byte {
	b.Helper()
	sk, err := ietfScheme().NewKeyFromSeed([]byte("fabric-bbs vc benchmark issuer key seed"))
	if err != nil {
		b.Fatal(err)
	}
	mk := func(pad int) []byte {
		subject := map[string]any{"id": "did:example:holder"}
		var ptrs []string
		for i := 0; pad > 0; i++ {
			k := min(pad, 32<<10)
			subject[fmt.Sprintf("padding%d", i)] = strings.Repeat("x", k)
			ptrs = append(ptrs, fmt.Sprintf("/credentialSubject/padding%d", i))
			pad -= k
		}
		for i := 0; i < 16; i++ {
			subject[fmt.Sprintf("claim%02d", i)] = fmt.Sprintf("value %d", i)
			ptrs = append(ptrs, fmt.Sprintf("/credentialSubject/claim%02d", i))
		}
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
	pad := size - len(small)
	for {
		out := mk(pad)
		if len(out) <= size {
			return out
		}
		pad -= len(out) - size
	}
}

// BenchmarkHostileShapes measures VerifyJSON (CPU time per op,
// cpu-ns/op) of each hostile shape added to the W3C derived credential,
// beside a valid derived credential of the same size (16 claims and a
// padding string, all disclosed): at fixed sizes (the largest n that fits
// in 16, 64 and 250 KiB; a limit refuses most of them), and at the limits
// ("max": the largest n that no limit refuses, the worst document within
// the limits, beside a valid credential of its size). Every hostile
// document but context-terms is refused: the signature does not cover the
// added statements, or a limit refuses it; the figure is what the refusal
// costs (unused context terms add no statement: that document verifies).
//
//	GOFLAGS=-mod=vendor go test ./vc -run '^$' -bench BenchmarkHostileShapes -count 5
func BenchmarkHostileShapes(b *testing.B) {
	l, err := NewLoader()
	if err != nil {
		b.Fatal(err)
	}
	v := &Verifier{Loader: l}
	base := readDoc(b, "derivedRevealDocument.json")
	run := func(b *testing.B, name string, doc []byte) {
		b.Run(name, func(b *testing.B) {
			_, err := v.VerifyJSON(doc)
			b.Logf("%s, %d bytes: %v", name, len(doc), err)
			withCPU(b, func() { _, _ = v.VerifyJSON(doc) })
		})
	}
	for _, size := range []int{16 << 10, 64 << 10, 250 << 10} {
		b.Run(fmt.Sprintf("%dKiB", size>>10), func(b *testing.B) {
			run(b, "valid", paddedCredential(b, l, size))
			for _, s := range hostileShapes {
				doc, n := fitSize(b, base, s, size)
				run(b, fmt.Sprintf("%s-%d", s.name, n), doc)
			}
		})
	}
	b.Run("max", func(b *testing.B) {
		for _, s := range hostileShapes {
			doc, n := atLimit(b, v, base, s)
			kib := (len(doc) + 1023) >> 10
			run(b, fmt.Sprintf("%s-%d/valid-%dKiB", s.name, n, kib), paddedCredential(b, l, len(doc)))
			run(b, fmt.Sprintf("%s-%d/hostile-%dKiB", s.name, n, kib), doc)
		}
	})
}
