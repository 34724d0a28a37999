// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// The exact JSON names Parse accepts, per object.
var (
	policyFields    = []string{"id", "description", "issuers", "messageCount", "disclosed", "header", "bindSubmitter", "pseudonym", "minNonceLength", "validity", "epoch", "status", "accumulator", "credential", "predicates"}
	issuerFields    = []string{"id", "keyVersions"}
	disclosedFields = []string{"index", "equals", "oneOf", "prefix"}
	headerFields    = []string{"equals", "oneOf", "prefix"}
	pseudonymFields = []string{"context", "uses"}
)

// Parse parses a policy document strictly and validates it (see Validate).
// It rejects a document over MaxPolicySize before reading it, text that is
// not UTF-8, duplicate keys at any depth, unknown or miscased field names,
// null values, trailing data, and a policy whose canonical form (Marshal)
// would exceed MaxPolicySize. The policy it returns is normalised (sorted)
// so that Marshal gives the same bytes for documents that differ only in
// order.
func Parse(doc []byte) (*Policy, error) {
	if len(doc) > MaxPolicySize {
		return nil, fmt.Errorf("%w: document is %d bytes, over the limit of %d", ErrInvalid, len(doc), MaxPolicySize)
	}
	if !utf8.Valid(doc) {
		return nil, fmt.Errorf("%w: document is not UTF-8", ErrInvalid)
	}
	if err := checkSyntax(doc); err != nil {
		return nil, fmt.Errorf("%w: malformed JSON: %v", ErrInvalid, err)
	}
	p, err := decodePolicy(doc)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	p.normalize()
	// The canonical form can be a little longer than the document (the
	// default pseudonym uses written out, characters JSON escapes): refuse
	// a policy that could not be stored.
	if _, err := p.Marshal(); err != nil {
		return nil, err
	}
	return p, nil
}

// decodePolicy decodes a syntactically valid document into a Policy,
// checking names and types but not the rules (Validate does).
func decodePolicy(doc []byte) (*Policy, error) {
	top, err := object(doc, "policy", policyFields)
	if err != nil {
		return nil, err
	}
	p := &Policy{}
	for _, req := range []string{"id", "issuers"} {
		if _, ok := top[req]; !ok {
			return nil, fmt.Errorf("%s: required", req)
		}
	}
	if err := value(top["id"], "id", &p.ID); err != nil {
		return nil, err
	}
	if raw, ok := top["description"]; ok {
		if err := value(raw, "description", &p.Description); err != nil {
			return nil, err
		}
	}
	if p.Issuers, err = decodeIssuers(top["issuers"]); err != nil {
		return nil, err
	}
	if raw, ok := top["messageCount"]; ok {
		if err := value(raw, "messageCount", &p.MessageCount); err != nil {
			return nil, err
		}
		if p.MessageCount == 0 {
			// 0 would read as "any count" in the struct: refuse it here,
			// where presence is still known.
			return nil, fmt.Errorf("messageCount: 0 is not a message count (leave it out to accept any)")
		}
	}
	if raw, ok := top["disclosed"]; ok {
		if p.Disclosed, err = decodeDisclosed(raw); err != nil {
			return nil, err
		}
	}
	if raw, ok := top["header"]; ok {
		m, err := object(raw, "header", headerFields)
		if err != nil {
			return nil, err
		}
		r, err := decodeValueRule(m, "header")
		if err != nil {
			return nil, err
		}
		p.Header = &r
	}
	if raw, ok := top["bindSubmitter"]; ok {
		if err := value(raw, "bindSubmitter", &p.BindSubmitter); err != nil {
			return nil, err
		}
	}
	if raw, ok := top["pseudonym"]; ok {
		if p.Pseudonym, err = decodePseudonym(raw); err != nil {
			return nil, err
		}
	}
	if raw, ok := top["minNonceLength"]; ok {
		if err := value(raw, "minNonceLength", &p.MinNonceLength); err != nil {
			return nil, err
		}
		if p.MinNonceLength == 0 {
			return nil, fmt.Errorf("minNonceLength: 0 is no rule (leave it out)")
		}
	}
	if err := decodeRevocation(top, p); err != nil {
		return nil, err
	}
	if err := decodeAccumulator(top, p); err != nil {
		return nil, err
	}
	if raw, ok := top["credential"]; ok {
		if p.Credential, err = decodeCredential(raw); err != nil {
			return nil, err
		}
	}
	if err := decodePredicates(top, p); err != nil {
		return nil, err
	}
	return p, nil
}

