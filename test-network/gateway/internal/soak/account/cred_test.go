// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// credTx is the valid SubmitCredential transaction txID with presentation
// header ph: what SubmitProof writes, and the credential record.
func credTx(txID, ph string) ledger.Tx {
	tx := submitTx(txID, ph)
	c, _ := json.Marshal(map[string]string{"txId": txID, "nonceSha256": hexHash([]byte(ph))})
	tx.Writes = append(tx.Writes, ledger.Write{Key: CredentialKey(txID), Value: c})
	return tx
}

func TestCheckCredentials(t *testing.T) {
	cred := func(group, ph string, sent ...Sent) Request { return req(group, ClassCredential, ph, sent...) }
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string
	}{
		{"recorded once, its replay refused", []Request{cred("c1", "h1", valid("t1", "original"), failed("t2", "replay"))},
			both(credTx("t1", "h1")), nil},
		{"recorded by the recovery after a conflict", []Request{cred("c1", "h1", failed("t1", "original"), valid("t3", "recovery"))},
			both(invalid(credTx("t1", "h1"), "MVCC_READ_CONFLICT"), credTx("t3", "h1")), nil},
		{"lost", []Request{cred("c1", "h1", valid("t1", "original"))}, both(), []string{"lost: the client was told t1 committed"}},
		{"a replay recorded too", []Request{cred("c1", "h1", valid("t1", "original"), valid("t2", "replay"))},
			both(credTx("t1", "h1"), credTx("t2", "h1")), []string{"recorded 2 times"}},
		{"without its credential record", []Request{cred("c1", "h1", valid("t1", "original"))},
			both(submitTx("t1", "h1")), []string{"credential record of t1 written 0 times"}},
		{"a credential record for another presentation header", []Request{cred("c1", "h1", valid("t1", "original"))},
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: append(submitTx("t1", "h1").Writes, credTx("t1", "h2").Writes[2])}),
			[]string{"credential record of t1 is", "want transaction t1, nonce hash " + hexHash([]byte("h1"))}},
		{"a refused replay that wrote a credential record", []Request{cred("c1", "h1", valid("t1", "original"), failed("t2", "replay"))},
			both(credTx("t1", "h1"), ledger.Tx{TxID: "t2", Code: "VALID", Writes: credTx("t2", "h1").Writes[2:]}),
			[]string{"t2 (replay) wrote a credential record too"}},
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

func TestCheckStatus(t *testing.T) {
	status := func(group, ph string, sent ...Sent) Request {
		r := req(group, ClassStatus, ph, sent...)
		r.NotAfter = "update"
		return r
	}
	update := func() ledger.Tx { return keyChange("update") }
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string
	}{
		{"recorded before the update; refused after; a conflict after",
			[]Request{status("s1", "h1", valid("t1", "original")), status("s2", "h2", failed("t2", "original")), status("s3", "h3", failed("t3", "original"))},
			both(cat(at(5, credTx("t1", "h1"), update(), invalid(credTx("t3", "h3"), "MVCC_READ_CONFLICT")))...), nil},
		{"recorded after the update, in its block",
			[]Request{status("s1", "h1", valid("t1", "original"))},
			both(at(5, update(), credTx("t1", "h1"))...),
			[]string{"revoked before", "t1 (block 5, tx 1) is VALID though ordered after the status update update (block 5, tx 0)"}},
		{"invalid though ordered before the update",
			[]Request{status("s1", "h1", failed("t1", "original"))},
			both(cat(at(4, invalid(credTx("t1", "h1"), "MVCC_READ_CONFLICT")), at(5, update()))...),
			[]string{"t1 (block 4, tx 0) is MVCC_READ_CONFLICT though ordered before the status update update (block 5, tx 0)"}},
		{"the update never committed, nothing recorded", []Request{status("s1", "h1", failed("t1", "original"))}, both(), nil},
		{"told committed, not recorded", []Request{status("s1", "h1", valid("t1", "original"))}, both(update()),
			[]string{"lost: the client was told t1 committed"}},
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

// credBatchTx is the valid SubmitCredentials transaction txID of
// credentials with presentation headers phs: a batch's records and each
// item's credential record.
func credBatchTx(txID string, phs ...string) ledger.Tx {
	tx := batchTx(txID, phs...)
	for i, ph := range phs {
		rid := txID + "#" + strconv.Itoa(i)
		c, _ := json.Marshal(map[string]string{"txId": txID, "recordId": rid, "nonceSha256": hexHash([]byte(ph))})
		tx.Writes = append(tx.Writes, ledger.Write{Key: CredentialKey(rid), Value: c})
	}
	return tx
}

func TestCheckCredentialBatches(t *testing.T) {
	batch := func(sent ...Sent) []Request {
		r := batchReq("cb", []string{"h1", "h2"}, sent...)
		r.Class = ClassCredBatch
		return []Request{r}
	}
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string
	}{
		{"recorded once, its replay wrote nothing", batch(valid("t1", "original"), failed("t2", "replay")),
			both(credBatchTx("t1", "h1", "h2"), ledger.Tx{TxID: "t2", Code: "VALID"}), nil},
		{"lost", batch(valid("t1", "original")), both(), []string{"lost: the client was told t1 recorded every item"}},
		{"an item without its credential record", batch(valid("t1", "original")),
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: credBatchTx("t1", "h1", "h2").Writes[:5]}),
			[]string{"item 1: credential record t1#1 written 0 times"}},
		{"an item's credential record for another presentation header", batch(valid("t1", "original")),
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: append(credBatchTx("t1", "h1", "h2").Writes[:5], credBatchTx("t1", "h1", "h9").Writes[5])}),
			[]string{"item 1: credential record t1#1 is"}},
		{"recorded by two transactions", batch(valid("t1", "original"), valid("t2", "replay")),
			both(credBatchTx("t1", "h1", "h2"), credBatchTx("t2", "h1", "h2")), []string{"recorded by 2 transactions"}},
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

