// SPDX-License-Identifier: Apache-2.0

package policy_test

import (
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// A poll open to adults of Belgium according to either ministry, one vote
// per credential: the country (message 3) must be "BE", the birth date
// (message 5) must start with "19", and the proof must carry a pseudonym in
// the poll's context.
const pollPolicy = `{
  "id": "poll-2026-17",
  "description": "Poll 17: residents of Belgium born in the 1900s",
  "issuers": [{"id": "ministry-be", "keyVersions": [2, 3]}, {"id": "ministry-be-digital"}],
  "messageCount": 8,
  "disclosed": [
    {"index": 3, "equals": "QkU="},
    {"index": 5, "prefix": "MTk="}
  ],
  "bindSubmitter": true,
  "pseudonym": {"context": "cG9sbC0yMDI2LTE3", "uses": 1},
  "minNonceLength": 16
}`

func ExampleParse() {
	p, err := policy.Parse([]byte(pollPolicy))
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.ID, len(p.Issuers), "issuers, uses per pseudonym:", p.AllowedUses())

	_, err = policy.Parse([]byte(`{"id": "p", "issuers": [{"id": "a"}], "messageCount": 4, "disclosed": [{"index": 4}]}`))
	fmt.Println(err)
	_, err = policy.Parse([]byte(`{"id": "p", "issuers": [{"id": "a"}], "disclosed": [{"index": 1, "equals": "QkU=", "oneOf": ["Tkw="]}]}`))
	fmt.Println(err)
	// Output:
	// poll-2026-17 2 issuers, uses per pseudonym: 1
	// invalid verification policy: disclosed[0].index: 4 is not below messageCount 4, so it can never be disclosed
	// invalid verification policy: disclosed[0]: equals "BE" is not in oneOf: no value satisfies both
}

func ExamplePolicy_Marshal() {
	p, err := policy.Parse([]byte(`{
	  "issuers": [{"id": "b", "keyVersions": [3, 1]}, {"id": "a"}],
	  "id": "p",
	  "pseudonym": {"context": "cG9sbA=="}
	}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	canonical, err := p.Marshal()
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(string(canonical))
	// Output:
	// {"id":"p","issuers":[{"id":"a"},{"id":"b","keyVersions":[1,3]}],"pseudonym":{"context":"cG9sbA==","uses":1}}
}

func ExamplePolicy_Evaluate() {
	p, err := policy.Parse([]byte(pollPolicy))
	if err != nil {
		fmt.Println(err)
		return
	}
	st := policy.Statement{
		Issuer:       "ministry-be",
		KeyVersion:   3,
		MessageCount: 8,
		Disclosed: []request.Message{
			{Index: 3, Message: []byte("NL")},
			{Index: 5, Message: []byte("1984-05-06")},
		},
		NonceLength:      32,
		BoundToSubmitter: true,
		Pseudonym:        true,
		Context:          []byte("poll-2026-17"),
	}
	if u := p.Evaluate(st); u != nil {
		fmt.Printf("%s: %s\n", u.Rule, u)
	}
	st.Disclosed[0].Message = []byte("BE")
	st.Context = []byte("poll-2026-18")
	if u := p.Evaluate(st); u != nil {
		fmt.Printf("%s: %s\n", u.Rule, u)
	}
	st.Context = []byte("poll-2026-17")
	fmt.Println("satisfied:", p.Evaluate(st) == nil)
	// Output:
	// disclosed: disclosed message 3 must equal "BE"
	// pseudonym: pseudonym context must be "poll-2026-17" (not "poll-2026-18")
	// satisfied: true
}

// A policy requiring holders at least 18 years old on the transaction's
// date (message 4 a birth date, as days since 1970-01-01) and resident of a
// country of the set "eu-countries" (message 5), both proven without
// disclosing them.
func ExamplePolicy_Evaluate_predicates() {
	p, err := policy.Parse([]byte(`{"id": "adults", "issuers": [{"id": "ministry"}], "predicates": [
	  {"index": 4, "range": {"maxDate": {"yearsBeforeTx": 18}}},
	  {"index": 5, "inSet": "eu-countries"}]}`))
	if err != nil {
		fmt.Println(err)
		return
	}
	txTime := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	bornBy := func(y int, m time.Month, d int) *int64 {
		v := time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Unix() / 86400
		return &v
	}
	st := policy.Statement{Issuer: "ministry", KeyVersion: 1, Time: txTime, Predicates: []request.Predicate{
		{Kind: request.KindRange, Index: 4, Max: bornBy(2008, 12, 1)},
		{Kind: request.KindInSet, Index: 5, Params: "eu-countries"},
	}}
	fmt.Println(p.Evaluate(st))
	st.Predicates[0].Max = bornBy(2008, 12, 2)
	fmt.Println(p.Evaluate(st))
	fmt.Println(policy.YearsBefore(time.Date(2024, 2, 29, 0, 0, 0, 0, time.UTC), 18).Format(time.DateOnly))
	// Output:
	// <nil>
	// message 4 must be proven at most 2008-12-01, 18 years before the transaction's date (the request proves at most 2008-12-02)
	// 2006-02-28
}
