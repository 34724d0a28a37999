// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// forgedContext is a context record as the coalition would write it to
// look like the owner's registration of document for url.
func forgedContext(t *testing.T, e *env, issuer, url, document string) []byte {
	t.Helper()
	b, err := json.Marshal(contexts.ContextRecord{
		Issuer: issuer, URL: url, SHA256: base.HashHex([]byte(document)), Document: document,
		Registrant: base.Owner{MSPID: e.alice.MSPID, ID: request.SubmitterID(e.alice.Cert)},
		TxID:       "0000000000000000000000000000000000000000000000000000000000000001",
		Timestamp:  time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC),
	})
	require.NoError(t, err)
	return b
}

// contextKeys returns the committed keys of issuer's contexts.
func contextKeys(t *testing.T, e *env, issuer string) []string {
	t.Helper()
	prefix, err := base.CompositeKey(e.ledger.NewStub(nil), contexts.ContextObjectType, issuer)
	require.NoError(t, err)
	var out []string
	for _, k := range e.ledger.Keys() {
		if strings.HasPrefix(k, prefix) {
			out = append(out, k)
		}
	}
	return out
}

const evilCtxDoc = `{"@context":{"@vocab":"https://evil.example/terms#"}}`

// TestContextTakeOverRefused: on an OR channel, Org2 (the coalition)
// creates an issuer's context first, under the key the contract used to
// read, with the owner's document, the owner named as registrant and a
// key-level policy that the owner's endorsements also satisfy, meaning to
// rewrite it later alone. The contract does not believe it: GetContext
// finds nothing, a credential naming the URL is refused; the owner's
// registration commits; the coalition can then rewrite neither the record
// the contract reads nor the meaning of the owner's credentials.
func TestContextTakeOverRefused(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	arg := credentialArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(150)))
	stub := e.ledger.NewStub(nil)
	old, err := base.CompositeKey(stub, contexts.ContextObjectType, "windsurf", base.HashHex([]byte(windCtxURL)))
	require.NoError(t, err)
	both := fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP")
	e.squat(old, forgedContext(t, e, "windsurf", windCtxURL, windCtxDoc), both)

	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL), base.ErrNotFound.Error())
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", arg), "neither built in nor registered")

	// The owner's registration, endorsed by every organisation.
	r := e.submitAs([]string{"Org1MSP", "Org2MSP"}, e.alice, "RegisterContext", "windsurf", windCtxURL, windCtxDoc)
	require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
	rec := decode[contexts.ContextRecord](t, r)
	require.Equal(t, r.TxID, rec.TxID)

	// The coalition rewrites its own record, and every other context key
	// of the issuer: the record the contract reads carries the owner's
	// policy, so that rewrite fails at commit; the rest is not read.
	for _, k := range contextKeys(t, e, "windsurf") {
		w := e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org2MSP"}, fakestub.Write{Key: k, Value: forgedContext(t, e, "windsurf", windCtxURL, evilCtxDoc)})
		require.True(t, w.OK())
		if k != old {
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, w.Validation, "the believed context %q", k)
			require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(k))
		}
	}
	got := decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL))
	require.Equal(t, windCtxDoc, got.Document)
	require.Equal(t, r.TxID, got.TxID)
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, []contexts.ContextRef{{URL: windCtxURL, SHA256: base.HashHex([]byte(windCtxDoc))}}, res.Contexts)
	evil := credentialArg(t, windCredentialIn(t, sk, windCtxURL, evilCtxDoc, nil, testNonce(151)))
	require.False(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", evil)).Valid)
}

