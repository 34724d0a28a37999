// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
)

// voteLines are n races of 4 votes of one voter each in poll "p-<scheme>"
// of chaincode poll, and late ones of the same voter if late (loadgen
// vote.jsonl).
func voteLines(scheme string, n int, late ...bool) []line {
	var out []line
	per := 4
	if len(late) > 0 && late[0] {
		per = 5
	}
	for r := 0; r < n; r++ {
		for k := 0; k < per; k++ {
			opt := []string{"yes", "no"}[k%2]
			out = append(out, line{Tx: engine.Tx{Name: "CastVote", Args: []string{"p-" + scheme, opt, fmt.Sprintf("%s-vote-%d-%d", scheme, r, k)}, Chaincode: "poll"},
				Class: account.ClassVote, Group: fmt.Sprintf("%s/vote/%d", scheme, r*per+k), KeySHA256: "k", NonceSHA256: fmt.Sprint(r*per + k),
				Race: fmt.Sprintf("%s/vote-race/%d", scheme, r), Pseudonym: "V" + fmt.Sprint(r), Context: "p-" + scheme, Poll: "p-" + scheme, Option: opt,
				Late: k == 4})
		}
	}
	return out
}

func TestReadVoteLines(t *testing.T) {
	vote := `{"tx":"CastVote","args":["p","yes","{}"],"chaincode":"poll","class":"vote","group":"g","keySha256":"` + hashA + `","nonceSha256":"` + hashA +
		`","race":"r","pseudonym":"UA==","context":"cA==","contextSha256":"` + hashA + `","pseudonymHex":"50","poll":"p","option":"yes"}`
	for _, tt := range []struct {
		name, in string
		ok       bool
	}{
		{"a vote line", vote, true},
		{"without its chaincode", strings.Replace(vote, `"chaincode":"poll"`, `"chaincode":""`, 1), false},
		{"for another option than its ballot's", strings.Replace(vote, `"option":"yes"`, `"option":"no"`, 1), false},
		{"in another poll", strings.Replace(vote, `"poll":"p"`, `"poll":"q"`, 1), false},
		{"without its race", strings.Replace(vote, `"race":"r"`, `"race":""`, 1), false},
		{"not a CastVote", strings.Replace(vote, `"CastVote"`, `"SubmitProof"`, 1), false},
		{"a late vote", strings.Replace(vote, `"option":"yes"`, `"option":"yes","late":true`, 1), true},
		{"a late proof", strings.Replace(strings.Replace(strings.Replace(vote, `"class":"vote"`, `"class":"nym"`, 1), `"CastVote","args":["p","yes","{}"]`, `"SubmitProof","args":["{}"]`, 1), `"chaincode":"poll",`, `"late":true,`, 1), false},
		{"a proof sent to another chaincode", strings.Replace(strings.Replace(vote, `"class":"vote"`, `"class":"nym"`, 1), `"CastVote","args":["p","yes","{}"]`, `"SubmitProof","args":["{}"]`, 1), false},
	} {
		ls, err := readLines(strings.NewReader(tt.in))
		if (err == nil) != tt.ok || (tt.ok && (len(ls) != 1 || ls[0].Chaincode != "poll" || ls[0].Poll != "p" || ls[0].Option != "yes")) {
			t.Errorf("%s: %+v, %v", tt.name, ls, err)
		}
	}
}

