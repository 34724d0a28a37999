// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
)

// credmore.jsonl: SubmitCredentials batches (class cred-batch, replayed
// like valid requests, told recorded only when every item is) and races
// of pseudonym credentials (class cred-nym, SubmitCredential with a race).
func TestReadCredMoreLines(t *testing.T) {
	batch := `{"tx":"SubmitCredentials","args":["[]"],"class":"cred-batch","group":"cb","keySha256":"` + hashA + `","batchNonceSha256s":["` + hashA + `","` + hashA + `"]}`
	nym := `{"tx":"SubmitCredential","args":["{}"],"class":"cred-nym","group":"cn","keySha256":"` + hashA + `","nonceSha256":"` + hashA +
		`","race":"r","pseudonym":"UA==","context":"Qw==","contextSha256":"` + hashA + `","pseudonymHex":"50"}`
	for _, tt := range []struct {
		name, in string
		ok       bool
	}{
		{"a credential batch", batch, true},
		{"a credential batch sent as SubmitProofs", strings.Replace(batch, "SubmitCredentials", "SubmitProofs", 1), false},
		{"a proof batch sent as SubmitCredentials", strings.Replace(batch, `"cred-batch"`, `"batch"`, 1), false},
		{"a credential batch without its nonces", strings.Replace(batch, `"batchNonceSha256s":["`+hashA+`","`+hashA+`"]`, `"batchNonceSha256s":[]`, 1), false},
		{"a pseudonym credential", nym, true},
		{"a pseudonym credential without its race", strings.Replace(nym, `"race":"r"`, `"race":""`, 1), false},
		{"a pseudonym credential sent as SubmitProof", strings.Replace(nym, "SubmitCredential", "SubmitProof", 1), false},
	} {
		if _, err := readLines(strings.NewReader(tt.in)); (err == nil) != tt.ok {
			t.Errorf("%s: %v", tt.name, err)
		}
	}
	ls, err := readLines(strings.NewReader(batch + "\n" + nym))
	if err != nil {
		t.Fatal(err)
	}
	p := makePlan([][]line{interleave(makeLines("a", 36), ls)}, 0, 5)
	cb := -1
	for k, it := range p.items {
		if p.reqs[it.req].Class == account.ClassCredBatch {
			cb = it.req
			if tx := p.tx(it.req, "x"); tx.Name != "SubmitCredentials" || tx.Proofs != 2 {
				t.Fatalf("item %d: %+v", k, tx)
			}
		}
	}
	if cb < 0 {
		t.Fatal("the credential batch is not in the plan")
	}
	res := func(count, valid int) []byte {
		b, _ := json.Marshal(map[string]int{"count": count, "validCount": valid})
		return b
	}
	p.record(cb, "original", engine.Record{TxID: "t1", Outcome: engine.Committed, Result: res(2, 1)})
	p.record(cb, "replay", engine.Record{TxID: "t2", Outcome: engine.Committed, Result: res(2, 0)})
	if s := p.reqs[cb].Sent; len(s) != 2 || s[0].ClientValid || s[1].ClientValid {
		t.Fatalf("a credential batch told recorded though not every item is: %+v", s)
	}
	p.record(cb, "recovery", engine.Record{TxID: "t3", Outcome: engine.Committed, Result: res(2, 2)})
	if s := p.reqs[cb].Sent; !s[2].ClientValid {
		t.Fatalf("a credential batch with every item recorded: %+v", s)
	}
}
