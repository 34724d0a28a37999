// SPDX-License-Identifier: Apache-2.0

// Package request defines the verification request that a client sends to
// the fabric-bbs chaincode (transactions VerifyProof and SubmitProof): its
// JSON form, its limits, its validation and decoding, and the submitter-bound
// nonce. It imports no Fabric package, so the command-line client and the
// chaincode share one definition.
//
// # Wire format
//
// A request is one JSON object with these fields (binary values are standard
// padded base64, RFC 4648 §4, in canonical form):
//
//	{
//	  "issuer":        "acme-university",   // required, the issuer's registry ID
//	  "scheme":        "bbs+2020",          // optional; must equal the issuer's scheme
//	  "keyVersion":    2,                   // optional; 0 or absent = the issuer's current key
//	  "proof":         "<base64>",          // required, the proof in the scheme's encoding
//	  "nonce":         "<base64>",          // required (may encode zero bytes), the proof's nonce
//	  "header":        "<base64>",          // optional; only schemes with a header (IETF) accept one
//	  "disclosed":     [{"index": 0, "message": "<base64>"}],  // optional; strictly ascending indices
//	  "bindSubmitter": false,               // optional; see BoundNonce
//	  "salt":          "<base64>",          // optional; only with bindSubmitter
//	  "pseudonym":     "<base64>",          // optional; pseudonym schemes, with context
//	  "context":       "<base64>",          // the pseudonym's context identifier
//	  "policy":        {"id": "poll-17", "version": 2}, // optional; see PolicyRef
//	  "nonRevoked":    false,               // optional; see Request.NonRevoked
//	  "predicates":    [{"kind": "range", "index": 4, "max": 13940}], // optional; see Predicate
//	  "predicateProof": "<base64>"          // required exactly when predicates is not empty
//	}
//
// Field names are matched exactly (case-sensitive); unknown fields, a field
// given twice in one object (at any depth), trailing data and a body larger
// than MaxRequestSize are rejected. Errors quote at most MaxExcerpt bytes of
// any value the caller sent.
//
// # Limits
//
// Every limit is checked before any cryptography runs, and a request over a
// limit is rejected with an error that names the field and the limit:
//
//   - the request body: at most MaxRequestSize bytes of JSON;
//   - disclosed messages: at most MaxDisclosed, indices 0..MaxMessageIndex;
//   - each disclosed message: at most MaxMessageSize bytes (decoded);
//   - the proof: at most MaxProofSize bytes (decoded);
//   - the nonce: at most MaxNonceSize bytes (decoded);
//   - the header: at most MaxHeaderSize bytes (decoded);
//   - the salt: at most MaxSaltSize bytes (decoded);
//   - the pseudonym: at most MaxPseudonymSize bytes, the context 1 to
//     MaxContextSize bytes (decoded), each only with the other;
//   - the issuer ID: IssuerIDPattern; the scheme name: MaxSchemeLength bytes;
//   - the policy: its ID matches IssuerIDPattern, its version is 0 (the
//     policy's current version) to MaxPolicyVersion;
//   - predicates: at most MaxPredicates, each as Predicate says; the
//     predicate proof at most MaxPredicateProofSize bytes (decoded).
//
// # Predicates
//
// A request with predicates (package bbs/predicate, docs/predicates.md)
// proves statements about messages it does not disclose: that an integer
// message lies in a range, or that a message is one of a published set.
// Only the IETF schemes bbs-bls12381-sha256 and bbs-bls12381-shake256 and
// their pseudonym schemes have them, with a pseudonym or with nonRevoked
// too. "proof" is then a standard IETF proof whose presentation header is
// not "nonce" itself (the presentation header of an IETF proof without
// predicates) but predicate.PresentationHeader of "nonce" and the
// predicate proof (with a pseudonym, a standard proof with a pseudonym
// under predicate.PseudonymPresentationHeader; with nonRevoked, the
// presentation with non-revocation under that header, see
// predicate.VerifyNonRevoked); "header" stays the signed header.
// "predicateProof" is the predicate proof:
//
//	"predicates": [
//	  {"kind": "range", "index": 4, "max": 13940},                 // Bulletproofs
//	  {"kind": "range", "index": 3, "min": 18, "params": "age-u16"}, // CCS08 over the range parameters "age-u16"
//	  {"kind": "inSet", "index": 5, "params": "eu-countries"}       // the set parameters "eu-countries"
//	],
//	"predicateProof": "<base64>"
//
// A range has "min", "max" or both (JSON integers, signed 64-bit, both
// included, min ≤ max); a missing bound is the least or greatest int64. Its
// "params", when given, name the range parameters (a predicate-parameter
// record of the ledger) of a CCS08 proof; without, the range is proven with
// Bulletproofs. An inSet has "params", the set parameters, and no bounds.
// The index is that of a hidden message (not a disclosed one), and one
// index has at most one predicate of each kind. The order of the
// predicates is the order of the statement the proof is made for.
//
// With nonRevoked, "proof" is a presentation with non-revocation whose
// committed-disclosure BBS proof is made with that presentation header in
// the place of "nonce" (predicate.ProveNonRevoked; docs/predicates.md,
// "With non-revocation").
package request

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"slices"
)

