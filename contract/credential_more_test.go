// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/oneanswer"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/stretchr/testify/require"
)

// The citizenship context of the BbsBlsSignature2020 fixtures
// (vc/testdata/ld2020, MATTR's), registered for the 2020 issuer.
const citizenshipURL = "https://w3id.org/citizenship/v1"

func readLD2020(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "vc", "testdata", "ld2020", name))
	require.NoError(t, err)
	return b
}

// register2020Issuer registers issuer id with a bbs+2020 key made from
// seed, and its citizenship context, as alice.
func register2020Issuer(t *testing.T, e *env, id string, seed byte) *bbs.SecretKey {
	t.Helper()
	kp := newKeyPair(t, bbs.BBSPlus2020(), seed)
	// The contract requires pinned message counts of a bbs+2020 issuer:
	// MATTR's PermanentResidentCard signs 4 proof-option statements and 20
	// document statements.
	r := e.register(e.alice, id, kp, "bbs+2020 did:key issuer", 24)
	require.True(t, r.Committed, r.Response.GetMessage())
	registerContext(t, e, id, citizenshipURL, string(readLD2020(t, "citizenship_v1.jsonld")))
	return kp.sk
}

// cred2020 is MATTR's PermanentResidentCard (VC 1.1) signed with
// BbsBlsSignature2020 by sk as its did:key, with edit applied to the
// unsigned document, then derived with MATTR's frame for nonce.
func cred2020(t *testing.T, sk *bbs.SecretKey, edit func(map[string]any), nonce []byte) map[string]any {
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(citizenshipURL, readLD2020(t, "citizenship_v1.jsonld"), ""))
	doc, err := vc.ParseDocument(readLD2020(t, "signed-mattr.json"), vc.Limits{})
	require.NoError(t, err)
	delete(doc, "proof")
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc["issuer"] = did
	if edit != nil {
		edit(doc)
	}
	signed, err := l.Sign2020(doc, vc.Sign2020Options{SecretKey: sk, Created: "2026-12-01T13:14:50Z"}, vc.Limits{})
	require.NoError(t, err)
	var frame map[string]any
	require.NoError(t, json.Unmarshal(readLD2020(t, "frame.json"), &frame))
	derived, err := l.Derive2020(signed, frame, vc.Derive2020Options{Nonce: nonce, Rand: rand.NewChaCha8([32]byte{2})}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

// nymKey is a key of the pseudonym scheme made from seed.
func nymKey(t *testing.T, seed byte) *keyPair {
	t.Helper()
	s, err := bbs.SchemeByName(bbs.NymBLS12381SHA256Name)
	require.NoError(t, err)
	return newKeyPair(t, s, seed)
}

// registerNymIssuer registers issuer id with a pseudonym-scheme key made
// from seed, and the windsurf application context, as alice.
func registerNymIssuer(t *testing.T, e *env, id string, seed byte) *keyPair {
	t.Helper()
	kp := nymKey(t, seed)
	r := e.register(e.alice, id, kp, "pseudonym issuer")
	require.True(t, r.Committed, r.Response.GetMessage())
	registerContext(t, e, id, windCtxURL, windCtxDoc)
	return kp
}

// nymHolder is a holder of a pseudonym credential: the windsurf document
// (with the application context windCtxURL) issued by sk with the
// pseudonym feature over the holder's commitment.
type nymHolder struct {
	l      *vc.Loader
	signed map[string]any
	secret []byte
}

func newNymHolder(t *testing.T, sk *bbs.SecretKey, seed byte) *nymHolder {
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(windCtxURL, []byte(windCtxDoc), ""))
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	doc["@context"] = []any{"https://www.w3.org/ns/credentials/v2", windCtxURL}
	did, _, err := vc.DIDKey(sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc["issuer"] = did
	var mandatory []string
	readWind(t, "windMandatory.json", &mandatory)
	rnd := rand.NewChaCha8([32]byte{seed})
	com, secret, err := vc.NewPseudonymCommitment(rnd)
	require.NoError(t, err)
	signed, err := l.IssueWithPseudonym(doc, vc.IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: append(mandatory, "/type"), Rand: rnd}, com, vc.Limits{})
	require.NoError(t, err)
	return &nymHolder{l: l, signed: signed, secret: secret}
}

