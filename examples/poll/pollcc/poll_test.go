package pollcc

import (
	"testing"

	"github.com/stretchr/testify/require"
)

func TestCreatePoll(t *testing.T) {
	e := newEnv(t)
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("be-voters", "BE", "poll-1", 1))
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("two-uses", "BE", "poll-1", 2))
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("other-context", "BE", "poll-9", 1))
	e.bbsOK(e.admin, "CreatePolicy", `{"id":"no-pseudonym","issuers":[{"id":"`+issuerID+`"}]}`)
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("retired", "BE", "poll-1", 1))
	e.bbsOK(e.admin, "RetirePolicy", "retired")

	for _, tc := range []struct {
		name, poll, options, policy string
		want                        []string
	}{
		{"unknown policy", "poll-1", `["yes","no"]`, "nothere", []string{"proof refused by bbs: GetPolicy", "not found"}},
		{"retired policy", "poll-1", `["yes","no"]`, "retired", []string{"unsuitable policy", "retired"}},
		{"no pseudonym rule", "poll-1", `["yes","no"]`, "no-pseudonym", []string{"no pseudonym rule"}},
		{"context is another poll", "poll-1", `["yes","no"]`, "other-context", []string{`context "poll-9"`}},
		{"two uses", "poll-1", `["yes","no"]`, "two-uses", []string{"allows 2 uses"}},
		{"one option", "poll-1", `["yes"]`, "be-voters", []string{"2 to 32 options"}},
		{"duplicate option", "poll-1", `["yes","yes"]`, "be-voters", []string{"listed twice"}},
		{"options not an array", "poll-1", `{"yes":1}`, "be-voters", []string{"JSON array"}},
		{"trailing data", "poll-1", `["yes","no"] x`, "be-voters", []string{"trailing"}},
		{"bad poll ID", "poll 1", `["yes","no"]`, "be-voters", []string{"poll ID"}},
		{"bad policy ID", "poll-1", `["yes","no"]`, "", []string{"policy ID"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.submit(e.admin, "CreatePoll", tc.poll, tc.options, tc.policy)
			requireRefused(t, r, tc.want...)
			require.Zero(t, r.Writes)
		})
	}

	// Only the policy's owner (or its MSP's bbs.admin) may use its poll ID.
	requireRefused(t, e.submit(e.relay, "CreatePoll", "poll-1", `["yes","no"]`, "be-voters"), "access denied", "only the owner")
	requireRefused(t, e.submit(e.voter, "CreatePoll", "poll-1", `["yes","no"]`, "be-voters"), "access denied", "MSP Org2MSP")
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("be-voters-2", "BE", "poll-2", 1))
	require.True(t, e.submit(ids.orgAdmin, "CreatePoll", "poll-2", `["yes","no"]`, "be-voters-2").Committed)

	r := e.submit(e.admin, "CreatePoll", "poll-1", `["yes","no"]`, "be-voters")
	require.True(t, r.Committed, r.Response.GetMessage())
	p := decode[*Poll](t, r)
	require.Equal(t, Poll{ID: "poll-1", Options: []string{"yes", "no"}, Policy: PolicyPin{ID: "be-voters", Version: 1},
		CreatorMSPID: "Org1MSP", TxID: r.TxID, CreatedAt: r.Timestamp}, *p)
	require.Equal(t, *p, *decode[*Poll](t, e.evaluate(e.voter, "GetPoll", "poll-1")))
	requireRefused(t, e.submit(e.admin, "CreatePoll", "poll-1", `["a","b"]`, "be-voters"), "already exists")
	requireRefused(t, e.evaluate(e.voter, "GetPoll", "poll-3"), "not found")

	// A later version of the policy does not change the poll's pin.
	e.bbsOK(e.admin, "UpdatePolicy", "be-voters", countryPolicy("be-voters", "NL", "poll-1", 1))
	require.Equal(t, 1, decode[Poll](t, e.evaluate(e.voter, "GetPoll", "poll-1")).Policy.Version)
}

func FuzzParseOptions(f *testing.F) {
	for _, s := range []string{`["yes","no"]`, `["a"]`, `[]`, `null`, `["a","a"]`, `["a", " b"]`, `["a","b"] []`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		opts, err := ParseOptions(s)
		if err != nil {
			return
		}
		if len(opts) < MinOptions || len(opts) > MaxOptions {
			t.Fatalf("accepted %d options", len(opts))
		}
		seen := map[string]bool{}
		for _, o := range opts {
			if checkOption(o) != nil || seen[o] {
				t.Fatalf("accepted option %q", o)
			}
			seen[o] = true
		}
	})
}

// TestTransactionNames: a name that does not start with an upper-case
// letter is refused, as bbs refuses it (contract-api would run the method
// but skip its metadata).
func TestTransactionNames(t *testing.T) {
	e := newEnv(t)
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("be-voters", "BE", "poll-1", 1))
	for _, fn := range []string{"createPoll", "poll:createPoll", "_CreatePoll"} {
		r := e.submit(e.admin, fn, "poll-1", `["yes","no"]`, "be-voters")
		requireRefused(t, r, "case-sensitive")
		require.Zero(t, r.Writes)
	}
	require.True(t, e.submit(e.admin, "poll:CreatePoll", "poll-1", `["yes","no"]`, "be-voters").Committed)
}
