package contract

import (
	"fmt"

	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/statebased"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// setOwnerEndorsement sets a key-level endorsement policy on key: a peer of
// the owner's MSP must endorse every later change of it, whatever the
// chaincode's endorsement policy. The owner checks run in the endorsing
// peer's chaincode; this policy makes the committing peers demand that the
// endorsement comes from the owner's organisation, so another
// organisation's peer alone cannot rewrite the record.
func setOwnerEndorsement(stub shim.ChaincodeStubInterface, key, mspID string) error {
	ep, err := statebased.NewStateEP(nil)
	if err != nil {
		return fmt.Errorf("making the endorsement policy: %w", err)
	}
	if err := ep.AddOrgs(statebased.RoleTypePeer, mspID); err != nil {
		return fmt.Errorf("making the endorsement policy of MSP %s: %w", mspID, err)
	}
	policy, err := ep.Policy()
	if err != nil {
		return fmt.Errorf("making the endorsement policy: %w", err)
	}
	if err := stub.SetStateValidationParameter(key, policy); err != nil {
		return fmt.Errorf("setting the key-level endorsement policy: %w", err)
	}
	return nil
}
