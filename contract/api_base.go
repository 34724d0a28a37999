// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/base"

// Errors of the contract; use errors.Is to test for them. They are those
// of the rooms' shared base (contract/internal/base).
var (
	// ErrInvalidArgument means a transaction argument is malformed or over
	// a limit.
	ErrInvalidArgument = base.ErrInvalidArgument
	// ErrNotFound means an issuer, a policy (version) or a verification
	// does not exist.
	ErrNotFound = base.ErrNotFound
	// ErrExists means an issuer or policy ID is taken.
	ErrExists = base.ErrExists
	// ErrAccessDenied means the submitter may not change an issuer or a
	// policy.
	ErrAccessDenied = base.ErrAccessDenied
	// ErrRevoked means an issuer or key is revoked.
	ErrRevoked = base.ErrRevoked
	// ErrReplay means a nonce was already used with the verifying key.
	ErrReplay = base.ErrReplay
	// ErrRetired means a verification policy is retired.
	ErrRetired = base.ErrRetired
	// ErrPolicyNotSatisfied means a request does not satisfy the
	// verification policy it names.
	ErrPolicyNotSatisfied = base.ErrPolicyNotSatisfied
	// ErrProofRejected means SubmitProof was given a proof that does not
	// verify.
	ErrProofRejected = base.ErrProofRejected
	// ErrUntrusted means a record the call needs exists but is not believed
	// (package records): it was written around the contract.
	ErrUntrusted = base.ErrUntrusted
	// ErrNotConfigured means the channel has no endorsement configuration
	// yet: SetEndorsementConfig must run before any issuer or policy is
	// created.
	ErrNotConfigured = base.ErrNotConfigured
	// ErrPseudonymUsed means a pseudonym has already been used as often as
	// the limit allows in its context.
	ErrPseudonymUsed = base.ErrPseudonymUsed
)

// ErrorCode returns the code of err as the contract reports it: that of
// the first sentinel err wraps, codes.Internal if none; "" for nil.
func ErrorCode(err error) string { return base.ErrorCode(err) }

// AdminAttribute is the certificate attribute that lets an identity of an
// issuer owner's MSP act for the owner, when its value is "true".
const AdminAttribute = base.AdminAttribute

// MaxIdentityIDLength is the longest client identity ID (cid.GetID:
// base64 of the certificate's subject and issuer names) of a
// submitter, in bytes: it is stored as a record's owner or submitter.
const MaxIdentityIDLength = base.MaxIdentityIDLength

// MaxEndorsementOrgs is the most organisations an endorsement
// configuration may name; MaxMSPIDLength the longest MSP ID.
const (
	MaxEndorsementOrgs = base.MaxEndorsementOrgs
	MaxMSPIDLength     = base.MaxMSPIDLength
)

// NodeOUAdmin is the organizational unit that marks an admin certificate
// of an MSP with NodeOUs enabled (Fabric's default AdminOUIdentifier:
// cryptogen with EnableNodeOUs gives Admin@ certificates OU=admin, Fabric
// CA identities of type admin get it).
const NodeOUAdmin = base.NodeOUAdmin

// Owner is the identity that registered an issuer: its MSP and its client
// identity ID (as Fabric's client-identity library computes it; see
// request.SubmitterID).
type Owner = base.Owner

// MaxTxIDLength is the longest transaction ID GetVerification accepts.
const MaxTxIDLength = base.MaxTxIDLength

// MaxSettingsSize is the largest settings argument of SetIssuerSettings,
// in bytes of JSON.
const MaxSettingsSize = base.MaxSettingsSize
