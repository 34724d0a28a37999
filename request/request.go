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
//	  "nonRevoked":    false                // optional; see Request.NonRevoked
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
//     policy's current version) to MaxPolicyVersion.
package request

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
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
	}
	disclosedFieldNames = map[string]bool{"index": true, "message": true}
	policyFieldNames    = map[string]bool{"id": true, "version": true}
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
	raw, ok := top["disclosed"]
	if !ok {
		return nil
	}
	var items []map[string]json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return fmt.Errorf("%w: disclosed: malformed JSON: %s", ErrInvalid, errText(err))
	}
	var rawItems []json.RawMessage // read only when an item has an unknown key
	for i, item := range items {
		if item == nil {
			return fmt.Errorf("%w: disclosed[%d]: must be an object", ErrInvalid, i)
		}
		if !hasUnknownKey(item, disclosedFieldNames) {
			continue
		}
		if rawItems == nil {
			if err := json.Unmarshal(raw, &rawItems); err != nil || len(rawItems) != len(items) {
				rawItems = make([]json.RawMessage, len(items)) // unreachable: raw decoded above
			}
		}
		k, _ := FirstUnknownKey(item, rawItems[i], disclosedFieldNames)
		return fmt.Errorf("%w: disclosed[%d]: unknown field %s", ErrInvalid, i, Excerpt(k))
	}
	return nil
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
	return d, nil
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
