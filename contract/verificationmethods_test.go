// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/stretchr/testify/require"
)

const (
	dmvDID = "did:web:dmv.example"
	dmvVM1 = dmvDID + "#key-1"
	dmvVM2 = dmvDID + "#key-2"
)

// vmCredential is the windsurf credential (windCredential) issued by sk
// under verification method vm, with the credential's issuer set to did,
// derived for nonce.
func vmCredential(t *testing.T, sk *bbs.SecretKey, vm, did string, nonce []byte) map[string]any {
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	doc["issuer"] = did
	var mandatory, selective []string
	readWind(t, "windMandatory.json", &mandatory)
	readWind(t, "windSelective.json", &selective)
	rnd := rand.NewChaCha8([32]byte{3})
	signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: sk, VerificationMethod: vm, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: append(mandatory, "/type"), Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: selective, PresentationHeader: nonce, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

// issuerArg is the credential request of cred naming the ledger issuer.
func issuerArg(t *testing.T, cred any, issuer string) string {
	t.Helper()
	return jsonArg(t, map[string]any{"credential": cred, "issuer": issuer})
}

func declare(e *env, issuer string, version string, methods string) string {
	r := e.submit(e.alice, "DeclareVerificationMethods", issuer, version, methods)
	if !r.Committed {
		return r.Response.GetMessage()
	}
	return ""
}

// TestDeclaredVerificationMethod: a bbs-2023 credential under a did:web
// verification method verifies once the issuer's owner declared it for
// the key, in a request naming the issuer; an undeclared method, a request
// without the issuer, another issuer's declaration of the same method, a
// credential whose issuer is not the method's DID are refused; the
// declaration follows its key version through rotation and revocation.
func TestDeclaredVerificationMethod(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "dmv", sk)
	otherKey := newKeyPair(t, mustScheme(t, bbs.BLS12381SHA256Name), 41)
	r := e.register(e.bob, "squatter", otherKey, "another org's issuer")
	require.True(t, r.Committed, r.Response.GetMessage())

	cred := vmCredential(t, sk, dmvVM1, dmvDID, testNonce(1))
	named := issuerArg(t, cred, "dmv")
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", named), "NOT_FOUND", `issuer "dmv" declares no verification method`)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, cred)), "INVALID_REQUEST", "must name the ledger issuer")

	// Only the owner declares, and the declaration is checked.
	requireFailure(t, e.submit(e.bob, "DeclareVerificationMethods", "dmv", "1", `["`+dmvVM1+`"]`), "ACCESS_DENIED")
	for _, bad := range []string{`{}`, `["did:web:dmv.example"]`, `["did:key:zUC7#zUC7"]`, `["did:web:dmv.example#b","did:web:dmv.example#a"]`,
		`["did:web:dmv.example#a","did:web:dmv.example#a"]`, `["did:Web:x#a"]`, `["did:web:dmv example#a"]`, `["x"] 1`, `null`} {
		require.Contains(t, declare(e, "dmv", "1", bad), "INVALID_ARGUMENT", bad)
	}
	require.Contains(t, declare(e, "dmv", "2", `["`+dmvVM1+`"]`), "NOT_FOUND")
	require.Empty(t, declare(e, "dmv", "1", `["`+dmvVM1+`"]`))
	is := decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "dmv"))
	require.Equal(t, []string{dmvVM1}, is.Keys[0].VerificationMethods)

	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", named))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, "dmv", res.Issuer)
	require.Equal(t, 1, res.KeyVersion)
	require.Equal(t, dmvVM1, res.VerificationMethod)
	require.Equal(t, dmvDID, res.CredentialIssuer)
	sr := e.submit(e.bob, "SubmitCredential", named)
	require.True(t, sr.Committed, sr.Response.GetMessage())
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", decode[credentials.CredentialReceipt](t, sr).TxID))
	require.Equal(t, "dmv", rec.Issuer)
	require.Equal(t, dmvVM1, rec.VerificationMethod)
	// In a batch too: each request names its issuer.
	batched := vmCredential(t, sk, dmvVM1, dmvDID, testNonce(20))
	br := e.submit(e.bob, "SubmitCredentials", credentialBatchArg(t, issuerArg(t, batched, "dmv"), credentialArg(t, batched)))
	require.True(t, br.Committed, br.Response.GetMessage())
	out := decode[credentials.CredentialBatchResults](t, br)
	require.Equal(t, 1, out.ValidCount)
	require.Equal(t, []string{br.TxID + "#0"}, out.RecordIDs)
	require.Contains(t, out.Results[1].Reason, "must name the ledger issuer")
	require.Equal(t, "BBS_INVALID_REQUEST", out.Results[1].Code)

	// Another org declaring dmv's method for its own key squats nothing:
	// the request names the ledger issuer, and under the squatter's key
	// dmv's credential does not verify.
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, cred, "squatter")), `issuer "squatter" declares no verification method`)
	r = e.submit(e.bob, "DeclareVerificationMethods", "squatter", "1", `["`+dmvVM1+`"]`)
	require.True(t, r.Committed, r.Response.GetMessage())
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, cred, "squatter")))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "does not verify")
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, vmCredential(t, sk, dmvVM1, dmvDID, testNonce(2)), "dmv")))
	require.True(t, res.Valid, res.Reason)
	// A credential signed by the squatter's key under dmv's method is the
	// squatter's, never dmv's.
	squatted := vmCredential(t, otherKey.sk, dmvVM1, dmvDID, testNonce(3))
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, squatted, "dmv")))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "does not verify")

	// The credential's issuer must be the DID of the method.
	lying := vmCredential(t, sk, dmvVM1, "did:web:other.example", testNonce(4))
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, lying, "dmv")))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "is not the DID of the proof's verificationMethod")

	// did:key: the issuer is optional, and when named it must hold the key.
	dk := windCredential(t, sk, nil, testNonce(5))
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, dk, "dmv"))).Valid)
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, dk, "squatter")), "NOT_FOUND", `is not a key of issuer "squatter"`)
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, dk, "no such")), "INVALID_REQUEST")

	// Rotation: the declaration stays with key version 1; version 2
	// declares its own methods, never one of another version.
	sk2 := newKeyPair(t, mustScheme(t, bbs.BLS12381SHA256Name), 42)
	r = e.submit(e.alice, "RotateIssuerKey", rotationDoc(t, e.alice, "dmv", 2, sk2))
	require.True(t, r.Committed, r.Response.GetMessage())
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, vmCredential(t, sk, dmvVM1, dmvDID, testNonce(6)), "dmv")))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, 1, res.KeyVersion)
	require.Contains(t, declare(e, "dmv", "2", `["`+dmvVM1+`"]`), "EXISTS")
	require.Empty(t, declare(e, "dmv", "2", `["`+dmvVM2+`"]`))
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, vmCredential(t, sk2.sk, dmvVM2, dmvDID, testNonce(7)), "dmv")))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, 2, res.KeyVersion)
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, vmCredential(t, sk, dmvVM2, dmvDID, testNonce(8)), "dmv")))
	require.False(t, res.Valid, "key 1's credential under key 2's method")

	// Revocation: key 1's method resolves to a revoked key.
	require.True(t, e.submit(e.alice, "RevokeIssuerKey", "dmv", "1").Committed)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", issuerArg(t, vmCredential(t, sk, dmvVM1, dmvDID, testNonce(9)), "dmv")), "REVOKED", "key version 1")
	require.Contains(t, declare(e, "dmv", "1", `[]`), "REVOKED")
	// Clearing a declaration: the method no longer resolves.
	require.Empty(t, declare(e, "dmv", "2", `[]`))
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, vmCredential(t, sk2.sk, dmvVM2, dmvDID, testNonce(10)), "dmv")), "declares no verification method")

	// Hostile requests give one answer on every run.
	for name, arg := range map[string]string{
		"undeclared":       issuerArg(t, vmCredential(t, sk2.sk, dmvVM2, dmvDID, testNonce(11)), "dmv"),
		"squatter's":       issuerArg(t, cred, "squatter"),
		"no issuer":        credentialArg(t, cred),
		"revoked":          issuerArg(t, cred, "dmv"),
		"did:key of other": issuerArg(t, dk, "squatter"),
	} {
		t.Run(name, func(t *testing.T) {
			oneanswer.Check(t, 3, func() string {
				res := e.evaluate(e.bob, "VerifyCredential", arg)
				return res.Response.GetMessage() + string(res.Response.GetPayload())
			})
			r := e.submit(e.bob, "SubmitCredential", arg)
			require.False(t, r.OK())
			require.Zero(t, r.Writes)
		})
	}
}