// TestPreCreatedContextWithOwnersPolicyNotBelieved: a context the
// coalition creates with exactly the owner's key-level policy, before the
// owner registers the URL, is not believed (the owner's policy on a record
// proves nothing about who created it); the owner's registration then
// commits and is the one believed.
func TestPreCreatedContextWithOwnersPolicyNotBelieved(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	stub := e.ledger.NewStub(nil)
	owners := fakestub.MSPPolicy(1, "Org1MSP")
	h := base.HashHex([]byte(windCtxURL))
	for _, attrs := range [][]string{{"windsurf", h}, {"windsurf", h, "legacy"}, {"windsurf", h, "guessed-generation"}} {
		k, err := base.CompositeKey(stub, contexts.ContextObjectType, attrs...)
		require.NoError(t, err)
		e.squat(k, forgedContext(t, e, "windsurf", windCtxURL, evilCtxDoc), owners)
	}
	evil := credentialArg(t, windCredentialIn(t, sk, windCtxURL, evilCtxDoc, nil, testNonce(152)))
	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL), base.ErrNotFound.Error())
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", evil), "neither built in nor registered")
	requireFailure(t, e.submit(e.bob, "SubmitCredential", evil), "neither built in nor registered")

	rec := registerContext(t, e, "windsurf", windCtxURL, windCtxDoc)
	require.Equal(t, windCtxDoc, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).Document)
	require.Equal(t, rec.TxID, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).TxID)
	arg := credentialArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(153)))
	res := decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg))
	require.True(t, res.Valid, res.Reason)
	require.False(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", evil)).Valid)
}

// makeLegacy rewrites issuer id's record as a version before 0.3.0 wrote
// it: without a directory (its key-level policy stays).
func makeLegacy(t *testing.T, e *env, id string) {
	t.Helper()
	key := mustIssuerKey(t, e, id)
	var m map[string]any
	require.NoError(t, json.Unmarshal(e.ledger.State(key), &m))
	delete(m, "records")
	b, err := json.Marshal(m)
	require.NoError(t, err)
	e.ledger.Put(key, b)
}

// TestLegacyContexts: an issuer registered before 0.3.0 has its contexts
// at the legacy key, believed on the owner's policy alone; one without it
// refuses the credentials naming it (BBS_UNTRUSTED_RECORD), and the
// owner's registration replaces it. The owner's first write of the issuer
// record lists the legacy contexts believed then; a legacy key created
// afterwards, even with the owner's policy, is not read.
func TestLegacyContexts(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	makeLegacy(t, e, "windsurf")
	stub := e.ledger.NewStub(nil)
	legacyKey := func(url string) string {
		k, err := base.CompositeKey(stub, contexts.ContextObjectType, "windsurf", base.HashHex([]byte(url)))
		require.NoError(t, err)
		return k
	}
	owners := fakestub.MSPPolicy(1, "Org1MSP")
	// Registered before 0.3.0 (written here as it was then).
	e.squat(legacyKey(windCtxURL), forgedContext(t, e, "windsurf", windCtxURL, windCtxDoc), owners)
	arg := credentialArg(t, windCredentialIn(t, sk, windCtxURL, windCtxDoc, nil, testNonce(170)))
	require.Equal(t, windCtxDoc, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).Document)
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg)).Valid)

	// A legacy key without the owner's policy is refused, not absent.
	const v2 = "https://windsurf.example/contexts/v2"
	e.squat(legacyKey(v2), forgedContext(t, e, "windsurf", v2, evilCtxDoc), fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP"))
	r := e.evaluate(e.bob, "GetContext", "windsurf", v2)
	require.False(t, r.OK())
	require.True(t, strings.HasPrefix(r.Response.GetMessage(), untrustedCode+":"), r.Response.GetMessage())
	evil2 := credentialArg(t, windCredentialIn(t, sk, v2, evilCtxDoc, nil, testNonce(171)))
	r = e.evaluate(e.bob, "VerifyCredential", evil2)
	require.False(t, r.OK())
	require.True(t, strings.HasPrefix(r.Response.GetMessage(), untrustedCode+":"), r.Response.GetMessage())

	// The owner registers v2: the issuer record gets its directory, with
	// the legacy context and the new one, not the squatted key.
	rec := registerContext(t, e, "windsurf", v2, windCtxDoc)
	require.Equal(t, windCtxDoc, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", v2)).Document)
	require.Equal(t, rec.TxID, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", v2)).TxID)
	require.Equal(t, windCtxDoc, decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL)).Document)
	require.True(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", arg)).Valid)
	require.False(t, decode[credentials.CredentialResult](t, e.evaluate(e.bob, "VerifyCredential", evil2)).Valid)

	// A legacy key created now, with the owner's policy, is not read.
	const v3 = "https://windsurf.example/contexts/v3"
	e.squat(legacyKey(v3), forgedContext(t, e, "windsurf", v3, evilCtxDoc), owners)
	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", v3), base.ErrNotFound.Error())
	requireFailure(t, e.evaluate(e.bob, "VerifyCredential", credentialArg(t, windCredentialIn(t, sk, v3, evilCtxDoc, nil, testNonce(172)))),
		"neither built in nor registered")
}

// withSquatter runs fakestub.Rogue for transactions whose function is
// "squat", with the arguments key, value and key-level policy ("" for
// none), and the contract for the others: a block can then hold both.
type withSquatter struct{ cc *Chaincode }

func (w withSquatter) Init(stub shim.ChaincodeStubInterface) *peer.Response { return w.cc.Init(stub) }

func (w withSquatter) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	if fn, _ := stub.GetFunctionAndParameters(); fn == "squat" {
		args := stub.GetArgs()
		if len(args) != 4 {
			return shim.Error("squat: key, value, policy")
		}
		ws, err := json.Marshal([]fakestub.Write{{Key: string(args[1]), Value: args[2], SetPolicy: len(args[3]) > 0, Policy: args[3]}})
		if err != nil {
			return shim.Error(err.Error())
		}
		return fakestub.Rogue{}.Invoke(writesStub{stub, ws})
	}
	return w.cc.Invoke(stub)
}

