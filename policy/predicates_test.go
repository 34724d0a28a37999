// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"errors"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

const predicatesDoc = `{
  "id": "adults",
  "issuers": [{"id": "acme"}],
  "messageCount": 8,
  "disclosed": [{"index": 0}],
  "predicates": [
    {"index": 5, "inSet": "eu-countries"},
    {"index": 3, "range": {"min": 18, "max": 150}, "params": "age-u16"},
    {"index": 4, "range": {"maxDate": {"yearsBeforeTx": 18}}}
  ]
}`

func i64(v int64) *int64 { return &v }

// daysOf is the date message value of a date.
func daysOf(y int, m time.Month, d int) int64 {
	return days(time.Date(y, m, d, 0, 0, 0, 0, time.UTC))
}

// predicatesStatement meets every rule of predicatesDoc on txTime
// (2026-12-01): age proven in [18, 120] with "age-u16", birth date proven
// at most 2008-12-01, country in "eu-countries".
func predicatesStatement() Statement {
	return Statement{
		Issuer: "acme", KeyVersion: 1, MessageCount: 8,
		Disclosed: []request.Message{{Index: 0, Message: []byte("x")}},
		Time:      txTime,
		Predicates: []request.Predicate{
			{Kind: request.KindRange, Index: 4, Max: i64(daysOf(2008, 12, 1))},
			{Kind: request.KindRange, Index: 3, Min: i64(18), Max: i64(120), Params: "age-u16"},
			{Kind: request.KindInSet, Index: 5, Params: "eu-countries"},
		},
	}
}

func TestParsePredicateRules(t *testing.T) {
	p := mustParse(t, predicatesDoc)
	require.Equal(t, []PredicateRule{
		{Index: 3, Range: &RangeRule{Min: i64(18), Max: i64(150)}, Params: "age-u16"},
		{Index: 4, Range: &RangeRule{MaxDate: &DateBound{YearsBeforeTx: 18}}},
		{Index: 5, InSet: "eu-countries"},
	}, p.Predicates)
	require.True(t, p.NeedsTime())
	out, err := p.Marshal()
	require.NoError(t, err)
	require.Contains(t, string(out), `"predicates":[{"index":3,"range":{"min":18,"max":150},"params":"age-u16"},{"index":4,"range":{"maxDate":{"yearsBeforeTx":18}}},{"index":5,"inSet":"eu-countries"}]`)
	// Order does not change the canonical form; inSet sorts before range
	// on one index.
	other := mustParse(t, `{"id":"adults","issuers":[{"id":"acme"}],"messageCount":8,"disclosed":[{"index":0}],"predicates":[
	  {"index": 4, "range": {"maxDate": {"yearsBeforeTx": 18}}},
	  {"params": "age-u16", "range": {"max": 150, "min": 18}, "index": 3},
	  {"inSet": "eu-countries", "index": 5}]}`)
	out2, err := other.Marshal()
	require.NoError(t, err)
	require.Equal(t, string(out), string(out2))
	both := mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"min":0}},{"index":1,"inSet":"s"}]}`)
	require.Equal(t, "s", both.Predicates[0].InSet)
	// Extremes.
	p = mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1023,"range":{"min":-9223372036854775808,"max":9223372036854775807}},
	  {"index":0,"range":{"minDate":{"yearsBeforeTx":200},"maxDate":{"yearsBeforeTx":0}}},{"index":1,"range":{"minDate":{"yearsBeforeTx":5},"maxDate":{"yearsBeforeTx":5}}}]}`)
	require.Len(t, p.Predicates, 3)
	require.False(t, mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"min":0}}]}`).NeedsTime())
	// With an accumulator rule (a presentation with non-revocation carries
	// predicates), on another message than the handle.
	nr := mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"accumulator":{"index":2},"predicates":[{"index":1,"range":{"min":18}}]}`)
	require.NotNil(t, nr.Accumulator)
	require.Len(t, nr.Predicates, 1)
}

