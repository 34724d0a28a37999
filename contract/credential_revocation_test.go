// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/vc"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// The statusListCredential IRIs of the windsurf issuer's two ledger lists.
const (
	windRevocationList = "https://windsurf.example/status/revocation"
	windSuspensionList = "https://windsurf.example/status/suspension"
)

// credRevEnv is a ledger with the windsurf issuer (the W3C vector's key,
// its application context registered) and credential policies with epoch
// and status rules.
type credRevEnv struct {
	*env
	sk    *bbs.SecretKey
	nonce byte
}

func newCredRevEnv(t *testing.T) *credRevEnv {
	t.Helper()
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	for id, rules := range map[string]string{
		"epoch0":    `"epoch":{"pointer":"/credentialSubject/epoch"}`,
		"epoch1":    `"epoch":{"pointer":"/credentialSubject/epoch","grace":1}`,
		"status":    `"status":{"list":"revocation","statusListCredential":"` + windRevocationList + `"}`,
		"suspended": `"status":{"list":"suspension","statusListCredential":"` + windSuspensionList + `"}`,
		"both":      `"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"}],"epoch":{"pointer":"/credentialSubject/epoch"},"status":{"list":"revocation","statusListCredential":"` + windRevocationList + `"}`,
	} {
		r := e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"windsurf"}],"credential":{`+rules+`}}`)
		require.True(t, r.Committed, r.Response.GetMessage())
	}
	return &credRevEnv{env: e, sk: sk, nonce: 100}
}

// statusEntryOf is a W3C Bitstring Status List entry.
func statusEntryOf(list, purpose string, index any) map[string]any {
	return map[string]any{"type": "BitstringStatusListEntry", "statusPurpose": purpose, "statusListIndex": index, "statusListCredential": list}
}

// credential issues the windsurf document with the application context,
// epoch (when not nil) as /credentialSubject/epoch and status (when not
// nil) as /credentialStatus, both mandatory unless selective, and derives
// it with the vector's selective pointers (and /credentialSubject/epoch
// when it is selective and disclose).
func (e *credRevEnv) credential(epoch, status any, selective, disclose bool) map[string]any {
	t := e.t
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(windCtxURL, []byte(windCtxDoc), ""))
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	doc["@context"] = []any{"https://www.w3.org/ns/credentials/v2", windCtxURL}
	did, _, err := vc.DIDKey(e.sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc["issuer"] = did
	var mandatory, sel []string
	readWind(t, "windMandatory.json", &mandatory)
	readWind(t, "windSelective.json", &sel)
	mandatory = append(mandatory, "/type")
	if epoch != nil {
		doc["credentialSubject"].(map[string]any)["epoch"] = epoch
		switch {
		case !selective:
			mandatory = append(mandatory, "/credentialSubject/epoch")
		case disclose:
			sel = append(sel, "/credentialSubject/epoch")
		}
	}
	if status != nil {
		doc["credentialStatus"] = status
		mandatory = append(mandatory, "/credentialStatus")
	}
	doc = asJSON(t, doc)
	rnd := rand.NewChaCha8([32]byte{7})
	signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: e.sk, Created: "2026-01-15T10:00:00Z", MandatoryPointers: mandatory, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	e.nonce++
	derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: sel, PresentationHeader: testNonce(e.nonce), Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

// asJSON is doc as encoding/json reads it back (numbers float64).
func asJSON(t *testing.T, doc map[string]any) map[string]any {
	t.Helper()
	b, err := json.Marshal(doc)
	require.NoError(t, err)
	var out map[string]any
	require.NoError(t, json.Unmarshal(b, &out))
	return out
}

// verify is VerifyCredential of cred under policy p.
func (e *credRevEnv) verify(cred map[string]any, p string) credentials.CredentialResult {
	e.t.Helper()
	return decode[credentials.CredentialResult](e.t, e.evaluate(e.bob, "VerifyCredential", credentialPolicyArg(e.t, cred, p, 0)))
}

// requireMet checks that cred satisfies p and that SubmitCredential
// records it.
func (e *credRevEnv) requireMet(cred map[string]any, p string) {
	t := e.t
	t.Helper()
	res := e.verify(cred, p)
	require.True(t, res.Valid, res.Reason)
	require.True(t, res.Satisfied)
	requireAccepted(t, e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, cred, p, 0)))
}

// requireUnmet checks that cred fails rule of p with reason, before any
// pairing (no claims returned), and that SubmitCredential refuses it
// writing nothing.
func (e *credRevEnv) requireUnmet(cred map[string]any, p, rule, reason string) {
	t := e.t
	t.Helper()
	res := e.verify(cred, p)
	require.False(t, res.Valid)
	require.NotNil(t, res.Unmet, res.Reason)
	require.Equal(t, rule, res.Unmet.Rule, res.Unmet.Reason)
	require.Contains(t, res.Unmet.Reason, reason)
	require.Empty(t, res.Claims)
	requireFailure(t, e.submit(e.bob, "SubmitCredential", credentialPolicyArg(t, cred, p, 0)), base.ErrPolicyNotSatisfied.Error(), reason)
}

// TestCredentialEpochRule: the epoch claim of a bbs-2023 credential,
// read from its signed statements, against the issuer's epoch on the
// ledger, with and without grace; an epoch claim that is missing, not
// disclosed or not a whole number is unmet, with the rule in words.
func TestCredentialEpochRule(t *testing.T) {
	e := newCredRevEnv(t)
	c5 := e.credential(5, nil, false, false)
	e.requireUnmet(c5, "epoch0", "credential.epoch", `issuer "windsurf" publishes no epoch`)

	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "windsurf", "5"))
	e.requireMet(c5, "epoch0")
	e.requireMet(e.credential("5", nil, false, false), "epoch0") // a string of digits
	e.requireMet(e.credential(5, nil, true, true), "epoch0")     // selectively disclosed

	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "windsurf", "6"))
	c5 = e.credential(5, nil, false, false)
	e.requireUnmet(c5, "epoch0", "credential.epoch",
		`the credential's epoch 5 ("/credentialSubject/epoch") is older than the 6 the policy accepts (issuer "windsurf" is at epoch 6, grace 0): the issuer has not reissued it`)
	res := e.verify(c5, "epoch0")
	require.Equal(t, "/credentialSubject/epoch", res.Unmet.Pointer)
	e.requireMet(c5, "epoch1")
	e.requireMet(e.credential(6, nil, false, false), "epoch0")
	e.requireMet(e.credential(7, nil, false, false), "epoch0") // issued ahead of a raise

	for _, tt := range []struct {
		name              string
		epoch             any
		selective, disclo bool
		reason            string
	}{
		{"absent", nil, false, false, `the epoch at "/credentialSubject/epoch" is not disclosed`},
		{"withheld", 6, true, false, `the epoch at "/credentialSubject/epoch" is not disclosed`},
		{"leading zero", "06", false, false, `is not a canonical decimal number`},
		{"negative", -6, false, false, `is not a canonical decimal number`},
		{"fraction", 6.5, false, false, `is a literal of datatype "http://www.w3.org/2001/XMLSchema#double", not a whole number`},
		{"boolean", true, false, false, `datatype "http://www.w3.org/2001/XMLSchema#boolean"`},
		{"over 2^53-1", "9007199254740992", false, false, `is not a canonical decimal number`},
		{"two values", []any{6, 7}, false, false, `selects 2 values; an epoch is one`},
		{"an object without value", map[string]any{"id": "https://windsurf.example/epochs/6"}, false, false, `is not a value`},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func(parent *testing.T) { e.t = parent }(e.t)
			e.t = t
			e.requireUnmet(e.credential(tt.epoch, nil, tt.selective, tt.disclo), "epoch0", "credential.epoch", tt.reason)
		})
	}
}