// TestDeclaredVerificationMethodKinds: the pseudonym and the
// BbsBlsSignatureProof2020 credentials resolve declared methods too, each
// only in an issuer of its scheme.
func TestDeclaredVerificationMethodKinds(t *testing.T) {
	e := newEnv(t)
	const govDID, govVM, nymDID, nymVM = "did:web:gov.example", "did:web:gov.example#bbs", "did:example:polls", "did:example:polls#nym-1"

	// BbsBlsSignatureProof2020 of a bbs+2020 issuer.
	psk := register2020Issuer(t, e, "gov", 60)
	require.Empty(t, declare(e, "gov", "1", `["`+govVM+`"]`))
	c2020 := cred2020VM(t, psk, govVM, govDID, testNonce(61))
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, c2020, "gov")))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, credentials.SuiteBbsBlsSignatureProof2020, res.Suite)
	require.Equal(t, govVM, res.VerificationMethod)
	r := e.submit(e.bob, "SubmitCredential", issuerArg(t, c2020, "gov"))
	require.True(t, r.Committed, r.Response.GetMessage())

	// Pseudonym credential of a pseudonym-scheme issuer.
	kp := registerNymIssuer(t, e, "polls", 70)
	require.Empty(t, declare(e, "polls", "1", `["`+nymVM+`"]`))
	h := newNymHolderVM(t, kp.sk, 71, nymVM, nymDID)
	nc := h.derive(t, "https://polls.example/", testNonce(72))
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, nc, "polls")))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, credentials.SuiteBBS2023Pseudonym, res.Suite)
	r = e.submit(e.bob, "SubmitCredential", issuerArg(t, nc, "polls"))
	require.True(t, r.Committed, r.Response.GetMessage())

	// The wrong scheme: a bbs-2023 credential naming the bbs+2020
	// issuer's declared method.
	wrong := vmCredential(t, windKey(t), govVM, govDID, testNonce(73))
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, wrong, "gov")), "INVALID_REQUEST", "does not match scheme")
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", issuerArg(t, c2020, "polls")), `issuer "polls" declares no verification method`)
}

