// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/stretchr/testify/require"
)

// readWind reads a file of the W3C windsurf vector (vc/testdata/w3c).
func readWind(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "vc", "testdata", "w3c", name))
	require.NoError(t, err)
	require.NoError(t, json.Unmarshal(b, v))
}

// windKey is the vector's issuer key.
func windKey(t *testing.T) *bbs.SecretKey {
	t.Helper()
	var km struct{ PrivateKeyHex string }
	readWind(t, "BBSKeyMaterial.json", &km)
	skb, err := hex.DecodeString(km.PrivateKeyHex)
	require.NoError(t, err)
	s, err := bbs.SchemeByName(bbs.BLS12381SHA256Name)
	require.NoError(t, err)
	sk, err := s.ParseSecretKey(skb)
	require.NoError(t, err)
	return sk
}

// registerKeyIssuer registers issuer id with sk's public key, as alice.
func registerKeyIssuer(t *testing.T, e *env, id string, sk *bbs.SecretKey) {
	t.Helper()
	r := e.register(e.alice, id, &keyPair{scheme: sk.Scheme(), sk: sk}, "did:key issuer")
	require.True(t, r.Committed, r.Response.GetMessage())
}

// windCredential is the windsurf document issued by sk with its issuer set
// to sk's did:key, /type mandatory besides the vector's mandatory
// pointers, and extra top-level fields; then derived with the vector's
// selective pointers for nonce.
func windCredential(t *testing.T, sk *bbs.SecretKey, extra map[string]any, nonce []byte) map[string]any {
	t.Helper()
	return windCredentialIn(t, sk, "", "", extra, nonce)
}

// windCredentialIn is windCredential with the document's inline context
// replaced by the application context ctxURL, whose document is ctxDoc
// (when ctxURL is not empty).
func windCredentialIn(t *testing.T, sk *bbs.SecretKey, ctxURL, ctxDoc string, extra map[string]any, nonce []byte) map[string]any {
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	if ctxURL != "" {
		require.NoError(t, l.Add(ctxURL, []byte(ctxDoc), ""))
		doc["@context"] = []any{"https://www.w3.org/ns/credentials/v2", ctxURL}
	}
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc["issuer"] = did
	var mandatory, selective []string
	readWind(t, "windMandatory.json", &mandatory)
	readWind(t, "windSelective.json", &selective)
	mandatory = append(mandatory, "/type")
	for k, v := range extra {
		doc[k] = v
		mandatory = append(mandatory, "/"+k)
	}
	rnd := rand.NewChaCha8([32]byte{1})
	signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z", MandatoryPointers: mandatory, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: selective, PresentationHeader: nonce, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

func credentialArg(t *testing.T, cred any) string {
	t.Helper()
	return jsonArg(t, map[string]any{"credential": cred})
}

func testNonce(seed byte) []byte {
	n := make([]byte, 32)
	for i := range n {
		n[i] = seed + byte(i)
	}
	return n
}

// TestSubmitCredentialWindsurf: the windsurf credential, issued by the
// vector's key as its did:key and derived for a 32-byte nonce, verifies
// against the issuer registered with that key; VerifyCredential returns
// the disclosed claims, SubmitCredential records hashes and not claims,
// and the same presentation header is refused the second time.
func TestSubmitCredentialWindsurf(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	cred := windCredential(t, sk, nil, testNonce(1))
	arg := credentialArg(t, cred)

	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, "windsurf", res.Issuer)
	require.Equal(t, 1, res.KeyVersion)
	require.Equal(t, []string{"VerifiableCredential"}, res.Types)
	require.Equal(t, cred["issuer"], res.CredentialIssuer)
	require.Contains(t, res.Claims, `"sailNumber":"Earth101"`)
	require.Contains(t, res.Claims, `"boardName":"Kanaha Custom"`)
	require.NotContains(t, res.Claims, "proofValue")
	require.False(t, res.NonceConsumed)
	require.Positive(t, res.MessageCount)

	r := e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	receipt := decode[credentials.CredentialReceipt](t, r)
	require.True(t, receipt.Valid)
	require.Equal(t, res.ClaimsSHA256, receipt.ClaimsSHA256)
	require.NotNil(t, r.Event)
	require.Equal(t, credentials.EventCredentialVerified, r.Event.EventName)

	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", receipt.TxID))
	require.Equal(t, res.ClaimsSHA256, rec.ClaimsSHA256)
	require.Equal(t, res.StatementsSHA256, rec.StatementsSHA256)
	require.Equal(t, base.HashHex(testNonce(1)), rec.NonceSHA256)
	ver := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", receipt.TxID))
	require.Empty(t, ver.Disclosed, "the Verification must not hold the disclosed statements")
	require.Equal(t, testNonce(1), ver.Nonce)
	require.Len(t, ver.Header, 64)
	raw, err := json.Marshal(ver)
	require.NoError(t, err)
	require.NotContains(t, string(raw), "Earth101")

	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.True(t, res.NonceConsumed)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "replay", receipt.TxID)
	// The same nonce, another presentation of the credential: still a replay.
	again := windCredential(t, sk, nil, testNonce(1))
	requireFailure(t, e.submit(e.alice, "SubmitCredential", credentialArg(t, again)), "replay")
}

