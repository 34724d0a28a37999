// SPDX-License-Identifier: Apache-2.0

package soak

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/engine"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/load/gwclient"
	"github.com/fabric-bbs/fabric-bbs/test-network/gateway/internal/soak/account"
)

// A flake once seen: a vanishing client whose first attempt
// fails before its submit (here its dial; on the network its endorsement
// meeting a peer fault) has nothing to resubmit. That is counted on its
// own, not as a problem, and the accounting is told the transaction was
// never submitted; a probe that was submitted and did not commit stays a
// problem.
func TestProbeNotSubmitted(t *testing.T) {
	pr := resubmit(context.Background(), nil, "g", "{}", 0, soakBackoff, nil,
		func() (*gwclient.Client, error) { return nil, errors.New("peer down") })
	if !pr.NotSubmitted || pr.First != "dial: peer down" || pr.failed() {
		t.Fatalf("probe whose dial failed: %+v", pr)
	}
	if s := pr.sent(); s.Kind != account.KindNotSubmitted || s.ClientValid {
		t.Fatalf("its transaction for the accounting: %+v", s)
	}
	endorse := probe{TxID: "t2", First: "endorse: unavailable", NotSubmitted: true}
	lost := probe{TxID: "t3", First: "timeout", Second: "", SecondError: "context deadline exceeded"}
	ok := probe{TxID: "t4", First: "vanished", Second: "VALID", Vanished: true}
	if s := ok.sent(); s.Kind != "resubmit" || !s.ClientValid {
		t.Fatalf("a resubmission that committed: %+v", s)
	}
	p := &plan{resubmits: []int{0, 1}}
	r := &report{Probes: []probe{endorse, ok}, Load: engine.Summary{Committed: 1}, Verdict: account.Verdict{OK: true}}
	r.finish(p)
	if !r.OK || r.NotSubmittedProbes != 1 || len(r.Problems) != 0 {
		t.Fatalf("a probe never submitted made the run fail: ok %v, %d not submitted, problems %v", r.OK, r.NotSubmittedProbes, r.Problems)
	}
	var text bytes.Buffer
	r.text(&text)
	if !strings.Contains(text.String(), "never reached the orderer") || !strings.Contains(text.String(), "not problems): 1") {
		t.Fatalf("text report:\n%s", text.String())
	}
	r = &report{Probes: []probe{endorse, lost}, Load: engine.Summary{Committed: 1}, Verdict: account.Verdict{OK: true}}
	r.finish(p)
	if r.OK || len(r.Problems) != 1 || !strings.Contains(r.Problems[0], "resubmission of t3") {
		t.Fatalf("a submitted probe that did not commit: ok %v, problems %v", r.OK, r.Problems)
	}
}
