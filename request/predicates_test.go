// SPDX-License-Identifier: Apache-2.0

package request

import (
	"encoding/json"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// predBase is a request with one disclosed message (index 1) and no
// predicates; predBody adds the predicates and the proof.
const predBase = `"issuer":"x","scheme":"bbs-bls12381-sha256","proof":"AA==","nonce":"","disclosed":[{"index":1,"message":""}]`

func predBody(preds string, proof string) []byte {
	s := `{` + predBase
	if preds != "" {
		s += `,"predicates":` + preds
	}
	if proof != "" {
		s += `,"predicateProof":"` + proof + `"`
	}
	return []byte(s + `}`)
}

func i64(v int64) *int64 { return &v }

// TestParsePredicates: every accepted form decodes to the predicates as
// given, in their order, and survives Encode and Parse unchanged.
func TestParsePredicates(t *testing.T) {
	for _, tt := range []struct {
		name, preds string
		want        []Predicate
	}{
		{"max only, Bulletproofs", `[{"kind":"range","index":4,"max":13940}]`,
			[]Predicate{{Kind: KindRange, Index: 4, Max: i64(13940)}}},
		{"min only, CCS08", `[{"kind":"range","index":3,"min":18,"params":"age-u16"}]`,
			[]Predicate{{Kind: KindRange, Index: 3, Min: i64(18), Params: "age-u16"}}},
		{"both bounds, the full int64 range", `[{"kind":"range","index":0,"min":-9223372036854775808,"max":9223372036854775807}]`,
			[]Predicate{{Kind: KindRange, Index: 0, Min: i64(math.MinInt64), Max: i64(math.MaxInt64)}}},
		{"min equal to max", `[{"kind":"range","index":2,"min":0,"max":0}]`,
			[]Predicate{{Kind: KindRange, Index: 2, Min: i64(0), Max: i64(0)}}},
		{"inSet", `[{"kind":"inSet","index":5,"params":"eu-countries"}]`,
			[]Predicate{{Kind: KindInSet, Index: 5, Params: "eu-countries"}}},
		{"several, order kept; one index, two kinds", `[{"kind":"inSet","index":5,"params":"s"},{"kind":"range","index":5,"min":-1},{"kind":"range","index":0,"max":1}]`,
			[]Predicate{{Kind: KindInSet, Index: 5, Params: "s"}, {Kind: KindRange, Index: 5, Min: i64(-1)}, {Kind: KindRange, Index: 0, Max: i64(1)}}},
		{"the last index", `[{"kind":"range","index":1023,"max":1}]`,
			[]Predicate{{Kind: KindRange, Index: 1023, Max: i64(1)}}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r, err := Parse(predBody(tt.preds, "AQI="))
			require.NoError(t, err)
			d, err := r.Decode()
			require.NoError(t, err)
			require.Equal(t, tt.want, d.Predicates)
			require.Equal(t, []byte{1, 2}, d.PredicateProof)
			body, err := json.Marshal(d.Encode())
			require.NoError(t, err)
			r2, err := Parse(body)
			require.NoError(t, err)
			require.Equal(t, r, r2)
		})
	}
	// Without a scheme (the issuer's) predicates are accepted too.
	r, err := Parse([]byte(`{"issuer":"x","proof":"AA==","nonce":"","predicates":[{"kind":"range","index":0,"max":1}],"predicateProof":"AA=="}`))
	require.NoError(t, err)
	require.Len(t, r.Predicates, 1)
	// With a pseudonym, with or without its scheme named.
	for _, scheme := range []string{"", `"scheme":"bbs-nym-bls12381-sha256",`, `"scheme":"bbs-nym-bls12381-shake256",`} {
		r, err := Parse([]byte(`{"issuer":"x",` + scheme + `"proof":"AA==","nonce":"","pseudonym":"AA==","context":"AA==","predicates":[{"kind":"range","index":0,"max":1}],"predicateProof":"AA=="}`))
		require.NoError(t, err, scheme)
		d, err := r.Decode()
		require.NoError(t, err, scheme)
		require.Len(t, d.Predicates, 1)
		require.Equal(t, []byte{0}, d.Pseudonym)
	}
	// No predicates: nil, and nothing encoded.
	r, err = Parse(predBody(`[]`, ""))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.Nil(t, d.Predicates)
	require.Nil(t, d.PredicateProof)
	body, err := json.Marshal(d.Encode())
	require.NoError(t, err)
	require.NotContains(t, string(body), "predicate")
}

