// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
)

// nymLines are n pseudonym races of 4 requests (loadgen nym.jsonl).
func nymLines(scheme string, n int) []line {
	var out []line
	for r := 0; r < n; r++ {
		for k := 0; k < 4; k++ {
			out = append(out, line{Tx: engine.Tx{Name: "SubmitProof", Args: []string{fmt.Sprintf("%s-nym-%d-%d", scheme, r, k)}},
				Class: "nym", Group: fmt.Sprintf("%s/nym/%d", scheme, r*4+k), KeySHA256: "k", NonceSHA256: fmt.Sprint(r*4 + k),
				Race: fmt.Sprintf("%s/race/%d", scheme, r), Pseudonym: "P" + fmt.Sprint(r), Context: "C" + fmt.Sprint(r)})
		}
	}
	return out
}

// A race's requests are sent one after the other (so the engine gives
// them to consecutive clients: every client, both peers), though the
// schemes' lines are interleaved; each is sent once, never replayed; when
// the clients saw none of a race commit, the recovery proposes one of it
// again, and none once one was seen.
func TestPlanRaces(t *testing.T) {
	a := interleave(makeLines("a", 36), nymLines("a", 2))
	b := interleave(makeLines("b", 36), nymLines("b", 2))
	p := makePlan([][]line{a, b}, 2, 10)
	pos := map[string][]int{}
	sent := map[int]int{}
	for k, it := range p.items {
		sent[it.req]++
		if r := p.reqs[it.req].Race; r != "" {
			if it.kind != "original" {
				t.Errorf("race %s: a %s", r, it.kind)
			}
			pos[r] = append(pos[r], k)
		}
	}
	if len(pos) != 4 {
		t.Fatalf("races %v, want 4", pos)
	}
	for r, ks := range pos {
		if len(ks) != 4 || ks[3]-ks[0] != 3 {
			t.Errorf("race %s at items %v, want 4 consecutive", r, ks)
		}
	}
	for i, r := range p.reqs {
		if r.Race != "" && sent[i] != 1 {
			t.Errorf("%s sent %d times", r.Group, sent[i])
		}
	}
	if got := nymUsesArgs(p, "a/race/1"); len(got) != 2 || got[0] != "C1" || got[1] != "P1" {
		t.Errorf("GetPseudonymUses arguments %q, want the context C1, then the pseudonym P1", got)
	}
	p.markUnsent(nil)
	p.unsent = map[int]bool{}
	race := func(name string) []int {
		var out []int
		for i, r := range p.reqs {
			if r.Race == name {
				out = append(out, i)
			}
		}
		return out
	}
	a0, a1 := race("a/race/0"), race("a/race/1")
	// a/race/0: one seen committed; a/race/1: all refused (no answer seen VALID).
	for k, i := range a0 {
		rec := engine.Record{TxID: fmt.Sprint("a0-", k), Outcome: engine.Rejected}
		if k == 2 {
			rec.Outcome = engine.Committed
		}
		p.record(i, "original", rec)
	}
	for k, i := range a1 {
		p.record(i, "original", engine.Record{TxID: fmt.Sprint("a1-", k), Outcome: engine.Rejected})
	}
	var got []string
	for _, i := range p.unrecorded() {
		if p.reqs[i].Race != "" {
			got = append(got, p.reqs[i].Group)
		}
	}
	// b's races were never recorded either (no transaction): one each.
	sort.Strings(got)
	if want := p.reqs[a1[0]].Group + " " + p.reqs[race("b/race/0")[0]].Group + " " + p.reqs[race("b/race/1")[0]].Group; strings.Join(got, " ") != want {
		t.Errorf("recovery of races %q, want %q", got, want)
	}
}

