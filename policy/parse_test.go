// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

// fullDoc sets every field, with lists out of order.
const fullDoc = `{
  "id": "poll-17.voters_x",
  "description": "adults of BE or NL <poll 17>",
  "issuers": [
    {"id": "ministry-nl"},
    {"id": "ministry-be", "keyVersions": [3, 1]}
  ],
  "messageCount": 10,
  "disclosed": [
    {"index": 5, "prefix": "MTk="},
    {"index": 0},
    {"index": 3, "oneOf": ["Tkw=", "QkU="], "prefix": "Qg==", "equals": "QkU="},
    {"index": 4, "oneOf": ["Tkw=", "QkU=", "", "AP8="]}
  ],
  "header": {"prefix": "dmMx"},
  "bindSubmitter": true,
  "pseudonym": {"context": "cG9sbC0xNw==", "uses": 2},
  "minNonceLength": 16
}`

// fullCanonical is fullDoc in canonical form.
const fullCanonical = `{"id":"poll-17.voters_x","description":"adults of BE or NL <poll 17>",` +
	`"issuers":[{"id":"ministry-be","keyVersions":[1,3]},{"id":"ministry-nl"}],"messageCount":10,` +
	`"disclosed":[{"index":0},{"index":3,"equals":"QkU=","oneOf":["QkU="],"prefix":"Qg=="},` +
	`{"index":4,"oneOf":["","AP8=","QkU=","Tkw="]},{"index":5,"prefix":"MTk="}],` +
	`"header":{"prefix":"dmMx"},"bindSubmitter":true,"pseudonym":{"context":"cG9sbC0xNw==","uses":2},` +
	`"minNonceLength":16}`

func TestParseFull(t *testing.T) {
	doc := strings.Replace(fullDoc, `"oneOf": ["Tkw=", "QkU="], "prefix": "Qg==", `, `"oneOf": ["QkU="], "prefix": "Qg==", `, 1)
	p, err := Parse([]byte(doc))
	require.NoError(t, err)
	require.Equal(t, &Policy{
		ID:          "poll-17.voters_x",
		Description: "adults of BE or NL <poll 17>",
		Issuers: []Issuer{
			{ID: "ministry-be", KeyVersions: []int{1, 3}},
			{ID: "ministry-nl"},
		},
		MessageCount: 10,
		Disclosed: []DisclosedRule{
			{Index: 0},
			{Index: 3, ValueRule: ValueRule{Equals: []byte("BE"), OneOf: [][]byte{[]byte("BE")}, Prefix: []byte("B")}},
			{Index: 4, ValueRule: ValueRule{OneOf: [][]byte{{}, {0, 0xff}, []byte("BE"), []byte("NL")}}},
			{Index: 5, ValueRule: ValueRule{Prefix: []byte("19")}},
		},
		Header:         &ValueRule{Prefix: []byte("vc1")},
		BindSubmitter:  true,
		Pseudonym:      &PseudonymRule{Context: []byte("poll-17"), Uses: 2},
		MinNonceLength: 16,
	}, p)
	canonical, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, fullCanonical, string(canonical))
	require.Equal(t, 2, p.AllowedUses())
}

func TestParseMinimal(t *testing.T) {
	p, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}]}`))
	require.NoError(t, err)
	require.Equal(t, &Policy{ID: "p", Issuers: []Issuer{{ID: "a"}}}, p)
	require.Equal(t, 0, p.AllowedUses())
	out, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"a"}]}`, string(out))
}

func TestParseBoundNonceLength(t *testing.T) {
	p, err := Parse([]byte(base + `,"bindSubmitter":true,"minNonceLength":32}`))
	require.NoError(t, err)
	require.Equal(t, 32, p.MinNonceLength)
	_, err = Parse([]byte(base + `,"bindSubmitter":false,"minNonceLength":33}`))
	require.NoError(t, err, "an unbound nonce can be longer")
}

func TestParseDefaultsAndEmptyValues(t *testing.T) {
	p, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"bindSubmitter":false,
		"disclosed":[{"index":1,"equals":""}],"header":{"equals":""},"pseudonym":{"context":"eA=="}}`))
	require.NoError(t, err)
	require.Equal(t, 1, p.AllowedUses(), "uses defaults to 1")
	require.NotNil(t, p.Disclosed[0].Equals, "equals \"\" is a rule: the empty value")
	require.Empty(t, p.Disclosed[0].Equals)
	require.NotNil(t, p.Header.Equals)
	out, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"a"}],"disclosed":[{"index":1,"equals":""}],`+
		`"header":{"equals":""},"pseudonym":{"context":"eA==","uses":1}}`, string(out))
}