// derive presents the credential in domain for nonce.
func (h *nymHolder) derive(t *testing.T, domain string, nonce []byte) map[string]any {
	t.Helper()
	var selective []string
	readWind(t, "windSelective.json", &selective)
	d, err := h.l.DeriveWithPseudonym(h.signed, vc.PseudonymDeriveOptions{
		DeriveOptions: vc.DeriveOptions{SelectivePointers: selective, PresentationHeader: nonce, Rand: rand.NewChaCha8([32]byte{nonce[0]})},
		NymSecret:     h.secret, NymDomain: []byte(domain),
	}, vc.Limits{})
	require.NoError(t, err)
	return d
}

// tamperedClaim is cred with a disclosed claim changed.
func tamperedClaim(t *testing.T, cred map[string]any, path ...string) map[string]any {
	t.Helper()
	b, err := json.Marshal(cred)
	require.NoError(t, err)
	var c map[string]any
	require.NoError(t, json.Unmarshal(b, &c))
	m := c
	for _, p := range path[:len(path)-1] {
		m = m[p].(map[string]any)
	}
	m[path[len(path)-1]] = "TAMPERED"
	return c
}

// TestCredential2020: a BbsBlsSignatureProof2020 credential of a bbs+2020
// issuer verifies and is recorded as a bbs-2023 one is (suite, VC 1.1
// validity, no mandatory statements); its nonce is consumed for the key;
// a changed claim is rejected; its proof under an issuer of another scheme,
// an unregistered key and a revoked key are refused with their codes.
func TestCredential2020(t *testing.T) {
	e := newEnv(t)
	sk := register2020Issuer(t, e, "uscis", 20)
	cred := cred2020(t, sk, nil, testNonce(60))
	arg := credentialArg(t, cred)

	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, credentials.SuiteBbsBlsSignatureProof2020, res.Suite)
	require.Equal(t, bbs.BBSPlus2020Name, res.Scheme)
	require.Equal(t, "uscis", res.Issuer)
	require.Equal(t, cred["issuer"], res.CredentialIssuer)
	require.ElementsMatch(t, []string{"VerifiableCredential", "PermanentResidentCard"}, res.Types)
	require.Equal(t, "2019-12-03T12:19:52Z", res.ValidFrom)
	require.Equal(t, "2029-12-03T12:19:52Z", res.ValidUntil)
	require.Contains(t, res.Claims, `"givenName":"JOHN"`)
	require.NotContains(t, res.Claims, "lprNumber")
	require.Positive(t, res.MessageCount)

	r := e.submit(e.bob, "SubmitCredential", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	receipt := decode[credentials.CredentialReceipt](t, r)
	require.Equal(t, credentials.SuiteBbsBlsSignatureProof2020, receipt.Suite)
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", receipt.TxID))
	require.Equal(t, credentials.SuiteBbsBlsSignatureProof2020, rec.Suite)
	require.Equal(t, res.ClaimsSHA256, rec.ClaimsSHA256)
	require.Equal(t, res.StatementsSHA256, rec.StatementsSHA256)
	require.Len(t, rec.ProofConfigSHA256, 64)
	require.Empty(t, rec.MandatorySHA256)
	require.Equal(t, base.HashHex(testNonce(60)), rec.NonceSHA256)
	ver := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", receipt.TxID))
	require.Equal(t, bbs.BBSPlus2020Name, ver.Scheme)
	require.Empty(t, ver.Disclosed)

	// Replayed: the nonce is consumed for the key.
	requireFailure(t, e.submit(e.bob, "SubmitCredential", arg), "BBS_REPLAY")
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg)).NonceConsumed)

	// Tampered: a disclosed claim changed.
	bad := credentialArg(t, tamperedClaim(t, cred2020(t, sk, nil, testNonce(61)), "credentialSubject", "givenName"))
	vr := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", bad))
	require.False(t, vr.Valid)
	require.Equal(t, "BBS_PROOF_REJECTED", vr.Code)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", bad), "BBS_PROOF_REJECTED")

	// Expired at the transaction's timestamp (VC 1.1 expirationDate).
	old := cred2020(t, sk, func(d map[string]any) { d["expirationDate"] = "2020-01-01T00:00:00Z" }, testNonce(62))
	vr = decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, old)))
	require.False(t, vr.Valid)
	require.Contains(t, vr.Reason, "(expirationDate)")

	// Wrong scheme: the same G2 key bytes registered under a
	// bbs-bls12381-sha256 issuer cannot carry a 2020 proof, and a bbs+2020
	// key cannot carry a bbs-2023 proof (its did:key is found, the
	// issuer's scheme does not match).
	e2 := newEnv(t)
	ietf, err := bbs.SchemeByName(bbs.BLS12381SHA256Name)
	require.NoError(t, err)
	sameBytes, err := ietf.ParseSecretKey(sk.Bytes())
	require.NoError(t, err)
	registerKeyIssuer(t, e2, "ietf", sameBytes)
	requireFailure(t, e2.evaluate(e2.bob, "VerifyCredential", credentialArg(t, cred2020(t, sk, nil, testNonce(63)))),
		"BBS_INVALID_REQUEST", "does not match scheme")
	plusKey, err := bbs.BBSPlus2020().ParseSecretKey(windKey(t).Bytes())
	require.NoError(t, err)
	r = e.register(e.alice, "plus-wind", &keyPair{scheme: bbs.BBSPlus2020(), sk: plusKey}, "bbs+2020 key of the windsurf bytes", 24)
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, windCredential(t, windKey(t), nil, testNonce(64)))),
		"BBS_INVALID_REQUEST", "does not match scheme")

	// Unregistered key; revoked key.
	other := newKeyPair(t, bbs.BBSPlus2020(), 21)
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, cred2020(t, other.sk, nil, testNonce(65)))),
		"BBS_NOT_FOUND", "not registered under any issuer")
	r = e.submit(e.alice, "RevokeIssuerKey", "uscis", "1")
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, cred2020(t, sk, nil, testNonce(66)))), "BBS_REVOKED")
}

