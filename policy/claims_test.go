// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"testing"
)

// jsonClaims is a ClaimReader over a JSON document read as if its shape
// were its statements': each key a property, an array the set of a
// property's values, a number an xsd:integer or xsd:double. (The contract
// reads the signed statements; this double lets the rules be tested
// alone.)
type jsonClaims struct{ doc map[string]any }

func (j jsonClaims) ReadClaim(r *ClaimRule) ClaimRead {
	cur := []any{j.doc}
	for _, tok := range PointerTokens(r.Pointer) {
		var next []any
		for _, v := range cur {
			m, _ := v.(map[string]any)
			x, ok := m[tok]
			if !ok {
				continue
			}
			if arr, ok := x.([]any); ok {
				next = append(next, arr...)
			} else {
				next = append(next, x)
			}
		}
		cur = next
	}
	var read ClaimRead
	for _, v := range cur {
		if cv := jsonValue(v); !containsClaimValue(read.Values, cv) {
			read.Values = append(read.Values, cv)
		}
	}
	for _, v := range append([]any{r.Equals}, r.OneOf...) {
		if v != nil {
			read.Accepted = append(read.Accepted, jsonValue(v))
		}
	}
	return read
}

func jsonValue(v any) ClaimValue {
	switch x := v.(type) {
	case string:
		return ClaimValue{Literal: true, Value: x, Datatype: xsdNS + "string"}
	case bool:
		return ClaimValue{Literal: true, Value: strconv.FormatBool(x), Datatype: xsdNS + "boolean"}
	case float64:
		if x == math.Trunc(x) && math.Abs(x) < 1e21 {
			return ClaimValue{Literal: true, Value: strconv.FormatFloat(x, 'f', -1, 64), Datatype: xsdNS + "integer"}
		}
		return ClaimValue{Literal: true, Value: strconv.FormatFloat(x, 'E', -1, 64), Datatype: xsdNS + "double"}
	}
	return ClaimValue{} // a node without an IRI
}

// licenseDoc is a credential policy using every kind of claim rule.
const licenseDoc = `{"id":"dmv-class-c","issuers":[{"id":"dmv","keyVersions":[1]}],
 "credential":{"types":["DriverLicense"],"requireValidUntil":true,
  "claims":[
   {"pointer":"/credentialSubject/licenseClass","equals":"C"},
   {"pointer":"/credentialSubject/birthDate","before":"2008-12-01"},
   {"pointer":"/credentialSubject/points","atLeast":0,"atMost":11},
   {"pointer":"/credentialSubject/country","oneOf":["BE","NL"]},
   {"pointer":"/credentialSubject/id","prefix":"did:"},
   {"pointer":"/credentialSubject/a~1b~0c"},
   {"pointer":"/credentialSubject/organDonor","equals":true},
   {"pointer":"/credentialSubject/endorsements"}
  ],"recordClaims":true},
 "minNonceLength":16}`

func licenseCredential() map[string]any {
	var doc map[string]any
	if err := json.Unmarshal([]byte(`{"@context":["https://www.w3.org/ns/credentials/v2","https://dmv.example/ctx/v1"],
	 "type":["VerifiableCredential","DriverLicense"],"issuer":"did:key:z",
	 "credentialSubject":{"id":"did:example:holder","licenseClass":"C","birthDate":"1990-04-02","points":3,
	  "country":"BE","a/b~c":"x","organDonor":true,"endorsements":["M"]}}`), &doc); err != nil {
		panic(err)
	}
	return doc
}

func licenseStatement() CredentialStatement {
	doc := licenseCredential()
	return CredentialStatement{Issuer: "dmv", KeyVersion: 1, Types: []string{"VerifiableCredential", "DriverLicense"},
		ValidUntil: true, Document: doc, Claims: jsonClaims{doc}, NonceLength: 32}
}