// Limits on a request, enforced by Parse and Decode before any cryptography.
const (
	// MaxRequestSize is the largest request body, in bytes of JSON.
	MaxRequestSize = 1 << 20 // 1 MiB
	// MaxDisclosed is the largest number of disclosed messages in a request.
	MaxDisclosed = 1024
	// MaxMessageIndex is the largest index of a disclosed message: the bbs
	// package signs at most 1024 messages.
	MaxMessageIndex = 1023
	// MaxMessageSize is the largest disclosed message, in bytes after base64
	// decoding.
	MaxMessageSize = 16 << 10 // 16 KiB
	// MaxProofSize is the largest proof, in bytes after base64 decoding.
	MaxProofSize = 64 << 10 // 64 KiB
	// MaxNonceSize is the largest nonce, in bytes after base64 decoding.
	MaxNonceSize = 4 << 10 // 4 KiB
	// MaxHeaderSize is the largest header, in bytes after base64 decoding.
	MaxHeaderSize = 16 << 10 // 16 KiB
	// MaxSaltSize is the largest salt, in bytes after base64 decoding.
	MaxSaltSize = 256
	// MaxSchemeLength is the longest scheme name, in bytes.
	MaxSchemeLength = 64
	// MaxPseudonymSize is the largest pseudonym, in bytes after base64
	// decoding (a compressed G1 point is 48).
	MaxPseudonymSize = 96
	// MaxContextSize is the largest pseudonym context identifier, in bytes
	// after base64 decoding.
	MaxContextSize = 1 << 10 // 1 KiB
	// MaxPolicyVersion is the largest policy version a request can name.
	MaxPolicyVersion = 1<<31 - 1
	// MaxPredicates is the largest number of predicates in a request.
	MaxPredicates = 16
	// MaxPredicateProofSize is the largest predicate proof, in bytes after
	// base64 decoding.
	MaxPredicateProofSize = 64 << 10 // 64 KiB
)

// The kinds of Predicate.
const (
	// KindRange: the integer message at Index lies in [Min, Max].
	KindRange = "range"
	// KindInSet: the message at Index is one of the set Params names.
	KindInSet = "inSet"
)

// IssuerIDPattern is the form of an issuer ID: 1 to 64 ASCII letters,
// digits, '.', '_' or '-'.
const IssuerIDPattern = `^[A-Za-z0-9._-]{1,64}$`

var issuerIDRE = regexp.MustCompile(IssuerIDPattern)

// ErrInvalid is wrapped by every error this package returns for a request
// that is malformed or over a limit; use errors.Is to test for it.
var ErrInvalid = errors.New("invalid verification request")

