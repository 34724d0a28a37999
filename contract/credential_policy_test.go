// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

const (
	windCtxURL = "https://windsurf.example/contexts/v1"
	windCtxDoc = `{"@context":{"@vocab":"https://windsurf.grotto-networking.com/selective#"}}`
)

// registerContext registers an application context for issuer, as the
// issuer's owner (alice registers the test issuers).
func registerContext(t *testing.T, e *env, issuer, url, doc string) contexts.ContextRecord {
	t.Helper()
	r := e.submit(e.alice, "RegisterContext", issuer, url, doc)
	require.True(t, r.Committed, r.Response.GetMessage())
	return decode[contexts.ContextRecord](t, r)
}

// credentialPolicyArg is a credential request naming policy id.
func credentialPolicyArg(t *testing.T, cred any, id string, version int) string {
	t.Helper()
	return jsonArg(t, map[string]any{"credential": cred, "policy": map[string]any{"id": id, "version": version}})
}

// TestCredentialPolicy: a credential policy on claim values, types and
// issuers, met and unmet, through VerifyCredential and SubmitCredential:
// the unmet rule in words, nothing written when unmet, the policy and (with
// recordClaims only) the claims in the record. The two kinds of policy do
// not mix, and a credential with an inline context cannot satisfy a
// credential policy.
func TestCredentialPolicy(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	for id, rules := range map[string]string{
		"racers":      `"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"},{"pointer":"/credentialSubject/boards/boardName"}],"recordClaims":true`,
		"racers-hash": `"types":["VerifiableCredential"],"claims":[{"pointer":"/credentialSubject/sailNumber","prefix":"Earth"}]`,
		"other-sail":  `"claims":[{"pointer":"/credentialSubject/boards/brand","equals":"Wailea"},{"pointer":"/credentialSubject/sailNumber","oneOf":["Mars1","Venus2"]}]`,
		"expiring":    `"requireValidUntil":true`,
		"licensed":    `"types":["DriverLicense"]`,
	} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"windsurf"}],"credential":{`+rules+`}}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	r := e.submit(e.alice, "CreatePolicy", `{"id":"other-issuer","issuers":[{"id":"someone-else"}],"credential":{}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	r = e.submit(e.alice, "CreatePolicy", `{"id":"bare","issuers":[{"id":"windsurf"}]}`)
	require.True(t, r.Committed, r.Response.GetMessage())

	n := byte(40)
	fresh := func() map[string]any {
		n++
		return windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(n))
	}

	// Met, claims recorded.
	cred := fresh()
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, cred, "racers", 0)))
	require.True(t, res.Valid, res.Reason)
	require.True(t, res.Satisfied)
	require.Nil(t, res.Unmet)
	require.Equal(t, "racers", res.Policy)
	require.Equal(t, 1, res.PolicyVersion)
	r = e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, cred, "racers", 1))
	require.True(t, r.Committed, r.Response.GetMessage())
	receipt := decode[credentials.CredentialReceipt](t, r)
	require.Equal(t, "racers", receipt.Policy)
	require.Equal(t, 1, receipt.PolicyVersion)
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", receipt.TxID))
	require.Equal(t, "racers", rec.Policy)
	pr := decode[policies.PolicyRecord](t, e.evaluate(e.bob, "GetPolicy", "racers", "1"))
	require.Equal(t, pr.PolicySHA256, rec.PolicySHA256)
	require.Equal(t, res.Claims, rec.Claims, "recordClaims stores the claims VerifyCredential returned")
	require.Equal(t, base.HashHex([]byte(rec.Claims)), rec.ClaimsSHA256)
	ver := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", receipt.TxID))
	require.Equal(t, "racers", ver.Policy)
	require.Empty(t, ver.Disclosed)

	// Met, hashes only.
	cred = fresh()
	r = e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, cred, "racers-hash", 0))
	require.True(t, r.Committed, r.Response.GetMessage())
	rec = decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", decode[credentials.CredentialReceipt](t, r).TxID))
	require.Equal(t, "racers-hash", rec.Policy)
	require.Empty(t, rec.Claims, "without recordClaims the record holds hashes only")
	require.NotContains(t, string(r.Response.GetPayload()), "Earth101")

	// Unmet, each with its rule in words; nothing written.
	inline := windCredential(t, sk, nil, testNonce(90))
	for _, tt := range []struct {
		name, policyID string
		cred           map[string]any
		rule, reason   string
	}{
		{"claim value", "other-sail", fresh(), "credential.claims", `"/credentialSubject/sailNumber" must be "Mars1" or "Venus2"`},
		{"validUntil not disclosed", "expiring", fresh(), "credential.requireValidUntil", "the credential must disclose validUntil"},
		{"type", "licensed", fresh(), "credential.types", `the credential must have the type "DriverLicense"`},
		{"issuer", "other-issuer", fresh(), "issuers", `issuer must be "someone-else" (not "windsurf")`},
		{"bare policy", "bare", fresh(), "policy", "for bare proofs"},
		{"inline context", "racers", inline, "credential.contexts", "must be a list of context URLs"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			arg := credentialPolicyArg(t, tt.cred, tt.policyID, 0)
			res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
			require.False(t, res.Valid)
			require.False(t, res.Satisfied)
			require.NotNil(t, res.Unmet)
			require.Equal(t, tt.rule, res.Unmet.Rule)
			require.Contains(t, res.Unmet.Reason, tt.reason)
			require.Contains(t, res.Reason, `policy "`+tt.policyID+`" version 1 not satisfied: `)
			require.Empty(t, res.Claims, "no pairing for a credential that fails its policy")
			r := e.submit(e.bob, "SubmitCredential", arg)
			requireFailure(t, r, base.ErrPolicyNotSatisfied.Error(), tt.reason)
			require.Zero(t, r.Writes)
			require.False(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, tt.cred))).NonceConsumed)
		})
	}
	// The claims rule names its pointer.
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, fresh(), "other-sail", 0)))
	require.Equal(t, &policy.Unmet{Rule: "credential.claims", Index: 1, Pointer: "/credentialSubject/sailNumber",
		Reason: `"/credentialSubject/sailNumber" must be "Mars1" or "Venus2"`}, res.Unmet)

	// A proof request naming a credential policy is not satisfied.
	pe := newPolicyEnv(t)
	r = pe.submit(pe.alice, "CreatePolicy", `{"id":"cred","issuers":[{"id":"uni"}],"credential":{}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	vr := decode[proofs.VerificationResult](t, pe.evaluate(pe.bob, "VerifyProof", jsonArg(t, pe.request("nonce-0123456789abcdef", &request.PolicyRef{ID: "cred"}))))
	require.False(t, vr.Valid)
	require.Equal(t, "policy", vr.Unmet.Rule)
	require.Contains(t, vr.Unmet.Reason, "for W3C credentials")

	// Malformed policy references.
	for arg, want := range map[string]string{
		`{"credential":{},"policy":"racers"}`:                     "policy must be an object",
		`{"credential":{},"policy":{"id":"racers","x":1}}`:        `policy: unknown field "x"`,
		`{"credential":{},"policy":{"id":"bad id"}}`:              "policy.id must be",
		`{"credential":{},"policy":{"id":"racers","version":-1}}`: "policy.version must be",
	} {
		requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), want)
	}
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, fresh(), "nope", 0)), base.ErrNotFound.Error())
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, fresh(), "racers", 2)), "has no version 2")
}