// TestCredentialPolicyParse: a credential policy parses, keeps its claims
// in the document's order, and its canonical form round-trips.
func TestCredentialPolicyParse(t *testing.T) {
	p, err := Parse([]byte(licenseDoc))
	if err != nil {
		t.Fatal(err)
	}
	if !p.IsCredential() || len(p.Credential.Claims) != 8 || p.Credential.Claims[1].Pointer != "/credentialSubject/birthDate" || !p.Credential.RecordClaims {
		t.Fatalf("parsed %+v", p.Credential)
	}
	b, err := p.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	want := `{"id":"dmv-class-c","issuers":[{"id":"dmv","keyVersions":[1]}],"minNonceLength":16,"credential":{"types":["DriverLicense"],"requireValidUntil":true,"claims":[{"pointer":"/credentialSubject/licenseClass","equals":"C"},{"pointer":"/credentialSubject/birthDate","before":"2008-12-01"},{"pointer":"/credentialSubject/points","atLeast":0,"atMost":11},{"pointer":"/credentialSubject/country","oneOf":["BE","NL"]},{"pointer":"/credentialSubject/id","prefix":"did:"},{"pointer":"/credentialSubject/a~1b~0c"},{"pointer":"/credentialSubject/organDonor","equals":true},{"pointer":"/credentialSubject/endorsements"}],"recordClaims":true}}`
	if string(b) != want {
		t.Fatalf("canonical form\n%s\nwant\n%s", b, want)
	}
	p2, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if b2, _ := p2.Marshal(); string(b2) != want {
		t.Fatalf("not stable: %s", b2)
	}
	if _, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{}}`)); err != nil {
		t.Fatalf("a credential policy with issuer rules only: %v", err)
	}
}

// TestCredentialPolicyRefused: malformed, empty and contradictory
// credential rules are refused, naming the field.
func TestCredentialPolicyRefused(t *testing.T) {
	wrap := func(cred string) string {
		return `{"id":"p","issuers":[{"id":"a"}],"credential":` + cred + `}`
	}
	tests := []struct{ doc, want string }{
		{`{"id":"p","issuers":[{"id":"a"}],"messageCount":3,"credential":{}}`, "credential: a credential policy has no messageCount"},
		{`{"id":"p","issuers":[{"id":"a"}],"disclosed":[{"index":0}],"credential":{}}`, "has no messageCount, disclosed"},
		{`{"id":"p","issuers":[{"id":"a"}],"header":{"equals":"eA=="},"credential":{}}`, "has no messageCount, disclosed or header"},
		{wrap(`{"x":1}`), `credential: unknown field "x"`},
		{wrap(`[]`), "credential: must be an object"},
		{wrap(`{"types":[]}`), "credential.types: empty"},
		{wrap(`{"types":["A","A"]}`), `credential.types[1]: "A" repeats`},
		{wrap(`{"types":[""]}`), "credential.types[0]: must be 1 to"},
		{wrap(`{"claims":[]}`), "credential.claims: empty"},
		{wrap(`{"claims":[{"equals":"C"}]}`), "credential.claims[0].pointer: required"},
		{wrap(`{"claims":[{"pointer":"credentialSubject"}]}`), "is not a JSON pointer"},
		{wrap(`{"claims":[{"pointer":"/"}]}`), "is not a JSON pointer"},
		{wrap(`{"claims":[{"pointer":"/a~2"}]}`), `"~" must be followed by 0 or 1`},
		{wrap(`{"claims":[{"pointer":"/a"},{"pointer":"/a","equals":1}]}`), "credential.claims[1].pointer: \"/a\" repeats claims[0]"},
		{wrap(`{"claims":[{"pointer":"/a","equals":null}]}`), "must not be null"},
		{wrap(`{"claims":[{"pointer":"/a","equals":{"x":1}}]}`), "must be a string, a number or true or false"},
		{wrap(`{"claims":[{"pointer":"/a","oneOf":[]}]}`), "oneOf: empty"},
		{wrap(`{"claims":[{"pointer":"/a","oneOf":["x","x"]}]}`), `oneOf[1]: "x" repeats`},
		{wrap(`{"claims":[{"pointer":"/a","equals":"y","oneOf":["x"]}]}`), "is not in oneOf"},
		{wrap(`{"claims":[{"pointer":"/a","equals":"x","oneOf":["x","y"]}]}`), "oneOf lists values other than equals"},
		{wrap(`{"claims":[{"pointer":"/a","prefix":""}]}`), "prefix: empty"},
		{wrap(`{"claims":[{"pointer":"/a","equals":"xy","prefix":"y"}]}`), `the value "xy" must be a string starting with "y"`},
		{wrap(`{"claims":[{"pointer":"/a","equals":3,"prefix":"y"}]}`), "must be a string starting with"},
		{wrap(`{"claims":[{"pointer":"/a","before":"yesterday"}]}`), "is not a date"},
		{wrap(`{"claims":[{"pointer":"/a","before":"2020-01-01T00:00:00"}]}`), "is not a date"},
		{wrap(`{"claims":[{"pointer":"/a","after":"2020-01-01","before":"2020-01-01"}]}`), "no date satisfies both"},
		{wrap(`{"claims":[{"pointer":"/a","atLeast":5,"atMost":4}]}`), "no number satisfies both"},
		{wrap(`{"claims":[{"pointer":"/a","atLeast":"5"}]}`), "atLeast: wrong type"},
		{wrap(`{"claims":[{"pointer":"/a","atLeast":1,"before":"2020-01-01"}]}`), "give one kind"},
		{wrap(`{"claims":[{"pointer":"/a","equals":7,"atMost":4}]}`), "the value 7 must be at most 4"},
		{wrap(`{"claims":[{"pointer":"/a","oneOf":["2030-01-01","2000-01-01"],"before":"2020-01-01"}]}`), `the value "2030-01-01" must be before 2020-01-01`},
		{wrap(`{"requireValidFrom":"yes"}`), "credential.requireValidFrom: wrong type"},
		{wrap(`{"claims":[{"pointer":"/` + strings.Repeat("a", MaxPointerLength) + `"}]}`), "over the limit of 256"},
		{wrap(`{"claims":[{"pointer":"/credentialSubject/boards/0/year"}]}`), `the token "0" is an array index`},
		{wrap(`{"claims":[{"pointer":"/credentialSubject/boards/-"}]}`), `the token "-" is an array index`},
		{wrap(`{"claims":[{"pointer":"/credentialSubject/12"}]}`), `the token "12" is an array index`},
		{wrap(`{"claims":[{"pointer":"/@reverse/credentialSubject"}]}`), `the token "@reverse" is a JSON-LD keyword`},
		{wrap(`{"claims":[{"pointer":"/credentialSubject//x"}]}`), "an empty token"},
		{wrap(`{"claims":[{"pointer":"/credentialSubject/id/x"}]}`), `"id" names a node's IRI or types`},
		{wrap(`{"claims":[{"pointer":"/type/x"}]}`), `"type" names a node's IRI or types`},
	}
	for _, tt := range tests {
		_, err := Parse([]byte(tt.doc))
		if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("Parse(%s) = %v, want an error containing %q", tt.doc, err, tt.want)
		}
	}
}