// Request is a verification request in its JSON form. Binary fields hold
// standard base64 text; Decode checks and decodes them.
//
// The struct tags also describe the type in the chaincode's contract
// metadata: fields tagged `metadata:",optional"` may be left out.
type Request struct {
	// Issuer is the registry ID of the issuer whose key verifies the proof.
	Issuer string `json:"issuer"`
	// Scheme, when set, must equal the issuer's scheme.
	Scheme string `json:"scheme,omitempty" metadata:",optional"`
	// KeyVersion selects a key version of the issuer; 0 selects the
	// issuer's current key.
	KeyVersion int `json:"keyVersion,omitempty" metadata:",optional"`
	// Proof is the base64 proof, in the encoding of the issuer's scheme.
	Proof string `json:"proof"`
	// Nonce is the base64 nonce the proof was made for. It may encode zero
	// bytes.
	Nonce string `json:"nonce"`
	// Header is the base64 header signed with the messages; only schemes
	// that have one accept it.
	Header string `json:"header,omitempty" metadata:",optional"`
	// Disclosed are the messages the proof reveals, in strictly ascending
	// index order.
	Disclosed []DisclosedMessage `json:"disclosed,omitempty" metadata:",optional"`
	// BindSubmitter requires the nonce to equal BoundNonce for the
	// submitting identity, the channel and Salt.
	BindSubmitter bool `json:"bindSubmitter,omitempty" metadata:",optional"`
	// Salt is the base64 salt of a bound nonce; it is only allowed with
	// BindSubmitter.
	Salt string `json:"salt,omitempty" metadata:",optional"`
	// Pseudonym is the base64 pseudonym a proof of a pseudonym scheme
	// reveals; it requires Context.
	Pseudonym string `json:"pseudonym,omitempty" metadata:",optional"`
	// Context is the base64 context identifier (scope) of Pseudonym, at
	// least one byte; it requires Pseudonym.
	Context string `json:"context,omitempty" metadata:",optional"`
	// Policy, when set, names a verification policy on the ledger that the
	// request must satisfy as well (package policy).
	Policy *PolicyRef `json:"policy,omitempty" metadata:",optional"`
	// NonRevoked says that Proof is a presentation with non-revocation
	// (package revocation, docs/revocation-protocol.md): a
	// committed-disclosure BBS proof whose hidden revocation handle is
	// proven a member of the issuer's accumulator at the version the
	// presentation names. Only the IETF schemes bbs-bls12381-sha256 and
	// bbs-bls12381-shake256 have one.
	NonRevoked bool `json:"nonRevoked,omitempty" metadata:",optional"`
	// Predicates are statements the proof makes about hidden messages
	// (see "Predicates" above), in the order of the predicate proof.
	Predicates []PredicateJSON `json:"predicates,omitempty" metadata:",optional"`
	// PredicateProof is the base64 predicate proof; it is required
	// exactly when Predicates is not empty.
	PredicateProof string `json:"predicateProof,omitempty" metadata:",optional"`
}

// Predicate is one statement about the hidden message at Index: for Kind
// KindRange that the integer message lies in [Min, Max] (a nil bound: the
// least or greatest int64; at least one is set), proven with Bulletproofs,
// or with CCS08 over the range parameters Params when Params is set; for
// KindInSet that the message is one of the set parameters Params (required;
// no bounds). Decoded holds predicates in this form.
type Predicate struct {
	// Kind is KindRange or KindInSet.
	Kind string
	// Index is the 0-based position of the hidden message.
	Index int
	// Min and Max bound a range, both included; nil: no bound.
	Min, Max *int64
	// Params is the ID of the predicate parameters (IssuerIDPattern).
	Params string
}

// Bounds returns the range [min, max] of a range predicate, a missing
// bound as math.MinInt64 or math.MaxInt64.
func (p *Predicate) Bounds() (min, max int64) {
	min, max = math.MinInt64, math.MaxInt64
	if p.Min != nil {
		min = *p.Min
	}
	if p.Max != nil {
		max = *p.Max
	}
	return min, max
}

// PredicateJSON is a Predicate in its JSON form, as Request holds it:
// {"kind", "index", "min", "max", "params"}, min and max each left out
// when MinSet or MaxSet is false. (The chaincode's contract metadata has no
// optional integer: a *int64 field would stop the chaincode from starting.)
type PredicateJSON struct {
	Kind   string `json:"kind"`
	Index  int    `json:"index"`
	Min    int64  `json:"min" metadata:",optional"`
	Max    int64  `json:"max" metadata:",optional"`
	Params string `json:"params,omitempty" metadata:",optional"`
	// MinSet and MaxSet say whether Min and Max are given.
	MinSet bool `json:"-" metadata:"-"`
	MaxSet bool `json:"-" metadata:"-"`
}

// predicateWire is the JSON form of PredicateJSON.
type predicateWire struct {
	Kind   string `json:"kind"`
	Index  int    `json:"index"`
	Min    *int64 `json:"min,omitempty"`
	Max    *int64 `json:"max,omitempty"`
	Params string `json:"params,omitempty"`
}

