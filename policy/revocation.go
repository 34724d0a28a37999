// SPDX-License-Identifier: Apache-2.0

package policy

// Revocation rules of levels 1 and 2: a validity period, an
// epoch and a status-list entry, each carried by a disclosed message of
// the credential.
//
// # Encodings of the messages
//
// The messages are text an issuer's application writes and a CLI user
// can type (bbs sign signs a JSON string's UTF-8 bytes):
//
//   - a time (validFrom, validUntil) is RFC 3339 in UTC, to the second,
//     exactly "YYYY-MM-DDTHH:MM:SSZ" (20 bytes; `date -u +%Y-%m-%dT%H:%M:%SZ`);
//     no fraction, no offset other than Z, no lower-case letters;
//   - an epoch and a status index are canonical unsigned decimal text:
//     ASCII digits, no sign, no leading zero (except "0" itself), no
//     spaces; an epoch at most MaxEpoch, a status index below
//     MaxStatusListSize.
//
// Any other encoding of a message a rule names makes the rule unmet, with
// a reason that says what was expected.
//
// # Rules
//
//	"validity": {"validFrom": 5, "validUntil": 6},   // either or both: message indices
//	"epoch":    {"index": 7, "grace": 1},             // grace optional, default 0
//	"status":   {"index": 8, "list": "revocation"}    // list: a list ID of the issuer
//
// validity is met when the transaction timestamp t satisfies
// validFrom <= t <= validUntil (each bound that is named). epoch is met
// when the disclosed epoch e and the issuer's current epoch E on the
// ledger satisfy e >= E - grace (an epoch above E is accepted: issuers may
// issue ahead of a raise); an issuer that publishes no epoch meets no
// epoch rule. status is met when the bit of the disclosed index in the
// issuer's status list is not set; a missing list or an index outside it
// is unmet. The indices of these rules are distinct and below messageCount
// when that is set; a disclosed rule may name the same index too.

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Limits of the revocation rules.
const (
	// MaxEpoch is the largest epoch (and grace): 2^53-1, the largest
	// integer a JSON number holds exactly in every client language.
	MaxEpoch = 1<<53 - 1
	// MaxStatusListSize is the most bits a status list holds; status
	// indices are below it.
	MaxStatusListSize = 1 << 20
	// TimeLayout is the layout of validity messages (Go time layout).
	TimeLayout = "2006-01-02T15:04:05Z"
)

// maxDecimalDigits is the most digits of a canonical number below 2^53.
const maxDecimalDigits = 16

// ValidityRule names the disclosed messages holding a credential's
// validity period; nil fields name none. At least one is set.
type ValidityRule struct {
	ValidFrom  *int
	ValidUntil *int
}

// EpochRule requires the disclosed epoch at Index to be at least the
// issuer's current epoch minus Grace.
type EpochRule struct {
	Index int
	Grace int64
}

// StatusRule requires the bit of the disclosed status index at Index, in
// the issuer's status list List, not to be set.
type StatusRule struct {
	Index int
	List  string
}

// StatusFacts is what the caller looked up in the ledger for a status
// rule: the size in bits of the issuer's list (0: no such list), the index
// it looked up (StatusIndex of the statement) and whether its bit is set.
type StatusFacts struct {
	ListSize int
	Index    int
	Set      bool
}

// ParseTime parses a validity message: RFC 3339 UTC to the second, exactly
// TimeLayout.
func ParseTime(b []byte) (time.Time, error) {
	if len(b) != len(TimeLayout) {
		return time.Time{}, fmt.Errorf("%s is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ", quoteBytes(b))
	}
	t, err := time.Parse(TimeLayout, string(b))
	if err != nil || t.Format(TimeLayout) != string(b) {
		return time.Time{}, fmt.Errorf("%s is not a UTC time of the form YYYY-MM-DDTHH:MM:SSZ", quoteBytes(b))
	}
	return t, nil
}

// FormatTime is the validity message of t (in UTC, to the second).
func FormatTime(t time.Time) string { return t.UTC().Format(TimeLayout) }

// parseNumber parses canonical unsigned decimal text at most limit.
func parseNumber(b []byte, limit int64) (int64, error) {
	bad := func() (int64, error) {
		return 0, fmt.Errorf("%s is not a canonical decimal number (ASCII digits, no sign, no leading zero) up to %d", quoteBytes(b), limit)
	}
	if len(b) == 0 || len(b) > maxDecimalDigits || (len(b) > 1 && b[0] == '0') {
		return bad()
	}
	var n int64
	for _, c := range b {
		if c < '0' || c > '9' {
			return bad()
		}
		n = n*10 + int64(c-'0')
	}
	if n > limit {
		return bad()
	}
	return n, nil
}

// StatusIndex returns the status index the statement discloses for p's
// status rule, and false when p has none or the message is missing or
// malformed (Evaluate then says why).
func (p *Policy) StatusIndex(st Statement) (int, bool) {
	if p == nil || p.Status == nil {
		return 0, false
	}
	msg, ok := disclosedAt(st.Disclosed, p.Status.Index)
	if !ok {
		return 0, false
	}
	n, err := parseNumber(msg, MaxStatusListSize-1)
	if err != nil {
		return 0, false
	}
	return int(n), true
}

