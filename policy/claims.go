// SPDX-License-Identifier: Apache-2.0

package policy

// Credential policies: rules on a W3C verifiable credential (bbs-2023) as
// the contract's VerifyCredential, SubmitCredential and SubmitCredentials
// see it. A policy with a "credential" member is a credential policy; one
// without is a policy for bare proofs. The two kinds are not mixed: a
// credential policy may not hold the rules on bare messages (messageCount,
// disclosed, header, pseudonym), a bare proof never satisfies a credential
// policy, and a credential never satisfies a bare policy.

import (
	"encoding/json"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"
)

// Limits on the credential rules of a policy.
const (
	// MaxClaimRules is the largest number of claim rules.
	MaxClaimRules = 64
	// MaxPointerLength is the longest JSON pointer, in bytes.
	MaxPointerLength = 256
	// MaxTypes is the largest number of required credential types.
	MaxTypes = 16
	// MaxTypeLength is the longest required type, in bytes.
	MaxTypeLength = 256
	// MaxClaimTextSize is the largest string value of a claim rule
	// (equals, oneOf, prefix), in bytes of UTF-8.
	MaxClaimTextSize = 1024
)

var (
	credentialFields = []string{"types", "requireValidFrom", "requireValidUntil", "claims", "recordClaims", "epoch", "status"}
	claimFields      = []string{"pointer", "equals", "oneOf", "prefix", "after", "before", "atLeast", "atMost"}
)

// CredentialRules are the rules of a credential policy on the credential
// itself; the policy's issuers, minNonceLength and bindSubmitter apply as
// well.
type CredentialRules struct {
	// Types are types the credential must disclose in its JSON type
	// member (every one of them), e.g. "DriverLicense".
	Types []string
	// RequireValidFrom and RequireValidUntil require the credential to
	// disclose validFrom (validUntil); the contract checks a disclosed
	// validity period against the transaction's timestamp in every case.
	RequireValidFrom, RequireValidUntil bool
	// Claims are the rules on claims, evaluated in this order (the
	// document's), at most one per pointer.
	Claims []ClaimRule
	// RecordClaims makes SubmitCredential store the disclosed claims
	// (compact JSON) in its CredentialVerification record, for an
	// application that needs them on the ledger. Without it the record
	// holds their hashes only.
	RecordClaims bool
	// Epoch and Status, when not nil, are the revocation rules
	// (credential_revocation.go).
	Epoch  *CredentialEpochRule
	Status *CredentialStatusRule
}

// ClaimRule requires the values at Pointer to be disclosed and to satisfy
// every constraint set. The pointer is read in the credential's signed
// statements, not in its JSON (see ClaimReader): each token is a JSON key
// of the credential's contexts, expanded to a property IRI as the
// credential's expansion did, and the pointer names every value reached
// from the credential node along those properties. A property's values
// are a set (the signature does not fix their order), so a token may not
// be an array index. A constrained rule requires exactly one value, a
// literal (a string, number or boolean) or, for equals, oneOf and prefix,
// an IRI.
type ClaimRule struct {
	// Pointer is an RFC 6901 pointer such as
	// "/credentialSubject/licenseClass": no array index ("0", "-"), no
	// token starting with "@", and "id" or "type" only as the last token
	// (the node's IRI, the node's types).
	Pointer string
	// Equals, when not nil, is the only value accepted: a string, a
	// float64 or a bool, compared as the RDF term it becomes at Pointer
	// under the credential's contexts (a string never equals a number; a
	// string at an IRI-valued property or at "type" is that IRI).
	Equals any
	// OneOf, when not empty, are the values accepted (as Equals).
	OneOf []any
	// Prefix, when not empty, must start the claim, a string.
	Prefix string
	// After and Before, when not empty, bound the claim, a date
	// (YYYY-MM-DD, read as midnight UTC) or an RFC 3339 date-time with a
	// time zone: the claim must be strictly after After and strictly
	// before Before.
	After, Before string
	// AtLeast and AtMost, when not nil, bound the claim, a JSON number,
	// both inclusive.
	AtLeast, AtMost *float64
}

