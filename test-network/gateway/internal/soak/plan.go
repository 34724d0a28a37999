// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
)

// line is one line of loadgen's soak.jsonl (loadgen SoakTx).
type line struct {
	engine.Tx
	Class       string `json:"class"`
	Group       string `json:"group"`
	KeySHA256   string `json:"keySha256"`
	NonceSHA256 string `json:"nonceSha256"`
	// BatchNonceSHA256s: a batch line's (mix.jsonl) nonce hashes.
	BatchNonceSHA256s []string `json:"batchNonceSha256s"`
	// A pseudonym race's line (nym.jsonl): its race, the pseudonym and
	// context (base64, as GetPseudonymUses takes them), the context's hex
	// SHA-256 and the pseudonym's hex.
	Race          string `json:"race"`
	Pseudonym     string `json:"pseudonym"`
	Context       string `json:"context"`
	ContextSHA256 string `json:"contextSha256"`
	PseudonymHex  string `json:"pseudonymHex"`
	// A poll vote's line (vote.jsonl, a race of one voter's CastVotes of
	// the poll chaincode engine.Tx.Chaincode names): its poll and option.
	Poll   string `json:"poll"`
	Option string `json:"option"`
	// Late (a vote): sent lateGap transactions after its race's others,
	// when the voter's vote has committed: a duplicate to be refused.
	Late bool `json:"late"`
}

// classes of soak.jsonl and mix.jsonl lines: true for those that may be
// recorded (see package account).
var lineClasses = map[string]bool{"valid": true, "tampered": false, "malformed": false, "misbound": false,
	account.ClassBatch: true, account.ClassOldKey: true, account.ClassNewKey: true, account.ClassNym: true, account.ClassVote: true, account.ClassCredential: true, account.ClassStatus: true,
	account.ClassCredBatch: true, account.ClassCredNym: true, account.ClassAccRevoked: true, account.ClassAccOther: true,
	account.ClassEpochOld: true, account.ClassEpochNew: true}

// maxLine bounds one line of soak.jsonl (a request is at most 1 MiB).
const maxLine = 2 << 20