func TestParsePredicateRulesRejects(t *testing.T) {
	doc := func(preds string) string {
		return `{"id":"p","issuers":[{"id":"a"}],"messageCount":8,"disclosed":[{"index":0}],"validity":{"validUntil":1},"epoch":{"index":2},"status":{"index":6,"list":"l"},"predicates":` + preds + `}`
	}
	many := make([]string, MaxPredicateRules+1)
	for i := range many {
		many[i] = `{"index":3,"inSet":"s` + strings.Repeat("x", i) + `"}`
	}
	for _, tt := range []struct{ name, doc, want string }{
		{"empty", doc(`[]`), "predicates: empty"},
		{"not an array", doc(`{}`), "predicates: wrong type"},
		{"null", doc(`null`), "predicates: must not be null"},
		{"too many", doc(`[` + strings.Join(many, ",") + `]`), "predicates: 17 rules, over the limit of 16"},
		{"unknown field", doc(`[{"index":3,"inSet":"s","x":1}]`), `predicates[0]: unknown field "x"`},
		{"field in another case", doc(`[{"index":3,"InSet":"s"}]`), `predicates[0]: unknown field "InSet"`},
		{"no index", doc(`[{"inSet":"s"}]`), "predicates[0].index: required"},
		{"neither kind", doc(`[{"index":3}]`), "predicates[0]: give exactly one of range and inSet"},
		{"both kinds", doc(`[{"index":3,"inSet":"s","range":{"min":1}}]`), "predicates[0]: give exactly one of range and inSet"},
		{"inSet with params", doc(`[{"index":3,"inSet":"s","params":"p"}]`), "predicates[0].params: an inSet rule names its set parameters in inSet"},
		{"bad set ID", doc(`[{"index":3,"inSet":"a b"}]`), `predicates[0].inSet: "a b" does not match`},
		{"empty set ID", doc(`[{"index":3,"inSet":""}]`), "predicates[0]: give exactly one of range and inSet"},
		{"bad params", doc(`[{"index":3,"range":{"min":1},"params":"a/b"}]`), `predicates[0].params: "a/b" does not match`},
		{"empty range", doc(`[{"index":3,"range":{}}]`), "predicates[0].range: empty"},
		{"null bound", doc(`[{"index":3,"range":{"min":null}}]`), "predicates[0].range.min: must not be null"},
		{"fractional bound", doc(`[{"index":3,"range":{"min":1.5}}]`), "predicates[0].range.min: wrong type"},
		{"bound as text", doc(`[{"index":3,"range":{"min":"1"}}]`), "predicates[0].range.min: wrong type: JSON string where an integer is expected"},
		{"bound over int64", doc(`[{"index":3,"range":{"max":9223372036854775808}}]`), "predicates[0].range.max: wrong type"},
		{"unknown range field", doc(`[{"index":3,"range":{"minimum":1}}]`), `predicates[0].range: unknown field "minimum"`},
		{"min above max", doc(`[{"index":3,"range":{"min":2,"max":1}}]`), "predicates[0].range: min 2 is above max 1: no value is in the range"},
		{"min and minDate", doc(`[{"index":3,"range":{"min":2,"minDate":{"yearsBeforeTx":1}}}]`), "predicates[0].range: min and minDate are both lower bounds"},
		{"max and maxDate", doc(`[{"index":3,"range":{"max":2,"maxDate":{"yearsBeforeTx":1}}}]`), "predicates[0].range: max and maxDate are both upper bounds"},
		{"minDate after maxDate", doc(`[{"index":3,"range":{"minDate":{"yearsBeforeTx":17},"maxDate":{"yearsBeforeTx":18}}}]`), "predicates[0].range: minDate (17 years before the transaction) is after maxDate (18 years before)"},
		{"negative years", doc(`[{"index":3,"range":{"maxDate":{"yearsBeforeTx":-1}}}]`), "predicates[0].range.maxDate.yearsBeforeTx: -1 outside 0..200"},
		{"too many years", doc(`[{"index":3,"range":{"minDate":{"yearsBeforeTx":201}}}]`), "predicates[0].range.minDate.yearsBeforeTx: 201 outside 0..200"},
		{"date bound without years", doc(`[{"index":3,"range":{"maxDate":{}}}]`), "predicates[0].range.maxDate.yearsBeforeTx: required"},
		{"date bound as a date", doc(`[{"index":3,"range":{"maxDate":"2008-01-01"}}]`), "predicates[0].range.maxDate: must be an object"},
		{"negative index", doc(`[{"index":-1,"inSet":"s"}]`), "predicates[0].index: -1 outside 0..1023"},
		{"index at messageCount", doc(`[{"index":8,"inSet":"s"}]`), "predicates[0].index: 8 is not below messageCount 8"},
		{"a disclosed index", doc(`[{"index":0,"inSet":"s"}]`), "predicates[0].index: message 0 must be disclosed by disclosed[0]: a predicate is about a hidden message"},
		{"the validity index", doc(`[{"index":1,"range":{"min":0}}]`), "message 1 must be disclosed by validity.validUntil"},
		{"the epoch index", doc(`[{"index":2,"range":{"min":0}}]`), "message 2 must be disclosed by epoch.index"},
		{"the status index", doc(`[{"index":6,"range":{"min":0}}]`), "message 6 must be disclosed by status.index"},
		{"one kind twice", doc(`[{"index":3,"range":{"min":0}},{"index":4,"inSet":"s"},{"index":3,"range":{"max":0}}]`), "predicates[2]: a second range rule on message 3 (predicates[0])"},
		{"the accumulator index", `{"id":"p","issuers":[{"id":"a"}],"accumulator":{"index":3},"predicates":[{"index":3,"inSet":"s"}]}`, "predicates[0].index: 3 is accumulator.index, the revocation handle"},
		{"in a credential policy", `{"id":"p","issuers":[{"id":"a"}],"credential":{},"predicates":[{"index":3,"inSet":"s"}]}`, "predicates"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Parse([]byte(tt.doc))
			require.Error(t, err)
			require.True(t, errors.Is(err, ErrInvalid), "%v", err)
			require.ErrorContains(t, err, tt.want)
		})
	}
}

