// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"bytes"
	"encoding/json"
	"testing"

	bbscontract "github.com/fabric-bbs/fabric-bbs/contract"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

func TestVote(t *testing.T) {
	e := newEnv(t)
	e.newPoll("poll-1", "BE")
	e.newPoll("poll-2", "BE")

	// A relayed vote: the relay (Org1) submits the voter's request.
	req := e.holderBE.relayed("poll-1", "yes")
	r := e.submit(e.relay, "CastVote", "poll-1", "yes", req)
	require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
	receipt := decode[VoteReceipt](t, r)
	require.Equal(t, "poll-1", receipt.PollID)
	require.Equal(t, "yes", receipt.Option)
	require.Equal(t, r.TxID, receipt.TxID)
	require.Equal(t, PolicyPin{ID: "poll-1", Version: 1}, receipt.Policy)
	require.Equal(t, EventVoteCast, r.Event.EventName, "the poll's event, not bbs's ProofVerified")
	var ev VoteReceipt
	require.NoError(t, json.Unmarshal(r.Event.Payload, &ev))
	require.Equal(t, receipt, ev)

	// bbs recorded the proof under the vote's transaction ID, with the
	// relay as submitter and the pseudonym, not the voter.
	rec := decode[bbscontract.Verification](t, e.ledger.Evaluate(e.bbs, e.admin.Creator, "GetVerification", r.TxID))
	require.Equal(t, receipt.Pseudonym, rec.Pseudonym)
	require.Equal(t, "Org1MSP", rec.SubmitterMSPID)
	require.Equal(t, request.SubmitterID(e.relay.Cert), rec.SubmitterID)
	require.False(t, rec.BoundToSubmitter)

	// Option tampering by the relay: the ballot commits to "yes".
	tampered := e.holderBE2.relayed("poll-1", "yes")
	requireRefused(t, e.submit(e.relay, "CastVote", "poll-1", "no", tampered), "ballot refused", "option \"no\"")
	// Nor can the ballot be moved to another poll.
	requireRefused(t, e.submit(e.relay, "CastVote", "poll-2", "yes", tampered), "pseudonym context must be the poll ID")

	// A voter of another country is refused, with the unmet rule named.
	requireRefused(t, e.submit(e.relay, "CastVote", "poll-1", "no", e.holderNL.relayed("poll-1", "no")),
		"proof refused by bbs", "not satisfied: disclosed message 1 must equal \"BE\"")

	// One vote per credential per poll.
	requireRefused(t, e.submit(e.relay, "CastVote", "poll-1", "no", e.holderBE.relayed("poll-1", "no")),
		"proof refused by bbs", "pseudonym")
	// The same credential votes in another poll.
	r = e.submit(e.relay, "CastVote", "poll-2", "no", e.holderBE.relayed("poll-2", "no"))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.NotEqual(t, receipt.Pseudonym, decode[VoteReceipt](t, r).Pseudonym, "unlinkable across polls")

	// A direct vote: the voter submits, the nonce bound to it and the
	// ballot as its salt.
	direct := e.holderBE2.direct(e.voter, "poll-1", "no")
	requireRefused(t, e.submit(e.other, "CastVote", "poll-1", "no", direct), "proof refused by bbs", "bound")
	r = e.submit(e.voter, "CastVote", "poll-1", "no", direct)
	require.True(t, r.Committed, r.Response.GetMessage())
	rec = decode[bbscontract.Verification](t, e.ledger.Evaluate(e.bbs, e.admin.Creator, "GetVerification", r.TxID))
	require.True(t, rec.BoundToSubmitter)
	// Its option cannot be changed either.
	requireRefused(t, e.submit(e.voter, "CastVote", "poll-2", "yes", e.holderBE2.direct(e.voter, "poll-2", "no")), "ballot refused", "salt of the bound nonce")

	require.Equal(t, map[string]int{"yes": 1, "no": 1, "abstain": 0, "total": 2}, e.tally("poll-1"))
	require.Equal(t, map[string]int{"yes": 0, "no": 1, "abstain": 0, "total": 1}, e.tally("poll-2"))

	// Nothing in the poll's state names a voter or the relay.
	for _, k := range e.ledger.KeysIn("poll") {
		v := e.ledger.StateIn("poll", k)
		for _, id := range []string{request.SubmitterID(e.voter.Cert), request.SubmitterID(e.relay.Cert), "CN=voter", "CN=relay"} {
			require.False(t, bytes.Contains(v, []byte(id)), "key %q names %s", k, id)
		}
	}
}

