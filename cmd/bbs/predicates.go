// SPDX-License-Identifier: Apache-2.0

package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/request"
)

// Predicates on the command line:
//
//	--range IDX:MIN..MAX             Bulletproofs; MIN or MAX may be left out (3:18.., 4:..2008-03-01)
//	--range IDX:MIN..MAX:ID=@FILE    CCS08 over the range parameters in FILE, named ID on the ledger
//	--in-set IDX:ID=@FILE            membership of the set parameters in FILE, named ID
//
// Bounds are decimal integers at an int64 position and dates YYYY-MM-DD at a
// date position (the credential's integers, bbs sign --integers), both
// included.

// multiFlag collects the values of a repeatable flag, in order.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, " ") }
func (m *multiFlag) Set(v string) error { *m = append(*m, v); return nil }

// provePredicates are the predicates of bbs prove, in the request's form
// and bbs/predicate's.
type provePredicates struct {
	req   []request.Predicate
	preds []predicate.Predicate
}

// parseProvePredicates resolves --range and --in-set against the
// credential c and the revealed positions.
func parseProvePredicates(c *credential, revealed []int, ranges, sets []string) (*provePredicates, error) {
	out := &provePredicates{}
	if len(ranges)+len(sets) > request.MaxPredicates {
		return nil, usagef("%d predicates, at most %d in a request", len(ranges)+len(sets), request.MaxPredicates)
	}
	if len(ranges)+len(sets) > 0 {
		if err := integerSchemeCheck("--range/--in-set", c.scheme); err != nil {
			return nil, usagef("%s (predicates are for the IETF schemes)", err)
		}
	}
	hidden := func(flag string, idx int) error {
		if idx < 0 || idx >= len(c.messages) {
			return usagef("%s: message %d: the credential has %d messages (0 to %d)", flag, idx, len(c.messages), len(c.messages)-1)
		}
		for _, r := range revealed {
			if r == idx {
				return usagef("%s: message %d is revealed (--reveal); a predicate is about a hidden message", flag, idx)
			}
		}
		return nil
	}
	for _, s := range ranges {
		flag := "--range " + s
		idxText, rest, ok := strings.Cut(s, ":")
		idx, err := strconv.Atoi(idxText)
		if !ok || err != nil {
			return nil, usagef("%s: want IDX:MIN..MAX or IDX:MIN..MAX:ID=@FILE (MIN or MAX may be left out)", flag)
		}
		if err := hidden(flag, idx); err != nil {
			return nil, err
		}
		typ := integerType(c.integers, idx)
		if typ == "" {
			return nil, usagef("%s: message %d is not an integer position of the credential (it was signed without --integers %d:int64 or %d:date)", flag, idx, idx, idx)
		}
		rng, ref, withParams := strings.Cut(rest, ":")
		lo, hi, ok := strings.Cut(rng, "..")
		if !ok || (lo == "" && hi == "") {
			return nil, usagef("%s: want MIN..MAX, MIN.. or ..MAX", flag)
		}
		rp := request.Predicate{Kind: request.KindRange, Index: idx}
		pp := predicate.Predicate{Kind: predicate.Range, Index: idx, Min: math.MinInt64, Max: math.MaxInt64}
		if lo != "" {
			v, err := parseIntegerValue(typ, lo)
			if err != nil {
				return nil, usagef("%s: MIN: %v (message %d: %s position)", flag, err, idx, typ)
			}
			rp.Min, pp.Min = &v, v
		}
		if hi != "" {
			v, err := parseIntegerValue(typ, hi)
			if err != nil {
				return nil, usagef("%s: MAX: %v (message %d: %s position)", flag, err, idx, typ)
			}
			rp.Max, pp.Max = &v, v
		}
		if pp.Min > pp.Max {
			return nil, usagef("%s: MIN is above MAX", flag)
		}
		if withParams {
			id, p, err := readParamsRef(flag, ref, predicate.RangeParams)
			if err != nil {
				return nil, err
			}
			rp.Params, pp.Params = id, p
		}
		v, err := bbs.ParseIntegerMessage(c.messages[idx])
		if err != nil {
			return nil, fmt.Errorf("%s: message %d: %w", flag, idx, err)
		}
		if v < pp.Min || v > pp.Max {
			return nil, usagef("%s: the credential's message %d is %s, outside the range: no proof of a false statement is made", flag, idx, formatIntegerValue(typ, v))
		}
		for _, q := range out.req {
			if q.Index == idx {
				return nil, usagef("%s: a second range predicate on message %d; give one range per message", flag, idx)
			}
		}
		out.req = append(out.req, rp)
		out.preds = append(out.preds, pp)
	}
	for _, s := range sets {
		flag := "--in-set " + s
		idxText, ref, ok := strings.Cut(s, ":")
		idx, err := strconv.Atoi(idxText)
		if !ok || err != nil {
			return nil, usagef("%s: want IDX:ID=@FILE", flag)
		}
		if err := hidden(flag, idx); err != nil {
			return nil, err
		}
		for _, q := range out.req {
			if q.Index == idx && q.Kind == request.KindInSet {
				return nil, usagef("%s: a second set predicate on message %d; give one per message", flag, idx)
			}
		}
		id, p, err := readParamsRef(flag, ref, predicate.SetParams)
		if err != nil {
			return nil, err
		}
		out.req = append(out.req, request.Predicate{Kind: request.KindInSet, Index: idx, Params: id})
		out.preds = append(out.preds, predicate.Predicate{Kind: predicate.InSet, Index: idx, Params: p})
	}
	return out, nil
}

