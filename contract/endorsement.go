// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// SetEndorsementConfig sets the channel's endorsement configuration from
// config, a JSON object {"mode": "and" | "owner", "orgs": [MSP ID, ...]},
// or approves a change of it. It must run directly (not through another
// chaincode).
//
// The first configuration is first come, first served, under the
// chaincode's endorsement policy: it must name the submitter's MSP, and
// the organisations read it (GetEndorsementConfig) before they create
// records. It carries the key-level policy AND(a peer of each of its
// orgs), and the transaction creates one approval slot per organisation,
// each under the key-level policy of that organisation's peer.
//
// A change needs an admin (see submitter.orgAdmin) of each organisation of
// the current configuration to submit SetEndorsementConfig with the same
// configuration: each submission records its organisation's approval in
// its slot (a peer of its organisation must endorse it), and the one that
// finds every organisation's approval of the current generation and this
// configuration applies it (a peer of each current organisation must
// endorse that one) and returns the new configuration. Until then it
// returns the current configuration unchanged; GetEndorsementApprovals
// shows the approvals. Submitting the current configuration again changes
// nothing and writes nothing. Records keep the policy they were created or
// last changed with until their next change.
func (c *Contract) SetEndorsementConfig(ctx contractapi.TransactionContextInterface, config string) (*EndorsementConfig, error) {
	return endorsement.SetConfig(ctx, config)
}

// GetEndorsementConfig returns the channel's endorsement configuration
// (ErrNotConfigured if there is none).
func (c *Contract) GetEndorsementConfig(ctx contractapi.TransactionContextInterface) (*EndorsementConfig, error) {
	return endorsement.GetConfig(ctx)
}

// GetEndorsementApprovals returns the channel's endorsement configuration
// with the approval slot of each of its organisations: a change of the
// configuration applies when the slot of every organisation approves it
// (same configSha256, current true). ErrNotConfigured if the channel has
// no configuration; ErrUntrusted if a slot was written around the
// contract.
func (c *Contract) GetEndorsementApprovals(ctx contractapi.TransactionContextInterface) (*EndorsementApprovals, error) {
	return endorsement.GetApprovals(ctx)
}
