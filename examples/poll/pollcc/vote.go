// SPDX-License-Identifier: Apache-2.0

package pollcc

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/fabric-bbs/fabric-bbs/examples/poll/ballot"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// CastVote counts a vote for option in poll pollId if bbs accepts its
// proof. req is a bbs verification request (package request) for a proof
// of a pseudonym scheme in context pollId whose ballot (package ballot)
// commits to the channel, the poll and option: the request's nonce when it
// is relayed (bindSubmitter false), the salt of its bound nonce when the
// voter submits it (bindSubmitter true). CastVote sets the request's policy
// to the poll's pinned version (a request naming another is refused) and
// calls bbs SubmitProof with it in the same transaction; bbs checks the
// proof, the policy and that the pseudonym has not voted in this poll, and
// records the verification under this transaction's ID. CastVote then
// stores the vote and emits VoteCast.
func (c *Contract) CastVote(ctx contractapi.TransactionContextInterface, pollID string, option string, req string) (*VoteReceipt, error) {
	stub := ctx.GetStub()
	p, err := readPoll(stub, pollID)
	if err != nil {
		return nil, err
	}
	if !slices.Contains(p.Options, option) {
		return nil, fmt.Errorf("%w: %q is not an option of poll %q", ErrInvalidArgument, request.Excerpt(option), pollID)
	}
	d, err := checkRequest(p, stub.GetChannelID(), option, req)
	if err != nil {
		return nil, err
	}
	body, err := json.Marshal(d.Encode())
	if err != nil {
		return nil, fmt.Errorf("encoding the request for %s: %w", BBSChaincode, err)
	}
	var receipt proofReceipt
	if err := callBBS(stub, &receipt, "SubmitProof", string(body)); err != nil {
		return nil, err
	}
	txID := stub.GetTxID()
	if receipt.TxID != txID {
		return nil, fmt.Errorf("%s recorded the proof under %q, not this transaction %q", BBSChaincode, receipt.TxID, txID)
	}
	if err := putJSON(stub, voteObjectType, []string{pollID, txID}, vote{Option: option}); err != nil {
		return nil, err
	}
	out := &VoteReceipt{PollID: pollID, Option: option, TxID: txID, Policy: p.Policy, Pseudonym: receipt.Pseudonym}
	payload, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("encoding the %s event: %w", EventVoteCast, err)
	}
	if err := stub.SetEvent(EventVoteCast, payload); err != nil {
		return nil, fmt.Errorf("emitting the %s event: %w", EventVoteCast, err)
	}
	return out, nil
}

// checkRequest parses CastVote's request for a vote for option in poll p
// on channel channelID: a bbs request whose policy, if named, is the
// poll's pinned version, whose pseudonym context is the poll ID and whose
// ballot commits to the vote. It returns the request with the pinned
// policy set.
func checkRequest(p *Poll, channelID, option, req string) (*request.Decoded, error) {
	pollID := p.ID
	parsed, err := request.Parse([]byte(req))
	if err != nil {
		return nil, fmt.Errorf("the vote's request: %w", err)
	}
	d, err := parsed.Decode()
	if err != nil {
		return nil, fmt.Errorf("the vote's request: %w", err)
	}
	if d.Policy != nil && (d.Policy.ID != p.Policy.ID || (d.Policy.Version != 0 && d.Policy.Version != p.Policy.Version)) {
		return nil, fmt.Errorf("%w: the request names policy %q version %d; poll %q uses version %d of policy %q",
			ErrInvalidArgument, d.Policy.ID, d.Policy.Version, pollID, p.Policy.Version, p.Policy.ID)
	}
	if !bytes.Equal(d.Context, []byte(pollID)) {
		return nil, fmt.Errorf("%w: the request's pseudonym context must be the poll ID %q", ErrInvalidArgument, pollID)
	}
	carrier, where := d.Nonce, "nonce"
	if d.BindSubmitter {
		carrier, where = d.Salt, "salt of the bound nonce"
	}
	if err := ballot.Check(carrier, channelID, pollID, option); err != nil {
		return nil, fmt.Errorf("%w: the request's %s: %v", ErrBallot, where, err)
	}
	d.Policy = &request.PolicyRef{ID: p.Policy.ID, Version: p.Policy.Version}
	return d, nil
}
