// SPDX-License-Identifier: Apache-2.0

package policy

// Revocation rules of credential policies (levels 1 and 2 for
// W3C bbs-2023 credentials): an epoch claim and a W3C Bitstring Status
// List entry, members "epoch" and "status" of the "credential" member:
//
//	"credential": {
//	  "epoch":  {"pointer": "/credentialSubject/epoch", "grace": 1},
//	  "status": {"list": "revocation", "statusListCredential": "https://issuer.example/status/1"}
//	}
//
// The contract reads both from the credential's signed statements
// (canonical N-Quads), not from its JSON, and passes what it read as
// CredentialEpochFacts and CredentialStatusFacts:
//
//   - epoch: the statements the pointer selects (bbs-2023's selectJsonLd
//     of that one pointer) hold exactly one literal, which is a signed,
//     disclosed statement of the credential; its lexical form is canonical
//     unsigned decimal text (parseNumber) at most MaxEpoch, a plain string
//     or an xsd:integer or xsd:nonNegativeInteger. The rule is met when
//     that epoch e and the issuer's current epoch E on the ledger satisfy
//     e >= E - grace; an issuer that publishes no epoch meets no epoch
//     rule.
//   - status: a node typed VerifiableCredential has a credentialStatus
//     (https://www.w3.org/2018/credentials#credentialStatus) node typed
//     BitstringStatusListEntry whose statusListCredential is the rule's
//     IRI and whose statusPurpose is the purpose of the issuer's ledger
//     list named by list ("revocation" or "suspension"); exactly one such
//     entry, disclosing its statusListIndex (canonical decimal text below
//     the list's size) and no statusSize other than 1. The rule is met
//     when that entry's bit in the ledger list is not set.
//
// A credential policy has no bare "validity", "epoch" or "status" rule
// (those name message indices); its validity period is the credential's
// validFrom and validUntil, which the contract always checks.

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxStatusListCredentialLength is the longest statusListCredential IRI a
// status rule names, in bytes.
const MaxStatusListCredentialLength = 1024

// The datatypes an epoch literal may have besides a plain string.
const (
	xsdInteger            = "http://www.w3.org/2001/XMLSchema#integer"
	xsdNonNegativeInteger = "http://www.w3.org/2001/XMLSchema#nonNegativeInteger"
	xsdString             = "http://www.w3.org/2001/XMLSchema#string"
)

var (
	credentialEpochFields  = []string{"pointer", "grace"}
	credentialStatusFields = []string{"list", "statusListCredential"}
)

// CredentialEpochRule requires the epoch the credential states at Pointer
// to be at least the issuer's current epoch minus Grace.
type CredentialEpochRule struct {
	// Pointer is the JSON pointer of the epoch claim, e.g.
	// "/credentialSubject/epoch".
	Pointer string
	// Grace is how many epochs below the current one are still accepted.
	Grace int64
}

// CredentialStatusRule requires the credential's Bitstring Status List
// entry for StatusListCredential not to be set in the issuer's ledger
// status list List.
type CredentialStatusRule struct {
	// List is the ID of the issuer's status list on the ledger
	// (CreateStatusList).
	List string
	// StatusListCredential is the IRI the issuer writes as the entry's
	// statusListCredential for that list: the rule reads the entry that
	// names it.
	StatusListCredential string
}

// CredentialEpochFacts is what the caller read for an epoch rule.
type CredentialEpochFacts struct {
	// Problem, when not "", says why no epoch could be read at the
	// pointer: words that follow it, e.g. "is not disclosed".
	Problem string
	// Predicate is the IRI of the epoch's statement; Lexical its
	// literal's lexical form (N-Quads escapes kept) and Datatype the
	// literal's datatype IRI ("" for a plain string).
	Predicate, Lexical, Datatype string
	// IssuerEpoch is the issuer's current epoch on the ledger;
	// EpochPublished is false when it publishes none.
	IssuerEpoch    int64
	EpochPublished bool
}