// TestVerifyCredentialW3CVector: the W3C vector's own derived credential
// verifies cryptographically under the registered vector key, but its
// issuer is a URL, not the did:key of its verificationMethod, so it is not
// valid; SubmitCredential refuses its presentation header as too short.
func TestVerifyCredentialW3CVector(t *testing.T) {
	e := newEnv(t)
	registerKeyIssuer(t, e, "windsurf", windKey(t))
	var cred map[string]any
	readWind(t, "derivedRevealDocument.json", &cred)
	arg := credentialArg(t, cred)
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "is not the DID of the proof's verificationMethod")
	require.NotEmpty(t, res.Claims, "the proof verifies: the claims are signed")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "nonce is", "at least 16")
}

// TestSubmitCredentialRefusals: a tampered claim, an unregistered key, a
// revoked issuer, a request with unknown fields are refused, and nothing
// is written.
func TestSubmitCredentialRefusals(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)

	tampered := windCredential(t, sk, nil, testNonce(2))
	tampered["credentialSubject"].(map[string]any)["sailNumber"] = "Earth102"
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, tampered)))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "does not verify")
	require.Empty(t, res.Claims)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, tampered)), "proof rejected", "does not verify")

	other := newKeyPair(t, mustScheme(t, bbs.BLS12381SHA256Name), 40).sk
	unknown := windCredential(t, other, nil, testNonce(3))
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, unknown)), "not registered under any issuer")
	require.False(t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, unknown)).OK())

	bigNonce := windCredential(t, sk, nil, make([]byte, request.MaxNonceSize+1))
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, bigNonce)), "presentation header (the nonce) is 4097 bytes, over the limit")

	requireFailure(t, e.submit(e.bob, "SubmitCredential", `{"credential":{},"Credential":{}}`), "unknown field")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", `{"credential":{},"credential":{}}`), "duplicate")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", `{"credential":[]}`), "JSON object")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", `{"credential":{}, "salt":"AA=="}`), "only allowed with bindSubmitter")

	require.True(t, e.submit(e.alice, "RevokeIssuer", "windsurf").Committed)
	good := windCredential(t, sk, nil, testNonce(4))
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, good)), "revoked")
}

func mustScheme(t *testing.T, name string) bbs.Scheme {
	t.Helper()
	s, err := bbs.SchemeByName(name)
	require.NoError(t, err)
	return s
}

// TestSubmitCredentialValidity: validFrom and validUntil, disclosed, are
// checked against the transaction's timestamp (fake ledger clock).
func TestSubmitCredentialValidity(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	from, until := time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC), time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	cred := windCredential(t, sk, map[string]any{"validFrom": from.Format(time.RFC3339), "validUntil": until.Format(time.RFC3339)}, testNonce(5))
	arg := credentialArg(t, cred)

	e.ledger.Clock = from.Add(-time.Second)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "is not valid before")
	e.ledger.Clock = until.Add(time.Second)
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "is not valid after")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "is not valid after")

	e.ledger.Clock = from.Add(time.Hour)
	r := e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", decode[credentials.CredentialReceipt](t, r).TxID))
	require.Equal(t, from.Format(time.RFC3339), rec.ValidFrom)
	require.Equal(t, until.Format(time.RFC3339), rec.ValidUntil)
}

