// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

const accumulatorDoc = `{
  "id": "p",
  "issuers": [{"id": "acme"}],
  "messageCount": 3,
  "disclosed": [{"index": 0}],
  "accumulator": {"index": 2, "grace": 1}
}`

// accumulatorStatement meets accumulatorDoc: a presentation hiding message
// 2 against version 4 of an accumulator at version 5 (grace 1).
func accumulatorStatement() Statement {
	return Statement{
		Issuer: "acme", KeyVersion: 1, MessageCount: 3,
		Disclosed:     []request.Message{{Index: 0, Message: []byte("name")}},
		NonRevocation: &NonRevocationFacts{HandleIndex: 2, Version: 4, Published: true, Current: 5},
	}
}

func TestAccumulatorRule(t *testing.T) {
	p := mustParse(t, accumulatorDoc)
	for _, tc := range []struct {
		name   string
		change func(*Statement)
		reason string
	}{
		{"within grace", func(*Statement) {}, ""},
		{"current version", func(s *Statement) { s.NonRevocation.Version = 5 }, ""},
		{"no presentation", func(s *Statement) { s.NonRevocation = nil },
			`a presentation with non-revocation (nonRevoked) against the accumulator of issuer "acme" is required`},
		{"beyond grace", func(s *Statement) { s.NonRevocation.Version = 3 },
			`the presentation is against accumulator version 3, older than the 4 the policy accepts (issuer "acme" is at version 5, grace 1): update the witness from the removal records`},
		{"version ahead of the ledger", func(s *Statement) { s.NonRevocation.Version = 6 },
			`the presentation names accumulator version 6, but the accumulator of issuer "acme" is at version 5`},
		{"no accumulator", func(s *Statement) { s.NonRevocation.Published = false }, `issuer "acme" publishes no accumulator`},
		{"another handle index", func(s *Statement) { s.NonRevocation.HandleIndex = 1 },
			"the presentation's hidden revocation handle must be message 2 (not message 1)"},
		{"handle disclosed", func(s *Statement) { s.Disclosed = append(s.Disclosed, request.Message{Index: 2, Message: []byte("h")}) },
			"message 2 (the revocation handle) must stay hidden"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := accumulatorStatement()
			tc.change(&st)
			u := p.Evaluate(st)
			if tc.reason == "" {
				require.Nil(t, u)
				return
			}
			require.NotNil(t, u)
			require.Equal(t, Unmet{Rule: "accumulator", Index: 2, Reason: tc.reason}, *u)
		})
	}
	// grace 0: only the current version.
	p0 := mustParse(t, `{"id":"p","issuers":[{"id":"acme"}],"accumulator":{"index":2}}`)
	require.Nil(t, p0.Evaluate(withVersion(accumulatorStatement(), 5)))
	require.Equal(t, "accumulator", p0.Evaluate(accumulatorStatement()).Rule)
	// The older rules come first.
	st := accumulatorStatement()
	st.NonRevocation = nil
	st.MessageCount = 4
	require.Equal(t, "messageCount", p.Evaluate(st).Rule)
}

func withVersion(st Statement, v int64) Statement {
	f := *st.NonRevocation
	f.Version = v
	st.NonRevocation = &f
	return st
}

func TestParseAccumulatorRule(t *testing.T) {
	p := mustParse(t, accumulatorDoc)
	require.Equal(t, &AccumulatorRule{Index: 2, Grace: 1}, p.Accumulator)
	b, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"acme"}],"messageCount":3,"disclosed":[{"index":0}],"accumulator":{"index":2,"grace":1}}`, string(b))
	require.Equal(t, p, mustParse(t, string(b)))
	p = mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"accumulator":{"index":0}}`)
	b, err = p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"a"}],"accumulator":{"index":0,"grace":0}}`, string(b))
	c := p.clone()
	c.Accumulator.Grace = 7
	require.Equal(t, int64(0), p.Accumulator.Grace)
}

func TestParseAccumulatorRuleRefused(t *testing.T) {
	const pre = `{"id":"p","issuers":[{"id":"a"}],`
	for _, tc := range []struct{ doc, want string }{
		{`"accumulator":{}}`, "accumulator.index: required"},
		{`"accumulator":null}`, "policy.accumulator: must not be null"},
		{`"accumulator":{"index":-1}}`, "accumulator.index: -1 outside 0..1023"},
		{`"accumulator":{"index":1024}}`, "accumulator.index: 1024 outside 0..1023"},
		{`"accumulator":{"index":"1"}}`, "accumulator.index: wrong type"},
		{`"accumulator":{"index":1,"grace":-1}}`, "accumulator.grace: -1 outside 0..9007199254740991"},
		{`"accumulator":{"index":1,"grace":9007199254740992}}`, "accumulator.grace: 9007199254740992 outside"},
		{`"accumulator":{"index":1,"grace":0.5}}`, "accumulator.grace: wrong type"},
		{`"accumulator":{"index":1,"version":1}}`, `accumulator: unknown field "version"`},
		{`"messageCount":2,"accumulator":{"index":2}}`, "accumulator.index: 2 is not below messageCount 2"},
		{`"disclosed":[{"index":1}],"accumulator":{"index":1}}`, "accumulator.index: 1 is also a disclosed rule"},
		{`"epoch":{"index":1},"accumulator":{"index":1}}`, "accumulator.index: 1 is also epoch.index"},
		{`"status":{"index":1,"list":"r"},"accumulator":{"index":1}}`, "accumulator.index: 1 is also status.index"},
		{`"validity":{"validUntil":1},"accumulator":{"index":1}}`, "accumulator.index: 1 is also validity.validUntil"},
		{`"accumulator":{"index":1},"accumulator":{"index":2}}`, `duplicate key "accumulator"`},
		{`"credential":{"types":["VerifiableCredential"]},"accumulator":{"index":1}}`, "credential policy has no accumulator rule"},
	} {
		t.Run(tc.doc, func(t *testing.T) {
			_, err := Parse([]byte(pre + tc.doc))
			require.Error(t, err)
			require.True(t, errors.Is(err, ErrInvalid))
			require.Contains(t, err.Error(), tc.want)
		})
	}
}

func TestAccumulatorOneAnswer(t *testing.T) {
	p := mustParse(t, accumulatorDoc)
	oneanswer.Check(t, 50, func() string { return p.Evaluate(withVersion(accumulatorStatement(), 1)).Reason })
	oneanswer.Check(t, 50, func() string {
		_, err := Parse([]byte(`{"id":"p","issuers":[{"id":"a"}],"disclosed":[{"index":1}],"epoch":{"index":1},"accumulator":{"index":1}}`))
		return err.Error()
	})
}
