// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// TestOwnerOrgMustEndorsePolicyChanges: a change of an Org1 policy
// endorsed by Org2's peer alone (a peer that skips the owner checks, or
// runs other code) is refused at commit, whatever the chaincode policy.
// Under OR(Org1, Org2), Org1's peer alone commits it. Under the test
// network's AND(Org1, Org2), as test-network/e2e/policies.sh shows on real
// peers, RetirePolicy (which only rewrites the policy record, under Org1's
// key-level policy) is valid endorsed by Org1 alone, but UpdatePolicy is
// not: it also writes the new version's document under a key without a
// committed key-level policy, which falls under the chaincode policy. Both
// orgs' peers endorse an update.
func TestOwnerOrgMustEndorsePolicyChanges(t *testing.T) {
	update := []string{"poll-1", policyDoc("poll-1", `"minNonceLength":8`)}
	for _, c := range []struct {
		name      string
		orgs      int // of Org1 and Org2 that the chaincode policy requires
		fn        string
		args      []string
		org1Alone peer.TxValidationCode
	}{
		{"OR/UpdatePolicy", 1, "UpdatePolicy", update, peer.TxValidationCode_VALID},
		{"OR/RetirePolicy", 1, "RetirePolicy", []string{"poll-1"}, peer.TxValidationCode_VALID},
		{"AND/UpdatePolicy", 2, "UpdatePolicy", update, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE},
		{"AND/RetirePolicy", 2, "RetirePolicy", []string{"poll-1"}, peer.TxValidationCode_VALID},
	} {
		t.Run(c.name, func(t *testing.T) {
			e, _ := createdPolicy(t)
			e.ledger.ChaincodePolicy = fakestub.MSPPolicy(c.orgs, "Org1MSP", "Org2MSP")
			head := policyKeys(t, e, "poll-1")[0]
			before := e.ledger.State(head)

			r := e.submitAs([]string{"Org2MSP"}, e.alice, c.fn, c.args...)
			require.True(t, r.OK(), "the chaincode endorses: %s", r.Response.GetMessage())
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, r.ValidationDetail)
			require.Equal(t, before, e.ledger.State(head))
			r = e.submitAs([]string{"Org1MSP"}, e.alice, c.fn, c.args...)
			require.Equal(t, c.org1Alone, r.Validation, r.ValidationDetail)
			if c.org1Alone != peer.TxValidationCode_VALID {
				require.Equal(t, before, e.ledger.State(head))
				r = e.submitAs([]string{"Org1MSP", "Org2MSP"}, e.alice, c.fn, c.args...)
				require.Equal(t, peer.TxValidationCode_VALID, r.Validation, r.ValidationDetail)
			}
			require.NotEqual(t, before, e.ledger.State(head))
		})
	}
}