// TestEvaluateCredential: every rule kind met, then each one unmet in
// turn with its reason in words; the two kinds of policy do not mix.
func TestEvaluateCredential(t *testing.T) {
	p, err := Parse([]byte(licenseDoc))
	if err != nil {
		t.Fatal(err)
	}
	if u := p.EvaluateCredential(licenseStatement()); u != nil {
		t.Fatalf("unmet: %+v", u)
	}
	subject := func(st *CredentialStatement) map[string]any { return st.Document["credentialSubject"].(map[string]any) }
	tests := []struct {
		name   string
		change func(st *CredentialStatement)
		rule   string
		index  int
		reason string
	}{
		{"other issuer", func(st *CredentialStatement) { st.Issuer = "x" }, "issuers", 0, `issuer must be "dmv" (not "x")`},
		{"other key version", func(st *CredentialStatement) { st.KeyVersion = 2 }, "keyVersions", 0, `key version of issuer "dmv" must be 1 (not 2)`},
		{"inline context", func(st *CredentialStatement) {
			st.Document["@context"] = []any{"https://www.w3.org/ns/credentials/v2", map[string]any{"licenseClass": "https://x.example/other"}}
		}, "credential.contexts", 0, "must be a list of context URLs"},
		{"embedded context", func(st *CredentialStatement) {
			subject(st)["@context"] = map[string]any{"licenseClass": "https://x.example/other"}
		}, "credential.contexts", 0, "no @context elsewhere"},
		{"context missing", func(st *CredentialStatement) { delete(st.Document, "@context") }, "credential.contexts", 0, "must be a list"},
		{"type missing", func(st *CredentialStatement) { st.Types = []string{"VerifiableCredential"} }, "credential.types", 0, `the credential must have the type "DriverLicense"`},
		{"validUntil hidden", func(st *CredentialStatement) { st.ValidUntil = false }, "credential.requireValidUntil", 0, "the credential must disclose validUntil"},
		{"class hidden", func(st *CredentialStatement) { delete(subject(st), "licenseClass") }, "credential.claims", 0, `"/credentialSubject/licenseClass" must be disclosed`},
		{"class B", func(st *CredentialStatement) { subject(st)["licenseClass"] = "B" }, "credential.claims", 0, `"/credentialSubject/licenseClass" must equal "C"`},
		{"two classes", func(st *CredentialStatement) { subject(st)["licenseClass"] = []any{"C", "B"} }, "credential.claims", 0, "must be a single value (the signed statements give 2"},
		{"class a node", func(st *CredentialStatement) { subject(st)["licenseClass"] = map[string]any{"x": "C"} }, "credential.claims", 0, `must equal "C"`},
		{"birth date a node", func(st *CredentialStatement) { subject(st)["birthDate"] = map[string]any{} }, "credential.claims", 1, "must be a single string, number or boolean"},
		{"no reader", func(st *CredentialStatement) { st.Claims = nil }, "credential.claims", 0, "cannot be read: no signed statements"},
		{"too young", func(st *CredentialStatement) { subject(st)["birthDate"] = "2008-12-01" }, "credential.claims", 1, `"/credentialSubject/birthDate" must be before 2008-12-01`},
		{"birth date not a date", func(st *CredentialStatement) { subject(st)["birthDate"] = "April 1990" }, "credential.claims", 1, "must be a date"},
		{"birth date a number", func(st *CredentialStatement) { subject(st)["birthDate"] = 1990.0 }, "credential.claims", 1, "must be a date"},
		{"too many points", func(st *CredentialStatement) { subject(st)["points"] = 12.0 }, "credential.claims", 2, "must be at most 11"},
		{"negative points", func(st *CredentialStatement) { subject(st)["points"] = -1.0 }, "credential.claims", 2, "must be at least 0"},
		{"points as text", func(st *CredentialStatement) { subject(st)["points"] = "3" }, "credential.claims", 2, "must be a number"},
		{"other country", func(st *CredentialStatement) { subject(st)["country"] = "FR" }, "credential.claims", 3, `must be "BE" or "NL"`},
		{"no did", func(st *CredentialStatement) { subject(st)["id"] = "urn:x" }, "credential.claims", 4, `must be a string starting with "did:"`},
		{"escaped pointer", func(st *CredentialStatement) { delete(subject(st), "a/b~c") }, "credential.claims", 5, `"/credentialSubject/a~1b~0c" must be disclosed`},
		{"bool as string", func(st *CredentialStatement) { subject(st)["organDonor"] = "true" }, "credential.claims", 6, "must equal true"},
		{"no endorsement", func(st *CredentialStatement) { subject(st)["endorsements"] = []any{} }, "credential.claims", 7, "must be disclosed"},
		{"short nonce", func(st *CredentialStatement) { st.NonceLength = 8 }, "minNonceLength", 0, "nonce must be at least 16 bytes (not 8)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := licenseStatement()
			tt.change(&st)
			u := p.EvaluateCredential(st)
			if u == nil || u.Rule != tt.rule || u.Index != tt.index || !strings.Contains(u.Reason, tt.reason) {
				t.Fatalf("unmet %+v, want rule %s index %d reason containing %q", u, tt.rule, tt.index, tt.reason)
			}
			if tt.rule == "credential.claims" && u.Pointer != p.Credential.Claims[tt.index].Pointer {
				t.Fatalf("pointer %q", u.Pointer)
			}
		})
	}

	// The kinds do not mix.
	if u := p.Evaluate(Statement{Issuer: "dmv", KeyVersion: 1}); u == nil || u.Rule != "policy" || !strings.Contains(u.Reason, "for W3C credentials") {
		t.Fatalf("a credential policy on a bare proof: %+v", u)
	}
	bare, err := Parse([]byte(`{"id":"b","issuers":[{"id":"dmv"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if u := bare.EvaluateCredential(licenseStatement()); u == nil || u.Rule != "policy" || !strings.Contains(u.Reason, "for bare proofs") {
		t.Fatalf("a bare policy on a credential: %+v", u)
	}
	// Dates: a date-time claim against a date bound.
	dt, err := Parse([]byte(`{"id":"d","issuers":[{"id":"dmv"}],"credential":{"claims":[{"pointer":"/t","after":"2020-01-01","before":"2020-01-02T00:00:00+01:00"}]}}`))
	if err != nil {
		t.Fatal(err)
	}
	for v, met := range map[string]bool{"2020-01-01T12:00:00Z": true, "2020-01-01": false, "2020-01-01T23:30:00Z": false, "2020-01-01T22:59:59Z": true} {
		doc := map[string]any{"@context": "https://www.w3.org/ns/credentials/v2", "t": v}
		st := CredentialStatement{Issuer: "dmv", Document: doc, Claims: jsonClaims{doc}}
		if u := dt.EvaluateCredential(st); (u == nil) != met {
			t.Errorf("%s: unmet %+v, want met %v", v, u, met)
		}
	}
}

// TestEvaluateCredentialOneAnswer: a credential that fails several rules
// gets the same first unmet rule on every run (the claims in the policy's
// order, never in map order), and a document with several embedded
// contexts gets the same answer.
func TestEvaluateCredentialOneAnswer(t *testing.T) {
	p, err := Parse([]byte(licenseDoc))
	if err != nil {
		t.Fatal(err)
	}
	st := licenseStatement()
	s := st.Document["credentialSubject"].(map[string]any)
	s["licenseClass"], s["birthDate"], s["points"], s["country"] = "B", "2010-01-01", 99.0, "FR"
	got := oneAnswer(t, func() string {
		u := p.EvaluateCredential(st)
		return fmt.Sprintf("%+v", u)
	})
	if !strings.Contains(got, "licenseClass") {
		t.Fatalf("first unmet %s", got)
	}
	got = oneAnswer(t, func() string {
		_, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{"zz":1,"claims":[{"pointer":"x","before":"q","atMost":"r","oneOf":[null],"y":1}],"types":[1],"aa":2}}`))
		return fmt.Sprint(err)
	})
	if !strings.Contains(got, `unknown field "aa"`) {
		t.Fatalf("Parse answered %s", got)
	}
	got = oneAnswer(t, func() string {
		_, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{"claims":[{"pointer":"/x","before":"q","after":"r","prefix":"","atMost":"s","atLeast":"t"}]}}`))
		return fmt.Sprint(err)
	})
	if !strings.Contains(got, "prefix: empty") {
		t.Fatalf("Parse answered %s", got)
	}
}

// FuzzEvaluateCredential: a credential policy parsed from the input and a
// document made of the input never panic, and the policy and its
// canonical form evaluate alike.
func FuzzEvaluateCredential(f *testing.F) {
	f.Add([]byte(licenseDoc), []byte(`{"@context":"https://www.w3.org/ns/credentials/v2","credentialSubject":{"licenseClass":"C"}}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{"claims":[{"pointer":"/a/~1","atLeast":-1e308}]}}`), []byte(`{"a":[{"/":1}]}`))
	f.Add([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{"claims":[{"pointer":"/t","after":"2020-01-01T00:00:00.5+14:00"}]}}`), []byte(`{"t":"9999-12-31"}`))
	f.Fuzz(func(t *testing.T, doc, cred []byte) {
		p, err := Parse(doc)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		var d map[string]any
		if json.Unmarshal(cred, &d) != nil {
			d = map[string]any{}
		}
		st := CredentialStatement{Issuer: p.Issuers[0].ID, KeyVersion: 1, Document: d, Claims: jsonClaims{d}, NonceLength: len(cred), ValidFrom: len(cred)%2 == 0}
		if p.Credential != nil {
			st.Types = p.Credential.Types
		}
		b, err := p.Marshal()
		if err != nil {
			t.Fatal(err)
		}
		p2, err := Parse(b)
		if err != nil {
			t.Fatalf("canonical form %s does not parse: %v", b, err)
		}
		u1, u2 := p.EvaluateCredential(st), p2.EvaluateCredential(st)
		if (u1 == nil) != (u2 == nil) || (u1 != nil && *u1 != *u2) {
			t.Fatalf("a policy and its canonical form evaluate differently: %v, %v", u1, u2)
		}
	})
}