// readLines reads a soak.jsonl or mix.jsonl: one JSON line per request,
// blank lines skipped; each must be a one-argument SubmitProof of a known
// class with a group, or a SubmitProofs of class batch.
func readLines(r io.Reader) ([]line, error) {
	var out []line
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	n := 0
	for sc.Scan() {
		n++
		if len(sc.Bytes()) == 0 {
			continue
		}
		var l line
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			return nil, fmt.Errorf("line %d: %w", n, err)
		}
		mayRecord, known := lineClasses[l.Class]
		batch := account.IsBatch(l.Class)
		batchTx := map[bool]string{false: "SubmitProofs", true: "SubmitCredentials"}[l.Class == account.ClassCredBatch]
		cred := l.Class == account.ClassCredential || l.Class == account.ClassStatus || l.Class == account.ClassCredNym
		vote := l.Class == account.ClassVote
		switch {
		case vote && (l.Name != "CastVote" || len(l.Args) != 3 || l.Chaincode == "" || l.Poll == "" || l.Args[0] != l.Poll || l.Args[1] != l.Option):
			return nil, fmt.Errorf("line %d: a vote is not a CastVote of its poll and option through a chaincode (%q of %q, %d arguments)", n, l.Name, l.Chaincode, len(l.Args))
		case !vote && l.Chaincode != "":
			return nil, fmt.Errorf("line %d: a %s request calls chaincode %q: only votes go to another chaincode", n, l.Class, l.Chaincode)
		case batch && (l.Name != batchTx || len(l.Args) != 1):
			return nil, fmt.Errorf("line %d: a %s batch is not a one-argument %s (%q, %d arguments)", n, l.Class, batchTx, l.Name, len(l.Args))
		case cred && (l.Name != "SubmitCredential" || len(l.Args) != 1):
			return nil, fmt.Errorf("line %d: a credential is not a one-argument SubmitCredential (%q, %d arguments)", n, l.Name, len(l.Args))
		case !batch && !cred && !vote && (l.Name != "SubmitProof" || len(l.Args) != 1):
			return nil, fmt.Errorf("line %d: not a one-argument SubmitProof (%q, %d arguments)", n, l.Name, len(l.Args))
		case !known:
			return nil, fmt.Errorf("line %d: unknown class %q", n, l.Class)
		case l.Group == "":
			return nil, fmt.Errorf("line %d: no group", n)
		case batch && (len(l.KeySHA256) != 64 || len(l.BatchNonceSHA256s) == 0 || len(l.BatchNonceSHA256s) > 64):
			return nil, fmt.Errorf("line %d: a batch needs its key hash and 1 to 64 nonce hashes", n)
		case !batch && mayRecord && (len(l.KeySHA256) != 64 || len(l.NonceSHA256) != 64):
			return nil, fmt.Errorf("line %d: a %s request needs its key and nonce hashes", n, l.Class)
		case l.Late && !vote:
			return nil, fmt.Errorf("line %d: only a vote may be late (class %q)", n, l.Class)
		case (l.Class == account.ClassNym || vote || l.Class == account.ClassCredNym) != (l.Race != ""):
			return nil, fmt.Errorf("line %d: a race is for nym requests, votes and pseudonym credentials, and they need their race (class %q, race %q)", n, l.Class, l.Race)
		case l.Race != "" && (len(l.ContextSHA256) != 64 || l.PseudonymHex == "" || l.Pseudonym == "" || l.Context == ""):
			return nil, fmt.Errorf("line %d: a nym request needs its pseudonym and context", n)
		}
		for _, h := range l.BatchNonceSHA256s {
			if len(h) != 64 {
				return nil, fmt.Errorf("line %d: a batch nonce hash is not 64 hex digits", n)
			}
		}
		out = append(out, l)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("line %d: %w", n+1, err)
	}
	return out, nil
}

