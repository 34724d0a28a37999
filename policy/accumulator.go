// SPDX-License-Identifier: Apache-2.0

package policy

// The non-revocation rule of level 3 (docs/revocation-protocol.md):
// the request must carry a presentation with non-revocation (request field
// nonRevoked) whose hidden revocation handle is the message the rule names,
// proven a member of the issuer's accumulator at a version no older than
// the current one minus a grace:
//
//	"accumulator": {"index": 4, "grace": 1}   // grace optional, default 0
//
// With grace g, presentations against the last g + 1 versions are accepted:
// a holder whose witness is behind by more must first update it from the
// ledger's removal records. The handle index is distinct from the other
// revocation rules' indices and from every disclosed rule's (the handle is
// never disclosed), and below messageCount when that is set. The rule is for
// bare proofs; a credential policy cannot have one.

import (
	"encoding/json"
	"fmt"
)

// MaxAccumulatorGrace is the largest grace of an accumulator rule, in
// versions: 2^53-1, as MaxEpoch.
const MaxAccumulatorGrace = MaxEpoch

// AccumulatorRule requires non-revocation against the issuer's
// accumulator: a presentation that commits to the handle at Index and names
// a version at least the current one minus Grace.
type AccumulatorRule struct {
	Index int
	Grace int64
}

// NonRevocationFacts are what the caller knows of a request's presentation
// with non-revocation, for an accumulator rule: the message index of its
// hidden handle and the version it names, from the parsed presentation
// (no cryptography), and the issuer's accumulator on the ledger (Published
// false: the issuer has none; Current its current version).
type NonRevocationFacts struct {
	HandleIndex int
	Version     int64
	Published   bool
	Current     int64
}

type wireAccumulator struct {
	Index int   `json:"index"`
	Grace int64 `json:"grace"`
}

// decodeAccumulator decodes the accumulator member of top into p.
func decodeAccumulator(top map[string]json.RawMessage, p *Policy) error {
	raw, ok := top["accumulator"]
	if !ok {
		return nil
	}
	m, err := object(raw, "accumulator", []string{"index", "grace"})
	if err != nil {
		return err
	}
	r := &AccumulatorRule{}
	idx, ok := m["index"]
	if !ok {
		return fmt.Errorf("accumulator.index: required")
	}
	if err := value(idx, "accumulator.index", &r.Index); err != nil {
		return err
	}
	if raw, ok := m["grace"]; ok {
		if err := value(raw, "accumulator.grace", &r.Grace); err != nil {
			return err
		}
	}
	p.Accumulator = r
	return nil
}

// validateAccumulator checks the accumulator rule's index and grace.
func (p *Policy) validateAccumulator() error {
	r := p.Accumulator
	if r == nil {
		return nil
	}
	if p.Credential != nil {
		return fmt.Errorf("accumulator: a credential policy has no accumulator rule (it is for bare proofs)")
	}
	if r.Index < 0 || r.Index > MaxMessageCount-1 {
		return fmt.Errorf("accumulator.index: %d outside 0..%d", r.Index, MaxMessageCount-1)
	}
	if p.MessageCount > 0 && r.Index >= p.MessageCount {
		return fmt.Errorf("accumulator.index: %d is not below messageCount %d, so no credential has it", r.Index, p.MessageCount)
	}
	if r.Grace < 0 || r.Grace > MaxAccumulatorGrace {
		return fmt.Errorf("accumulator.grace: %d outside 0..%d", r.Grace, int64(MaxAccumulatorGrace))
	}
	for _, d := range p.Disclosed {
		if d.Index == r.Index {
			return fmt.Errorf("accumulator.index: %d is also a disclosed rule, but the revocation handle is never disclosed", r.Index)
		}
	}
	other := func(name string, i *int) error {
		if i != nil && *i == r.Index {
			return fmt.Errorf("accumulator.index: %d is also %s (one message cannot carry both)", r.Index, name)
		}
		return nil
	}
	if v := p.Validity; v != nil {
		if err := other("validity.validFrom", v.ValidFrom); err != nil {
			return err
		}
		if err := other("validity.validUntil", v.ValidUntil); err != nil {
			return err
		}
	}
	if e := p.Epoch; e != nil {
		if err := other("epoch.index", &e.Index); err != nil {
			return err
		}
	}
	if s := p.Status; s != nil {
		if err := other("status.index", &s.Index); err != nil {
			return err
		}
	}
	return nil
}

// cloneAccumulator copies the accumulator rule of p into c.
func (p *Policy) cloneAccumulator(c *Policy) {
	if p.Accumulator != nil {
		a := *p.Accumulator
		c.Accumulator = &a
	}
}

// marshalAccumulator sets the accumulator member of w from c.
func (c *Policy) marshalAccumulator(w *wirePolicy) {
	if c.Accumulator != nil {
		w.Accumulator = &wireAccumulator{Index: c.Accumulator.Index, Grace: c.Accumulator.Grace}
	}
}

// evaluateAccumulator checks the accumulator rule.
func (p *Policy) evaluateAccumulator(st Statement) *Unmet {
	r := p.Accumulator
	if r == nil {
		return nil
	}
	unmet := func(format string, a ...any) *Unmet {
		return &Unmet{Rule: "accumulator", Index: r.Index, Reason: fmt.Sprintf(format, a...)}
	}
	issuer := quoteText(st.Issuer)
	f := st.NonRevocation
	if f == nil {
		return unmet("a presentation with non-revocation (nonRevoked) against the accumulator of issuer %s is required", issuer)
	}
	if _, ok := disclosedAt(st.Disclosed, r.Index); ok {
		return unmet("message %d (the revocation handle) must stay hidden", r.Index)
	}
	if f.HandleIndex != r.Index {
		return unmet("the presentation's hidden revocation handle must be message %d (not message %d)", r.Index, f.HandleIndex)
	}
	if !f.Published {
		return unmet("issuer %s publishes no accumulator", issuer)
	}
	if f.Version > f.Current {
		return unmet("the presentation names accumulator version %d, but the accumulator of issuer %s is at version %d", f.Version, issuer, f.Current)
	}
	if min := f.Current - r.Grace; f.Version < min {
		return unmet("the presentation is against accumulator version %d, older than the %d the policy accepts (issuer %s is at version %d, grace %d): update the witness from the removal records",
			f.Version, min, issuer, f.Current, r.Grace)
	}
	return nil
}
