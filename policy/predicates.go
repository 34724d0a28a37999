// SPDX-License-Identifier: Apache-2.0

package policy

// Predicate rules: statements a request must prove about messages it does
// not disclose (request field "predicates", package bbs/predicate,
// docs/predicates.md):
//
//	"predicates": [
//	  {"index": 3, "range": {"min": 18, "max": 150}, "params": "age-u16"},
//	  {"index": 4, "range": {"maxDate": {"yearsBeforeTx": 18}}},
//	  {"index": 5, "inSet": "eu-countries"}
//	]
//
// A range rule has any of "min" and "max" (signed 64-bit integers, both
// included) and "minDate" and "maxDate", at least one, and at most one
// bound on each side: a fixed bound and a date bound on the same side
// contradict each other. A date bound {"yearsBeforeTx": N}, 0 ≤ N ≤ 200,
// is the number of days since 1970-01-01 (the integer encoding of a date
// message, bbs.Days) of the date N calendar years before the transaction's
// UTC date: the same month and day N years earlier, and 28 February when
// that is 29 February of a common year (so on 29 February 2024, 18 years
// before is 28 February 2006: whoever is born on 1 March 2006 is 18 only on
// 1 March 2024, and whoever is born on 29 February comes of age on 1 March
// in a common year). "maxDate": {"yearsBeforeTx": 18} on a birth date thus
// requires the holder to be at least 18 years old on the transaction's
// date. Fabric lets the client choose the transaction timestamp within the
// peers' tolerance (docs/revocation.md, level 1a), so a date bound is as
// strong as the submitter is honest about the time, as a validity rule is.
//
// A rule is met when the request has a predicate of the same kind on the
// same index whose proven range lies inside the required one (its bounds at
// least as strict). A range rule that names "params" (range parameters, a
// predicate-parameter record of the policy's owner) requires a CCS08 proof
// over exactly those parameters; one that does not requires a Bulletproofs
// proof (no parameters): parameters the prover chose are worthless to a
// verifier, since their maker knows the secret that forges any proof. An
// inSet rule names the set parameters and requires a predicate over that
// set. The predicates a request carries beyond the rules are allowed.
//
// The index of a predicate rule is that of a hidden message: it is below
// messageCount when that is set, and no disclosed, validity, epoch or
// status rule names it. One index has at most one rule of each kind. A
// policy with predicate rules has no pseudonym or accumulator rule and is
// not a credential policy (requests with predicates have none of those).

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// Limits of the predicate rules.
const (
	// MaxPredicateRules is the largest number of predicate rules: a
	// request carries at most request.MaxPredicates predicates.
	MaxPredicateRules = request.MaxPredicates
	// MaxYearsBeforeTx is the largest yearsBeforeTx of a date bound.
	MaxYearsBeforeTx = 200
)

// PredicateRule requires the request to prove a statement about the hidden
// message at Index: a range (Range set; Params, when set, the range
// parameters of a CCS08 proof, else Bulletproofs) or membership of the set
// InSet (the set parameters' ID). Exactly one of Range and InSet is set.
type PredicateRule struct {
	Index  int
	Range  *RangeRule
	InSet  string
	Params string
}

// RangeRule is the required range: Min or MinDate below (at most one),
// Max or MaxDate above (at most one), at least one bound in all.
type RangeRule struct {
	Min, Max         *int64
	MinDate, MaxDate *DateBound
}

// DateBound is the date YearsBeforeTx calendar years before the
// transaction's UTC date, as days since 1970-01-01.
type DateBound struct {
	YearsBeforeTx int
}

// kind is the request predicate kind the rule requires.
func (r *PredicateRule) kind() string {
	if r.Range != nil {
		return request.KindRange
	}
	return request.KindInSet
}

// hasDate reports whether r has a date bound.
func (r *PredicateRule) hasDate() bool {
	return r.Range != nil && (r.Range.MinDate != nil || r.Range.MaxDate != nil)
}

// NeedsTime reports whether evaluating p needs Statement.Time, the
// transaction timestamp: p has a validity rule or a date bound.
func (p *Policy) NeedsTime() bool {
	if p == nil {
		return false
	}
	if p.Validity != nil {
		return true
	}
	for i := range p.Predicates {
		if p.Predicates[i].hasDate() {
			return true
		}
	}
	return false
}

