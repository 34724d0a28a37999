// SPDX-License-Identifier: Apache-2.0

// Package account checks, from the ledgers of several peers and without the
// chaincode, that a soak run lost nothing and counted nothing twice: every
// valid request has exactly one verification record and one nonce record,
// written by the same transaction on every peer; every replayed, tampered,
// malformed or misbound request has none beyond its original's; no
// transaction ID is valid twice; and the peers' world states agree.
package account

import (
	"encoding/json"
	"fmt"
	"sort"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// Request is one distinct request of the run (one line of loadgen's
// soak.jsonl) and every transaction the clients sent for it: the original,
// its replays, a resubmission of the same signed transaction, a recovery.
type Request struct {
	Group string // loadgen's group
	// Class of the request: "valid", "batch", "new-key" (must be
	// recorded exactly once), "old-key" (at most once), "tampered",
	// "malformed", "misbound" (must never be recorded); see mix.go.
	Class       string
	KeySHA256   string // hex SHA-256 of the verifying key ("" if unknown)
	NonceSHA256 string // hex SHA-256 of the nonce ("" if unknown)
	// BatchNonces (class batch) are the hex SHA-256 of each item's nonce,
	// in array order.
	BatchNonces []string
	// NotBefore and NotAfter, if set, are transaction IDs: the request's
	// records must be written by a transaction ordered after NotBefore's
	// valid transaction (the rotation that adds its key) and before
	// NotAfter's (the revocation of its key).
	NotBefore, NotAfter string
	// Race (class nym) names the pseudonym race of the request: exactly
	// one request of a race is recorded, and the pseudonym's use records
	// (ContextSHA256, PseudonymHex, under KeySHA256) say so.
	Race                        string
	ContextSHA256, PseudonymHex string
	// Chaincode, Poll and Option (class vote): the poll chaincode (its
	// namespace), the poll and the option voted for.
	Chaincode, Poll, Option string
	Sent                    []Sent
}

// KindNotSubmitted is the Kind of a transaction a client made but never
// submitted (its endorsement failed): it must be on no ledger.
const KindNotSubmitted = "not-submitted"

// Sent is one transaction a client sent for a request.
type Sent struct {
	TxID string
	Kind string // "original", "replay", "resubmit", "recovery", KindNotSubmitted
	// ClientValid is true when the client was told the transaction
	// committed as VALID.
	ClientValid bool
}

// Peer is one peer's ledger: its endorser transactions in commit order.
type Peer struct {
	Name string
	Txs  []ledger.Tx
}

// PeerStats are the figures of one peer's ledger.
type PeerStats struct {
	Name      string         `json:"name"`
	Txs       int            `json:"transactions"`
	ByCode    map[string]int `json:"byValidationCode"`
	StateKeys int            `json:"stateKeys"`
	StateHash string         `json:"stateSha256"`
	// RepeatedTxIDs counts transaction IDs that appear in more than one
	// transaction of the ledger (a resubmitted envelope: one VALID, the
	// others DUPLICATE_TXID).
	RepeatedTxIDs int `json:"repeatedTxIds"`
	// Recorded is the number of verification records of the run's
	// requests.
	Recorded int `json:"recorded"`
}

// Verdict is the outcome of the accounting.
type Verdict struct {
	OK       bool        `json:"ok"`
	Problems []string    `json:"problems,omitempty"`
	Peers    []PeerStats `json:"peers"`
	// Recorded maps each valid request's group to the transaction ID of
	// its records (the same on every peer when OK).
	Recorded map[string]string `json:"-"`
	// Polls are the votes each poll of the run counted on the ledger of
	// the first peer (checkVotes), by poll.
	Polls map[string]PollCount `json:"polls,omitempty"`
}

// maxProblems bounds the problems listed (the count is always right).
const maxProblems = 50

// Check accounts for the requests on each peer's ledger.
func Check(reqs []Request, peers []Peer) Verdict {
	v := Verdict{Recorded: map[string]string{}}
	var problems []string
	add := func(format string, a ...any) { problems = append(problems, fmt.Sprintf(format, a...)) }
	if len(peers) == 0 {
		add("no peer ledger to account on")
	}
	sent := map[string]string{}       // tx ID -> group
	keys := map[string]bool{}         // the run's verifying keys
	notSubmitted := map[string]bool{} // tx IDs made and never submitted
	for _, r := range reqs {
		for _, s := range r.Sent {
			sent[s.TxID] = r.Group
			if s.Kind == KindNotSubmitted {
				notSubmitted[s.TxID] = true
			}
		}
		if r.KeySHA256 != "" {
			keys[r.KeySHA256] = true
		}
	}
	var firstHash string
	for pi, p := range peers {
		st, stats, byKey, pos, perPeer := scan(p)
		recordedOn := map[string]string{} // this peer: group -> tx ID of its records
		for _, msg := range perPeer {
			add("%s: %s", p.Name, msg)
		}
		for _, tx := range p.Txs {
			if notSubmitted[tx.TxID] {
				add("%s: transaction %s of request %s was never submitted (its first attempt failed before the orderer), yet it is in block %d (%s)",
					p.Name, tx.TxID, sent[tx.TxID], tx.Block, tx.Code)
			}
		}
		for _, r := range reqs {
			txID, msgs := checkRequest(r, st, byKey)
			if txID != "" && (r.NotBefore != "" || r.NotAfter != "") {
				msgs = append(msgs, checkOrder(r, txID, pos)...)
			}
			if orderedAgainstChange(r.Class) {
				msgs = append(msgs, checkStatusOrder(r, p.Txs, pos)...)
			}
			for _, msg := range msgs {
				add("%s: request %s (%s): %s", p.Name, r.Group, r.Class, msg)
			}
			if txID == "" {
				continue
			}
			recordedOn[r.Group] = txID
			stats.Recorded++
			if pi == 0 {
				v.Recorded[r.Group] = txID
			} else if prev, ok := v.Recorded[r.Group]; !ok || prev != txID {
				add("request %s: recorded by transaction %s on %s, by %q on %s", r.Group, txID, p.Name, prev, peers[0].Name)
			}
		}
		// Every verification record made with one of the run's keys
		// belongs to a transaction the run sent (records of other keys,
		// from earlier runs on the same network, are not the run's).
		for _, k := range sortedKeys(st) {
			txID, ok := verificationTxID(k)
			if !ok {
				continue
			}
			var vr verificationRecord
			if json.Unmarshal(st[k], &vr) != nil || keys[vr.KeySHA256] {
				if _, known := sent[txID]; !known {
					add("%s: verification record of transaction %s, which no client of the run sent", p.Name, txID)
				}
			}
		}
		if pi == 0 {
			firstHash = stats.StateHash
		} else if stats.StateHash != firstHash {
			add("world states differ: %s %s (%d keys), %s %s (%d keys)", peers[0].Name, firstHash, v.Peers[0].StateKeys,
				p.Name, stats.StateHash, stats.StateKeys)
		}
		for _, msg := range checkRaces(reqs, st, byKey, recordedOn) {
			add("%s: %s", p.Name, msg)
		}
		polls, msgs := checkVotes(reqs, p.Txs, recordedOn)
		for _, msg := range msgs {
			add("%s: %s", p.Name, msg)
		}
		if pi == 0 {
			v.Polls = polls
		}
		v.Peers = append(v.Peers, stats)
	}
	v.OK = len(problems) == 0
	if len(problems) > maxProblems {
		problems = append(problems[:maxProblems], fmt.Sprintf("... and %d more", len(problems)-maxProblems))
	}
	v.Problems = problems
	return v
}

// writer is one valid write of a key.
type writer struct {
	txID  string
	value []byte
}

// scan replays a peer's ledger: its state, its figures, the valid writers
// of each key, the position of each valid transaction, and the problems of
// the ledger itself (a tx ID valid twice).
func scan(p Peer) (ledger.State, PeerStats, map[string][]writer, map[string]position, []string) {
	pos := map[string]position{}
	stats := PeerStats{Name: p.Name, Txs: len(p.Txs), ByCode: map[string]int{}}
	byKey := map[string][]writer{}
	seen, valid := map[string]int{}, map[string]int{}
	var msgs []string
	for _, tx := range p.Txs {
		stats.ByCode[tx.Code]++
		seen[tx.TxID]++
		if !tx.Valid() {
			continue
		}
		valid[tx.TxID]++
		if valid[tx.TxID] == 1 {
			pos[tx.TxID] = position{tx.Block, tx.Index}
		}
		if valid[tx.TxID] == 2 {
			msgs = append(msgs, fmt.Sprintf("transaction ID %s is valid twice (block %d)", tx.TxID, tx.Block))
		}
		for _, w := range tx.Writes {
			if !w.Delete {
				byKey[w.Key] = append(byKey[w.Key], writer{tx.TxID, w.Value})
			}
		}
	}
	for _, n := range seen {
		if n > 1 {
			stats.RepeatedTxIDs++
		}
	}
	st := ledger.Replay(p.Txs)
	stats.StateKeys, stats.StateHash = len(st), st.Hash()
	return st, stats, byKey, pos, msgs
}

func sortedKeys(st ledger.State) []string {
	keys := make([]string, 0, len(st))
	for k := range st {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

func sortedSet(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
