// SPDX-License-Identifier: Apache-2.0

// Package policy is the verification policy language of fabric-bbs: what a
// relying application requires of a BBS proof beyond "it verifies", written
// once as a JSON document, parsed strictly, stored in a canonical encoding
// and evaluated against what a verification request states. It imports no
// Fabric package (like package request); the contract stores and evaluates
// policies.
//
// # Document
//
// A policy is one JSON object (binary values are standard padded base64,
// RFC 4648 §4, in canonical form):
//
//	{
//	  "id":          "poll-17-voters",            // required, IDPattern
//	  "description": "adults of BE, NL or LU",     // optional, UTF-8
//	  "issuers": [                                // required, one or more
//	    {"id": "ministry-be", "keyVersions": [2, 3]},   // keyVersions optional
//	    {"id": "ministry-nl"}
//	  ],
//	  "messageCount": 10,                         // optional: the signed message count
//	  "disclosed": [                              // optional: rules on disclosed messages
//	    {"index": 0},                             //   must be disclosed, any value
//	    {"index": 3, "equals": "QkU="},           //   must equal
//	    {"index": 4, "oneOf": ["QkU=", "Tkw="]},  //   must be one of
//	    {"index": 5, "prefix": "MTk="}            //   must start with
//	  ],
//	  "header":       {"prefix": "dmMx"},         // optional: equals, oneOf and/or prefix
//	  "bindSubmitter": true,                      // optional: nonce bound to the submitter
//	  "pseudonym":    {"context": "cG9sbC0xNw==", "uses": 1},  // optional; uses defaults to 1
//	  "minNonceLength": 16,                       // optional: bytes
//	  "validity": {"validFrom": 6, "validUntil": 7},  // optional: revocation rules,
//	  "epoch":    {"index": 8, "grace": 1},           //   see revocation.go
//	  "status":   {"index": 9, "list": "revocation"},
//	  "accumulator": {"index": 10, "grace": 1},       // see accumulator.go
//	  "predicates": [                             // optional: see predicates.go
//	    {"index": 11, "range": {"maxDate": {"yearsBeforeTx": 18}}}
//	  ]
//	}
//
// Field names are matched exactly; unknown fields, duplicate keys, null
// values, trailing data, rules that are empty (an empty prefix, an empty
// oneOf, an empty header rule) and rules that contradict each other are
// errors. Contradictions are rules of one policy that can never accept a
// value they name: an index at or beyond messageCount; the same index,
// issuer, key version or oneOf value twice; an equals value outside oneOf,
// or a oneOf value other than equals; an equals or oneOf value that does not
// start with prefix; a minNonceLength over request.BoundNonceSize with
// bindSubmitter; a predicate rule on a message another rule requires
// disclosed, two lower or two upper bounds of one range, a range no value
// is in, predicate rules with a pseudonym or accumulator rule.
//
// # Evaluation
//
// Evaluate checks a Statement, the facts a request and a registry lookup give
// before any cryptography, and returns the first unmet rule in this order:
// issuers, keyVersions, messageCount, disclosed (ascending index), header,
// minNonceLength, bindSubmitter, pseudonym, validity, epoch, status, accumulator,
// predicates (by index). A policy says nothing about
// whether the proof verifies: the caller verifies it as well. Counting
// pseudonym uses needs the ledger, so Evaluate checks only that a pseudonym
// in the policy's context is presented, and AllowedUses says how many uses
// the policy allows.
package policy

