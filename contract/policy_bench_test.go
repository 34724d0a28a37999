// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// BenchmarkSubmitProofPolicy runs one SubmitProof (endorsement only,
// through the fake stub) of an IETF proof: without a policy (none), with a
// policy it satisfies (satisfied: the policy's reads, parse and evaluation
// added to a full verification), and with a policy it does not satisfy
// (unmet: refused before any pairing).
func BenchmarkSubmitProofPolicy(b *testing.B) {
	t := &testing.T{} // see BenchmarkSubmitProofs
	e := newPolicyEnv(t)
	e.asDeployed()
	e.t = t
	e.createPolicy("met", `"messageCount":5,"disclosed":[{"index":2,"equals":`+b64q(string(testMessages[2]))+`}],"minNonceLength":16`)
	e.createPolicy("unmet", `"messageCount":5,"disclosed":[{"index":2,"equals":`+b64q(`{"degree":"PhD"}`)+`}],"minNonceLength":16`)
	for _, c := range []struct {
		name string
		ref  *request.PolicyRef
		ok   bool
	}{
		{"none", nil, true},
		{"satisfied", &request.PolicyRef{ID: "met"}, true},
		{"unmet", &request.PolicyRef{ID: "unmet"}, false},
	} {
		req := jsonArg(t, e.request(nonce24, c.ref))
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":SubmitProof", req)
				require.Equal(b, c.ok, r.OK(), r.Response.GetMessage())
			}
		})
	}
}
