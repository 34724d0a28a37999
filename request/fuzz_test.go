// SPDX-License-Identifier: Apache-2.0

package request

import (
	"encoding/json"
	"errors"
	"testing"
)

// FuzzParseRequest checks that Parse never panics, that every error it
// returns wraps ErrInvalid, and that an accepted request decodes, stays
// within the limits (pseudonym and context included: each only with the
// other), and survives an encode/parse round trip unchanged.
func FuzzParseRequest(f *testing.F) {
	f.Add([]byte(validBody))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":""}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","disclosed":[{"index":0,"message":""},{"index":1023,"message":"/w=="}]}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","disclosed":[null]}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","policy":{"id":"p"}}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","policy":{"id":"p","version":3}}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","policy":{"id":"p","version":-1}}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","policy":{"id":"p","ID":"q"}}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","policy":null}`))
	f.Add([]byte(`{"ISSUER":"x"}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`null`))
	// pseudonym requests: both fields, one alone, over a limit
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","pseudonym":"AAEC","context":"Yw=="}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","pseudonym":"AAEC"}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","context":"Yw=="}`))
	f.Add([]byte(`{"issuer":"x","proof":"AA==","nonce":"","pseudonym":"AAEC","context":""}`))
	// non-revocation (level 3)
	f.Add([]byte(`{"issuer":"x","proof":"AQ==","nonce":"","nonRevoked":true}`))
	f.Add([]byte(`{"issuer":"x","proof":"AQ==","nonce":"","nonRevoked":1}`))
	f.Add([]byte(`{"issuer":"x","proof":"AQ==","nonce":"","nonrevoked":true}`))
	// predicates
	f.Add(predBody(`[{"kind":"range","index":4,"max":13940},{"kind":"range","index":3,"min":18,"params":"age-u16"},{"kind":"inSet","index":5,"params":"eu"}]`, "AQI="))
	f.Add(predBody(`[{"kind":"range","index":0,"min":-9223372036854775808,"max":9223372036854775807}]`, "AA=="))
	f.Add(predBody(`[{"kind":"range","index":0,"min":2,"max":1}]`, "AA=="))
	f.Add(predBody(`[{"kind":"inSet","index":1,"params":"s"}]`, "AA=="))
	f.Add(predBody(`[{"kind":"range","index":0,"max":null}]`, "AA=="))
	f.Add(predBody(`[]`, ""))
	f.Add(predBody("", "AA=="))
	f.Fuzz(func(t *testing.T, body []byte) {
		r, err := Parse(body)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		d, err := r.Decode()
		if err != nil {
			t.Fatalf("Parse accepted a request that Decode rejects: %v", err)
		}
		if len(d.Proof) == 0 || len(d.Proof) > MaxProofSize || len(d.Nonce) > MaxNonceSize ||
			len(d.Header) > MaxHeaderSize || len(d.Salt) > MaxSaltSize || len(d.Disclosed) > MaxDisclosed {
			t.Fatalf("accepted request is outside the limits: %+v", d)
		}
		if d.Policy != nil && (!ValidIssuerID(d.Policy.ID) || d.Policy.Version < 0 || d.Policy.Version > MaxPolicyVersion) {
			t.Fatalf("accepted policy reference is invalid: %+v", d.Policy)
		}
		if len(d.Pseudonym) > MaxPseudonymSize || len(d.Context) > MaxContextSize ||
			(len(d.Pseudonym) == 0) != (len(d.Context) == 0) {
			t.Fatalf("accepted pseudonym %d bytes, context %d bytes", len(d.Pseudonym), len(d.Context))
		}
		for i, m := range d.Disclosed {
			if m.Index < 0 || m.Index > MaxMessageIndex || len(m.Message) > MaxMessageSize ||
				(i > 0 && m.Index <= d.Disclosed[i-1].Index) {
				t.Fatalf("accepted disclosed[%d] is invalid: %+v", i, m)
			}
		}
		if len(d.Predicates) > MaxPredicates || (len(d.Predicates) == 0) != (len(d.PredicateProof) == 0) ||
			len(d.PredicateProof) > MaxPredicateProofSize || (len(d.Predicates) > 0 && (d.NonRevoked || len(d.Pseudonym) > 0)) {
			t.Fatalf("accepted %d predicates with a %d-byte proof", len(d.Predicates), len(d.PredicateProof))
		}
		for i, p := range d.Predicates {
			min, max := p.Bounds()
			ok := p.Index >= 0 && p.Index <= MaxMessageIndex && (p.Params == "" || ValidIssuerID(p.Params))
			switch p.Kind {
			case KindRange:
				ok = ok && (p.Min != nil || p.Max != nil) && min <= max
			case KindInSet:
				ok = ok && p.Params != "" && p.Min == nil && p.Max == nil
			default:
				ok = false
			}
			for _, m := range d.Disclosed {
				ok = ok && m.Index != p.Index
			}
			for _, q := range d.Predicates[:i] {
				ok = ok && (q.Kind != p.Kind || q.Index != p.Index)
			}
			if !ok {
				t.Fatalf("accepted predicates[%d] is invalid: %+v", i, p)
			}
		}
		again, err := json.Marshal(d.Encode())
		if err != nil {
			t.Fatal(err)
		}
		r2, err := Parse(again)
		if err != nil {
			t.Fatalf("re-encoded request %s does not parse: %v", again, err)
		}
		d2, err := r2.Decode()
		if err != nil {
			t.Fatal(err)
		}
		a, _ := json.Marshal(d)
		b, _ := json.Marshal(d2)
		if string(a) != string(b) {
			t.Fatalf("round trip changed the request:\n%s\n%s", a, b)
		}
	})
}

