// SPDX-License-Identifier: Apache-2.0

package account

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/ledger"
)

const keyA = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"

func hexHash(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// submitTx is the valid SubmitProof transaction txID writing what the
// contract writes for nonce: the verification record and the nonce record.
func submitTx(txID, nonce string) ledger.Tx {
	v, _ := json.Marshal(map[string]any{"txId": txID, "keySha256": keyA, "nonce": base64.StdEncoding.EncodeToString([]byte(nonce))})
	n, _ := json.Marshal(map[string]string{"txId": txID})
	return ledger.Tx{TxID: txID, Code: "VALID", Writes: []ledger.Write{
		{Key: VerificationKey(txID), Value: v},
		{Key: NonceKey(keyA, hexHash([]byte(nonce))), Value: n},
	}}
}

func invalid(tx ledger.Tx, code string) ledger.Tx {
	tx.Code = code
	return tx
}

func req(group, class, nonce string, sent ...Sent) Request {
	return Request{Group: group, Class: class, KeySHA256: keyA, NonceSHA256: hexHash([]byte(nonce)), Sent: sent}
}

func valid(txID, kind string) Sent  { return Sent{TxID: txID, Kind: kind, ClientValid: true} }
func failed(txID, kind string) Sent { return Sent{TxID: txID, Kind: kind} }

func both(txs ...ledger.Tx) []Peer {
	return []Peer{{Name: "p1", Txs: txs}, {Name: "p2", Txs: append([]ledger.Tx(nil), txs...)}}
}

func TestCheck(t *testing.T) {
	issuer := ledger.Tx{TxID: "setup", Code: "VALID", Writes: []ledger.Write{{Key: "\x00bbs.issuer\x00a\x00", Value: []byte(`{}`)}}}
	reqs := []Request{
		req("v1", "valid", "n1", valid("t1", "original")),
		// a concurrent replay won the race: the original failed MVCC
		req("v2", "valid", "n2", failed("t2", "original"), valid("t2r", "replay")),
		req("bad", "tampered", "n3", failed("t3", "original")),
		req("mal", "malformed", "", failed("t4", "original")),
	}
	reqs[3].KeySHA256, reqs[3].NonceSHA256 = "", ""
	good := []ledger.Tx{issuer, submitTx("t1", "n1"), submitTx("t2r", "n2"), invalid(submitTx("t2", "n2"), "MVCC_READ_CONFLICT")}
	tests := []struct {
		name  string
		reqs  []Request
		peers []Peer
		want  []string // substrings of the problems; none: OK
	}{
		{"all accounted", reqs, both(good...), nil},
		{"a resubmitted envelope marked DUPLICATE_TXID is fine",
			[]Request{req("v1", "valid", "n1", valid("t1", "resubmit"))},
			both(submitTx("t1", "n1"), invalid(submitTx("t1", "n1"), "DUPLICATE_TXID")), nil},
		{"lost record", reqs, both(issuer, submitTx("t1", "n1")), []string{"request v2 (valid): lost: the client was told t2r committed, and there is no verification record"}},
		{"never committed", []Request{req("v1", "valid", "n1", failed("t1", "original"), failed("t1b", "recovery"))},
			both(issuer), []string{"request v1 (valid): not recorded: none of its 2 transactions committed"}},
		{"lost nonce record", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: submitTx("t1", "n1").Writes[:1]}), []string{"no nonce record"}},
		{"duplicate: two transactions recorded one request",
			[]Request{req("v1", "valid", "n1", valid("t1", "original"), failed("t1r", "replay"))},
			both(submitTx("t1", "n1"), submitTx("t1r", "n1")), []string{"recorded 2 times", "nonce record written 2 times"}},
		{"duplicate: a transaction ID valid twice", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			both(submitTx("t1", "n1"), submitTx("t1", "n1")), []string{"transaction ID t1 is valid twice"}},
		{"a tampered request recorded", []Request{req("bad", "tampered", "n3", failed("t3", "original"))},
			both(submitTx("t3", "n3")), []string{"request bad (tampered): has a verification record", "nonce is recorded as consumed"}},
		{"the client was told another transaction committed",
			[]Request{req("v2", "valid", "n2", valid("t2", "original"), valid("t2r", "replay"))},
			both(submitTx("t2r", "n2")), []string{"the client was told t2 (original) committed"}},
		{"nonce record names another transaction", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: []ledger.Write{submitTx("t1", "n1").Writes[0],
				{Key: NonceKey(keyA, hexHash([]byte("n1"))), Value: []byte(`{"txId":"other"}`)}}}),
			[]string{`nonce record "{\"txId\":\"other\"}" written by t1`}},
		{"nonce record written by another transaction", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			both(ledger.Tx{TxID: "t0", Code: "VALID", Writes: []ledger.Write{{Key: NonceKey(keyA, hexHash([]byte("n1"))), Value: []byte(`{"txId":"t1"}`)}}},
				ledger.Tx{TxID: "t1", Code: "VALID", Writes: submitTx("t1", "n1").Writes[:1]}),
			[]string{`nonce record "{\"txId\":\"t1\"}" written by t0, verification record by t1`}},
		{"record for another nonce", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			both(ledger.Tx{TxID: "t1", Code: "VALID", Writes: []ledger.Write{submitTx("t1", "n9").Writes[0], submitTx("t1", "n1").Writes[1]}}),
			[]string{"verification record of t1 is for transaction t1, key " + keyA + ", nonce hash " + hexHash([]byte("n9"))}},
		{"a record no client sent", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			both(submitTx("t1", "n1"), submitTx("ghost", "n7")), []string{"verification record of transaction ghost, which no client of the run sent"}},
		{"disagreement: one peer lacks a record", reqs,
			[]Peer{{Name: "p1", Txs: good}, {Name: "p2", Txs: good[:2]}},
			[]string{"p2: request v2 (valid): lost", "world states differ"}},
		{"disagreement: different transaction on each peer",
			[]Request{req("v2", "valid", "n2", failed("t2", "original"), failed("t2r", "replay"))},
			[]Peer{{Name: "p1", Txs: []ledger.Tx{submitTx("t2", "n2")}}, {Name: "p2", Txs: []ledger.Tx{submitTx("t2r", "n2")}}},
			[]string{"request v2: recorded by transaction t2r on p2, by \"t2\" on p1", "world states differ"}},
		{"disagreement: a value differs", []Request{req("v1", "valid", "n1", valid("t1", "original"))},
			[]Peer{{Name: "p1", Txs: []ledger.Tx{issuer, submitTx("t1", "n1")}},
				{Name: "p2", Txs: []ledger.Tx{{TxID: "setup", Code: "VALID", Writes: []ledger.Write{{Key: "\x00bbs.issuer\x00a\x00", Value: []byte(`{"x":1}`)}}}, submitTx("t1", "n1")}}},
			[]string{"world states differ"}},
		{"no peer", reqs, nil, []string{"no peer ledger"}},
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