// MarshalJSON encodes p, leaving out a bound that is not set.
func (p PredicateJSON) MarshalJSON() ([]byte, error) {
	return json.Marshal(p.wire())
}

// UnmarshalJSON decodes p from its JSON form; unknown fields are refused.
func (p *PredicateJSON) UnmarshalJSON(b []byte) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var w predicateWire
	if err := dec.Decode(&w); err != nil {
		return err
	}
	*p = PredicateJSON{Kind: w.Kind, Index: w.Index, Params: w.Params}
	if w.Min != nil {
		p.Min, p.MinSet = *w.Min, true
	}
	if w.Max != nil {
		p.Max, p.MaxSet = *w.Max, true
	}
	return nil
}

func (p PredicateJSON) wire() predicateWire {
	w := predicateWire{Kind: p.Kind, Index: p.Index, Params: p.Params}
	if p.MinSet {
		v := p.Min
		w.Min = &v
	}
	if p.MaxSet {
		v := p.Max
		w.Max = &v
	}
	return w
}

// Predicate returns p in its Go form.
func (p PredicateJSON) Predicate() Predicate {
	w := p.wire()
	return Predicate{Kind: w.Kind, Index: w.Index, Min: w.Min, Max: w.Max, Params: w.Params}
}

// JSON returns p in its JSON form.
func (p Predicate) JSON() PredicateJSON {
	j := PredicateJSON{Kind: p.Kind, Index: p.Index, Params: p.Params}
	if p.Min != nil {
		j.Min, j.MinSet = *p.Min, true
	}
	if p.Max != nil {
		j.Max, j.MaxSet = *p.Max, true
	}
	return j
}

// PolicyRef names a verification policy of the ledger and optionally one of
// its versions.
type PolicyRef struct {
	// ID is the policy's ID (IssuerIDPattern, as policy.IDPattern).
	ID string `json:"id"`
	// Version selects a version of the policy; 0 or absent selects its
	// current version.
	Version int `json:"version,omitempty" metadata:",optional"`
}

// DisclosedMessage is a message a proof reveals, with its 0-based index
// among the signed messages. Message is standard base64.
type DisclosedMessage struct {
	// Index is the 0-based position of the message among the signed
	// messages.
	Index int `json:"index"`
	// Message is the base64 message.
	Message string `json:"message"`
}

// Decoded is a validated request with its binary fields decoded.
type Decoded struct {
	Issuer        string
	Scheme        string // empty: the issuer's scheme
	KeyVersion    int    // 0: the issuer's current key
	Proof         []byte
	Nonce         []byte
	Header        []byte
	Disclosed     []Message // strictly ascending by Index
	BindSubmitter bool
	Salt          []byte
	Pseudonym     []byte     // empty: no pseudonym
	Context       []byte     // non-empty exactly when Pseudonym is
	Policy        *PolicyRef // nil: no policy
	NonRevoked    bool       // Proof is a revocation.Presentation
	// Predicates are the request's predicates, validated (nil: none), and
	// PredicateProof the decoded predicate proof (non-empty exactly when
	// Predicates is).
	Predicates     []Predicate
	PredicateProof []byte
}

// Message is a decoded disclosed message.
type Message struct {
	Index   int
	Message []byte
}

// fieldNames and disclosedFieldNames are the exact JSON names Parse accepts.
var (
	fieldNames = map[string]bool{
		"issuer": true, "scheme": true, "keyVersion": true, "proof": true, "nonce": true,
		"header": true, "disclosed": true, "bindSubmitter": true, "salt": true,
		"pseudonym": true, "context": true, "policy": true, "nonRevoked": true,
		"predicates": true, "predicateProof": true,
	}
	disclosedFieldNames = map[string]bool{"index": true, "message": true}
	policyFieldNames    = map[string]bool{"id": true, "version": true}
	predicateFieldNames = map[string]bool{"kind": true, "index": true, "min": true, "max": true, "params": true}
)

// Parse parses and validates the JSON body of a request. It rejects a body
// over MaxRequestSize before reading it, field names that are unknown or
// differ in case from the documented ones, trailing data, and everything
// Validate rejects.
func Parse(body []byte) (*Request, error) {
	if len(body) > MaxRequestSize {
		return nil, fmt.Errorf("%w: request is %d bytes, over the limit of %d", ErrInvalid, len(body), MaxRequestSize)
	}
	// Duplicates, also in another case; checkFieldNames then requires
	// the exact names.
	if err := CheckStrictKeys(body, nil); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	if err := checkFieldNames(body); err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	var r Request
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("%w: malformed JSON: %s", ErrInvalid, errText(err))
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: malformed JSON: data after the request object", ErrInvalid)
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &r, nil
}