// TestCredentialPseudonym: a bbs-2023 pseudonym credential of a
// bbs-nym-bls12381-sha256 issuer verifies with its pseudonym and context
// (the proof's nym_domain); SubmitCredential counts the pseudonym's uses
// per (key, context) as SubmitProof does: once by default, a second
// presentation in the same context refused (BBS_PSEUDONYM_USED) even with a
// fresh nonce, another context accepted; a credential policy with a
// pseudonym rule requires the context and sets the uses. Tampered and
// replayed presentations are refused; a baseline issuer does not accept
// pseudonym credentials, nor a pseudonym issuer baseline ones.
func TestCredentialPseudonym(t *testing.T) {
	e := newEnv(t)
	kp := registerNymIssuer(t, e, "rental", 30)
	h := newNymHolder(t, kp.sk, 1)
	const domA, domB = "https://car.rental.verifier.example/", "https://other.verifier.example/"

	a1 := credentialArg(t, h.derive(t, domA, testNonce(70)))
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", a1))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, credentials.SuiteBBS2023Pseudonym, res.Suite)
	require.Equal(t, bbs.NymBLS12381SHA256Name, res.Scheme)
	require.Len(t, res.Pseudonym, 48)
	require.Equal(t, []byte(domA), res.Context)
	require.Zero(t, res.PseudonymUses)

	r := e.submit(e.bob, "SubmitCredential", a1)
	require.True(t, r.Committed, r.Response.GetMessage())
	receipt := decode[credentials.CredentialReceipt](t, r)
	require.Equal(t, res.Pseudonym, receipt.Pseudonym)
	require.Equal(t, 1, receipt.PseudonymUse)
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", receipt.TxID))
	require.Equal(t, credentials.SuiteBBS2023Pseudonym, rec.Suite)
	require.Equal(t, []byte(domA), rec.Context)
	require.Equal(t, 1, rec.PseudonymUse)
	ver := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", receipt.TxID))
	require.Equal(t, res.Pseudonym, ver.Pseudonym)
	require.Equal(t, []byte(domA), ver.Context)
	uses := decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses",
		base64.StdEncoding.EncodeToString([]byte(domA)), base64.StdEncoding.EncodeToString(res.Pseudonym)))
	require.Equal(t, 1, uses.Count)
	require.Equal(t, receipt.TxID, uses.Uses[0].TxID)

	// Replayed: the nonce is consumed first.
	requireFailure(t, e.submit(e.bob, "SubmitCredential", a1), "BBS_REPLAY")
	// The same pseudonym in the same context, fresh nonce: used up.
	a2 := credentialArg(t, h.derive(t, domA, testNonce(71)))
	require.Equal(t, 1, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", a2)).PseudonymUses)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", a2), "BBS_PSEUDONYM_USED", "GetPseudonymUses")
	// Another context: another pseudonym, accepted.
	b1 := h.derive(t, domB, testNonce(72))
	rb := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, b1)))
	require.True(t, rb.Valid, rb.Reason)
	require.NotEqual(t, res.Pseudonym, rb.Pseudonym)
	r = e.submit(e.bob, "SubmitCredential", credentialArg(t, b1))
	require.True(t, r.Committed, r.Response.GetMessage())

	// A credential policy with a pseudonym rule: the context is required,
	// and it allows two uses in it.
	r = e.submit(e.alice, "CreatePolicy", `{"id":"rental-c","issuers":[{"id":"rental"}],"pseudonym":{"context":"`+
		base64.StdEncoding.EncodeToString([]byte("https://c.example/"))+`","uses":2},"credential":{}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	wrongCtx := credentialPolicyArg(t, h.derive(t, domA, testNonce(73)), "rental-c", 0)
	wr := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", wrongCtx))
	require.False(t, wr.Valid)
	require.Equal(t, "pseudonym", wr.Unmet.Rule)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", wrongCtx), "BBS_POLICY_NOT_SATISFIED")
	for i, want := range []string{"", "", "BBS_PSEUDONYM_USED"} {
		r = e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, h.derive(t, "https://c.example/", testNonce(byte(74+i))), "rental-c", 0))
		if want == "" {
			require.True(t, r.Committed, "use %d: %s", i+1, r.Response.GetMessage())
			require.Equal(t, i+1, decode[credentials.CredentialReceipt](t, r).PseudonymUse)
		} else {
			requireFailure(t, r, want)
		}
	}
	// A baseline credential never satisfies... a bare policy's pseudonym
	// rule either: a bbs-2023 baseline credential has no pseudonym.
	base := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, base, "windsurf", sk)
	registerContext(t, base, "windsurf", windCtxURL, windCtxDoc)
	r = base.submit(base.alice, "CreatePolicy", `{"id":"nym-only","issuers":[{"id":"windsurf"}],"pseudonym":{"context":"eA=="},"credential":{}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	br := decode[credentials.CredentialResult](t, base.evaluate(base.bob, "VerifyCredential", credentialPolicyArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(80)), "nym-only", 0)))
	require.False(t, br.Valid)
	require.Equal(t, "pseudonym", br.Unmet.Rule)

	// Tampered: a claim, the pseudonym context.
	bad := credentialArg(t, tamperedClaim(t, h.derive(t, "https://tamper.example/", testNonce(81)), "credentialSubject", "sailNumber"))
	vr := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", bad))
	require.False(t, vr.Valid)
	require.Equal(t, "BBS_PROOF_REJECTED", vr.Code)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", bad), "BBS_PROOF_REJECTED")

	// Wrong scheme both ways: the nym key's bytes under a baseline issuer,
	// a baseline credential under the nym issuer.
	ietf, err := bbs.SchemeByName(bbs.BLS12381SHA256Name)
	require.NoError(t, err)
	sameBytes, err := ietf.ParseSecretKey(kp.sk.Bytes())
	require.NoError(t, err)
	e2 := newEnv(t)
	registerKeyIssuer(t, e2, "baseline", sameBytes)
	registerContext(t, e2, "baseline", windCtxURL, windCtxDoc)
	requireFailure(t, e2.evaluate(e2.bob, "VerifyCredential", credentialArg(t, h.derive(t, domA, testNonce(82)))),
		"BBS_INVALID_REQUEST", "does not match scheme")
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, windCredential(t, sameBytes, nil, testNonce(83)))),
		"BBS_INVALID_REQUEST", "does not match scheme")

	// Revoked key.
	r = e.submit(e.alice, "RevokeIssuerKey", "rental", "1")
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, h.derive(t, domB, testNonce(84)))), "BBS_REVOKED")
}

