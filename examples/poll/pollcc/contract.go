// SPDX-License-Identifier: Apache-2.0

// Package pollcc is the contract of the poll example chaincode: an
// anonymous poll whose voters prove, with a BBS credential checked by the
// bbs chaincode on the same channel, that a verification policy admits
// them, and vote once per credential per poll without being named.
//
// Transactions:
//
//   - CreatePoll(pollId, options) reads the bbs policy of the same ID
//     (GetPolicy), checks that it exists, is not retired and has a
//     pseudonym rule whose context is the poll ID with one use, that the
//     submitter owns it, and stores the poll with the policy's owner and
//     current version pinned: a poll is keyed by its policy;
//   - CastVote(pollId, option, request) checks that the request's ballot
//     (package ballot) commits to the option, calls bbs SubmitProof with the
//     request and the poll's pinned policy through InvokeChaincode, and
//     counts the vote only if bbs accepts it; it emits VoteCast;
//   - Tally(pollId) counts the votes; GetPoll(pollId) reads the poll.
//
// A vote is one record of its own, under the poll ID and the transaction ID,
// so votes in one block do not conflict; Tally sums them by a range read.
// Nothing the poll stores names the voter: a vote record holds its option
// and the transaction ID under which bbs recorded the proof (pseudonym,
// disclosed messages, submitting identity). See docs/building-on-fabric-bbs.md
// for what stays private and the relay.
package pollcc

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/hyperledger/fabric-contract-api-go/v2/metadata"
)

// Name is the contract's name in the chaincode.
const Name = "poll"

// Version is the contract's version in its metadata.
const Version = "0.1.0"

// BBSChaincode is the name of the bbs chaincode on the channel, which the
// poll invokes.
const BBSChaincode = "bbs"

// AdminAttribute is the certificate attribute (bbs's) that lets an
// identity of a policy owner's MSP act for the owner, when "true".
const AdminAttribute = "bbs.admin"

// EventVoteCast is the chaincode event CastVote emits, with its VoteReceipt
// as JSON payload.
const EventVoteCast = "VoteCast"

// Contract is the poll smart contract. Its exported methods are its
// transactions.
type Contract struct {
	contractapi.Contract
}

// New returns the contract, ready for contractapi.NewChaincode.
func New() *Contract {
	c := &Contract{}
	c.Name = Name
	c.Info = metadata.InfoMetadata{
		Title:       "fabric-bbs poll example",
		Version:     Version,
		Description: "Anonymous poll gated by a fabric-bbs verification policy",
		License:     &metadata.LicenseMetadata{Name: "Apache-2.0"},
	}
	c.BeforeTransaction = beforeTransaction
	return c
}

// beforeTransaction refuses a transaction name that does not start with an
// upper-case letter, as bbs does: contract-api finds the method of
// "castVote" by upper-casing its first rune but looks its metadata up by
// the exact name, so such a call would run without the argument checks
// the metadata declares.
func beforeTransaction(ctx contractapi.TransactionContextInterface) error {
	fn, _ := ctx.GetStub().GetFunctionAndParameters()
	name := fn
	if i := strings.LastIndex(fn, ":"); i >= 0 {
		name = fn[i+1:] // the part after the contract's name
	}
	if r, _ := utf8.DecodeRuneInString(name); !unicode.IsUpper(r) {
		return fmt.Errorf("%w: transaction %s: transaction names are case-sensitive and start with an upper-case letter (as in CastVote)",
			ErrInvalidArgument, request.Excerpt(name))
	}
	return nil
}

// NewChaincode returns the chaincode that serves the contract.
func NewChaincode() (*contractapi.ContractChaincode, error) {
	cc, err := contractapi.NewChaincode(New())
	if err != nil {
		return nil, fmt.Errorf("creating the %s chaincode: %w", Name, err)
	}
	return cc, nil
}

// GetEvaluateTransactions names the read-only transactions, which the
// metadata tags "EVALUATE".
func (c *Contract) GetEvaluateTransactions() []string {
	return []string{"GetPoll", "Tally"}
}
