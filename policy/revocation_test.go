// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

const revocationDoc = `{
  "id": "p",
  "issuers": [{"id": "acme"}],
  "messageCount": 6,
  "validity": {"validUntil": 2, "validFrom": 1},
  "epoch": {"index": 3, "grace": 1},
  "status": {"index": 4, "list": "revocation"}
}`

var txTime = time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)

// revocationStatement meets every rule of revocationDoc: valid from
// 2026-01-01 until 2027-01-01, epoch 5 with the issuer at 6 (grace 1),
// status index 12 not set in a list of 8192.
func revocationStatement() Statement {
	return Statement{
		Issuer:       "acme",
		KeyVersion:   1,
		MessageCount: 6,
		Disclosed: []request.Message{
			{Index: 1, Message: []byte("2026-01-01T00:00:00Z")},
			{Index: 2, Message: []byte("2027-01-01T00:00:00Z")},
			{Index: 3, Message: []byte("5")},
			{Index: 4, Message: []byte("12")},
		},
		Time:           txTime,
		IssuerEpoch:    6,
		EpochPublished: true,
		Status:         &StatusFacts{ListSize: 8192, Index: 12},
	}
}

func TestRevocationRules(t *testing.T) {
	p := mustParse(t, revocationDoc)
	for _, tc := range []struct {
		name   string
		change func(*Statement)
		rule   string
		index  int
		reason string
	}{
		{"satisfied", func(*Statement) {}, "", 0, ""},
		{"epoch equal to the issuer's", func(s *Statement) { *s = withMessage(*s, 3, []byte("6")) }, "", 0, ""},
		{"epoch ahead of the issuer's", func(s *Statement) { *s = withMessage(*s, 3, []byte("9")) }, "", 0, ""},
		{"valid until the very second", func(s *Statement) { s.Time = time.Date(2027, 1, 1, 0, 0, 0, 999, time.UTC) }, "", 0, ""},
		{"valid from the very second", func(s *Statement) { s.Time = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC) }, "", 0, ""},
		{"last index of the list", func(s *Statement) {
			*s = withMessage(*s, 4, []byte("8191"))
			s.Status.Index = 8191
		}, "", 0, ""},

		{"expired", func(s *Statement) { s.Time = time.Date(2027, 1, 1, 0, 0, 1, 0, time.UTC) }, "validity", 2,
			"the credential has expired: valid until 2027-01-01T00:00:00Z, the transaction time is 2027-01-01T00:00:01Z"},
		{"not valid yet", func(s *Statement) { s.Time = time.Date(2025, 12, 31, 23, 59, 59, 0, time.UTC) }, "validity", 1,
			"the credential is not valid yet: valid from 2026-01-01T00:00:00Z, the transaction time is 2025-12-31T23:59:59Z"},
		{"no time", func(s *Statement) { s.Time = time.Time{} }, "validity", 1, "the transaction time is unknown"},
		{"validUntil hidden", func(s *Statement) { *s = withMessage(*s, 2, nil) }, "validity", 2, "message 2 (validUntil) must be disclosed"},
		{"time with offset", func(s *Statement) { *s = withMessage(*s, 2, []byte("2027-01-01T01:00:00+01:00")) }, "validity", 2,
			`disclosed message 2 (validUntil): "2027-01-01T01:00:00+01:00" is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ`},
		{"time with fraction", func(s *Statement) { *s = withMessage(*s, 2, []byte("2027-01-01T00:00:00.5Z")) }, "validity", 2,
			`disclosed message 2 (validUntil): "2027-01-01T00:00:00.5Z" is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ`},
		{"time lower-case", func(s *Statement) { *s = withMessage(*s, 2, []byte("2027-01-01t00:00:00z")) }, "validity", 2,
			`disclosed message 2 (validUntil): "2027-01-01t00:00:00z" is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ`},
		{"time out of range", func(s *Statement) { *s = withMessage(*s, 2, []byte("2027-02-30T00:00:00Z")) }, "validity", 2,
			`disclosed message 2 (validUntil): "2027-02-30T00:00:00Z" is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ`},

		{"epoch beyond grace", func(s *Statement) { *s = withMessage(*s, 3, []byte("4")) }, "epoch", 3,
			`the credential's epoch 4 is older than the 5 the policy accepts (issuer "acme" is at epoch 6, grace 1): the issuer has not reissued it`},
		{"issuer without epoch", func(s *Statement) { s.EpochPublished = false }, "epoch", 3, `issuer "acme" publishes no epoch`},
		{"epoch hidden", func(s *Statement) { *s = withMessage(*s, 3, nil) }, "epoch", 3, "message 3 (the epoch) must be disclosed"},
		{"epoch leading zero", func(s *Statement) { *s = withMessage(*s, 3, []byte("05")) }, "epoch", 3,
			`disclosed message 3 (the epoch): "05" is not a canonical decimal number (ASCII digits, no sign, no leading zero) up to 9007199254740991`},
		{"epoch signed", func(s *Statement) { *s = withMessage(*s, 3, []byte("+5")) }, "epoch", 3,
			`disclosed message 3 (the epoch): "+5" is not a canonical decimal number (ASCII digits, no sign, no leading zero) up to 9007199254740991`},
		{"epoch over the maximum", func(s *Statement) { *s = withMessage(*s, 3, []byte("9007199254740992")) }, "epoch", 3,
			`disclosed message 3 (the epoch): "9007199254740992" is not a canonical decimal number (ASCII digits, no sign, no leading zero) up to 9007199254740991`},
		{"epoch binary", func(s *Statement) { *s = withMessage(*s, 3, []byte{0, 5}) }, "epoch", 3,
			`disclosed message 3 (the epoch): base64:AAU= is not a canonical decimal number (ASCII digits, no sign, no leading zero) up to 9007199254740991`},

		{"revoked", func(s *Statement) { s.Status.Set = true }, "status", 4,
			`the credential is revoked: entry 12 of the status list "revocation" of issuer "acme" is set`},
		{"no list", func(s *Statement) { s.Status.ListSize = 0 }, "status", 4, `there is no status list "revocation" of issuer "acme"`},
		{"index outside the list", func(s *Statement) {
			*s = withMessage(*s, 4, []byte("8192"))
			s.Status.Index = 8192
		}, "status", 4, `status index 8192 is outside the 8192 entries of the status list "revocation" of issuer "acme"`},
		{"not looked up", func(s *Statement) { s.Status = nil }, "status", 4, `the status list "revocation" of issuer "acme" was not looked up for index 12`},
		{"looked up for another index", func(s *Statement) { s.Status.Index = 13 }, "status", 4, `the status list "revocation" of issuer "acme" was not looked up for index 12`},
		{"status hidden", func(s *Statement) { *s = withMessage(*s, 4, nil) }, "status", 4, "message 4 (the status index) must be disclosed"},
		{"status index beyond any list", func(s *Statement) { *s = withMessage(*s, 4, []byte("1048576")) }, "status", 4,
			`disclosed message 4 (the status index): "1048576" is not a canonical decimal number (ASCII digits, no sign, no leading zero) up to 1048575`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := revocationStatement()
			tc.change(&st)
			u := p.Evaluate(st)
			if tc.reason == "" {
				require.Nil(t, u)
				return
			}
			require.NotNil(t, u)
			require.Equal(t, Unmet{Rule: tc.rule, Index: tc.index, Reason: tc.reason}, *u)
		})
	}
}

