package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// TestPolicyChangesUnderAndPolicy: under the test network's chaincode policy
// AND(Org1, Org2), as test-network/e2e-policies.sh shows on real peers,
// RetirePolicy (which only rewrites the policy record, under Org1's
// key-level policy) is valid endorsed by the owner's org alone, but
// UpdatePolicy is not: it also writes the new version's document under a key
// without a committed key-level policy, which falls under the chaincode
// policy. Both orgs' peers endorse an update.
func TestPolicyChangesUnderAndPolicy(t *testing.T) {
	for _, c := range []struct {
		fn        string
		args      []string
		org1Alone peer.TxValidationCode
	}{
		{"UpdatePolicy", []string{"poll-1", policyDoc("poll-1", `"minNonceLength":8`)}, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE},
		{"RetirePolicy", []string{"poll-1"}, peer.TxValidationCode_VALID},
	} {
		t.Run(c.fn, func(t *testing.T) {
			e, _ := createdPolicy(t)
			e.ledger.ChaincodePolicy = fakestub.MSPPolicy(2, "Org1MSP", "Org2MSP")
			head := policyKeys(t, e, "poll-1")[0]
			before := e.ledger.State(head)

			r := e.submitAs([]string{"Org2MSP"}, e.alice, c.fn, c.args...)
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, r.ValidationDetail)
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
