// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"bytes"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Statement is what a verification request and the registry lookup of its
// issuer say, before any cryptography: the facts a policy is evaluated on.
type Statement struct {
	// Issuer is the request's issuer ID.
	Issuer string
	// KeyVersion is the key version that verifies the proof, resolved by
	// the registry (a request's 0 means the issuer's current version: pass
	// that version, not 0).
	KeyVersion int
	// MessageCount is the number of signed messages the proof is for.
	MessageCount int
	// Disclosed are the disclosed messages, in strictly ascending index
	// order as request.Decoded holds them.
	Disclosed []request.Message
	// Header is the IETF header (empty for schemes without one).
	Header []byte
	// NonceLength is the length of the request's nonce, in bytes.
	NonceLength int
	// BoundToSubmitter tells whether the nonce is bound to the submitting
	// identity (request.BoundNonce checked).
	BoundToSubmitter bool
	// Pseudonym tells whether the proof presents a pseudonym.
	Pseudonym bool
	// Context is the pseudonym context of the request.
	Context []byte
	// Time is the transaction timestamp, for a validity rule and the date
	// bounds of predicate rules (zero: those rules are unmet); see
	// Policy.NeedsTime.
	Time time.Time
	// IssuerEpoch is the issuer's current epoch on the ledger, for an
	// epoch rule; EpochPublished is false when the issuer publishes none.
	IssuerEpoch    int64
	EpochPublished bool
	// Status is the caller's lookup of the status list entry, for a status
	// rule (nil: not looked up, so the rule is unmet).
	Status *StatusFacts
	// NonRevocation describes the request's presentation with
	// non-revocation, for an accumulator rule (nil: the request has none,
	// so the rule is unmet).
	NonRevocation *NonRevocationFacts
	// Predicates are the request's predicates, as request.Decoded holds
	// them, for the predicate rules.
	Predicates []request.Predicate
}

// Unmet is the first rule of a policy that a statement does not meet. Its
// JSON form is {"rule", "index", "reason"}.
type Unmet struct {
	// Rule is the policy field of the rule: "issuers", "keyVersions",
	// "messageCount", "disclosed", "header", "minNonceLength",
	// "bindSubmitter", "pseudonym", "validity", "epoch", "status",
	// "accumulator", "predicates", the credential rules "credential.contexts", "credential.types",
	// "credential.requireValidFrom", "credential.requireValidUntil",
	// "credential.claims", "credential.epoch", "credential.status", or
	// "policy" for a policy or statement
	// that is itself invalid.
	Rule string `json:"rule"`
	// Index is the message index of a "disclosed" or "predicates" rule, the position of
	// a "credential.claims" rule in the policy, else 0.
	Index int `json:"index"`
	// Pointer is the JSON pointer of a "credential.claims" or
	// "credential.epoch" rule; absent otherwise.
	Pointer string `json:"pointer,omitempty" metadata:",optional"`
	// Reason says in words what the rule requires, e.g.
	// `disclosed message 3 must equal "BE"`. It is at most a few hundred
	// bytes whatever the policy and the statement.
	Reason string `json:"reason"`
}

// String returns u.Reason.
func (u *Unmet) String() string { return u.Reason }

// Evaluate checks st against p and returns nil when every rule is met, else
// the first unmet rule, in the order issuers, keyVersions, messageCount,
// disclosed (ascending index), header, minNonceLength, bindSubmitter,
// pseudonym, validity, epoch, status, accumulator, predicates (ascending
// index; inSet before range on one index). It is deterministic and does no
// cryptography. It fails closed: a policy that Validate refuses, or a
// statement that discloses an index twice, is unmet with Rule "policy". Pseudonym uses are not counted here:
// the caller counts them against AllowedUses.
func (p *Policy) Evaluate(st Statement) *Unmet {
	if err := p.Validate(); err != nil {
		return &Unmet{Rule: "policy", Reason: clip(err.Error(), 200)}
	}
	if p.Credential != nil {
		u := unmetNotForBare
		return &u
	}
	if u := p.evaluateIssuer(st.Issuer, st.KeyVersion); u != nil {
		return u
	}
	if p.MessageCount > 0 && st.MessageCount != p.MessageCount {
		return &Unmet{Rule: "messageCount", Reason: fmt.Sprintf("signed message count must be %d (not %d)", p.MessageCount, st.MessageCount)}
	}
	if u := p.evaluateDisclosed(st.Disclosed); u != nil {
		return u
	}
	if p.Header != nil {
		if what := p.Header.unmet(st.Header); what != "" {
			return &Unmet{Rule: "header", Reason: "header must " + what}
		}
	}
	if p.MinNonceLength > 0 && st.NonceLength < p.MinNonceLength {
		return &Unmet{Rule: "minNonceLength", Reason: fmt.Sprintf("nonce must be at least %d bytes (not %d)", p.MinNonceLength, st.NonceLength)}
	}
	if p.BindSubmitter && !st.BoundToSubmitter {
		return &Unmet{Rule: "bindSubmitter", Reason: "nonce must be bound to the submitter"}
	}
	if u := p.evaluatePseudonym(st.Pseudonym, st.Context); u != nil {
		return u
	}
	if u := p.evaluateRevocation(st); u != nil {
		return u
	}
	if u := p.evaluateAccumulator(st); u != nil {
		return u
	}
	return p.evaluatePredicates(st)
}

