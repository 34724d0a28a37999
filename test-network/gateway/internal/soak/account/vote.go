// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// VoteObjectType is the poll example's vote record (examples/poll/pollcc
// state.go): [poll ID, tx ID] -> {"option": ...}, in the poll chaincode's
// namespace.
const VoteObjectType = "poll.vote"

// VoteKey names the vote record transaction txID wrote in poll pollID.
func VoteKey(pollID, txID string) string { return CompositeKey(VoteObjectType, pollID, txID) }

// PollCount is what a poll counted: its votes per option and in all.
type PollCount struct {
	Total   int            `json:"total"`
	Options map[string]int `json:"options"`
}

// checkVotes checks the poll votes on one peer's ledger (txs; recorded:
// the tx ID of each request's bbs records on it): every valid transaction
// that wrote a vote record of one of the run's polls is the recorded vote
// of a race (the one whose bbs records it wrote: checkRaces), and wrote
// exactly one vote record, its own, for the option that request voted
// for; the recorded vote of every race wrote one. It returns what each
// poll counted.
func checkVotes(reqs []Request, txs []ledger.Tx, recorded map[string]string) (map[string]PollCount, []string) {
	type vote struct {
		group, ns, poll, option string
	}
	winners := map[string]vote{} // tx ID -> the recorded vote
	polls := map[string]string{} // poll -> namespace
	for _, r := range reqs {
		if r.Class != ClassVote {
			continue
		}
		polls[r.Poll] = r.Chaincode
		if txID := recorded[r.Group]; txID != "" {
			winners[txID] = vote{r.Group, r.Chaincode, r.Poll, r.Option}
		}
	}
	if len(polls) == 0 {
		return nil, nil
	}
	counts := map[string]PollCount{}
	inNS := map[string]bool{}
	var nss []string // the polls' namespaces, each once, sorted
	for poll, ns := range polls {
		counts[poll] = PollCount{Options: map[string]int{}}
		if !inNS[ns] {
			inNS[ns] = true
			nss = append(nss, ns)
		}
	}
	sort.Strings(nss)
	var msgs []string
	wrote := map[string]bool{} // tx IDs of the winners that wrote their vote
	for _, tx := range txs {
		if !tx.Valid() {
			continue
		}
		w, isWinner := winners[tx.TxID]
		for _, ns := range nss {
			for _, wr := range tx.Also[ns] {
				p, id, ok := voteKeyParts(wr.Key)
				if !ok || polls[p] != ns {
					continue // not a vote, or not of the run's polls
				}
				var rec struct {
					Option string `json:"option"`
				}
				switch {
				case !isWinner:
					msgs = append(msgs, fmt.Sprintf("poll %s: transaction %s wrote vote record %q and recorded no race's vote", p, tx.TxID, id))
					continue
				case wr.Delete || p != w.poll || id != tx.TxID:
					msgs = append(msgs, fmt.Sprintf("poll %s: the vote %s (transaction %s) wrote vote record %s of poll %s (deleted %v)", w.poll, w.group, tx.TxID, id, p, wr.Delete))
					continue
				case json.Unmarshal(wr.Value, &rec) != nil || rec.Option != w.option:
					msgs = append(msgs, fmt.Sprintf("poll %s: the vote %s (transaction %s) is recorded as %q, want option %q", p, w.group, tx.TxID, wr.Value, w.option))
					continue
				case wrote[tx.TxID]:
					msgs = append(msgs, fmt.Sprintf("poll %s: transaction %s wrote its vote record twice", p, tx.TxID))
					continue
				}
				wrote[tx.TxID] = true
				c := counts[p]
				c.Total++
				c.Options[rec.Option]++
				counts[p] = c
			}
		}
	}
	ids := make([]string, 0, len(winners))
	for id := range winners {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		if !wrote[id] {
			w := winners[id]
			msgs = append(msgs, fmt.Sprintf("poll %s: the vote %s (transaction %s) recorded its proof and no vote", w.poll, w.group, id))
		}
	}
	return counts, msgs
}

// voteKeyParts tells whether key is a vote record's key, and of which poll
// and transaction.
func voteKeyParts(key string) (poll, txID string, ok bool) {
	prefix := "\x00" + VoteObjectType + "\x00"
	if len(key) <= len(prefix) || key[:len(prefix)] != prefix || key[len(key)-1] != 0 {
		return "", "", false
	}
	rest := key[len(prefix) : len(key)-1]
	for i := 0; i < len(rest); i++ {
		if rest[i] == 0 {
			return rest[:i], rest[i+1:], rest[i+1:] != "" && !containsNUL(rest[i+1:])
		}
	}
	return "", "", false
}

func containsNUL(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == 0 {
			return true
		}
	}
	return false
}
