// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

const pollDoc = `{
  "id": "poll-17",
  "issuers": [{"id": "ministry-be", "keyVersions": [3, 2]}, {"id": "ministry-nl"}],
  "messageCount": 10,
  "disclosed": [
    {"index": 5, "prefix": "MTk="},
    {"index": 0},
    {"index": 3, "equals": "QkU="},
    {"index": 4, "oneOf": ["Tkw=", "QkU=", "AP8="]}
  ],
  "header": {"prefix": "dmMx"},
  "minNonceLength": 16,
  "bindSubmitter": true,
  "pseudonym": {"context": "cG9sbC0xNw=="}
}`

func mustParse(t *testing.T, doc string) *Policy {
	t.Helper()
	p, err := Parse([]byte(doc))
	require.NoError(t, err)
	return p
}

// satisfying returns a statement that meets every rule of pollDoc.
func satisfying() Statement {
	return Statement{
		Issuer:       "ministry-be",
		KeyVersion:   2,
		MessageCount: 10,
		Disclosed: []request.Message{
			{Index: 0, Message: []byte("Jane")},
			{Index: 3, Message: []byte("BE")},
			{Index: 4, Message: []byte("NL")},
			{Index: 5, Message: []byte("1990-01-01")},
		},
		Header:           []byte("vc1-adult"),
		NonceLength:      32,
		BoundToSubmitter: true,
		Pseudonym:        true,
		Context:          []byte("poll-17"),
	}
}

// withMessage returns st with the disclosed message at index replaced, or
// removed when msg is nil.
func withMessage(st Statement, index int, msg []byte) Statement {
	var out []request.Message
	for _, m := range st.Disclosed {
		if m.Index != index {
			out = append(out, m)
		} else if msg != nil {
			out = append(out, request.Message{Index: index, Message: msg})
		}
	}
	st.Disclosed = out
	return st
}

