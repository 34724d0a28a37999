// SPDX-License-Identifier: Apache-2.0

package policy

import (
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"
)

const credentialRevocationDoc = `{
  "id": "p",
  "issuers": [{"id": "acme"}],
  "credential": {
    "status": {"statusListCredential": "https://acme.example/status/1", "list": "revocation"},
    "epoch": {"pointer": "/credentialSubject/epoch", "grace": 1}
  }
}`

// credentialRevocationStatement meets credentialRevocationDoc: epoch 5
// with the issuer at 6 (grace 1), status index 12 not set in a list of
// 8192.
func credentialRevocationStatement() CredentialStatement {
	return CredentialStatement{
		Issuer: "acme", KeyVersion: 1, Types: []string{"VerifiableCredential"},
		Document: map[string]any{"@context": []any{"https://www.w3.org/ns/credentials/v2"}},
		Epoch: &CredentialEpochFacts{Predicate: "https://acme.example/vocab#epoch", Lexical: "5",
			Datatype: xsdInteger, IssuerEpoch: 6, EpochPublished: true},
		Status: &CredentialStatusFacts{ListPurpose: "revocation", Status: StatusFacts{ListSize: 8192, Index: 12}},
	}
}

func TestCredentialRevocationRules(t *testing.T) {
	p := mustParse(t, credentialRevocationDoc)
	for _, tc := range []struct {
		name         string
		change       func(*CredentialStatement)
		rule, reason string
	}{
		{"satisfied", func(*CredentialStatement) {}, "", ""},
		{"plain string epoch", func(s *CredentialStatement) { s.Epoch.Datatype = "" }, "", ""},
		{"epoch ahead", func(s *CredentialStatement) { s.Epoch.Lexical = "9" }, "", ""},
		{"epoch too old", func(s *CredentialStatement) { s.Epoch.Lexical = "4" }, "credential.epoch",
			`the credential's epoch 4 ("/credentialSubject/epoch") is older than the 5 the policy accepts (issuer "acme" is at epoch 6, grace 1): the issuer has not reissued it`},
		{"no epoch published", func(s *CredentialStatement) { s.Epoch.EpochPublished = false }, "credential.epoch", `issuer "acme" publishes no epoch`},
		{"epoch not read", func(s *CredentialStatement) { s.Epoch = nil }, "credential.epoch", `the epoch at "/credentialSubject/epoch" was not read`},
		{"epoch problem", func(s *CredentialStatement) { s.Epoch.Problem = "is not disclosed" }, "credential.epoch", `the epoch at "/credentialSubject/epoch" is not disclosed`},
		{"epoch datatype", func(s *CredentialStatement) { s.Epoch.Datatype = "http://www.w3.org/2001/XMLSchema#double" }, "credential.epoch", "not a whole number"},
		{"epoch text", func(s *CredentialStatement) { s.Epoch.Lexical = "05" }, "credential.epoch", "is not a canonical decimal number"},
		{"status not looked up", func(s *CredentialStatement) { s.Status = nil }, "credential.status", `the status list "revocation" of issuer "acme" was not looked up`},
		{"no list", func(s *CredentialStatement) { s.Status.Status.ListSize = 0 }, "credential.status", `there is no status list "revocation" of issuer "acme"`},
		{"entry problem", func(s *CredentialStatement) { s.Status.Problem = "the credential discloses no entry" }, "credential.status", "the credential discloses no entry"},
		{"outside", func(s *CredentialStatement) { s.Status.Status.Index = 8192 }, "credential.status", "status index 8192 is outside the 8192 entries"},
		{"revoked", func(s *CredentialStatement) { s.Status.Status.Set = true }, "credential.status", `the credential is revoked: entry 12 of the status list "revocation" of issuer "acme" is set`},
		{"suspended", func(s *CredentialStatement) { s.Status.Status.Set, s.Status.ListPurpose = true, "suspension" }, "credential.status", "the credential is suspended: entry 12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			st := credentialRevocationStatement()
			tc.change(&st)
			u := p.EvaluateCredential(st)
			if tc.rule == "" {
				require.Nil(t, u)
				return
			}
			require.NotNil(t, u)
			require.Equal(t, tc.rule, u.Rule)
			require.Contains(t, u.Reason, tc.reason)
			if tc.rule == "credential.epoch" {
				require.Equal(t, "/credentialSubject/epoch", u.Pointer)
			}
		})
	}
}

func TestCredentialRevocationCanonical(t *testing.T) {
	p := mustParse(t, credentialRevocationDoc)
	b, err := p.Marshal()
	require.NoError(t, err)
	require.Equal(t, `{"id":"p","issuers":[{"id":"acme"}],"credential":{"epoch":{"pointer":"/credentialSubject/epoch","grace":1},"status":{"list":"revocation","statusListCredential":"https://acme.example/status/1"}}}`, string(b))
	q := mustParse(t, string(b))
	require.Equal(t, p, q)
	// The default grace is 0.
	q = mustParse(t, `{"id":"p","issuers":[{"id":"acme"}],"credential":{"epoch":{"pointer":"/e"}}}`)
	require.Equal(t, &CredentialEpochRule{Pointer: "/e"}, q.Credential.Epoch)
}

func TestCredentialRevocationRefused(t *testing.T) {
	for _, tc := range []struct{ rules, want string }{
		{`"epoch":{}`, "credential.epoch.pointer: required"},
		{`"epoch":{"pointer":"credentialSubject/epoch"}`, "credential.epoch.pointer"},
		{`"epoch":{"pointer":"/e","grace":-1}`, "credential.epoch.grace: -1 outside"},
		{`"epoch":{"pointer":"/e","grace":9007199254740992}`, "credential.epoch.grace"},
		{`"epoch":{"pointer":"/e","index":3}`, "index"},
		{`"status":{"list":"revocation"}`, "credential.status.statusListCredential: required"},
		{`"status":{"statusListCredential":"https://a.example/s"}`, "credential.status.list: required"},
		{`"status":{"list":"no spaces","statusListCredential":"https://a.example/s"}`, "credential.status.list"},
		{`"status":{"list":"revocation","statusListCredential":"relative/path"}`, "not an absolute IRI"},
		{`"status":{"list":"revocation","statusListCredential":"https://a.example/s t"}`, "not an IRI"},
		{`"status":{"list":"revocation","statusListCredential":"https://a.example/<s>"}`, "not an IRI"},
		{`"status":{"list":"revocation","statusListCredential":""}`, "must be an IRI"},
		{`"status":{"list":"revocation","statusListCredential":"` + strings.Repeat("a", 1025) + `"}`, "must be an IRI"},
	} {
		_, err := Parse([]byte(`{"id":"p","issuers":[{"id":"acme"}],"credential":{` + tc.rules + `}}`))
		require.Error(t, err, tc.rules)
		require.True(t, errors.Is(err, ErrInvalid))
		require.Contains(t, err.Error(), tc.want, tc.rules)
	}
	// The bare rules name message indices: not in a credential policy,
	// where EvaluateCredential would never apply them.
	for _, bare := range []string{`"epoch":{"index":3}`, `"status":{"index":4,"list":"revocation"}`, `"validity":{"validUntil":2}`} {
		_, err := Parse([]byte(`{"id":"p","issuers":[{"id":"acme"}],` + bare + `,"credential":{}}`))
		require.Error(t, err, bare)
		require.Contains(t, err.Error(), "use credential.epoch and credential.status")
	}
}