func TestCheckRecordsAndStats(t *testing.T) {
	reqs := []Request{req("v1", "valid", "n1", failed("t1", "original"), valid("t1b", "recovery"))}
	v := Check(reqs, both(invalid(submitTx("t1", "n1"), "MVCC_READ_CONFLICT"), submitTx("t1b", "n1")))
	if !v.OK || v.Recorded["v1"] != "t1b" {
		t.Fatalf("verdict %+v", v)
	}
	ps := v.Peers[0]
	if ps.Txs != 2 || ps.ByCode["VALID"] != 1 || ps.ByCode["MVCC_READ_CONFLICT"] != 1 || ps.StateKeys != 2 || ps.Recorded != 1 {
		t.Errorf("stats %+v", ps)
	}
}

func TestCompositeKey(t *testing.T) {
	if got := NonceKey("k", "n"); got != "\x00bbs.nonce\x00k\x00n\x00" {
		t.Errorf("NonceKey = %q", got)
	}
	for key, want := range map[string]string{
		VerificationKey("abc"):       "abc",
		VerificationKey("abc#3"):     "abc",
		"\x00bbs.verification\x00":   "",
		"\x00bbs.issuer\x00abc\x00":  "",
		"\x00bbs.verification\x00ab": "",
	} {
		got, ok := verificationTxID(key)
		if got != want || ok != (want != "") {
			t.Errorf("verificationTxID(%q) = %q %v, want %q", key, got, ok, want)
		}
	}
}

// A probe whose first attempt failed before its submit (KindNotSubmitted)
// left its request to the recovery: fine while its transaction ID is on no
// ledger, a problem when it is there.
func TestCheckNotSubmitted(t *testing.T) {
	reqs := []Request{req("v1", "valid", "n1", Sent{TxID: "t1", Kind: KindNotSubmitted}, valid("t1r", "recovery"))}
	if v := Check(reqs, both(submitTx("t1r", "n1"))); !v.OK {
		t.Fatalf("a probe never submitted, its request recovered: %v", v.Problems)
	}
	v := Check(reqs, both(invalid(submitTx("t1", "n1"), "MVCC_READ_CONFLICT"), submitTx("t1r", "n1")))
	if v.OK || len(v.Problems) != 2 || !strings.Contains(v.Problems[0], "transaction t1 of request v1 was never submitted") {
		t.Fatalf("a never-submitted transaction on the ledgers: %v", v.Problems)
	}
}