// YearsBefore returns the date n calendar years before t's UTC date, at
// midnight UTC: the same month and day, or 28 February for 29 February of
// a common year.
func YearsBefore(t time.Time, n int) time.Time {
	y, m, d := t.UTC().Date()
	y -= n
	if m == time.February && d == 29 && !isLeap(y) {
		d = 28
	}
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

func isLeap(y int) bool { return y%4 == 0 && (y%100 != 0 || y%400 == 0) }

// days returns the days since 1970-01-01 of t, a UTC midnight.
func days(t time.Time) int64 {
	u := t.Unix()
	d := u / 86400
	if u%86400 < 0 {
		d--
	}
	return d
}

// date formats days since 1970-01-01 as YYYY-MM-DD.
func date(days int64) string {
	return time.Unix(days*86400, 0).UTC().Format(time.DateOnly)
}

// The JSON members of a predicate rule.
var (
	predicateRuleFields = []string{"index", "range", "inSet", "params"}
	rangeRuleFields     = []string{"min", "max", "minDate", "maxDate"}
	dateBoundFields     = []string{"yearsBeforeTx"}
)

// decodePredicates decodes the predicates member of top into p.
func decodePredicates(top map[string]json.RawMessage, p *Policy) error {
	raw, ok := top["predicates"]
	if !ok {
		return nil
	}
	var items []json.RawMessage
	if err := value(raw, "predicates", &items); err != nil {
		return err
	}
	if len(items) == 0 {
		return fmt.Errorf("predicates: empty (leave it out)")
	}
	if len(items) > MaxPredicateRules {
		return fmt.Errorf("predicates: %d rules, over the limit of %d", len(items), MaxPredicateRules)
	}
	p.Predicates = make([]PredicateRule, len(items))
	for i, item := range items {
		name := fmt.Sprintf("predicates[%d]", i)
		m, err := object(item, name, predicateRuleFields)
		if err != nil {
			return err
		}
		r := &p.Predicates[i]
		idx, ok := m["index"]
		if !ok {
			return fmt.Errorf("%s.index: required", name)
		}
		if err := value(idx, name+".index", &r.Index); err != nil {
			return err
		}
		_, hasRange := m["range"]
		_, hasSet := m["inSet"]
		if hasRange == hasSet {
			return fmt.Errorf("%s: give exactly one of range and inSet", name)
		}
		if hasRange {
			if r.Range, err = decodeRangeRule(m["range"], name+".range"); err != nil {
				return err
			}
		} else if err := value(m["inSet"], name+".inSet", &r.InSet); err != nil {
			return err
		}
		if raw, ok := m["params"]; ok {
			if hasSet {
				return fmt.Errorf("%s.params: an inSet rule names its set parameters in inSet", name)
			}
			if err := value(raw, name+".params", &r.Params); err != nil {
				return err
			}
		}
	}
	return nil
}

func decodeRangeRule(raw json.RawMessage, name string) (*RangeRule, error) {
	m, err := object(raw, name, rangeRuleFields)
	if err != nil {
		return nil, err
	}
	r := &RangeRule{}
	for _, f := range []struct {
		key string
		dst **int64
	}{{"min", &r.Min}, {"max", &r.Max}} {
		if raw, ok := m[f.key]; ok {
			var v int64
			if err := value(raw, name+"."+f.key, &v); err != nil {
				return nil, err
			}
			*f.dst = &v
		}
	}
	for _, f := range []struct {
		key string
		dst **DateBound
	}{{"minDate", &r.MinDate}, {"maxDate", &r.MaxDate}} {
		if raw, ok := m[f.key]; ok {
			dm, err := object(raw, name+"."+f.key, dateBoundFields)
			if err != nil {
				return nil, err
			}
			y, ok := dm["yearsBeforeTx"]
			if !ok {
				return nil, fmt.Errorf("%s.%s.yearsBeforeTx: required", name, f.key)
			}
			b := &DateBound{}
			if err := value(y, name+"."+f.key+".yearsBeforeTx", &b.YearsBeforeTx); err != nil {
				return nil, err
			}
			*f.dst = b
		}
	}
	return r, nil
}

// validatePredicates checks the predicate rules: limits, one bound per
// side, no empty range, one rule per kind and index, indices of hidden
// messages only.
func (p *Policy) validatePredicates() error {
	if len(p.Predicates) == 0 {
		return nil
	}
	if len(p.Predicates) > MaxPredicateRules {
		return fmt.Errorf("predicates: %d rules, over the limit of %d", len(p.Predicates), MaxPredicateRules)
	}
	if p.Credential != nil {
		return fmt.Errorf("predicates: a credential policy has no predicate rules (they are for bare proofs)")
	}
	disclosed := map[int]string{}
	for i, r := range p.Disclosed {
		disclosed[r.Index] = fmt.Sprintf("disclosed[%d]", i)
	}
	if r := p.Validity; r != nil {
		if r.ValidFrom != nil {
			disclosed[*r.ValidFrom] = "validity.validFrom"
		}
		if r.ValidUntil != nil {
			disclosed[*r.ValidUntil] = "validity.validUntil"
		}
	}
	if p.Epoch != nil {
		disclosed[p.Epoch.Index] = "epoch.index"
	}
	if p.Status != nil {
		disclosed[p.Status.Index] = "status.index"
	}
	for i := range p.Predicates {
		r := &p.Predicates[i]
		name := fmt.Sprintf("predicates[%d]", i)
		if r.Index < 0 || r.Index > request.MaxMessageIndex {
			return fmt.Errorf("%s.index: %d outside 0..%d", name, r.Index, request.MaxMessageIndex)
		}
		if p.MessageCount > 0 && r.Index >= p.MessageCount {
			return fmt.Errorf("%s.index: %d is not below messageCount %d", name, r.Index, p.MessageCount)
		}
		if p.Accumulator != nil && r.Index == p.Accumulator.Index {
			return fmt.Errorf("%s.index: %d is accumulator.index, the revocation handle: a predicate is about another hidden message", name, r.Index)
		}
		if other, ok := disclosed[r.Index]; ok {
			return fmt.Errorf("%s.index: message %d must be disclosed by %s: a predicate is about a hidden message", name, r.Index, other)
		}
		for j := range p.Predicates[:i] {
			if q := &p.Predicates[j]; q.Index == r.Index && q.kind() == r.kind() {
				return fmt.Errorf("%s: a second %s rule on message %d (predicates[%d]); give one per kind and index", name, r.kind(), r.Index, j)
			}
		}
		if (r.Range == nil) == (r.InSet == "") {
			return fmt.Errorf("%s: give exactly one of range and inSet", name)
		}
		if r.InSet != "" {
			if !idRE.MatchString(r.InSet) {
				return fmt.Errorf("%s.inSet: %s does not match %s", name, quoteText(r.InSet), IDPattern)
			}
			if r.Params != "" {
				return fmt.Errorf("%s.params: an inSet rule names its set parameters in inSet", name)
			}
			continue
		}
		if r.Params != "" && !idRE.MatchString(r.Params) {
			return fmt.Errorf("%s.params: %s does not match %s", name, quoteText(r.Params), IDPattern)
		}
		if err := r.Range.validate(name + ".range"); err != nil {
			return err
		}
	}
	return nil
}

// validate checks a range rule for bounds on both sides of one side, an
// empty rule, an out-of-range year count and a range no value is in.
func (r *RangeRule) validate(name string) error {
	if r.Min == nil && r.Max == nil && r.MinDate == nil && r.MaxDate == nil {
		return fmt.Errorf("%s: empty (give min, max, minDate or maxDate)", name)
	}
	if r.Min != nil && r.MinDate != nil {
		return fmt.Errorf("%s: min and minDate are both lower bounds: give one", name)
	}
	if r.Max != nil && r.MaxDate != nil {
		return fmt.Errorf("%s: max and maxDate are both upper bounds: give one", name)
	}
	for _, b := range []struct {
		key string
		d   *DateBound
	}{{"minDate", r.MinDate}, {"maxDate", r.MaxDate}} {
		if b.d != nil && (b.d.YearsBeforeTx < 0 || b.d.YearsBeforeTx > MaxYearsBeforeTx) {
			return fmt.Errorf("%s.%s.yearsBeforeTx: %d outside 0..%d", name, b.key, b.d.YearsBeforeTx, MaxYearsBeforeTx)
		}
	}
	if r.Min != nil && r.Max != nil && *r.Min > *r.Max {
		return fmt.Errorf("%s: min %d is above max %d: no value is in the range", name, *r.Min, *r.Max)
	}
	if r.MinDate != nil && r.MaxDate != nil && r.MinDate.YearsBeforeTx < r.MaxDate.YearsBeforeTx {
		return fmt.Errorf("%s: minDate (%d years before the transaction) is after maxDate (%d years before): no date is in the range",
			name, r.MinDate.YearsBeforeTx, r.MaxDate.YearsBeforeTx)
	}
	return nil
}

// sortPredicates sorts rules by index, then kind ("inSet" before "range").
func sortPredicates(rules []PredicateRule) {
	sort.SliceStable(rules, func(i, j int) bool {
		if rules[i].Index != rules[j].Index {
			return rules[i].Index < rules[j].Index
		}
		return rules[i].kind() < rules[j].kind()
	})
}

// clonePredicates copies the predicate rules of p into c.
func (p *Policy) clonePredicates(c *Policy) {
	if p.Predicates == nil {
		return
	}
	c.Predicates = make([]PredicateRule, len(p.Predicates))
	for i, r := range p.Predicates {
		c.Predicates[i] = PredicateRule{Index: r.Index, InSet: r.InSet, Params: r.Params}
		if r.Range != nil {
			rr := RangeRule{Min: cloneInt64(r.Range.Min), Max: cloneInt64(r.Range.Max)}
			if r.Range.MinDate != nil {
				d := *r.Range.MinDate
				rr.MinDate = &d
			}
			if r.Range.MaxDate != nil {
				d := *r.Range.MaxDate
				rr.MaxDate = &d
			}
			c.Predicates[i].Range = &rr
		}
	}
}

func cloneInt64(v *int64) *int64 {
	if v == nil {
		return nil
	}
	c := *v
	return &c
}

// The canonical JSON of the predicate rules.
type (
	wirePredicate struct {
		Index  int        `json:"index"`
		Range  *wireRange `json:"range,omitempty"`
		InSet  string     `json:"inSet,omitempty"`
		Params string     `json:"params,omitempty"`
	}
	wireRange struct {
		Min     *int64    `json:"min,omitempty"`
		Max     *int64    `json:"max,omitempty"`
		MinDate *wireDate `json:"minDate,omitempty"`
		MaxDate *wireDate `json:"maxDate,omitempty"`
	}
	wireDate struct {
		YearsBeforeTx int `json:"yearsBeforeTx"`
	}
)

// marshalPredicates sets the predicates member of w from c (normalised).
func (c *Policy) marshalPredicates(w *wirePolicy) {
	for _, r := range c.Predicates {
		wp := wirePredicate{Index: r.Index, InSet: r.InSet, Params: r.Params}
		if r.Range != nil {
			wr := wireRange{Min: r.Range.Min, Max: r.Range.Max}
			if r.Range.MinDate != nil {
				wr.MinDate = &wireDate{YearsBeforeTx: r.Range.MinDate.YearsBeforeTx}
			}
			if r.Range.MaxDate != nil {
				wr.MaxDate = &wireDate{YearsBeforeTx: r.Range.MaxDate.YearsBeforeTx}
			}
			wp.Range = &wr
		}
		w.Predicates = append(w.Predicates, wp)
	}
}

// evaluatePredicates checks the predicate rules in ascending index order
// (inSet before range on one index) against the request's predicates.
func (p *Policy) evaluatePredicates(st Statement) *Unmet {
	if len(p.Predicates) == 0 {
		return nil
	}
	for i, q := range st.Predicates {
		min, max := q.Bounds()
		if q.Kind != request.KindRange && q.Kind != request.KindInSet || q.Kind == request.KindRange && min > max {
			return &Unmet{Rule: "policy", Reason: fmt.Sprintf("the request's predicate %d is invalid", i)}
		}
		for _, o := range st.Predicates[:i] {
			if o.Kind == q.Kind && o.Index == q.Index {
				return &Unmet{Rule: "policy", Reason: fmt.Sprintf("the request has two %s predicates on message %d", q.Kind, q.Index)}
			}
		}
	}
	rules := p.Predicates
	if !sort.SliceIsSorted(rules, func(i, j int) bool {
		return rules[i].Index < rules[j].Index || rules[i].Index == rules[j].Index && rules[i].kind() < rules[j].kind()
	}) {
		rules = append([]PredicateRule(nil), rules...)
		sortPredicates(rules)
	}
	for i := range rules {
		if u := rules[i].evaluate(st); u != nil {
			return u
		}
	}
	return nil
}

// find returns the request's predicate of r's kind on r's index.
func (r *PredicateRule) find(preds []request.Predicate) *request.Predicate {
	for i := range preds {
		if preds[i].Kind == r.kind() && preds[i].Index == r.Index {
			return &preds[i]
		}
	}
	return nil
}

func (r *PredicateRule) evaluate(st Statement) *Unmet {
	unmet := func(format string, args ...any) *Unmet {
		return &Unmet{Rule: "predicates", Index: r.Index, Reason: fmt.Sprintf(format, args...)}
	}
	q := r.find(st.Predicates)
	if r.InSet != "" {
		switch {
		case q == nil:
			return unmet("message %d must be proven a member of the set %s", r.Index, quoteText(r.InSet))
		case q.Params != r.InSet:
			return unmet("message %d must be proven a member of the set %s (not %s)", r.Index, quoteText(r.InSet), quoteText(q.Params))
		}
		return nil
	}
	if r.hasDate() && st.Time.IsZero() {
		return unmet("message %d: the transaction time is unknown", r.Index)
	}
	min, max, want := r.Range.bounds(st.Time)
	if min > max {
		return unmet("message %d must be proven %s: no value is in that range on the transaction's date", r.Index, want)
	}
	with := "with Bulletproofs"
	if r.Params != "" {
		with = "with the range parameters " + quoteText(r.Params)
	}
	if q == nil {
		return unmet("message %d must be proven %s %s", r.Index, want, with)
	}
	qmin, qmax := q.Bounds()
	if qmin < min || qmax > max {
		return unmet("message %d must be proven %s (the request proves %s)", r.Index, want, r.Range.describeProven(qmin, qmax))
	}
	switch {
	case q.Params == r.Params:
		return nil
	case r.Params == "":
		return unmet("message %d must be proven with Bulletproofs, not with the range parameters %s the request names (only the policy's owner can name trusted parameters)",
			r.Index, quoteText(q.Params))
	case q.Params == "":
		return unmet("message %d must be proven %s (the request uses Bulletproofs)", r.Index, with)
	default:
		return unmet("message %d must be proven %s (not %s)", r.Index, with, quoteText(q.Params))
	}
}

// bounds resolves r at the transaction time t: the required range
// [min, max] and what it requires in words ("at least 18",
// "at most 2008-03-01, 18 years before the transaction's date").
func (r *RangeRule) bounds(t time.Time) (min, max int64, words string) {
	min, max = math.MinInt64, math.MaxInt64
	var lower, upper string
	switch {
	case r.Min != nil:
		min = *r.Min
		lower = fmt.Sprintf("at least %d", min)
	case r.MinDate != nil:
		min = days(YearsBefore(t, r.MinDate.YearsBeforeTx))
		lower = fmt.Sprintf("at least %s, %s", date(min), yearsWords(r.MinDate.YearsBeforeTx))
	}
	switch {
	case r.Max != nil:
		max = *r.Max
		upper = fmt.Sprintf("at most %d", max)
	case r.MaxDate != nil:
		max = days(YearsBefore(t, r.MaxDate.YearsBeforeTx))
		upper = fmt.Sprintf("at most %s, %s", date(max), yearsWords(r.MaxDate.YearsBeforeTx))
	}
	switch {
	case lower == "":
		return min, max, upper
	case upper == "":
		return min, max, lower
	}
	return min, max, lower + " and " + upper
}

func yearsWords(n int) string {
	switch n {
	case 0:
		return "the transaction's date"
	case 1:
		return "1 year before the transaction's date"
	}
	return fmt.Sprintf("%d years before the transaction's date", n)
}

// describeProven says what a request's range [min, max] proves, dates as
// dates where r has a date bound on that side.
func (r *RangeRule) describeProven(min, max int64) string {
	bound := func(v int64, isDate bool) string {
		if isDate && v >= -719162 && v <= 2932896 { // 0001-01-01 to 9999-12-31
			return date(v)
		}
		return fmt.Sprint(v)
	}
	switch {
	case min == math.MinInt64 && max == math.MaxInt64:
		return "no bound"
	case min == math.MinInt64:
		return "at most " + bound(max, r.MaxDate != nil)
	case max == math.MaxInt64:
		return "at least " + bound(min, r.MinDate != nil)
	}
	return "at least " + bound(min, r.MinDate != nil) + " and at most " + bound(max, r.MaxDate != nil)
}