// TestParseOrderDoesNotMatter checks that documents differing only in the
// order of lists, fields and white space have one canonical form.
func TestParseOrderDoesNotMatter(t *testing.T) {
	a := `{"id":"p","issuers":[{"id":"b","keyVersions":[2,1]},{"id":"a"}],"disclosed":[{"index":2,"oneOf":["Yg==","YQ=="]},{"index":1}]}`
	b := `{ "disclosed": [ {"index": 1}, {"oneOf": ["YQ==", "Yg=="], "index": 2} ],
	        "issuers": [ {"id": "a"}, {"keyVersions": [1, 2], "id": "b"} ], "id": "p" }`
	pa, err := Parse([]byte(a))
	require.NoError(t, err)
	pb, err := Parse([]byte(b))
	require.NoError(t, err)
	require.Equal(t, pa, pb)
	ma, err := pa.Marshal()
	require.NoError(t, err)
	mb, err := pb.Marshal()
	require.NoError(t, err)
	require.Equal(t, string(ma), string(mb))
	require.Equal(t, `{"id":"p","issuers":[{"id":"a"},{"id":"b","keyVersions":[1,2]}],`+
		`"disclosed":[{"index":1},{"index":2,"oneOf":["YQ==","Yg=="]}]}`, string(ma))
}

// base is a valid document the malformed cases below change.
const base = `{"id":"p","issuers":[{"id":"a"}]`