func TestEvaluate(t *testing.T) {
	p := mustParse(t, pollDoc)
	for _, tc := range []struct {
		name   string
		change func(*Statement)
		rule   string
		index  int
		reason string // "" when satisfied
	}{
		{"satisfied", func(*Statement) {}, "", 0, ""},
		{"other accepted issuer, any key version", func(s *Statement) { s.Issuer, s.KeyVersion = "ministry-nl", 17 }, "", 0, ""},
		{"other accepted key version", func(s *Statement) { s.KeyVersion = 3 }, "", 0, ""},
		{"more messages disclosed", func(s *Statement) {
			*s = withMessage(*s, 9, nil)
			s.Disclosed = append(s.Disclosed, request.Message{Index: 9, Message: []byte("x")})
		}, "", 0, ""},
		{"binary oneOf value", func(s *Statement) { *s = withMessage(*s, 4, []byte{0, 0xff}) }, "", 0, ""},
		{"disclosed out of order", func(s *Statement) {
			s.Disclosed[0], s.Disclosed[3] = s.Disclosed[3], s.Disclosed[0]
		}, "", 0, ""},
		{"pseudonym in exactly the context", func(s *Statement) { s.Context = []byte("poll-17") }, "", 0, ""},

		{"issuer not accepted", func(s *Statement) { s.Issuer = "ministry-fr" }, "issuers", 0,
			`issuer must be "ministry-be" or "ministry-nl" (not "ministry-fr")`},
		{"issuer differs in case", func(s *Statement) { s.Issuer = "Ministry-be" }, "issuers", 0,
			`issuer must be "ministry-be" or "ministry-nl" (not "Ministry-be")`},
		{"key version not accepted", func(s *Statement) { s.KeyVersion = 1 }, "keyVersions", 0,
			`key version of issuer "ministry-be" must be 2 or 3 (not 1)`},
		{"key version unresolved", func(s *Statement) { s.KeyVersion = 0 }, "keyVersions", 0,
			`key version of issuer "ministry-be" must be 2 or 3 (not 0)`},
		{"message count", func(s *Statement) { s.MessageCount = 9 }, "messageCount", 0,
			`signed message count must be 10 (not 9)`},
		{"message count larger", func(s *Statement) { s.MessageCount = 11 }, "messageCount", 0,
			`signed message count must be 10 (not 11)`},
		{"index not disclosed", func(s *Statement) { *s = withMessage(*s, 0, nil) }, "disclosed", 0,
			`message 0 must be disclosed`},
		{"nothing disclosed", func(s *Statement) { s.Disclosed = nil }, "disclosed", 0,
			`message 0 must be disclosed`},
		{"equals", func(s *Statement) { *s = withMessage(*s, 3, []byte("NL")) }, "disclosed", 3,
			`disclosed message 3 must equal "BE"`},
		{"equals, longer value", func(s *Statement) { *s = withMessage(*s, 3, []byte("BEL")) }, "disclosed", 3,
			`disclosed message 3 must equal "BE"`},
		{"equals, empty value", func(s *Statement) { *s = withMessage(*s, 3, []byte{}) }, "disclosed", 3,
			`disclosed message 3 must equal "BE"`},
		{"equals rule needs the index", func(s *Statement) { *s = withMessage(*s, 3, nil) }, "disclosed", 3,
			`message 3 must be disclosed`},
		{"oneOf", func(s *Statement) { *s = withMessage(*s, 4, []byte("LU")) }, "disclosed", 4,
			`disclosed message 4 must be one of base64:AP8=, "BE" or "NL"`},
		{"prefix", func(s *Statement) { *s = withMessage(*s, 5, []byte("2001-01-01")) }, "disclosed", 5,
			`disclosed message 5 must start with "19"`},
		{"prefix, shorter value", func(s *Statement) { *s = withMessage(*s, 5, []byte("1")) }, "disclosed", 5,
			`disclosed message 5 must start with "19"`},
		{"header", func(s *Statement) { s.Header = []byte("vc2-adult") }, "header", 0,
			`header must start with "vc1"`},
		{"no header", func(s *Statement) { s.Header = nil }, "header", 0,
			`header must start with "vc1"`},
		{"nonce too short", func(s *Statement) { s.NonceLength = 15 }, "minNonceLength", 0,
			`nonce must be at least 16 bytes (not 15)`},
		{"nonce not bound", func(s *Statement) { s.BoundToSubmitter = false }, "bindSubmitter", 0,
			`nonce must be bound to the submitter`},
		{"no pseudonym", func(s *Statement) { s.Pseudonym, s.Context = false, nil }, "pseudonym", 0,
			`a pseudonym in context "poll-17" is required`},
		{"no pseudonym, context given", func(s *Statement) { s.Pseudonym = false }, "pseudonym", 0,
			`a pseudonym in context "poll-17" is required`},
		{"pseudonym in another context", func(s *Statement) { s.Context = []byte("poll-18") }, "pseudonym", 0,
			`pseudonym context must be "poll-17" (not "poll-18")`},
		{"pseudonym in a context that extends it", func(s *Statement) { s.Context = []byte("poll-17x") }, "pseudonym", 0,
			`pseudonym context must be "poll-17" (not "poll-17x")`},
		{"pseudonym in a binary context", func(s *Statement) { s.Context = []byte{0, 1, 2} }, "pseudonym", 0,
			`pseudonym context must be "poll-17" (not base64:AAEC)`},
		{"request discloses an index twice", func(s *Statement) {
			s.Disclosed = append(s.Disclosed, request.Message{Index: 3, Message: []byte("BE")})
		}, "policy", 0, `the request discloses message 3 more than once`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := satisfying()
			tc.change(&st)
			u := p.Evaluate(st)
			if tc.reason == "" {
				require.Nil(t, u)
				return
			}
			require.NotNil(t, u)
			require.Equal(t, &Unmet{Rule: tc.rule, Index: tc.index, Reason: tc.reason}, u)
			require.Equal(t, tc.reason, u.String())
		})
	}
}

// TestEvaluateOrder starts from a statement that fails every rule and fixes
// one at a time: the first unmet rule must follow the documented order.
func TestEvaluateOrder(t *testing.T) {
	p := mustParse(t, pollDoc)
	good := satisfying()
	st := Statement{
		Issuer: "x", KeyVersion: 1, MessageCount: 1,
		Disclosed: []request.Message{{Index: 3, Message: []byte("NL")}, {Index: 4, Message: []byte("FR")}, {Index: 5, Message: []byte("20")}},
		Header:    []byte("vc0"), NonceLength: 1, Context: []byte("other"),
	}
	fixes := []struct {
		rule  string
		index int
		fix   func(*Statement)
	}{
		{"issuers", 0, func(s *Statement) { s.Issuer = good.Issuer }},
		{"keyVersions", 0, func(s *Statement) { s.KeyVersion = good.KeyVersion }},
		{"messageCount", 0, func(s *Statement) { s.MessageCount = good.MessageCount }},
		{"disclosed", 0, func(s *Statement) { *s = withMessage(*s, 0, nil); s.Disclosed = append(s.Disclosed, good.Disclosed[0]) }},
		{"disclosed", 3, func(s *Statement) { *s = withMessage(*s, 3, []byte("BE")) }},
		{"disclosed", 4, func(s *Statement) { *s = withMessage(*s, 4, []byte("BE")) }},
		{"disclosed", 5, func(s *Statement) { *s = withMessage(*s, 5, []byte("1999")) }},
		{"header", 0, func(s *Statement) { s.Header = good.Header }},
		{"minNonceLength", 0, func(s *Statement) { s.NonceLength = 16 }},
		{"bindSubmitter", 0, func(s *Statement) { s.BoundToSubmitter = true }},
		{"pseudonym", 0, func(s *Statement) { s.Pseudonym = true }},
		{"pseudonym", 0, func(s *Statement) { s.Context = good.Context }},
	}
	for i, f := range fixes {
		u := p.Evaluate(st)
		require.NotNil(t, u, "step %d", i)
		require.Equal(t, f.rule, u.Rule, "step %d: %s", i, u.Reason)
		require.Equal(t, f.index, u.Index, "step %d: %s", i, u.Reason)
		require.Equal(t, u, p.Evaluate(st), "deterministic")
		f.fix(&st)
	}
	require.Nil(t, p.Evaluate(st))
}