// TestSubmitCredentialsMixed: one SubmitCredentials array with a bbs-2023,
// a BbsBlsSignatureProof2020 and a pseudonym credential, a tampered 2020
// one, a second use of the pseudonym in its context (refused: the first
// item used it) and a replay of the 2020 nonce: the valid ones are
// recorded, each refusal has its code, and the records are those
// SubmitCredential writes.
func TestSubmitCredentialsMixed(t *testing.T) {
	e := newEnv(t)
	wsk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", wsk)
	psk := register2020Issuer(t, e, "uscis", 22)
	kp := registerNymIssuer(t, e, "rental", 31)
	h := newNymHolder(t, kp.sk, 2)

	c2020 := cred2020(t, psk, nil, testNonce(90))
	items := []any{
		map[string]any{"credential": windCredential(t, wsk, nil, testNonce(91))},
		map[string]any{"credential": c2020},
		map[string]any{"credential": h.derive(t, "https://d.example/", testNonce(92))},
		map[string]any{"credential": tamperedClaim(t, cred2020(t, psk, nil, testNonce(93)), "credentialSubject", "familyName")},
		map[string]any{"credential": h.derive(t, "https://d.example/", testNonce(94))},
		map[string]any{"credential": c2020},
	}
	r := e.submit(e.bob, "SubmitCredentials", jsonArg(t, items))
	require.True(t, r.Committed, r.Response.GetMessage())
	out := decode[credentials.CredentialBatchResults](t, r)
	require.Equal(t, 3, out.ValidCount)
	want := []string{"", "", "", "BBS_PROOF_REJECTED", "BBS_PSEUDONYM_USED", "BBS_REPLAY"}
	suites := []string{credentials.SuiteBBS2023, credentials.SuiteBbsBlsSignatureProof2020, credentials.SuiteBBS2023Pseudonym}
	for i, w := range want {
		res := out.Results[i]
		if w == "" {
			require.True(t, res.Valid, "item %d: %s", i, res.Reason)
			require.Equal(t, suites[i], res.Receipt.Suite)
			rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", res.RecordID))
			require.Equal(t, suites[i], rec.Suite)
			continue
		}
		require.True(t, res.Refused, "item %d", i)
		require.Equal(t, w, res.Code, "item %d: %s", i, res.Reason)
	}
	require.Equal(t, 1, out.Results[2].Receipt.PseudonymUse)
}

