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