func readLinesFile(path string) ([]line, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	l, err := readLines(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return l, nil
}

// item is one transaction of the load: which request it is for and how.
type item struct {
	req  int    // index into plan.reqs
	kind string // "original" or "replay"
	// concurrent is set for a replay sent right after its original, so
	// that both are in flight together.
	concurrent bool
}

// plan is the run: the distinct requests, the transactions of the load
// in sending order, and the valid requests kept for the resubmission
// probes.
type plan struct {
	reqs      []account.Request
	args      []string    // each request's first argument (the request of a SubmitProof)
	txs0      []engine.Tx // each request's transaction (name, arguments, chaincode)
	proofs    []int       // each request's number of proofs
	scheme    []int       // each request's scheme (index of perScheme)
	items     []item
	resubmits []int // request indexes
	// unsent are the requests the load never sent (markUnsent).
	unsent map[int]bool
	// nyms are the pseudonym and context (base64) of each race.
	nyms map[string][2]string
	// late are the requests sent lateGap transactions after their race
	// (line.Late).
	late map[int]bool
}

// makePlan interleaves the schemes' lines (round robin), keeps the first
// nResubmit valid requests for the resubmission probes, and adds one
// replay per 9 lines (10% of the load), of valid requests spread over the
// run: every other one right after its original (concurrent), the others
// lateGap transactions later (after the original committed).
func makePlan(perScheme [][]line, nResubmit, lateGap int) *plan {
	p := &plan{}
	for i := 0; ; i++ {
		more := false
		for si, ls := range perScheme {
			if i >= len(ls) {
				continue
			}
			more = true
			l := ls[i]
			p.reqs = append(p.reqs, account.Request{Group: l.Group, Class: l.Class, KeySHA256: l.KeySHA256, NonceSHA256: l.NonceSHA256,
				BatchNonces: l.BatchNonceSHA256s, Race: l.Race, ContextSHA256: l.ContextSHA256, PseudonymHex: l.PseudonymHex,
				Chaincode: l.Chaincode, Poll: l.Poll, Option: l.Option})
			if l.Race != "" {
				if p.nyms == nil {
					p.nyms = map[string][2]string{}
				}
				p.nyms[l.Race] = [2]string{l.Pseudonym, l.Context}
			}
			if l.Late {
				if p.late == nil {
					p.late = map[int]bool{}
				}
				p.late[len(p.reqs)-1] = true
			}
			p.args = append(p.args, l.Args[0])
			p.txs0 = append(p.txs0, engine.Tx{Name: l.Name, Args: l.Args, Chaincode: l.Chaincode})
			p.proofs = append(p.proofs, max(1, len(l.BatchNonceSHA256s)))
			p.scheme = append(p.scheme, si)
		}
		if !more {
			break
		}
	}
	var load []int
	for i, r := range p.reqs {
		if r.Class == "valid" && len(p.resubmits) < nResubmit {
			p.resubmits = append(p.resubmits, i)
			continue
		}
		load = append(load, i)
	}
	var valid []int // positions in load of valid requests (and credentials)
	for pos, i := range load {
		if c := p.reqs[i].Class; c == "valid" || c == account.ClassCredential || c == account.ClassCredBatch {
			valid = append(valid, pos)
		}
	}
	nReplay := len(load) / 9
	replayAt := map[int]int{} // position in load -> replays to send after it
	late := map[int][]int{}   // position in load -> requests replayed there
	if nReplay > 0 && len(valid) > 0 {
		step := max(1, len(valid)/nReplay)
		for k := 0; k < nReplay; k++ {
			pos := valid[(k*step)%len(valid)]
			if k%2 == 0 {
				replayAt[pos]++
			} else {
				at := min(pos+lateGap, len(load)-1)
				late[at] = append(late[at], load[pos])
			}
		}
	}
	// A pseudonym race's requests go out one after the other where its
	// first one is: item k goes to client k mod clients, so consecutive
	// items reach every client (both peers) in turn. Its late requests
	// (votes) go lateGap transactions later.
	races := map[string][]int{}
	for _, i := range load {
		if r := p.reqs[i].Race; r != "" {
			races[r] = append(races[r], i)
		}
	}
	lateRace := map[int][]int{} // position in load -> late requests sent there
	var tail []int              // late requests of a race at the end
	for pos, i := range load {
		for _, m := range lateRace[pos] {
			p.items = append(p.items, item{req: m, kind: "original"})
		}
		if r := p.reqs[i].Race; r != "" {
			if races[r][0] == i {
				for _, m := range races[r] {
					if p.late[m] {
						at := min(pos+lateGap, len(load)-1)
						if at == pos { // the race is last: its late ones go last
							tail = append(tail, m)
							continue
						}
						lateRace[at] = append(lateRace[at], m)
						continue
					}
					p.items = append(p.items, item{req: m, kind: "original"})
				}
			}
			continue
		}
		p.items = append(p.items, item{req: i, kind: "original"})
		for n := 0; n < replayAt[pos]; n++ {
			p.items = append(p.items, item{req: i, kind: "replay", concurrent: true})
		}
		for _, r := range late[pos] {
			p.items = append(p.items, item{req: r, kind: "replay"})
		}
	}
	for _, m := range tail {
		p.items = append(p.items, item{req: m, kind: "original"})
	}
	return p
}

// txs are the engine's transactions of the plan's items; the class of a
// replay is "replay", of an original its request's class.
func (p *plan) txs() []engine.Tx {
	out := make([]engine.Tx, len(p.items))
	for i, it := range p.items {
		class := p.reqs[it.req].Class
		if it.kind == "replay" {
			class = "replay"
		}
		out[i] = p.tx(it.req, class)
	}
	return out
}

// tx is the engine's transaction of request r with class class.
func (p *plan) tx(r int, class string) engine.Tx {
	tx := p.txs0[r]
	tx.Proofs, tx.Class = p.proofs[r], class
	return tx
}

// record notes the outcome of a transaction sent for request r. A batch
// (SubmitProofs) is recorded, as its client is told, only when its answer
// says every item is valid: a SubmitProofs whose items are all replays
// commits too, and writes nothing.
func (p *plan) record(r int, kind string, rec engine.Record) {
	if rec.TxID == "" {
		return
	}
	ok := rec.Outcome == engine.Committed
	if ok && account.IsBatch(p.reqs[r].Class) {
		var res struct {
			Count      int `json:"count"`
			ValidCount int `json:"validCount"`
		}
		ok = json.Unmarshal(rec.Result, &res) == nil && res.Count == len(p.reqs[r].BatchNonces) && res.ValidCount == res.Count
	}
	p.reqs[r].Sent = append(p.reqs[r].Sent, account.Sent{TxID: rec.TxID, Kind: kind, ClientValid: ok})
}

// unrecorded are the requests that must be recorded (valid, batch,
// new-key) no transaction of which the clients saw record them.
//
// A pseudonym race must have one request recorded: when the clients saw
// none of its sent requests commit, its first sent request is proposed
// again (if another committed unseen, this one is refused: the pseudonym
// is used).
func (p *plan) unrecorded() []int {
	var out []int
	raceDone := map[string]bool{}
	for i, r := range p.reqs {
		if r.Race == "" || p.unsent[i] {
			continue
		}
		raceDone[r.Race] = raceDone[r.Race] || false // a race with a sent request
		for _, s := range r.Sent {
			raceDone[r.Race] = raceDone[r.Race] || s.ClientValid
		}
	}
	for i, r := range p.reqs {
		if p.unsent[i] {
			continue
		}
		if r.Race != "" {
			if _, seen := raceDone[r.Race]; seen && !raceDone[r.Race] {
				out = append(out, i)
				raceDone[r.Race] = true // one request of the race
			}
			continue
		}
		if !mustRecord(r.Class) {
			continue
		}
		ok := false
		for _, s := range r.Sent {
			ok = ok || s.ClientValid
		}
		if !ok {
			out = append(out, i)
		}
	}
	return out
}

// markUnsent notes the requests none of whose load items was sent (the
// load ended by -tx or -duration before them) and that are not probes:
// they are left out of the recovery and the accounting. recs are the
// load's records, one per item from the first (fewer with -tx).
func (p *plan) markUnsent(recs []engine.Record) int {
	sent := make([]bool, len(p.reqs))
	for _, r := range p.resubmits {
		sent[r] = true
	}
	for i, it := range p.items {
		if i < len(recs) && recs[i].Outcome != engine.NotSent {
			sent[it.req] = true
		}
	}
	p.unsent = map[int]bool{}
	for r, ok := range sent {
		if !ok {
			p.unsent[r] = true
		}
	}
	return len(p.unsent)
}

// accounted are the requests the accounting checks: all but the unsent.
func (p *plan) accounted() []account.Request {
	out := make([]account.Request, 0, len(p.reqs))
	for i, r := range p.reqs {
		if !p.unsent[i] {
			out = append(out, r)
		}
	}
	return out
}

// mustRecord tells whether a request of the class must be recorded
// exactly once (package account).
func mustRecord(class string) bool {
	return class == "valid" || class == account.ClassBatch || class == account.ClassNewKey || class == account.ClassCredential ||
		class == account.ClassCredBatch || class == account.ClassAccOther || class == account.ClassEpochNew
}

// interleave spreads extra's lines evenly among ls's (mix.jsonl among a
// scheme's soak.jsonl), keeping the order of each.
func interleave(ls, extra []line) []line {
	if len(extra) == 0 {
		return ls
	}
	out := make([]line, 0, len(ls)+len(extra))
	j := 0
	for i, l := range ls {
		out = append(out, l)
		// extra line j goes after ls line (j+1) x len(ls) / (len(extra)+1) - 1
		for j < len(extra) && (j+1)*len(ls) <= (i+1)*(len(extra)+1) {
			out = append(out, extra[j])
			j++
		}
	}
	return append(out, extra[j:]...)
}
