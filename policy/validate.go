// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"bytes"
	"fmt"
	"sort"
	"unicode/utf8"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Validate reports whether p is within the limits and its rules are neither
// empty nor contradictory. It does not change p. Parse calls it; call it
// yourself on a Policy built in Go.
func (p *Policy) Validate() error {
	if p == nil {
		return fmt.Errorf("%w: nil policy", ErrInvalid)
	}
	if err := p.validate(); err != nil {
		return fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	return nil
}

func (p *Policy) validate() error {
	if !idRE.MatchString(p.ID) {
		return fmt.Errorf("id: %s does not match %s", quoteText(p.ID), IDPattern)
	}
	if len(p.Description) > MaxDescriptionLength {
		return fmt.Errorf("description: %d bytes, over the limit of %d", len(p.Description), MaxDescriptionLength)
	}
	if !utf8.ValidString(p.Description) {
		return fmt.Errorf("description: not UTF-8")
	}
	if err := validateIssuers(p.Issuers); err != nil {
		return err
	}
	if cr := p.Credential; cr != nil {
		if p.MessageCount != 0 || len(p.Disclosed) > 0 || p.Header != nil {
			return fmt.Errorf("credential: a credential policy has no messageCount, disclosed or header rule (those are for bare proofs)")
		}
		if p.Validity != nil || p.Epoch != nil || p.Status != nil {
			return fmt.Errorf("credential: a credential policy has no validity, epoch or status rule on message indices (those are for bare proofs; use credential.epoch and credential.status, and the credential's own validFrom and validUntil)")
		}
		if err := validateCredential(cr); err != nil {
			return err
		}
	}
	if p.MessageCount < 0 || p.MessageCount > MaxMessageCount {
		return fmt.Errorf("messageCount: %d outside 1..%d", p.MessageCount, MaxMessageCount)
	}
	if err := validateDisclosed(p.Disclosed, p.MessageCount); err != nil {
		return err
	}
	if p.Header != nil {
		if p.Header.empty() {
			return fmt.Errorf("header: empty rule (give equals, oneOf or prefix, or leave header out)")
		}
		if err := p.Header.validate("header"); err != nil {
			return err
		}
	}
	if r := p.Pseudonym; r != nil {
		if len(r.Context) == 0 {
			return fmt.Errorf("pseudonym.context: empty")
		}
		if len(r.Context) > MaxContextSize {
			return fmt.Errorf("pseudonym.context: %d bytes, over the limit of %d", len(r.Context), MaxContextSize)
		}
		if r.Uses < 1 || r.Uses > MaxUses {
			return fmt.Errorf("pseudonym.uses: %d outside 1..%d", r.Uses, MaxUses)
		}
	}
	if p.MinNonceLength < 0 || p.MinNonceLength > MaxMinNonceLength {
		return fmt.Errorf("minNonceLength: %d outside 1..%d", p.MinNonceLength, MaxMinNonceLength)
	}
	if p.BindSubmitter && p.MinNonceLength > request.BoundNonceSize {
		return fmt.Errorf("minNonceLength: %d is more than the %d bytes of the bound nonce that bindSubmitter requires",
			p.MinNonceLength, request.BoundNonceSize)
	}
	if err := p.validateRevocation(); err != nil {
		return err
	}
	if err := p.validateAccumulator(); err != nil {
		return err
	}
	return p.validatePredicates()
}

func validateIssuers(issuers []Issuer) error {
	if len(issuers) == 0 {
		return fmt.Errorf("issuers: empty (a policy accepts one issuer or more)")
	}
	if len(issuers) > MaxIssuers {
		return fmt.Errorf("issuers: %d issuers, over the limit of %d", len(issuers), MaxIssuers)
	}
	seen := make(map[string]int, len(issuers))
	for i, is := range issuers {
		if !request.ValidIssuerID(is.ID) {
			return fmt.Errorf("issuers[%d].id: %s does not match %s", i, quoteText(is.ID), request.IssuerIDPattern)
		}
		if j, dup := seen[is.ID]; dup {
			return fmt.Errorf("issuers[%d].id: %s repeats issuers[%d]", i, quoteText(is.ID), j)
		}
		seen[is.ID] = i
		if len(is.KeyVersions) > MaxKeyVersions {
			return fmt.Errorf("issuers[%d].keyVersions: %d versions, over the limit of %d", i, len(is.KeyVersions), MaxKeyVersions)
		}
		versions := make(map[int]int, len(is.KeyVersions))
		for j, v := range is.KeyVersions {
			if v < 1 || v > MaxKeyVersion {
				return fmt.Errorf("issuers[%d].keyVersions[%d]: %d outside 1..%d", i, j, v, MaxKeyVersion)
			}
			if k, dup := versions[v]; dup {
				return fmt.Errorf("issuers[%d].keyVersions[%d]: %d repeats keyVersions[%d]", i, j, v, k)
			}
			versions[v] = j
		}
	}
	return nil
}

func validateDisclosed(rules []DisclosedRule, messageCount int) error {
	if len(rules) > MaxDisclosedRules {
		return fmt.Errorf("disclosed: %d rules, over the limit of %d", len(rules), MaxDisclosedRules)
	}
	seen := make(map[int]int, len(rules))
	for i, r := range rules {
		name := fmt.Sprintf("disclosed[%d]", i)
		if r.Index < 0 || r.Index > request.MaxMessageIndex {
			return fmt.Errorf("%s.index: %d outside 0..%d", name, r.Index, request.MaxMessageIndex)
		}
		if messageCount > 0 && r.Index >= messageCount {
			return fmt.Errorf("%s.index: %d is not below messageCount %d, so it can never be disclosed", name, r.Index, messageCount)
		}
		if j, dup := seen[r.Index]; dup {
			return fmt.Errorf("%s.index: %d repeats disclosed[%d] (give one rule per index)", name, r.Index, j)
		}
		seen[r.Index] = i
		if err := r.ValueRule.validate(name); err != nil {
			return err
		}
	}
	return nil
}

// validate checks the limits of r and that its constraints can all hold for
// every value they name: equals among oneOf, oneOf values all equal to
// equals, equals and every oneOf value starting with prefix.
func (r *ValueRule) validate(name string) error {
	if len(r.Equals) > MaxValueSize {
		return fmt.Errorf("%s.equals: %d bytes, over the limit of %d", name, len(r.Equals), MaxValueSize)
	}
	if len(r.Prefix) > MaxValueSize {
		return fmt.Errorf("%s.prefix: %d bytes, over the limit of %d", name, len(r.Prefix), MaxValueSize)
	}
	if len(r.OneOf) > MaxOneOf {
		return fmt.Errorf("%s.oneOf: %d values, over the limit of %d", name, len(r.OneOf), MaxOneOf)
	}
	for i, v := range r.OneOf {
		if len(v) > MaxValueSize {
			return fmt.Errorf("%s.oneOf[%d]: %d bytes, over the limit of %d", name, i, len(v), MaxValueSize)
		}
		for j := 0; j < i; j++ {
			if bytes.Equal(v, r.OneOf[j]) {
				return fmt.Errorf("%s.oneOf[%d]: %s repeats oneOf[%d]", name, i, quoteBytes(v), j)
			}
		}
	}
	if r.Equals != nil && len(r.Prefix) > 0 && !bytes.HasPrefix(r.Equals, r.Prefix) {
		return fmt.Errorf("%s: equals %s does not start with prefix %s: no value satisfies both",
			name, quoteBytes(r.Equals), quoteBytes(r.Prefix))
	}
	if r.Equals != nil && len(r.OneOf) > 0 {
		if !r.oneOf(r.Equals) {
			return fmt.Errorf("%s: equals %s is not in oneOf: no value satisfies both", name, quoteBytes(r.Equals))
		}
		for i, v := range r.OneOf {
			if !bytes.Equal(v, r.Equals) {
				return fmt.Errorf("%s.oneOf[%d]: %s contradicts equals %s and can never be accepted",
					name, i, quoteBytes(v), quoteBytes(r.Equals))
			}
		}
	}
	if len(r.Prefix) > 0 {
		for i, v := range r.OneOf {
			if !bytes.HasPrefix(v, r.Prefix) {
				return fmt.Errorf("%s.oneOf[%d]: %s does not start with prefix %s and can never be accepted",
					name, i, quoteBytes(v), quoteBytes(r.Prefix))
			}
		}
	}
	return nil
}

// oneOf reports whether v is one of r.OneOf.
func (r *ValueRule) oneOf(v []byte) bool {
	for _, w := range r.OneOf {
		if bytes.Equal(v, w) {
			return true
		}
	}
	return false
}

// normalize sorts p's lists in place: issuers by ID, key versions
// ascending, disclosed rules by index, oneOf values bytewise.
func (p *Policy) normalize() {
	sort.Slice(p.Issuers, func(i, j int) bool { return p.Issuers[i].ID < p.Issuers[j].ID })
	for _, is := range p.Issuers {
		sort.Ints(is.KeyVersions)
	}
	sort.Slice(p.Disclosed, func(i, j int) bool { return p.Disclosed[i].Index < p.Disclosed[j].Index })
	for i := range p.Disclosed {
		p.Disclosed[i].ValueRule.normalize()
	}
	if p.Header != nil {
		p.Header.normalize()
	}
	sortPredicates(p.Predicates)
}

func (r *ValueRule) normalize() {
	sort.Slice(r.OneOf, func(i, j int) bool { return bytes.Compare(r.OneOf[i], r.OneOf[j]) < 0 })
}

// clone returns a deep copy of p, so that normalising it leaves p as it was.
func (p *Policy) clone() *Policy {
	c := *p
	c.Issuers = make([]Issuer, len(p.Issuers))
	for i, is := range p.Issuers {
		c.Issuers[i] = Issuer{ID: is.ID, KeyVersions: append([]int(nil), is.KeyVersions...)}
	}
	c.Disclosed = make([]DisclosedRule, len(p.Disclosed))
	for i, r := range p.Disclosed {
		c.Disclosed[i] = DisclosedRule{Index: r.Index, ValueRule: r.ValueRule.clone()}
	}
	if p.Header != nil {
		h := p.Header.clone()
		c.Header = &h
	}
	if p.Pseudonym != nil {
		ps := *p.Pseudonym
		ps.Context = bytes.Clone(ps.Context)
		c.Pseudonym = &ps
	}
	p.cloneRevocation(&c)
	p.cloneAccumulator(&c)
	p.clonePredicates(&c)
	c.Credential = p.Credential.clone()
	return &c
}

func (r ValueRule) clone() ValueRule {
	c := ValueRule{Equals: bytes.Clone(r.Equals), Prefix: bytes.Clone(r.Prefix)}
	if r.OneOf != nil {
		c.OneOf = make([][]byte, len(r.OneOf))
		for i, v := range r.OneOf {
			c.OneOf[i] = bytes.Clone(v)
		}
	}
	return c
}
