// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// forgedContext is a context record as the coalition would write it to
// look like the owner's registration of document for url.
func forgedContext(t *testing.T, e *env, issuer, url, document string) []byte {
	t.Helper()
	b, err := json.Marshal(ContextRecord{
		Issuer: issuer, URL: url, SHA256: hashHex([]byte(document)), Document: document,
		Registrant: Owner{MSPID: e.alice.MSPID, ID: request.SubmitterID(e.alice.Cert)},
		TxID:       "0000000000000000000000000000000000000000000000000000000000000001",
		Timestamp:  time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	})
	require.NoError(t, err)
	return b
}

// contextKeys returns the committed keys of issuer's contexts.
func contextKeys(t *testing.T, e *env, issuer string) []string {
	t.Helper()
	prefix, err := compositeKey(e.ledger.NewStub(nil), contextObjectType, issuer)
	require.NoError(t, err)
	var out []string
	for _, k := range e.ledger.Keys() {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

const evilCtxDoc = `{"@context":{"@vocab":"https://evil.example/terms#"}}`

// TestContextTakeOverRefused: on an OR channel, Org2 (the coalition)
// creates an issuer's context first, under the key the contract used to
// read, with the owner's document, the owner named as registrant and a
// key-level policy that the owner's endorsements also satisfy, meaning to
// rewrite it later alone. The contract does not believe it: GetContext
// finds nothing, a credential naming the URL is refused; the owner's
// registration commits; the coalition can then rewrite neither the record
// the contract reads nor the meaning of the owner's credentials.
func TestContextTakeOverRefused(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	arg := credentialArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(150)))
	stub := e.ledger.NewStub(nil)
	old, err := compositeKey(stub, contextObjectType, "windsurf", hashHex([]byte(windCtxURL)))
	require.NoError(t, err)
	both := fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP")
	e.squat(old, forgedContext(t, e, "windsurf", windCtxURL, windCtxDoc), both)

	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL), ErrNotFound.Error())
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", arg), "neither built in nor registered")

	// The owner's registration, endorsed by every organisation.
	r := e.submitAs([]string{"Org1MSP", "Org2MSP"}, e.alice, "RegisterContext", "windsurf", windCtxURL, windCtxDoc)
	require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
	rec := decode[ContextRecord](t, r)
	require.Equal(t, r.TxID, rec.TxID)

	// The coalition rewrites its own record, and every other context key
	// of the issuer: the record the contract reads carries the owner's
	// policy, so that rewrite fails at commit; the rest is not read.
	for _, k := range contextKeys(t, e, "windsurf") {
		w := e.ledger.SubmitAs(squatter{}, []string{"Org2MSP"}, e.admin2.Creator, k, string(forgedContext(t, e, "windsurf", windCtxURL, evilCtxDoc)), "")
		require.True(t, w.OK())
		if k != old {
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, w.Validation, "the believed context %q", k)
			require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(k))
		}
	}
	got := decode[ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL))
	require.Equal(t, windCtxDoc, got.Document)
	require.Equal(t, r.TxID, got.TxID)
	res := decode[CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, []ContextRef{{URL: windCtxURL, SHA256: hashHex([]byte(windCtxDoc))}}, res.Contexts)
	evil := credentialArg(t, windCredentialIn(t, sk, windCtxURL, evilCtxDoc, nil, testNonce(151)))
	require.False(t, decode[CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", evil)).Valid)
}

// TestPreCreatedContextWithOwnersPolicyNotBelieved: a context the
// coalition creates with exactly the owner's key-level policy, before the
// owner registers the URL, is not believed (the owner's policy on a record
// proves nothing about who created it); the owner's registration then
// commits and is the one believed.
func TestPreCreatedContextWithOwnersPolicyNotBelieved(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	stub := e.ledger.NewStub(nil)
	owners := fakestub.MSPPolicy(1, "Org1MSP")
	h := hashHex([]byte(windCtxURL))
	for _, attrs := range [][]string{{"windsurf", h}, {"windsurf", h, "legacy"}, {"windsurf", h, "guessed-generation"}} {
		k, err := compositeKey(stub, contextObjectType, attrs...)
		require.NoError(t, err)
		e.squat(k, forgedContext(t, e, "windsurf", windCtxURL, evilCtxDoc), owners)
	}
	evil := credentialArg(t, windCredentialIn(t, sk, windCtxURL, evilCtxDoc, nil, testNonce(152)))
	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL), ErrNotFound.Error())
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", evil), "neither built in nor registered")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", evil), "neither built in nor registered")

	rec := registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	require.Equal(t, windCtxDoc, decode[ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).Document)
	require.Equal(t, rec.TxID, decode[ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).TxID)
	arg := credentialArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(153)))
	res := decode[CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.False(t, decode[CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", evil)).Valid)
}