// CredentialStatement is what the contract establishes about a derived
// credential before the proof's pairing: the facts a credential policy is
// evaluated on.
type CredentialStatement struct {
	// Issuer is the registry ID of the issuer whose key the proof's
	// verificationMethod resolved to; KeyVersion that key's version.
	Issuer     string
	KeyVersion int
	// Types are the credential's JSON type member, which the caller has
	// checked expands to exactly the types of the credential node in the
	// signed statements.
	Types []string
	// ValidFrom and ValidUntil tell whether the credential node has a
	// signed validFrom (validUntil) statement.
	ValidFrom, ValidUntil bool
	// Document is the disclosed credential without its proof, as package
	// vc parses it (numbers are float64). Only its contexts are read
	// (rule credential.contexts); claims are read through Claims.
	Document map[string]any
	// Claims reads the claim rules in the credential's signed
	// statements; without it every claim rule is unmet.
	Claims ClaimReader
	// NonceLength is the length of the presentation header, in bytes;
	// BoundToSubmitter whether it is bound to the submitter.
	NonceLength      int
	BoundToSubmitter bool
	// Pseudonym tells whether the credential shows a pseudonym (the
	// bbs-2023 pseudonym feature); Context is its nym_domain.
	Pseudonym bool
	Context   []byte
	// Epoch and Status are what the caller read for the policy's epoch
	// and status rules (nil: not read, so the rule is unmet).
	Epoch  *CredentialEpochFacts
	Status *CredentialStatusFacts
}

// ClaimValue is one value a claim pointer reaches in the signed
// statements: a literal, or a node (an IRI, or "" for a blank node).
type ClaimValue struct {
	Literal bool
	// Value is the literal's lexical form or the node's IRI.
	Value string
	// Datatype is a literal's datatype IRI (xsd:string for a plain
	// string, rdf:langString with Lang).
	Datatype string
	Lang     string
}

// ClaimRead is what a ClaimReader reads for one claim rule.
type ClaimRead struct {
	// Values are the values at the rule's pointer, a set (no order; no
	// repeats); none when the pointer is not disclosed.
	Values []ClaimValue
	// Accepted are the rule's equals or oneOf values as the RDF terms the
	// credential's contexts make of them at the pointer.
	Accepted []ClaimValue
	// Problem, when not empty, is why the pointer cannot be read (words
	// that follow the pointer); the rule is then unmet.
	Problem string
}

// ClaimReader reads claim rules in a credential's signed statements.
type ClaimReader interface {
	ReadClaim(r *ClaimRule) ClaimRead
}

// IsCredential reports whether p is a credential policy (it has credential
// rules) rather than a policy for bare proofs.
func (p *Policy) IsCredential() bool { return p != nil && p.Credential != nil }

// unmetNotForBare is Evaluate's answer for a credential policy.
var unmetNotForBare = Unmet{Rule: "policy", Reason: "the policy is for W3C credentials (VerifyCredential, SubmitCredential, SubmitCredentials), not for bare proofs"}