// TestEvaluateGoBuilt covers policies built in Go rather than parsed: an
// invalid one fails closed, an unsorted one is evaluated in index order.
func TestEvaluateGoBuilt(t *testing.T) {
	invalid := &Policy{ID: "p", Issuers: []Issuer{{ID: "a"}, {ID: "a"}}}
	u := invalid.Evaluate(Statement{Issuer: "a"})
	require.NotNil(t, u)
	require.Equal(t, "policy", u.Rule)
	require.Contains(t, u.Reason, `issuers[1].id: "a" repeats issuers[0]`)

	var nilPolicy *Policy
	require.Equal(t, "policy", nilPolicy.Evaluate(Statement{}).Rule)

	unsorted := &Policy{ID: "p", Issuers: []Issuer{{ID: "a"}}, Disclosed: []DisclosedRule{
		{Index: 7}, {Index: 2, ValueRule: ValueRule{Equals: []byte{}}},
	}}
	u = unsorted.Evaluate(Statement{Issuer: "a"})
	require.Equal(t, &Unmet{Rule: "disclosed", Index: 2, Reason: "message 2 must be disclosed"}, u)
	u = unsorted.Evaluate(Statement{Issuer: "a", Disclosed: []request.Message{{Index: 2, Message: []byte("x")}}})
	require.Equal(t, &Unmet{Rule: "disclosed", Index: 2, Reason: `disclosed message 2 must equal ""`}, u)
	require.Equal(t, 7, unsorted.Disclosed[0].Index, "Evaluate does not reorder the policy")
}

// TestEvaluateHeaderRules covers equals and oneOf on the header, and the
// bounds on what a reason echoes.
func TestEvaluateHeaderRules(t *testing.T) {
	p := mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"header":{"equals":""}}`)
	require.Nil(t, p.Evaluate(Statement{Issuer: "a"}))
	require.Equal(t, `header must equal ""`, p.Evaluate(Statement{Issuer: "a", Header: []byte("h")}).Reason)

	values := make([]string, 8)
	for i := range values {
		values[i] = `"` + b64([]byte{'v', byte('0' + i)}) + `"`
	}
	p = mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"header":{"oneOf":[`+strings.Join(values, ",")+`]}}`)
	require.Nil(t, p.Evaluate(Statement{Issuer: "a", Header: []byte("v7")}))
	require.Equal(t, `header must be one of "v0", "v1", "v2", "v3", "v4" or 3 more`,
		p.Evaluate(Statement{Issuer: "a", Header: []byte("v8")}).Reason)

	long := strings.Repeat("é", 500)
	p = mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"header":{"equals":"`+b64([]byte(long))+`"}}`)
	reason := p.Evaluate(Statement{Issuer: "a"}).Reason
	require.Equal(t, `header must equal "`+strings.Repeat("é", 20)+`"… (1000 bytes)`, reason)

	bin := make([]byte, 1000)
	p = mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"header":{"equals":"`+b64(bin)+`"}}`)
	reason = p.Evaluate(Statement{Issuer: "a"}).Reason
	require.Equal(t, `header must equal base64:`+b64(make([]byte, 39))+`… (1000 bytes)`, reason)

	issuers := make([]string, MaxIssuers)
	for i := range issuers {
		issuers[i] = `{"id":"` + strings.Repeat("i", 62) + itoa(10+i) + `"}`
	}
	p = mustParse(t, `{"id":"p","issuers":[`+strings.Join(issuers, ",")+`]}`)
	u := p.Evaluate(Statement{Issuer: strings.Repeat("z", 10000)})
	require.Less(t, len(u.Reason), 400, u.Reason)
	require.Contains(t, u.Reason, "or 27 more")
}