func TestPredicateBounds(t *testing.T) {
	p := Predicate{Kind: KindRange, Max: i64(5)}
	min, max := p.Bounds()
	require.Equal(t, int64(math.MinInt64), min)
	require.Equal(t, int64(5), max)
	p = Predicate{Kind: KindRange, Min: i64(-5)}
	min, max = p.Bounds()
	require.Equal(t, int64(-5), min)
	require.Equal(t, int64(math.MaxInt64), max)
}

// TestParsePredicatesRejects: each fault is refused with an error that
// names the field.
func TestParsePredicatesRejects(t *testing.T) {
	many := make([]string, MaxPredicates+1)
	for i := range many {
		many[i] = `{"kind":"range","index":` + itoa(i+2) + `,"max":1}`
	}
	one := `[{"kind":"range","index":0,"max":1}]`
	big := b64(make([]byte, MaxPredicateProofSize+1))
	for _, tt := range []struct {
		name string
		body []byte
		want string
	}{
		{"not an array", predBody(`{"kind":"range"}`, "AA=="), "predicates: malformed JSON"},
		{"an item not an object", predBody(`[1]`, "AA=="), "predicates: malformed JSON"},
		{"a null item", predBody(`[null]`, "AA=="), "predicates[0]: must be an object"},
		{"unknown field", predBody(`[{"kind":"range","index":0,"max":1,"x":2}]`, "AA=="), `predicates[0]: unknown field "x"`},
		{"field in another case", predBody(`[{"kind":"range","index":0,"Max":1}]`, "AA=="), `predicates[0]: unknown field "Max"`},
		{"duplicate field", predBody(`[{"kind":"range","index":0,"max":1,"max":2}]`, "AA=="), `duplicate field "max"`},
		{"null min", predBody(`[{"kind":"range","index":0,"min":null,"max":1}]`, "AA=="), "predicates[0].min: must not be null"},
		{"null params", predBody(`[{"kind":"inSet","index":0,"params":null}]`, "AA=="), "predicates[0].params: must not be null"},
		{"null kind", predBody(`[{"kind":null,"index":0}]`, "AA=="), "predicates[0].kind: must not be null"},
		{"fraction", predBody(`[{"kind":"range","index":0,"max":1.5}]`, "AA=="), "malformed JSON"},
		{"exponent", predBody(`[{"kind":"range","index":0,"max":1e3}]`, "AA=="), "malformed JSON"},
		{"over int64", predBody(`[{"kind":"range","index":0,"max":9223372036854775808}]`, "AA=="), "malformed JSON"},
		{"bound as text", predBody(`[{"kind":"range","index":0,"max":"1"}]`, "AA=="), "malformed JSON"},
		{"too many", predBody(`[`+strings.Join(many, ",")+`]`, "AA=="), "predicates: 17 predicates, over the limit of 16"},
		{"unknown kind", predBody(`[{"kind":"Range","index":0,"max":1}]`, "AA=="), `predicates[0].kind: "Range" is not "range" or "inSet"`},
		{"no kind", predBody(`[{"index":0,"max":1}]`, "AA=="), `predicates[0].kind: "" is not`},
		{"negative index", predBody(`[{"kind":"range","index":-1,"max":1}]`, "AA=="), "predicates[0].index: -1 outside 0..1023"},
		{"index too large", predBody(`[{"kind":"range","index":1024,"max":1}]`, "AA=="), "predicates[0].index: 1024 outside 0..1023"},
		{"a disclosed index", predBody(`[{"kind":"range","index":0,"max":1},{"kind":"range","index":1,"max":1}]`, "AA=="), "predicates[1].index: message 1 is disclosed"},
		{"one kind twice on one index", predBody(`[{"kind":"range","index":0,"max":1},{"kind":"range","index":0,"min":0}]`, "AA=="), "predicates[1]: a second range predicate on message 0 (predicates[0])"},
		{"no bound", predBody(`[{"kind":"range","index":0}]`, "AA=="), "predicates[0]: a range needs min, max or both"},
		{"params only", predBody(`[{"kind":"range","index":0,"params":"p"}]`, "AA=="), "predicates[0]: a range needs min, max or both"},
		{"min above max", predBody(`[{"kind":"range","index":0,"min":2,"max":1}]`, "AA=="), "predicates[0]: min 2 is above max 1"},
		{"bad params", predBody(`[{"kind":"range","index":0,"max":1,"params":"a/b"}]`, "AA=="), `predicates[0].params: "a/b" does not match`},
		{"params too long", predBody(`[{"kind":"range","index":0,"max":1,"params":"`+strings.Repeat("p", 65)+`"}]`, "AA=="), "predicates[0].params"},
		{"inSet without params", predBody(`[{"kind":"inSet","index":0}]`, "AA=="), "predicates[0].params: required for an inSet"},
		{"inSet with a bound", predBody(`[{"kind":"inSet","index":0,"params":"s","min":0}]`, "AA=="), "predicates[0]: an inSet has no min or max"},
		{"no proof", predBody(one, ""), "predicateProof: required with predicates"},
		{"proof without predicates", predBody("", "AA=="), "predicateProof: only allowed with predicates"},
		{"proof with empty predicates", predBody(`[]`, "AA=="), "predicateProof: only allowed with predicates"},
		{"proof bad base64", predBody(one, "AQI"), "predicateProof: not standard base64"},
		{"proof non-canonical", predBody(one, "AQN="), "predicateProof: not standard base64"},
		{"proof over limit", predBody(one, big), "predicateProof: 65537 bytes, over the limit of 65536"},
		{"proof far over limit", predBody(one, big+big), "predicateProof: over the limit of 65536 bytes"},
		{"bbs+2020", []byte(`{"issuer":"x","scheme":"bbs+2020","proof":"AA==","nonce":"","predicates":` + one + `,"predicateProof":"AA=="}`), `predicates: only the schemes bbs-bls12381-sha256, bbs-bls12381-shake256, bbs-nym-bls12381-sha256 and bbs-nym-bls12381-shake256 have predicates (not "bbs+2020")`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse(tt.body)
			require.ErrorIs(t, err, ErrInvalid)
			require.ErrorContains(t, err, tt.want)
		})
	}
}

