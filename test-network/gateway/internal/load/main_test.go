// SPDX-License-Identifier: Apache-2.0

package load

import (
	"io"
	"os"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

func TestVerified(t *testing.T) {
	batch := engine.Tx{Name: "SubmitProofs", Proofs: 3}
	tests := []struct {
		name   string
		tx     engine.Tx
		result string
		want   int
	}{
		{"SubmitProof committed", engine.Tx{Name: "SubmitProof", Proofs: 1}, `{"txId":"t","valid":true}`, 1},
		{"light write", engine.Tx{Name: "RegisterIssuer"}, `{"id":"x"}`, 0},
		{"batch array", batch, `[{"valid":true},{"valid":false,"reason":"replay"},{"valid":true}]`, 2},
		{"batch object results", batch, `{"results":[{"valid":true},{"valid":true},{"valid":true}]}`, 3},
		{"contract's BatchResults", batch, `{"txId":"t","count":3,"validCount":2,"recordIds":["t#0","t#2"],"results":[` +
			`{"index":0,"valid":true,"recordId":"t#0","receipt":{"txId":"t","valid":true}},` +
			`{"index":1,"valid":false,"refused":true,"reason":"replay: ..."},` +
			`{"index":2,"valid":true,"recordId":"t#2","receipt":{"txId":"t","valid":true}}]}`, 2},
		{"batch object items", batch, `{"items":[{"valid":false},{"valid":true}]}`, 1},
		{"batch not JSON", batch, `oops`, 0},
		{"batch empty", batch, ``, 0},
		{"VerifyProof satisfied", engine.Tx{Name: "VerifyProof", Proofs: 1}, `{"valid":true,"satisfied":true}`, 1},
		{"VerifyProof unsatisfied", engine.Tx{Name: "VerifyProof", Proofs: 1}, `{"valid":true,"satisfied":false,"unmet":{"rule":"status"}}`, 0},
		{"VerifyProof invalid", engine.Tx{Name: "VerifyProof", Proofs: 1}, `{"valid":false}`, 0},
		{"VerifyCredential not JSON", engine.Tx{Name: "VerifyCredential", Proofs: 1}, `oops`, 0},
	}
	for _, tt := range tests {
		if got := verified(tt.tx, []byte(tt.result)); got != tt.want {
			t.Errorf("%s: verified = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestMetadataTransactions(t *testing.T) {
	md := `{"contracts":{"bbs":{"name":"bbs","transactions":[{"name":"SubmitProof"},{"name":"RegisterIssuer"}]},
		"org.hyperledger.fabric":{"transactions":[{"name":"GetMetadata"}]}}}`
	got, err := metadataTransactions([]byte(md))
	if err != nil {
		t.Fatal(err)
	}
	if !got["SubmitProof"] || !got["RegisterIssuer"] || got["SubmitProofs"] {
		t.Errorf("transactions = %v", got)
	}
	for _, bad := range []string{``, `[]`, `{"contracts":{}}`} {
		if _, err := metadataTransactions([]byte(bad)); err == nil {
			t.Errorf("metadata %q accepted", bad)
		}
	}
}

func TestParseFlags(t *testing.T) {
	base := []string{"-org-dir", "o", "-data", "d"}
	o, code := parseFlags(append(base, "-schemes", "bbs+2020", "-modes", "single,batch", "-peer2", ""), io.Discard)
	if o == nil || code != 0 {
		t.Fatalf("valid flags refused: %d", code)
	}
	if len(o.Peers) != 1 || len(o.Schemes) != 1 || len(o.modes) != 2 || o.modes[1].tx != "SubmitProofs" || len(o.Users) != 2 {
		t.Errorf("options = %+v", o)
	}
	o, code = parseFlags(append(base, "-modes", "cred=growth/step-1/cred.jsonl,single", "-rate", "2"), io.Discard)
	if o == nil || code != 0 || len(o.modes) != 2 || o.modes[0] != (mode{"cred", "growth/step-1/cred.jsonl", ""}) || o.modes[1].tx != "SubmitProof" || o.rate != 2 {
		t.Errorf("NAME=FILE modes: %+v, %d", o, code)
	}
	for _, bad := range [][]string{
		{},
		append(base, "-modes", "x=/etc/passwd"),
		append(base, "-modes", "x=../y.jsonl"),
		append(base, "-modes", "=y.jsonl"),
		append(base, "-modes", "x="),
		append(base, "-rate", "-1"),
		append(base, "-peer1", "192.168.1.2:7051"),
		append(base, "-schemes", "rsa"),
		append(base, "-modes", "heavy"),
		append(base, "-inflight", "0"),
		append(base, "-users", ","),
		append(base, "extra"),
	} {
		if o, code := parseFlags(bad, io.Discard); o != nil || code != 2 {
			t.Errorf("parseFlags(%q) = %v, %d; want usage error", bad, o, code)
		}
	}
}

func TestWriteRatios(t *testing.T) {
	sums := []engine.Summary{
		{Scheme: "a", Mode: "light", TxPerSecond: 250},
		{Scheme: "a", Mode: "single", TxPerSecond: 200, ProofsPerSec: 200},
		{Scheme: "a", Mode: "batch", TxPerSecond: 40, ProofsPerSec: 1280},
		{Scheme: "b", Mode: "light", TxPerSecond: 300},
		{Scheme: "b", Mode: "single", TxPerSecond: 150, ProofsPerSec: 150},
		{Scheme: "b", Mode: "batch", NA: "contract has no SubmitProofs"},
		{Scheme: "c", Mode: "single", TxPerSecond: 150, ProofsPerSec: 150},
	}
	var buf strings.Builder
	writeRatios(&buf, sums)
	want := "a:  SubmitProof tx/s = 80% of the light write's  SubmitProofs verified proofs/s = 6.4x SubmitProof's\n" +
		"b:  SubmitProof tx/s = 50% of the light write's\n"
	if buf.String() != want {
		t.Errorf("writeRatios:\n%s\nwant:\n%s", buf.String(), want)
	}
}

func TestWriteResults(t *testing.T) {
	dir := t.TempDir() + "/r"
	recs := []engine.Record{{Outcome: engine.Committed, Result: []byte(`{"version":1}`)}, {Outcome: engine.Rejected},
		{Outcome: engine.Committed, Result: []byte(`{"version":3}`)}}
	if err := writeResults(dir, recs); err != nil {
		t.Fatal(err)
	}
	entries, err := os.ReadDir(dir)
	if err != nil || len(entries) != 2 || entries[0].Name() != "000001.json" || entries[1].Name() != "000003.json" {
		t.Fatalf("%v %v", entries, err)
	}
	if b, _ := os.ReadFile(dir + "/000003.json"); string(b) != `{"version":3}` {
		t.Errorf("000003.json: %s", b)
	}
}