func TestParseMalformed(t *testing.T) {
	long := strings.Repeat("x", 65)
	big := b64(make([]byte, 2*MaxValueSize))
	for _, tc := range []struct {
		name, doc, want string
	}{
		// JSON form
		{"empty", ``, "malformed JSON"},
		{"not an object", `[]`, "policy: must be an object"},
		{"null", `null`, "policy: must be an object, not null"},
		{"string", `"p"`, "policy: must be an object"},
		{"trailing data", base + `} {}`, "data after the policy object"},
		{"trailing garbage", base + `}x`, "malformed JSON"},
		{"truncated", base, "malformed JSON"},
		{"not UTF-8", base + `,"description":"` + "\xff" + `"}`, "not UTF-8"},
		{"duplicate key", base + `,"id":"q"}`, `duplicate key "id"`},
		{"duplicate key escaped", base + `,"\u0069d":"q"}`, `duplicate key "id"`},
		{"duplicate nested key", `{"id":"p","issuers":[{"id":"a","id":"b"}]}`, `duplicate key "id"`},
		{"duplicate deep key", base + `,"header":{"prefix":"YQ==","prefix":"Yg=="}}`, `duplicate key "prefix"`},
		{"unknown field", base + `,"issuer":"a"}`, `policy: unknown field "issuer"`},
		{"miscased field", base + `,"MessageCount":3}`, `policy: unknown field "MessageCount"`},
		{"unknown issuer field", `{"id":"p","issuers":[{"id":"a","version":1}]}`, `issuers[0]: unknown field "version"`},
		{"unknown disclosed field", base + `,"disclosed":[{"index":1,"value":"YQ=="}]}`, `disclosed[0]: unknown field "value"`},
		{"unknown header field", base + `,"header":{"suffix":"YQ=="}}`, `header: unknown field "suffix"`},
		{"unknown pseudonym field", base + `,"pseudonym":{"context":"YQ==","limit":1}}`, `pseudonym: unknown field "limit"`},
		{"null field", base + `,"messageCount":null}`, "policy.messageCount: must not be null"},
		{"null issuer", `{"id":"p","issuers":[null]}`, "issuers[0]: must be an object, not null"},
		{"null oneOf value", base + `,"disclosed":[{"index":1,"oneOf":[null]}]}`, "disclosed[0].oneOf[0]: must not be null"},
		{"null key version", `{"id":"p","issuers":[{"id":"a","keyVersions":[null]}]}`, "issuers[0].keyVersions[0]: must not be null"},
		{"wrong type id", `{"id":1,"issuers":[{"id":"a"}]}`, "id: wrong type: JSON number where a string is expected"},
		{"wrong type count", base + `,"messageCount":"3"}`, "messageCount: wrong type"},
		{"fractional count", base + `,"messageCount":3.5}`, "messageCount: wrong type"},
		{"exponent count", base + `,"messageCount":1e1}`, "messageCount: wrong type"},
		{"wrong type bind", base + `,"bindSubmitter":1}`, "bindSubmitter: wrong type"},
		{"wrong type issuers", `{"id":"p","issuers":{"id":"a"}}`, "issuers: wrong type"},
		{"wrong type disclosed", base + `,"disclosed":{"index":1}}`, "disclosed: wrong type"},
		{"wrong type header", base + `,"header":"YQ=="}`, "header: must be an object"},
		{"wrong type description", base + `,"description":7}`, "description: wrong type: JSON number where a string is expected"},
		{"wrong type index", base + `,"disclosed":[{"index":"1"}]}`, "disclosed[0].index: wrong type: JSON string where an integer is expected"},
		{"wrong type disclosed item", base + `,"disclosed":["x"]}`, "disclosed[0]: must be an object"},
		{"wrong type equals", base + `,"disclosed":[{"index":1,"equals":1}]}`, "disclosed[0].equals: wrong type"},
		{"wrong type oneOf", base + `,"disclosed":[{"index":1,"oneOf":"YQ=="}]}`, "disclosed[0].oneOf: wrong type: JSON string where an array is expected"},
		{"wrong type key versions", `{"id":"p","issuers":[{"id":"a","keyVersions":1}]}`, "issuers[0].keyVersions: wrong type"},
		{"wrong type key version", `{"id":"p","issuers":[{"id":"a","keyVersions":[true]}]}`, "issuers[0].keyVersions[0]: wrong type: JSON bool where an integer is expected"},
		{"wrong type pseudonym", base + `,"pseudonym":"YQ=="}`, "pseudonym: must be an object"},
		{"wrong type uses", base + `,"pseudonym":{"context":"YQ==","uses":"1"}}`, "pseudonym.uses: wrong type"},
		{"wrong type min nonce", base + `,"minNonceLength":true}`, "minNonceLength: wrong type"},
		// required and empty
		{"no id", `{"issuers":[{"id":"a"}]}`, "id: required"},
		{"no issuers", `{"id":"p"}`, "issuers: required"},
		{"empty issuers", `{"id":"p","issuers":[]}`, "issuers: empty"},
		{"issuer without id", `{"id":"p","issuers":[{"keyVersions":[1]}]}`, "issuers[0].id: required"},
		{"empty key versions", `{"id":"p","issuers":[{"id":"a","keyVersions":[]}]}`, "issuers[0].keyVersions: empty"},
		{"empty disclosed", base + `,"disclosed":[]}`, "disclosed: empty"},
		{"disclosed without index", base + `,"disclosed":[{"equals":"YQ=="}]}`, "disclosed[0].index: required"},
		{"empty oneOf", base + `,"disclosed":[{"index":1,"oneOf":[]}]}`, "disclosed[0].oneOf: empty"},
		{"empty prefix", base + `,"disclosed":[{"index":1,"prefix":""}]}`, "disclosed[0].prefix: empty"},
		{"empty header rule", base + `,"header":{}}`, "header: empty rule"},
		{"empty header prefix", base + `,"header":{"prefix":""}}`, "header.prefix: empty"},
		{"pseudonym without context", base + `,"pseudonym":{"uses":1}}`, "pseudonym.context: required"},
		{"empty context", base + `,"pseudonym":{"context":""}}`, "pseudonym.context: empty"},
		{"zero message count", base + `,"messageCount":0}`, "messageCount: 0 is not a message count"},
		{"zero min nonce", base + `,"minNonceLength":0}`, "minNonceLength: 0 is no rule"},
		// IDs
		{"bad policy id", `{"id":"a b","issuers":[{"id":"a"}]}`, `id: "a b" does not match`},
		{"empty policy id", `{"id":"","issuers":[{"id":"a"}]}`, `id: "" does not match`},
		{"long policy id", `{"id":"` + long + `","issuers":[{"id":"a"}]}`, "does not match"},
		{"bad issuer id", `{"id":"p","issuers":[{"id":"a/b"}]}`, `issuers[0].id: "a/b" does not match`},
		{"long issuer id", `{"id":"p","issuers":[{"id":"` + long + `"}]}`, "issuers[0].id: \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\"… (65 bytes) does not match"},
		// numbers out of range
		{"negative message count", base + `,"messageCount":-1}`, "messageCount: -1 outside 1..1024"},
		{"message count too large", base + `,"messageCount":1025}`, "messageCount: 1025 outside 1..1024"},
		{"negative index", base + `,"disclosed":[{"index":-1}]}`, "disclosed[0].index: -1 outside 0..1023"},
		{"index too large", base + `,"disclosed":[{"index":1024}]}`, "disclosed[0].index: 1024 outside 0..1023"},
		{"key version 0", `{"id":"p","issuers":[{"id":"a","keyVersions":[0]}]}`, "issuers[0].keyVersions[0]: 0 outside 1..2147483647"},
		{"key version negative", `{"id":"p","issuers":[{"id":"a","keyVersions":[2,-1]}]}`, "issuers[0].keyVersions[1]: -1 outside"},
		{"key version too large", `{"id":"p","issuers":[{"id":"a","keyVersions":[2147483648]}]}`, "outside 1..2147483647"},
		{"key version overflow", `{"id":"p","issuers":[{"id":"a","keyVersions":[99999999999999999999]}]}`, "issuers[0].keyVersions[0]: wrong type"},
		{"uses 0", base + `,"pseudonym":{"context":"YQ==","uses":0}}`, "pseudonym.uses: 0 outside 1..1048576"},
		{"uses negative", base + `,"pseudonym":{"context":"YQ==","uses":-3}}`, "pseudonym.uses: -3 outside"},
		{"uses too large", base + `,"pseudonym":{"context":"YQ==","uses":1048577}}`, "pseudonym.uses: 1048577 outside"},
		{"min nonce negative", base + `,"minNonceLength":-1}`, "minNonceLength: -1 outside 1..4096"},
		{"min nonce too large", base + `,"minNonceLength":4097}`, "minNonceLength: 4097 outside 1..4096"},
		// base64
		{"not base64", base + `,"disclosed":[{"index":1,"equals":"QkU"}]}`, "disclosed[0].equals: not standard base64"},
		{"url base64", base + `,"disclosed":[{"index":1,"equals":"_w=="}]}`, "disclosed[0].equals: not standard base64"},
		{"non-canonical base64", base + `,"disclosed":[{"index":1,"prefix":"QkV="}]}`, "disclosed[0].prefix: not standard base64 in canonical form"},
		{"base64 with newline", base + `,"header":{"equals":"QkU=\n"}}`, "header.equals: not standard base64"},
		{"bad oneOf base64", base + `,"disclosed":[{"index":1,"oneOf":["YQ==","Y"]}]}`, "disclosed[0].oneOf[1]: not standard base64"},
		{"bad context base64", base + `,"pseudonym":{"context":"eA="}}`, "pseudonym.context: not standard base64"},
		// limits
		{"equals too large", base + `,"disclosed":[{"index":1,"equals":"` + big + `"}]}`, "disclosed[0].equals: over the limit of 1024 bytes"},
		{"prefix too large", base + `,"header":{"prefix":"` + big + `"}}`, "header.prefix: over the limit of 1024 bytes"},
		{"oneOf value too large", base + `,"header":{"oneOf":["` + big + `"]}}`, "header.oneOf[0]: over the limit of 1024 bytes"},
		{"value just too large", base + `,"header":{"equals":"` + b64(make([]byte, MaxValueSize+1)) + `"}}`, "header.equals: 1025 bytes, over the limit of 1024"},
		{"context too large", base + `,"pseudonym":{"context":"` + b64(make([]byte, MaxContextSize+1)) + `"}}`, "pseudonym.context: 257 bytes, over the limit of 256"},
		{"description too long", base + `,"description":"` + strings.Repeat("é", 129) + `"}`, "description: 258 bytes, over the limit of 256"},
		{"too many issuers", `{"id":"p","issuers":[` + repeatJSON(`{"id":"a"}`, MaxIssuers+1) + `]}`, "issuers: 33 issuers, over the limit of 32"},
		{"too many key versions", `{"id":"p","issuers":[{"id":"a","keyVersions":[` + repeatJSON("1", MaxKeyVersions+1) + `]}]}`, "issuers[0].keyVersions: 65 versions, over the limit of 64"},
		{"too many disclosed", base + `,"disclosed":[` + repeatJSON(`{"index":1}`, MaxDisclosedRules+1) + `]}`, "disclosed: 65 rules, over the limit of 64"},
		{"too many oneOf", base + `,"header":{"oneOf":[` + repeatJSON(`"YQ=="`, MaxOneOf+1) + `]}}`, "header.oneOf: 65 values, over the limit of 64"},
		{"document too large", base + `,"description":"` + strings.Repeat(" ", MaxPolicySize) + `"}`, "document is 65586 bytes, over the limit of 65536"},
		// duplicates
		{"duplicate issuer", `{"id":"p","issuers":[{"id":"a"},{"id":"b"},{"id":"a","keyVersions":[1]}]}`, `issuers[2].id: "a" repeats issuers[0]`},
		{"duplicate key version", `{"id":"p","issuers":[{"id":"a","keyVersions":[1,2,1]}]}`, "issuers[0].keyVersions[2]: 1 repeats keyVersions[0]"},
		{"duplicate index", base + `,"disclosed":[{"index":1},{"index":2,"equals":"YQ=="},{"index":1,"equals":"Yg=="}]}`, "disclosed[2].index: 1 repeats disclosed[0]"},
		{"duplicate oneOf value", base + `,"disclosed":[{"index":1,"oneOf":["YQ==","Yg==","YQ=="]}]}`, `disclosed[0].oneOf[2]: "a" repeats oneOf[0]`},
		// contradictions
		{"index at message count", base + `,"messageCount":3,"disclosed":[{"index":3}]}`, "disclosed[0].index: 3 is not below messageCount 3"},
		{"index beyond message count", base + `,"messageCount":3,"disclosed":[{"index":1},{"index":7}]}`, "disclosed[1].index: 7 is not below messageCount 3"},
		{"equals not in oneOf", base + `,"disclosed":[{"index":1,"equals":"QkU=","oneOf":["Tkw=","TFU="]}]}`, `disclosed[0]: equals "BE" is not in oneOf: no value satisfies both`},
		{"oneOf wider than equals", base + `,"disclosed":[{"index":1,"equals":"QkU=","oneOf":["QkU=","Tkw="]}]}`, `disclosed[0].oneOf[1]: "NL" contradicts equals "BE"`},
		{"equals without prefix", base + `,"disclosed":[{"index":1,"equals":"QkU=","prefix":"Tg=="}]}`, `disclosed[0]: equals "BE" does not start with prefix "N"`},
		{"prefix longer than equals", base + `,"disclosed":[{"index":1,"equals":"QkU=","prefix":"QkVM"}]}`, `disclosed[0]: equals "BE" does not start with prefix "BEL"`},
		{"oneOf outside prefix", base + `,"disclosed":[{"index":1,"oneOf":["QkU=","Tkw="],"prefix":"Qg=="}]}`, `disclosed[0].oneOf[1]: "NL" does not start with prefix "B"`},
		{"header equals without prefix", base + `,"header":{"equals":"dmMy","prefix":"dmMx"}}`, `header: equals "vc2" does not start with prefix "vc1"`},
		{"header equals not in oneOf", base + `,"header":{"equals":"dmMy","oneOf":["dmMx"]}}`, `header: equals "vc2" is not in oneOf`},
		{"min nonce beyond a bound nonce", base + `,"bindSubmitter":true,"minNonceLength":33}`, "minNonceLength: 33 is more than the 32 bytes of the bound nonce that bindSubmitter requires"},
		{"binary values in words", base + `,"disclosed":[{"index":1,"equals":"AAE=","prefix":"AP8="}]}`, `disclosed[0]: equals base64:AAE= does not start with prefix base64:AP8=`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, err := Parse([]byte(tc.doc))
			require.Error(t, err)
			require.Nil(t, p)
			require.True(t, errors.Is(err, ErrInvalid), "error does not wrap ErrInvalid: %v", err)
			require.Contains(t, err.Error(), tc.want)
			require.Less(t, len(err.Error()), 400, "errors echo bounded values")
		})
	}
}

