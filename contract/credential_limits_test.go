// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"
)

// TestVerifyCredentialJSONLiterals: a credential whose inline context maps
// two terms to one IRI as @json, both used, is refused with one error:
// json-gold's node map compared the two JSON objects with == and panicked,
// ending the chaincode process.
func TestVerifyCredentialJSONLiterals(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	cred := windCredential(t, sk, nil, testNonce(3))
	cred["@context"] = append(cred["@context"].([]any), map[string]any{"@version": 1.1,
		"j1": map[string]any{"@id": "https://ex.example/#j", "@type": "@json"},
		"j2": map[string]any{"@id": "https://ex.example/#j", "@type": "@json"}})
	sub := cred["credentialSubject"].(map[string]any)
	sub["j1"] = map[string]any{"a": 1.0}
	sub["j2"] = map[string]any{"b": 2.0}
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, cred)), "BBS_INVALID_REQUEST", "@json literals are not supported")
}