// EvaluateCredential checks st against a credential policy and returns nil
// when every rule is met, else the first unmet rule, in the order issuers,
// keyVersions, credential.contexts, credential.types,
// credential.requireValidFrom, credential.requireValidUntil,
// credential.claims (in the policy's order), minNonceLength,
// bindSubmitter, pseudonym (a credential of the bbs-2023 pseudonym feature
// in the rule's context; the contract counts its uses against
// AllowedUses), credential.epoch, credential.status. It is deterministic and fails closed: an invalid policy,
// or a policy for bare proofs, is unmet with Rule "policy".
//
// The claim rules are read in the signed statements (st.Claims), with the
// JSON keys of their pointers expanded by the credential's contexts; the
// type rule compares the JSON type member, which the caller has matched
// with the signed types. Both hold only if every JSON key means what the
// issuer's contexts say: a credential policy therefore requires the
// credential's @context to be a list of context URLs (resolved by the
// contract from the built-in and the issuer's registered contexts), and
// no "@context" anywhere else in the document (rule credential.contexts).
// An inline context added by the holder could otherwise map a key of a
// rule to another signed statement.
func (p *Policy) EvaluateCredential(st CredentialStatement) *Unmet {
	if err := p.Validate(); err != nil {
		return &Unmet{Rule: "policy", Reason: clip(err.Error(), 200)}
	}
	if p.Credential == nil {
		return &Unmet{Rule: "policy", Reason: "the policy is for bare proofs (VerifyProof, SubmitProof), not for W3C credentials"}
	}
	if u := p.evaluateIssuer(st.Issuer, st.KeyVersion); u != nil {
		return u
	}
	cr := p.Credential
	if why := contextsUnsafe(st.Document); why != "" {
		return &Unmet{Rule: "credential.contexts", Reason: why}
	}
	for _, t := range cr.Types {
		if !containsString(st.Types, t) {
			return &Unmet{Rule: "credential.types", Reason: fmt.Sprintf("the credential must have the type %s", quoteText(t))}
		}
	}
	if cr.RequireValidFrom && !st.ValidFrom {
		return &Unmet{Rule: "credential.requireValidFrom", Reason: "the credential must disclose validFrom"}
	}
	if cr.RequireValidUntil && !st.ValidUntil {
		return &Unmet{Rule: "credential.requireValidUntil", Reason: "the credential must disclose validUntil"}
	}
	for i := range cr.Claims {
		r := &cr.Claims[i]
		read := ClaimRead{Problem: "cannot be read: no signed statements were given"}
		if st.Claims != nil {
			read = st.Claims.ReadClaim(r)
		}
		if what := r.unmetRead(read); what != "" {
			return &Unmet{Rule: "credential.claims", Index: i, Pointer: r.Pointer, Reason: quoteText(r.Pointer) + " " + what}
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
	return cr.evaluateCredentialRevocation(st)
}

// contextsUnsafe returns why the document's contexts do not fix the
// meaning of its JSON keys, or "".
func contextsUnsafe(doc map[string]any) string {
	const why = "the credential's @context must be a list of context URLs, with no inline context and no @context elsewhere in the document (an added context could give a JSON key another meaning)"
	switch c := doc["@context"].(type) {
	case string:
	case []any:
		for _, x := range c {
			if _, ok := x.(string); !ok {
				return why
			}
		}
	default:
		return why
	}
	for k, x := range doc { //bbs:maporder-ok any-of with one fixed answer
		if k != "@context" && embedsContext(x, 0) {
			return why
		}
	}
	return ""
}

// embedsContext reports whether v holds an object with a "@context" key.
// The depth is bounded by the document's own limit (package vc); depth
// here only guards the recursion.
func embedsContext(v any, depth int) bool {
	if depth > 64 {
		return true
	}
	switch t := v.(type) {
	case map[string]any:
		if _, ok := t["@context"]; ok {
			return true
		}
		for _, x := range t { //bbs:maporder-ok any-of: the boolean does not depend on the order
			if embedsContext(x, depth+1) {
				return true
			}
		}
	case []any:
		for _, x := range t {
			if embedsContext(x, depth+1) {
				return true
			}
		}
	}
	return false
}

// unmetRead returns "" when read satisfies r, else what r requires, as
// words that follow the pointer.
func (r *ClaimRule) unmetRead(read ClaimRead) string {
	if read.Problem != "" {
		return read.Problem
	}
	if len(read.Values) == 0 {
		return "must be disclosed"
	}
	if !r.constrained() {
		return ""
	}
	if len(read.Values) != 1 {
		return fmt.Sprintf("must be a single value (the signed statements give %d; a property's values are a set, in no order)", len(read.Values))
	}
	got := read.Values[0]
	if r.Equals != nil && !containsClaimValue(read.Accepted, got) {
		return "must equal " + quoteValue(r.Equals)
	}
	if r.Equals == nil && len(r.OneOf) > 0 && !containsClaimValue(read.Accepted, got) {
		return r.oneOfWords()
	}
	if !got.Literal && (r.After != "" || r.Before != "" || r.AtLeast != nil || r.AtMost != nil) {
		return "must be a single string, number or boolean"
	}
	if !got.Literal && got.Value == "" {
		return "must be a single string, number or boolean"
	}
	var v any = got.Value
	if got.Literal {
		v = got.scalar()
	}
	return r.unmetScalar(v)
}

// scalar is the JSON value a literal stands for: a bool for xsd:boolean,
// a float64 for a numeric datatype, else its lexical form.
func (v ClaimValue) scalar() any {
	switch v.Datatype {
	case xsdNS + "boolean":
		switch v.Value {
		case "true", "1":
			return true
		case "false", "0":
			return false
		}
	case xsdNS + "integer", xsdNS + "decimal", xsdNS + "double", xsdNS + "float",
		xsdNS + "long", xsdNS + "int", xsdNS + "short", xsdNS + "byte",
		xsdNS + "nonNegativeInteger", xsdNS + "positiveInteger", xsdNS + "negativeInteger", xsdNS + "nonPositiveInteger",
		xsdNS + "unsignedLong", xsdNS + "unsignedInt", xsdNS + "unsignedShort", xsdNS + "unsignedByte":
		if f, err := strconv.ParseFloat(v.Value, 64); err == nil && !math.IsNaN(f) && !math.IsInf(f, 0) {
			return f
		}
	}
	return v.Value
}

const xsdNS = "http://www.w3.org/2001/XMLSchema#"

func containsClaimValue(list []ClaimValue, v ClaimValue) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func (r *ClaimRule) oneOfWords() string {
	words := make([]string, len(r.OneOf))
	for i, w := range r.OneOf {
		words[i] = quoteValue(w)
	}
	return "must be " + alternatives(words)
}

// unmetScalar returns "" when the JSON scalar v satisfies r, else what r
// requires, as words that follow the pointer. equals and oneOf compare v
// as a JSON value (the policy's own consistency check); a read credential
// compares them as RDF terms before (unmetRead).
func (r *ClaimRule) unmetScalar(v any) string {
	if !r.constrained() {
		return ""
	}
	switch v.(type) {
	case string, float64, bool:
	default:
		return "must be a single string, number or boolean"
	}
	if r.Prefix != "" {
		s, ok := v.(string)
		if !ok || !strings.HasPrefix(s, r.Prefix) {
			return "must be a string starting with " + quoteText(r.Prefix)
		}
	}
	if r.After != "" || r.Before != "" {
		s, _ := v.(string)
		t, ok := parseDate(s)
		if !ok {
			return "must be a date (YYYY-MM-DD) or a date-time with a time zone"
		}
		if r.After != "" {
			if a, _ := parseDate(r.After); !t.After(a) {
				return "must be after " + r.After
			}
		}
		if r.Before != "" {
			if b, _ := parseDate(r.Before); !t.Before(b) {
				return "must be before " + r.Before
			}
		}
	}
	if r.AtLeast != nil || r.AtMost != nil {
		n, ok := v.(float64)
		if !ok {
			return "must be a number"
		}
		if r.AtLeast != nil && n < *r.AtLeast {
			return "must be at least " + formatNumber(*r.AtLeast)
		}
		if r.AtMost != nil && n > *r.AtMost {
			return "must be at most " + formatNumber(*r.AtMost)
		}
	}
	return ""
}

func (r *ClaimRule) constrained() bool {
	return r.Equals != nil || len(r.OneOf) > 0 || r.Prefix != "" || r.After != "" || r.Before != "" || r.AtLeast != nil || r.AtMost != nil
}

// PointerTokens splits a valid pointer into its unescaped tokens.
func PointerTokens(p string) []string {
	toks := strings.Split(p, "/")[1:]
	for i, tok := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
	}
	return toks
}

// validPointer checks the syntax of an RFC 6901 pointer: "/" then tokens
// in which "~" is followed by 0 or 1.
func validPointer(p string) error {
	if len(p) > MaxPointerLength {
		return fmt.Errorf("%d bytes, over the limit of %d", len(p), MaxPointerLength)
	}
	if !strings.HasPrefix(p, "/") || p == "/" {
		return fmt.Errorf("%s is not a JSON pointer to a member (it must start with \"/\" and name one)", quoteText(p))
	}
	if !utf8.ValidString(p) {
		return fmt.Errorf("not UTF-8")
	}
	for i := 0; i < len(p); i++ {
		if p[i] == '~' && (i+1 == len(p) || (p[i+1] != '0' && p[i+1] != '1')) {
			return fmt.Errorf("%s: \"~\" must be followed by 0 or 1 (RFC 6901)", quoteText(p))
		}
	}
	toks := PointerTokens(p)
	for i, tok := range toks {
		switch {
		case tok == "":
			return fmt.Errorf("%s: an empty token names no property", quoteText(p))
		case tok == "-" || strings.Trim(tok, "0123456789") == "":
			return fmt.Errorf("%s: the token %s is an array index; a pointer names properties, whose values the signature holds as a set, in no order (name the property: every value is read)", quoteText(p), quoteText(tok))
		case tok[0] == '@':
			return fmt.Errorf("%s: the token %s is a JSON-LD keyword; a pointer names properties of the credential's contexts", quoteText(p), quoteText(tok))
		case (tok == "id" || tok == "type") && i != len(toks)-1:
			return fmt.Errorf("%s: %s names a node's IRI or types, which have no properties: it may only be the last token", quoteText(p), quoteText(tok))
		}
	}
	return nil
}

// parseDate reads a full-date (midnight UTC) or an RFC 3339 date-time.
func parseDate(s string) (time.Time, bool) {
	if len(s) == len("2006-01-02") {
		t, err := time.Parse("2006-01-02", s)
		return t, err == nil
	}
	t, err := time.Parse(time.RFC3339Nano, s)
	return t, err == nil
}

func formatNumber(f float64) string { return strconv.FormatFloat(f, 'g', -1, 64) }

func quoteValue(v any) string {
	switch t := v.(type) {
	case string:
		return quoteText(t)
	case float64:
		return formatNumber(t)
	case bool:
		return strconv.FormatBool(t)
	}
	return "?"
}

func containsValue(list []any, v any) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// decodeCredential decodes the credential member of a policy document.
func decodeCredential(raw json.RawMessage) (*CredentialRules, error) {
	m, err := object(raw, "credential", credentialFields)
	if err != nil {
		return nil, err
	}
	cr := &CredentialRules{}
	if raw, ok := m["types"]; ok {
		if err := value(raw, "credential.types", &cr.Types); err != nil {
			return nil, err
		}
		if len(cr.Types) == 0 {
			return nil, fmt.Errorf("credential.types: empty (leave it out)")
		}
	}
	for _, f := range []struct {
		name string
		dst  *bool
	}{{"requireValidFrom", &cr.RequireValidFrom}, {"requireValidUntil", &cr.RequireValidUntil}, {"recordClaims", &cr.RecordClaims}} {
		if raw, ok := m[f.name]; ok {
			if err := value(raw, "credential."+f.name, f.dst); err != nil {
				return nil, err
			}
		}
	}
	if raw, ok := m["claims"]; ok {
		var items []json.RawMessage
		if err := value(raw, "credential.claims", &items); err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, fmt.Errorf("credential.claims: empty (leave it out)")
		}
		if len(items) > MaxClaimRules {
			return nil, fmt.Errorf("credential.claims: %d rules, over the limit of %d", len(items), MaxClaimRules)
		}
		cr.Claims = make([]ClaimRule, len(items))
		for i, item := range items {
			if cr.Claims[i], err = decodeClaim(item, fmt.Sprintf("credential.claims[%d]", i)); err != nil {
				return nil, err
			}
		}
	}
	if err := decodeCredentialRevocation(m, cr); err != nil {
		return nil, err
	}
	return cr, nil
}