// TestCredentialDeterminism: hostile and malformed credentials give one
// and the same answer every time.
func TestCredentialDeterminism(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	good := windCredential(t, sk, nil, testNonce(6))
	goodJSON := credentialArg(t, good)

	tampered := windCredential(t, sk, nil, testNonce(6))
	tampered["credentialSubject"].(map[string]any)["boards"].([]any)[1].(map[string]any)["brand"] = "X"
	unknownCtx := windCredential(t, sk, nil, testNonce(6))
	unknownCtx["@context"] = []any{"https://www.w3.org/ns/credentials/v2", "https://example.com/ctx"}
	extraTerm := windCredential(t, sk, nil, testNonce(6))
	extraTerm["unsignedTerm"] = map[string]any{"a": 1, "b": 2, "c": 3}
	badProof := windCredential(t, sk, nil, testNonce(6))
	badProof["proof"].(map[string]any)["proofValue"] = "u2V0DhVkCEJgx"
	deep := `{"credential":` + strings.Repeat(`{"a":`, 40) + `1` + strings.Repeat(`}`, 40) + `}`
	cases := []string{goodJSON, credentialArg(t, tampered), credentialArg(t, unknownCtx), credentialArg(t, extraTerm), credentialArg(t, badProof), deep,
		`{"credential":{"proof":{"verificationMethod":"did:key:z6Mk"}}}`, `{}`, `null`, `[]`}
	for i, arg := range cases {
		first := e.evaluate(e.bob, "VerifyCredential", arg)
		for range 8 {
			again := e.evaluate(e.bob, "VerifyCredential", arg)
			require.Equal(t, first.Response.GetStatus(), again.Response.GetStatus(), "case %d", i)
			require.Equal(t, first.Response.GetMessage(), again.Response.GetMessage(), "case %d", i)
			require.Equal(t, string(first.Response.GetPayload()), string(again.Response.GetPayload()), "case %d", i)
		}
		if i > 0 && first.OK() {
			require.False(t, decode[credentials.CredentialResult](t, first).Valid, "case %d", i)
		}
	}
}

// TestSubmitCredentialBoundNonce: with bindSubmitter the presentation
// header must be the submitter's bound nonce for the salt: bob's verifies
// for bob and is refused for alice.
func TestSubmitCredentialBoundNonce(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	salt := []byte("salt-of-bob")
	nonce := request.BoundNonce(testChannel, "Org1MSP", request.SubmitterID(e.bob.Cert), salt)
	cred := windCredential(t, sk, nil, nonce)
	arg := jsonArg(t, map[string]any{"credential": cred, "bindSubmitter": true, "salt": base64.StdEncoding.EncodeToString(salt)})

	res := decode[credentials.CredentialResult](t, e.evaluate(e.alice, "VerifyCredential", arg))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "not bound to the submitter")
	requireFailure(t, e.submit(e.alice, "SubmitCredential", arg), "not bound to the submitter")
	unbound := credentialArg(t, cred)
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.alice, "VerifyCredential", unbound)).Valid)
	r := e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	ver := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", decode[credentials.CredentialReceipt](t, r).TxID))
	require.True(t, ver.BoundToSubmitter)
}

// TestRegisterContext: a credential naming an application context is
// refused until the context is registered, then verifies, with the
// context's SHA-256 in the result and the record; a registered context
// never changes, and a built-in one cannot be registered.
func TestRegisterContext(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	const url = "https://windsurf.example/contexts/v1"
	ctxDoc := `{"@context":{"@vocab":"https://windsurf.grotto-networking.com/selective#"}}`
	cred := windCredentialIn(t, sk, url, ctxDoc, nil, testNonce(7))
	arg := credentialArg(t, cred)

	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "windsurf.example/contexts/v1")
	require.False(t, e.evaluate(e.bob, "VerifyCredential", arg).OK())

	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", "https://www.w3.org/ns/credentials/v2", ctxDoc), "built-in")
	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", "ftp://x", ctxDoc), "absolute http(s) URL")
	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", url, `{"@vocab":"x"}`), "no @context")
	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", url, `{"@context":{},"@context":{}}`), "duplicate")
	requireFailure(t, e.submit(e.alice, "RegisterContext", "nobody", url, ctxDoc), base.ErrNotFound.Error())
	r := e.submit(e.alice, "RegisterContext", "windsurf", url, ctxDoc)
	require.True(t, r.Committed, r.Response.GetMessage())
	rec := decode[contexts.ContextRecord](t, r)
	require.Equal(t, base.HashHex([]byte(ctxDoc)), rec.SHA256)
	require.Equal(t, "windsurf", rec.Issuer)
	require.Equal(t, "Org1MSP", rec.Registrant.MSPID)
	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", url, ctxDoc), "already registered", rec.SHA256)
	requireFailure(t, e.submit(e.alice, "RegisterContext", "windsurf", url, `{"@context":{"@vocab":"https://evil.example/#"}}`), "already registered")
	got := decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", url))
	require.Equal(t, ctxDoc, got.Document)

	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	want := []contexts.ContextRef{{URL: url, SHA256: rec.SHA256}}
	require.Equal(t, want, res.Contexts)
	r = e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	cv := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", decode[credentials.CredentialReceipt](t, r).TxID))
	require.Equal(t, want, cv.Contexts)
}

