// SPDX-License-Identifier: Apache-2.0

// Package endorsement is the room of the channel's endorsement
// configuration: who must endorse a change of an owned record (mode "and"
// or "owner", and the organisations), the per-organisation approval slots
// through which the configured organisations' admins change it, and the
// owner of a new record (NewOwner), who may create one only once the
// channel is configured.
//
// Its transactions are SetEndorsementConfig, GetEndorsementConfig and
// GetEndorsementApprovals (SetConfig, GetConfig, GetApprovals here); the
// configuration's record kinds are records.Endorsement and
// records.EndorsementApproval. It imports base and records only.
package endorsement
