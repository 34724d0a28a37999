// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// evaluatePolicy evaluates the request's policy, if it names one, on what
// the request and the registry say (policy.Evaluate), once every check of
// Precheck before it has passed and before any pairing: the nonce is then
// bound to the submitter exactly when the request says bindSubmitter. It
// returns the first unmet rule, or nil, and records it in v. A retired
// policy is unmet (rule "policy"); so is a pseudonym already used as often
// as the policy's pseudonym rule allows (v.uses, rule "pseudonym").
func (v *Check) evaluatePolicy() *policy.Unmet {
	ap := v.Policy
	if ap == nil {
		return nil
	}
	v.PolicyEvaluated = true
	switch {
	case ap.Retired:
		v.Unmet = &policy.Unmet{Rule: "policy", Reason: "the policy is retired"}
	default:
		v.Unmet = ap.Rules.Evaluate(policy.Statement{
			Issuer:           v.Issuer.ID,
			KeyVersion:       v.Key.Version,
			MessageCount:     v.MessageCount,
			Disclosed:        v.Req.Disclosed,
			Header:           v.Req.Header,
			NonceLength:      len(v.Req.Nonce),
			BoundToSubmitter: v.Req.BindSubmitter,
			Pseudonym:        len(v.Req.Pseudonym) > 0,
			Context:          v.Req.Context,
			Time:             v.rev.time,
			IssuerEpoch:      v.rev.epoch,
			EpochPublished:   v.rev.epochPublished,
			Status:           v.rev.status,
			NonRevocation:    v.nonRevocationFacts(),
			Predicates:       v.Req.Predicates,
		})
	}
	if allowed := ap.Rules.AllowedUses(); v.Unmet == nil && allowed > 0 && v.uses >= allowed {
		v.Unmet = &policy.Unmet{Rule: "pseudonym", Reason: fmt.Sprintf("pseudonym already used %d time(s) in context %s; the policy allows %d",
			v.uses, request.Excerpt(string(v.Req.Context)), allowed)}
	}
	return v.Unmet
}

// PolicyError is the refusal of a request that does not satisfy its
// policy.
func (v *Check) PolicyError() error {
	return fmt.Errorf("policy %q version %d %w: %s", v.Policy.ID, v.Policy.Version, base.ErrPolicyNotSatisfied, v.Unmet.Reason)
}

// Rejection is SubmitProof's error for a request that check found not
// valid: the unmet rule of its policy, or the proof's reason.
func (v *Check) Rejection() error {
	if v.Unmet != nil {
		return v.PolicyError()
	}
	return fmt.Errorf("%w: %s", base.ErrProofRejected, v.Reason)
}

// Satisfied reports whether the request satisfies its policy: true
// without one, false when the policy was not evaluated.
func (v *Check) Satisfied() bool {
	return v.Policy == nil || (v.PolicyEvaluated && v.Unmet == nil)
}

// useLimit is how many uses of a pseudonym in a context SubmitProof
// accepts for this request: the policy's pseudonym rule, else
// DefaultPseudonymUseLimit.
func (v *Check) useLimit() int {
	if v.Policy != nil {
		if n := v.Policy.Rules.AllowedUses(); n > 0 {
			return n
		}
	}
	return spends.DefaultPseudonymUseLimit
}

// policyName names the applied policy in messages, "" without one.
func (v *Check) policyName() string {
	if v.Policy == nil {
		return ""
	}
	return fmt.Sprintf("policy %q version %d", v.Policy.ID, v.Policy.Version)
}
