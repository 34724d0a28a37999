// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/stretchr/testify/require"
)

const (
	alumniCtxURL = "https://alumni.example/contexts/v1"
	alumniCtxDoc = `{"@context":{"@vocab":"https://alumni.example/vocab#"}}`
)

// issueAlumni is an AlumniCredential, issued by the windsurf vector's key
// as its did:key, whose subject holds a nested object typed DriverLicense
// (a licence the alumnus declared), derived for nonce.
func issueAlumni(t *testing.T, nonce []byte) map[string]any {
	t.Helper()
	return issueAlumniIn(t, nonce, []any{"https://www.w3.org/ns/credentials/v2", alumniCtxURL})
}

// issueAlumniIn is issueAlumni with the @context ctx.
func issueAlumniIn(t *testing.T, nonce []byte, ctx []any) map[string]any {
	t.Helper()
	sk := windKey(t)
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(alumniCtxURL, []byte(alumniCtxDoc), ""))
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc := map[string]any{
		"@context": ctx,
		"type":     []any{"VerifiableCredential", "AlumniCredential"},
		"issuer":   did,
		"credentialSubject": map[string]any{
			"alumniOf":    "Example University",
			"heldLicense": map[string]any{"type": "DriverLicense", "licenseClass": "C"},
		},
	}
	rnd := rand.NewChaCha8([32]byte{2})
	signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: []string{"/issuer", "/type", "/credentialSubject/heldLicense"}, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/alumniOf"}, PresentationHeader: nonce, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

// reverseShape re-shapes the derived AlumniCredential d so that its
// top-level JSON object is the nested DriverLicense node, reaching the
// subject and the credential through @reverse: the same statements, so
// the same proof.
func reverseShape(t *testing.T, d map[string]any) map[string]any {
	t.Helper()
	var c map[string]any
	b, err := json.Marshal(d)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &c))
	subject := c["credentialSubject"].(map[string]any)
	top := subject["heldLicense"].(map[string]any)
	delete(subject, "heldLicense")
	node := map[string]any{}
	for k, v := range c {
		if k != "@context" && k != "proof" && k != "credentialSubject" {
			node[k] = v
		}
	}
	// credentialSubject is a term of the VerifiableCredential type-scoped
	// context only: outside the credential node, its IRI.
	subject["@reverse"] = map[string]any{"https://www.w3.org/2018/credentials#credentialSubject": node}
	top["@reverse"] = map[string]any{"heldLicense": subject}
	top["@context"], top["proof"] = c["@context"], c["proof"]
	return top
}

// TestCredentialReverseShape: an AlumniCredential re-shaped with @reverse,
// so that its top-level JSON object is a nested node typed DriverLicense,
// still verifies as a proof, but is neither valid nor recorded as a
// DriverLicense: the credential's types are the credential node's signed
// types.
func TestCredentialReverseShape(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "uni", sk)
	registerContext(t, e, "uni", alumniCtxURL, alumniCtxDoc)
	for id, rules := range map[string]string{
		"licensed": `"types":["DriverLicense"]`,
		"alumni":   `"types":["AlumniCredential"],"claims":[{"pointer":"/credentialSubject/heldLicense/licenseClass","equals":"C"},{"pointer":"/credentialSubject/heldLicense/type","equals":"DriverLicense"}]`,
	} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"uni"}],"credential":{`+rules+`}}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	genuine := issueAlumni(t, testNonce(1))
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, genuine, "alumni", 0)))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, []string{"VerifiableCredential", "AlumniCredential"}, res.Types)
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, genuine, "licensed", 0)))
	require.False(t, res.Valid, "%+v", res)
	require.Equal(t, "credential.types", res.Unmet.Rule)

	shaped := reverseShape(t, issueAlumni(t, testNonce(2)))
	require.Equal(t, "DriverLicense", shaped["type"])
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, shaped, "licensed", 0)))
	require.False(t, res.Valid, "a re-shaped AlumniCredential must not satisfy types [DriverLicense]")
	require.NotContains(t, res.Types, "DriverLicense")
	require.Contains(t, res.Reason, "the JSON's top-level object must be the credential")
	r := e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, shaped, "licensed", 0))
	require.False(t, r.Committed)
	require.Zero(t, r.Writes)
	r = e.submit(e.bob, "SubmitCredential", credentialArg(t, shaped))
	require.False(t, r.Committed, "nor is it recorded as a DriverLicense without a policy")
}

// swapBoards returns a copy of the derived windsurf credential d with its
// two disclosed boards in the other order: the same statements.
func swapBoards(t *testing.T, d map[string]any) map[string]any {
	t.Helper()
	var c map[string]any
	b, err := json.Marshal(d)
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, &c))
	boards := c["credentialSubject"].(map[string]any)["boards"].([]any)
	require.Len(t, boards, 2)
	boards[0], boards[1] = boards[1], boards[0]
	return c
}

