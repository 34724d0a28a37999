// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/stretchr/testify/require"
)

// TestContextsPerIssuer: a context belongs to the issuer it is registered
// for. Only that issuer's owner (or an admin of the owner's MSP) registers
// it: an identity of another organisation, a client of the owner's
// organisation that is not the owner, and another issuer's owner cannot
// register or replace it (nor can a calling chaincode:
// TestOwnerOnlyTransactionsRefusedThroughAnotherChaincode). Another issuer
// registering the same URL first does not squat it: X's credential is
// never expanded with Y's context, and each issuer's credentials read its
// own bytes. The record carries the owner's key-level endorsement.
func TestContextsPerIssuer(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk) // alice, Org1MSP
	s, err := bbs.SchemeByName(bbs.BLS12381SHA256Name)
	require.NoError(t, err)
	other := newKeyPair(t, s, 77)
	r := e.register(e.admin2, "other", other, "another issuer, of Org2MSP")
	require.True(t, r.Committed, r.Response.GetMessage())

	const evilDoc = `{"@context":{"@vocab":"https://evil.example/terms#"}}`
	// Y (other's owner) registers the URL first, with other bytes.
	r = e.submit(e.admin2, "RegisterContext", "other", windCtxURL, evilDoc)
	require.True(t, r.Committed, r.Response.GetMessage())

	// X's credential naming the URL is not expanded with Y's context.
	cred := windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(130))
	arg := credentialArg(t, cred)
	vr := e.evaluate(e.bob, "VerifyCredential", arg)
	require.False(t, vr.OK(), "X's credential must not load Y's context")
	require.Contains(t, vr.Response.GetMessage(), windCtxURL)

	// Nobody but X's owner registers X's context.
	for _, who := range []struct {
		name string
		r    fakestub.Result
	}{
		{"another organisation's admin", e.submit(e.admin2, "RegisterContext", "windsurf", windCtxURL, evilDoc)},
		{"a client of the owner's organisation", e.submit(e.bob, "RegisterContext", "windsurf", windCtxURL, evilDoc)},
		{"a non-admin of the owner's organisation", e.submit(e.notAdmin1, "RegisterContext", "windsurf", windCtxURL, evilDoc)},
	} {
		requireFailure(t, who.r, base.ErrAccessDenied.Error())
		require.Zero(t, who.r.Writes, who.name)
	}
	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL), base.ErrNotFound.Error())

	// X's owner registers it; X's credential then verifies with X's bytes.
	rec := registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	require.Equal(t, "windsurf", rec.Issuer)
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, []contexts.ContextRef{{URL: windCtxURL, SHA256: base.HashHex([]byte(windCtxDoc))}}, res.Contexts)
	key, err := base.CompositeKey(e.ledger.NewStub(e.bob.Creator), contexts.ContextObjectType, "windsurf", base.HashHex([]byte(windCtxURL)), rec.TxID)
	require.NoError(t, err)
	require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key))

	// Y cannot replace it, nor can X's owner.
	requireFailure(t, e.submit(e.admin2, "RegisterContext", "windsurf", windCtxURL, evilDoc), base.ErrAccessDenied.Error())
	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", windCtxURL, evilDoc), "already registered")
	require.Equal(t, windCtxDoc, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).Document)
	require.Equal(t, evilDoc, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "other", windCtxURL)).Document)

	// Y's credential naming the URL is read with Y's bytes.
	ycred := windCredentialIn(t, other.sk, windCtxURL, evilDoc, nil, testNonce(131))
	yres := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, ycred)))
	require.True(t, yres.Valid, yres.Reason)
	require.Equal(t, "other", yres.Issuer)
	require.Equal(t, []contexts.ContextRef{{URL: windCtxURL, SHA256: base.HashHex([]byte(evilDoc))}}, yres.Contexts)

	// An admin of the owner's MSP may register; a revoked issuer's
	// contexts cannot be added.
	r = e.submit(e.admin1, "RegisterContext", "windsurf", "https://windsurf.example/contexts/v2", windCtxDoc)
	require.True(t, r.Committed, r.Response.GetMessage())
	r = e.submit(e.admin2, "RevokeIssuer", "other")
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.admin2, "RegisterContext", "other", "https://other.example/v2", evilDoc), base.ErrRevoked.Error())
}
