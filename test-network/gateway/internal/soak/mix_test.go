// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"context"
	"errors"
	"fmt"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/fabconn"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/hyperledger/fabric-protos-go-apiv2/gateway"
	"google.golang.org/grpc/codes"
	"google.golang.org/grpc/status"
)

// batchLine is a mix.jsonl batch line of n items.
func batchLine(group string, n int) string {
	hs := make([]string, n)
	for i := range hs {
		hs[i] = fmt.Sprintf("%q", hashA)
	}
	return fmt.Sprintf(`{"tx":"SubmitProofs","args":["[]"],"proofs":%d,"class":"batch","group":%q,"keySha256":%q,"batchNonceSha256s":[%s]}`,
		n, group, hashA, strings.Join(hs, ","))
}

func TestReadMixLines(t *testing.T) {
	tests := []struct {
		name, in string
		n        int // lines read; -1: error
	}{
		{"a batch, an old-key and a new-key line", batchLine("b", 4) + "\n" + soakLine("old-key", "o") + "\n" + soakLine("new-key", "n"), 3},
		{"a batch that is a SubmitProof", strings.Replace(batchLine("b", 2), "SubmitProofs", "SubmitProof", 1), -1},
		{"a batch without nonce hashes", batchLine("b", 0), -1},
		{"a batch of 65", batchLine("b", 65), -1},
		{"a batch with a short nonce hash", `{"tx":"SubmitProofs","args":["[]"],"class":"batch","group":"b","keySha256":"` + hashA + `","batchNonceSha256s":["ab"]}`, -1},
		{"a batch without its key hash", `{"tx":"SubmitProofs","args":["[]"],"class":"batch","group":"b","batchNonceSha256s":["` + hashA + `"]}`, -1},
		{"an old-key line without hashes", `{"tx":"SubmitProof","args":["x"],"class":"old-key","group":"g"}`, -1},
	}
	for _, tt := range tests {
		ls, err := readLines(strings.NewReader(tt.in))
		if (err != nil) != (tt.n < 0) || (err == nil && len(ls) != tt.n) {
			t.Errorf("%s: %d lines, %v; want %d", tt.name, len(ls), err, tt.n)
		}
	}
}

func TestInterleave(t *testing.T) {
	mk := func(prefix string, n int) []line {
		out := make([]line, n)
		for i := range out {
			out[i].Group = fmt.Sprintf("%s%d", prefix, i)
		}
		return out
	}
	groups := func(ls []line) string {
		var s []string
		for _, l := range ls {
			s = append(s, l.Group)
		}
		return strings.Join(s, " ")
	}
	for _, tt := range []struct {
		ls, extra int
		want      string
	}{
		{6, 2, "s0 s1 m0 s2 s3 m1 s4 s5"},
		{3, 0, "s0 s1 s2"},
		{0, 2, "m0 m1"},
		{2, 3, "s0 m0 m1 s1 m2"},
	} {
		if got := groups(interleave(mk("s", tt.ls), mk("m", tt.extra))); got != tt.want {
			t.Errorf("interleave(%d, %d) = %q, want %q", tt.ls, tt.extra, got, tt.want)
		}
	}
}

// A batch is recorded for its client only when its answer says every item
// was valid; its transaction, recovery included, is a SubmitProofs of its
// proofs; old-key requests are not proposed again, new-key ones are.
func TestPlanMix(t *testing.T) {
	ls := []line{
		{Tx: engine.Tx{Name: "SubmitProofs", Args: []string{"[a,b]"}}, Class: "batch", Group: "b", KeySHA256: "k", BatchNonceSHA256s: []string{"n1", "n2"}},
		{Tx: engine.Tx{Name: "SubmitProof", Args: []string{"o"}}, Class: "old-key", Group: "o", KeySHA256: "k1", NonceSHA256: "n3"},
		{Tx: engine.Tx{Name: "SubmitProof", Args: []string{"n"}}, Class: "new-key", Group: "n", KeySHA256: "k2", NonceSHA256: "n4"},
	}
	p := makePlan([][]line{ls}, 0, 200)
	txs := p.txs()
	if len(txs) != 3 || txs[0].Name != "SubmitProofs" || txs[0].Proofs != 2 || txs[0].Args[0] != "[a,b]" || txs[1].Proofs != 1 {
		t.Fatalf("txs %+v", txs)
	}
	p.record(0, "original", engine.Record{TxID: "t1", Outcome: engine.Committed, Result: []byte(`{"count":2,"validCount":1}`)})
	p.record(0, "original", engine.Record{TxID: "t2", Outcome: engine.Committed, Result: []byte(`not json`)})
	p.record(1, "original", engine.Record{TxID: "t3", Outcome: engine.Rejected})
	p.record(2, "original", engine.Record{TxID: "t4", Outcome: engine.Rejected})
	p.markUnsent(nil)
	p.unsent = map[int]bool{}
	if got := fmt.Sprint(p.unrecorded()); got != "[0 2]" {
		t.Errorf("unrecorded = %s, want [0 2] (the batch, the new-key request)", got)
	}
	p.record(0, "recovery", engine.Record{TxID: "t5", Outcome: engine.Committed, Result: []byte(`{"count":2,"validCount":2}`)})
	if s := p.reqs[0].Sent; len(s) != 3 || s[0].ClientValid || s[1].ClientValid || !s[2].ClientValid {
		t.Errorf("batch sent %+v; want only t5 recorded for the client", s)
	}
	if got := fmt.Sprint(p.unrecorded()); got != "[2]" {
		t.Errorf("unrecorded = %s, want [2]", got)
	}
	ic := &issuerChange{rotations: []string{"rot"}, revocations: []string{""}}
	orderChanges(p, ic)
	if p.reqs[1].NotAfter != "(not committed)" || p.reqs[2].NotBefore != "rot" || p.reqs[0].NotBefore != "" || p.reqs[0].NotAfter != "" {
		t.Errorf("orders %+v", p.reqs)
	}
}