// decodeRevocation decodes the validity, epoch and status members of top
// into p.
func decodeRevocation(top map[string]json.RawMessage, p *Policy) error {
	if raw, ok := top["validity"]; ok {
		m, err := object(raw, "validity", []string{"validFrom", "validUntil"})
		if err != nil {
			return err
		}
		r := &ValidityRule{}
		for _, f := range []struct {
			name string
			dst  **int
		}{{"validFrom", &r.ValidFrom}, {"validUntil", &r.ValidUntil}} {
			if raw, ok := m[f.name]; ok {
				var i int
				if err := value(raw, "validity."+f.name, &i); err != nil {
					return err
				}
				*f.dst = &i
			}
		}
		if r.ValidFrom == nil && r.ValidUntil == nil {
			return fmt.Errorf("validity: empty (name validFrom, validUntil or both, or leave validity out)")
		}
		p.Validity = r
	}
	if raw, ok := top["epoch"]; ok {
		m, err := object(raw, "epoch", []string{"index", "grace"})
		if err != nil {
			return err
		}
		r := &EpochRule{}
		idx, ok := m["index"]
		if !ok {
			return fmt.Errorf("epoch.index: required")
		}
		if err := value(idx, "epoch.index", &r.Index); err != nil {
			return err
		}
		if raw, ok := m["grace"]; ok {
			if err := value(raw, "epoch.grace", &r.Grace); err != nil {
				return err
			}
		}
		p.Epoch = r
	}
	if raw, ok := top["status"]; ok {
		m, err := object(raw, "status", []string{"index", "list"})
		if err != nil {
			return err
		}
		r := &StatusRule{}
		for _, req := range []string{"index", "list"} {
			if _, ok := m[req]; !ok {
				return fmt.Errorf("status.%s: required", req)
			}
		}
		if err := value(m["index"], "status.index", &r.Index); err != nil {
			return err
		}
		if err := value(m["list"], "status.list", &r.List); err != nil {
			return err
		}
		p.Status = r
	}
	return nil
}

// validateRevocation checks the revocation rules' indices and limits.
func (p *Policy) validateRevocation() error {
	seen := map[int]string{}
	check := func(name string, index int) error {
		if index < 0 || index > MaxMessageCount-1 {
			return fmt.Errorf("%s: %d outside 0..%d", name, index, MaxMessageCount-1)
		}
		if p.MessageCount > 0 && index >= p.MessageCount {
			return fmt.Errorf("%s: %d is not below messageCount %d, so it can never be disclosed", name, index, p.MessageCount)
		}
		if other, dup := seen[index]; dup {
			return fmt.Errorf("%s: %d is also %s (one message cannot carry both)", name, index, other)
		}
		seen[index] = name
		return nil
	}
	if r := p.Validity; r != nil {
		if r.ValidFrom == nil && r.ValidUntil == nil {
			return fmt.Errorf("validity: empty (name validFrom, validUntil or both)")
		}
		if r.ValidFrom != nil {
			if err := check("validity.validFrom", *r.ValidFrom); err != nil {
				return err
			}
		}
		if r.ValidUntil != nil {
			if err := check("validity.validUntil", *r.ValidUntil); err != nil {
				return err
			}
		}
	}
	if r := p.Epoch; r != nil {
		if err := check("epoch.index", r.Index); err != nil {
			return err
		}
		if r.Grace < 0 || r.Grace > MaxEpoch {
			return fmt.Errorf("epoch.grace: %d outside 0..%d", r.Grace, int64(MaxEpoch))
		}
	}
	if r := p.Status; r != nil {
		if err := check("status.index", r.Index); err != nil {
			return err
		}
		if !idRE.MatchString(r.List) {
			return fmt.Errorf("status.list: %s does not match %s", quoteText(r.List), IDPattern)
		}
	}
	return nil
}

// cloneRevocation copies the revocation rules of p into c.
func (p *Policy) cloneRevocation(c *Policy) {
	if p.Validity != nil {
		v := ValidityRule{}
		if p.Validity.ValidFrom != nil {
			i := *p.Validity.ValidFrom
			v.ValidFrom = &i
		}
		if p.Validity.ValidUntil != nil {
			i := *p.Validity.ValidUntil
			v.ValidUntil = &i
		}
		c.Validity = &v
	}
	if p.Epoch != nil {
		e := *p.Epoch
		c.Epoch = &e
	}
	if p.Status != nil {
		s := *p.Status
		c.Status = &s
	}
}

// The canonical JSON of the revocation rules.
type (
	wireValidity struct {
		ValidFrom  *int `json:"validFrom,omitempty"`
		ValidUntil *int `json:"validUntil,omitempty"`
	}
	wireEpoch struct {
		Index int   `json:"index"`
		Grace int64 `json:"grace"`
	}
	wireStatus struct {
		Index int    `json:"index"`
		List  string `json:"list"`
	}
)

