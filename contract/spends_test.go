// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
	"unsafe"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/endorsement"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// callerCC is a chaincode that calls the bbs chaincode once per argument
// after the function name, in one transaction: each argument is a JSON
// array [function, argument] of the bbs contract. It answers the JSON
// array of the calls' responses and succeeds whatever they are, as a
// chaincode that ignores a failed call would.
type callerCC struct{}

// callResponse is one call's response, as callerCC reports it.
type callResponse struct {
	Status  int32  `json:"status"`
	Message string `json:"message"`
	Payload string `json:"payload"`
}

func (callerCC) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (callerCC) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	var out []callResponse
	for _, arg := range stub.GetArgs()[1:] {
		var call []string
		if err := json.Unmarshal(arg, &call); err != nil || len(call) != 2 {
			return shim.Error(fmt.Sprintf("bad call %q", arg))
		}
		r := stub.InvokeChaincode("bbs", [][]byte{[]byte(Name + ":" + call[0]), []byte(call[1])}, "")
		out = append(out, callResponse{Status: r.Status, Message: r.Message, Payload: string(r.Payload)})
	}
	b, _ := json.Marshal(out)
	return shim.Success(b)
}

// passThroughCC forwards its own arguments to the bbs chaincode, twice: a
// call whose arguments are the proposal's.
type passThroughCC struct{}

func (passThroughCC) Init(shim.ChaincodeStubInterface) *peer.Response { return shim.Success(nil) }

func (passThroughCC) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	var out []callResponse
	for range 2 {
		r := stub.InvokeChaincode("bbs", stub.GetArgs(), "")
		out = append(out, callResponse{Status: r.Status, Message: r.Message, Payload: string(r.Payload)})
	}
	b, _ := json.Marshal(out)
	return shim.Success(b)
}

// cc2ccEnv is an env whose chaincode is deployed as "bbs", with callerCC
// deployed as "caller".
func cc2ccEnv(t *testing.T) *env {
	t.Helper()
	e := newEnv(t)
	require.NoError(t, e.ledger.Deploy("bbs", e.cc, nil))
	require.NoError(t, e.ledger.Deploy("caller", callerCC{}, nil))
	e.configure(endorsement.EndorsementModeOwner) // in the "bbs" namespace, where e.cc now runs
	return e
}

// call is one call of the bbs contract for callerCC.
func call(t *testing.T, fn, arg string) string {
	t.Helper()
	return jsonArg(t, []string{fn, arg})
}

// viaCaller submits, as bob, one transaction of callerCC making the calls,
// and returns it and the calls' responses.
func (e *env) viaCaller(calls ...string) (fakestub.Result, []callResponse) {
	e.t.Helper()
	r := e.ledger.Submit(callerCC{}, e.bob.Creator, append([]string{"Call"}, calls...)...)
	require.True(e.t, r.OK(), r.Response.GetMessage())
	var out []callResponse
	require.NoError(e.t, json.Unmarshal(r.Response.Payload, &out))
	require.Len(e.t, out, len(calls))
	return r, out
}

func requireOK(t *testing.T, r callResponse) {
	t.Helper()
	require.Equal(t, int32(shim.OK), r.Status, r.Message)
}

func requireRefused(t *testing.T, r callResponse, want ...string) {
	t.Helper()
	require.Equal(t, int32(shim.ERROR), r.Status, "the call succeeded: %s", r.Payload)
	for _, w := range want {
		require.Contains(t, r.Message, w)
	}
}

func payloadOf[T any](t *testing.T, r callResponse) T {
	t.Helper()
	var v T
	require.NoError(t, json.Unmarshal([]byte(r.Payload), &v))
	return v
}