// cred2020VM is cred2020 signed under verification method vm with the
// credential's issuer did.
func cred2020VM(t *testing.T, sk *bbs.SecretKey, vm, did string, nonce []byte) map[string]any {
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(citizenshipURL, readLD2020(t, "citizenship_v1.jsonld"), ""))
	doc, err := vc.ParseDocument(readLD2020(t, "signed-mattr.json"), vc.Limits{})
	require.NoError(t, err)
	delete(doc, "proof")
	doc["issuer"] = did
	signed, err := l.Sign2020(doc, vc.Sign2020Options{SecretKey: sk, VerificationMethod: vm, Created: "2026-12-01T13:14:50Z"}, vc.Limits{})
	require.NoError(t, err)
	var frame map[string]any
	require.NoError(t, json.Unmarshal(readLD2020(t, "frame.json"), &frame))
	derived, err := l.Derive2020(signed, frame, vc.Derive2020Options{Nonce: nonce, Rand: rand.NewChaCha8([32]byte{2}),
		Resolve: func(string) ([]byte, error) { return sk.PublicKey().Bytes(), nil }}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

// newNymHolderVM is newNymHolder issued under verification method vm with
// the credential's issuer did.
func newNymHolderVM(t *testing.T, sk *bbs.SecretKey, seed byte, vm, did string) *nymHolder {
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(windCtxURL, []byte(windCtxDoc), ""))
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	doc["@context"] = []any{"https://www.w3.org/ns/credentials/v2", windCtxURL}
	doc["issuer"] = did
	var mandatory []string
	readWind(t, "windMandatory.json", &mandatory)
	rnd := rand.NewChaCha8([32]byte{seed})
	com, secret, err := vc.NewPseudonymCommitment(rnd)
	require.NoError(t, err)
	signed, err := l.IssueWithPseudonym(doc, vc.IssueOptions{SecretKey: sk, VerificationMethod: vm, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: append(mandatory, "/type"), Rand: rnd}, com, vc.Limits{})
	require.NoError(t, err)
	return &nymHolder{l: l, signed: signed, secret: secret}
}