// checkFieldNames rejects a body whose object keys are not exactly the
// documented names (encoding/json alone would match them case-insensitively).
// Of several unknown keys it reports the first in document order, and the
// objects are checked in a fixed order (the request, then policy, then each
// disclosed item by index), so that one body always gets one error: the
// error is part of a signed response, and every endorser must give the same.
// Predicate items come last, each by index; a member of one that is null
// is refused there too (it would read as absent).
func checkFieldNames(body []byte) error {
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil {
		return fmt.Errorf("%w: malformed JSON: %s", ErrInvalid, errText(err))
	}
	if top == nil {
		return fmt.Errorf("%w: malformed JSON: the request must be a JSON object", ErrInvalid)
	}
	if k, ok := FirstUnknownKey(top, body, fieldNames); ok {
		return fmt.Errorf("%w: unknown field %s", ErrInvalid, Excerpt(k))
	}
	if raw, ok := top["policy"]; ok {
		var ref map[string]json.RawMessage
		if err := json.Unmarshal(raw, &ref); err != nil || ref == nil {
			return fmt.Errorf("%w: policy: must be an object {\"id\": ..., \"version\": ...}", ErrInvalid)
		}
		if k, ok := FirstUnknownKey(ref, raw, policyFieldNames); ok {
			return fmt.Errorf("%w: policy: unknown field %s", ErrInvalid, Excerpt(k))
		}
	}
	if raw, ok := top["disclosed"]; ok {
		if err := checkItems(raw, "disclosed", disclosedFieldNames, nil); err != nil {
			return err
		}
	}
	if raw, ok := top["predicates"]; ok {
		return checkItems(raw, "predicates", predicateFieldNames, []string{"kind", "index", "min", "max", "params"})
	}
	return nil
}

// checkItems checks the array raw (the field name) whose items are objects
// with the keys allowed: the first item, by index, that is not an object or
// has an unknown key is refused, and one with a member of noNull that is
// null (members checked in the order of noNull).
func checkItems(raw json.RawMessage, name string, allowed map[string]bool, noNull []string) error {
	if isJSONNull(raw) {
		return nil // decodes as absent, as encoding/json reads it
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return fmt.Errorf("%w: %s: malformed JSON: %s", ErrInvalid, name, errText(err))
	}
	var rawItems []json.RawMessage // read only when an item has an unknown key
	for i, item := range items {
		if item == nil {
			return fmt.Errorf("%w: %s[%d]: must be an object", ErrInvalid, name, i)
		}
		for _, k := range noNull {
			if v, ok := item[k]; ok && isJSONNull(v) {
				return fmt.Errorf("%w: %s[%d].%s: must not be null (leave it out)", ErrInvalid, name, i, k)
			}
		}
		if !hasUnknownKey(item, allowed) {
			continue
		}
		if rawItems == nil {
			if err := json.Unmarshal(raw, &rawItems); err != nil || len(rawItems) != len(items) {
				rawItems = make([]json.RawMessage, len(items)) // unreachable: raw decoded above
			}
		}
		k, _ := FirstUnknownKey(item, rawItems[i], allowed)
		return fmt.Errorf("%w: %s[%d]: unknown field %s", ErrInvalid, name, i, Excerpt(k))
	}
	return nil
}

// isJSONNull reports whether raw is the JSON literal null.
func isJSONNull(raw json.RawMessage) bool {
	return string(bytes.TrimSpace(raw)) == "null"
}

// hasUnknownKey reports whether obj has a key that allowed lacks.
func hasUnknownKey(obj map[string]json.RawMessage, allowed map[string]bool) bool {
	for k := range obj { //bbs:maporder-ok any-of: the boolean does not depend on the order
		if !allowed[k] {
			return true
		}
	}
	return false
}