func decodeIssuers(raw json.RawMessage) ([]Issuer, error) {
	var items []json.RawMessage
	if err := value(raw, "issuers", &items); err != nil {
		return nil, err
	}
	if len(items) > MaxIssuers {
		return nil, fmt.Errorf("issuers: %d issuers, over the limit of %d", len(items), MaxIssuers)
	}
	out := make([]Issuer, len(items))
	for i, item := range items {
		name := fmt.Sprintf("issuers[%d]", i)
		m, err := object(item, name, issuerFields)
		if err != nil {
			return nil, err
		}
		idRaw, ok := m["id"]
		if !ok {
			return nil, fmt.Errorf("%s.id: required", name)
		}
		if err := value(idRaw, name+".id", &out[i].ID); err != nil {
			return nil, err
		}
		if raw, ok := m["keyVersions"]; ok {
			var versions []json.RawMessage
			if err := value(raw, name+".keyVersions", &versions); err != nil {
				return nil, err
			}
			if len(versions) == 0 {
				return nil, fmt.Errorf("%s.keyVersions: empty (leave it out to accept every key version)", name)
			}
			if len(versions) > MaxKeyVersions {
				return nil, fmt.Errorf("%s.keyVersions: %d versions, over the limit of %d", name, len(versions), MaxKeyVersions)
			}
			out[i].KeyVersions = make([]int, len(versions))
			for j, v := range versions {
				if err := value(v, fmt.Sprintf("%s.keyVersions[%d]", name, j), &out[i].KeyVersions[j]); err != nil {
					return nil, err
				}
			}
		}
	}
	return out, nil
}

func decodeDisclosed(raw json.RawMessage) ([]DisclosedRule, error) {
	var items []json.RawMessage
	if err := value(raw, "disclosed", &items); err != nil {
		return nil, err
	}
	if len(items) > MaxDisclosedRules {
		return nil, fmt.Errorf("disclosed: %d rules, over the limit of %d", len(items), MaxDisclosedRules)
	}
	if len(items) == 0 {
		return nil, fmt.Errorf("disclosed: empty (leave it out)")
	}
	out := make([]DisclosedRule, len(items))
	for i, item := range items {
		name := fmt.Sprintf("disclosed[%d]", i)
		m, err := object(item, name, disclosedFields)
		if err != nil {
			return nil, err
		}
		idx, ok := m["index"]
		if !ok {
			return nil, fmt.Errorf("%s.index: required", name)
		}
		if err := value(idx, name+".index", &out[i].Index); err != nil {
			return nil, err
		}
		if out[i].ValueRule, err = decodeValueRule(m, name); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// decodeValueRule decodes the equals, oneOf and prefix members of m. An
// empty oneOf or prefix is refused here, where presence is still known.
func decodeValueRule(m map[string]json.RawMessage, name string) (ValueRule, error) {
	var r ValueRule
	var err error
	if raw, ok := m["equals"]; ok {
		if r.Equals, err = bytesValue(raw, name+".equals", MaxValueSize); err != nil {
			return r, err
		}
		if r.Equals == nil {
			r.Equals = []byte{}
		}
	}
	if raw, ok := m["oneOf"]; ok {
		var items []json.RawMessage
		if err := value(raw, name+".oneOf", &items); err != nil {
			return r, err
		}
		if len(items) == 0 {
			return r, fmt.Errorf("%s.oneOf: empty", name)
		}
		if len(items) > MaxOneOf {
			return r, fmt.Errorf("%s.oneOf: %d values, over the limit of %d", name, len(items), MaxOneOf)
		}
		r.OneOf = make([][]byte, len(items))
		for i, item := range items {
			b, err := bytesValue(item, fmt.Sprintf("%s.oneOf[%d]", name, i), MaxValueSize)
			if err != nil {
				return r, err
			}
			if b == nil {
				b = []byte{}
			}
			r.OneOf[i] = b
		}
	}
	if raw, ok := m["prefix"]; ok {
		if r.Prefix, err = bytesValue(raw, name+".prefix", MaxValueSize); err != nil {
			return r, err
		}
		if len(r.Prefix) == 0 {
			return r, fmt.Errorf("%s.prefix: empty (every value starts with it)", name)
		}
	}
	return r, nil
}

func decodePseudonym(raw json.RawMessage) (*PseudonymRule, error) {
	m, err := object(raw, "pseudonym", pseudonymFields)
	if err != nil {
		return nil, err
	}
	ctx, ok := m["context"]
	if !ok {
		return nil, fmt.Errorf("pseudonym.context: required")
	}
	r := &PseudonymRule{Uses: 1}
	if r.Context, err = bytesValue(ctx, "pseudonym.context", MaxContextSize); err != nil {
		return nil, err
	}
	if raw, ok := m["uses"]; ok {
		if err := value(raw, "pseudonym.uses", &r.Uses); err != nil {
			return nil, err
		}
	}
	return r, nil
}
