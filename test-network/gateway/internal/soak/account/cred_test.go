// SPDX-License-Identifier: Apache-2.0

package account

import (
	"encoding/json"
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