func TestEvaluatePredicateRules(t *testing.T) {
	p := mustParse(t, predicatesDoc)
	require.Nil(t, p.Evaluate(predicatesStatement()))
	for _, tc := range []struct {
		name   string
		change func(*Statement)
		index  int
		reason string // "" met
	}{
		{"stricter bounds", func(s *Statement) {
			s.Predicates[1].Min, s.Predicates[1].Max = i64(21), i64(21)
			s.Predicates[0].Min = i64(-5000)
		}, 0, ""},
		{"extra predicates", func(s *Statement) {
			s.Predicates = append(s.Predicates, request.Predicate{Kind: request.KindRange, Index: 6, Min: i64(0), Params: "mine"})
		}, 0, ""},
		{"no age predicate", func(s *Statement) { s.Predicates = s.Predicates[:1] }, 3,
			`message 3 must be proven at least 18 and at most 150 with the range parameters "age-u16"`},
		{"age range too wide", func(s *Statement) { s.Predicates[1].Max = i64(151) }, 3,
			`message 3 must be proven at least 18 and at most 150 (the request proves at least 18 and at most 151)`},
		{"age without an upper bound", func(s *Statement) { s.Predicates[1].Max = nil }, 3,
			`message 3 must be proven at least 18 and at most 150 (the request proves at least 18)`},
		{"age with Bulletproofs", func(s *Statement) { s.Predicates[1].Params = "" }, 3,
			`message 3 must be proven with the range parameters "age-u16" (the request uses Bulletproofs)`},
		{"age with other parameters", func(s *Statement) { s.Predicates[1].Params = "age-u256" }, 3,
			`message 3 must be proven with the range parameters "age-u16" (not "age-u256")`},
		{"birth date with prover-named parameters", func(s *Statement) { s.Predicates[0].Params = "mine" }, 4,
			`message 4 must be proven with Bulletproofs, not with the range parameters "mine" the request names`},
		{"birth date one day late", func(s *Statement) { s.Predicates[0].Max = i64(daysOf(2008, 12, 2)) }, 4,
			`message 4 must be proven at most 2008-12-01, 18 years before the transaction's date (the request proves at most 2008-12-02)`},
		{"birth date unbounded", func(s *Statement) { s.Predicates[0].Max = nil; s.Predicates[0].Min = i64(0) }, 4,
			`message 4 must be proven at most 2008-12-01, 18 years before the transaction's date (the request proves at least 0)`},
		{"no birth date predicate", func(s *Statement) { s.Predicates = s.Predicates[1:] }, 4,
			`message 4 must be proven at most 2008-12-01, 18 years before the transaction's date with Bulletproofs`},
		{"birth date as an inSet", func(s *Statement) { s.Predicates[0].Kind = request.KindInSet }, 4,
			`message 4 must be proven at most 2008-12-01, 18 years before the transaction's date with Bulletproofs`},
		{"no time", func(s *Statement) { s.Time = time.Time{} }, 4, "message 4: the transaction time is unknown"},
		{"another set", func(s *Statement) { s.Predicates[2].Params = "countries" }, 5,
			`message 5 must be proven a member of the set "eu-countries" (not "countries")`},
		{"no set", func(s *Statement) { s.Predicates = s.Predicates[:2] }, 5, `message 5 must be proven a member of the set "eu-countries"`},
		{"the first unmet rule by index", func(s *Statement) { s.Predicates = nil }, 3, `message 3 must be proven`},
		{"a predicate twice", func(s *Statement) { s.Predicates = append(s.Predicates, s.Predicates[0]) }, -1,
			`the request has two range predicates on message 4`},
		{"an invalid predicate", func(s *Statement) { s.Predicates[1].Min = i64(200) }, -1, `the request's predicate 1 is invalid`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := predicatesStatement()
			tc.change(&st)
			u := p.Evaluate(st)
			if tc.reason == "" {
				require.Nil(t, u)
				return
			}
			require.NotNil(t, u)
			if tc.index < 0 {
				require.Equal(t, "policy", u.Rule)
			} else {
				require.Equal(t, "predicates", u.Rule)
				require.Equal(t, tc.index, u.Index)
			}
			require.Contains(t, u.Reason, tc.reason)
		})
	}
	// The predicate rules come after the others.
	st := predicatesStatement()
	st.Predicates = nil
	st.Disclosed = nil
	require.Equal(t, "disclosed", p.Evaluate(st).Rule)
}

