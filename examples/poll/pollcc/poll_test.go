// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"

	"github.com/stretchr/testify/require"
)

func TestCreatePoll(t *testing.T) {
	e := newEnv(t)
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("poll-1", "BE", "poll-1", 1))
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("two-uses", "BE", "two-uses", 2))
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("other-context", "BE", "poll-9", 1))
	e.bbsOK(e.admin, "CreatePolicy", `{"id":"no-pseudonym","issuers":[{"id":"`+issuerID+`"}]}`)
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("retired", "BE", "retired", 1))
	e.bbsOK(e.admin, "RetirePolicy", "retired")

	for _, tc := range []struct {
		name, poll, options string
		want                []string
	}{
		{"no policy of the poll's ID", "nothere", `["yes","no"]`, []string{"proof refused by bbs: GetPolicy", "not found"}},
		{"retired policy", "retired", `["yes","no"]`, []string{"unsuitable policy", "retired"}},
		{"no pseudonym rule", "no-pseudonym", `["yes","no"]`, []string{"no pseudonym rule"}},
		{"context is another poll", "other-context", `["yes","no"]`, []string{`context "poll-9"`}},
		{"two uses", "two-uses", `["yes","no"]`, []string{"allows 2 uses"}},
		{"one option", "poll-1", `["yes"]`, []string{"2 to 32 options"}},
		{"duplicate option", "poll-1", `["yes","yes"]`, []string{"listed twice"}},
		{"options not an array", "poll-1", `{"yes":1}`, []string{"JSON array"}},
		{"trailing data", "poll-1", `["yes","no"] x`, []string{"trailing"}},
		{"bad poll ID", "poll 1", `["yes","no"]`, []string{"poll ID"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.submit(e.admin, "CreatePoll", tc.poll, tc.options)
			requireRefused(t, r, tc.want...)
			require.Zero(t, r.Writes)
		})
	}
	// Only the policy's owner (or its MSP's bbs.admin) may open its poll.
	requireRefused(t, e.submit(e.relay, "CreatePoll", "poll-1", `["yes","no"]`), "access denied", "only the owner")
	requireRefused(t, e.submit(e.voter, "CreatePoll", "poll-1", `["yes","no"]`), "access denied", "MSP Org2MSP")
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("poll-2", "BE", "poll-2", 1))
	p2 := decode[*Poll](t, e.submit(ids.orgAdmin, "CreatePoll", "poll-2", `["yes","no"]`))
	require.Equal(t, PollOwner{MSPID: "Org1MSP", ID: request.SubmitterID(e.admin.Cert)}, p2.Owner, "the poll carries its policy's owner, not its creator")

	r := e.submit(e.admin, "CreatePoll", "poll-1", `["yes","no"]`)
	require.True(t, r.Committed, r.Response.GetMessage())
	p := decode[*Poll](t, r)
	require.Equal(t, Poll{ID: "poll-1", Options: []string{"yes", "no"}, Policy: PolicyPin{ID: "poll-1", Version: 1},
		Owner:        PollOwner{MSPID: "Org1MSP", ID: request.SubmitterID(e.admin.Cert)},
		CreatorMSPID: "Org1MSP", TxID: r.TxID, CreatedAt: r.Timestamp}, *p)
	require.Equal(t, *p, *decode[*Poll](t, e.evaluate(e.voter, "GetPoll", "poll-1")))
	requireRefused(t, e.submit(e.admin, "CreatePoll", "poll-1", `["a","b"]`), "already exists")
	requireRefused(t, e.evaluate(e.voter, "GetPoll", "poll-3"), "not found")

	// A later version of the policy does not change the poll's pin.
	e.bbsOK(e.admin, "UpdatePolicy", "poll-1", countryPolicy("poll-1", "NL", "poll-1", 1))
	require.Equal(t, 1, decode[Poll](t, e.evaluate(e.voter, "GetPoll", "poll-1")).Policy.Version)
}

// TestPollIDSquatting: someone who creates a policy of
// their own whose pseudonym context is the ID of another organiser's poll
// cannot open that poll with it, before or after the organiser: a poll
// is keyed by its policy, so poll ID X always carries policy X's owner.
func TestPollIDSquatting(t *testing.T) {
	e := newEnv(t)
	// The squatter (Org2) makes a policy whose context is the poll ID the
	// organiser announced, "referendum".
	e.bbsOK(e.voter, "CreatePolicy", countryPolicy("squat", "BE", "referendum", 1))
	for _, try := range [][]string{{"referendum", `["yes","no"]`}, {"referendum", `["yes","no"]`, "squat"}} {
		r := e.submit(e.voter, "CreatePoll", try...)
		require.False(t, r.OK())
		require.Zero(t, r.Writes)
	}
	// Its own poll can only be "squat", whose votes count in context
	// "referendum" under the squatter's policy, visibly the squatter's.
	requireRefused(t, e.submit(e.voter, "CreatePoll", "squat", `["yes","no"]`), `context "referendum"`, `not the poll ID "squat"`)

	// The organiser's poll is its own.
	e.newPoll("referendum", "BE")
	p := decode[Poll](t, e.evaluate(e.voter, "GetPoll", "referendum"))
	require.Equal(t, PollOwner{MSPID: "Org1MSP", ID: request.SubmitterID(e.admin.Cert)}, p.Owner)
	require.Equal(t, PolicyPin{ID: "referendum", Version: 1}, p.Policy)
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
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("poll-1", "BE", "poll-1", 1))
	for _, fn := range []string{"createPoll", "poll:createPoll", "_CreatePoll"} {
		r := e.submit(e.admin, fn, "poll-1", `["yes","no"]`)
		requireRefused(t, r, "case-sensitive")
		require.Zero(t, r.Writes)
	}
	require.True(t, e.submit(e.admin, "poll:CreatePoll", "poll-1", `["yes","no"]`).Committed)
}