// evaluatePseudonym checks the pseudonym rule: a pseudonym, in the rule's
// context.
func (p *Policy) evaluatePseudonym(has bool, context []byte) *Unmet {
	if r := p.Pseudonym; r != nil {
		if !has {
			return &Unmet{Rule: "pseudonym", Reason: "a pseudonym in context " + quoteBytes(r.Context) + " is required"}
		}
		if !bytes.Equal(context, r.Context) {
			return &Unmet{Rule: "pseudonym", Reason: "pseudonym context must be " + quoteBytes(r.Context) + " (not " + quoteBytes(context) + ")"}
		}
	}
	return nil
}

// evaluateIssuer checks the issuers rule (and its keyVersions) for the
// issuer and key version of a statement.
func (p *Policy) evaluateIssuer(issuerID string, keyVersion int) *Unmet {
	var issuer *Issuer
	for i := range p.Issuers {
		if p.Issuers[i].ID == issuerID {
			issuer = &p.Issuers[i]
			break
		}
	}
	if issuer == nil {
		ids := make([]string, len(p.Issuers))
		for i, is := range p.Issuers {
			ids[i] = quoteText(is.ID)
		}
		sort.Strings(ids)
		return &Unmet{Rule: "issuers", Reason: fmt.Sprintf("issuer must be %s (not %s)", alternatives(ids), quoteText(issuerID))}
	}
	if len(issuer.KeyVersions) > 0 && !containsInt(issuer.KeyVersions, keyVersion) {
		vs := append([]int(nil), issuer.KeyVersions...)
		sort.Ints(vs)
		words := make([]string, len(vs))
		for i, v := range vs {
			words[i] = strconv.Itoa(v)
		}
		return &Unmet{Rule: "keyVersions", Reason: fmt.Sprintf("key version of issuer %s must be %s (not %d)",
			quoteText(issuer.ID), alternatives(words), keyVersion)}
	}
	return nil
}

// evaluateDisclosed checks the disclosed rules in ascending index order.
func (p *Policy) evaluateDisclosed(disclosed []request.Message) *Unmet {
	if len(p.Disclosed) == 0 {
		return nil
	}
	byIndex := make(map[int][]byte, len(disclosed))
	for _, m := range disclosed {
		if _, dup := byIndex[m.Index]; dup {
			return &Unmet{Rule: "policy", Reason: fmt.Sprintf("the request discloses message %d more than once", m.Index)}
		}
		byIndex[m.Index] = m.Message
	}
	rules := p.Disclosed
	if !sort.SliceIsSorted(rules, func(i, j int) bool { return rules[i].Index < rules[j].Index }) {
		rules = append([]DisclosedRule(nil), rules...)
		sort.Slice(rules, func(i, j int) bool { return rules[i].Index < rules[j].Index })
	}
	for _, r := range rules {
		msg, ok := byIndex[r.Index]
		if !ok {
			return &Unmet{Rule: "disclosed", Index: r.Index, Reason: fmt.Sprintf("message %d must be disclosed", r.Index)}
		}
		if what := r.unmet(msg); what != "" {
			return &Unmet{Rule: "disclosed", Index: r.Index, Reason: fmt.Sprintf("disclosed message %d must %s", r.Index, what)}
		}
	}
	return nil
}

// unmet returns "" when v satisfies r, else what r requires, as words that
// follow "must": `equal "BE"`, `be one of "BE" or "NL"`, `start with "19"`.
// Constraints are checked in the order equals, oneOf, prefix.
func (r *ValueRule) unmet(v []byte) string {
	if r.Equals != nil && !bytes.Equal(v, r.Equals) {
		return "equal " + quoteBytes(r.Equals)
	}
	if len(r.OneOf) > 0 && !r.oneOf(v) {
		vs := append([][]byte(nil), r.OneOf...)
		sort.Slice(vs, func(i, j int) bool { return bytes.Compare(vs[i], vs[j]) < 0 })
		words := make([]string, len(vs))
		for i, w := range vs {
			words[i] = quoteBytes(w)
		}
		return "be " + alternatives(words)
	}
	if len(r.Prefix) > 0 && !bytes.HasPrefix(v, r.Prefix) {
		return "start with " + quoteBytes(r.Prefix)
	}
	return ""
}

// alternatives joins words as `a`, `a or b`, `one of a, b or c`, naming at
// most maxListed of them.
func alternatives(words []string) string {
	const maxListed = 5
	switch n := len(words); {
	case n == 1:
		return words[0]
	case n == 2:
		return words[0] + " or " + words[1]
	case n <= maxListed:
		return "one of " + strings.Join(words[:n-1], ", ") + " or " + words[n-1]
	default:
		return fmt.Sprintf("one of %s or %d more", strings.Join(words[:maxListed], ", "), n-maxListed)
	}
}

func containsInt(list []int, v int) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}
