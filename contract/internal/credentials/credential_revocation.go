// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"fmt"
	"sort"
	"strings"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"
	"github.com/fabric-bbs/fabric-bbs/internal/policytext"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// The IRIs of a W3C Bitstring Status List entry (the VC 2.0 context).
const (
	iriCredentialStatus     = "https://www.w3.org/2018/credentials#credentialStatus"
	iriStatusEntryType      = "https://www.w3.org/ns/credentials/status#BitstringStatusListEntry"
	iriStatusListCredential = "https://www.w3.org/ns/credentials/status#statusListCredential"
	iriStatusPurpose        = "https://www.w3.org/ns/credentials/status#statusPurpose"
	iriStatusListIndex      = "https://www.w3.org/ns/credentials/status#statusListIndex"
	iriStatusSize           = "https://www.w3.org/ns/credentials/status#statusSize"
	iriLangString           = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString"
)

// quadTerms is one canonical N-Quad in full: subject, predicate and
// object, the object's kind, and a literal's datatype ("" for a plain
// string; rdf:langString with a language tag).
type quadTerms struct {
	subject, predicate, object string
	literal                    bool
	datatype                   string
}

// parseQuad reads a canonical N-Quads line as package vc writes it. It
// returns false for a line it cannot read.
func parseQuad(line string) (quadTerms, bool) {
	rest, ok := skipTerm(line)
	if !ok {
		return quadTerms{}, false
	}
	q := quadTerms{subject: line[:len(line)-len(rest)]}
	if strings.HasPrefix(q.subject, "<") {
		q.subject = q.subject[1 : len(q.subject)-1]
	}
	st, ok := parseStatement(line)
	if !ok {
		return quadTerms{}, false
	}
	q.predicate, q.object, q.literal = st.predicate, st.object, st.literal
	if q.literal {
		// The object starts after "<predicate> " and its closing quote is
		// the first unescaped one; then ^^<datatype>, @lang or nothing.
		tail := rest[len(" <")+len(q.predicate)+len("> \"")+len(q.object)+len("\""):]
		switch {
		case strings.HasPrefix(tail, "^^<"):
			end := strings.IndexByte(tail, '>')
			if end < 0 {
				return quadTerms{}, false
			}
			q.datatype = tail[3:end]
		case strings.HasPrefix(tail, "@"):
			q.datatype = iriLangString
		}
	}
	return q, true
}

// credentialRevocationFacts reads what the credential policy's epoch and
// status rules need: from the credential's signed statements and from the
// ledger (the issuer's epoch record; the head of its status list and the
// one page of the entry's index), which puts those records in the
// transaction's read set, so that an epoch raise or a status change that
// commits first invalidates this transaction (MVCC). It reads nothing for
// a policy without these rules.
func (c *credentialCheck) credentialRevocationFacts(stub shim.ChaincodeStubInterface, cr *policy.CredentialRules) (*policy.CredentialEpochFacts, *policy.CredentialStatusFacts, error) {
	var ef *policy.CredentialEpochFacts
	var sf *policy.CredentialStatusFacts
	issuer := c.Proof.Issuer.ID
	if r := cr.Epoch; r != nil {
		ef = c.epochClaim(r.Pointer)
		e, err := revstate.EpochOf(stub, c.Proof.Issuer)
		switch {
		case err == nil:
			ef.IssuerEpoch, ef.EpochPublished = e.Epoch, true
		case !base.IsNotFound(err):
			return nil, nil, err
		}
	}
	if r := cr.Status; r != nil {
		sf = &policy.CredentialStatusFacts{}
		head, err := revstate.StatusListOf(stub, c.Proof.Issuer, r.List)
		if base.IsNotFound(err) {
			return ef, sf, nil
		}
		if err != nil {
			return nil, nil, err
		}
		sf.ListPurpose, sf.Status.ListSize = head.Purpose, head.Size
		index, problem := statusEntry(c.statements, r.StatusListCredential, head.Purpose)
		if problem != "" {
			sf.Problem = problem
			return ef, sf, nil
		}
		sf.Status.Index = index
		if index >= head.Size {
			return ef, sf, nil
		}
		if head.PageBits != revstate.StatusPageBits {
			return nil, nil, fmt.Errorf("status list %q of issuer %q: the stored list has pages of %d bits, not %d", r.List, issuer, head.PageBits, revstate.StatusPageBits)
		}
		p, err := revstate.StatusPageOf(stub, c.Proof.Issuer, r.List, index/head.PageBits)
		if err != nil {
			return nil, nil, err
		}
		sf.Status.Set = revstate.StatusBit(p.Bits, index%head.PageBits)
	}
	return ef, sf, nil
}

