// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"math/rand/v2"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/stretchr/testify/require"
)

// nymEpochCredential is the windsurf document with the application
// context and /credentialSubject/epoch (mandatory), issued by sk with the
// pseudonym feature and presented in domain for nonce.
func nymEpochCredential(t *testing.T, sk *bbs.SecretKey, epoch any, status any, domain string, nonce []byte) map[string]any {
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
	var mandatory, selective []string
	readWind(t, "windMandatory.json", &mandatory)
	readWind(t, "windSelective.json", &selective)
	mandatory = append(mandatory, "/type")
	if epoch != nil {
		doc["credentialSubject"].(map[string]any)["epoch"] = epoch
		mandatory = append(mandatory, "/credentialSubject/epoch")
	}
	if status != nil {
		doc["credentialStatus"] = status
		mandatory = append(mandatory, "/credentialStatus")
	}
	doc = asJSON(t, doc)
	rnd := rand.NewChaCha8([32]byte{nonce[0]})
	com, secret, err := vc.NewPseudonymCommitment(rnd)
	require.NoError(t, err)
	signed, err := l.IssueWithPseudonym(doc, vc.IssueOptions{SecretKey: sk, Created: "2023-08-15T23:36:38Z",
		MandatoryPointers: mandatory, Rand: rnd}, com, vc.Limits{})
	require.NoError(t, err)
	d, err := l.DeriveWithPseudonym(signed, vc.PseudonymDeriveOptions{
		DeriveOptions: vc.DeriveOptions{SelectivePointers: selective, PresentationHeader: nonce, Rand: rnd},
		NymSecret:     secret, NymDomain: []byte(domain),
	}, vc.Limits{})
	require.NoError(t, err)
	return d
}

// TestCredentialRevocationRulesEveryKind: the epoch, status and validity
// rules of a credential policy read only what every credential kind has
// (bbs-2023, bbs-2023 with a pseudonym, BbsBlsSignatureProof2020): each
// kind gets an answer under each rule, met or unmet with the rule in
// words, never a crash of the transaction.
func TestCredentialRevocationRulesEveryKind(t *testing.T) {
	e := newCredRevEnv(t)
	kp := registerNymIssuer(t, e.env, "rental", 30)
	sk2020 := register2020Issuer(t, e.env, "uscis", 20)
	for id, rules := range map[string]string{
		"nym-epoch":     `"issuers":[{"id":"rental"}],"credential":{"epoch":{"pointer":"/credentialSubject/epoch"}}`,
		"nym-status":    `"issuers":[{"id":"rental"}],"credential":{"status":{"list":"revocation","statusListCredential":"` + windRevocationList + `"}}`,
		"nym-validity":  `"issuers":[{"id":"rental"}],"credential":{"requireValidFrom":true,"requireValidUntil":true}`,
		"2020-epoch":    `"issuers":[{"id":"uscis"}],"credential":{"epoch":{"pointer":"/credentialSubject/givenName"}}`,
		"2020-withheld": `"issuers":[{"id":"uscis"}],"credential":{"epoch":{"pointer":"/credentialSubject/lprNumber"}}`,
		"2020-status":   `"issuers":[{"id":"uscis"}],"credential":{"status":{"list":"revocation","statusListCredential":"https://uscis.example/status"}}`,
		"2020-validity": `"issuers":[{"id":"uscis"}],"credential":{"requireValidFrom":true,"requireValidUntil":true}`,
		"nym-claims":    `"issuers":[{"id":"rental"}],"credential":{"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"}],"recordClaims":true}`,
		"2020-claims":   `"issuers":[{"id":"uscis"}],"credential":{"claims":[{"pointer":"/credentialSubject/givenName","equals":"x"}],"types":["PermanentResidentCard"],"recordClaims":true}`,
	} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`",`+rules+`}`)
		require.True(t, r.Committed, "%s: %s", id, r.Response.GetMessage())
	}
	const domain = "https://rental.example/"
	nonce := byte(150)
	nym := func(epoch, status any) map[string]any {
		nonce++
		return nymEpochCredential(t, kp.sk, epoch, status, domain, testNonce(nonce))
	}
	c2020 := func(givenName string) map[string]any {
		nonce++
		return cred2020(t, sk2020, func(doc map[string]any) {
			doc["credentialSubject"].(map[string]any)["givenName"] = givenName
		}, testNonce(nonce))
	}

	// Epoch: unmet while the issuer publishes none, met once it does,
	// unmet once it is raised past the credential's.
	e.requireUnmet(nym(5, nil), "nym-epoch", "credential.epoch", `issuer "rental" publishes no epoch`)
	e.requireUnmet(c2020("5"), "2020-epoch", "credential.epoch", `issuer "uscis" publishes no epoch`)
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "rental", "5"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uscis", "5"))
	e.requireMet(nym(5, nil), "nym-epoch")
	e.requireMet(c2020("5"), "2020-epoch")
	e.requireUnmet(nym(nil, nil), "nym-epoch", "credential.epoch", `the epoch at "/credentialSubject/epoch" is not disclosed`)
	e.requireUnmet(c2020("5"), "2020-withheld", "credential.epoch", `the epoch at "/credentialSubject/lprNumber" is not disclosed`)
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "rental", "6"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "uscis", "6"))
	e.requireUnmet(nym(5, nil), "nym-epoch", "credential.epoch", `the credential's epoch 5 ("/credentialSubject/epoch") is older than the 6`)
	e.requireUnmet(c2020("5"), "2020-epoch", "credential.epoch", `the credential's epoch 5 ("/credentialSubject/givenName") is older than the 6`)

	// Status: no list, then no entry, then met and revoked.
	e.requireUnmet(nym(nil, statusEntryOf(windRevocationList, "revocation", "12")), "nym-status", "credential.status", `there is no status list "revocation" of issuer "rental"`)
	e.requireUnmet(c2020("x"), "2020-status", "credential.status", `there is no status list "revocation" of issuer "uscis"`)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "rental", "revocation", "revocation", "16384"))
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "uscis", "revocation", "revocation", "16384"))
	e.requireUnmet(c2020("x"), "2020-status", "credential.status", "discloses no credentialStatus entry")
	e.requireUnmet(nym(nil, nil), "nym-status", "credential.status", "discloses no credentialStatus entry")
	e.requireMet(nym(nil, statusEntryOf(windRevocationList, "revocation", "12")), "nym-status")
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "rental", "revocation", `{"set":[12]}`))
	e.requireUnmet(nym(nil, statusEntryOf(windRevocationList, "revocation", "12")), "nym-status", "credential.status", "the credential is revoked: entry 12")

	// Validity: the windsurf document has no validFrom; MATTR's card
	// (VC 1.1) has an issuanceDate and an expirationDate, which are its
	// validity period.
	e.requireUnmet(nym(nil, nil), "nym-validity", "credential.requireValidFrom", "must disclose validFrom")
	e.requireMet(c2020("x"), "2020-validity")

	// Claims and types: read from the disclosed document of each kind.
	e.requireMet(nym(nil, nil), "nym-claims")
	e.requireMet(c2020("x"), "2020-claims")
	e.requireUnmet(c2020("y"), "2020-claims", "credential.claims", "/credentialSubject/givenName")
}