// storeRawPolicy replaces old by new in the stored document of policy id's
// version 1, with the pin that goes with it: a policy stored by code that
// accepted what CreatePolicy now refuses.
func storeRawPolicy(t *testing.T, e *env, id, old, new string) {
	t.Helper()
	keys := policyKeys(t, e, id)
	require.Len(t, keys, 2)
	stored := string(e.ledger.StateIn(fakestub.DefaultNamespace, keys[1]))
	require.Contains(t, stored, old)
	doc := strings.Replace(stored, old, new, 1)
	e.ledger.Put(keys[1], []byte(doc))
	var h policies.PolicyHead
	require.NoError(t, json.Unmarshal(e.ledger.StateIn(fakestub.DefaultNamespace, keys[0]), &h))
	sum := sha256.Sum256([]byte(doc))
	h.Versions[0].SHA256 = hex.EncodeToString(sum[:])
	b, err := json.Marshal(&h)
	require.NoError(t, err)
	e.ledger.Put(keys[0], b)
}

// TestCredentialArrayOrder: the order of a property's values is not
// signed. Swapping the two disclosed boards leaves the proof valid and
// every verdict unchanged; a rule with an array index is refused by
// CreatePolicy, and one already stored is unmet whatever the order.
func TestCredentialArrayOrder(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)

	r := e.submit(e.alice, "CreatePolicy", `{"id":"first-board","issuers":[{"id":"windsurf"}],"credential":{"claims":[{"pointer":"/credentialSubject/boards/0/year","atLeast":2020}]}}`)
	requireFailure(t, r, `credential.claims[0].pointer: "/credentialSubject/boards/0/year": the token "0" is an array index`)
	for id, rules := range map[string]string{
		"years":  `"claims":[{"pointer":"/credentialSubject/boards/year","atLeast":2020}]`,
		"brand":  `"claims":[{"pointer":"/credentialSubject/boards/brand","equals":"Wailea"},{"pointer":"/credentialSubject/boards/boardName"}]`,
		"stored": `"claims":[{"pointer":"/credentialSubject/boards/year","atLeast":2020}]`,
	} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"windsurf"}],"credential":{`+rules+`}}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	storeRawPolicy(t, e, "stored", `"/credentialSubject/boards/year"`, `"/credentialSubject/boards/0/year"`)

	cred := windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(30))
	swapped := swapBoards(t, cred)
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, swapped))).Valid, "the swapped credential's proof verifies")
	for id, want := range map[string]*policy.Unmet{
		"years": {Rule: "credential.claims", Pointer: "/credentialSubject/boards/year",
			Reason: `"/credentialSubject/boards/year" must be a single value (the signed statements give 2; a property's values are a set, in no order)`},
		"brand":  nil,
		"stored": {Rule: "policy"},
	} {
		var answers []string
		for _, c := range []map[string]any{cred, swapped} {
			r := e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(t, c, id, 0))
			if want != nil && want.Rule == "policy" {
				requireFailure(t, r, `the token "0" is an array index`)
				answers = append(answers, r.Response.GetMessage())
				continue
			}
			res := decode[credentials.CredentialResult](t, r)
			switch {
			case want == nil:
				require.True(t, res.Valid, "%s: %s", id, res.Reason)
			default:
				require.Equal(t, want, res.Unmet, id)
			}
			res.Claims, res.ClaimsSHA256, res.NonceConsumed = "", "", false
			b, _ := json.Marshal(res)
			answers = append(answers, string(b))
		}
		require.Equal(t, answers[0], answers[1], "%s: swapping two disclosed elements changes nothing", id)
	}
}

// TestCredentialRenamedType: a holder adds an inline context that defines
// "DriverLicense" as the IRI of AlumniCredential and renames the type: the
// statements, hence the proof, are unchanged. The credential verifies
// (without a policy: a credential policy refuses inline contexts), but its
// recorded types are what the issuer's contexts say: the name the inline
// context defined is recorded as its IRI.
func TestCredentialRenamedType(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "uni", sk)
	registerContext(t, e, "uni", alumniCtxURL, alumniCtxDoc)
	cred := issueAlumniIn(t, testNonce(3), []any{"https://www.w3.org/ns/credentials/v2", alumniCtxURL, map[string]any{"Alumnus": "https://alumni.example/vocab#Alumnus"}})
	cred["type"] = []any{"VerifiableCredential", "DriverLicense"}
	cred["@context"].([]any)[2].(map[string]any)["DriverLicense"] = "https://alumni.example/vocab#AlumniCredential"
	// The nested licence keeps its statement under its IRI.
	cred["credentialSubject"].(map[string]any)["heldLicense"].(map[string]any)["type"] = "https://alumni.example/vocab#DriverLicense"
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, cred)))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, []string{"VerifiableCredential", "https://alumni.example/vocab#AlumniCredential"}, res.Types)
	r := e.submit(e.bob, "SubmitCredential", credentialArg(t, cred))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.NotContains(t, decode[credentials.CredentialReceipt](t, r).Types, "DriverLicense")
}