func TestVoteRequests(t *testing.T) {
	e := newEnv(t)
	e.newPoll("poll-1", "BE")
	e.bbsOK(e.admin, "CreatePolicy", countryPolicy("other", "BE", "poll-1", 1))
	valid := e.holderBE.relayed("poll-1", "yes")
	var d request.Request
	require.NoError(t, json.Unmarshal([]byte(valid), &d))
	withPolicy := func(id string, version int) string {
		c := d
		c.Policy = &request.PolicyRef{ID: id, Version: version}
		return jsonText(t, &c)
	}
	for _, tc := range []struct {
		name, poll, option, req string
		want                    []string
	}{
		{"unknown poll", "poll-9", "yes", valid, []string{"not found"}},
		{"unknown option", "poll-1", "maybe", valid, []string{"not an option"}},
		{"malformed request", "poll-1", "yes", `{"issuer":`, []string{"invalid verification request"}},
		{"another policy", "poll-1", "yes", withPolicy("other", 0), []string{`names policy "other"`}},
		{"another version", "poll-1", "yes", withPolicy("poll-1", 2), []string{"version 2"}},
		{"another context", "poll-1", "yes", func() string { c := d; c.Context = b64("poll-2"); return jsonText(t, &c) }(), []string{"pseudonym context must be the poll ID"}},
		{"no pseudonym (a proof of a non-nym scheme)", "poll-1", "yes", func() string { c := d; c.Context, c.Pseudonym = "", ""; return jsonText(t, &c) }(), []string{"pseudonym context must be the poll ID"}},
		{"another issuer", "poll-1", "yes", func() string { c := d; c.Issuer = "other-issuer"; return jsonText(t, &c) }(), []string{"proof refused by bbs: SubmitProof"}},
		{"short nonce", "poll-1", "yes", func() string { c := d; c.Nonce = b64("0123456789abcdef"); return jsonText(t, &c) }(), []string{"ballot refused", "malformed ballot"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := e.submit(e.relay, "CastVote", tc.poll, tc.option, tc.req)
			requireRefused(t, r, tc.want...)
			require.Zero(t, r.Writes)
		})
	}
	// The request may name the poll's own policy, with or without version.
	require.True(t, e.submit(e.relay, "CastVote", "poll-1", "yes", withPolicy("poll-1", 1)).Committed)
}

// TestConcurrentVotes: votes of different credentials in one block do not
// conflict; two votes of one credential in one block: the second fails
// MVCC on bbs's pseudonym-use key.
func TestConcurrentVotes(t *testing.T) {
	e := newEnv(t)
	e.newPoll("poll-1", "BE")
	rs := e.ledger.SubmitBlock(e.poll,
		fakestub.Tx{Creator: e.relay.Creator, Args: []string{"CastVote", "poll-1", "yes", e.holderBE.relayed("poll-1", "yes")}},
		fakestub.Tx{Creator: e.relay.Creator, Args: []string{"CastVote", "poll-1", "no", e.holderBE2.relayed("poll-1", "no")}},
		fakestub.Tx{Creator: e.relay.Creator, Args: []string{"CastVote", "poll-1", "no", e.holderBE.relayed("poll-1", "no")}})
	require.Equal(t, peer.TxValidationCode_VALID, rs[0].Validation, rs[0].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_VALID, rs[1].Validation, rs[1].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[2].Validation, rs[2].Response.GetMessage())
	require.Contains(t, rs[2].ValidationDetail, "namespace bbs")
	require.Equal(t, map[string]int{"yes": 1, "no": 1, "abstain": 0, "total": 2}, e.tally("poll-1"))
}

// TestVoteEndorsement: a vote writes in both namespaces, so it must satisfy
// both chaincodes' endorsement policies.
func TestVoteEndorsement(t *testing.T) {
	e := newEnv(t)
	e.newPoll("poll-1", "BE")
	require.NoError(t, e.ledger.Deploy("poll", e.poll, fakestub.MSPPolicy(2, "Org1MSP", "Org2MSP")))
	r := e.ledger.SubmitAs(e.poll, []string{"Org1MSP"}, e.relay.Creator, "CastVote", "poll-1", "yes", e.holderBE.relayed("poll-1", "yes"))
	require.True(t, r.OK())
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation)
	require.Contains(t, r.ValidationDetail, "namespace poll")
	require.Equal(t, 0, e.tally("poll-1")["total"])
	r = e.ledger.SubmitAs(e.poll, []string{"Org1MSP", "Org2MSP"}, e.relay.Creator, "CastVote", "poll-1", "yes", e.holderBE.relayed("poll-1", "yes"))
	require.Equal(t, peer.TxValidationCode_VALID, r.Validation)
	require.Equal(t, 1, e.tally("poll-1")["total"])
}

// TestRelayBinding: what a copier of a relayed request can do. Unbound (the
// ballot is the nonce), it can submit the request to bbs itself and spend
// the voter's one use in the poll's context: the vote is lost, not changed.
// Bound to the relay (the ballot is the bound nonce's salt), only the relay
// can submit it.
func TestRelayBinding(t *testing.T) {
	e := newEnv(t)
	e.newPoll("poll-1", "BE")
	withPolicy := func(body string) string {
		var r request.Request
		require.NoError(t, json.Unmarshal([]byte(body), &r))
		r.Policy = &request.PolicyRef{ID: "poll-1"}
		return jsonText(t, &r)
	}

	unbound := e.holderBE.relayed("poll-1", "yes")
	burn := e.ledger.Submit(e.bbs, e.other.Creator, "SubmitProof", withPolicy(unbound))
	require.True(t, burn.Committed, "a copier submits the voter's unbound request to bbs: %s", burn.Response.GetMessage())
	requireRefused(t, e.submit(e.relay, "CastVote", "poll-1", "yes", unbound), "replay")
	requireRefused(t, e.submit(e.relay, "CastVote", "poll-1", "yes", e.holderBE.relayed("poll-1", "yes")), "pseudonym")
	require.Equal(t, 0, e.tally("poll-1")["total"])

	bound := e.holderBE2.direct(e.relay, "poll-1", "no")
	requireRefused(t, e.ledger.Submit(e.bbs, e.other.Creator, "SubmitProof", withPolicy(bound)), "bound")
	requireRefused(t, e.submit(e.other, "CastVote", "poll-1", "no", bound), "bound")
	r := e.submit(e.relay, "CastVote", "poll-1", "no", bound)
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, map[string]int{"yes": 0, "no": 1, "abstain": 0, "total": 1}, e.tally("poll-1"))
}
