// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"errors"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// fuzzRevocationList is a status list credential's URL for FuzzParseQuad.
const fuzzRevocationList = "https://windsurf.example/status/revocation"

// FuzzCredentialRequest: parseCredentialRequest never panics; every error
// wraps request.ErrInvalid; what it accepts is a credential object within
// the size limit, a salt only with bindSubmitter, within its limit, and a
// policy reference with a valid ID and version.
func FuzzCredentialRequest(f *testing.F) {
	f.Add([]byte(`{"credential":{"a":1}}`))
	f.Add([]byte(`{"credential":{},"bindSubmitter":true,"salt":"AAEC"}`))
	f.Add([]byte(`{"credential":{},"Credential":{}}`))
	f.Add([]byte(`{"credential":{},"credential":{}}`))
	f.Add([]byte(`{"credential":[],"salt":"!"}`))
	f.Add([]byte(`{"credential":{},"policy":{"id":"p","version":2}}`))
	f.Add([]byte(`{"credential":{},"policy":{"id":"p","version":-1,"id":"q"}}`))
	f.Add([]byte(`{"credential":{"proof":{"verificationMethod":"did:web:dmv.example#key-1"}},"issuer":"dmv"}`))
	f.Add([]byte(`{"credential":{},"issuer":""}`))
	// The shapes of the other kinds: a BbsBlsSignatureProof2020 proof
	// (nonce and proofValue in base64), a bbs-2023 pseudonym proofValue
	// (multibase u, header d95d07).
	f.Add([]byte(`{"credential":{"proof":{"type":"BbsBlsSignatureProof2020","nonce":"AAEC","proofValue":"AA==","verificationMethod":"did:key:zUC7#zUC7"}}}`))
	f.Add([]byte(`{"credential":{"proof":{"type":"DataIntegrityProof","cryptosuite":"bbs-2023","proofValue":"u2V0HhQ"}},"bindSubmitter":true}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := parseCredentialRequest(string(data))
		if err != nil {
			if !errors.Is(err, request.ErrInvalid) {
				t.Fatalf("error does not wrap ErrInvalid: %v", err)
			}
			return
		}
		if len(data) > MaxCredentialRequestSize || len(r.credential) == 0 || r.credential[0] != '{' ||
			(len(r.salt) > 0 && !r.bindSubmitter) || len(r.salt) > request.MaxSaltSize ||
			(r.policy != nil && (!request.ValidIssuerID(r.policy.ID) || r.policy.Version < 0 || r.policy.Version > request.MaxPolicyVersion)) ||
			(r.issuer != "" && !request.ValidIssuerID(r.issuer)) {
			t.Fatalf("accepted outside the rules: %q", data)
		}
	})
}

// FuzzParseStatement: the N-Quads reader never panics, and what it reads
// is part of the line.
func FuzzParseStatement(f *testing.F) {
	f.Add("_:c14n0 <https://www.w3.org/2018/credentials#validUntil> \"2020-01-01T00:00:00Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime> .\n")
	f.Add("<did:key:z> <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <https://www.w3.org/2018/credentials#VerifiableCredential> .\n")
	f.Add("_:a <p> _:b _:g .\n")
	f.Add("_:a <p> \"x\\\"")
	f.Add("<urn:bnid:_:c14n0> <https://www.w3.org/2018/credentials#expirationDate> \"2029-12-03T12:19:52Z\"^^<http://www.w3.org/2001/XMLSchema#dateTime> .\n")
	f.Fuzz(func(t *testing.T, line string) {
		st, ok := parseStatement(line)
		if ok && (!strings.Contains(line, st.predicate) || !strings.Contains(line, st.object)) {
			t.Fatalf("read %+v from %q", st, line)
		}
	})
}

// FuzzParseQuad: the full N-Quads reader never panics, and what it reads
// is part of the line; statusEntry never panics on any statements.
func FuzzParseQuad(f *testing.F) {
	f.Add("_:c14n0 <https://www.w3.org/ns/credentials/status#statusListIndex> \"12\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n")
	f.Add("<https://x.example/s> <https://www.w3.org/ns/credentials/status#statusPurpose> \"revocation\"@en .\n")
	f.Add("_:b0 <https://www.w3.org/2018/credentials#credentialStatus> _:b1 .\n")
	f.Add("_:a <p> \"x\\\"\"^^<")
	f.Fuzz(func(t *testing.T, line string) {
		q, ok := parseQuad(line)
		if ok && (!strings.Contains(line, q.predicate) || !strings.Contains(line, q.object) || !strings.Contains(line, q.subject) ||
			q.datatype != "" && q.datatype != iriLangString && !strings.Contains(line, q.datatype)) {
			t.Fatalf("read %+v from %q", q, line)
		}
		lines := strings.SplitAfter(line, "\n")
		_, _ = statusEntry(lines, fuzzRevocationList, "revocation")
	})
}
