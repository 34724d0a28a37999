// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/stretchr/testify/require"
)

// BenchmarkCredentialPolicyTx runs, through the fake stub, VerifyCredential
// of one credential without a policy, with a credential policy it meets
// (eight claim and type rules), and with one it fails (refused before any
// pairing); and SubmitCredentials of 16 credentials beside 16
// SubmitCredential calls (all evaluated, so the nonces serve every
// iteration).
func BenchmarkCredentialPolicyTx(b *testing.B) {
	t := &testing.T{}
	e := newEnv(t).asDeployed()
	e.t = t
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	rules := `"types":["VerifiableCredential"],"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"},{"pointer":"/credentialSubject/boards/brand","equals":"Wailea"},` +
		`{"pointer":"/credentialSubject/boards/boardName"},{"pointer":"/credentialSubject/boards"},{"pointer":"/credentialSubject/sails/year"},` +
		`{"pointer":"/credentialSubject/sails/sailName","oneOf":["Lahaina","Kihei"]},{"pointer":"/credentialSubject/sails/size"}]`
	for id, more := range map[string]string{"met": "", "unmet": `,{"pointer":"/credentialSubject/nope"}`} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"windsurf"}],"credential":{`+strings.TrimSuffix(rules, "]")+more+`]}}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	creds := make([]map[string]any, credentials.MaxCredentialBatch)
	reqs := make([]string, len(creds))
	for i := range creds {
		creds[i] = windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(byte(140+i)))
		reqs[i] = credentialArg(t, creds[i])
	}
	args := map[string]string{
		"none":  reqs[0],
		"met":   credentialPolicyArg(t, creds[0], "met", 0),
		"unmet": credentialPolicyArg(t, creds[0], "unmet", 0),
	}
	for _, name := range []string{"none", "met", "unmet"} {
		arg := args[name]
		res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
		if res.Valid != (name != "unmet") {
			b.Fatalf("%s: valid %v (%s)", name, res.Valid, res.Reason)
		}
		b.Run("VerifyCredential/policy="+name, func(b *testing.B) {
			for b.Loop() {
				r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyCredential", arg)
				require.True(b, r.OK(), r.Response.GetMessage())
			}
		})
	}
	batch := credentialBatchArg(t, reqs...)
	b.Run("SubmitCredentials/16", func(b *testing.B) {
		for b.Loop() {
			r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":SubmitCredentials", batch)
			require.True(b, r.OK(), r.Response.GetMessage())
			require.Contains(b, string(r.Response.GetPayload()), `"validCount":16`)
		}
	})
	b.Run("SubmitCredential/16x", func(b *testing.B) {
		for b.Loop() {
			for _, req := range reqs {
				r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":SubmitCredential", req)
				require.True(b, r.OK(), r.Response.GetMessage())
			}
		}
	})
}