func decodeClaim(raw json.RawMessage, name string) (ClaimRule, error) {
	var r ClaimRule
	m, err := object(raw, name, claimFields)
	if err != nil {
		return r, err
	}
	ptr, ok := m["pointer"]
	if !ok {
		return r, fmt.Errorf("%s.pointer: required", name)
	}
	if err := value(ptr, name+".pointer", &r.Pointer); err != nil {
		return r, err
	}
	if raw, ok := m["equals"]; ok {
		if r.Equals, err = scalarValue(raw, name+".equals"); err != nil {
			return r, err
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
		r.OneOf = make([]any, len(items))
		for i, item := range items {
			if r.OneOf[i], err = scalarValue(item, fmt.Sprintf("%s.oneOf[%d]", name, i)); err != nil {
				return r, err
			}
		}
	}
	for _, f := range []struct {
		field string
		dst   *string
	}{{"prefix", &r.Prefix}, {"after", &r.After}, {"before", &r.Before}} {
		if raw, ok := m[f.field]; ok {
			if err := value(raw, name+"."+f.field, f.dst); err != nil {
				return r, err
			}
			if *f.dst == "" {
				return r, fmt.Errorf("%s.%s: empty (leave it out)", name, f.field)
			}
		}
	}
	for _, f := range []struct {
		field string
		dst   **float64
	}{{"atLeast", &r.AtLeast}, {"atMost", &r.AtMost}} {
		if raw, ok := m[f.field]; ok {
			var x float64
			if err := value(raw, name+"."+f.field, &x); err != nil {
				return r, err
			}
			*f.dst = &x
		}
	}
	return r, nil
}

// scalarValue decodes a JSON string, number or boolean.
func scalarValue(raw json.RawMessage, name string) (any, error) {
	var v any
	if err := value(raw, name, &v); err != nil {
		return nil, err
	}
	switch v.(type) {
	case string, float64, bool:
		return v, nil
	}
	return nil, fmt.Errorf("%s: must be a string, a number or true or false", name)
}

// validateCredential checks the limits of cr and that its rules can hold.
func validateCredential(cr *CredentialRules) error {
	if len(cr.Types) > MaxTypes {
		return fmt.Errorf("credential.types: %d types, over the limit of %d", len(cr.Types), MaxTypes)
	}
	for i, t := range cr.Types {
		if t == "" || len(t) > MaxTypeLength || !utf8.ValidString(t) {
			return fmt.Errorf("credential.types[%d]: must be 1 to %d bytes of UTF-8", i, MaxTypeLength)
		}
		for j := 0; j < i; j++ {
			if cr.Types[j] == t {
				return fmt.Errorf("credential.types[%d]: %s repeats types[%d]", i, quoteText(t), j)
			}
		}
	}
	if len(cr.Claims) > MaxClaimRules {
		return fmt.Errorf("credential.claims: %d rules, over the limit of %d", len(cr.Claims), MaxClaimRules)
	}
	for i := range cr.Claims {
		name := fmt.Sprintf("credential.claims[%d]", i)
		if err := cr.Claims[i].validate(name); err != nil {
			return err
		}
		for j := 0; j < i; j++ {
			if cr.Claims[j].Pointer == cr.Claims[i].Pointer {
				return fmt.Errorf("%s.pointer: %s repeats claims[%d] (give one rule per pointer)", name, quoteText(cr.Claims[i].Pointer), j)
			}
		}
	}
	return validateCredentialRevocation(cr)
}

func (r *ClaimRule) validate(name string) error {
	if err := validPointer(r.Pointer); err != nil {
		return fmt.Errorf("%s.pointer: %v", name, err)
	}
	if r.Equals != nil {
		if err := checkScalar(r.Equals, name+".equals"); err != nil {
			return err
		}
	}
	if len(r.OneOf) > MaxOneOf {
		return fmt.Errorf("%s.oneOf: %d values, over the limit of %d", name, len(r.OneOf), MaxOneOf)
	}
	for i, v := range r.OneOf {
		if err := checkScalar(v, fmt.Sprintf("%s.oneOf[%d]", name, i)); err != nil {
			return err
		}
		for j := 0; j < i; j++ {
			if r.OneOf[j] == v {
				return fmt.Errorf("%s.oneOf[%d]: %s repeats oneOf[%d]", name, i, quoteValue(v), j)
			}
		}
	}
	if len(r.Prefix) > MaxClaimTextSize || !utf8.ValidString(r.Prefix) {
		return fmt.Errorf("%s.prefix: must be at most %d bytes of UTF-8", name, MaxClaimTextSize)
	}
	dates := r.After != "" || r.Before != ""
	numbers := r.AtLeast != nil || r.AtMost != nil
	kinds := 0
	for _, k := range []bool{r.Prefix != "", dates, numbers} {
		if k {
			kinds++
		}
	}
	if kinds > 1 {
		return fmt.Errorf("%s: prefix, after/before and atLeast/atMost are for strings, dates and numbers: give one kind", name)
	}
	var after, before time.Time
	for _, d := range []struct {
		field, s string
		t        *time.Time
	}{{"after", r.After, &after}, {"before", r.Before, &before}} {
		if d.s == "" {
			continue
		}
		t, ok := parseDate(d.s)
		if !ok {
			return fmt.Errorf("%s.%s: %s is not a date (YYYY-MM-DD) or an RFC 3339 date-time with a time zone", name, d.field, quoteText(d.s))
		}
		*d.t = t
	}
	if r.After != "" && r.Before != "" && !after.Before(before) {
		return fmt.Errorf("%s: after %s is not before before %s: no date satisfies both", name, r.After, r.Before)
	}
	for _, f := range []*float64{r.AtLeast, r.AtMost} {
		if f != nil && (math.IsNaN(*f) || math.IsInf(*f, 0)) {
			return fmt.Errorf("%s: a bound must be a finite number", name)
		}
	}
	if r.AtLeast != nil && r.AtMost != nil && *r.AtLeast > *r.AtMost {
		return fmt.Errorf("%s: atLeast %s is more than atMost %s: no number satisfies both", name, formatNumber(*r.AtLeast), formatNumber(*r.AtMost))
	}
	// Every value equals or oneOf names must pass the other constraints.
	values := r.OneOf
	if r.Equals != nil {
		if len(r.OneOf) > 0 && !containsValue(r.OneOf, r.Equals) {
			return fmt.Errorf("%s: equals %s is not in oneOf: no value satisfies both", name, quoteValue(r.Equals))
		}
		values = []any{r.Equals}
		if len(r.OneOf) > 1 {
			return fmt.Errorf("%s: oneOf lists values other than equals %s, which can never be accepted", name, quoteValue(r.Equals))
		}
	}
	probe := ClaimRule{Pointer: "/x", Prefix: r.Prefix, After: r.After, Before: r.Before, AtLeast: r.AtLeast, AtMost: r.AtMost}
	for _, v := range values {
		if what := probe.unmetScalar(v); what != "" {
			return fmt.Errorf("%s: the value %s %s, so it can never be accepted", name, quoteValue(v), what)
		}
	}
	return nil
}

func checkScalar(v any, name string) error {
	switch t := v.(type) {
	case string:
		if len(t) > MaxClaimTextSize || !utf8.ValidString(t) {
			return fmt.Errorf("%s: must be at most %d bytes of UTF-8", name, MaxClaimTextSize)
		}
	case float64:
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return fmt.Errorf("%s: must be a finite number", name)
		}
	case bool:
	default:
		return fmt.Errorf("%s: must be a string, a number or true or false", name)
	}
	return nil
}

