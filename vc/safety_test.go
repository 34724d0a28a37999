// SPDX-License-Identifier: Apache-2.0

package vc

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/piprate/json-gold/ld"
)

const v1Credential = `{
  "@context": ["https://www.w3.org/2018/credentials/v1"],
  "type": ["VerifiableCredential"],
  "issuer": "https://issuer.example/",
  "issuanceDate": "2024-01-01T00:00:00Z",
  "credentialSubject": {"id": "did:example:holder"%s}%s
}`

// TestSafeModeRefuses: documents that JSON-LD would silently change are
// refused with ErrDocument, each for the reason it was built to probe.
// v1Credential has no @vocab, so an undefined term has no IRI.
func TestSafeModeRefuses(t *testing.T) {
	l := newTestLoader(t)
	cases := []struct{ name, doc string }{
		{"undefined term", fmt.Sprintf(v1Credential, `, "licenseClass": "C"`, "")},
		{"undefined top-level term", fmt.Sprintf(v1Credential, "", `, "licenseClass": "C"`)},
		{"undefined type", strings.Replace(fmt.Sprintf(v1Credential, "", ""), `["VerifiableCredential"]`, `["VerifiableCredential", "DriverLicense"]`, 1)},
		{"relative @id", strings.Replace(fmt.Sprintf(v1Credential, "", ""), `"did:example:holder"`, `"holders/42"`, 1)},
		{"relative issuer", strings.Replace(fmt.Sprintf(v1Credential, "", ""), `"https://issuer.example/"`, `"issuer-7"`, 1)},
		{"term defined as null", strings.Replace(fmt.Sprintf(v1Credential, `, "licenseClass": "C"`, ""),
			`["https://www.w3.org/2018/credentials/v1"]`, `["https://www.w3.org/2018/credentials/v1", {"licenseClass": null}]`, 1)},
		{"relative vocab", strings.Replace(fmt.Sprintf(v1Credential, `, "licenseClass": "C"`, ""),
			`["https://www.w3.org/2018/credentials/v1"]`, `["https://www.w3.org/2018/credentials/v1", {"@vocab": "terms#"}]`, 1)},
		{"keyword-like key ignored by JSON-LD", fmt.Sprintf(v1Credential, `, "@licenseClass": "C"`, "")},
		{"null value", strings.Replace(fmt.Sprintf(v1Credential, `, "licenseClass": null`, ""),
			`["https://www.w3.org/2018/credentials/v1"]`, `["https://www.w3.org/2018/credentials/v1", {"@vocab": "https://vocab.example/#"}]`, 1)},
		{"unknown context", strings.Replace(fmt.Sprintf(v1Credential, "", ""), `["https://www.w3.org/2018/credentials/v1"]`, `["https://www.w3.org/2018/credentials/v1", "https://evil.example/ctx"]`, 1)},
		{"duplicate key", strings.Replace(fmt.Sprintf(v1Credential, "", ""), `"issuer": "https://issuer.example/",`, `"issuer": "https://issuer.example/", "issuer": "https://other.example/",`, 1)},
		{"no context", `{"type": ["VerifiableCredential"]}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			doc, err := ParseDocument([]byte(c.doc), Limits{})
			if err == nil {
				_, err = l.toQuads(doc, Limits{})
			}
			if !errors.Is(err, ErrDocument) {
				t.Fatalf("got %v, want ErrDocument", err)
			}
			t.Log(err)
		})
	}
	// The same document without the probe is accepted.
	doc, err := ParseDocument([]byte(fmt.Sprintf(v1Credential, "", "")), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.toQuads(doc, Limits{}); err != nil {
		t.Fatalf("plain v1 credential: %v", err)
	}
}

// TestSafeModeOnDerived: a holder who adds to a verified derived
// credential what JSON-LD drops (a key JSON-LD ignores, a null) would show
// an unsigned claim with a valid proof; safe mode refuses it instead. The
// test checks first that the addition really leaves the RDF unchanged.
func TestSafeModeOnDerived(t *testing.T) {
	v := &Verifier{Loader: newTestLoader(t)}
	base := readDoc(t, "derivedRevealDocument.json")
	_, unsecured, _ := splitProof(base)
	wantQuads := expandUnsafe(t, v.Loader, unsecured)
	for name, add := range map[string]func(map[string]any){
		"ignored keyword-like key": func(s map[string]any) { s["@licenseClass"] = "A" },
		"null claim":               func(s map[string]any) { s["champion"] = nil },
	} {
		t.Run(name, func(t *testing.T) {
			doc := readDoc(t, "derivedRevealDocument.json")
			add(doc["credentialSubject"].(map[string]any))
			_, uns, _ := splitProof(doc)
			if got := expandUnsafe(t, v.Loader, uns); got != wantQuads {
				t.Fatalf("the addition changes the RDF; the probe is wrong")
			}
			if _, err := v.Verify(doc); !errors.Is(err, ErrDocument) {
				t.Fatalf("got %v, want ErrDocument", err)
			}
		})
	}
}

// expandUnsafe is the canonical N-Quads of doc by json-gold without safe
// mode.
func expandUnsafe(t *testing.T, l *Loader, doc map[string]any) string {
	t.Helper()
	opts := ld.NewJsonLdOptions("")
	opts.DocumentLoader = l
	opts.Algorithm = ld.AlgorithmURDNA2015
	opts.Format = "application/n-quads"
	out, err := ld.NewJsonLdProcessor().Normalize(deepCopy(doc), opts)
	if err != nil {
		t.Fatal(err)
	}
	return out.(string)
}

// poisonDocument is a clique of n blank nodes, each linked to every other
// by the same property: every first-degree hash is equal, and RDFC-1.0's
// N-degree search is factorial in n.
func poisonDocument(n int) map[string]any {
	var graph []any
	for i := 0; i < n; i++ {
		var links []any
		for j := 0; j < n; j++ {
			if j != i {
				links = append(links, map[string]any{"@id": fmt.Sprintf("_:n%d", j)})
			}
		}
		graph = append(graph, map[string]any{"@id": fmt.Sprintf("_:n%d", i), "https://ex.example/p": links})
	}
	return map[string]any{"@context": map[string]any{"@vocab": "https://ex.example/"}, "@graph": graph}
}

// TestCanonicalizationBounded: a poison graph is refused with ErrLimit
// (after at most MaxCanonWork steps), and a small clique, within the
// limit, canonicalizes as json-gold does.
func TestCanonicalizationBounded(t *testing.T) {
	l := newTestLoader(t)
	quads, err := l.toQuads(poisonDocument(10), Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := canonicalNQuads(quads, Limits{}); !errors.Is(err, ErrLimit) {
		t.Fatalf("poison graph: got %v, want ErrLimit", err)
	}
	small := poisonDocument(4)
	quads, err = l.toQuads(small, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines, err := canonicalNQuads(quads, Limits{})
	if err != nil {
		t.Fatalf("4-clique: %v", err)
	}
	if got, want := strings.Join(lines, ""), expandUnsafe(t, l, small); got != want {
		t.Errorf("4-clique:\n%s\njson-gold:\n%s", got, want)
	}
}

// TestLimits: size, depth, statements, blank nodes and context loads are
// each refused beyond their limit with ErrLimit.
func TestLimits(t *testing.T) {
	l := newTestLoader(t)
	wind := readDoc(t, "windDoc.json")
	deep := `{"@context": {"@vocab": "https://ex.example/"}, "a": ` + strings.Repeat(`{"a": `, 40) + `1` + strings.Repeat(`}`, 41)
	if _, err := ParseDocument([]byte(deep), Limits{}); !errors.Is(err, ErrLimit) {
		t.Errorf("deep: got %v", err)
	}
	if _, err := ParseDocument([]byte(`{"x": "`+strings.Repeat("a", 300<<10)+`"}`), Limits{}); !errors.Is(err, ErrLimit) {
		t.Errorf("large: got %v", err)
	}
	if _, err := l.toQuads(wind, Limits{MaxQuads: 27}); !errors.Is(err, ErrLimit) {
		t.Errorf("28 statements, limit 27: got %v", err)
	}
	if _, err := l.toQuads(wind, Limits{MaxBlankNodes: 7}); !errors.Is(err, ErrLimit) {
		t.Errorf("8 blank nodes, limit 7: got %v", err)
	}
	many := deepCopy(wind).(map[string]any)
	var ctx []any
	for i := 0; i < 20; i++ {
		u := fmt.Sprintf("https://ctx.example/%d", i)
		if err := l.Add(u, []byte(fmt.Sprintf(`{"@context": {"t%d": "https://ex.example/t%d"}}`, i, i)), ""); err != nil {
			t.Fatal(err)
		}
		ctx = append(ctx, u)
	}
	many["@context"] = append([]any{"https://www.w3.org/ns/credentials/v2"}, append(ctx, map[string]any{"@vocab": "https://windsurf.grotto-networking.com/selective#"})...)
	if _, err := l.toQuads(many, Limits{}); !errors.Is(err, ErrLimit) {
		t.Errorf("20 context references: got %v", err)
	}
	if _, err := l.toQuads(wind, Limits{}); err != nil {
		t.Errorf("windsurf within default limits: %v", err)
	}
}

// TestCanonicalizeMatchesJSONGold: this package's RDFC-1.0 and json-gold's
// URDNA2015 agree on documents without the literal characters they escape
// differently.
func TestCanonicalizeMatchesJSONGold(t *testing.T) {
	l := newTestLoader(t)
	docs := map[string]map[string]any{
		"windsurf":        readDoc(t, "windDoc.json"),
		"windsurf signed": readDoc(t, "addSignedSDBase.json"),
		"reveal":          readDoc(t, "derivedRevealDocument.json"),
		"clique 3":        poisonDocument(3),
		"list, numbers, booleans, language": {
			"@context": map[string]any{"@vocab": "https://ex.example/#", "route": map[string]any{"@container": "@list"},
				"when": map[string]any{"@type": "http://www.w3.org/2001/XMLSchema#dateTime"}},
			"@id": "https://ex.example/trip", "route": []any{"A", 2.0, map[string]any{"stop": "C"}, 2.5, true},
			"empty": map[string]any{"@list": []any{}}, "when": "2026-12-01T00:00:00Z", "big": 1e15, "small": -0.001,
			"flag": false, "label": map[string]any{"@value": "Reise", "@language": "de"},
		},
		"clique 4": poisonDocument(4),
		"two identical sails": {
			"@context": []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"@vocab": "https://ex.example/#"}},
			"type":     []any{"VerifiableCredential"}, "issuer": "https://ex.example/i",
			"credentialSubject": map[string]any{"sails": []any{
				map[string]any{"size": 7.0, "name": "x", "tag": "quote \" backslash \\ newline \n cr \r"},
				map[string]any{"size": 7.0, "name": "x", "tag": "quote \" backslash \\ newline \n cr \r"},
				map[string]any{"size": 7.5, "name": "x", "lang": map[string]any{"@value": "hi", "@language": "en"}},
			}},
		},
	}
	for name, doc := range docs {
		quads, err := l.toQuads(doc, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		lines, err := canonicalNQuads(quads, Limits{})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got, want := strings.Join(lines, ""), expandUnsafe(t, l, doc); got != want {
			t.Errorf("%s:\n%s\njson-gold:\n%s", name, got, want)
		}
	}
}

// TestEscapeLiteral: the canonical N-Quads escapes (RDF 1.2 N-Quads,
// canonical form), where json-gold differs: \b, \f and other control
// characters.
func TestEscapeLiteral(t *testing.T) {
	var b strings.Builder
	escapeLiteral(&b, "a\"b\\c\nd\re\tf\bg\fh\x00i\x1fj\x7fk\u00e9l")
	if got, want := b.String(), `a\"b\\c\nd\re\tf\bg\fh\u0000i\u001Fj\u007Fkél`; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

// TestVerifyDeterministic: the same document gives the same statements and
// the same error text on every run.
func TestVerifyDeterministic(t *testing.T) {
	v := &Verifier{Loader: newTestLoader(t)}
	var first *Verified
	var firstErr string
	for i := 0; i < 5; i++ {
		r, err := v.Verify(readDoc(t, "derivedRevealDocument.json"))
		if err != nil {
			t.Fatal(err)
		}
		bad := readDoc(t, "derivedRevealDocument.json")
		bad["credentialSubject"].(map[string]any)["sailNumber"] = "X"
		_, e := v.Verify(bad)
		if i == 0 {
			first, firstErr = r, e.Error()
			continue
		}
		if strings.Join(r.NonMandatory, "") != strings.Join(first.NonMandatory, "") || strings.Join(r.Mandatory, "") != strings.Join(first.Mandatory, "") {
			t.Fatal("statements differ between runs")
		}
		if e.Error() != firstErr {
			t.Fatalf("error text differs: %q vs %q", e, firstErr)
		}
	}
}

// TestIdenticalSiblingsWithinLimit: a credential with 8 identical objects
// in one array (equal first-degree hashes, so N-degree hashing runs) is
// well within the default work bound.
func TestIdenticalSiblingsWithinLimit(t *testing.T) {
	l := newTestLoader(t)
	var items []any
	for i := 0; i < 8; i++ {
		items = append(items, map[string]any{"code": "M", "since": 2019.0})
	}
	doc := map[string]any{
		"@context":          []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"@vocab": "https://ex.example/#"}},
		"type":              []any{"VerifiableCredential"},
		"issuer":            "https://issuer.example/",
		"credentialSubject": map[string]any{"endorsements": items},
	}
	quads, err := l.toQuads(doc, Limits{})
	if err != nil {
		t.Fatal(err)
	}
	_, work, err := canonicalizeWork(quads, DefaultLimits.MaxCanonWork)
	if err != nil {
		t.Fatal(err)
	}
	if work == 0 || work > DefaultLimits.MaxCanonWork/4 {
		t.Errorf("%d steps (limit %d)", work, DefaultLimits.MaxCanonWork)
	}
	t.Logf("%d steps", work)
}

// TestVerifyRefusesMalformedProofs: a base proof shown to a verifier, a
// proof array, another cryptosuite or purpose, no proofValue, a proofValue
// that is not multibase base64url, a did:web method (no resolver given),
// each refused with the error of its kind; a label map with a label the
// document does not have is ErrInvalidProof.
func TestVerifyRefusesMalformedProofs(t *testing.T) {
	v := &Verifier{Loader: newTestLoader(t)}
	cases := map[string]struct {
		mutate func(d map[string]any)
		want   error
	}{
		"base proof":        {func(d map[string]any) { d["proof"] = readDoc(t, "addSignedSDBase.json")["proof"] }, ErrProofValue},
		"proof array":       {func(d map[string]any) { d["proof"] = []any{d["proof"]} }, ErrDocument},
		"other cryptosuite": {func(d map[string]any) { d["proof"].(map[string]any)["cryptosuite"] = "ecdsa-sd-2023" }, ErrDocument},
		"other purpose":     {func(d map[string]any) { d["proof"].(map[string]any)["proofPurpose"] = "authentication" }, ErrDocument},
		"no proofValue":     {func(d map[string]any) { delete(d["proof"].(map[string]any), "proofValue") }, ErrDocument},
		"did:web": {func(d map[string]any) {
			d["proof"].(map[string]any)["verificationMethod"] = "did:web:issuer.example#key-1"
		}, ErrKey},
		"label map extra": {func(d map[string]any) {
			p := d["proof"].(map[string]any)
			dp, _ := ParseDerivedProofValue(p["proofValue"].(string))
			dp.LabelMap["c14n99"] = "b99"
			p["proofValue"], _ = dp.Encode()
		}, ErrInvalidProof},
		"proofValue not multibase": {func(d map[string]any) { d["proof"].(map[string]any)["proofValue"] = "z123" }, ErrProofValue},
	}
	names := make([]string, 0, len(cases))
	for n := range cases {
		names = append(names, n)
	}
	sortStrings(names)
	for _, name := range names {
		c := cases[name]
		t.Run(name, func(t *testing.T) {
			doc := readDoc(t, "derivedRevealDocument.json")
			c.mutate(doc)
			if _, err := v.Verify(doc); !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
		})
	}
}

// TestUndefinedTermNamed: a property that does not expand is named in the
// error, with its JSON pointer when the key occurs once; of several, the
// first in sorted order, on every run (every endorser returns the same
// text).
func TestUndefinedTermNamed(t *testing.T) {
	l := newTestLoader(t)
	cases := []struct{ name, doc, want string }{
		{"one", fmt.Sprintf(v1Credential, `, "licenseClass": "C"`, ""),
			`term "licenseClass" at /credentialSubject/licenseClass does not expand`},
		{"top level", fmt.Sprintf(v1Credential, "", `, "licenseClass": "C"`),
			`term "licenseClass" at /licenseClass does not expand`},
		{"several: the first in sorted order", fmt.Sprintf(v1Credential, `, "zone": 1, "age": 3, "licenseClass": "C"`, `, "rank": 2`),
			`term "age" at /credentialSubject/age does not expand`},
		{"twice: no pointer", fmt.Sprintf(v1Credential, `, "licenseClass": "C"`, `, "licenseClass": "D"`),
			`term "licenseClass" does not expand`},
		{"relative vocab", strings.Replace(fmt.Sprintf(v1Credential, `, "licenseClass": "C"`, ""),
			`["https://www.w3.org/2018/credentials/v1"]`, `["https://www.w3.org/2018/credentials/v1", {"@vocab": "terms#"}]`, 1),
			`term "licenseClass" at /credentialSubject/licenseClass does not expand`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var first string
			for i := 0; i < 20; i++ {
				doc, err := ParseDocument([]byte(c.doc), Limits{})
				if err != nil {
					t.Fatal(err)
				}
				_, err = l.toQuads(doc, Limits{})
				if !errors.Is(err, ErrDocument) || !strings.Contains(err.Error(), c.want) {
					t.Fatalf("got %v, want ErrDocument naming %s", err, c.want)
				}
				if i == 0 {
					first = err.Error()
				} else if err.Error() != first {
					t.Fatalf("run %d: %q, run 0: %q", i, err, first)
				}
			}
		})
	}
}