// TestCredentialStatusRule: the credential's Bitstring Status List entry
// for the policy's statusListCredential, read from its signed statements,
// against the issuer's ledger list: met while its bit is clear, refused
// from the transaction after the bit is set, other entries unaffected;
// an entry that is missing, for another list or purpose, out of the
// list, or of more than one bit is unmet, with the rule in words.
func TestCredentialStatusRule(t *testing.T) {
	e := newCredRevEnv(t)
	c12 := e.credential(nil, statusEntryOf(windRevocationList, "revocation", "12"), false, false)
	e.requireUnmet(c12, "status", "credential.status", `there is no status list "revocation" of issuer "windsurf"`)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "windsurf", "revocation", "revocation", "16384"))
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "windsurf", "suspension", "suspension", "8192"))

	e.requireMet(c12, "status")
	c13 := e.credential(nil, statusEntryOf(windRevocationList, "revocation", 13), false, false) // an xsd:integer index
	e.requireMet(c13, "status")
	far := e.credential(nil, statusEntryOf(windRevocationList, "revocation", "16383"), false, false)
	e.requireMet(far, "status")

	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "windsurf", "revocation", `{"set":[12]}`))
	c12 = e.credential(nil, statusEntryOf(windRevocationList, "revocation", "12"), false, false)
	e.requireUnmet(c12, "status", "credential.status", `the credential is revoked: entry 12 of the status list "revocation" of issuer "windsurf" is set`)
	e.requireMet(e.credential(nil, statusEntryOf(windRevocationList, "revocation", 13), false, false), "status")
	e.requireMet(e.credential(nil, statusEntryOf(windRevocationList, "revocation", "16383"), false, false), "status")

	// Two entries, one per list: each policy reads its own.
	two := []any{statusEntryOf(windRevocationList, "revocation", "20"), statusEntryOf(windSuspensionList, "suspension", "12")}
	e.requireMet(e.credential(nil, two, false, false), "status")
	e.requireMet(e.credential(nil, two, false, false), "suspended")
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "windsurf", "suspension", `{"set":[12]}`))
	e.requireUnmet(e.credential(nil, two, false, false), "suspended", "credential.status", `the credential is suspended: entry 12 of the status list "suspension" of issuer "windsurf" is set`)
	e.requireMet(e.credential(nil, two, false, false), "status")
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "windsurf", "suspension", `{"clear":[12]}`))
	e.requireMet(e.credential(nil, two, false, false), "suspended")

	sized := statusEntryOf(windRevocationList, "revocation", "21")
	sized["statusSize"] = 2
	onSubject := statusEntryOf(windRevocationList, "revocation", "22")
	noType := statusEntryOf(windRevocationList, "revocation", "23")
	noType["type"] = "SomeOtherEntry"
	for _, tt := range []struct {
		name   string
		status any
		reason string
	}{
		{"no entry", nil, `the credential discloses no credentialStatus entry for statusListCredential "` + windRevocationList + `"`},
		{"another list", statusEntryOf("https://windsurf.example/status/other", "revocation", "1"), "discloses no credentialStatus entry"},
		{"another purpose", statusEntryOf(windRevocationList, "suspension", "1"), `does not disclose the statusPurpose "revocation" of the ledger list`},
		{"outside the list", statusEntryOf(windRevocationList, "revocation", "16384"), `status index 16384 is outside the 16384 entries of the status list "revocation"`},
		{"leading zero", statusEntryOf(windRevocationList, "revocation", "012"), "is not a canonical decimal number"},
		{"fraction", statusEntryOf(windRevocationList, "revocation", 1.5), "is not a whole number"},
		{"two bits", sized, `has statusSize "2"; the ledger lists have one bit per entry`},
		{"another type, so not the status terms", noType, "discloses no credentialStatus entry"},
		{"twice", []any{statusEntryOf(windRevocationList, "revocation", "30"), statusEntryOf(windRevocationList, "revocation", "31")}, "discloses 2 status entries"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			defer func(parent *testing.T) { e.t = parent }(e.t)
			e.t = t
			e.requireUnmet(e.credential(nil, tt.status, false, false), "status", "credential.status", tt.reason)
		})
	}
	// An entry on the subject, not on the credential, is not the
	// credential's status.
	cred := e.credentialWithSubjectStatus(onSubject)
	e.requireUnmet(cred, "status", "credential.status", "discloses no credentialStatus entry")
}