// TestCredentialPolicyRetired: a retired credential policy is not
// satisfied, whatever version is named.
func TestCredentialPolicyRetired(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	r := e.submit(e.alice, "CreatePolicy", `{"id":"p","issuers":[{"id":"windsurf"}],"credential":{}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	cred := windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(70))
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, cred, "p", 1))).Valid)
	r = e.submit(e.alice, "RetirePolicy", "p")
	require.True(t, r.Committed, r.Response.GetMessage())
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, cred, "p", 1)))
	require.False(t, res.Valid)
	require.Equal(t, "the policy is retired", res.Unmet.Reason)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, cred, "p", 0)), "retired")
}

// TestCredentialPolicyOneAnswer: hostile or failing credential requests
// with a policy each give byte-identical answers on every run.
func TestCredentialPolicyOneAnswer(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	r := e.submit(e.alice, "CreatePolicy", `{"id":"many","issuers":[{"id":"windsurf"}],"credential":{"types":["VerifiableCredential"],"claims":[
		{"pointer":"/credentialSubject/sailNumber","equals":"X"},{"pointer":"/credentialSubject/boards/year","atMost":1},{"pointer":"/credentialSubject/nope"}]}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	cred := windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(80))
	embedded := windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(81))
	embedded["credentialSubject"].(map[string]any)["@context"] = map[string]any{"a": "https://a.example/", "b": "https://b.example/"}
	for _, arg := range []string{
		credentialPolicyArg(t, cred, "many", 0),
		credentialPolicyArg(t, embedded, "many", 0),
		`{"credential":{},"policy":{"id":"many","z":1,"y":2,"x":3}}`,
	} {
		oneAnswerTx(t, e, "VerifyCredential", arg)
		oneAnswerTx(t, e, "SubmitCredential", arg)
	}
}

// oneAnswerTx simulates fn(arg) (evaluated: as each endorser simulates a
// transaction, on one ledger state) determinismRuns times under
// GOMAXPROCS 1 and 2, and fails unless every run answers the same bytes.
func oneAnswerTx(t *testing.T, e *env, fn, arg string) {
	t.Helper()
	e.ledger.Step = 0
	oneAnswer(t, 20, func() string { return answer(e.evaluate(e.bob, fn, arg)) })
}

// TestCredentialPolicyAliasedClaim: a holder renames a signed JSON key to
// the key a policy names and adds an inline context mapping the new key to
// the old term's IRI: the statements, hence the proof, are unchanged, and
// a JSON-pointer rule alone would read the renamed key. The credential
// policy refuses any context that is not a URL (credential.contexts).
func TestCredentialPolicyAliasedClaim(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	r := e.submit(e.alice, "CreatePolicy", `{"id":"team","issuers":[{"id":"windsurf"}],"credential":{"claims":[{"pointer":"/credentialSubject/teamName","equals":"Earth101"}]}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	cred := windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(60))
	subject := cred["credentialSubject"].(map[string]any)
	subject["teamName"] = subject["sailNumber"]
	delete(subject, "sailNumber")
	cred["@context"] = append(cred["@context"].([]any), map[string]any{"teamName": "https://windsurf.grotto-networking.com/selective#sailNumber"})

	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, cred)))
	require.True(t, res.Valid, "the aliased credential's proof still verifies: %s", res.Reason)
	require.Contains(t, res.Claims, `"teamName":"Earth101"`)
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, cred, "team", 0)))
	require.False(t, res.Valid)
	require.NotNil(t, res.Unmet, res.Reason)
	require.Equal(t, "credential.contexts", res.Unmet.Rule)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, cred, "team", 0)), "must be a list of context URLs")
}
