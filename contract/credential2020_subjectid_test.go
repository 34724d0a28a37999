// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/stretchr/testify/require"
)

// TestCredential2020SubjectID: a BbsBlsSignatureProof2020 credential
// without an id whose credentialSubject has the id urn:uuid:1 (its derived
// document's canonical order is not the signed order) verifies and is
// recorded; a changed claim is still rejected. Before package vc sorted
// the disclosed statements again, VerifyCredential gave BBS_PROOF_REJECTED.
func TestCredential2020SubjectID(t *testing.T) {
	e := newEnv(t)
	sk := register2020Issuer(t, e, "uscis", 20)
	edit := func(d map[string]any) {
		delete(d, "id")
		d["credentialSubject"].(map[string]any)["id"] = "urn:uuid:1"
	}
	arg := credentialArg(t, cred2020(t, sk, edit, testNonce(70)))
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.Contains(t, res.Claims, `"urn:uuid:1"`)
	require.NotContains(t, res.Claims, "lprNumber")
	r := e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())

	bad := credentialArg(t, tamperedClaim(t, cred2020(t, sk, edit, testNonce(71)), "credentialSubject", "givenName"))
	vr := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", bad))
	require.False(t, vr.Valid)
	require.Equal(t, "BBS_PROOF_REJECTED", vr.Code)
}