// TestCredentialPolicyPseudonym: a credential policy may have a pseudonym
// rule (bbs-2023 pseudonym credentials): unmet without a pseudonym or in
// another context, met in its context, with its uses for the contract.
func TestCredentialPolicyPseudonym(t *testing.T) {
	p, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"pseudonym":{"context":"eA==","uses":3},"credential":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	if p.AllowedUses() != 3 {
		t.Fatalf("uses %d", p.AllowedUses())
	}
	st := CredentialStatement{Issuer: "a", KeyVersion: 1, Document: map[string]any{"@context": []any{"https://www.w3.org/ns/credentials/v2"}}}
	if u := p.EvaluateCredential(st); u == nil || u.Rule != "pseudonym" || !strings.Contains(u.Reason, "is required") {
		t.Fatalf("no pseudonym: %+v", u)
	}
	st.Pseudonym, st.Context = true, []byte("y")
	if u := p.EvaluateCredential(st); u == nil || u.Rule != "pseudonym" || !strings.Contains(u.Reason, "context must be") {
		t.Fatalf("another context: %+v", u)
	}
	st.Context = []byte("x")
	if u := p.EvaluateCredential(st); u != nil {
		t.Fatalf("its context: %+v", u)
	}
}

type fixedClaims ClaimRead

func (f fixedClaims) ReadClaim(*ClaimRule) ClaimRead { return ClaimRead(f) }

