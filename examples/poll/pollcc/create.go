// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"bytes"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/cid"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// CreatePoll creates poll pollId with options (a JSON array of strings, see
// ParseOptions), keyed by its policy: its voters must satisfy the bbs
// policy of the same ID, pollId. The policy must exist, not be retired,
// and require a pseudonym in the context pollId (its bytes) with one use:
// that is what makes a vote once per credential. Only the policy's owner
// may create the poll, or an identity of the owner's MSP with attribute
// bbs.admin=true (as bbs lets them change the policy), and the poll records
// that owner: whoever holds poll ID X holds bbs policy X, so no one can
// take the ID of another organiser's poll with a policy of their own.
// Its current version is pinned: a later version does not change who may
// vote, and retiring the policy closes the poll.
func (c *Contract) CreatePoll(ctx contractapi.TransactionContextInterface, pollID string, options string) (*Poll, error) {
	if err := checkID("poll ID", pollID); err != nil {
		return nil, err
	}
	policyID := pollID
	opts, err := ParseOptions(options)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	if _, err := getPoll(stub, pollID); err == nil {
		return nil, fmt.Errorf("poll %q: %w", pollID, ErrExists)
	} else if !isNotFound(err) {
		return nil, err
	}
	var rec policyRecord
	if err := callBBS(stub, &rec, "GetPolicy", policyID, "0"); err != nil {
		return nil, err
	}
	if err := checkPolicy(&rec, pollID); err != nil {
		return nil, err
	}
	mspID, err := checkOwner(stub, &rec)
	if err != nil {
		return nil, err
	}
	ts, err := stub.GetTxTimestamp()
	if err != nil {
		return nil, fmt.Errorf("reading the transaction timestamp: %w", err)
	}
	p := &Poll{
		ID: pollID, Options: opts, Policy: PolicyPin{ID: rec.ID, Version: rec.Version},
		Owner:        PollOwner{MSPID: rec.Owner.MSPID, ID: rec.Owner.ID},
		CreatorMSPID: mspID, TxID: stub.GetTxID(), CreatedAt: ts.AsTime().UTC(),
	}
	if err := putJSON(stub, pollObjectType, []string{pollID}, p); err != nil {
		return nil, err
	}
	return p, nil
}

// checkOwner returns the submitter's MSP ID if the submitter owns the
// policy of rec or is an identity of the owner's MSP with bbs.admin=true.
func checkOwner(stub shim.ChaincodeStubInterface, rec *policyRecord) (string, error) {
	ci, err := cid.New(stub)
	if err != nil {
		return "", fmt.Errorf("identifying the submitter: %w", err)
	}
	mspID, err := ci.GetMSPID()
	if err != nil {
		return "", fmt.Errorf("identifying the submitter's MSP: %w", err)
	}
	id, err := ci.GetID()
	if err != nil {
		return "", fmt.Errorf("identifying the submitter: %w", err)
	}
	admin, _, err := ci.GetAttributeValue(AdminAttribute)
	if err != nil {
		return "", fmt.Errorf("reading the submitter's %s attribute: %w", AdminAttribute, err)
	}
	if mspID != rec.Owner.MSPID || (id != rec.Owner.ID && admin != "true") {
		return "", fmt.Errorf("%w: only the owner of policy %q, or an identity of MSP %s with attribute %s=true, may create a poll gated by it; the submitter is of MSP %s",
			ErrAccessDenied, rec.ID, rec.Owner.MSPID, AdminAttribute, mspID)
	}
	return mspID, nil
}

// checkPolicy checks that bbs policy record rec can gate poll pollID.
func checkPolicy(rec *policyRecord, pollID string) error {
	if rec.Retired {
		return fmt.Errorf("%w: policy %q is retired", ErrPolicy, rec.ID)
	}
	p, err := policy.Parse([]byte(rec.Policy))
	if err != nil {
		return fmt.Errorf("%w: policy %q version %d: %v", ErrPolicy, rec.ID, rec.Version, err)
	}
	switch {
	case p.Pseudonym == nil:
		return fmt.Errorf("%w: policy %q version %d has no pseudonym rule: it must require a pseudonym in context %q with 1 use", ErrPolicy, rec.ID, rec.Version, pollID)
	case !bytes.Equal(p.Pseudonym.Context, []byte(pollID)):
		return fmt.Errorf("%w: policy %q version %d requires pseudonym context %q, not the poll ID %q", ErrPolicy, rec.ID, rec.Version, p.Pseudonym.Context, pollID)
	case p.Pseudonym.Uses != 1:
		return fmt.Errorf("%w: policy %q version %d allows %d uses per pseudonym, not 1", ErrPolicy, rec.ID, rec.Version, p.Pseudonym.Uses)
	}
	return nil
}
