// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

const (
	raceCtx = "c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00c0ffee00"
	raceNym = "abcdef"
)

// nymTx is the valid SubmitProof transaction txID of a race's pseudonym
// use number seq with nonce: what submitTx writes, the use count and the
// use record.
func nymTx(txID, nonce string, seq int) ledger.Tx {
	tx := submitTx(txID, nonce)
	c, _ := json.Marshal(map[string]int{"uses": seq})
	u, _ := json.Marshal(map[string]any{"txId": txID, "sequence": seq, "keySha256": keyA})
	tx.Writes = append(tx.Writes, ledger.Write{Key: NymCountKey(keyA, raceCtx, raceNym), Value: c},
		ledger.Write{Key: NymUseKey(raceCtx, raceNym, keyA, seq, txID), Value: u})
	return tx
}

func nymReq(group, nonce string, sent ...Sent) Request {
	r := req(group, ClassNym, nonce, sent...)
	r.Race, r.ContextSHA256, r.PseudonymHex = "race/0", raceCtx, raceNym
	return r
}

func TestCheckRaces(t *testing.T) {
	// Four requests of one race, one per client: one committed, the others
	// refused (no transaction on the ledger) or MVCC conflicts.
	race := func(sent [4][]Sent) []Request {
		return []Request{nymReq("n/0", "a", sent[0]...), nymReq("n/1", "b", sent[1]...), nymReq("n/2", "c", sent[2]...), nymReq("n/3", "d", sent[3]...)}
	}
	oneWins := race([4][]Sent{{failed("t0", "original")}, {valid("t1", "original")}, {failed("t2", "original")}, {failed("t3", "original")}})
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string
	}{
		{"one recorded, one conflict, two refused", oneWins,
			both(at(3, nymTx("t1", "b", 1), invalid(nymTx("t2", "c", 1), "MVCC_READ_CONFLICT"))...), nil},
		{"recorded by the recovery after none was seen", race([4][]Sent{{failed("t0", "original"), valid("t9", "recovery")}, {failed("t1", "original")}, {}, {}}),
			both(cat(at(3, invalid(nymTx("t1", "b", 1), "MVCC_READ_CONFLICT")), at(4, nymTx("t9", "a", 1)))...), nil},
		{"two uses recorded", race([4][]Sent{{valid("t0", "original")}, {valid("t1", "original")}, {}, {}}),
			both(cat(at(3, nymTx("t0", "a", 1)), at(4, nymTx("t1", "b", 2)))...),
			[]string{"race race/0: 2 requests recorded, want 1", "race/0"}},
		{"none recorded", race([4][]Sent{{failed("t0", "original")}, {failed("t1", "original")}, {}, {}}), both(),
			[]string{"race race/0: 0 requests recorded, want 1"}},
		{"a recorded use without its use record", oneWins,
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: nymTx("t1", "b", 1).Writes[:3]}),
			[]string{"use 1 of the pseudonym written by 0 transactions, want once by t1"}},
		{"a use record naming another transaction", oneWins,
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: append(nymTx("t1", "b", 1).Writes[:3],
				ledger.Write{Key: nymTx("t1", "b", 1).Writes[3].Key, Value: nymTx("tx", "b", 1).Writes[3].Value})}),
			[]string{`use 1 of the pseudonym is "{\"keySha256\":\"` + keyA + `\",\"sequence\":1,\"txId\":\"tx\"}", want transaction t1`}},
		{"a use count of 2", oneWins,
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: append(nymTx("t1", "b", 2).Writes[:3], nymTx("t1", "b", 1).Writes[3])}),
			[]string{`the pseudonym's use count is "{\"uses\":2}", want 1 use`}},
		{"a second use written by a refused request's transaction without its records", oneWins,
			both(nymTx("t1", "b", 1), ledger.Tx{TxID: "t2", Code: "VALID", Writes: nymTx("t2", "c", 2).Writes[2:]}),
			[]string{"use count written by 2 transactions", "the pseudonym has a use 2 (by t2)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			v := Check(tt.reqs, tt.peers)
			if v.OK != (len(tt.want) == 0) {
				t.Fatalf("OK = %v, problems %q", v.OK, v.Problems)
			}
			all := strings.Join(v.Problems, "\n")
			for _, w := range tt.want {
				if !strings.Contains(all, w) {
					t.Errorf("problems do not say %q:\n%s", w, all)
				}
			}
		})
	}
}

// The keys are the contract's: shim.CreateCompositeKey of its object types
// and attributes (contract/pseudonym.go), the use sequence 10 digits wide.
func TestNymKeys(t *testing.T) {
	if got, want := NymCountKey("k", "c", "n"), "\x00bbs.nymcount\x00k\x00c\x00n\x00"; got != want {
		t.Errorf("NymCountKey = %q, want %q", got, want)
	}
	if got, want := NymUseKey("c", "n", "k", 12, "t"), "\x00bbs.nymuse\x00c\x00n\x00k\x000000000012\x00t\x00"; got != want {
		t.Errorf("NymUseKey = %q, want %q", got, want)
	}
}