// TestCredentialMoreOneAnswer: hostile credentials of the new kinds (a
// tampered 2020 proof, a pseudonym credential with its pseudonym, its
// lengthBBSMessages or its nym_domain changed) get the same answer, byte
// for byte, on every run.
func TestCredentialMoreOneAnswer(t *testing.T) {
	e := newEnv(t)
	psk := register2020Issuer(t, e, "uscis", 23)
	kp := registerNymIssuer(t, e, "rental", 32)
	h := newNymHolder(t, kp.sk, 3)

	nymEdit := func(f func(p *vc.PseudonymDerivedProofValue)) string {
		c := h.derive(t, "https://e.example/", testNonce(100))
		proof := c["proof"].(map[string]any)
		p, err := vc.ParsePseudonymDerivedProofValue(proof["proofValue"].(string))
		require.NoError(t, err)
		f(p)
		proof["proofValue"], err = p.Encode()
		require.NoError(t, err)
		return credentialArg(t, c)
	}
	other := newNymHolder(t, kp.sk, 4).derive(t, "https://e.example/", testNonce(101))
	otherPV, err := vc.ParsePseudonymDerivedProofValue(other["proof"].(map[string]any)["proofValue"].(string))
	require.NoError(t, err)
	c2020 := cred2020(t, psk, nil, testNonce(102))
	c2020["proof"].(map[string]any)["nonce"] = base64.StdEncoding.EncodeToString(testNonce(103))
	hostile := map[string]string{
		"2020 nonce changed":   credentialArg(t, c2020),
		"2020 claim changed":   credentialArg(t, tamperedClaim(t, cred2020(t, psk, nil, testNonce(104)), "credentialSubject", "birthDate")),
		"another pseudonym":    nymEdit(func(p *vc.PseudonymDerivedProofValue) { p.Pseudonym = otherPV.Pseudonym }),
		"lengthBBSMessages+1":  nymEdit(func(p *vc.PseudonymDerivedProofValue) { p.LengthBBSMessages++ }),
		"nym_domain changed":   nymEdit(func(p *vc.PseudonymDerivedProofValue) { p.NymDomain = []byte("https://f.example/") }),
		"nym_domain empty":     nymEdit(func(p *vc.PseudonymDerivedProofValue) { p.NymDomain = []byte{} }),
		"presentation changed": nymEdit(func(p *vc.PseudonymDerivedProofValue) { p.PresentationHeader = testNonce(105) }),
	}
	for name, arg := range hostile {
		t.Run(name, func(t *testing.T) {
			ev := oneanswer.Check(t, 3, func() string {
				res := e.evaluate(e.bob, "VerifyCredential", arg)
				return res.Response.GetMessage() + string(res.Response.GetPayload())
			})
			if res := e.evaluate(e.bob, "VerifyCredential", arg); res.OK() {
				require.False(t, decode[credentials.CredentialResult](t, res).Valid, "%s", ev)
			}
			requireFailure(t, e.submit(e.bob, "SubmitCredential", arg))
		})
	}
}