// firstUnknownKey returns the first key, in document order, of the JSON
// object raw (decoded as obj) that allowed lacks. Map iteration order
// varies from run to run, so it finds the key in raw itself; if raw cannot
// be walked (it always can: obj was decoded from it), it falls back to the
// least unknown key in byte order, which is fixed too.
func FirstUnknownKey(obj map[string]json.RawMessage, raw []byte, allowed map[string]bool) (key string, found bool) {
	if !hasUnknownKey(obj, allowed) {
		return "", false
	}
	for _, k := range objectKeys(raw) {
		if _, in := obj[k]; in && !allowed[k] {
			return k, true
		}
	}
	var unknown []string
	for k := range obj { //bbs:maporder-ok collected for slices.Min, which does not depend on the order
		if !allowed[k] {
			unknown = append(unknown, k)
		}
	}
	return slices.Min(unknown), true
}

// objectKeys returns the keys of the JSON object raw in document order, as
// encoding/json decodes them (escapes resolved, invalid UTF-8 replaced), or
// the keys it read before an error.
func objectKeys(raw []byte) []string {
	dec := json.NewDecoder(bytes.NewReader(raw))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil
	}
	var keys []string
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return keys
		}
		k, ok := tok.(string)
		if !ok {
			return keys
		}
		keys = append(keys, k)
		var skip json.RawMessage
		if err := dec.Decode(&skip); err != nil {
			return keys
		}
	}
	return keys
}

// Validate reports whether the request is well formed and within the limits,
// without keeping the decoded values.
func (r *Request) Validate() error {
	_, err := r.Decode()
	return err
}

// Decode validates the request and decodes its binary fields. Limits are
// checked on the base64 text first, so an oversize field is never decoded.
func (r *Request) Decode() (*Decoded, error) {
	if len(r.Scheme) > MaxSchemeLength {
		return nil, fmt.Errorf("%w: scheme: %d bytes, over the limit of %d", ErrInvalid, len(r.Scheme), MaxSchemeLength)
	}
	if !issuerIDRE.MatchString(r.Issuer) {
		return nil, fmt.Errorf("%w: issuer: %s does not match %s", ErrInvalid, Excerpt(r.Issuer), IssuerIDPattern)
	}
	if r.KeyVersion < 0 {
		return nil, fmt.Errorf("%w: keyVersion: %d is negative (0 or absent selects the current key)", ErrInvalid, r.KeyVersion)
	}
	if len(r.Disclosed) > MaxDisclosed {
		return nil, fmt.Errorf("%w: disclosed: %d messages, over the limit of %d", ErrInvalid, len(r.Disclosed), MaxDisclosed)
	}
	if r.Salt != "" && !r.BindSubmitter {
		return nil, fmt.Errorf("%w: salt: only allowed with bindSubmitter", ErrInvalid)
	}
	d := &Decoded{
		Issuer:        r.Issuer,
		Scheme:        r.Scheme,
		KeyVersion:    r.KeyVersion,
		BindSubmitter: r.BindSubmitter,
		NonRevoked:    r.NonRevoked,
	}
	if r.Policy != nil {
		if !issuerIDRE.MatchString(r.Policy.ID) {
			return nil, fmt.Errorf("%w: policy.id: %s does not match %s", ErrInvalid, Excerpt(r.Policy.ID), IssuerIDPattern)
		}
		if r.Policy.Version < 0 || r.Policy.Version > MaxPolicyVersion {
			return nil, fmt.Errorf("%w: policy.version: %d is outside 0..%d (0 or absent selects the current version)", ErrInvalid, r.Policy.Version, MaxPolicyVersion)
		}
		d.Policy = &PolicyRef{ID: r.Policy.ID, Version: r.Policy.Version}
	}
	var err error
	if d.Proof, err = decodeField("proof", r.Proof, MaxProofSize); err != nil {
		return nil, err
	}
	if len(d.Proof) == 0 {
		return nil, fmt.Errorf("%w: proof: empty", ErrInvalid)
	}
	if d.Nonce, err = decodeField("nonce", r.Nonce, MaxNonceSize); err != nil {
		return nil, err
	}
	if d.Header, err = decodeField("header", r.Header, MaxHeaderSize); err != nil {
		return nil, err
	}
	if d.Salt, err = decodeField("salt", r.Salt, MaxSaltSize); err != nil {
		return nil, err
	}
	if r.Pseudonym != "" || r.Context != "" { // absent stays nil
		if d.Pseudonym, err = decodeField("pseudonym", r.Pseudonym, MaxPseudonymSize); err != nil {
			return nil, err
		}
		if d.Context, err = decodeField("context", r.Context, MaxContextSize); err != nil {
			return nil, err
		}
	}
	if (len(d.Pseudonym) == 0) != (len(d.Context) == 0) {
		return nil, fmt.Errorf("%w: pseudonym and context: each requires the other (context at least 1 byte)", ErrInvalid)
	}
	d.Disclosed = make([]Message, len(r.Disclosed))
	for i, m := range r.Disclosed {
		if m.Index < 0 || m.Index > MaxMessageIndex {
			return nil, fmt.Errorf("%w: disclosed[%d]: index %d outside 0..%d", ErrInvalid, i, m.Index, MaxMessageIndex)
		}
		if i > 0 && m.Index <= r.Disclosed[i-1].Index {
			return nil, fmt.Errorf("%w: disclosed[%d]: index %d does not follow %d; indices must be strictly ascending",
				ErrInvalid, i, m.Index, r.Disclosed[i-1].Index)
		}
		msg, err := decodeField(fmt.Sprintf("disclosed[%d].message", i), m.Message, MaxMessageSize)
		if err != nil {
			return nil, err
		}
		d.Disclosed[i] = Message{Index: m.Index, Message: msg}
	}
	if err := r.decodePredicates(d); err != nil {
		return nil, err
	}
	return d, nil
}