// The canonical form of the credential rules (Marshal): fields in the
// order of CredentialRules, claims in the policy's order (the order
// EvaluateCredential reports them in), absent constraints left out.
type (
	wireCredential struct {
		Types             []string              `json:"types,omitempty"`
		RequireValidFrom  bool                  `json:"requireValidFrom,omitempty"`
		RequireValidUntil bool                  `json:"requireValidUntil,omitempty"`
		Claims            []wireClaim           `json:"claims,omitempty"`
		RecordClaims      bool                  `json:"recordClaims,omitempty"`
		Epoch             *wireCredentialEpoch  `json:"epoch,omitempty"`
		Status            *wireCredentialStatus `json:"status,omitempty"`
	}
	wireClaim struct {
		Pointer string   `json:"pointer"`
		Equals  any      `json:"equals,omitempty"`
		OneOf   []any    `json:"oneOf,omitempty"`
		Prefix  string   `json:"prefix,omitempty"`
		After   string   `json:"after,omitempty"`
		Before  string   `json:"before,omitempty"`
		AtLeast *float64 `json:"atLeast,omitempty"`
		AtMost  *float64 `json:"atMost,omitempty"`
	}
)

func encodeCredential(cr *CredentialRules) *wireCredential {
	if cr == nil {
		return nil
	}
	w := &wireCredential{Types: cr.Types, RequireValidFrom: cr.RequireValidFrom, RequireValidUntil: cr.RequireValidUntil, RecordClaims: cr.RecordClaims}
	for _, r := range cr.Claims {
		w.Claims = append(w.Claims, wireClaim{Pointer: r.Pointer, Equals: r.Equals, OneOf: r.OneOf, Prefix: r.Prefix,
			After: r.After, Before: r.Before, AtLeast: r.AtLeast, AtMost: r.AtMost})
	}
	encodeCredentialRevocation(cr, w)
	return w
}

func (cr *CredentialRules) clone() *CredentialRules {
	if cr == nil {
		return nil
	}
	c := *cr
	c.Types = append([]string(nil), cr.Types...)
	c.Claims = make([]ClaimRule, len(cr.Claims))
	for i, r := range cr.Claims {
		c.Claims[i] = r
		c.Claims[i].OneOf = append([]any(nil), r.OneOf...)
		if r.AtLeast != nil {
			f := *r.AtLeast
			c.Claims[i].AtLeast = &f
		}
		if r.AtMost != nil {
			f := *r.AtMost
			c.Claims[i].AtMost = &f
		}
	}
	cr.cloneRevocation(&c)
	return &c
}
