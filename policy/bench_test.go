// SPDX-License-Identifier: Apache-2.0

package policy

import "testing"

// BenchmarkParse parses pollDoc (4 issuer and disclosed rules, header,
// pseudonym): the cost of CreatePolicy's validation.
func BenchmarkParse(b *testing.B) {
	doc := []byte(pollDoc)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Parse(doc); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEvaluate evaluates pollDoc on a satisfying statement: the cost a
// policy adds to VerifyProof before any pairing.
func BenchmarkEvaluate(b *testing.B) {
	p, err := Parse([]byte(pollDoc))
	if err != nil {
		b.Fatal(err)
	}
	st := satisfying()
	b.ReportAllocs()
	for b.Loop() {
		if u := p.Evaluate(st); u != nil {
			b.Fatal(u)
		}
	}
}
