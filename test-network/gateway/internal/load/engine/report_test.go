// SPDX-License-Identifier: Apache-2.0

package engine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

func TestSummarize(t *testing.T) {
	recs := []Record{
		{Outcome: Committed, Proofs: 32, Verified: 31, Latency: ms(100), Block: 9, Retries: map[string]int{"too-many-requests": 2}, Class: "valid"},
		{Outcome: Committed, Proofs: 32, Verified: 32, Latency: ms(300), Block: 9, Class: "valid"},
		{Outcome: Rejected, Cause: "invalid:MVCC_READ_CONFLICT", Block: 10, Class: "valid"},
		{Outcome: Rejected, Cause: "replay", Proofs: 32, Latency: ms(5), Retries: map[string]int{"unavailable": 1}, Class: "replay"},
		{Outcome: Rejected, Cause: "replay", Class: "replay"},
		{Outcome: NotSent, Class: "valid"},
	}
	s := Summarize(recs, 2*time.Second)
	if s.Transactions != 6 || s.Sent != 5 || s.Committed != 2 || s.Rejected != 3 || s.NotSent != 1 || s.Blocks != 1 || s.TxPerBlock != 2 {
		t.Errorf("counts: %+v", s)
	}
	if s.Proofs != 64 || s.VerifiedProofs != 63 || s.TxPerSecond != 1 || s.ProofsPerSec != 31.5 {
		t.Errorf("rates: proofs %d verified %d tx/s %v proofs/s %v", s.Proofs, s.VerifiedProofs, s.TxPerSecond, s.ProofsPerSec)
	}
	if s.Retries != 3 || s.RetriesBy["too-many-requests"] != 2 || s.RetriesBy["unavailable"] != 1 || s.RejectedBy["replay"] != 2 || s.RejectedBy["invalid:MVCC_READ_CONFLICT"] != 1 {
		t.Errorf("causes: retries %d %v rejected %v", s.Retries, s.RetriesBy, s.RejectedBy)
	}
	if s.Latency.P50 != 100 || s.Latency.Max != 300 {
		t.Errorf("latency of committed only: %+v", s.Latency)
	}
	if s.ByClass["replay"]["rejected:replay"] != 2 || s.ByClass["valid"][Committed] != 2 || s.ByClass["valid"][NotSent] != 1 {
		t.Errorf("by class: %v", s.ByClass)
	}
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{`"committedTxPerSecond":1`, `"verifiedProofsPerSecond":31.5`, `"commitLatencyMs":{"p50":100`, `"rejectedBy":{"invalid:MVCC_READ_CONFLICT":1,"replay":2}`, `"blocks":1,"txPerBlock":2`} {
		if !bytes.Contains(b, []byte(k)) {
			t.Errorf("JSON lacks %s: %s", k, b)
		}
	}
	if z := Summarize(nil, 0); z.TxPerSecond != 0 || z.Transactions != 0 {
		t.Errorf("empty run: %+v", z)
	}
}

func TestWriteTable(t *testing.T) {
	sums := []Summary{
		{Scheme: "bbs+2020", Mode: "single", Transactions: 1000, Committed: 998, Rejected: 2, Retries: 5,
			TxPerSecond: 201.34, ProofsPerSec: 201.34, TxPerBlock: 9.87, Latency: Latency{P50: 812.04, P95: 1400, P99: 1650.5},
			RejectedBy: map[string]int{"timeout": 1, "invalid:MVCC_READ_CONFLICT": 1}},
		{Scheme: "bbs+2020", Mode: "batch", NA: "contract has no SubmitProofs"},
		{Scheme: "bbs+2020", Mode: "light", Transactions: 1000, Committed: 600, NotSent: 400},
	}
	var buf bytes.Buffer
	if err := WriteTable(&buf, sums); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(buf.String(), "\n"), "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines:\n%s", len(lines), buf.String())
	}
	for _, want := range []string{"scheme", "tx/s", "proofs/s", "p95 ms", "p99 ms"} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("header lacks %q: %s", want, lines[0])
		}
	}
	for _, want := range []string{"single", "998", "201.3", "812.0", "1650.5", "9.9", "invalid:MVCC_READ_CONFLICT=1 timeout=1"} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("row lacks %q: %s", want, lines[1])
		}
	}
	if !strings.Contains(lines[2], "n/a: contract has no SubmitProofs") {
		t.Errorf("n/a row: %s", lines[2])
	}
	if !strings.HasSuffix(lines[3], "  (not sent: 400)") {
		t.Errorf("time-bounded row: %s", lines[3])
	}
}