// credentialWithSubjectStatus is a credential whose credentialSubject,
// not the credential, has the status entry.
func (e *credRevEnv) credentialWithSubjectStatus(entry map[string]any) map[string]any {
	t := e.t
	t.Helper()
	l, err := vc.NewLoader()
	require.NoError(t, err)
	require.NoError(t, l.Add(windCtxURL, []byte(windCtxDoc), ""))
	var doc map[string]any
	readWind(t, "windDoc.json", &doc)
	doc["@context"] = []any{"https://www.w3.org/ns/credentials/v2", windCtxURL}
	did, _, err := vc.DIDKey(e.sk.PublicKey().Bytes())
	require.NoError(t, err)
	doc["issuer"] = did
	doc["credentialSubject"].(map[string]any)["credentialStatus"] = entry
	doc = asJSON(t, doc)
	rnd := rand.NewChaCha8([32]byte{8})
	signed, err := l.Issue(doc, vc.IssueOptions{SecretKey: e.sk, Created: "2026-01-15T10:00:00Z", MandatoryPointers: []string{"/issuer", "/type", "/credentialSubject/credentialStatus"}, Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	e.nonce++
	derived, err := l.Derive(signed, vc.DeriveOptions{SelectivePointers: []string{"/credentialSubject/sailNumber"}, PresentationHeader: testNonce(e.nonce), Rand: rnd}, vc.Limits{})
	require.NoError(t, err)
	return derived
}

// TestCredentialRevocationNextBlock: a credential endorsed against the
// state before a status change or an epoch raise that commits first in
// the same block is invalidated (MVCC: it read the page and the epoch
// record); a credential of another page commits.
func TestCredentialRevocationNextBlock(t *testing.T) {
	e := newCredRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "windsurf", "revocation", "revocation", "16384"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "windsurf", "5"))
	c12 := e.credential(5, statusEntryOf(windRevocationList, "revocation", "12"), false, false)
	far := e.credential(5, statusEntryOf(windRevocationList, "revocation", "9000"), false, false)
	c12b := e.credential(5, statusEntryOf(windRevocationList, "revocation", "14"), false, false)
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":UpdateStatusList", "windsurf", "revocation", `{"set":[12]}`}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitCredential", credentialPolicyArg(t, c12, "status", 0)}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitCredential", credentialPolicyArg(t, far, "status", 0)}},
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":SetIssuerEpoch", "windsurf", "6"}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitCredential", credentialPolicyArg(t, c12b, "epoch0", 0)}},
	)
	require.True(t, rs[0].Committed)
	require.True(t, rs[1].OK(), "endorsed before the revocation committed: %s", rs[1].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	require.True(t, rs[2].Committed, rs[2].ValidationDetail)
	require.True(t, rs[3].Committed)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[4].Validation)
	e.requireUnmet(e.credential(5, statusEntryOf(windRevocationList, "revocation", "12"), false, false), "both", "credential.epoch", "older than the 6")
	e.requireUnmet(e.credential(6, statusEntryOf(windRevocationList, "revocation", "12"), false, false), "both", "credential.status", "is set")
	e.requireMet(e.credential(6, statusEntryOf(windRevocationList, "revocation", "13"), false, false), "both")
}