// TestClaimReadValues: a claim read in signed statements is one value of a
// set: typed literals are numbers and booleans by datatype, an IRI is a
// string for prefix and equals but not a date or number, a blank node is
// no value, and equals compares RDF terms.
func TestClaimReadValues(t *testing.T) {
	lit := func(v, dt string) ClaimValue { return ClaimValue{Literal: true, Value: v, Datatype: xsdNS + dt} }
	tests := []struct {
		rule   string
		read   ClaimRead
		reason string // "" for met
	}{
		{`{"pointer":"/a","atLeast":3}`, ClaimRead{Values: []ClaimValue{lit("5", "integer")}}, ""},
		{`{"pointer":"/a","atLeast":3}`, ClaimRead{Values: []ClaimValue{lit("2.5E0", "double")}}, "must be at least 3"},
		{`{"pointer":"/a","atLeast":3}`, ClaimRead{Values: []ClaimValue{lit("5", "string")}}, "must be a number"},
		{`{"pointer":"/a","atLeast":3}`, ClaimRead{Values: []ClaimValue{lit("NaN", "double")}}, "must be a number"},
		{`{"pointer":"/a","atLeast":3}`, ClaimRead{Values: []ClaimValue{lit("5", "integer"), lit("6", "integer")}}, "must be a single value (the signed statements give 2"},
		{`{"pointer":"/a","prefix":"did:"}`, ClaimRead{Values: []ClaimValue{{Value: "did:example:1"}}}, ""},
		{`{"pointer":"/a","prefix":"did:"}`, ClaimRead{Values: []ClaimValue{{}}}, "must be a single string, number or boolean"},
		{`{"pointer":"/a","before":"2020-01-01"}`, ClaimRead{Values: []ClaimValue{{Value: "urn:2019-01-01"}}}, "must be a single string"},
		{`{"pointer":"/a","before":"2020-01-01"}`, ClaimRead{Values: []ClaimValue{lit("2019-05-01T00:00:00Z", "dateTime")}}, ""},
		{`{"pointer":"/a","equals":"C"}`, ClaimRead{Values: []ClaimValue{lit("C", "string")}, Accepted: []ClaimValue{lit("C", "string")}}, ""},
		{`{"pointer":"/a","equals":"C"}`, ClaimRead{Values: []ClaimValue{lit("C", "token")}, Accepted: []ClaimValue{lit("C", "string")}}, `must equal "C"`},
		{`{"pointer":"/a","equals":true}`, ClaimRead{Values: []ClaimValue{lit("1", "boolean")}, Accepted: []ClaimValue{lit("true", "boolean")}}, "must equal true"},
		{`{"pointer":"/a","oneOf":["x","y"]}`, ClaimRead{Values: []ClaimValue{{Value: "urn:y"}}, Accepted: []ClaimValue{{Value: "urn:x"}, {Value: "urn:y"}}}, ""},
		{`{"pointer":"/a"}`, ClaimRead{}, "must be disclosed"},
		{`{"pointer":"/a"}`, ClaimRead{Values: []ClaimValue{{}}}, ""},
		{`{"pointer":"/a"}`, ClaimRead{Problem: "cannot be read: x"}, "cannot be read: x"},
	}
	for _, tt := range tests {
		p, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"credential":{"claims":[` + tt.rule + `]}}`))
		if err != nil {
			t.Fatal(err)
		}
		st := CredentialStatement{Issuer: "a", Document: map[string]any{"@context": "https://www.w3.org/ns/credentials/v2"}, Claims: fixedClaims(tt.read)}
		u := p.EvaluateCredential(st)
		if (u == nil) != (tt.reason == "") || u != nil && !strings.Contains(u.Reason, tt.reason) {
			t.Errorf("%s on %+v: unmet %+v, want %q", tt.rule, tt.read, u, tt.reason)
		}
	}
}