// TestParseVerificationMethods: the argument's bounds.
func TestParseVerificationMethods(t *testing.T) {
	got, err := issuers.ParseVerificationMethods(`["did:web:a.example%3A8443:path#k-1","did:web:b.example#key-1"]`)
	require.NoError(t, err)
	require.Len(t, got, 2)
	got, err = issuers.ParseVerificationMethods(`[]`)
	require.NoError(t, err)
	require.Nil(t, got)
	many := make([]string, issuers.MaxVerificationMethods+1)
	for i := range many {
		many[i] = "did:web:a.example#k" + string(rune('a'+i))
	}
	_, err = issuers.ParseVerificationMethods(jsonArg(t, many))
	require.ErrorContains(t, err, "at most")
	_, err = issuers.ParseVerificationMethods(jsonArg(t, []string{"did:web:a.example#" + strings.Repeat("k", issuers.MaxVerificationMethodSize)}))
	require.ErrorContains(t, err, "over the limit")
	_, err = issuers.ParseVerificationMethods(strings.Repeat(" ", issuers.MaxVerificationMethods*(issuers.MaxVerificationMethodSize+8)+3))
	require.ErrorContains(t, err, "too long")
}

// BenchmarkVerifyCredentialDeclared runs VerifyCredential through the
// fake stub for a valid credential under a declared did:web method, the
// same under its did:key, and hostile requests: an undeclared method, an
// unnamed issuer, another issuer named. The refusals come before any
// canonicalization or pairing.
func BenchmarkVerifyCredentialDeclared(b *testing.B) {
	t := &testing.T{}
	e := newEnv(t).asDeployed()
	e.t = t
	sk := windKey(t)
	registerKeyIssuer(t, e, "dmv", sk)
	if msg := declare(e, "dmv", "1", `["`+dmvVM1+`"]`); msg != "" {
		b.Fatal(msg)
	}
	other := newKeyPair(t, mustScheme(t, bbs.BLS12381SHA256Name), 41)
	if r := e.register(e.bob, "squatter", other, ""); !r.Committed {
		b.Fatal(r.Response.GetMessage())
	}
	cred := vmCredential(t, sk, dmvVM1, dmvDID, testNonce(1))
	undeclared := vmCredential(t, sk, dmvDID+"#key-9", dmvDID, testNonce(2))
	args := []struct {
		name string
		arg  string
		ok   bool
	}{
		{"did:web/valid", issuerArg(t, cred, "dmv"), true},
		{"did:key/valid", credentialArg(t, windCredential(t, sk, nil, testNonce(3))), true},
		{"did:web/undeclared", issuerArg(t, undeclared, "dmv"), false},
		{"did:web/unnamed", credentialArg(t, cred), false},
		{"did:web/another-issuer", issuerArg(t, cred, "squatter"), false},
	}
	for _, a := range args {
		b.Run(a.name, func(b *testing.B) {
			for b.Loop() {
				r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyCredential", a.arg)
				if r.OK() != a.ok || (a.ok && !decode[credentials.CredentialResult](t, r).Valid) {
					b.Fatalf("%s: %s %s", a.name, r.Response.GetMessage(), r.Response.GetPayload())
				}
			}
		})
	}
}