// A voter's votes go out one after the other through every client (like a
// pseudonym race), to the poll chaincode with their three arguments, also
// when the recovery proposes one again; the summary counts them per poll,
// and a vote refused for a contract code other than the pseudonym's use is
// a problem.
func TestPlanVotes(t *testing.T) {
	a := interleave(makeLines("a", 36), voteLines("a", 2))
	p := makePlan([][]line{a}, 1, 10)
	var pos []int
	for k, it := range p.items {
		if p.reqs[it.req].Class == account.ClassVote {
			pos = append(pos, k)
			tx := p.tx(it.req, "vote")
			if tx.Chaincode != "poll" || tx.Name != "CastVote" || len(tx.Args) != 3 || tx.Args[0] != "p-a" || tx.Args[1] != p.reqs[it.req].Option {
				t.Fatalf("vote item %d: %+v", k, tx)
			}
		}
	}
	if len(pos) != 8 || pos[3]-pos[0] != 3 || pos[7]-pos[4] != 3 {
		t.Fatalf("votes at items %v, want two runs of 4", pos)
	}
	if ns := p.pollNamespaces(); len(ns) != 1 || ns[0] != "poll" {
		t.Fatalf("poll namespaces %v", ns)
	}
	if tx := p.tx(p.items[0].req, "valid"); tx.Chaincode != "" || tx.Name != "SubmitProof" || len(tx.Args) != 1 {
		t.Fatalf("a SubmitProof item: %+v", tx)
	}
	recs := make([]engine.Record, len(p.items))
	for k := range recs {
		recs[k] = engine.Record{TxID: fmt.Sprint("t", k), Outcome: engine.Committed}
	}
	recs[pos[1]] = engine.Record{TxID: "r1", Outcome: engine.Rejected, Cause: "pseudonym-used"}
	recs[pos[2]] = engine.Record{TxID: "r2", Outcome: engine.Rejected, Cause: "invalid:MVCC_READ_CONFLICT"}
	recs[pos[3]] = engine.Record{TxID: "r3", Outcome: engine.Rejected, Cause: "unavailable"}
	recs[pos[5]] = engine.Record{TxID: "r5", Outcome: engine.Rejected, Cause: "proof-invalid", Error: "BBS_PROOF_INVALID: ..."}
	p.markUnsent(recs)
	counted := map[string]account.PollCount{"p-a": {Total: 2, Options: map[string]int{"yes": 2}}}
	vs := voteSummary(p, recs, counted)
	if len(vs) != 1 || vs[0].Poll != "p-a" || vs[0].Races != 2 || vs[0].Sent != 8 || vs[0].Counted.Total != 2 ||
		vs[0].Refused["pseudonym-used"] != 1 || vs[0].Refused["proof-invalid"] != 1 {
		t.Fatalf("vote summary %+v", vs)
	}
	if len(vs[0].Problems) != 1 || !strings.Contains(vs[0].Problems[0], "r5") {
		t.Fatalf("problems %q: want the vote refused BBS_PROOF_INVALID only", vs[0].Problems)
	}
	r := &report{Votes: vs, Load: engine.Summary{Committed: 1}, Verdict: account.Verdict{OK: true}}
	r.finish(p)
	if r.OK {
		t.Fatal("a vote refused with a contract code other than the pseudonym's use passed")
	}
	// A late vote goes lateGap (10) load positions after its race, and a
	// race at the end has its late vote last.
	l := makePlan([][]line{interleave(makeLines("c", 36), voteLines("c", 2, true))}, 0, 10)
	first, late := map[string]int{}, map[string]int{}
	for k, it := range l.items {
		r := l.reqs[it.req]
		if r.Class != account.ClassVote {
			continue
		}
		if _, ok := first[r.Race]; !ok {
			first[r.Race] = k
		}
		if l.late[it.req] {
			late[r.Race] = k
		}
	}
	if len(late) != 2 {
		t.Fatalf("late votes at %v, want one per race", late)
	}
	for race, k := range late {
		if k-first[race] < 10 || l.items[k].kind != "original" {
			t.Errorf("race %s: first vote at item %d, late vote at %d: want 10 or more later", race, first[race], k)
		}
	}
	e := makePlan([][]line{append(makeLines("d", 4), voteLines("d", 1, true)...)}, 0, 10)
	if last := e.items[len(e.items)-1]; !e.late[last.req] {
		t.Errorf("a race at the end: its late vote is not last (%+v)", e.reqs[last.req])
	}
	// The recovery of a race no vote of which the clients saw commit: its
	// first vote, to the poll chaincode.
	q := makePlan([][]line{voteLines("b", 1)}, 0, 10)
	q.markUnsent(nil)
	q.unsent = map[int]bool{}
	for _, it := range q.items {
		q.record(it.req, "original", engine.Record{TxID: "x" + q.reqs[it.req].Group, Outcome: engine.Rejected})
	}
	idx := q.unrecorded()
	if len(idx) != 1 || q.tx(idx[0], "recovery").Chaincode != "poll" {
		t.Fatalf("recovery %v", idx)
	}
}

// The cross-check of a poll's Tally on each peer against the ledger's
// vote records.
func TestTallyProblem(t *testing.T) {
	want := account.PollCount{Total: 3, Options: map[string]int{"yes": 2, "no": 1}}
	for _, tt := range []struct {
		b  string
		n  int
		ok bool
	}{
		{`{"pollId":"p","counts":[{"option":"yes","votes":2},{"option":"no","votes":1}],"total":3}`, 3, true},
		{`{"pollId":"p","counts":[{"option":"yes","votes":1},{"option":"no","votes":2}],"total":3}`, 3, false},
		{`{"pollId":"p","counts":[{"option":"yes","votes":2},{"option":"no","votes":1}],"total":4}`, 4, false},
		{`{"pollId":"q","counts":[{"option":"yes","votes":2},{"option":"no","votes":1}],"total":3}`, 3, false},
		{`not json`, -1, false},
	} {
		n, msg := tallyProblem("p", []byte(tt.b), want)
		if n != tt.n || (msg == "") != tt.ok {
			t.Errorf("tallyProblem(%s) = %d %q, want %d ok %v", tt.b, n, msg, tt.n, tt.ok)
		}
	}
	if n, msg := tallyProblem("p", []byte(`{"pollId":"p","counts":[{"option":"yes","votes":0},{"option":"no","votes":0}],"total":0}`), account.PollCount{}); n != 0 || msg != "" {
		t.Errorf("an empty poll: %d %q", n, msg)
	}
}