import (
	"errors"
	"math"
	"regexp"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Limits on a policy document, enforced by Parse and Validate.
const (
	// MaxPolicySize is the largest policy document, in bytes of JSON.
	MaxPolicySize = 64 << 10 // 64 KiB
	// MaxDescriptionLength is the longest description, in bytes of UTF-8.
	MaxDescriptionLength = 256
	// MaxIssuers is the largest number of issuers a policy accepts.
	MaxIssuers = 32
	// MaxKeyVersions is the largest number of key versions listed for one
	// issuer.
	MaxKeyVersions = 64
	// MaxKeyVersion is the largest key version a policy can name.
	MaxKeyVersion = math.MaxInt32
	// MaxMessageCount is the largest signed message count: the bbs package
	// signs at most 1024 messages.
	MaxMessageCount = request.MaxMessageIndex + 1
	// MaxDisclosedRules is the largest number of disclosed-message rules.
	MaxDisclosedRules = 64
	// MaxOneOf is the largest number of values in one oneOf.
	MaxOneOf = 64
	// MaxValueSize is the largest equals, oneOf or prefix value, in bytes
	// after base64 decoding.
	MaxValueSize = 1024
	// MaxContextSize is the largest pseudonym context, in bytes after base64
	// decoding.
	MaxContextSize = 256
	// MaxUses is the largest number of uses per pseudonym a policy allows.
	MaxUses = 1 << 20
	// MaxMinNonceLength is the largest minimum nonce length: a request's
	// nonce is at most request.MaxNonceSize bytes.
	MaxMinNonceLength = request.MaxNonceSize
)

// IDPattern is the form of a policy ID; issuer IDs follow
// request.IssuerIDPattern, which is the same.
const IDPattern = request.IssuerIDPattern

var idRE = regexp.MustCompile(IDPattern)

// ErrInvalid is wrapped by every error Parse, Validate and Marshal return for
// a policy that is malformed, over a limit, empty or contradictory; use
// errors.Is to test for it.
var ErrInvalid = errors.New("invalid verification policy")

// Policy is a parsed verification policy. Parse returns it normalised:
// issuers, key versions, disclosed rules and oneOf values sorted.
type Policy struct {
	// ID names the policy (IDPattern).
	ID string
	// Description is free text for people, at most MaxDescriptionLength
	// bytes of UTF-8; it is not a rule.
	Description string
	// Issuers are the issuers whose proofs are accepted, at least one.
	Issuers []Issuer
	// MessageCount, when not 0, is the signed message count required.
	MessageCount int
	// Disclosed are the rules on disclosed messages, one per index.
	Disclosed []DisclosedRule
	// Header, when not nil, constrains the IETF header.
	Header *ValueRule
	// BindSubmitter requires a nonce bound to the submitting identity.
	BindSubmitter bool
	// Pseudonym, when not nil, requires a pseudonym in a context.
	Pseudonym *PseudonymRule
	// MinNonceLength, when not 0, is the shortest nonce accepted, in bytes.
	MinNonceLength int
	// Validity, Epoch and Status, when not nil, are the revocation rules
	// (see revocation.go).
	Validity *ValidityRule
	Epoch    *EpochRule
	Status   *StatusRule
	// Accumulator, when not nil, requires non-revocation against the
	// issuer's accumulator (see accumulator.go).
	Accumulator *AccumulatorRule
	// Credential, when not nil, makes this a credential policy: rules on a
	// W3C credential (claims.go) instead of bare messages.
	Credential *CredentialRules
	// Predicates are the predicate rules on hidden messages (see
	// predicates.go), sorted by index.
	Predicates []PredicateRule
}

// Issuer is an accepted issuer.
type Issuer struct {
	// ID is the issuer's registry ID (request.IssuerIDPattern).
	ID string
	// KeyVersions, when not empty, are the key versions accepted (each at
	// least 1); empty accepts every key version.
	KeyVersions []int
}

// DisclosedRule requires the message at Index to be disclosed and, when the
// value rule is not empty, its value to satisfy it.
type DisclosedRule struct {
	// Index is the 0-based index of the message among the signed messages.
	Index int
	ValueRule
}

// ValueRule constrains a byte string. Every constraint set must hold. An
// empty ValueRule constrains nothing (valid for a disclosed rule, not for a
// header rule).
type ValueRule struct {
	// Equals, when not nil, is the only value accepted; a non-nil empty
	// slice accepts only the empty value.
	Equals []byte
	// OneOf, when not empty, are the values accepted.
	OneOf [][]byte
	// Prefix, when not empty, must start the value.
	Prefix []byte
}

// PseudonymRule requires a pseudonym in Context; the contract counts its uses
// there, at most Uses.
type PseudonymRule struct {
	// Context is the pseudonym context identifier (1..MaxContextSize bytes).
	Context []byte
	// Uses is the number of uses allowed per pseudonym in Context (at least
	// 1; Parse sets 1 when the document leaves it out).
	Uses int
}

// AllowedUses returns the number of uses the policy allows per pseudonym in
// its context, or 0 when the policy has no pseudonym rule (the contract's
// default then applies).
func (p *Policy) AllowedUses() int {
	if p == nil || p.Pseudonym == nil {
		return 0
	}
	return p.Pseudonym.Uses
}

// empty reports whether r constrains nothing.
func (r *ValueRule) empty() bool {
	return r.Equals == nil && len(r.OneOf) == 0 && len(r.Prefix) == 0
}
