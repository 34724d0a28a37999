// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement that are part of this package's API.

// EndorsementModeAnd requires a peer of the owner's MSP and a peer of
// every organisation the configuration names.
const EndorsementModeAnd = endorsement.EndorsementModeAnd

// EndorsementModeOwner requires a peer of the owner's MSP only: the
// owner's organisation alone can then rewrite its records, whatever
// the chaincode's endorsement policy.
const EndorsementModeOwner = endorsement.EndorsementModeOwner

// MaxEndorsementHistory is the most earlier endorsement configurations
// the stored configuration keeps (each distinct mode and organisations
// once): records written under any of them stay believed. A change that
// would need one more is refused.
const MaxEndorsementHistory = endorsement.MaxEndorsementHistory

// EndorsementConfig is the channel's endorsement configuration: the
// key-level endorsement policy that the contract puts on every record an
// owner creates, and who may change the configuration.
type EndorsementConfig = endorsement.EndorsementConfig

// EndorsementApprovals is GetEndorsementApprovals' answer: the current
// configuration, its generation (the number of changes applied) and, for
// each of its organisations, in its order, what its approval slot holds.
type EndorsementApprovals = endorsement.EndorsementApprovals

// EndorsementApproval is one organisation's approval slot: the last
// change of the configuration an admin of the organisation approved.
type EndorsementApproval = endorsement.EndorsementApproval