// readParamsRef reads ID=@FILE, parameters of kind.
func readParamsRef(flag, ref string, kind byte) (string, *predicate.Params, error) {
	id, file, err := splitParamsRef(flag, ref)
	if err != nil {
		return "", nil, err
	}
	if !request.ValidIssuerID(id) {
		return "", nil, usagef("%s: the parameters' ID %q does not match %s", flag, id, request.IssuerIDPattern)
	}
	p, err := readParamsFile(file)
	if err != nil {
		return "", nil, err
	}
	if p.Kind() != kind {
		return "", nil, usagef("%s: %s holds %s, not %s", flag, displayName(file), paramsKindName(p.Kind()), paramsKindName(kind))
	}
	return id, p, nil
}

// proveWithPredicates makes the BBS proof and the predicate proof, and
// checks them before they are written.
func proveWithPredicates(rnd io.Reader, c *credential, nonce []byte, revealed []int, pp *provePredicates) (proof, predProof []byte, err error) {
	p, predProof, err := predicate.Prove(rnd, c.scheme, c.pk, c.sig, c.header, nonce, c.messages, revealed, c.mm, pp.preds)
	if err != nil {
		return nil, nil, err
	}
	disclosed := make([]bbs.DisclosedMessage, len(revealed))
	for i, idx := range revealed {
		disclosed[i] = bbs.DisclosedMessage{Index: idx, Message: c.messages[idx]}
	}
	if err := predicate.Verify(c.scheme, c.pk, p, c.header, nonce, disclosed, c.mm, pp.preds, predProof); err != nil {
		return nil, nil, fmt.Errorf("the presentation does not verify: %w", err)
	}
	return p.Bytes(), predProof, nil
}

// verifyIntegers reads the integer positions of bbs verify: --integers, or
// the "integers" of --settings FILE (the issuer's settings, a registration
// document or a GetIssuer answer, which hold them under "settings").
func verifyIntegers(o *verifyOptions) ([]IntegerPosition, error) {
	if o.integers != "" && o.settings != "" {
		return nil, usagef("give --integers or --settings, not both")
	}
	if o.integers != "" {
		return parseIntegersFlag(o.integers)
	}
	if o.settings == "" {
		return nil, nil
	}
	data, err := readInput(o.settings)
	if err != nil {
		return nil, err
	}
	name := displayName(o.settings)
	var doc struct {
		Integers []IntegerPosition `json:"integers"`
		Settings json.RawMessage   `json:"settings"`
	}
	if err := json.Unmarshal(data, &doc); err != nil {
		return nil, jsonError(name, data, err)
	}
	ints := doc.Integers
	if len(doc.Settings) > 0 && ints == nil {
		var inner struct {
			Integers []IntegerPosition `json:"integers"`
		}
		raw := []byte(doc.Settings)
		var text string
		if json.Unmarshal(raw, &text) == nil { // settings as a JSON string (a registration document)
			raw = []byte(text)
		}
		if err := json.Unmarshal(raw, &inner); err != nil {
			return nil, fmt.Errorf("%s: settings: %w", name, err)
		}
		ints = inner.Integers
	}
	if err := checkIntegers(ints, -1); err != nil {
		return nil, fmt.Errorf("%s: integers: %v", name, err)
	}
	return ints, nil
}