// writesStub is a stub whose one argument is writes, Rogue's argument.
type writesStub struct {
	shim.ChaincodeStubInterface
	writes []byte
}

func (s writesStub) GetArgs() [][]byte { return [][]byte{s.writes} }

// nextTxIDs returns the number n of the fake ledger's last transaction
// and the ID of transaction number n (a coalition peer that endorsed a
// proposal knows its ID).
func nextTxIDs(t *testing.T, e *env) (int, func(n int) string) {
	t.Helper()
	probe := e.evaluate(e.bob, "GetEndorsementConfig").TxID
	id := func(n int) string {
		h := sha256.Sum256([]byte("fakestub/tx/" + strconv.Itoa(n)))
		return hex.EncodeToString(h[:])
	}
	for n := 1; n < 1<<16; n++ {
		if id(n) == probe {
			return n, id
		}
	}
	t.Fatal("the fake ledger's transaction IDs changed")
	return 0, nil
}

// TestContextRaceBlocksOneRegistration: an endorser of the owner's
// RegisterContext, which knows its transaction ID, creates its context key
// first in the same block. With a key-level policy, the registration fails
// at commit and nothing is believed (one transaction blocked; the next
// registration has another key); without one, the registration commits
// and overwrites it with the owner's record and policy.
func TestContextRaceBlocksOneRegistration(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	cc := withSquatter{e.cc}
	h := base.HashHex([]byte(windCtxURL))
	race := func(policy []byte) []fakestub.Result {
		stub := e.ledger.NewStub(nil)
		n, id := nextTxIDs(t, e) // the block's transactions get n+1 and n+2
		key, err := base.CompositeKey(stub, contexts.ContextObjectType, "windsurf", h, id(n+2))
		require.NoError(t, err)
		rs := e.ledger.SubmitBlock(cc,
			fakestub.Tx{Creator: e.admin2.Creator, Endorsers: []string{"Org2MSP"},
				Args: []string{"squat", key, string(forgedContext(t, e, "windsurf", windCtxURL, evilCtxDoc)), string(policy)}},
			fakestub.Tx{Creator: e.alice.Creator, Endorsers: []string{"Org1MSP", "Org2MSP"},
				Args: []string{Name + ":RegisterContext", "windsurf", windCtxURL, windCtxDoc}})
		require.Equal(t, id(n+2), rs[1].TxID)
		require.True(t, rs[0].Committed, rs[0].ValidationDetail)
		return rs
	}
	rs := race(nobodysPolicy)
	require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, rs[1].Validation, rs[1].ValidationDetail)
	requireFailure(t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL), base.ErrNotFound.Error())

	rs = race(nil)
	require.True(t, rs[1].Committed, "%s %s", rs[1].Response.GetMessage(), rs[1].ValidationDetail)
	got := decode[contexts.ContextRecord](t, e.evaluate(e.bob, "GetContext", "windsurf", windCtxURL))
	require.Equal(t, windCtxDoc, got.Document)
	require.Equal(t, rs[1].TxID, got.TxID)
	key, err := base.CompositeKey(e.ledger.NewStub(nil), contexts.ContextObjectType, "windsurf", h, rs[1].TxID)
	require.NoError(t, err)
	require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key))
}