// TestParseLimitsAccepted checks that every limit is inclusive.
func TestParseLimitsAccepted(t *testing.T) {
	value := b64(make([]byte, MaxValueSize))
	doc := `{"id":"` + strings.Repeat("p", 64) + `","description":"` + strings.Repeat("d", MaxDescriptionLength) + `",` +
		`"issuers":[` + issuersJSON(MaxIssuers) + `],"messageCount":1024,` +
		`"disclosed":[{"index":1023,"equals":"` + value + `"},{"index":0,"prefix":"` + value + `"}],` +
		`"pseudonym":{"context":"` + b64(make([]byte, MaxContextSize)) + `","uses":1048576},"minNonceLength":4096}`
	p, err := Parse([]byte(doc))
	require.NoError(t, err)
	require.Len(t, p.Issuers, MaxIssuers)
	require.Equal(t, MaxUses, p.AllowedUses())

	versions := make([]string, MaxKeyVersions)
	for i := range versions {
		versions[i] = itoa(i + 1)
	}
	_, err = Parse([]byte(`{"id":"p","issuers":[{"id":"a","keyVersions":[` + strings.Join(versions, ",") + `,2147483647]}]}`))
	require.ErrorContains(t, err, "65 versions", "MaxKeyVersions+1 refused")
	_, err = Parse([]byte(`{"id":"p","issuers":[{"id":"a","keyVersions":[` + strings.Join(versions[:MaxKeyVersions-1], ",") + `,2147483647]}]}`))
	require.NoError(t, err)
}