// A race of one holder's pseudonym credentials: one recorded, with its
// credential record and the pseudonym's use once (checkRaces).
func TestCheckCredentialRaces(t *testing.T) {
	credNym := func(txID, ph string) ledger.Tx {
		tx := nymTx(txID, ph, 1)
		tx.Writes = append(tx.Writes, credTx(txID, ph).Writes[2])
		return tx
	}
	r := func(group, ph string, sent ...Sent) Request {
		q := nymReq(group, ph, sent...)
		q.Class = ClassCredNym
		return q
	}
	race := []Request{r("cn/0", "a", failed("t0", "original")), r("cn/1", "b", valid("t1", "original")), r("cn/2", "c", failed("t2", "original"))}
	if v := Check(race, both(credNym("t1", "b"), invalid(credNym("t2", "c"), "MVCC_READ_CONFLICT"))); !v.OK {
		t.Fatalf("one recorded: %q", v.Problems)
	}
	if v := Check(race, both(nymTx("t1", "b", 1))); v.OK || !strings.Contains(strings.Join(v.Problems, "\n"), "credential record of t1 written 0 times") {
		t.Fatalf("recorded without its credential record: %q", v.Problems)
	}
	two := []Request{r("cn/0", "a", valid("t0", "original")), r("cn/1", "b", valid("t1", "original"))}
	if v := Check(two, both(credNym("t0", "a"), credNym("t1", "b"))); v.OK ||
		!strings.Contains(strings.Join(v.Problems, "\n"), "2 requests recorded, want 1") {
		t.Fatalf("two of a race recorded: %q", v.Problems)
	}
}

// The revoked holder's presentations (acc-revoked) are ordered against the
// RevokeHandle as status requests against their update; the others'
// (acc-other) must be recorded once, before or after it.
func TestCheckAccumulator(t *testing.T) {
	revoked := func(group, n string, sent ...Sent) Request {
		r := req(group, ClassAccRevoked, n, sent...)
		r.NotAfter = "revoke"
		return r
	}
	rev := func() ledger.Tx { return keyChange("revoke") }
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string
	}{
		{"the revoked holder recorded before, refused and a conflict after; the others recorded before and after",
			[]Request{revoked("r1", "n1", valid("t1", "original")), revoked("r2", "n2", failed("t2", "original")), revoked("r3", "n3", failed("t3", "original")),
				req("o1", ClassAccOther, "n4", valid("t4", "original")), req("o2", ClassAccOther, "n5", failed("t5", "original"), valid("t6", "recovery"))},
			both(cat(at(5, submitTx("t1", "n1"), submitTx("t4", "n4"), rev(), invalid(submitTx("t3", "n3"), "MVCC_READ_CONFLICT"), invalid(submitTx("t5", "n5"), "MVCC_READ_CONFLICT")),
				at(6, submitTx("t6", "n5")))...), nil},
		{"the revoked holder recorded after the revocation", []Request{revoked("r1", "n1", valid("t1", "original"))},
			both(at(5, rev(), submitTx("t1", "n1"))...),
			[]string{"t1 (block 5, tx 1) is VALID though ordered after the revocation (RevokeHandle) revoke (block 5, tx 0)"}},
		{"an other holder never recorded", []Request{req("o1", ClassAccOther, "n4", failed("t4", "original"))},
			both(at(5, rev(), invalid(submitTx("t4", "n4"), "MVCC_READ_CONFLICT"))...), []string{"not recorded"}},
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

// Proofs of epoch 1 are ordered against the epoch raise as status requests
// against their update; proofs of epoch 2 must be recorded once.
func TestCheckEpoch(t *testing.T) {
	old := func(group, n string, sent ...Sent) Request {
		r := req(group, ClassEpochOld, n, sent...)
		r.NotAfter = "raise"
		return r
	}
	raise := keyChange("raise")
	if v := Check([]Request{old("e1", "n1", valid("t1", "original")), old("e2", "n2", failed("t2", "original")), req("f1", ClassEpochNew, "n3", valid("t3", "original"))},
		both(at(5, submitTx("t1", "n1"), raise, submitTx("t3", "n3"))...)); !v.OK {
		t.Fatalf("epoch 1 before the raise, epoch 2 after: %q", v.Problems)
	}
	v := Check([]Request{old("e1", "n1", valid("t1", "original"))}, both(at(5, raise, submitTx("t1", "n1"))...))
	if v.OK || !strings.Contains(strings.Join(v.Problems, "\n"), "VALID though ordered after the epoch raise (SetIssuerEpoch) raise") {
		t.Fatalf("epoch 1 recorded after the raise: %q", v.Problems)
	}
	if v := Check([]Request{req("f1", ClassEpochNew, "n3", failed("t3", "original"))}, both(raise)); v.OK {
		t.Fatal("an epoch-2 proof never recorded passed")
	}
}
