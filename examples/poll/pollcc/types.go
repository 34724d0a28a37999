// SPDX-License-Identifier: Apache-2.0

package pollcc

import "time"

// Poll is a poll as the ledger holds it.
type Poll struct {
	// ID is the poll's ID, also the pseudonym context of its votes.
	ID string `json:"id"`
	// Options are the options one can vote for, in the creator's order.
	Options []string `json:"options"`
	// Policy is the bbs verification policy, version pinned, that a vote's
	// proof must satisfy: the policy whose ID is the poll's ID.
	Policy PolicyPin `json:"policy"`
	// Owner is the owner of that policy (bbs GetPolicy's owner), who runs
	// the poll.
	Owner PollOwner `json:"owner"`
	// CreatorMSPID is the MSP of the identity that created the poll.
	CreatorMSPID string `json:"creatorMspId"`
	// TxID is the transaction that created the poll.
	TxID string `json:"txId"`
	// CreatedAt is that transaction's timestamp.
	CreatedAt time.Time `json:"createdAt"`
}

// PollOwner is the identity that owns a poll's policy: its MSP and its
// client identity ID (as bbs records it).
type PollOwner struct {
	MSPID string `json:"mspId"`
	ID    string `json:"id"`
}

// PolicyPin names one version of a bbs verification policy.
type PolicyPin struct {
	// ID is the policy's ID.
	ID string `json:"id"`
	// Version is the policy's version.
	Version int `json:"version"`
}

// vote is the record of one counted vote, under [poll ID, transaction ID].
type vote struct {
	Option string `json:"option"`
}

// VoteReceipt is CastVote's answer and the VoteCast event's payload.
type VoteReceipt struct {
	// PollID is the poll voted in.
	PollID string `json:"pollId"`
	// Option is the option counted.
	Option string `json:"option"`
	// TxID is the vote's transaction; bbs stored the verification of its
	// proof under the same ID (bbs GetVerification(txId)).
	TxID string `json:"txId"`
	// Policy is the policy version the proof satisfied.
	Policy PolicyPin `json:"policy"`
	// Pseudonym is the voter's pseudonym in the poll (base64 in JSON): the
	// same for every vote of one credential in this poll, unlinkable to
	// its pseudonyms in other polls.
	Pseudonym []byte `json:"pseudonym"`
}

// Tally is the count of a poll's votes.
type Tally struct {
	// PollID is the poll counted.
	PollID string `json:"pollId"`
	// Counts are the votes per option, in the poll's option order.
	Counts []OptionCount `json:"counts"`
	// Total is the number of votes.
	Total int `json:"total"`
}

// OptionCount is the number of votes for one option.
type OptionCount struct {
	Option string `json:"option"`
	Votes  int    `json:"votes"`
}