// The cross-check of GetPseudonymUses: one use, sequence 1, by the
// recorded transaction.
func TestNymUsesProblem(t *testing.T) {
	one := `{"context":"QQ==","pseudonym":"Qg==","uses":[{"txId":"t1","sequence":1}],"count":1,"more":false}`
	for _, tt := range []struct {
		b, want string
		ok      bool
	}{
		{one, "t1", true},
		{one, "t2", false},
		{one, "", false},
		{`{"uses":[],"count":0}`, "t1", false},
		{`{"uses":[{"txId":"t1","sequence":1},{"txId":"t2","sequence":2}],"count":2}`, "t1", false},
		{`{"uses":[{"txId":"t1","sequence":2}],"count":1}`, "t1", false},
		{`not json`, "t1", false},
	} {
		if got := nymUsesProblem("r", []byte(tt.b), tt.want); (got == "") != tt.ok {
			t.Errorf("nymUsesProblem(%s, %q) = %q, ok want %v", tt.b, tt.want, got, tt.ok)
		}
	}
}

func TestReadNymLines(t *testing.T) {
	nym := `{"tx":"SubmitProof","args":["{}"],"class":"nym","group":"g","keySha256":"` + hashA + `","nonceSha256":"` + hashA +
		`","race":"r","pseudonym":"UA==","context":"Qw==","contextSha256":"` + hashA + `","pseudonymHex":"50"}`
	for _, tt := range []struct {
		name, in string
		ok       bool
	}{
		{"a nym line", nym, true},
		{"without its race", strings.Replace(nym, `"race":"r"`, `"race":""`, 1), false},
		{"without its pseudonym", strings.Replace(nym, `"pseudonym":"UA=="`, `"pseudonym":""`, 1), false},
		{"without its context hash", strings.Replace(nym, `"contextSha256":"`+hashA+`"`, `"contextSha256":"ab"`, 1), false},
		{"a race on a valid line", strings.Replace(nym, `"class":"nym"`, `"class":"valid"`, 1), false},
	} {
		ls, err := readLines(strings.NewReader(tt.in))
		if (err == nil) != tt.ok || (tt.ok && (len(ls) != 1 || ls[0].Race != "r" || ls[0].PseudonymHex != "50")) {
			t.Errorf("%s: %+v, %v", tt.name, ls, err)
		}
	}
}