// TestCredentialRevocationOneAnswer: hostile credentials under epoch and
// status policies get one answer on every run.
func TestCredentialRevocationOneAnswer(t *testing.T) {
	e := newCredRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "windsurf", "revocation", "revocation", "8192"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "windsurf", "9"))
	sized := statusEntryOf(windRevocationList, "revocation", "3")
	sized["statusSize"] = "x"
	creds := []map[string]any{
		e.credential([]any{1, "2", 3.5}, []any{statusEntryOf(windRevocationList, "revocation", "1"), statusEntryOf(windRevocationList, "revocation", "2"), statusEntryOf(windRevocationList, "suspension", "3")}, false, false),
		e.credential("0009", sized, false, false),
		e.credential(map[string]any{"a": 1, "b": 2}, statusEntryOf(windRevocationList, "revocation", "8192"), false, false),
	}
	for _, c := range creds {
		for _, p := range []string{"epoch0", "status", "both"} {
			arg := credentialPolicyArg(t, c, p, 0)
			oneAnswerTx(t, e.env, "VerifyCredential", arg)
			oneAnswerTx(t, e.env, "SubmitCredential", arg)
		}
	}
}

// TestSubmitCredentialsRevocation: in a SubmitCredentials batch under the
// epoch and status policy, the revoked item and the item of an old epoch
// are refused with their rule in words, the others are recorded.
func TestSubmitCredentialsRevocation(t *testing.T) {
	e := newCredRevEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreateStatusList", "windsurf", "revocation", "revocation", "8192"))
	requireAccepted(t, e.submit(e.alice, "SetIssuerEpoch", "windsurf", "6"))
	requireAccepted(t, e.submit(e.alice, "UpdateStatusList", "windsurf", "revocation", `{"set":[2]}`))
	reqs := []string{
		credentialPolicyArg(t, e.credential(6, statusEntryOf(windRevocationList, "revocation", "1"), false, false), "both", 0),
		credentialPolicyArg(t, e.credential(6, statusEntryOf(windRevocationList, "revocation", "2"), false, false), "both", 0),
		credentialPolicyArg(t, e.credential(5, statusEntryOf(windRevocationList, "revocation", "3"), false, false), "both", 0),
		credentialPolicyArg(t, e.credential(6, statusEntryOf(windRevocationList, "revocation", "4"), false, false), "both", 0),
	}
	r := e.submit(e.bob, "SubmitCredentials", credentialBatchArg(t, reqs...))
	requireAccepted(t, r)
	out := decode[credentials.CredentialBatchResults](t, r)
	require.Equal(t, 2, out.ValidCount)
	require.True(t, out.Results[0].Valid)
	require.True(t, out.Results[1].Refused)
	require.Contains(t, out.Results[1].Reason, "the credential is revoked: entry 2 of the status list")
	require.True(t, out.Results[2].Refused)
	require.Contains(t, out.Results[2].Reason, "the credential's epoch 5")
	require.True(t, out.Results[3].Valid)
}
