// SPDX-License-Identifier: Apache-2.0

package policies

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// MaxPolicyVersions is the largest number of versions a policy may have.
const MaxPolicyVersions = 256

// CreatePolicy is the CreatePolicy transaction (see Contract.CreatePolicy).
func CreatePolicy(ctx contractapi.TransactionContextInterface, document string) (_ *PolicyRecord, err error) {
	defer base.Coded(&err)
	p, doc, err := parsePolicyArg(document)
	if err != nil {
		return nil, err
	}
	sub, err := endorsement.NewOwner(ctx, fmt.Sprintf("policy %q", p.ID))
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	if _, err := getPolicyHead(stub, p.ID); err == nil {
		return nil, fmt.Errorf("policy %q: %w", p.ID, base.ErrExists)
	} else if base.IsUntrusted(err) {
		// First come, first served: the key exists, and a creation could
		// not overwrite it (its key-level policy is another's).
		return nil, fmt.Errorf("%w; the ID is taken and cannot be created", err)
	} else if !base.IsNotFound(err) {
		return nil, err
	}
	h := &PolicyHead{ID: p.ID, Owner: sub.Owner()}
	if err := addPolicyVersion(stub, h, doc); err != nil {
		return nil, err
	}
	return h.record(1, doc), nil
}

// UpdatePolicy is the UpdatePolicy transaction (see Contract.UpdatePolicy).
func UpdatePolicy(ctx contractapi.TransactionContextInterface, id string, document string) (_ *PolicyRecord, err error) {
	defer base.Coded(&err)
	if err := checkPolicyID(id); err != nil {
		return nil, err
	}
	p, doc, err := parsePolicyArg(document)
	if err != nil {
		return nil, err
	}
	if p.ID != id {
		return nil, fmt.Errorf("%w: the document is policy %q, not %q", base.ErrInvalidArgument, p.ID, id)
	}
	h, err := policyForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	if h.current() >= MaxPolicyVersions {
		return nil, fmt.Errorf("%w: policy %q has %d versions, the most allowed", base.ErrInvalidArgument, id, h.current())
	}
	if base.HashHex(doc) == h.Versions[h.current()-1].SHA256 {
		return nil, fmt.Errorf("%w: the document is the same as version %d of policy %q", base.ErrInvalidArgument, h.current(), id)
	}
	if err := addPolicyVersion(ctx.GetStub(), h, doc); err != nil {
		return nil, err
	}
	return h.record(h.current(), doc), nil
}

// RetirePolicy is the RetirePolicy transaction (see Contract.RetirePolicy).
func RetirePolicy(ctx contractapi.TransactionContextInterface, id string) (_ *PolicyRecord, err error) {
	defer base.Coded(&err)
	h, err := policyForChange(ctx, id)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	doc, err := getPolicyDoc(stub, h, h.current())
	if err != nil {
		return nil, err
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	h.Retired, h.RetiredAt, h.UpdatedAt = true, now, now
	if err := putPolicyHead(stub, h); err != nil {
		return nil, err
	}
	return h.record(h.current(), doc), nil
}

// GetPolicy is the GetPolicy transaction (see Contract.GetPolicy).
func GetPolicy(ctx contractapi.TransactionContextInterface, id string, version int) (_ *PolicyRecord, err error) {
	defer base.Coded(&err)
	if err := checkPolicyID(id); err != nil {
		return nil, err
	}
	if version < 0 {
		return nil, fmt.Errorf("%w: version %d is negative (0 selects the current version)", base.ErrInvalidArgument, version)
	}
	stub := ctx.GetStub()
	h, err := getPolicyHead(stub, id)
	if err != nil {
		return nil, err
	}
	if version, err = h.resolveVersion(version); err != nil {
		return nil, err
	}
	doc, err := getPolicyDoc(stub, h, version)
	if err != nil {
		return nil, err
	}
	return h.record(version, doc), nil
}

// ListPolicies is the ListPolicies transaction (see Contract.ListPolicies).
func ListPolicies(ctx contractapi.TransactionContextInterface, pageSize int, bookmark string) (_ *PolicyPage, err error) {
	defer base.Coded(&err)
	stub := ctx.GetStub()
	page := &PolicyPage{Policies: []PolicyRecord{}}
	next, err := base.ListPage(stub, policyList, pageSize, bookmark, func(key string, value []byte) (int, func(), error) {
		// A key of another shape, or a head that is not believed, was
		// written around the contract (GetPolicy refuses it): left out.
		id, err := base.IDOfKey(stub, policyList, key)
		if err != nil {
			return 0, func() {}, nil
		}
		h, err := believePolicyHead(stub, key, id, value)
		if base.IsUntrusted(err) {
			return 0, func() {}, nil
		} else if err != nil {
			return 0, nil, err
		}
		doc, err := getPolicyDoc(stub, h, h.current())
		if err != nil {
			return 0, nil, err
		}
		rec := h.record(h.current(), doc)
		size, err := base.JSONSize(rec)
		return size, func() { page.Policies = append(page.Policies, *rec) }, err
	})
	if err != nil {
		return nil, err
	}
	page.Bookmark, page.Count = next, len(page.Policies)
	return page, nil
}

// policyForChange loads the policy id for a change by the submitter: it
// must exist, not be retired, and the transaction must be allowed to
// change it (authorizeChange, directly only: a policy has no allowed
// callers).
func policyForChange(ctx contractapi.TransactionContextInterface, id string) (*PolicyHead, error) {
	if err := checkPolicyID(id); err != nil {
		return nil, err
	}
	h, err := getPolicyHead(ctx.GetStub(), id)
	if err != nil {
		return nil, err
	}
	if err := base.AuthorizeLiveChange(ctx, fmt.Sprintf("policy %q", id), h.Owner, nil, h.Retired, base.ErrRetired); err != nil {
		return nil, err
	}
	return h, nil
}

// parsePolicyArg parses a policy document argument strictly and returns
// the policy and its canonical form.
func parsePolicyArg(document string) (*policy.Policy, []byte, error) {
	p, err := policy.Parse([]byte(document))
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", base.ErrInvalidArgument, err)
	}
	doc, err := p.Marshal()
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", base.ErrInvalidArgument, err)
	}
	return p, doc, nil
}

// checkPolicyID returns an error unless id is a valid policy ID.
func checkPolicyID(id string) error { return base.CheckRecordID("policy", id) }