// TestParseCanonicalTooLarge checks that a document within MaxPolicySize
// whose canonical form would exceed it (JSON escapes U+2028, 3 bytes of
// UTF-8, as 6 bytes) is refused, so that Marshal never fails on a parsed
// policy.
func TestParseCanonicalTooLarge(t *testing.T) {
	escaped := strings.Repeat("\u2028", MaxDescriptionLength/3) // 255 bytes, 510 in canonical form
	build := func(desc string, n, last int) string {
		values := make([]string, n+1)
		for i := 0; i < n; i++ {
			b := make([]byte, MaxValueSize)
			b[0], b[1] = byte(i), byte(i>>8)
			values[i] = `"` + b64(b) + `"`
		}
		values[n] = `"` + b64(bytesOf(0xff, last)) + `"`
		return base + `,"description":"` + desc + `","header":{"oneOf":[` + strings.Join(values, ",") + `]}}`
	}
	n := 0
	for len(build(escaped, n+1, 1)) <= MaxPolicySize {
		n++
	}
	last := MaxValueSize
	for len(build(escaped, n, last)) > MaxPolicySize {
		last--
	}
	doc := build(escaped, n, last)
	require.Greater(t, len(doc)+len(escaped), MaxPolicySize, "the test must reach the limit")
	_, err := Parse([]byte(doc))
	require.ErrorIs(t, err, ErrInvalid)
	require.ErrorContains(t, err, "canonical form is")

	// The same document with an ASCII description fits and round-trips.
	p, err := Parse([]byte(build(strings.Repeat("y", MaxDescriptionLength/3), n, last)))
	require.NoError(t, err)
	out, err := p.Marshal()
	require.NoError(t, err)
	require.LessOrEqual(t, len(out), MaxPolicySize)
}

