// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// credentialPolicyFields are the fields of a credential request's policy
// reference, as in a proof request.
var credentialPolicyFields = map[string]bool{"id": true, "version": true}

// parsePolicyRef reads the policy member of a credential request with the
// rules of a proof request's: {"id": IssuerIDPattern, "version": 0..}.
func parsePolicyRef(raw json.RawMessage) (*request.PolicyRef, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(raw, &obj); err != nil || obj == nil {
		return nil, fmt.Errorf("%w: credential request: policy must be an object {\"id\": ..., \"version\": ...}", request.ErrInvalid)
	}
	if k, ok := request.FirstUnknownKey(obj, raw, credentialPolicyFields); ok {
		return nil, fmt.Errorf("%w: credential request: policy: unknown field %s", request.ErrInvalid, request.Excerpt(k))
	}
	ref := &request.PolicyRef{}
	idRaw, ok := obj["id"]
	if !ok || json.Unmarshal(idRaw, &ref.ID) != nil || !request.ValidIssuerID(ref.ID) {
		return nil, fmt.Errorf("%w: credential request: policy.id must be a string matching %s", request.ErrInvalid, request.IssuerIDPattern)
	}
	if v, ok := obj["version"]; ok {
		if json.Unmarshal(v, &ref.Version) != nil || ref.Version < 0 || ref.Version > request.MaxPolicyVersion {
			return nil, fmt.Errorf("%w: credential request: policy.version must be an integer in 0..%d (0 or absent selects the current version)", request.ErrInvalid, request.MaxPolicyVersion)
		}
	}
	return ref, nil
}

// evaluateCredentialPolicy applies the request's credential policy, if it
// names one, once the credential is canonicalized and its semantics read,
// and before any pairing: the first unmet rule, or nil, is recorded in v
// (v.policy, v.unmet), so that the Verification records the policy and
// SubmitCredential refuses with ErrPolicyNotSatisfied. A retired policy
// is unmet (rule "policy"), as for proofs. The epoch and status rules read
// the ledger (credentialRevocationFacts); an error is a ledger read that
// failed.
func (c *credentialCheck) evaluateCredentialPolicy(stub shim.ChaincodeStubInterface) (*policy.Unmet, error) {
	ap := c.policy
	if ap == nil {
		return nil, nil
	}
	v := c.Proof
	v.Policy, v.PolicyEvaluated = ap, true
	if ap.Retired {
		v.Unmet = &policy.Unmet{Rule: "policy", Reason: "the policy is retired"}
		return v.Unmet, nil
	}
	st := policy.CredentialStatement{
		Issuer:           v.Issuer.ID,
		KeyVersion:       v.Key.Version,
		Types:            c.types,
		ValidFrom:        c.from != "",
		ValidUntil:       c.until != "",
		Document:         c.document,
		NonceLength:      len(v.Req.Nonce),
		BoundToSubmitter: v.Req.BindSubmitter,
		Pseudonym:        len(v.Req.Pseudonym) > 0,
		Context:          v.Req.Context,
	}
	if cr := ap.Rules.Credential; cr != nil {
		st.Claims = newSignedClaims(c, cr.Claims)
		var err error
		if st.Epoch, st.Status, err = c.credentialRevocationFacts(stub, cr); err != nil {
			return nil, err
		}
	}
	v.Unmet = ap.Rules.EvaluateCredential(st)
	return v.Unmet, nil
}

// recordsClaims reports whether the applied policy asks SubmitCredential
// to store the disclosed claims.
func (c *credentialCheck) recordsClaims() bool {
	return c.policy != nil && c.policy.Rules.Credential != nil && c.policy.Rules.Credential.RecordClaims
}

// useLimit is how many uses of a credential's pseudonym in its context
// SubmitCredential accepts: the credential policy's pseudonym rule, else
// DefaultPseudonymUseLimit, as for SubmitProof.
func (c *credentialCheck) useLimit() int {
	if c.policy != nil {
		if n := c.policy.Rules.AllowedUses(); n > 0 {
			return n
		}
	}
	return spends.DefaultPseudonymUseLimit
}