// FuzzCheckDuplicateKeys checks that the duplicate-key walk never panics,
// and agrees with encoding/json about which bodies are well-formed JSON.
func FuzzCheckDuplicateKeys(f *testing.F) {
	f.Add([]byte(validBody))
	f.Add([]byte(`{"a":1,"a":2}`))
	f.Add([]byte(`[{"a":[{"b":1}],"b":{"a":1}}]`))
	f.Add([]byte(`{"a":`))
	f.Fuzz(func(t *testing.T, body []byte) {
		err := CheckDuplicateKeys(body)
		if err != nil && !errors.Is(err, ErrInvalid) {
			t.Fatalf("error does not wrap ErrInvalid: %v", err)
		}
		if err == nil && len(body) > 0 && json.Valid(body) {
			var m map[string]any
			if json.Unmarshal(body, &m) == nil && m != nil {
				// Re-encoding a map cannot create duplicates, and every key
				// of the body survives: the counts agree.
				again, _ := json.Marshal(m)
				if CheckDuplicateKeys(again) != nil {
					t.Fatalf("re-encoded map has duplicates: %s", again)
				}
			}
		}
	})
}

// FuzzFirstDuplicateKey checks that the one-pass walk of valid JSON finds
// the first duplicate key exactly where encoding/json's tokenizer does.
func FuzzFirstDuplicateKey(f *testing.F) {
	f.Add([]byte(validBody))
	f.Add([]byte(`{"a":1,"\u0061":2}`))
	f.Add([]byte("{\"a\xff\":1,\"a\xfe\":2}"))
	f.Add([]byte(`[{"a":[{"b":1}],"b":{"a":1,"b":"\"}"}}]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		if !json.Valid(body) {
			return
		}
		for _, canon := range []func(string) string{nil, FoldKey} {
			key, earlier, found := firstDuplicateKeyValid(body, canon)
			wantKey, wantEarlier, wantFound, err := firstDuplicateKeyTokens(body, canon)
			if err != nil {
				t.Fatalf("the tokenizer refused valid JSON: %v", err)
			}
			if found != wantFound || key != wantKey || earlier != wantEarlier {
				t.Fatalf("one pass: %q %q %v, tokenizer: %q %q %v", key, earlier, found, wantKey, wantEarlier, wantFound)
			}
		}
	})
}

// FuzzObjectKeys checks objectKeys, which gives checkFieldNames the
// document order of the keys, against encoding/json: for every object
// json.Unmarshal decodes into a map, objectKeys returns exactly the map's
// keys (each once, when FirstDuplicateKey finds no duplicate); and
// checkFieldNames answers the same twice.
func FuzzObjectKeys(f *testing.F) {
	f.Add([]byte(`{"b":1,"a":{"c":2},"\u0064":[3,{"e":4}],"f":null}`))
	f.Add([]byte("{\"\xff\":1,\"\xfe\":2}"))
	f.Add([]byte(`{"z":1,"issuer":"x","y":2}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, body []byte) {
		var m map[string]json.RawMessage
		if json.Unmarshal(body, &m) != nil || m == nil {
			return
		}
		keys := objectKeys(body)
		if _, dup, _ := FirstDuplicateKey(body); !dup && len(keys) != len(m) {
			t.Fatalf("objectKeys gave %d keys, the map has %d", len(keys), len(m))
		}
		for _, k := range keys {
			if _, ok := m[k]; !ok {
				t.Fatalf("objectKeys gave %q, which the map lacks", k)
			}
		}
		for k := range m {
			found := false
			for _, k2 := range keys {
				found = found || k == k2
			}
			if !found {
				t.Fatalf("objectKeys missed %q", k)
			}
		}
		e1, e2 := checkFieldNames(body), checkFieldNames(body)
		if (e1 == nil) != (e2 == nil) || (e1 != nil && e1.Error() != e2.Error()) {
			t.Fatalf("checkFieldNames answered %v, then %v", e1, e2)
		}
	})
}