// BenchmarkVerifyCredentialKinds runs VerifyCredential through the fake
// stub for a valid and a hostile credential of each new kind, side by
// side: the hostile ones must cost at most about as much as the valid
// (a changed claim or pseudonym costs the full verification; a false
// lengthBBSMessages is refused before the pairing).
func BenchmarkVerifyCredentialKinds(b *testing.B) {
	t := &testing.T{}
	e := newEnv(t).asDeployed()
	e.t = t
	psk := register2020Issuer(t, e, "uscis", 24)
	kp := registerNymIssuer(t, e, "rental", 33)
	h := newNymHolder(t, kp.sk, 5)
	nym := h.derive(t, "https://g.example/", testNonce(110))
	nymLen := h.derive(t, "https://g.example/", testNonce(111))
	proof := nymLen["proof"].(map[string]any)
	p, err := vc.ParsePseudonymDerivedProofValue(proof["proofValue"].(string))
	if err != nil {
		b.Fatal(err)
	}
	p.LengthBBSMessages++
	if proof["proofValue"], err = p.Encode(); err != nil {
		b.Fatal(err)
	}
	args := []struct {
		name  string
		arg   string
		valid bool
	}{
		{"2020/valid", credentialArg(t, cred2020(t, psk, nil, testNonce(112))), true},
		{"2020/claim-changed", credentialArg(t, tamperedClaim(t, cred2020(t, psk, nil, testNonce(113)), "credentialSubject", "givenName")), false},
		{"pseudonym/valid", credentialArg(t, nym), true},
		{"pseudonym/claim-changed", credentialArg(t, tamperedClaim(t, h.derive(t, "https://g.example/", testNonce(114)), "credentialSubject", "sailNumber")), false},
		{"pseudonym/length+1", credentialArg(t, nymLen), false},
	}
	for _, a := range args {
		b.Run(a.name, func(b *testing.B) {
			for b.Loop() {
				r := e.ledger.Evaluate(e.cc, e.bob.Creator, Name+":VerifyCredential", a.arg)
				if !r.OK() || decode[credentials.CredentialResult](t, r).Valid != a.valid {
					b.Fatalf("%s: %s %s", a.name, r.Response.GetMessage(), r.Response.GetPayload())
				}
			}
		})
	}
}