// TestPredicateLimitsInclusive: MaxPredicates predicates and a proof of
// exactly MaxPredicateProofSize bytes are accepted.
func TestPredicateLimitsInclusive(t *testing.T) {
	many := make([]string, MaxPredicates)
	for i := range many {
		many[i] = `{"kind":"range","index":` + itoa(i+2) + `,"max":1}`
	}
	r, err := Parse(predBody(`[`+strings.Join(many, ",")+`]`, b64(make([]byte, MaxPredicateProofSize))))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.Len(t, d.Predicates, MaxPredicates)
	require.Len(t, d.PredicateProof, MaxPredicateProofSize)
}

// TestContractTypes: the chaincode's contract-api refuses, at start, a
// transaction parameter with an exported field (at any depth) that is a
// pointer to anything but a struct, and builds the metadata schema from the
// metadata tag, else the json tag. Request has no such field, and
// PredicateJSON's schema names exactly the fields of its JSON form,
// optional exactly when they may be left out.
func TestContractTypes(t *testing.T) {
	var walk func(typ reflect.Type, at string)
	seen := map[reflect.Type]bool{}
	walk = func(typ reflect.Type, at string) {
		switch typ.Kind() {
		case reflect.Pointer:
			require.Equal(t, reflect.Struct, typ.Elem().Kind(), "%s is a pointer to %s", at, typ.Elem())
			walk(typ.Elem(), at)
		case reflect.Slice, reflect.Array, reflect.Map:
			walk(typ.Elem(), at+"[]")
		case reflect.Struct:
			if seen[typ] {
				return
			}
			seen[typ] = true
			for i := 0; i < typ.NumField(); i++ {
				if f := typ.Field(i); f.IsExported() || f.Tag.Get("metadata") != "" {
					walk(f.Type, at+"."+f.Name)
				}
			}
		}
	}
	walk(reflect.TypeOf(Request{}), "Request")

	schema := map[string]bool{} // name -> optional
	typ := reflect.TypeOf(PredicateJSON{})
	for i := 0; i < typ.NumField(); i++ {
		f := typ.Field(i)
		name, opts, _ := strings.Cut(f.Tag.Get("metadata"), ",")
		if name == "-" {
			continue
		}
		if name == "" {
			name, _, _ = strings.Cut(f.Tag.Get("json"), ",")
		}
		schema[name] = strings.Contains(opts, "optional")
	}
	wire := map[string]bool{} // name -> may be left out
	typ = reflect.TypeOf(predicateWire{})
	for i := 0; i < typ.NumField(); i++ {
		name, opts, _ := strings.Cut(typ.Field(i).Tag.Get("json"), ",")
		wire[name] = strings.Contains(opts, "omitempty")
	}
	require.Equal(t, wire, schema)
}