// decodePredicates validates the predicates and the predicate proof of r
// into d, whose other fields are decoded.
func (r *Request) decodePredicates(d *Decoded) error {
	if len(r.Predicates) > MaxPredicates {
		return fmt.Errorf("%w: predicates: %d predicates, over the limit of %d", ErrInvalid, len(r.Predicates), MaxPredicates)
	}
	if len(r.Predicates) == 0 {
		if r.PredicateProof != "" {
			return fmt.Errorf("%w: predicateProof: only allowed with predicates", ErrInvalid)
		}
		return nil
	}
	if r.Scheme != "" && r.Scheme != bbsSHA256 && r.Scheme != bbsSHAKE256 && r.Scheme != nymSHA256 && r.Scheme != nymSHAKE256 {
		return fmt.Errorf("%w: predicates: only the schemes %s, %s, %s and %s have predicates (not %s)", ErrInvalid, bbsSHA256, bbsSHAKE256, nymSHA256, nymSHAKE256, Excerpt(r.Scheme))
	}
	d.Predicates = make([]Predicate, len(r.Predicates))
	for i, pj := range r.Predicates {
		p := pj.Predicate()
		if err := validatePredicate(i, &p, d.Predicates[:i], d.Disclosed); err != nil {
			return err
		}
		d.Predicates[i] = p
	}
	var err error
	if d.PredicateProof, err = decodeField("predicateProof", r.PredicateProof, MaxPredicateProofSize); err != nil {
		return err
	}
	if len(d.PredicateProof) == 0 {
		return fmt.Errorf("%w: predicateProof: required with predicates", ErrInvalid)
	}
	return nil
}

// The IETF scheme names and their pseudonym schemes' (package bbs), the
// schemes with predicates.
const (
	bbsSHA256   = "bbs-bls12381-sha256"
	bbsSHAKE256 = "bbs-bls12381-shake256"
	nymSHA256   = "bbs-nym-bls12381-sha256"
	nymSHAKE256 = "bbs-nym-bls12381-shake256"
)

