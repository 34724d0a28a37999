// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/stretchr/testify/require"
)

// BenchmarkVerifyCredentialTx runs, through the fake stub, VerifyCredential
// of the windsurf credential (whole chaincode path: argument checks,
// request and credential parsing, key index and issuer reads,
// canonicalization, BBS verification, result) beside SubmitProof (also
// evaluated, so the nonce serves every iteration) of the same BBS
// statement: the same key, header, presentation header and disclosed
// statements as raw messages.
func BenchmarkVerifyCredentialTx(b *testing.B) {
	t := &testing.T{}
	e := newEnv(t).asDeployed()
	e.t = t
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	arg := credentialArg(t, windCredential(t, sk, nil, testNonce(9)))
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	if !res.Valid {
		b.Fatal(res.Reason)
	}
	// The same statement as a proof request, from the contract's own
	// preparation of the credential.
	proofArg := proofRequestOf(t, e, arg)
	b.Run("VerifyCredential", func(b *testing.B) {
		for b.Loop() {
			r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyCredential", arg)
			require.True(b, r.OK(), r.Response.GetMessage())
		}
	})
	b.Run("SubmitProof", func(b *testing.B) {
		for b.Loop() {
			r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":SubmitProof", proofArg)
			require.True(b, r.OK(), r.Response.GetMessage())
		}
	})
}
