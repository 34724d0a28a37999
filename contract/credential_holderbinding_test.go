// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/vc"
)

// TestCredentialHolderBindingRefused: a bbs-2023 credential of the
// anonymous_holder_binding feature (valid, its issuer registered) is
// refused cleanly by VerifyCredential and SubmitCredential, which verify
// baseline credentials only: BBS_INVALID_REQUEST, the feature named in
// the message, nothing written.
func TestCredentialHolderBindingRefused(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	l, err := vc.NewLoader()
	require.NoError(t, err)
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc["issuer"] = did
	var mandatory []string
	readWind(t, "windMandatory.json", &mandatory)
	rnd := rand.NewChaCha8([32]byte{2})
	secret, err := vc.NewHolderSecret(rnd)
	require.NoError(t, err)
	com, blind, err := vc.HolderBindingCommitment(rnd, secret)
	require.NoError(t, err)
	signed, err := l.IssueWithHolderBinding(doc, vc.IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z", MandatoryPointers: mandatory, Rand: rnd}, com, vc.Limits{})
	require.NoError(t, err)
	derived, err := l.DeriveWithHolderBinding(signed, vc.HolderBindingDeriveOptions{
		DeriveOptions: vc.DeriveOptions{PresentationHeader: testNonce(9), Rand: rnd}, HolderSecret: secret, ProverBlind: blind}, vc.Limits{})
	require.NoError(t, err)
	_, err = (&vc.Verifier{Loader: l, HolderBinding: true}).Verify(derived)
	require.NoError(t, err, "the credential itself is valid")

	arg := credentialArg(t, derived)
	for _, fn := range []string{"VerifyCredential", "SubmitCredential"} {
		r := e.submit(e.bob, fn, arg)
		requireFailure(t, r, "anonymous_holder_binding")
		require.Equal(t, codes.InvalidRequest, codes.Find(r.Response.GetMessage()), r.Response.GetMessage())
	}
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", arg), "anonymous_holder_binding")
}
