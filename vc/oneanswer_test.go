// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
)

// oneAnswerRuns is how many times each document is verified under each
// GOMAXPROCS: with several faults met in Go's map order, 50 runs give
// two answers all but surely.
const oneAnswerRuns = 50

// withLabelMap is doc (a derived bbs-2023 document) with its label map
// rewritten by f, called with the canonical labels in label order.
func withLabelMap(t *testing.T, doc map[string]any, f func(labels []string, m map[string]string) map[string]string) map[string]any {
	t.Helper()
	d := deepCopy(doc).(map[string]any)
	proof := d["proof"].(map[string]any)
	p, err := ParseDerivedProofValue(proof["proofValue"].(string))
	if err != nil {
		t.Fatal(err)
	}
	labels := make([]string, 0, len(p.LabelMap))
	for k := range p.LabelMap {
		labels = append(labels, k)
	}
	num := func(s string) int { n, _ := strconv.Atoi(strings.TrimPrefix(s, "c14n")); return n }
	sort.Slice(labels, func(i, j int) bool { return num(labels[i]) < num(labels[j]) })
	if len(labels) < 4 {
		t.Fatalf("%d blank nodes, the test needs 4", len(labels))
	}
	p.LabelMap = f(labels, p.LabelMap)
	if proof["proofValue"], err = p.Encode(); err != nil {
		t.Fatal(err)
	}
	return d
}

// withContext is doc with entries appended to its @context.
func withContext(doc map[string]any, entries ...any) map[string]any {
	d := deepCopy(doc).(map[string]any)
	ctx, ok := d["@context"].([]any)
	if !ok {
		ctx = []any{d["@context"]}
	}
	d["@context"] = append(ctx, entries...)
	return d
}

// withRelativeIRIs is doc with several node references by relative IRI.
func withRelativeIRIs(doc map[string]any) map[string]any {
	d := deepCopy(doc).(map[string]any)
	s := d["credentialSubject"].(map[string]any)
	for _, p := range []string{"a", "b", "c", "d", "e", "f"} {
		s["https://ex.example/"+p] = map[string]any{"@id": "relative-" + p}
	}
	return d
}

// TestRefusalsOneAnswer: a bbs-2023 derived document and a
// BbsBlsSignatureProof2020 one, each with several faults of one class at
// once (a label map giving two issuer labels twice, a label map lacking
// several canonical labels, an inline context with several invalid term
// definitions, a term definition with several unknown keys, several
// relative IRIs), are refused with the same error text on every run and
// under GOMAXPROCS 1 and 2: the fault reported must not depend on Go's
// map order.
func TestRefusalsOneAnswer(t *testing.T) {
	v := &Verifier{Loader: newTestLoader(t)}
	v2020 := &Verifier2020{Loader: loader2020(t)}
	derived := readDoc(t, "derivedRevealDocument.json")
	mattr := readDoc2020(t, "derived-mattr.json")
	verify := func(d map[string]any) error { _, err := v.Verify(d); return err }
	verify2020 := func(d map[string]any) error { _, err := v2020.Verify(d); return err }
	badTerms := map[string]any{"ta": 1.0, "tb": true, "tc": []any{}, "td": 2.0, "te": 3.0, "tf": 4.0}
	badKeys := map[string]any{"tt": map[string]any{"@id": "https://t.example/tt", "x": 1.0, "y": 2.0, "z": 3.0, "w": 4.0}}

	cases := []struct {
		name   string
		verify func(map[string]any) error
		doc    map[string]any
		want   string
	}{
		{"bbs-2023, labelMap gives two labels one issuer label, twice", verify,
			withLabelMap(t, derived, func(labels []string, m map[string]string) map[string]string {
				out := map[string]string{}
				for i, k := range labels {
					out[k] = "b" + strconv.Itoa(i/2)
				}
				return out
			}), "labelMap gives b0 to two labels"},
		{"bbs-2023, labelMap lacks several canonical labels", verify,
			withLabelMap(t, derived, func(labels []string, m map[string]string) map[string]string {
				out := map[string]string{}
				for i, k := range labels {
					out["c14n"+strconv.Itoa(1000+i)] = m[k]
				}
				return out
			}), "labelMap has no label for _:c14n0"},
		{"bbs-2023, several invalid term definitions", verify, withContext(derived, badTerms), "JSON-LD context is invalid"},
		{"bbs-2023, a term definition with several unknown keys", verify, withContext(derived, badKeys), "JSON-LD context is invalid"},
		{"bbs-2023, several relative IRIs", verify, withRelativeIRIs(derived), `@id "relative-a" is not an absolute IRI`},
		{"BbsBlsSignatureProof2020, several invalid term definitions", verify2020, withContext(mattr, badTerms), "JSON-LD context is invalid"},
		{"BbsBlsSignatureProof2020, a term definition with several unknown keys", verify2020, withContext(mattr, badKeys), "JSON-LD context is invalid"},
		{"BbsBlsSignatureProof2020, several relative IRIs", verify2020, withRelativeIRIs(mattr), `@id "relative-a" is not an absolute IRI`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := oneanswer.Check(t, oneAnswerRuns, func() string {
				if err := c.verify(c.doc); err != nil {
					return err.Error()
				}
				return "verified"
			})
			if !strings.Contains(got, c.want) {
				t.Fatalf("error %q, want %q", got, c.want)
			}
		})
	}
}