// TestCredentialAliasedValidity: a holder cannot hide a signed validUntil
// behind another JSON key by adding a context that aliases the term: the
// proof still verifies (the statements are the same), and the contract
// reads the statements, so the expired credential is refused. An aliased
// issuer is read from the statements too.
func TestCredentialAliasedValidity(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	alias := func(cred map[string]any, from, to string, def map[string]any) {
		cred["@context"].([]any)[1].(map[string]any)[to] = def
		cred[to] = cred[from]
		delete(cred, from)
	}
	until := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	cred := windCredential(t, sk, map[string]any{"validUntil": until.Format(time.RFC3339)}, testNonce(8))
	alias(cred, "validUntil", "expires", map[string]any{"@id": credentials.IRIValidUntil, "@type": "http://www.w3.org/2001/XMLSchema#dateTime"})
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, cred)))
	require.NotEmpty(t, res.Claims, "the aliased credential's proof must still verify: %s", res.Reason)
	require.NotContains(t, res.Claims, `"validUntil"`)
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "is not valid after")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, cred)), "is not valid after")

	cred = windCredential(t, sk, nil, testNonce(9))
	did := cred["issuer"]
	alias(cred, "issuer", "from", map[string]any{"@id": credentials.IRIIssuer, "@type": "@id"})
	res = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, cred)))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, did, res.CredentialIssuer)
}

// proofRequestOf returns the proof request (SubmitProof's argument) of the
// BBS statement of a credential request, as the contract prepares it.
func proofRequestOf(t *testing.T, e *env, arg string) string {
	t.Helper()
	stub := e.ledger.NewStub(e.bob.Creator, Name+":VerifyCredential", arg)
	ctx := newTestContext(stub)
	cc, err := credentials.PrepareCredential(ctx, false, nil)
	require.NoError(t, err)
	require.NoError(t, cc.Check(ctx, nil))
	require.True(t, cc.Proof.Valid, cc.Proof.Reason)
	return jsonArg(t, cc.Proof.Req.Encode())
}

// TestCredentialNonceSharedWithSubmitProof: a nonce is consumed once per
// key whichever transaction consumes it: SubmitProof of the credential's
// BBS statement is a replay after SubmitCredential, and the other way
// round.
func TestCredentialNonceSharedWithSubmitProof(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)

	arg := credentialArg(t, windCredential(t, sk, nil, testNonce(10)))
	proofArg := proofRequestOf(t, e, arg)
	r := e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.bob, "SubmitProof", proofArg), "replay", decode[credentials.CredentialReceipt](t, r).TxID)

	arg = credentialArg(t, windCredential(t, sk, nil, testNonce(11)))
	proofArg = proofRequestOf(t, e, arg)
	r = e.submit(e.bob, "SubmitProof", proofArg)
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "replay", decode[proofs.ProofReceipt](t, r).TxID)
}

// TestOneCredentialSpendPerTransaction: a chaincode calling
// SubmitCredential (and SubmitProof) several times in one transaction gets
// a nonce accepted once, and every call's records have keys of their own.
func TestOneCredentialSpendPerTransaction(t *testing.T) {
	e := cc2ccEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	x := credentialArg(t, windCredential(t, sk, nil, testNonce(20)))
	y := credentialArg(t, windCredential(t, sk, nil, testNonce(21)))
	// The proof request of y's BBS statement, prepared on a ledger of its
	// own with the same issuer (proofRequestOf runs in the default
	// namespace; here the contract's state is in "bbs").
	pe := newEnv(t)
	registerKeyIssuer(t, pe, "windsurf", sk)
	yProof := proofRequestOf(t, pe, y)
	a := credentialArg(t, windCredential(t, sk, nil, testNonce(22)))
	b := credentialArg(t, windCredential(t, sk, nil, testNonce(23)))

	r, out := e.viaCaller(call(t, "SubmitCredential", x), call(t, "SubmitCredential", x))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	require.Empty(t, payloadOf[credentials.CredentialReceipt](t, out[0]).RecordID)
	requireRefused(t, out[1], base.ErrReplay.Error(), "by transaction "+r.TxID+";")

	r, out = e.viaCaller(call(t, "SubmitCredential", y), call(t, "SubmitProof", yProof))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	requireRefused(t, out[1], base.ErrReplay.Error(), "by transaction "+r.TxID+";")

	r, out = e.viaCaller(call(t, "SubmitCredential", a), call(t, "SubmitCredential", b))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	requireOK(t, out[1])
	second := payloadOf[credentials.CredentialReceipt](t, out[1])
	require.Equal(t, r.TxID+"/1", second.RecordID)
	first := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", r.TxID))
	require.Equal(t, base.HashHex(testNonce(22)), first.NonceSHA256)
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", r.TxID+"/1"))
	require.Equal(t, base.HashHex(testNonce(23)), rec.NonceSHA256)
	require.Equal(t, r.TxID+"/1", rec.RecordID)
	require.Equal(t, testNonce(23), decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID+"/1")).Nonce)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", b), base.ErrReplay.Error(), "by transaction "+r.TxID+"/1;")
}