// marshalRevocation sets the revocation members of w from c.
func (c *Policy) marshalRevocation(w *wirePolicy) {
	if c.Validity != nil {
		w.Validity = &wireValidity{ValidFrom: c.Validity.ValidFrom, ValidUntil: c.Validity.ValidUntil}
	}
	if c.Epoch != nil {
		w.Epoch = &wireEpoch{Index: c.Epoch.Index, Grace: c.Epoch.Grace}
	}
	if c.Status != nil {
		w.Status = &wireStatus{Index: c.Status.Index, List: c.Status.List}
	}
}

// evaluateRevocation checks the validity, epoch and status rules, in that
// order.
func (p *Policy) evaluateRevocation(st Statement) *Unmet {
	if r := p.Validity; r != nil {
		if u := evaluateBound(st, r.ValidFrom, "validFrom"); u != nil {
			return u
		}
		if u := evaluateBound(st, r.ValidUntil, "validUntil"); u != nil {
			return u
		}
	}
	if r := p.Epoch; r != nil {
		msg, ok := disclosedAt(st.Disclosed, r.Index)
		if !ok {
			return &Unmet{Rule: "epoch", Index: r.Index, Reason: fmt.Sprintf("message %d (the epoch) must be disclosed", r.Index)}
		}
		e, err := parseNumber(msg, MaxEpoch)
		if err != nil {
			return &Unmet{Rule: "epoch", Index: r.Index, Reason: fmt.Sprintf("disclosed message %d (the epoch): %v", r.Index, err)}
		}
		if !st.EpochPublished {
			return &Unmet{Rule: "epoch", Index: r.Index, Reason: fmt.Sprintf("issuer %s publishes no epoch", quoteText(st.Issuer))}
		}
		if min := st.IssuerEpoch - r.Grace; e < min {
			return &Unmet{Rule: "epoch", Index: r.Index, Reason: fmt.Sprintf("the credential's epoch %d is older than the %d the policy accepts (issuer %s is at epoch %d, grace %d): the issuer has not reissued it",
				e, min, quoteText(st.Issuer), st.IssuerEpoch, r.Grace)}
		}
	}
	if r := p.Status; r != nil {
		msg, ok := disclosedAt(st.Disclosed, r.Index)
		if !ok {
			return &Unmet{Rule: "status", Index: r.Index, Reason: fmt.Sprintf("message %d (the status index) must be disclosed", r.Index)}
		}
		n, err := parseNumber(msg, MaxStatusListSize-1)
		if err != nil {
			return &Unmet{Rule: "status", Index: r.Index, Reason: fmt.Sprintf("disclosed message %d (the status index): %v", r.Index, err)}
		}
		f := st.Status
		list := fmt.Sprintf("status list %s of issuer %s", quoteText(r.List), quoteText(st.Issuer))
		switch {
		case f == nil || f.Index != int(n):
			return &Unmet{Rule: "status", Index: r.Index, Reason: fmt.Sprintf("the %s was not looked up for index %d", list, n)}
		case f.ListSize == 0:
			return &Unmet{Rule: "status", Index: r.Index, Reason: fmt.Sprintf("there is no %s", list)}
		case int(n) >= f.ListSize:
			return &Unmet{Rule: "status", Index: r.Index, Reason: fmt.Sprintf("status index %d is outside the %d entries of the %s", n, f.ListSize, list)}
		case f.Set:
			return &Unmet{Rule: "status", Index: r.Index, Reason: fmt.Sprintf("the credential is revoked: entry %d of the %s is set", n, list)}
		}
	}
	return nil
}

// evaluateBound checks one validity bound (index nil: none).
func evaluateBound(st Statement, index *int, name string) *Unmet {
	if index == nil {
		return nil
	}
	i := *index
	msg, ok := disclosedAt(st.Disclosed, i)
	if !ok {
		return &Unmet{Rule: "validity", Index: i, Reason: fmt.Sprintf("message %d (%s) must be disclosed", i, name)}
	}
	t, err := ParseTime(msg)
	if err != nil {
		return &Unmet{Rule: "validity", Index: i, Reason: fmt.Sprintf("disclosed message %d (%s): %v", i, name, err)}
	}
	if st.Time.IsZero() {
		return &Unmet{Rule: "validity", Index: i, Reason: "the transaction time is unknown"}
	}
	now := st.Time.UTC().Truncate(time.Second)
	if name == "validFrom" && now.Before(t) {
		return &Unmet{Rule: "validity", Index: i, Reason: fmt.Sprintf("the credential is not valid yet: valid from %s, the transaction time is %s", FormatTime(t), FormatTime(now))}
	}
	if name == "validUntil" && now.After(t) {
		return &Unmet{Rule: "validity", Index: i, Reason: fmt.Sprintf("the credential has expired: valid until %s, the transaction time is %s", FormatTime(t), FormatTime(now))}
	}
	return nil
}

// disclosedAt returns the disclosed message at index.
func disclosedAt(disclosed []request.Message, index int) ([]byte, bool) {
	for _, m := range disclosed {
		if m.Index == index {
			return m.Message, true
		}
	}
	return nil, false
}