// epochClaim reads the epoch at pointer in the signed statements, from
// the credential node (epochFacts): exactly one literal value.
func (c *credentialCheck) epochClaim(pointer string) *policy.CredentialEpochFacts {
	if c.graph == nil {
		return &policy.CredentialEpochFacts{Problem: "cannot be read: the credential's statements were not read"}
	}
	return c.epochFacts(pointer)
}

// statusEntry finds, in the credential's statements, the one Bitstring
// Status List entry of a node typed VerifiableCredential whose
// statusListCredential is url and whose statusPurpose is purpose, and
// returns its statusListIndex, or why there is none (a sentence).
func statusEntry(statements []string, url, purpose string) (int, string) {
	type entry struct {
		types, lists, purposes []string
		indexes, sizes         []quadTerms
	}
	vcNodes := map[string]bool{}
	var quads []quadTerms
	for _, l := range statements {
		q, ok := parseQuad(l)
		if !ok {
			continue
		}
		quads = append(quads, q)
		if q.predicate == iriType && !q.literal && q.object == iriVCType {
			vcNodes[q.subject] = true
		}
	}
	entries := map[string]*entry{}
	for _, q := range quads {
		if q.predicate == iriCredentialStatus && !q.literal && vcNodes[q.subject] {
			entries[q.object] = &entry{}
		}
	}
	for _, q := range quads {
		e := entries[q.subject]
		if e == nil {
			continue
		}
		switch {
		case q.predicate == iriType && !q.literal:
			e.types = append(e.types, q.object)
		case q.predicate == iriStatusListCredential && !q.literal:
			e.lists = append(e.lists, q.object)
		case q.predicate == iriStatusPurpose && q.literal:
			e.purposes = append(e.purposes, q.object)
		case q.predicate == iriStatusListIndex:
			e.indexes = append(e.indexes, q)
		case q.predicate == iriStatusSize:
			e.sizes = append(e.sizes, q)
		}
	}
	for_ := "for statusListCredential " + request.Excerpt(url)
	names := make([]string, 0, len(entries))
	for n := range entries { //bbs:maporder-ok keys collected, sorted below
		names = append(names, n)
	}
	sort.Strings(names)
	var forURL, chosen []*entry
	for _, n := range names {
		e := entries[n]
		if containsText(e.lists, url) {
			forURL = append(forURL, e)
			if containsText(e.purposes, purpose) {
				chosen = append(chosen, e)
			}
		}
	}
	switch {
	case len(forURL) == 0:
		return 0, "the credential discloses no credentialStatus entry " + for_ + " (the issuer's credential must have one, and the holder must disclose it)"
	case len(chosen) == 0:
		return 0, fmt.Sprintf("the credential's status entry %s does not disclose the statusPurpose %q of the ledger list", for_, purpose)
	case len(chosen) > 1:
		return 0, fmt.Sprintf("the credential discloses %d status entries %s with statusPurpose %q; the policy reads exactly one", len(chosen), for_, purpose)
	}
	e := chosen[0]
	switch {
	case !containsText(e.types, iriStatusEntryType):
		return 0, "the credential's status entry " + for_ + " does not disclose the type BitstringStatusListEntry"
	case len(e.lists) != 1 || len(e.purposes) != 1:
		return 0, "the credential's status entry " + for_ + " has more than one statusListCredential or statusPurpose"
	case len(e.indexes) != 1:
		return 0, fmt.Sprintf("the credential's status entry %s discloses %d statusListIndex values, not one", for_, len(e.indexes))
	}
	for _, s := range e.sizes {
		if s.object != "1" || !s.literal {
			return 0, fmt.Sprintf("the credential's status entry %s has statusSize %s; the ledger lists have one bit per entry", for_, request.Excerpt(s.object))
		}
	}
	ix := e.indexes[0]
	if !ix.literal || !policytext.WholeNumberDatatype(ix.datatype) {
		return 0, fmt.Sprintf("the credential's statusListIndex %s is not a whole number (a string of digits, xsd:integer or xsd:nonNegativeInteger)", request.Excerpt(ix.object))
	}
	n, err := policytext.ParseNumber([]byte(ix.object), policy.StatusIndexLimit)
	if err != nil {
		return 0, fmt.Sprintf("the credential's statusListIndex: %v", err)
	}
	return int(n), ""
}

func containsText(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// clipText cuts s to at most n bytes, on a rune boundary, marking the cut.
func clipText(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xc0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}
