// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// voteTx is the valid CastVote transaction txID: bbs's records of the
// race's pseudonym use (nymTx) and, in the poll chaincode's namespace,
// its vote record for option.
func voteTx(txID, nonce, option string) ledger.Tx {
	tx := nymTx(txID, nonce, 1)
	v, _ := json.Marshal(map[string]string{"option": option})
	tx.Also = map[string][]ledger.Write{"poll": {{Key: VoteKey("p1", txID), Value: v}}}
	return tx
}

func voteReq(group, nonce, option string, sent ...Sent) Request {
	r := nymReq(group, nonce, sent...)
	r.Class, r.Chaincode, r.Poll, r.Option = ClassVote, "poll", "p1", option
	return r
}

func TestCheckVotes(t *testing.T) {
	// Four votes of one voter in poll p1 through both peers: one
	// committed, two refused (pseudonym used), one an MVCC conflict.
	race := []Request{voteReq("v/0", "a", "yes", failed("t0", "original")), voteReq("v/1", "b", "no", valid("t1", "original")),
		voteReq("v/2", "c", "yes", failed("t2", "original")), voteReq("v/3", "d", "no", failed("t3", "original"))}
	other := func(txID string) ledger.Tx { // a vote record written by a transaction no race recorded
		v, _ := json.Marshal(map[string]string{"option": "yes"})
		return ledger.Tx{TxID: txID, Code: "VALID", Also: map[string][]ledger.Write{"poll": {{Key: VoteKey("p1", txID), Value: v}}}}
	}
	tests := []struct {
		name  string
		txs   []ledger.Tx
		want  []string
		count int
	}{
		{"counted once", cat(at(3, voteTx("t1", "b", "no"), invalid(voteTx("t3", "d", "no"), "MVCC_READ_CONFLICT"))), nil, 1},
		{"the vote recorded as another option", []ledger.Tx{voteTx("t1", "b", "yes")},
			[]string{`poll p1: the vote v/1 (transaction t1) is recorded as "{\"option\":\"yes\"}", want option "no"`}, 0},
		{"the proof recorded and no vote", []ledger.Tx{nymTx("t1", "b", 1)},
			[]string{"poll p1: the vote v/1 (transaction t1) recorded its proof and no vote"}, 0},
		{"a vote record of a transaction that recorded no vote", []ledger.Tx{voteTx("t1", "b", "no"), other("t9")},
			[]string{"poll p1: transaction t9 wrote vote record \"t9\" and recorded no race's vote"}, 1},
		{"the vote record of another transaction", []ledger.Tx{func() ledger.Tx {
			tx := voteTx("t1", "b", "no")
			tx.Also["poll"][0].Key = VoteKey("p1", "t8")
			return tx
		}()}, []string{"wrote vote record t8 of poll p1", "recorded its proof and no vote"}, 0},
		{"two vote records", []ledger.Tx{func() ledger.Tx {
			tx := voteTx("t1", "b", "no")
			tx.Also["poll"] = append(tx.Also["poll"], tx.Also["poll"][0])
			return tx
		}()}, []string{"poll p1: transaction t1 wrote its vote record twice"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Check(race, both(tt.txs...))
			if v.OK != (len(tt.want) == 0) {
				t.Fatalf("OK = %v, problems %q", v.OK, v.Problems)
			}
			all := strings.Join(v.Problems, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("problems do not say %q:\n%s", w, all)
				}
			}
			c := v.Polls["p1"]
			if c.Total != tt.count || (tt.count == 1 && c.Options["no"] != 1) {
				t.Errorf("poll p1 counted %+v, want %d", c, tt.count)
			}
		})
	}
}

// The key is the poll example's: shim.CreateCompositeKey("poll.vote",
// [poll ID, tx ID]) (examples/poll/pollcc/state.go, vote.go).
func TestVoteKey(t *testing.T) {
	if got, want := VoteKey("p", "t"), "\x00poll.vote\x00p\x00t\x00"; got != want {
		t.Errorf("VoteKey = %q, want %q", got, want)
	}
	for key, want := range map[string][2]string{VoteKey("p", "t"): {"p", "t"}, "\x00poll.poll\x00p\x00": {}, "\x00poll.vote\x00p\x00": {},
		"\x00poll.vote\x00p\x00t\x00u\x00": {}} {
		p, id, ok := voteKeyParts(key)
		if ok != (want[0] != "") || p != want[0] && ok || id != want[1] && ok {
			t.Errorf("voteKeyParts(%q) = %q %q %v, want %q", key, p, id, ok, want)
		}
	}
}