// CredentialStatusFacts is what the caller read for a status rule.
type CredentialStatusFacts struct {
	// ListPurpose is the purpose of the issuer's ledger list; Status the
	// lookup of the entry (Status.ListSize 0: there is no such list).
	ListPurpose string
	Status      StatusFacts
	// Problem, when not "", says why the credential's entry could not be
	// read (words of a sentence, e.g. "the credential discloses no ...").
	Problem string
}

// StatusIndexLimit is the limit parseNumber applies to a statusListIndex.
const StatusIndexLimit = MaxStatusListSize - 1

// wholeNumberDatatype reports whether a literal of datatype dt ("" for a
// plain string) may hold an epoch or a status index: a plain string,
// xsd:string, xsd:integer or xsd:nonNegativeInteger.
func wholeNumberDatatype(dt string) bool {
	return dt == "" || dt == xsdString || dt == xsdInteger || dt == xsdNonNegativeInteger
}

// decodeCredentialRevocation decodes the epoch and status members of a
// credential member m into cr.
func decodeCredentialRevocation(m map[string]json.RawMessage, cr *CredentialRules) error {
	if raw, ok := m["epoch"]; ok {
		e, err := object(raw, "credential.epoch", credentialEpochFields)
		if err != nil {
			return err
		}
		r := &CredentialEpochRule{}
		ptr, ok := e["pointer"]
		if !ok {
			return fmt.Errorf("credential.epoch.pointer: required")
		}
		if err := value(ptr, "credential.epoch.pointer", &r.Pointer); err != nil {
			return err
		}
		if raw, ok := e["grace"]; ok {
			if err := value(raw, "credential.epoch.grace", &r.Grace); err != nil {
				return err
			}
		}
		cr.Epoch = r
	}
	if raw, ok := m["status"]; ok {
		s, err := object(raw, "credential.status", credentialStatusFields)
		if err != nil {
			return err
		}
		r := &CredentialStatusRule{}
		for _, f := range []struct {
			name string
			dst  *string
		}{{"list", &r.List}, {"statusListCredential", &r.StatusListCredential}} {
			raw, ok := s[f.name]
			if !ok {
				return fmt.Errorf("credential.status.%s: required", f.name)
			}
			if err := value(raw, "credential.status."+f.name, f.dst); err != nil {
				return err
			}
		}
		cr.Status = r
	}
	return nil
}

// validateCredentialRevocation checks the epoch and status rules of cr.
func validateCredentialRevocation(cr *CredentialRules) error {
	if r := cr.Epoch; r != nil {
		if err := validPointer(r.Pointer); err != nil {
			return fmt.Errorf("credential.epoch.pointer: %v", err)
		}
		if r.Grace < 0 || r.Grace > MaxEpoch {
			return fmt.Errorf("credential.epoch.grace: %d outside 0..%d", r.Grace, int64(MaxEpoch))
		}
	}
	if r := cr.Status; r != nil {
		if !idRE.MatchString(r.List) {
			return fmt.Errorf("credential.status.list: %s does not match %s", quoteText(r.List), IDPattern)
		}
		if err := checkStatusIRI(r.StatusListCredential); err != nil {
			return fmt.Errorf("credential.status.statusListCredential: %v", err)
		}
	}
	return nil
}

// checkStatusIRI checks that s can be an IRI as canonical N-Quads write
// it: an absolute IRI (a scheme, then ":") without white space, control
// characters or any of <>"{}|^`\, so that it compares with the
// statement's text exactly.
func checkStatusIRI(s string) error {
	if s == "" || len(s) > MaxStatusListCredentialLength || !utf8.ValidString(s) {
		return fmt.Errorf("must be an IRI of 1 to %d bytes of UTF-8", MaxStatusListCredentialLength)
	}
	for _, c := range s {
		if c <= ' ' || c == 0x7f || strings.ContainsRune("<>\"{}|^`\\", c) {
			return fmt.Errorf("%s is not an IRI (no white space, control character or any of <>\"{}|^`\\)", quoteText(s))
		}
	}
	scheme, _, ok := strings.Cut(s, ":")
	if !ok || scheme == "" || !isScheme(scheme) {
		return fmt.Errorf("%s is not an absolute IRI (it needs a scheme such as https:)", quoteText(s))
	}
	return nil
}