// TestOneSpendPerTransaction: a chaincode calling SubmitProof or
// SubmitProofs several times in one transaction gets a nonce accepted
// once; every call's records have keys of their own.
func TestOneSpendPerTransaction(t *testing.T) {
	e := cc2ccEnv(t)
	k := registerAcme(t, e)
	c := sign(t, k, nil)
	nonceX, nonceY, nonceZ := []byte("nonce X of sixteen bytes"), []byte("nonce Y of sixteen bytes"), []byte("nonce Z of sixteen bytes")
	x := jsonArg(t, c.present(t, "acme", nonceX, 1))
	y := jsonArg(t, c.present(t, "acme", nonceY, 2))
	z := jsonArg(t, c.present(t, "acme", nonceZ, 3))

	t.Run("same nonce twice", func(t *testing.T) {
		r, out := e.viaCaller(call(t, "SubmitProof", x), call(t, "SubmitProof", x))
		require.True(t, r.Committed)
		requireOK(t, out[0])
		receipt := payloadOf[proofs.ProofReceipt](t, out[0])
		require.Equal(t, r.TxID, receipt.TxID)
		require.Empty(t, receipt.RecordID, "the first call's record is under the transaction ID")
		requireRefused(t, out[1], base.ErrReplay.Error(), "by transaction "+r.TxID+";")
		// The record under the transaction ID is the first call's.
		rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
		require.Equal(t, nonceX, rec.Nonce)
		require.Empty(t, rec.RecordID)
		// And the nonce is consumed on the ledger by that record.
		requireFailure(t, e.submit(e.bob, "SubmitProof", x), base.ErrReplay.Error(), "by transaction "+r.TxID+";")
	})

	t.Run("two nonces, two records", func(t *testing.T) {
		r, out := e.viaCaller(call(t, "SubmitProof", y), call(t, "SubmitProof", z))
		require.True(t, r.Committed)
		requireOK(t, out[0])
		requireOK(t, out[1])
		second := payloadOf[proofs.ProofReceipt](t, out[1])
		require.Equal(t, r.TxID+"/1", second.RecordID)
		first := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
		require.Equal(t, nonceY, first.Nonce)
		rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID+"/1"))
		require.Equal(t, nonceZ, rec.Nonce)
		require.Equal(t, r.TxID, rec.TxID)
		require.Equal(t, r.TxID+"/1", rec.RecordID)
		requireFailure(t, e.submit(e.bob, "SubmitProof", z), base.ErrReplay.Error(), "by transaction "+r.TxID+"/1;")
		requireFailure(t, e.submit(e.bob, "SubmitProof", y), base.ErrReplay.Error(), "by transaction "+r.TxID+";")
	})
}

// TestOneSpendAcrossBatchCalls: SubmitProof then SubmitProofs, and two
// SubmitProofs, in one transaction.
func TestOneSpendAcrossBatchCalls(t *testing.T) {
	e := cc2ccEnv(t)
	k := registerAcme(t, e)
	c := sign(t, k, nil)
	req := func(n string) *request.Request { return c.present(t, "acme", []byte(n+" of sixteen bytes"), 1) }
	a, b, d := req("nonce A"), req("nonce B"), req("nonce D")

	// SubmitProof(a), then SubmitProofs([a, b]): a is a replay of the
	// first call, b is recorded under the second call's record ID.
	r, out := e.viaCaller(call(t, "SubmitProof", jsonArg(t, a)), call(t, "SubmitProofs", jsonArg(t, []*request.Request{a, b})))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	requireOK(t, out[1])
	res := payloadOf[proofs.BatchResults](t, out[1])
	require.True(t, res.Results[0].Refused)
	require.Contains(t, res.Results[0].Reason, base.ErrReplay.Error())
	require.Contains(t, res.Results[0].Reason, "by transaction "+r.TxID+";")
	require.True(t, res.Results[1].Valid)
	require.Equal(t, proofs.BatchRecordID(r.TxID+"/1", 1), res.Results[1].RecordID)
	require.Equal(t, []string{r.TxID + "/1#1"}, res.RecordIDs)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID+"/1#1"))
	require.Equal(t, b.Nonce, base64Std(rec.Nonce))

	// Two SubmitProofs calls with the same nonce: the second's item is a
	// replay of the first's record.
	r, out = e.viaCaller(call(t, "SubmitProofs", jsonArg(t, []*request.Request{d})), call(t, "SubmitProofs", jsonArg(t, []*request.Request{d})))
	require.True(t, r.Committed)
	first, second := payloadOf[proofs.BatchResults](t, out[0]), payloadOf[proofs.BatchResults](t, out[1])
	require.Equal(t, []string{proofs.BatchRecordID(r.TxID, 0)}, first.RecordIDs)
	require.Zero(t, second.ValidCount)
	require.Contains(t, second.Results[0].Reason, "by transaction "+proofs.BatchRecordID(r.TxID, 0)+";")

	// VerifyProof and VerifyProofs after a spend in the transaction see
	// the nonce consumed, as SubmitProof would refuse it.
	e2 := req("nonce E")
	_, out = e.viaCaller(call(t, "SubmitProof", jsonArg(t, e2)), call(t, "VerifyProof", jsonArg(t, e2)),
		call(t, "VerifyProofs", jsonArg(t, []*request.Request{e2})))
	require.True(t, payloadOf[proofs.VerificationResult](t, out[1]).NonceConsumed)
	require.True(t, payloadOf[proofs.BatchResults](t, out[2]).Results[0].Verification.NonceConsumed)
}

