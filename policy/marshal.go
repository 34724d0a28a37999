// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
)

// The canonical JSON form: fields in the documented order, rules that are
// absent left out, lists sorted, no insignificant white space.
type (
	wirePolicy struct {
		ID             string           `json:"id"`
		Description    string           `json:"description,omitempty"`
		Issuers        []wireIssuer     `json:"issuers"`
		MessageCount   int              `json:"messageCount,omitempty"`
		Disclosed      []wireDisclosed  `json:"disclosed,omitempty"`
		Header         *wireValue       `json:"header,omitempty"`
		BindSubmitter  bool             `json:"bindSubmitter,omitempty"`
		Pseudonym      *wirePseudonym   `json:"pseudonym,omitempty"`
		MinNonceLength int              `json:"minNonceLength,omitempty"`
		Validity       *wireValidity    `json:"validity,omitempty"`
		Epoch          *wireEpoch       `json:"epoch,omitempty"`
		Status         *wireStatus      `json:"status,omitempty"`
		Accumulator    *wireAccumulator `json:"accumulator,omitempty"`
		Credential     *wireCredential  `json:"credential,omitempty"`
		Predicates     []wirePredicate  `json:"predicates,omitempty"`
	}
	wireIssuer struct {
		ID          string `json:"id"`
		KeyVersions []int  `json:"keyVersions,omitempty"`
	}
	wireDisclosed struct {
		Index int `json:"index"`
		wireValue
	}
	wireValue struct {
		Equals *string  `json:"equals,omitempty"`
		OneOf  []string `json:"oneOf,omitempty"`
		Prefix string   `json:"prefix,omitempty"`
	}
	wirePseudonym struct {
		Context string `json:"context"`
		Uses    int    `json:"uses"`
	}
)

// Marshal returns the canonical encoding of p, the bytes to store: the same
// bytes for policies that differ only in the order of issuers, key
// versions, disclosed rules or oneOf values, and Parse(Marshal(p)) gives p
// back normalised. It refuses a policy that Validate refuses, and does not
// change p.
func (p *Policy) Marshal() ([]byte, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	c := p.clone()
	c.normalize()
	w := wirePolicy{
		ID:             c.ID,
		Description:    c.Description,
		Issuers:        make([]wireIssuer, len(c.Issuers)),
		MessageCount:   c.MessageCount,
		BindSubmitter:  c.BindSubmitter,
		MinNonceLength: c.MinNonceLength,
		Credential:     encodeCredential(c.Credential),
	}
	for i, is := range c.Issuers {
		w.Issuers[i] = wireIssuer{ID: is.ID, KeyVersions: is.KeyVersions}
	}
	for _, r := range c.Disclosed {
		w.Disclosed = append(w.Disclosed, wireDisclosed{Index: r.Index, wireValue: encodeValueRule(&r.ValueRule)})
	}
	if c.Header != nil {
		h := encodeValueRule(c.Header)
		w.Header = &h
	}
	if c.Pseudonym != nil {
		w.Pseudonym = &wirePseudonym{Context: b64(c.Pseudonym.Context), Uses: c.Pseudonym.Uses}
	}
	c.marshalRevocation(&w)
	c.marshalAccumulator(&w)
	c.marshalPredicates(&w)
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(w); err != nil {
		return nil, fmt.Errorf("policy: encoding %s: %w", quoteText(p.ID), err)
	}
	out := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if len(out) > MaxPolicySize {
		// Parse refuses a document whose canonical form is too large, so
		// only a Policy built in Go gets here.
		return nil, fmt.Errorf("%w: canonical form is %d bytes, over the limit of %d", ErrInvalid, len(out), MaxPolicySize)
	}
	return out, nil
}

func encodeValueRule(r *ValueRule) wireValue {
	var w wireValue
	if r.Equals != nil {
		s := b64(r.Equals)
		w.Equals = &s
	}
	for _, v := range r.OneOf {
		w.OneOf = append(w.OneOf, b64(v))
	}
	w.Prefix = b64(r.Prefix)
	return w
}

func b64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