func isScheme(s string) bool {
	for i, c := range s {
		switch {
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z':
		case i > 0 && (c >= '0' && c <= '9' || c == '+' || c == '-' || c == '.'):
		default:
			return false
		}
	}
	return true
}

// The canonical JSON of the credential revocation rules.
type (
	wireCredentialEpoch struct {
		Pointer string `json:"pointer"`
		Grace   int64  `json:"grace"`
	}
	wireCredentialStatus struct {
		List                 string `json:"list"`
		StatusListCredential string `json:"statusListCredential"`
	}
)

func encodeCredentialRevocation(cr *CredentialRules, w *wireCredential) {
	if r := cr.Epoch; r != nil {
		w.Epoch = &wireCredentialEpoch{Pointer: r.Pointer, Grace: r.Grace}
	}
	if r := cr.Status; r != nil {
		w.Status = &wireCredentialStatus{List: r.List, StatusListCredential: r.StatusListCredential}
	}
}

func (cr *CredentialRules) cloneRevocation(c *CredentialRules) {
	if cr.Epoch != nil {
		e := *cr.Epoch
		c.Epoch = &e
	}
	if cr.Status != nil {
		s := *cr.Status
		c.Status = &s
	}
}

// evaluateCredentialRevocation checks the epoch and status rules, in that
// order.
func (cr *CredentialRules) evaluateCredentialRevocation(st CredentialStatement) *Unmet {
	if r := cr.Epoch; r != nil {
		unmet := func(reason string) *Unmet {
			return &Unmet{Rule: "credential.epoch", Pointer: r.Pointer, Reason: clip(reason, 400)}
		}
		f := st.Epoch
		at := "the epoch at " + quoteText(r.Pointer)
		switch {
		case f == nil:
			return unmet(at + " was not read")
		case f.Problem != "":
			return unmet(at + " " + f.Problem)
		case !wholeNumberDatatype(f.Datatype):
			return unmet(fmt.Sprintf("%s (%s) is a literal of datatype %s, not a whole number (a string of digits, xsd:integer or xsd:nonNegativeInteger)",
				at, quoteText(f.Predicate), quoteText(f.Datatype)))
		}
		e, err := parseNumber([]byte(f.Lexical), MaxEpoch)
		if err != nil {
			return unmet(fmt.Sprintf("%s (%s): %v", at, quoteText(f.Predicate), err))
		}
		if !f.EpochPublished {
			return unmet(fmt.Sprintf("issuer %s publishes no epoch", quoteText(st.Issuer)))
		}
		if min := f.IssuerEpoch - r.Grace; e < min {
			return unmet(fmt.Sprintf("the credential's epoch %d (%s) is older than the %d the policy accepts (issuer %s is at epoch %d, grace %d): the issuer has not reissued it",
				e, quoteText(r.Pointer), min, quoteText(st.Issuer), f.IssuerEpoch, r.Grace))
		}
	}
	if r := cr.Status; r != nil {
		unmet := func(reason string) *Unmet {
			return &Unmet{Rule: "credential.status", Reason: clip(reason, 400)}
		}
		f := st.Status
		list := fmt.Sprintf("status list %s of issuer %s", quoteText(r.List), quoteText(st.Issuer))
		switch {
		case f == nil:
			return unmet("the " + list + " was not looked up")
		case f.Status.ListSize == 0:
			return unmet("there is no " + list)
		case f.Problem != "":
			return unmet(f.Problem)
		case f.Status.Index < 0 || f.Status.Index >= f.Status.ListSize:
			return unmet(fmt.Sprintf("status index %d is outside the %d entries of the %s", f.Status.Index, f.Status.ListSize, list))
		case f.Status.Set && f.ListPurpose == "suspension":
			return unmet(fmt.Sprintf("the credential is suspended: entry %d of the %s is set", f.Status.Index, list))
		case f.Status.Set:
			return unmet(fmt.Sprintf("the credential is revoked: entry %d of the %s is set", f.Status.Index, list))
		}
	}
	return nil
}