// TestFailedCallSpendsNothing: a call that fails leaves its nonce fresh for
// a later call of the same transaction.
func TestFailedCallSpendsNothing(t *testing.T) {
	e := cc2ccEnv(t)
	k := registerAcme(t, e)
	c := sign(t, k, nil)
	nonce := []byte("nonce F of sixteen bytes")
	good := c.present(t, "acme", nonce, 1)
	bad := c.present(t, "acme", nonce, 2)
	bad.Proof = good.Proof // the proof of another disclosure: does not verify
	r, out := e.viaCaller(call(t, "SubmitProof", jsonArg(t, bad)), call(t, "SubmitProof", jsonArg(t, good)))
	require.True(t, r.Committed)
	requireRefused(t, out[0], base.ErrProofRejected.Error())
	requireOK(t, out[1])
	require.Empty(t, payloadOf[proofs.ProofReceipt](t, out[1]).RecordID, "the first recording call's record is under the transaction ID")
}

// TestPseudonymUsesWithinTransaction: the uses of a pseudonym earlier in
// the transaction count against its limit, and each use has its own
// sequence number and record.
func TestPseudonymUsesWithinTransaction(t *testing.T) {
	s := bbs.PseudonymSchemes()[0]
	e := cc2ccEnv(t)
	k := registerPolls(t, e, s)
	holder := newNymCredential(t, k, 1)

	// Default limit, once: the second use in the transaction is refused.
	one := jsonArg(t, holder.present(t, "polls", "poll-A", "first nonce 0123456789"))
	two := jsonArg(t, holder.present(t, "polls", "poll-A", "second nonce 0123456789"))
	r, out := e.viaCaller(call(t, "SubmitProof", one), call(t, "SubmitProof", two))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	requireRefused(t, out[1], base.ErrPseudonymUsed.Error(), "used 1 time(s)", "the limit is 1;")

	// A policy allowing two uses: two uses in one transaction, a third
	// refused, with sequence numbers 1 and 2 and records of their own.
	require.True(t, e.submit(e.alice, "CreatePolicy", `{"id":"twice","issuers":[{"id":"polls"}],"pseudonym":{"context":`+b64q("poll-B")+`,"uses":2}}`).Committed)
	use := func(nonce string) string {
		req := holder.present(t, "polls", "poll-B", nonce)
		req.Policy = &request.PolicyRef{ID: "twice"}
		return jsonArg(t, req)
	}
	r, out = e.viaCaller(call(t, "SubmitProof", use("nonce one 0123456789")), call(t, "VerifyProof", use("nonce two 0123456789")),
		call(t, "SubmitProof", use("nonce two 0123456789")), call(t, "SubmitProof", use("nonce three 0123456789")))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	require.Equal(t, 1, payloadOf[proofs.ProofReceipt](t, out[0]).PseudonymUse)
	require.Equal(t, 1, payloadOf[proofs.VerificationResult](t, out[1]).PseudonymUses)
	requireOK(t, out[2])
	second := payloadOf[proofs.ProofReceipt](t, out[2])
	require.Equal(t, 2, second.PseudonymUse)
	require.Equal(t, r.TxID+"/1", second.RecordID)
	requireRefused(t, out[3], base.ErrPseudonymUsed.Error(), "used 2 time(s)", "the limit is 2")

	uses := decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses", b64("poll-B"), base64Std(second.Pseudonym)))
	require.Equal(t, 2, uses.Count)
	require.Equal(t, []int{1, 2}, []int{uses.Uses[0].Sequence, uses.Uses[1].Sequence})
	require.Equal(t, []string{r.TxID, r.TxID}, []string{uses.Uses[0].TxID, uses.Uses[1].TxID})
	require.Equal(t, []string{"", r.TxID + "/1"}, []string{uses.Uses[0].RecordID, uses.Uses[1].RecordID})
	require.Equal(t, 2, decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID+"/1")).PseudonymUse)
}