// TestDateBoundsAtBoundaries: "at least 18 years old" (maxDate 18 years
// before the transaction) on a birth date: exactly 18 years is accepted,
// 17 years and 364 days is not; on 29 February the bound is 28 February of
// a common year, and whoever is born on 29 February comes of age on
// 1 March of a common year.
func TestDateBoundsAtBoundaries(t *testing.T) {
	p := mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"maxDate":{"yearsBeforeTx":18}}}]}`)
	at := func(tx time.Time, born int64) *Unmet {
		return p.Evaluate(Statement{Issuer: "a", KeyVersion: 1, Time: tx,
			Predicates: []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(born)}}})
	}
	for _, tc := range []struct {
		name string
		tx   time.Time
		born int64
		ok   bool
	}{
		{"exactly 18 years", time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC), daysOf(2008, 12, 1), true},
		{"exactly 18 years, the last second of the day", time.Date(2026, 12, 1, 23, 59, 59, 999999999, time.UTC), daysOf(2008, 12, 1), true},
		{"17 years and 364 days", time.Date(2026, 11, 30, 23, 59, 59, 0, time.UTC), daysOf(2008, 12, 1), false},
		{"18 years and a day", time.Date(2026, 12, 2, 0, 0, 0, 0, time.UTC), daysOf(2008, 12, 1), true},
		{"the UTC date, not the local one", time.Date(2026, 12, 1, 0, 30, 0, 0, time.FixedZone("CET", 3600)), daysOf(2008, 12, 1), false},
		{"tx on 29 February: born 28 February is 18", time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC), daysOf(2006, 2, 28), true},
		{"tx on 29 February: born 1 March is 17", time.Date(2024, 2, 29, 12, 0, 0, 0, time.UTC), daysOf(2006, 3, 1), false},
		{"born 29 February: not 18 on 28 February", time.Date(2022, 2, 28, 12, 0, 0, 0, time.UTC), daysOf(2004, 2, 29), false},
		{"born 29 February: 18 on 1 March", time.Date(2022, 3, 1, 0, 0, 0, 0, time.UTC), daysOf(2004, 2, 29), true},
		{"born 29 February: 20 on 29 February", time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC), daysOf(2004, 2, 29), true},
		{"before 1970", time.Date(1980, 6, 15, 0, 0, 0, 0, time.UTC), daysOf(1962, 6, 15), true},
		{"before 1970, a day short", time.Date(1980, 6, 15, 0, 0, 0, 0, time.UTC), daysOf(1962, 6, 16), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			u := at(tc.tx, tc.born)
			require.Equal(t, tc.ok, u == nil, "%v", u)
		})
	}
	require.Equal(t, int64(-1), daysOf(1969, 12, 31))
	require.Equal(t, time.Date(2006, 2, 28, 0, 0, 0, 0, time.UTC), YearsBefore(time.Date(2024, 2, 29, 23, 0, 0, 0, time.UTC), 18))
	require.Equal(t, time.Date(2020, 2, 29, 0, 0, 0, 0, time.UTC), YearsBefore(time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC), 4))
	require.Equal(t, time.Date(1900, 2, 28, 0, 0, 0, 0, time.UTC), YearsBefore(time.Date(2000, 2, 29, 0, 0, 0, 0, time.UTC), 100))

	// minDate: born at most 65 years ago (exactly 65 accepted, a day more
	// not), with a fixed lower bound elsewhere in the range.
	q := mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"minDate":{"yearsBeforeTx":65},"max":0}}]}`)
	tx := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	in := func(min int64) *Unmet {
		return q.Evaluate(Statement{Issuer: "a", KeyVersion: 1, Time: tx,
			Predicates: []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(min), Max: i64(-1)}}})
	}
	require.Nil(t, in(daysOf(1961, 12, 1)))
	u := in(daysOf(1961, 11, 30))
	require.NotNil(t, u)
	require.Contains(t, u.Reason, "message 1 must be proven at least 1961-12-01, 65 years before the transaction's date and at most 0 (the request proves at least 1961-11-30 and at most -1)")
	// A fixed bound and a date bound that cross on the transaction's date.
	r := mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"min":20000,"maxDate":{"yearsBeforeTx":18}}}]}`)
	u = r.Evaluate(Statement{Issuer: "a", KeyVersion: 1, Time: tx,
		Predicates: []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(20000), Max: i64(math.MaxInt64)}}})
	require.NotNil(t, u)
	require.Contains(t, u.Reason, "no value is in that range on the transaction's date")
}

func TestPredicateRulesOneAnswer(t *testing.T) {
	for _, tt := range []struct{ name, doc, want string }{
		{"unknown fields in several items", `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"inSet":"s"},{"z":1,"y":2,"index":2},{"x":1}]}`, `predicates[1]: unknown field "y"`},
		{"several bad rules", `{"id":"p","issuers":[{"id":"a"}],"predicates":[{"index":1,"range":{"min":3,"max":1,"minDate":{"yearsBeforeTx":-1}}},{"index":-1,"inSet":"a b"}]}`, `predicates[0].range: min and minDate are both lower bounds`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			got := oneAnswer(t, func() string {
				_, err := Parse([]byte(tt.doc))
				if err == nil {
					return "accepted"
				}
				return err.Error()
			})
			require.Contains(t, got, tt.want)
		})
	}
	p := mustParse(t, predicatesDoc)
	got := oneAnswer(t, func() string {
		st := predicatesStatement()
		st.Predicates = nil
		return p.Evaluate(st).Reason
	})
	require.Contains(t, got, "message 3")
}

// TestPredicateRulesWithPseudonym: a policy may require a pseudonym in a
// context and predicates together; each rule is evaluated.
func TestPredicateRulesWithPseudonym(t *testing.T) {
	p := mustParse(t, `{"id":"p","issuers":[{"id":"acme"}],"pseudonym":{"context":"eA==","uses":2},"predicates":[{"index":3,"range":{"min":18}}]}`)
	st := Statement{Issuer: "acme", KeyVersion: 1, Time: txTime, Pseudonym: true, Context: []byte("x"),
		Predicates: []request.Predicate{{Kind: request.KindRange, Index: 3, Min: i64(21)}}}
	require.Nil(t, p.Evaluate(st))
	out, err := p.Marshal()
	require.NoError(t, err)
	require.Contains(t, string(out), `"pseudonym":{"context":"eA==","uses":2}`)
	require.Contains(t, string(out), `"predicates":[{"index":3,"range":{"min":18}}]`)
	noNym := st
	noNym.Pseudonym, noNym.Context = false, nil
	require.Equal(t, "pseudonym", p.Evaluate(noNym).Rule)
	low := st
	low.Predicates = []request.Predicate{{Kind: request.KindRange, Index: 3, Min: i64(17)}}
	u := p.Evaluate(low)
	require.NotNil(t, u)
	require.Contains(t, u.Reason, "message 3 must be proven at least 18")
}