// verifyParams reads --params ID=@FILE...
func verifyParams(refs []string) (map[string]*predicate.Params, error) {
	out := map[string]*predicate.Params{}
	for _, ref := range refs {
		id, file, err := splitParamsRef("--params", ref)
		if err != nil {
			return nil, err
		}
		if _, dup := out[id]; dup {
			return nil, usagef("--params: %s given twice", id)
		}
		if out[id], err = readParamsFile(file); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// requestPredicates turns the request's predicates into bbs/predicate's,
// with the parameters given and the integer positions.
func requestPredicates(req *request.Decoded, params map[string]*predicate.Params, ints []IntegerPosition) ([]predicate.Predicate, error) {
	out := make([]predicate.Predicate, len(req.Predicates))
	for i, q := range req.Predicates {
		var p *predicate.Params
		if q.Params != "" {
			p = params[q.Params]
			if p == nil {
				return nil, usagef("the request's predicate %d (message %d) names the parameters %q: give --params %s=@FILE", i, q.Index, q.Params, q.Params)
			}
		}
		switch q.Kind {
		case request.KindRange:
			if integerType(ints, q.Index) == "" {
				return nil, usagef("the request's predicate %d is a range on message %d, which is not an integer position: give the issuer's --integers or --settings", i, q.Index)
			}
			if p != nil && p.Kind() != predicate.RangeParams {
				return nil, usagef("--params %s: holds %s; the request's predicate %d needs range parameters", q.Params, paramsKindName(p.Kind()), i)
			}
			min, max := q.Bounds()
			out[i] = predicate.Predicate{Kind: predicate.Range, Index: q.Index, Min: min, Max: max, Params: p}
		case request.KindInSet:
			if p.Kind() != predicate.SetParams {
				return nil, usagef("--params %s: holds %s; the request's predicate %d needs set parameters", q.Params, paramsKindName(p.Kind()), i)
			}
			out[i] = predicate.Predicate{Kind: predicate.InSet, Index: q.Index, Params: p}
		}
	}
	return out, nil
}

// checkPredicateProof verifies a request with predicates.
func checkPredicateProof(s bbs.Scheme, pk *bbs.PublicKey, proof *bbs.Proof, req *request.Decoded, disclosed []bbs.DisclosedMessage, mm *bbs.MessageMap, preds []predicate.Predicate) error {
	err := predicate.Verify(s, pk, proof, req.Header, req.Nonce, disclosed, mm, preds, req.PredicateProof)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, predicate.ErrMalformedProof), errors.Is(err, predicate.ErrInvalidProof),
		errors.Is(err, bbs.ErrInvalidProof), errors.Is(err, bbs.ErrMalformedProof), errors.Is(err, bbs.ErrInvalidArgument):
		return &errInvalid{err.Error()}
	}
	return err
}

// describePredicate says what a request's predicate proves, in words:
// "message 4 at most 2008-03-01 (Bulletproofs)".
func describePredicate(q request.PredicateJSON, ints []IntegerPosition) string {
	p := q.Predicate()
	if p.Kind == request.KindInSet {
		return fmt.Sprintf("message %d in the set %q", p.Index, p.Params)
	}
	typ := integerType(ints, p.Index)
	min, max := p.Bounds()
	var what string
	switch {
	case p.Min == nil:
		what = "at most " + formatIntegerValue(typ, max)
	case p.Max == nil:
		what = "at least " + formatIntegerValue(typ, min)
	default:
		what = "in " + formatIntegerValue(typ, min) + ".." + formatIntegerValue(typ, max)
	}
	with := "Bulletproofs"
	if p.Params != "" {
		with = fmt.Sprintf("range parameters %q", p.Params)
	}
	return fmt.Sprintf("message %d %s (%s)", p.Index, what, with)
}