// TestRetriedDirectSubmitProof: a client's SubmitProof simulated again
// with the same signed proposal (an endorsement retried) gets the same
// answer, and the second simulation commits.
func TestRetriedDirectSubmitProof(t *testing.T) {
	e := newEnv(t)
	c := New()
	cc, err := contractapi.NewChaincode(c)
	require.NoError(t, err)
	cc.TransactionSerializer = e.cc.TransactionSerializer
	e.cc = &Chaincode{cc}
	k := registerAcme(t, e)
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("nonce R of sixteen bytes"), 1))
	first := e.ledger.NewStub(e.bob.Creator, Name+":SubmitProof", req)
	r1 := e.ledger.Simulate(e.cc, first)
	require.True(t, r1.OK(), r1.Response.GetMessage())
	again := first.Again()
	r2 := e.ledger.Simulate(e.cc, again)
	require.True(t, r2.OK(), r2.Response.GetMessage())
	require.Equal(t, r1.TxID, r2.TxID)
	require.Equal(t, r1.Response.Payload, r2.Response.Payload)
	require.Zero(t, c.tracker().Tracked(), "a direct call left spends in memory")
	e.ledger.Commit(again)
	require.Equal(t, r1.TxID, decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r1.TxID)).TxID)
	requireFailure(t, e.submit(e.bob, "SubmitProof", req), base.ErrReplay.Error())
}

// TestResimulatedCallerIsRefused: a chaincode's transaction simulated again
// on the same peer (the same signed proposal) finds its nonce spent by the
// first simulation and is refused: the least harmful answer when nothing
// tells a second simulation from a second call (spends.go). A new
// proposal is accepted.
func TestResimulatedCallerIsRefused(t *testing.T) {
	e := cc2ccEnv(t)
	k := registerAcme(t, e)
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("nonce S of sixteen bytes"), 1))
	// NewStub runs callerCC in the ledger's default namespace: its proposal
	// must name the calling chaincode, not bbs.
	e.ledger.DefaultChaincodeName = "caller"
	first := e.ledger.NewStub(e.bob.Creator, "Call", call(t, "SubmitProof", req))
	r := e.ledger.Simulate(callerCC{}, first)
	var out []callResponse
	require.NoError(t, json.Unmarshal(r.Response.Payload, &out))
	requireOK(t, out[0])

	r = e.ledger.Simulate(callerCC{}, first.Again())
	require.NoError(t, json.Unmarshal(r.Response.Payload, &out))
	requireRefused(t, out[0], base.ErrReplay.Error(), "by transaction "+r.TxID+";")

	// Nothing was committed: a new transaction spends the nonce.
	_, out = e.viaCaller(call(t, "SubmitProof", req))
	requireOK(t, out[0])
}

// TestPassThroughCallIsTracked: a chaincode that forwards exactly its own
// proposal's arguments to bbs twice is still another chaincode (the
// proposal's header names it, not bbs), so its second spend of the nonce is
// refused as a replay, as any calling chaincode's is.
func TestPassThroughCallIsTracked(t *testing.T) {
	e := cc2ccEnv(t)
	require.NoError(t, e.ledger.Deploy("relay", passThroughCC{}, nil))
	k := registerAcme(t, e)
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("nonce P of sixteen bytes"), 1))
	r := e.ledger.Submit(passThroughCC{}, e.bob.Creator, Name+":SubmitProof", req)
	require.True(t, r.Committed)
	var out []callResponse
	require.NoError(t, json.Unmarshal(r.Response.Payload, &out))
	requireOK(t, out[0])
	requireRefused(t, out[1], base.ErrReplay.Error(), "by transaction "+r.TxID+";")
}

// TestSpendsAreKeptPerConnection: two peer connections of a chaincode
// server (two peers simulating one transaction) do not see each other's
// spends.
func TestSpendsAreKeptPerConnection(t *testing.T) {
	tr := spends.NewSpendTracker()
	peer1, peer2 := shimStub(t, &shim.Handler{}, "tx1"), shimStub(t, &shim.Handler{}, "tx1")
	c1, err := tr.Begin(peer1, false, "")
	require.NoError(t, err)
	c1.Spend("nonce key", "tx1")
	require.NoError(t, c1.Commit())

	c2, err := tr.Begin(peer2, false, "")
	require.NoError(t, err)
	_, spent := c2.SpentBy("nonce key")
	require.False(t, spent, "peer 2 saw peer 1's spend")
	require.Equal(t, "tx1", c2.RecordID())

	again, err := tr.Begin(peer1, false, "")
	require.NoError(t, err)
	by, spent := again.SpentBy("nonce key")
	require.True(t, spent)
	require.Equal(t, "tx1", by)
	require.Equal(t, "tx1/1", again.RecordID())
}

// TestConnectionOfShimStub fails if the shim's stub no longer holds its
// peer connection's handler where connectionOf reads it.
func TestConnectionOfShimStub(t *testing.T) {
	h := &shim.Handler{}
	got := spends.ConnectionOf(shimStub(t, h, "tx"))
	require.Equal(t, unsafe.Pointer(h), got)
	require.Equal(t, unsafe.Pointer(h), spends.ConnectionOf(&base.HeldStub{ChaincodeStubInterface: shimStub(t, h, "tx")}))
	require.Nil(t, spends.ConnectionOf(&shim.ChaincodeStub{}))
	require.Nil(t, spends.ConnectionOf(fakestub.NewLedger("ch").NewStub(nil)))
}

