// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// appliedPolicy is the policy version a request names, as the ledger holds
// it when the transaction reads it.
type appliedPolicy struct {
	id      string
	version int
	sha256  string // of the canonical document
	retired bool
	rules   *policy.Policy
}

// loadAppliedPolicy reads the policy version ref names (version 0: the
// current one). An unknown policy or version is ErrNotFound. Reading the
// policy's record puts it in the transaction's read set, so a transaction
// that updates or retires the policy and commits first invalidates this
// one (MVCC): the policy applied is the one committed when this commits.
func loadAppliedPolicy(stub shim.ChaincodeStubInterface, ref *request.PolicyRef) (*appliedPolicy, error) {
	h, err := getPolicyHead(stub, ref.ID)
	if err != nil {
		return nil, err
	}
	version, err := h.resolveVersion(ref.Version)
	if err != nil {
		return nil, err
	}
	doc, err := getPolicyDoc(stub, h, version)
	if err != nil {
		return nil, err
	}
	rules, err := policy.Parse(doc)
	if err != nil {
		return nil, fmt.Errorf("policy %q version %d: the stored document: %w", h.ID, version, err)
	}
	return &appliedPolicy{id: h.ID, version: version, sha256: base.HashHex(doc), retired: h.Retired, rules: rules}, nil
}

// evaluatePolicy evaluates the request's policy, if it names one, on what
// the request and the registry say (policy.Evaluate), once every check of
// precheck before it has passed and before any pairing: the nonce is then
// bound to the submitter exactly when the request says bindSubmitter. It
// returns the first unmet rule, or nil, and records it in v. A retired
// policy is unmet (rule "policy"); so is a pseudonym already used as often
// as the policy's pseudonym rule allows (v.uses, rule "pseudonym").
func (v *verification) evaluatePolicy() *policy.Unmet {
	ap := v.policy
	if ap == nil {
		return nil
	}
	v.policyEvaluated = true
	switch {
	case ap.retired:
		v.unmet = &policy.Unmet{Rule: "policy", Reason: "the policy is retired"}
	default:
		v.unmet = ap.rules.Evaluate(policy.Statement{
			Issuer:           v.issuer.ID,
			KeyVersion:       v.key.Version,
			MessageCount:     v.messageCount,
			Disclosed:        v.req.Disclosed,
			Header:           v.req.Header,
			NonceLength:      len(v.req.Nonce),
			BoundToSubmitter: v.req.BindSubmitter,
			Pseudonym:        len(v.req.Pseudonym) > 0,
			Context:          v.req.Context,
			Time:             v.rev.time,
			IssuerEpoch:      v.rev.epoch,
			EpochPublished:   v.rev.epochPublished,
			Status:           v.rev.status,
			NonRevocation:    v.nonRevocationFacts(),
		})
	}
	if allowed := ap.rules.AllowedUses(); v.unmet == nil && allowed > 0 && v.uses >= allowed {
		v.unmet = &policy.Unmet{Rule: "pseudonym", Reason: fmt.Sprintf("pseudonym already used %d time(s) in context %s; the policy allows %d",
			v.uses, request.Excerpt(string(v.req.Context)), allowed)}
	}
	return v.unmet
}

// policyError is the refusal of a request that does not satisfy its
// policy.
func (v *verification) policyError() error {
	return fmt.Errorf("policy %q version %d %w: %s", v.policy.id, v.policy.version, base.ErrPolicyNotSatisfied, v.unmet.Reason)
}

// rejection is SubmitProof's error for a request that check found not
// valid: the unmet rule of its policy, or the proof's reason.
func (v *verification) rejection() error {
	if v.unmet != nil {
		return v.policyError()
	}
	return fmt.Errorf("%w: %s", base.ErrProofRejected, v.reason)
}

// satisfied reports whether the request satisfies its policy: true
// without one, false when the policy was not evaluated.
func (v *verification) satisfied() bool {
	return v.policy == nil || (v.policyEvaluated && v.unmet == nil)
}

// useLimit is how many uses of a pseudonym in a context SubmitProof
// accepts for this request: the policy's pseudonym rule, else
// DefaultPseudonymUseLimit.
func (v *verification) useLimit() int {
	if v.policy != nil {
		if n := v.policy.rules.AllowedUses(); n > 0 {
			return n
		}
	}
	return spends.DefaultPseudonymUseLimit
}

// policyName names the applied policy in messages, "" without one.
func (v *verification) policyName() string {
	if v.policy == nil {
		return ""
	}
	return fmt.Sprintf("policy %q version %d", v.policy.id, v.policy.version)
}