// TestCredentialRecordEveryKind: the record of each kind holds what that
// kind has, and nothing of another kind's: a BbsBlsSignatureProof2020
// credential has no mandatory statements (an empty mandatorySha256) and
// no pseudonym; a pseudonym credential has its pseudonym and context.
func TestCredentialRecordEveryKind(t *testing.T) {
	e := newCredRevEnv(t)
	kp := registerNymIssuer(t, e.env, "rental", 30)
	sk2020 := register2020Issuer(t, e.env, "uscis", 20)
	for _, tt := range []struct {
		cred      map[string]any
		suite     string
		mandatory bool
		pseudonym bool
	}{
		{e.credential(nil, nil, false, false), credentials.SuiteBBS2023, true, false},
		{nymEpochCredential(t, kp.sk, nil, nil, "https://rental.example/", testNonce(180)), credentials.SuiteBBS2023Pseudonym, true, true},
		{cred2020(t, sk2020, nil, testNonce(181)), credentials.SuiteBbsBlsSignatureProof2020, false, false},
	} {
		r := e.submit(e.bob, "SubmitCredential", credentialArg(t, tt.cred))
		require.True(t, r.Committed, "%s: %s", tt.suite, r.Response.GetMessage())
		rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", r.TxID))
		require.Equal(t, tt.suite, rec.Suite)
		require.Equal(t, tt.mandatory, rec.MandatorySHA256 != "", tt.suite)
		require.Equal(t, tt.pseudonym, len(rec.Pseudonym) > 0, tt.suite)
		require.Equal(t, tt.pseudonym, len(rec.Context) > 0, tt.suite)
		require.NotEmpty(t, rec.ProofConfigSHA256)
		require.NotEmpty(t, rec.StatementsSHA256)
	}
}