// shimStub is a shim stub of transaction txID on channel "ch" whose peer
// connection is handler h.
func shimStub(t *testing.T, h *shim.Handler, txID string) *shim.ChaincodeStub {
	t.Helper()
	s := &shim.ChaincodeStub{TxID: txID, ChannelID: "ch"}
	f := reflect.ValueOf(s).Elem().FieldByName("handler")
	require.True(t, f.IsValid(), "shim.ChaincodeStub has no field handler")
	require.Equal(t, reflect.TypeOf(h), f.Type())
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(h))
	return s
}

// TestSpendTrackerFlood: 100,000 other transactions' chaincode-to-
// chaincode spends in the process (evaluations, never ordered), then a
// chaincode's transaction spends, once per nonce: the tracker is full and
// the transaction is neither refused nor allowed a second spend.
func TestSpendTrackerFlood(t *testing.T) {
	e := newEnv(t)
	c := New()
	cc, err := contractapi.NewChaincode(c)
	require.NoError(t, err)
	cc.TransactionSerializer = e.cc.TransactionSerializer
	e.cc = &Chaincode{cc}
	require.NoError(t, e.ledger.Deploy("bbs", e.cc, nil))
	require.NoError(t, e.ledger.Deploy("caller", callerCC{}, nil))
	e.configure(endorsement.EndorsementModeOwner)
	k := registerAcme(t, e)
	stub := e.ledger.NewStub(nil)
	for i := range 100_000 {
		call, err := c.tracker().Begin(txIDStub{stub, fmt.Sprintf("evaluation-%d", i)}, false, "")
		require.NoError(t, err)
		call.Spend(fmt.Sprintf("nonce key %d", i), "evaluation")
		require.NoError(t, call.Commit())
	}
	require.Equal(t, spends.MaxTrackedTx, c.tracker().Tracked())

	x := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("nonce F of sixteen bytes"), 1))
	y := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("nonce G of sixteen bytes"), 1))
	r, out := e.viaCaller(call(t, "SubmitProof", x), call(t, "SubmitProof", x), call(t, "SubmitProof", y))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	requireRefused(t, out[1], base.ErrReplay.Error(), "by transaction "+r.TxID+";")
	requireOK(t, out[2])
}

// TestSpendTrackerEvaluations: evaluations of a calling chaincode's
// spends through the contract, more than the tracker holds, do not stop a
// later transaction's spend.
func TestSpendTrackerEvaluations(t *testing.T) {
	e := newEnv(t)
	c := New()
	cc, err := contractapi.NewChaincode(c)
	require.NoError(t, err)
	cc.TransactionSerializer = e.cc.TransactionSerializer
	e.cc = &Chaincode{cc}
	require.NoError(t, e.ledger.Deploy("bbs", e.cc, nil))
	require.NoError(t, e.ledger.Deploy("caller", callerCC{}, nil))
	e.configure(endorsement.EndorsementModeOwner)
	k := registerAcme(t, e)
	c.tracker().Limit(16)
	cred := sign(t, k, nil)
	for i := range 40 {
		req := jsonArg(t, cred.present(t, "acme", []byte(fmt.Sprintf("evaluation nonce %08d", i)), 1))
		r := e.ledger.Evaluate(callerCC{}, e.bob.Creator, "Call", call(t, "SubmitProof", req))
		var out []callResponse
		require.NoError(t, json.Unmarshal(r.Response.Payload, &out))
		requireOK(t, out[0])
	}
	require.Equal(t, 16, c.tracker().Tracked())
	x := jsonArg(t, cred.present(t, "acme", []byte("nonce H of sixteen bytes"), 1))
	r, out := e.viaCaller(call(t, "SubmitProof", x), call(t, "SubmitProof", x))
	require.True(t, r.Committed)
	requireOK(t, out[0])
	requireRefused(t, out[1], base.ErrReplay.Error())
}

// txIDStub is a stub with another transaction ID, called from another
// chaincode.
type txIDStub struct {
	shim.ChaincodeStubInterface
	txID string
}

func (s txIDStub) GetTxID() string { return s.txID }

// GetSignedProposal fails: the stub's calls are not direct calls.
func (s txIDStub) GetSignedProposal() (*peer.SignedProposal, error) {
	return nil, fmt.Errorf("no signed proposal")
}

func base64Std(b []byte) string { return b64(string(b)) }
