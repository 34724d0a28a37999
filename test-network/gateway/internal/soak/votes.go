// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
	"github.com/hyperledger/fabric-gateway/pkg/client"
)

// pollSummary is what one poll of the run did: its voters (races), the
// votes sent in the load, what the ledger counted (account.checkVotes),
// each peer's Tally total, and the other votes' refusals by cause.
type pollSummary struct {
	Poll      string            `json:"poll"`
	Chaincode string            `json:"chaincode"`
	Races     int               `json:"voters"`
	Sent      int               `json:"votesSent"`
	Counted   account.PollCount `json:"counted"`
	Tallies   []int             `json:"tallies"`
	Refused   map[string]int    `json:"refusedBy,omitempty"`
	// Late are the duplicate votes sent after their race (line.Late),
	// LateRefused theirs refusals by cause; one committed only when none
	// of its race's others did (the accounting checks one per voter).
	Late        int            `json:"lateVotes"`
	LateRefused map[string]int `json:"lateRefusedBy,omitempty"`
	// Problems: a vote refused for a reason other than its voter's
	// pseudonym already used in the poll (or the network's faults).
	Problems []string `json:"problems,omitempty"`
}

// pollNamespaces are the chaincodes of the plan's votes, each once, sorted.
func (p *plan) pollNamespaces() []string {
	seen := map[string]bool{}
	var out []string
	for _, r := range p.reqs {
		if r.Class == account.ClassVote && !seen[r.Chaincode] {
			seen[r.Chaincode] = true
			out = append(out, r.Chaincode)
		}
	}
	sort.Strings(out)
	return out
}

// polls are the plan's polls with a sent vote, sorted, and each poll's
// chaincode.
func (p *plan) polls() ([]string, map[string]string) {
	cc := map[string]string{}
	var out []string
	for i, r := range p.reqs {
		if r.Class != account.ClassVote || p.unsent[i] {
			continue
		}
		if _, ok := cc[r.Poll]; !ok {
			cc[r.Poll] = r.Chaincode
			out = append(out, r.Poll)
		}
	}
	sort.Strings(out)
	return out, cc
}

// voteRefusalOK tells whether a vote of the load may be refused with
// cause: its voter's pseudonym already used in the poll (the contract's
// code, through the poll chaincode), a validation code (an MVCC conflict
// on the use count), or the network's faults (no contract code). A vote
// refused for any other contract code (a proof, ballot or policy the
// contract does not accept) says the votes are not what they should be.
func voteRefusalOK(cause string) bool { return cause == "pseudonym-used" || !contractRefusal(cause) }

// contractRefusal tells whether a rejection's cause is the contract's
// refusal (its stable code, engine.Classify): not the network's (a fault,
// a timeout, an unrecognised error) and not a validation code.
func contractRefusal(cause string) bool {
	switch cause {
	case "ok", "message-too-large", "too-many-requests", "timeout", "cancelled", "unavailable", "error":
		return false
	}
	return !strings.HasPrefix(cause, "invalid:")
}

// voteSummary sums up the votes of the load (recs, one per plan item)
// per poll, with what the ledger counted (counted: account.Verdict.Polls).
func voteSummary(p *plan, recs []engine.Record, counted map[string]account.PollCount) []pollSummary {
	polls, cc := p.polls()
	if len(polls) == 0 {
		return nil
	}
	byPoll := map[string]*pollSummary{}
	races := map[string]map[string]bool{}
	var out []pollSummary
	for _, poll := range polls {
		byPoll[poll] = &pollSummary{Poll: poll, Chaincode: cc[poll], Counted: counted[poll], Refused: map[string]int{}, LateRefused: map[string]int{}}
		races[poll] = map[string]bool{}
	}
	for i, it := range p.items {
		r := p.reqs[it.req]
		if r.Class != account.ClassVote || i >= len(recs) || recs[i].Outcome == engine.NotSent {
			continue
		}
		s := byPoll[r.Poll]
		s.Sent++
		races[r.Poll][r.Race] = true
		if p.late[it.req] {
			s.Late++
		}
		if rec := recs[i]; rec.Outcome == engine.Rejected {
			s.Refused[rec.Cause]++
			if p.late[it.req] {
				s.LateRefused[rec.Cause]++
			}
			if !voteRefusalOK(rec.Cause) {
				s.Problems = append(s.Problems, fmt.Sprintf("poll %s: vote %s (transaction %s) refused %s: %s", r.Poll, r.Group, rec.TxID, rec.Cause, truncate(rec.Error, 200)))
			}
		}
	}
	for _, poll := range polls {
		s := byPoll[poll]
		s.Races = len(races[poll])
		out = append(out, *s)
	}
	return out
}

