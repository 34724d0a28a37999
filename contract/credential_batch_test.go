// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/stretchr/testify/require"
)

// credentialBatchArg is SubmitCredentials' argument: the requests as a
// JSON array.
func credentialBatchArg(t *testing.T, reqs ...string) string {
	t.Helper()
	return "[" + strings.Join(reqs, ",") + "]"
}

// TestSubmitCredentials: a batch of five credential requests, one
// tampered, one failing its policy, one replaying the nonce of an earlier
// item of the batch, one malformed, among valid ones: the valid ones are
// recorded under BatchRecordID as SubmitCredential records them, each
// refusal carries SubmitCredential's error, one event summarises the
// batch, and the consumed nonces are replays afterwards.
func TestSubmitCredentials(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	r := e.submit(e.alice, "CreatePolicy", `{"id":"mars","issuers":[{"id":"windsurf"}],"credential":{"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Mars1"}]}}`)
	require.True(t, r.Committed, r.Response.GetMessage())
	r = e.submit(e.alice, "CreatePolicy", `{"id":"earth","issuers":[{"id":"windsurf"}],"credential":{"claims":[{"pointer":"/credentialSubject/sailNumber","equals":"Earth101"}],"recordClaims":true}}`)
	require.True(t, r.Committed, r.Response.GetMessage())

	good := credentialArg(t, windCredential(t, sk, nil, testNonce(100)))
	tampered := windCredential(t, sk, nil, testNonce(101))
	tampered["credentialSubject"].(map[string]any)["sailNumber"] = "Earth102"
	unmet := credentialPolicyArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(102)), "mars", 0)
	withPolicy := credentialPolicyArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(103)), "earth", 0)
	replay := credentialArg(t, windCredential(t, sk, nil, testNonce(100)))
	arg := credentialBatchArg(t, good, credentialArg(t, tampered), unmet, replay, `{"credential":[]}`, withPolicy)

	r = e.submit(e.bob, "SubmitCredentials", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	out := decode[credentials.CredentialBatchResults](t, r)
	require.Equal(t, 6, out.Count)
	require.Equal(t, 2, out.ValidCount)
	require.Equal(t, []string{r.TxID + "#0", r.TxID + "#5"}, out.RecordIDs)
	want := []struct {
		valid  bool
		reason []string
	}{
		{true, nil},
		{false, []string{base.ErrProofRejected.Error(), "does not verify"}},
		{false, []string{base.ErrPolicyNotSatisfied.Error(), `"/credentialSubject/sailNumber" must equal "Mars1"`}},
		{false, []string{base.ErrReplay.Error(), "by transaction " + r.TxID + "#0;"}},
		{false, []string{"credential must be a JSON object"}},
		{true, nil},
	}
	for i, w := range want {
		res := out.Results[i]
		require.Equal(t, i, res.Index)
		require.Equal(t, w.valid, res.Valid, "item %d: %s", i, res.Reason)
		require.Equal(t, !w.valid, res.Refused)
		for _, s := range w.reason {
			require.Contains(t, res.Reason, s, "item %d", i)
		}
		if w.valid {
			require.Equal(t, r.TxID+"#"+string(rune('0'+i)), res.RecordID)
			require.NotNil(t, res.Receipt)
			rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", res.RecordID))
			require.Equal(t, res.Receipt.ClaimsSHA256, rec.ClaimsSHA256)
			ver := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", res.RecordID))
			require.Empty(t, ver.Disclosed)
			require.Equal(t, rec.NonceSHA256, base.HashHex(ver.Nonce))
		}
	}
	rec := decode[credentials.CredentialVerification](t, e.evaluate(e.bob, "GetCredentialVerification", r.TxID+"#5"))
	require.Equal(t, "earth", rec.Policy)
	require.Contains(t, rec.Claims, `"sailNumber":"Earth101"`)
	require.NotNil(t, r.Event)
	require.Equal(t, credentials.EventCredentialsVerified, r.Event.EventName)
	var sum proofs.BatchSummary
	require.NoError(t, json.Unmarshal(r.Event.Payload, &sum))
	require.Equal(t, proofs.BatchSummary{TxID: r.TxID, Count: 6, ValidCount: 2, RecordIDs: out.RecordIDs}, sum)

	// Afterwards: the consumed nonces are replays, the others are free.
	requireFailure(t, e.submit(e.bob, "SubmitCredential", good), base.ErrReplay.Error(), r.TxID+"#0")
	require.False(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", unmet)).NonceConsumed)

	// A batch of nothing valid writes nothing but the event; limits.
	r = e.submit(e.bob, "SubmitCredentials", credentialBatchArg(t, good))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Zero(t, decode[credentials.CredentialBatchResults](t, r).ValidCount)
	require.Zero(t, r.Writes)
	many := make([]string, credentials.MaxCredentialBatch+1)
	for i := range many {
		many[i] = `{"credential":{}}`
	}
	requireFailure(t, e.submit(e.bob, "SubmitCredentials", credentialBatchArg(t, many...)), "more than 16")
	requireFailure(t, e.submit(e.bob, "SubmitCredentials", "[]"), "empty")
	requireFailure(t, e.submit(e.bob, "SubmitCredentials", "{}"), "JSON array")
}

// TestSubmitCredentialsMatchesOneByOne: the records a batch stores for a
// credential are those SubmitCredential stores for it, but for the keys.
func TestSubmitCredentialsMatchesOneByOne(t *testing.T) {
	sk := windKey(t)
	a := credentialArg(t, windCredential(t, sk, nil, testNonce(110)))
	one := newEnv(t)
	registerKeyIssuer(t, one, "windsurf", sk)
	r := one.submit(one.bob, "SubmitCredential", a)
	require.True(t, r.Committed, r.Response.GetMessage())
	single := decode[credentials.CredentialVerification](t, one.evaluate(one.bob, "GetCredentialVerification", r.TxID))

	many := newEnv(t)
	registerKeyIssuer(t, many, "windsurf", sk)
	r = many.submit(many.bob, "SubmitCredentials", credentialBatchArg(t, a))
	require.True(t, r.Committed, r.Response.GetMessage())
	batch := decode[credentials.CredentialVerification](t, many.evaluate(many.bob, "GetCredentialVerification", r.TxID+"#0"))
	single.TxID, batch.TxID = "", ""
	single.Timestamp = batch.Timestamp
	require.Equal(t, single, batch)
}

// TestSubmitCredentialsOneAnswer: a batch with several failing items gives
// the same answer on every run.
func TestSubmitCredentialsOneAnswer(t *testing.T) {
	e := newEnv(t)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	good := credentialArg(t, windCredential(t, sk, nil, testNonce(120)))
	tampered := windCredential(t, sk, nil, testNonce(121))
	tampered["credentialSubject"].(map[string]any)["sailNumber"] = "Earth102"
	arg := credentialBatchArg(t, good, credentialArg(t, tampered), good, `{"z":1,"y":2}`, `{"credential":{"@context":"https://unknown.example/"}}`)
	oneAnswerTx(t, e, "SubmitCredentials", arg)
}