func bytesOf(b byte, n int) []byte {
	out := make([]byte, n)
	for i := range out {
		out[i] = b
	}
	return out
}

func repeatJSON(item string, n int) string {
	return strings.TrimSuffix(strings.Repeat(item+",", n), ",")
}

func issuersJSON(n int) string {
	items := make([]string, n)
	for i := range items {
		items[i] = `{"id":"issuer-` + itoa(i) + `"}`
	}
	return strings.Join(items, ",")
}

func itoa(i int) string {
	b, _ := json.Marshal(i)
	return string(b)
}

// TestValidateGoBuilt covers Policy values built in Go: Validate and
// Marshal refuse what Parse would, including limits that Parse checks
// before decoding.
func TestValidateGoBuilt(t *testing.T) {
	ok := func() *Policy { return &Policy{ID: "p", Issuers: []Issuer{{ID: "a"}}} }
	tooBig := make([]byte, MaxValueSize+1)
	many := func(n int) [][]byte {
		out := make([][]byte, n)
		for i := range out {
			out[i] = []byte{byte(i), byte(i >> 8)}
		}
		return out
	}
	for _, tc := range []struct {
		name   string
		change func(*Policy)
		want   string
	}{
		{"no issuers", func(p *Policy) { p.Issuers = nil }, "issuers: empty"},
		{"too many issuers", func(p *Policy) {
			for i := 0; i < MaxIssuers; i++ {
				p.Issuers = append(p.Issuers, Issuer{ID: "i" + itoa(i)})
			}
		}, "issuers: 33 issuers"},
		{"too many key versions", func(p *Policy) {
			for i := 1; i <= MaxKeyVersions+1; i++ {
				p.Issuers[0].KeyVersions = append(p.Issuers[0].KeyVersions, i)
			}
		}, "issuers[0].keyVersions: 65 versions"},
		{"description too long", func(p *Policy) { p.Description = strings.Repeat("d", 257) }, "description: 257 bytes"},
		{"description not UTF-8", func(p *Policy) { p.Description = "\xff" }, "description: not UTF-8"},
		{"too many disclosed rules", func(p *Policy) {
			for i := 0; i <= MaxDisclosedRules; i++ {
				p.Disclosed = append(p.Disclosed, DisclosedRule{Index: i})
			}
		}, "disclosed: 65 rules"},
		{"equals too large", func(p *Policy) { p.Disclosed = []DisclosedRule{{ValueRule: ValueRule{Equals: tooBig}}} }, "disclosed[0].equals: 1025 bytes"},
		{"prefix too large", func(p *Policy) { p.Header = &ValueRule{Prefix: tooBig} }, "header.prefix: 1025 bytes"},
		{"oneOf value too large", func(p *Policy) { p.Header = &ValueRule{OneOf: [][]byte{tooBig}} }, "header.oneOf[0]: 1025 bytes"},
		{"too many oneOf values", func(p *Policy) { p.Header = &ValueRule{OneOf: many(MaxOneOf + 1)} }, "header.oneOf: 65 values"},
		{"empty header rule", func(p *Policy) { p.Header = &ValueRule{OneOf: [][]byte{}} }, "header: empty rule"},
		{"context too large", func(p *Policy) { p.Pseudonym = &PseudonymRule{Context: make([]byte, 257), Uses: 1} }, "pseudonym.context: 257 bytes"},
		{"uses not set", func(p *Policy) { p.Pseudonym = &PseudonymRule{Context: []byte("c")} }, "pseudonym.uses: 0 outside"},
		{"many long oneOf values", func(p *Policy) {
			for i := 0; i < MaxDisclosedRules; i++ {
				r := DisclosedRule{Index: i}
				for _, v := range many(MaxOneOf) {
					r.OneOf = append(r.OneOf, append(v, make([]byte, 100)...))
				}
				p.Disclosed = append(p.Disclosed, r)
			}
		}, "canonical form is"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := ok()
			tc.change(p)
			var err error
			if tc.want == "canonical form is" {
				require.NoError(t, p.Validate(), "within every limit but the size of the whole")
				_, err = p.Marshal()
			} else {
				err = p.Validate()
				require.Error(t, err)
				_, err2 := p.Marshal()
				require.Equal(t, err, err2)
			}
			require.ErrorIs(t, err, ErrInvalid)
			require.ErrorContains(t, err, tc.want)
		})
	}
	var nilPolicy *Policy
	require.ErrorIs(t, nilPolicy.Validate(), ErrInvalid)
}

// TestMarshalDoesNotChangePolicy checks that Marshal sorts a copy.
func TestMarshalDoesNotChangePolicy(t *testing.T) {
	p := &Policy{ID: "p", Issuers: []Issuer{{ID: "b", KeyVersions: []int{2, 1}}, {ID: "a"}},
		Disclosed: []DisclosedRule{{Index: 2, ValueRule: ValueRule{OneOf: [][]byte{[]byte("y"), []byte("x")}}}, {Index: 1}}}
	out, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"a"},{"id":"b","keyVersions":[1,2]}],"disclosed":[{"index":1},{"index":2,"oneOf":["eA==","eQ=="]}]}`, string(out))
	require.Equal(t, "b", p.Issuers[0].ID)
	require.Equal(t, []int{2, 1}, p.Issuers[0].KeyVersions)
	require.Equal(t, 2, p.Disclosed[0].Index)
	require.Equal(t, []byte("y"), p.Disclosed[0].OneOf[0])
}