// checkTallies asks each peer (its own org's endorsement only) for each
// poll's Tally: its total and its count of each option must be what the
// ledger counted (counted: account.Verdict.Polls, from the first peer's
// ledger; the accounting checks the peers agree), one vote per voter. Each
// peer's total goes into the poll's summary (votes), -1 for no answer.
func checkTallies(ctx context.Context, clients []*gwclient.Client, o *options, p *plan, counted map[string]account.PollCount, votes []pollSummary) crossCheck {
	var cc crossCheck
	polls, chaincodes := p.polls()
	total := func(poll string, n int) {
		for i := range votes {
			if votes[i].Poll == poll {
				votes[i].Tallies = append(votes[i].Tallies, n)
			}
		}
	}
	for _, c := range peerClients(clients, o) {
		for _, poll := range polls {
			cc.Checked++
			cctx, cancel := context.WithTimeout(ctx, o.timeout)
			b, err := c.Network().GetContract(chaincodes[poll]).EvaluateWithContext(cctx, "Tally", client.WithArguments(poll),
				client.WithEndorsingOrganizations(c.MSPID()))
			cancel()
			if err != nil {
				total(poll, -1)
				cc.Problems = append(cc.Problems, fmt.Sprintf("%s: Tally(%s): %v", c.Name(), poll, err))
				continue
			}
			n, msg := tallyProblem(poll, b, counted[poll])
			total(poll, n)
			if msg != "" {
				cc.Problems = append(cc.Problems, c.Name()+": "+msg)
			}
		}
	}
	return cc
}

// tallyProblem compares a Tally answer b of poll with what the ledger
// counted: its total (-1 if unreadable) and "" when they agree.
func tallyProblem(poll string, b []byte, want account.PollCount) (int, string) {
	var t struct {
		PollID string `json:"pollId"`
		Counts []struct {
			Option string `json:"option"`
			Votes  int    `json:"votes"`
		} `json:"counts"`
		Total int `json:"total"`
	}
	if err := json.Unmarshal(b, &t); err != nil {
		return -1, fmt.Sprintf("Tally(%s) answers %.200q: %v", poll, b, err)
	}
	got := map[string]int{}
	sum := 0
	for _, c := range t.Counts {
		if c.Votes != 0 {
			got[c.Option] = c.Votes
		}
		sum += c.Votes
	}
	wantOpts := map[string]int{}
	for o, n := range want.Options {
		if n != 0 {
			wantOpts[o] = n
		}
	}
	if t.PollID != poll || t.Total != want.Total || sum != t.Total || optionCounts(got) != optionCounts(wantOpts) {
		return t.Total, fmt.Sprintf("Tally(%s) counts %d (%s), the ledger's vote records %d (%s)", poll, t.Total, optionCounts(got), want.Total, optionCounts(wantOpts))
	}
	return t.Total, ""
}

// optionCounts prints votes per option in option order ("no 3, yes 2").
func optionCounts(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	opts := make([]string, 0, len(m))
	for o := range m {
		opts = append(opts, o)
	}
	sort.Strings(opts)
	parts := make([]string, len(opts))
	for i, o := range opts {
		parts[i] = fmt.Sprintf("%s %d", o, m[o])
	}
	return strings.Join(parts, ", ")
}