// validatePredicate checks predicates[i], p, against the predicates before
// it and the disclosed messages.
func validatePredicate(i int, p *Predicate, before []Predicate, disclosed []Message) error {
	name := fmt.Sprintf("predicates[%d]", i)
	switch p.Kind {
	case KindRange, KindInSet:
	default:
		return fmt.Errorf("%w: %s.kind: %s is not %q or %q", ErrInvalid, name, Excerpt(p.Kind), KindRange, KindInSet)
	}
	if p.Index < 0 || p.Index > MaxMessageIndex {
		return fmt.Errorf("%w: %s.index: %d outside 0..%d", ErrInvalid, name, p.Index, MaxMessageIndex)
	}
	if _, found := slices.BinarySearchFunc(disclosed, p.Index, func(m Message, idx int) int { return m.Index - idx }); found {
		return fmt.Errorf("%w: %s.index: message %d is disclosed (a predicate is about a hidden message)", ErrInvalid, name, p.Index)
	}
	for j, q := range before {
		if q.Kind == p.Kind && q.Index == p.Index {
			return fmt.Errorf("%w: %s: a second %s predicate on message %d (predicates[%d]); give one per kind and index", ErrInvalid, name, p.Kind, p.Index, j)
		}
	}
	if p.Params != "" && !issuerIDRE.MatchString(p.Params) {
		return fmt.Errorf("%w: %s.params: %s does not match %s", ErrInvalid, name, Excerpt(p.Params), IssuerIDPattern)
	}
	switch p.Kind {
	case KindRange:
		if p.Min == nil && p.Max == nil {
			return fmt.Errorf("%w: %s: a range needs min, max or both", ErrInvalid, name)
		}
		if p.Min != nil && p.Max != nil && *p.Min > *p.Max {
			return fmt.Errorf("%w: %s: min %d is above max %d", ErrInvalid, name, *p.Min, *p.Max)
		}
	case KindInSet:
		if p.Params == "" {
			return fmt.Errorf("%w: %s.params: required for an inSet (the set parameters' ID)", ErrInvalid, name)
		}
		if p.Min != nil || p.Max != nil {
			return fmt.Errorf("%w: %s: an inSet has no min or max", ErrInvalid, name)
		}
	}
	return nil
}

// decodeField decodes the standard base64 text s of the named field, which
// must decode to at most limit bytes.
func decodeField(name, s string, limit int) ([]byte, error) {
	if base64.StdEncoding.DecodedLen(len(s)) > limit+2 {
		// Checked on the text so an oversize field is never decoded; the
		// slack of 2 covers padding, and the exact check follows.
		return nil, fmt.Errorf("%w: %s: over the limit of %d bytes", ErrInvalid, name, limit)
	}
	b, err := base64.StdEncoding.DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: not standard base64: %v", ErrInvalid, name, err)
	}
	if base64.StdEncoding.EncodeToString(b) != s {
		// Line breaks and non-zero padding bits decode but are not the
		// canonical encoding that clients must send.
		return nil, fmt.Errorf("%w: %s: not standard base64: not in canonical form", ErrInvalid, name)
	}
	if len(b) > limit {
		return nil, fmt.Errorf("%w: %s: %d bytes, over the limit of %d", ErrInvalid, name, len(b), limit)
	}
	return b, nil
}

// Encode returns the JSON form of d: the inverse of Decode. Empty optional
// fields are left out.
func (d *Decoded) Encode() *Request {
	r := &Request{
		Issuer:        d.Issuer,
		Scheme:        d.Scheme,
		KeyVersion:    d.KeyVersion,
		Proof:         base64.StdEncoding.EncodeToString(d.Proof),
		Nonce:         base64.StdEncoding.EncodeToString(d.Nonce),
		Header:        base64.StdEncoding.EncodeToString(d.Header),
		BindSubmitter: d.BindSubmitter,
		NonRevoked:    d.NonRevoked,
		Salt:          base64.StdEncoding.EncodeToString(d.Salt),
		Pseudonym:     base64.StdEncoding.EncodeToString(d.Pseudonym),
		Context:       base64.StdEncoding.EncodeToString(d.Context),
	}
	if d.Policy != nil {
		r.Policy = &PolicyRef{ID: d.Policy.ID, Version: d.Policy.Version}
	}
	if len(d.Disclosed) > 0 {
		r.Disclosed = EncodeMessages(d.Disclosed)
	}
	if len(d.Predicates) > 0 {
		r.Predicates = make([]PredicateJSON, len(d.Predicates))
		for i, p := range d.Predicates {
			r.Predicates[i] = p.JSON()
		}
	}
	r.PredicateProof = base64.StdEncoding.EncodeToString(d.PredicateProof)
	return r
}

// EncodeMessages returns messages in their JSON form, never nil.
func EncodeMessages(messages []Message) []DisclosedMessage {
	out := make([]DisclosedMessage, len(messages))
	for i, m := range messages {
		out[i] = DisclosedMessage{Index: m.Index, Message: base64.StdEncoding.EncodeToString(m.Message)}
	}
	return out
}

// ValidIssuerID reports whether id matches IssuerIDPattern.
func ValidIssuerID(id string) bool { return issuerIDRE.MatchString(id) }
