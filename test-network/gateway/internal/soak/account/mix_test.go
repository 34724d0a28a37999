// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/base64"
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

// batchTx is the valid SubmitProofs transaction txID recording every nonce:
// verification records "<txID>#i" and nonce records naming them.
func batchTx(txID string, nonces ...string) ledger.Tx {
	tx := ledger.Tx{TxID: txID, Code: "VALID"}
	for i, n := range nonces {
		rid := txID + "#" + strconv.Itoa(i)
		v, _ := json.Marshal(map[string]any{"txId": txID, "recordId": rid, "keySha256": keyA, "nonce": base64.StdEncoding.EncodeToString([]byte(n))})
		nr, _ := json.Marshal(map[string]string{"txId": rid})
		tx.Writes = append(tx.Writes, ledger.Write{Key: VerificationKey(rid), Value: v}, ledger.Write{Key: NonceKey(keyA, hexHash([]byte(n))), Value: nr})
	}
	return tx
}

func batchReq(group string, nonces []string, sent ...Sent) Request {
	r := Request{Group: group, Class: ClassBatch, KeySHA256: keyA, Sent: sent}
	for _, n := range nonces {
		r.BatchNonces = append(r.BatchNonces, hexHash([]byte(n)))
	}
	return r
}

// at places transactions in blocks: at(block, txs...) numbers them in order.
func at(block uint64, txs ...ledger.Tx) []ledger.Tx {
	for i := range txs {
		txs[i].Block, txs[i].Index = block, i
	}
	return txs
}

func cat(parts ...[]ledger.Tx) []ledger.Tx {
	var out []ledger.Tx
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func keyChange(txID string) ledger.Tx {
	return ledger.Tx{TxID: txID, Code: "VALID", Writes: []ledger.Write{{Key: "\x00bbs.issuer\x00rot\x00", Value: []byte(txID)}}}
}

func TestCheckMix(t *testing.T) {
	ab := []string{"a", "b"}
	oldKey := func(group, nonce string, sent ...Sent) Request {
		r := req(group, ClassOldKey, nonce, sent...)
		r.NotAfter = "revoke"
		return r
	}
	newKey := func(group, nonce string, sent ...Sent) Request {
		r := req(group, ClassNewKey, nonce, sent...)
		r.NotBefore = "rotate"
		return r
	}
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string
	}{
		{"a batch recorded once", []Request{batchReq("b1", ab, failed("t1", "original"), valid("t1b", "recovery"))},
			both(invalid(batchTx("t1", ab...), "MVCC_READ_CONFLICT"), batchTx("t1b", ab...)), nil},
		{"a batch lost", []Request{batchReq("b1", ab, valid("t1", "original"))}, both(), []string{"lost: the client was told t1 recorded every item"}},
		{"a batch recorded by two transactions", []Request{batchReq("b1", ab, valid("t1", "original"), failed("t2", "recovery"))},
			both(batchTx("t1", "a"), batchTx("t2", "a", "b")), []string{"recorded by 2 transactions"}},
		{"a batch item without its nonce record", []Request{batchReq("b1", ab, valid("t1", "original"))},
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: batchTx("t1", ab...).Writes[:3]}), []string{"item 1: nonce record written 0 times"}},
		{"a batch item for another nonce", []Request{batchReq("b1", ab, valid("t1", "original"))},
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: append(batchTx("t1", "a", "z").Writes[:3], batchTx("t1", ab...).Writes[3])}),
			[]string{"item 1: verification record t1#1 is for transaction t1, key " + keyA + ", nonce hash " + hexHash([]byte("z"))}},
		{"old key recorded before the revocation, new key after the rotation",
			[]Request{oldKey("o1", "n1", valid("t1", "original")), oldKey("o2", "n2", failed("t2", "original")), newKey("w1", "n3", valid("t3", "recovery"))},
			both(cat(at(5, submitTx("t1", "n1"), keyChange("rotate")), at(6, keyChange("revoke"), invalid(submitTx("t2", "n2"), "MVCC_READ_CONFLICT")), at(7, submitTx("t3", "n3")))...), nil},
		{"old key recorded after the revocation, in the same block",
			[]Request{oldKey("o1", "n1", valid("t1", "original"))},
			both(at(6, keyChange("revoke"), submitTx("t1", "n1"))...),
			[]string{"request o1 (old-key): recorded by t1 (block 6, tx 1) under a key version the revocation revoke (block 6, tx 0) revoked before"}},
		{"old key: told valid, not recorded", []Request{oldKey("o1", "n1", valid("t1", "original"))},
			both(keyChange("revoke")), []string{"lost: the client was told t1 committed"}},
		{"old key: a nonce consumed without a record", []Request{oldKey("o1", "n1", failed("t1", "original"))},
			both(keyChange("revoke"), ledger.Tx{TxID: "t1", Code: "VALID", Writes: submitTx("t1", "n1").Writes[1:]}),
			[]string{"its nonce is recorded as consumed (by t1) without a verification record"}},
		{"new key recorded before the rotation",
			[]Request{newKey("w1", "n3", valid("t3", "original"))},
			both(cat(at(4, submitTx("t3", "n3")), at(5, keyChange("rotate")))...),
			[]string{"recorded by t3 (block 4) under a key version the rotation rotate (block 5) added later"}},
		{"new key never recorded", []Request{newKey("w1", "n3", failed("t3", "original"))}, both(keyChange("rotate")),
			[]string{"request w1 (new-key): not recorded"}},
		{"the rotation is not on the ledger", []Request{newKey("w1", "n3", valid("t3", "original"))}, both(submitTx("t3", "n3")),
			[]string{"the rotation rotate it needs is not a valid transaction of the ledger"}},
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