func TestReadIssuerChanges(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, d := range []string{a, b} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if got, err := readIssuerChanges([]string{a, b}); got != nil || err != nil {
		t.Fatalf("no files: %v, %v", got, err)
	}
	good := `{"tx":"RotateIssuerKey","args":["{\"id\":\"r\"}"]}` + "\n" + `{"tx":"RevokeIssuerKey","args":["r","1"]}` + "\n"
	if err := os.WriteFile(filepath.Join(a, "issuer-change.jsonl"), []byte(good), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readIssuerChanges([]string{a, b}); err == nil {
		t.Error("a file in one dir of two: want an error")
	}
	if got, err := readIssuerChanges([]string{a}); err != nil || len(got) != 1 || got[0][1].Name != "RevokeIssuerKey" {
		t.Errorf("one dir: %v, %v", got, err)
	}
	if err := os.WriteFile(filepath.Join(b, "issuer-change.jsonl"), []byte(`{"tx":"RevokeIssuerKey","args":["r","1"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readIssuerChanges([]string{a, b}); err == nil {
		t.Error("a file without its rotation: want an error")
	}
	if got := shortArgs([]string{`{"id":"rot-1","keyVersion":2,"publicKey":"xxx"}`, "rot-1", "1"}); fmt.Sprint(got) != "[{id rot-1} rot-1 1]" {
		t.Errorf("shortArgs = %v", got)
	}
}

// An issuer-change fault without mix data fails; with it, its steps are the fault's.
func TestInjectIssuerChange(t *testing.T) {
	r := (&injector{}).inject(context.Background(), fault{Kind: "issuer-change"}, 0)
	if !r.Failed || len(r.Steps) != 1 {
		t.Errorf("no change: failed %v steps %+v", r.Failed, r.Steps)
	}
	in := &injector{change: func(context.Context) []step {
		return []step{{Command: "RotateIssuerKey"}, {Command: "RevokeIssuerKey", Error: "x"}}
	}}
	r = in.inject(context.Background(), fault{Kind: "issuer-change"}, 0)
	if !r.Failed || len(r.Steps) != 2 {
		t.Errorf("failed revoke: failed %v steps %+v", r.Failed, r.Steps)
	}
}

// A resubmission's commit status is asked again after a timeout (a view
// change can hold the transaction back longer than one wait), at most
// statusWaits times; other errors end it.
func TestAskStatusAgain(t *testing.T) {
	timeout := status.Error(codes.DeadlineExceeded, "context deadline exceeded")
	if !askStatusAgain(timeout, 0) || !askStatusAgain(context.DeadlineExceeded, statusWaits-2) {
		t.Error("a timeout: want another wait")
	}
	if askStatusAgain(timeout, statusWaits-1) {
		t.Error("the last wait: want no other")
	}
	if askStatusAgain(status.Error(codes.PermissionDenied, "no"), 0) || askStatusAgain(errors.New("x"), 0) {
		t.Error("not a timeout: want no other wait")
	}
}

// The Gateway's quorum error in which every orderer refused the copy as
// already processed means the transaction is ordered; any other does not.
func TestOrderedDespiteSubmitError(t *testing.T) {
	mk := func(code codes.Code, msgs ...string) error {
		st := status.New(code, "insufficient number of orderers could successfully process transaction to satisfy quorum requirement")
		for _, m := range msgs {
			var err error
			if st, err = st.WithDetails(&gateway.ErrorDetail{Address: "127.0.0.1:7050", MspId: "OrdererMSP", Message: m}); err != nil {
				t.Fatal(err)
			}
		}
		return st.Err()
	}
	done := "received unsuccessful response from orderer: status=SERVICE_UNAVAILABLE, info=failed to submit request: request already processed"
	if !fabconn.OrderedDespiteSubmitError(mk(codes.Unavailable, done, done)) {
		t.Error("every refusal already processed: want ordered")
	}
	for name, err := range map[string]error{
		"another refusal too": mk(codes.Unavailable, done, "connection refused"),
		"no details":          mk(codes.Unavailable),
		"another code":        mk(codes.Aborted, done),
		"not gRPC":            errors.New(done),
		"nil":                 nil,
	} {
		if fabconn.OrderedDespiteSubmitError(err) {
			t.Errorf("%s: want not ordered", name)
		}
	}
}
