// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"strings"
)

// The IRIs the contract reads in a credential's statements (VC data model:
// the https://www.w3.org/2018/credentials# vocabulary, which VC 2.0 keeps).
const (
	IRIIssuer     = "https://www.w3.org/2018/credentials#issuer"
	iriValidFrom  = "https://www.w3.org/2018/credentials#validFrom"
	IRIValidUntil = "https://www.w3.org/2018/credentials#validUntil"
	// VC 1.1 (BbsBlsSignatureProof2020 credentials).
	iriIssuanceDate   = "https://www.w3.org/2018/credentials#issuanceDate"
	iriExpirationDate = "https://www.w3.org/2018/credentials#expirationDate"
	iriType           = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type"
	iriVCType         = "https://www.w3.org/2018/credentials#VerifiableCredential"
)

// statement is what the contract reads of one canonical N-Quad: its
// predicate IRI and its object, an IRI or a literal's lexical form.
type statement struct {
	predicate string
	object    string
	literal   bool // object is a literal's lexical form (escapes kept)
}

// parseStatement reads a canonical N-Quads line as package vc writes it
// (subject, predicate, object, optional graph, " .\n"). It returns false
// for a line it cannot read, which the callers treat as not matching.
func parseStatement(line string) (statement, bool) {
	rest, ok := skipTerm(line)
	if !ok || !strings.HasPrefix(rest, " <") {
		return statement{}, false
	}
	rest = rest[2:]
	end := strings.IndexByte(rest, '>')
	if end < 0 {
		return statement{}, false
	}
	st := statement{predicate: rest[:end]}
	rest = rest[end+1:]
	if !strings.HasPrefix(rest, " ") {
		return statement{}, false
	}
	rest = rest[1:]
	switch {
	case strings.HasPrefix(rest, "<"):
		end := strings.IndexByte(rest, '>')
		if end < 0 {
			return statement{}, false
		}
		st.object = rest[1:end]
	case strings.HasPrefix(rest, "\""):
		i := 1
		for i < len(rest) && rest[i] != '"' {
			if rest[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(rest) {
			return statement{}, false
		}
		st.object, st.literal = rest[1:i], true
	case strings.HasPrefix(rest, "_:"):
		st.object = rest[:strings.IndexByte(rest+" ", ' ')]
	default:
		return statement{}, false
	}
	return st, true
}

// skipTerm skips a subject: an IRI <...> or a blank node _:label.
func skipTerm(s string) (string, bool) {
	switch {
	case strings.HasPrefix(s, "<"):
		end := strings.IndexByte(s, '>')
		if end < 0 {
			return "", false
		}
		return s[end+1:], true
	case strings.HasPrefix(s, "_:"):
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			return "", false
		}
		return s[end:], true
	}
	return "", false
}