// TestRevocationRulesComeLast: the revocation rules are evaluated after the
// older rules, so a request failing both is told about the older one.
func TestRevocationRulesComeLast(t *testing.T) {
	p := mustParse(t, revocationDoc)
	st := revocationStatement()
	st.MessageCount = 7
	st.Status.Set = true
	require.Equal(t, "messageCount", p.Evaluate(st).Rule)
}

func TestParseRevocationRules(t *testing.T) {
	p := mustParse(t, revocationDoc)
	require.Equal(t, 1, *p.Validity.ValidFrom)
	require.Equal(t, 2, *p.Validity.ValidUntil)
	require.Equal(t, &EpochRule{Index: 3, Grace: 1}, p.Epoch)
	require.Equal(t, &StatusRule{Index: 4, List: "revocation"}, p.Status)
	b, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"acme"}],"messageCount":6,"validity":{"validFrom":1,"validUntil":2},"epoch":{"index":3,"grace":1},"status":{"index":4,"list":"revocation"}}`, string(b))
	p2 := mustParse(t, string(b))
	require.Equal(t, p, p2)

	// grace defaults to 0 and is written out.
	p = mustParse(t, `{"id":"p","issuers":[{"id":"a"}],"epoch":{"index":0},"validity":{"validUntil":1}}`)
	require.Equal(t, int64(0), p.Epoch.Grace)
	b, err = p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"a"}],"validity":{"validUntil":1},"epoch":{"index":0,"grace":0}}`, string(b))

	// A clone is deep: changing it leaves the parsed policy alone.
	c := p.clone()
	*c.Validity.ValidUntil = 9
	c.Epoch.Grace = 3
	require.Equal(t, 1, *p.Validity.ValidUntil)
	require.Equal(t, int64(0), p.Epoch.Grace)
}