// Credentials (cred.jsonl): SubmitCredential lines of class credential;
// replayed as valid requests are, proposed again while none was seen
// committed.
func TestPlanCredentials(t *testing.T) {
	cl := `{"tx":"SubmitCredential","args":["{}"],"class":"credential","group":"g","keySha256":"` + hashA + `","nonceSha256":"` + hashA + `"}`
	if _, err := readLines(strings.NewReader(cl)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{strings.Replace(cl, "SubmitCredential", "SubmitProof", 1), strings.Replace(cl, `"class":"credential"`, `"class":"valid"`, 1)} {
		if _, err := readLines(strings.NewReader(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
	var ls []line
	for i := 0; i < 36; i++ {
		ls = append(ls, line{Tx: engine.Tx{Name: "SubmitCredential", Args: []string{fmt.Sprint("c", i)}}, Class: "credential",
			Group: fmt.Sprint("c/", i), KeySHA256: "k", NonceSHA256: fmt.Sprint(i)})
	}
	p := makePlan([][]line{ls}, 0, 5)
	replays := 0
	for _, it := range p.items {
		if it.kind == "replay" {
			replays++
		}
	}
	if replays != 36/9 {
		t.Errorf("%d replays of 36 credentials, want 4", replays)
	}
	p.markUnsent(nil)
	p.unsent = map[int]bool{}
	p.record(0, "original", engine.Record{TxID: "t0", Outcome: engine.Committed})
	if got := len(p.unrecorded()); got != 35 {
		t.Errorf("%d credentials to recover, want 35", got)
	}
}

// The status update: read from status-change.jsonl where there is one;
// each status request is ordered against its scheme's update.
func TestStatusChanges(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, d := range []string{a, b} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(b, "status-change.jsonl"), []byte(`{"tx":"UpdateStatusList","args":["i","l","{\"set\":[42]}"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readStatusChanges([]string{a, b})
	if err != nil || len(got) != 2 || got[0] != nil || got[1] == nil || got[1].Args[2] != `{"set":[42]}` {
		t.Fatalf("readStatusChanges = %v, %v", got, err)
	}
	if err := os.WriteFile(filepath.Join(a, "status-change.jsonl"), []byte(`{"tx":"RevokeIssuerKey","args":["i","1"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readStatusChanges([]string{a, b}); err == nil {
		t.Error("a status change that is not an UpdateStatusList accepted")
	}
	ls := []line{{Tx: engine.Tx{Name: "SubmitCredential", Args: []string{"s"}}, Class: "status", Group: "s", KeySHA256: "k", NonceSHA256: "n"}}
	p := makePlan([][]line{nil, ls}, 0, 5)
	ic := &issuerChange{rotations: []string{"", ""}, revocations: []string{"", ""}, updates: []string{"", "up"}}
	orderChanges(p, ic)
	if p.reqs[0].NotAfter != "up" {
		t.Errorf("status request ordered against %q, want up", p.reqs[0].NotAfter)
	}
	ic.updates[1] = ""
	orderChanges(p, ic)
	if p.reqs[0].NotAfter != "(not committed)" {
		t.Errorf("status request ordered against %q, want (not committed)", p.reqs[0].NotAfter)
	}
}

// A status request refused as revoked before the update was even sent is
// a problem (its entry was clear); one refused after it, or for another
// cause, or of another class, is not.
func TestEarlyRefusals(t *testing.T) {
	t0 := time.Date(2026, 12, 1, 17, 0, 0, 0, time.UTC)
	rec := func(class, cause string, at time.Duration) engine.Record {
		return engine.Record{TxID: class + cause + at.String(), Class: class, Outcome: engine.Rejected, Cause: cause, Start: t0.Add(at), Latency: time.Second}
	}
	recs := []engine.Record{
		rec("status", "policy-not-satisfied", 0),              // answered at +1 s: before the update (+10 s)
		rec("status", "policy-not-satisfied", 20*time.Second), // after
		rec("status", "error", 0),
		rec("valid", "policy-not-satisfied", 0),
		{TxID: "c", Class: "status", Outcome: engine.Committed, Start: t0},
	}
	got := earlyRefusals(recs, t0.Add(10*time.Second))
	if len(got) != 1 || !strings.Contains(got[0], "statuspolicy-not-satisfied0s refused at 17:00:01.0, before the status update was sent (17:00:10.0)") {
		t.Errorf("earlyRefusals = %q", got)
	}
	if got := earlyRefusals(recs, time.Time{}); len(got) != 2 {
		t.Errorf("without an update: %q, want both refusals", got)
	}
}

// The accumulator revocation (acc-change.jsonl): read like a status
// change, sent by the issuer-change fault after the status updates,
// ordering the acc-revoked requests; the revoked holder refused by the
// contract before the RevokeHandle was sent is a problem.
func TestAccChanges(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a"), filepath.Join(dir, "b")
	for _, d := range []string{a, b} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(b, "acc-change.jsonl"), []byte(`{"tx":"RevokeHandle","args":["i","cmVt"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readAccChanges([]string{a, b})
	if err != nil || len(got) != 2 || got[0] != nil || got[1] == nil || got[1].Args[1] != "cmVt" {
		t.Fatalf("readAccChanges = %v, %v", got, err)
	}
	if err := os.WriteFile(filepath.Join(a, "acc-change.jsonl"), []byte(`{"tx":"UpdateStatusList","args":["i","l","{}"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readAccChanges([]string{a, b}); err == nil {
		t.Error("an accumulator change that is not a RevokeHandle accepted")
	}
	ls := []line{{Tx: engine.Tx{Name: "SubmitProof", Args: []string{"s"}}, Class: "acc-revoked", Group: "r", KeySHA256: "k", NonceSHA256: "n"},
		{Tx: engine.Tx{Name: "SubmitProof", Args: []string{"o"}}, Class: "acc-other", Group: "o", KeySHA256: "k", NonceSHA256: "m"}}
	p := makePlan([][]line{nil, ls}, 0, 5)
	ic := &issuerChange{rotations: []string{"", ""}, revocations: []string{"", ""}, accRevocations: []string{"", "rev"}}
	orderChanges(p, ic)
	if p.reqs[0].NotAfter != "rev" || p.reqs[1].NotAfter != "" {
		t.Errorf("acc requests ordered against %q and %q, want rev and none", p.reqs[0].NotAfter, p.reqs[1].NotAfter)
	}
	if !mustRecord("acc-other") || mustRecord("acc-revoked") {
		t.Error("acc-other must be recorded, acc-revoked may be")
	}
	t0 := time.Date(2026, 12, 1, 17, 0, 0, 0, time.UTC)
	rec := func(class, cause string, at time.Duration) engine.Record {
		return engine.Record{TxID: class + cause + at.String(), Class: class, Outcome: engine.Rejected, Cause: cause, Start: t0.Add(at), Latency: time.Second}
	}
	recs := []engine.Record{rec("acc-revoked", "policy-not-satisfied", 0), rec("acc-revoked", "policy-not-satisfied", 20*time.Second),
		rec("acc-revoked", "unavailable", 0), rec("acc-revoked", "invalid:MVCC_READ_CONFLICT", 0), rec("acc-other", "policy-not-satisfied", 0)}
	if got := earlyAccRefusals(recs, t0.Add(10*time.Second)); len(got) != 1 || !strings.Contains(got[0], "acc-revokedpolicy-not-satisfied0s refused policy-not-satisfied") {
		t.Errorf("earlyAccRefusals = %q", got)
	}
}

// The epoch raise (epoch-change.jsonl): read like the other changes,
// ordering the epoch-old requests; an epoch-old proof refused before the
// raise was sent is a problem.
func TestEpochChanges(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "epoch-change.jsonl"), []byte(`{"tx":"SetIssuerEpoch","args":["i","2"]}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readEpochChanges([]string{dir, t.TempDir()})
	if err != nil || len(got) != 2 || got[0] == nil || got[0].Args[1] != "2" || got[1] != nil {
		t.Fatalf("readEpochChanges = %v, %v", got, err)
	}
	if _, err := readAccChanges([]string{dir}); err != nil {
		t.Fatalf("no acc-change.jsonl: %v", err)
	}
	ls := []line{{Tx: engine.Tx{Name: "SubmitProof", Args: []string{"s"}}, Class: "epoch-old", Group: "e", KeySHA256: "k", NonceSHA256: "n"}}
	p := makePlan([][]line{ls}, 0, 5)
	orderChanges(p, &issuerChange{rotations: []string{""}, revocations: []string{""}, epochRaises: []string{"raise"}})
	if p.reqs[0].NotAfter != "raise" || !mustRecord("epoch-new") || mustRecord("epoch-old") {
		t.Errorf("epoch-old ordered against %q", p.reqs[0].NotAfter)
	}
	t0 := time.Date(2026, 12, 1, 17, 0, 0, 0, time.UTC)
	recs := []engine.Record{{TxID: "a", Class: "epoch-old", Outcome: engine.Rejected, Cause: "policy-not-satisfied", Start: t0, Latency: time.Second},
		{TxID: "b", Class: "epoch-old", Outcome: engine.Rejected, Cause: "policy-not-satisfied", Start: t0.Add(20 * time.Second)}}
	if got := earlyEpochRefusals(recs, t0.Add(10*time.Second)); len(got) != 1 || !strings.Contains(got[0], "epoch-old request a refused policy-not-satisfied") {
		t.Errorf("earlyEpochRefusals = %q", got)
	}
}
