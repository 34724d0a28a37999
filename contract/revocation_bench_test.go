// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"strconv"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
)

// BenchmarkRevocation measures, through the chaincode (simulated, not
// committed, so every iteration sees the same state), the cost of the
// revocation rules and of status-list changes:
//
//   - VerifyProof of one credential under a policy without revocation
//     rules and under one with validity, epoch and status rules;
//   - UpdateStatusList setting one entry; 64 entries in 64 pages, the
//     most one change touches; and a hostile change of 64 entries whose
//     last is already set, refused after reading every page.
func BenchmarkRevocation(b *testing.B) {
	t := &testing.T{}
	e := newRevEnv(t)
	e.asDeployed()
	must := func(r fakestub.Result) {
		if !r.Committed {
			b.Fatal(r.Response.GetMessage())
		}
	}
	must(e.submit(e.alice, "CreatePolicy", `{"id":"plain","issuers":[{"id":"uni"}],"messageCount":5}`))
	must(e.submit(e.alice, "CreatePolicy", `{"id":"all","issuers":[{"id":"uni"}],"messageCount":5,`+
		`"validity":{"validFrom":1,"validUntil":2},"epoch":{"index":3},"status":{"index":4,"list":"revocation"}}`))
	must(e.submit(e.alice, "SetIssuerEpoch", "uni", "5"))
	must(e.submit(e.alice, "CreateStatusList", "uni", "revocation", "revocation", "1048576"))
	c := e.credential("2026-01-01T00:00:00Z", "2027-01-01T00:00:00Z", "5", "524288")
	plain, all := e.request(c, "plain"), e.request(c, "all")
	spread := make([]int, 64)
	for i := range spread {
		spread[i] = i * 8192
	}
	must(e.submit(e.alice, "UpdateStatusList", "uni", "revocation", `{"set":[`+strconv.Itoa(63*8192)+`]}`))
	wide := changeOfIndices(spread[:63], 63*8192+1)
	hostile := changeOfIndices(spread[:63], 63*8192)
	for _, bc := range []struct {
		name string
		fn   string
		args []string
		ok   bool
	}{
		{"VerifyProof/no-revocation-rules", "VerifyProof", []string{plain}, true},
		{"VerifyProof/validity+epoch+status", "VerifyProof", []string{all}, true},
		{"UpdateStatusList/1-entry", "UpdateStatusList", []string{"uni", "revocation", `{"set":[7]}`}, true},
		{"UpdateStatusList/64-entries-64-pages", "UpdateStatusList", []string{"uni", "revocation", wide}, true},
		{"UpdateStatusList/hostile-64-last-already-set", "UpdateStatusList", []string{"uni", "revocation", hostile}, false},
	} {
		b.Run(bc.name, func(b *testing.B) {
			for b.Loop() {
				r := e.evaluate(e.alice, bc.fn, bc.args...)
				if r.OK() != bc.ok {
					b.Fatalf("%s: %s", bc.name, r.Response.GetMessage())
				}
			}
		})
	}
}

func changeOfIndices(first []int, last int) string {
	s := `{"set":[`
	for _, i := range first {
		s += strconv.Itoa(i) + ","
	}
	return s + strconv.Itoa(last) + `]}`
}