func TestParseRevocationRulesRefused(t *testing.T) {
	const pre = `{"id":"p","issuers":[{"id":"a"}],`
	for _, tc := range []struct{ doc, want string }{
		{`"validity":{}}`, "validity: empty"},
		{`"validity":{"validUntil":null}}`, "validity.validUntil: must not be null"},
		{`"validity":{"until":1}}`, `validity: unknown field "until"`},
		{`"validity":{"validUntil":-1}}`, "validity.validUntil: -1 outside 0..1023"},
		{`"validity":{"validUntil":1024}}`, "validity.validUntil: 1024 outside 0..1023"},
		{`"validity":{"validUntil":"1"}}`, "validity.validUntil: wrong type"},
		{`"validity":{"validFrom":2,"validUntil":2}}`, "validity.validUntil: 2 is also validity.validFrom"},
		{`"messageCount":3,"validity":{"validUntil":3}}`, "validity.validUntil: 3 is not below messageCount 3"},
		{`"epoch":{}}`, "epoch.index: required"},
		{`"epoch":{"index":1,"grace":-1}}`, "epoch.grace: -1 outside 0..9007199254740991"},
		{`"epoch":{"index":1,"grace":9007199254740992}}`, "epoch.grace: 9007199254740992 outside"},
		{`"epoch":{"index":1,"grace":1.5}}`, "epoch.grace: wrong type"},
		{`"epoch":{"index":1,"Grace":1}}`, `epoch: unknown field "Grace"`},
		{`"epoch":{"index":1},"status":{"index":1,"list":"r"}}`, "status.index: 1 is also epoch.index"},
		{`"status":{"index":1}}`, "status.list: required"},
		{`"status":{"list":"r"}}`, "status.index: required"},
		{`"status":{"index":1,"list":""}}`, `status.list: "" does not match`},
		{`"status":{"index":1,"list":"a b"}}`, `status.list: "a b" does not match`},
		{`"status":null}`, "policy.status: must not be null"},
		{`"epoch":{"index":1},"epoch":{"index":2}}`, `duplicate key "epoch"`},
	} {
		t.Run(tc.doc, func(t *testing.T) {
			_, err := Parse([]byte(pre + tc.doc))
			require.Error(t, err)
			require.True(t, errors.Is(err, ErrInvalid))
			require.Contains(t, err.Error(), tc.want)
		})
	}
	// A disclosed rule may name the index of a revocation rule too.
	mustParse(t, pre+`"disclosed":[{"index":1,"prefix":"MjA="}],"validity":{"validUntil":1}}`)
}

func TestParseTimeAndNumber(t *testing.T) {
	tm, err := ParseTime([]byte("2026-12-01T12:00:00Z"))
	require.NoError(t, err)
	require.Equal(t, txTime, tm)
	require.Equal(t, "2026-12-01T12:00:00Z", FormatTime(txTime.In(time.FixedZone("x", 3600))))
	for _, bad := range []string{"", "2026-12-01T12:00:00", "2026-12-01 12:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T12:00:60Z", " 2026-12-01T12:00:0Z"} {
		_, err := ParseTime([]byte(bad))
		require.Error(t, err, bad)
	}
	for _, ok := range []struct {
		s string
		n int64
	}{{"0", 0}, {"7", 7}, {"9007199254740991", MaxEpoch}} {
		n, err := parseNumber([]byte(ok.s), MaxEpoch)
		require.NoError(t, err)
		require.Equal(t, ok.n, n)
	}
	for _, bad := range []string{"", "00", "01", "-1", "1 ", "1e3", "0x1", "12345678901234567", "١"} {
		_, err := parseNumber([]byte(bad), MaxEpoch)
		require.Error(t, err, bad)
	}
	_, err = parseNumber([]byte("11"), 10)
	require.Error(t, err)
}

func TestStatusIndex(t *testing.T) {
	p := mustParse(t, revocationDoc)
	i, ok := p.StatusIndex(revocationStatement())
	require.True(t, ok)
	require.Equal(t, 12, i)
	_, ok = p.StatusIndex(withMessage(revocationStatement(), 4, []byte("012")))
	require.False(t, ok)
	_, ok = p.StatusIndex(withMessage(revocationStatement(), 4, nil))
	require.False(t, ok)
	_, ok = mustParse(t, pollDoc).StatusIndex(revocationStatement())
	require.False(t, ok)
}

// TestRevocationOneAnswer: the same policy and statement give the same
// unmet rule every time (the rules' errors do not depend on map order).
func TestRevocationOneAnswer(t *testing.T) {
	doc := `{"id":"p","issuers":[{"id":"a"}],"validity":{"validFrom":-1,"validUntil":-2}}`
	oneanswer.Check(t, 50, func() string {
		_, err := Parse([]byte(doc))
		return err.Error()
	})
	p := mustParse(t, revocationDoc)
	oneanswer.Check(t, 50, func() string {
		st := revocationStatement()
		st.Status.Set = true
		return p.Evaluate(st).Reason
	})
}

func FuzzRevocationMessages(f *testing.F) {
	for _, s := range []string{"2026-12-01T12:00:00Z", "0", "9007199254740991", "05", "2026-02-29T00:00:00Z", ""} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		if tm, err := ParseTime(b); err == nil && FormatTime(tm) != string(b) {
			t.Fatalf("ParseTime accepts %q, which is not the canonical %q", b, FormatTime(tm))
		}
		if n, err := parseNumber(b, MaxEpoch); err == nil {
			if n < 0 || n > MaxEpoch || strings.TrimLeft(string(b), "0123456789") != "" {
				t.Fatalf("ParseNumber accepts %q as %d", b, n)
			}
		}
		p := mustParse(t, revocationDoc)
		st := revocationStatement()
		st = withMessage(st, 2, b)
		st = withMessage(st, 3, b)
		st = withMessage(st, 4, b)
		if u := p.Evaluate(st); u != nil && len(u.Reason) > 400 {
			t.Fatalf("reason is %d bytes", len(u.Reason))
		}
	})
}