// TestPredicateJSON: a bound of 0 is kept, an absent one left out, and
// the Go and JSON forms convert both ways.
func TestPredicateJSON(t *testing.T) {
	for _, body := range []string{
		`{"kind":"range","index":3,"min":0}`,
		`{"kind":"range","index":3,"max":0,"params":"p"}`,
		`{"kind":"range","index":3,"min":-9223372036854775808,"max":9223372036854775807}`,
		`{"kind":"inSet","index":0,"params":"s"}`,
	} {
		var j PredicateJSON
		require.NoError(t, json.Unmarshal([]byte(body), &j))
		out, err := json.Marshal(j)
		require.NoError(t, err)
		require.Equal(t, body, string(out))
		require.Equal(t, j, j.Predicate().JSON())
	}
	var j PredicateJSON
	require.Error(t, json.Unmarshal([]byte(`{"kind":"range","index":3,"mix":0}`), &j))
	p := Predicate{Kind: KindRange, Index: 1, Min: i64(0)}
	require.Equal(t, PredicateJSON{Kind: KindRange, Index: 1, MinSet: true}, p.JSON())
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// TestParsePredicatesOneAnswer: a request with several faults in its
// predicates is refused with the same reason on every run, the first fault
// in document order.
func TestParsePredicatesOneAnswer(t *testing.T) {
	for _, tt := range []struct{ name, body, want string }{
		{"unknown fields in several items", string(predBody(`[{"kind":"range","index":0,"max":1},{"z":1,"y":2,"x":3,"w":4},{"v":1,"u":2}]`, "AA==")), `predicates[1]: unknown field "z"`},
		{"null members", string(predBody(`[{"params":null,"max":null,"min":null,"index":null,"kind":null}]`, "AA==")), `predicates[0].kind: must not be null`},
		{"several bad values", string(predBody(`[{"kind":"range","index":0,"min":3,"max":1,"params":"a b"},{"kind":"x","index":-1}]`, "*")), `predicates[0].params: "a b" does not match`},
		{"disclosed and predicate faults", `{"issuer":"x","proof":"AA==","nonce":"","disclosed":[{"index":0,"message":"","q":1}],"predicates":[{"kind":"range","z":1}]}`, `disclosed[0]: unknown field "q"`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := oneAnswer(t, func() string {
				_, err := Parse([]byte(tt.body))
				if err == nil {
					return "accepted"
				}
				return err.Error()
			})
			require.Contains(t, got, tt.want)
		})
	}
}

// TestPredicatesWithNonRevoked: a presentation with non-revocation
// carries predicates.
func TestPredicatesWithNonRevoked(t *testing.T) {
	r, err := Parse([]byte(`{"issuer":"x","proof":"AA==","nonce":"","nonRevoked":true,"predicates":[{"kind":"range","index":1,"min":18}],"predicateProof":"AQI="}`))
	require.NoError(t, err)
	d, err := r.Decode()
	require.NoError(t, err)
	require.True(t, d.NonRevoked)
	require.Len(t, d.Predicates, 1)
	require.Equal(t, []byte{1, 2}, d.PredicateProof)
}
