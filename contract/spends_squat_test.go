// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/hex"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// untrustedCode is the code of a refusal of a record written around the
// contract.
const untrustedCode = codes.UntrustedRecord

// decodedOf decodes an encoded request.
func decodedOf(t *testing.T, r *request.Request) *request.Decoded {
	t.Helper()
	d, err := r.Decode()
	require.NoError(t, err)
	return d
}

// nobodysPolicy is a key-level policy no peer of the channel satisfies.
var nobodysPolicy = fakestub.MSPPolicy(1, "NobodyMSP")

// orChannel makes e's chaincode policy OR(Org1, Org2): Org2 alone is the
// coalition that can write any key without a key-level policy and create
// any key.
func orChannel(e *env) {
	e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP")
}

// squat has Org2's peer, running other code under bbs's name (as Fabric
// lets each organisation approve its own package: fakestub.Rogue), write
// key with value and policy (nil for none) around the contract, and
// requires that it commits.
func (e *env) squat(key string, value, policy []byte) {
	e.t.Helper()
	r := e.ledger.SubmitWrites(fakestub.DefaultNamespace, []string{"Org2MSP"}, fakestub.Write{Key: key, Value: value, SetPolicy: len(policy) > 0, Policy: policy})
	require.True(e.t, r.Committed, "the squatter's write: %s %s", r.Response.GetMessage(), r.ValidationDetail)
}

// requireUntrusted checks that r was refused at endorsement with
// BBS_UNTRUSTED_RECORD, writing nothing.
func requireUntrusted(t *testing.T, r fakestub.Result, want ...string) {
	t.Helper()
	requireFailure(t, r, append([]string{untrustedCode + ":"}, want...)...)
}

// TestSquattedNymCountRefusedAtEndorsement: the coalition creates the use
// count of a pseudonym it saw in a pending transaction with a key-level
// policy nobody satisfies. Every use of that pseudonym is then refused at
// endorsement, with BBS_UNTRUSTED_RECORD naming the record, instead of
// failing at commit with ENDORSEMENT_POLICY_FAILURE. (The voter stays
// blocked in that context: the coalition can as well write a count at the
// limit without a policy; the trust model documents it.)
func TestSquattedNymCountRefusedAtEndorsement(t *testing.T) {
	s := bbs.PseudonymSchemes()[0]
	e, k := nymRegistered(t, s)
	orChannel(e)
	holder := newNymCredential(t, k, 1)
	req := holder.present(t, "polls", "poll-2026-40", "nonce squat 0123456789")
	d := decodedOf(t, req)
	stub := e.ledger.NewStub(nil)
	ck, err := base.CompositeKey(stub, spends.NymCountObjectType, base.HashHex(k.sk.PublicKey().Bytes()), base.HashHex(d.Context), hex.EncodeToString(d.Pseudonym))
	require.NoError(t, err)
	e.squat(ck, []byte(`{"uses":0}`), nobodysPolicy)

	requireUntrusted(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), spends.NymCountObjectType)
	r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))
	require.False(t, r.OK())
	require.True(t, strings.HasPrefix(r.Response.GetMessage(), untrustedCode+":"), r.Response.GetMessage())
}

// TestSquattedNymUseRoutedAround: the coalition creates the use record the
// next use of a pseudonym would write (sequence 1) with a policy nobody
// satisfies; the use still commits (use records carry the recording
// transaction in their key); the listing refuses the squatted record
// (BBS_UNTRUSTED_RECORD) rather than leave it out.
func TestSquattedNymUseRoutedAround(t *testing.T) {
	s := bbs.PseudonymSchemes()[0]
	e, k := nymRegistered(t, s)
	orChannel(e)
	holder := newNymCredential(t, k, 1)
	req := holder.present(t, "polls", "poll-2026-41", "nonce squat 0123456789")
	d := decodedOf(t, req)
	stub := e.ledger.NewStub(nil)
	uk, err := base.CompositeKey(stub, spends.NymUseObjectType, base.HashHex(d.Context), hex.EncodeToString(d.Pseudonym),
		base.HashHex(k.sk.PublicKey().Bytes()), "0000000001")
	require.NoError(t, err)
	e.squat(uk, []byte(`{"txId":"forged","sequence":1,"issuer":"polls","keyVersion":1}`), nobodysPolicy)

	r := e.submit(e.bob, "SubmitProof", jsonArg(t, req))
	require.True(t, r.Committed, "%s %s", r.Response.GetMessage(), r.ValidationDetail)
	l := e.evaluate(e.bob, "GetPseudonymUses", b64("poll-2026-41"), req.Pseudonym)
	require.False(t, l.OK())
	require.True(t, strings.HasPrefix(l.Response.GetMessage(), untrustedCode+":"), l.Response.GetMessage())
}

// TestSquattedNonceRefusedAtEndorsement: a nonce key created around the
// contract with a key-level policy is refused with BBS_UNTRUSTED_RECORD
// (the coalition can spend any nonce; it cannot make the contract call it
// a replay by an honest transaction), by SubmitProof, VerifyProof,
// SubmitProofs and SubmitCredential alike.
func TestSquattedNonceRefusedAtEndorsement(t *testing.T) {
	e, k := registered(t)
	orChannel(e)
	nonce := []byte("a nonce the coalition saw 0123")
	req := sign(t, k, nil).present(t, "acme", nonce, 0)
	stub := e.ledger.NewStub(nil)
	nk, err := spends.NonceKey(stub, k.sk.PublicKey().Bytes(), nonce)
	require.NoError(t, err)
	e.squat(nk, []byte(`{"txId":"forged"}`), nobodysPolicy)

	requireUntrusted(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), spends.NonceObjectType)
	r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))
	require.False(t, r.OK())
	require.True(t, strings.HasPrefix(r.Response.GetMessage(), untrustedCode+":"), r.Response.GetMessage())

	other := sign(t, k, nil).present(t, "acme", []byte("another nonce, not squatted 01"), 0)
	br := e.submit(e.bob, "SubmitProofs", jsonArg(t, []any{req, other}))
	require.True(t, br.Committed, br.Response.GetMessage())
	out := decode[proofs.BatchResults](t, br)
	require.True(t, out.Results[0].Refused)
	require.Equal(t, untrustedCode, out.Results[0].Code, out.Results[0].Reason)
	require.Contains(t, out.Results[0].Reason, spends.NonceObjectType)
	require.True(t, out.Results[1].Valid)
	vr := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", jsonArg(t, []any{req})))
	require.True(t, vr.Results[0].Refused)
	require.Equal(t, untrustedCode, vr.Results[0].Code, vr.Results[0].Reason)

	// A credential's presentation header is its nonce.
	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	n := testNonce(140)
	ck, err := spends.NonceKey(stub, sk.PublicKey().Bytes(), n)
	require.NoError(t, err)
	e.squat(ck, []byte(`{"txId":"forged"}`), nobodysPolicy)
	cred := windCredential(t, sk, nil, n)
	requireUntrusted(t, e.submit(e.bob, "SubmitCredential", credentialArg(t, cred)), spends.NonceObjectType)
	cr := e.submit(e.bob, "SubmitCredentials", jsonArg(t, []any{map[string]any{"credential": cred}}))
	require.True(t, cr.OK(), cr.Response.GetMessage())
	cout := decode[credentials.CredentialBatchResults](t, cr)
	require.True(t, cout.Results[0].Refused)
	require.Equal(t, untrustedCode, cout.Results[0].Code, cout.Results[0].Reason)
}

// TestSquattedRecordsRefusedOnRead: a verification or credential record
// created around the contract with a key-level policy is not returned as
// the contract's.
func TestSquattedRecordsRefusedOnRead(t *testing.T) {
	e := newEnv(t)
	orChannel(e)
	stub := e.ledger.NewStub(nil)
	vk, err := proofs.VerificationKey(stub, "forged-tx")
	require.NoError(t, err)
	e.squat(vk, []byte(`{"txId":"forged-tx","issuer":"acme"}`), nobodysPolicy)
	ck, err := base.CompositeKey(stub, credentials.CredentialObjectType, "forged-tx")
	require.NoError(t, err)
	e.squat(ck, []byte(`{"txId":"forged-tx","issuer":"acme"}`), nobodysPolicy)
	for _, fn := range []string{"GetVerification", "GetCredentialVerification"} {
		r := e.evaluate(e.bob, fn, "forged-tx")
		require.False(t, r.OK(), fn)
		require.True(t, strings.HasPrefix(r.Response.GetMessage(), untrustedCode+":"), r.Response.GetMessage())
	}
}

// stateCalls is a chaincode that runs the contract with a stub counting the
// state calls it makes per object type of the key.
type stateCalls struct {
	cc    shim.Chaincode
	calls map[string]int // "GetState bbs.nonce", ...
}

func (s *stateCalls) Init(stub shim.ChaincodeStubInterface) *peer.Response { return s.cc.Init(stub) }

func (s *stateCalls) Invoke(stub shim.ChaincodeStubInterface) *peer.Response {
	return s.cc.Invoke(&countingStub{ChaincodeStubInterface: stub, calls: s.calls})
}

type countingStub struct {
	shim.ChaincodeStubInterface
	calls map[string]int
}

func (s *countingStub) note(call, key string) {
	typ, _, err := s.SplitCompositeKey(key)
	if err != nil || typ == "" {
		typ = "?"
	}
	s.calls[call+" "+typ]++
}

func (s *countingStub) GetState(key string) ([]byte, error) {
	s.note("GetState", key)
	return s.ChaincodeStubInterface.GetState(key)
}

func (s *countingStub) GetMultipleStates(keys ...string) ([][]byte, error) {
	for _, k := range keys {
		s.note("GetState", k)
	}
	return s.ChaincodeStubInterface.GetMultipleStates(keys...)
}

func (s *countingStub) GetStateValidationParameter(key string) ([]byte, error) {
	s.note("GetStateValidationParameter", key)
	return s.ChaincodeStubInterface.GetStateValidationParameter(key)
}

func (s *countingStub) PutState(key string, value []byte) error {
	s.note("PutState", key)
	return s.ChaincodeStubInterface.PutState(key, value)
}

func (s *countingStub) SetStateValidationParameter(key string, ep []byte) error {
	s.note("SetStateValidationParameter", key)
	return s.ChaincodeStubInterface.SetStateValidationParameter(key, ep)
}

// spendCalls are the calls of counts on spend records.
func spendCalls(counts map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range counts { //bbs:maporder-ok copies a map into a map
		for _, typ := range []string{spends.NonceObjectType, spends.NymCountObjectType, spends.NymUseObjectType, proofs.VerificationObjectType, credentials.CredentialObjectType} {
			if strings.HasSuffix(k, " "+typ) {
				out[k] = n
			}
		}
	}
	return out
}

// TestHonestSpendsReadNoPolicy: on an honest ledger, SubmitProof of a
// pseudonym, SubmitProofs and SubmitCredential make the same state calls
// on spend records as before their key-level policies were checked: one
// read of each nonce and count, one write of each record, and no read or
// write of a key-level policy.
func TestHonestSpendsReadNoPolicy(t *testing.T) {
	s := bbs.PseudonymSchemes()[0]
	e, k := nymRegistered(t, s)
	sc := &stateCalls{cc: e.cc, calls: map[string]int{}}
	req := newNymCredential(t, k, 1).present(t, "polls", "poll-2026-42", "nonce honest 0123456789")
	r := e.ledger.Submit(sc, e.bob.Creator, Name+":SubmitProof", jsonArg(t, req))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, map[string]int{
		"GetState " + spends.NonceObjectType: 1, "GetState " + spends.NymCountObjectType: 1,
		"PutState " + spends.NonceObjectType: 1, "PutState " + spends.NymCountObjectType: 1,
		"PutState " + spends.NymUseObjectType: 1, "PutState " + proofs.VerificationObjectType: 1,
	}, spendCalls(sc.calls))

	ak := registerAcme(t, e)
	sc.calls = map[string]int{}
	batch := []any{
		sign(t, ak, nil).present(t, "acme", []byte("honest batch nonce one 0123"), 0),
		sign(t, ak, nil).present(t, "acme", []byte("honest batch nonce two 0123"), 1),
	}
	r = e.ledger.Submit(sc, e.bob.Creator, Name+":SubmitProofs", jsonArg(t, batch))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, map[string]int{
		"GetState " + spends.NonceObjectType: 2, "PutState " + spends.NonceObjectType: 2, "PutState " + proofs.VerificationObjectType: 2,
	}, spendCalls(sc.calls))

	sk := windKey(t)
	registerKeyIssuer(t, e, "windsurf", sk)
	sc.calls = map[string]int{}
	r = e.ledger.Submit(sc, e.bob.Creator, Name+":SubmitCredential", credentialArg(t, windCredential(t, sk, nil, testNonce(160))))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, map[string]int{
		"GetState " + spends.NonceObjectType: 1, "PutState " + spends.NonceObjectType: 1,
		"PutState " + proofs.VerificationObjectType: 1, "PutState " + credentials.CredentialObjectType: 1,
	}, spendCalls(sc.calls))
}

// TestSpendKindsDeclared: the contract's object types of spend and context
// records are those of their declarations.
func TestSpendKindsDeclared(t *testing.T) {
	for typ, k := range map[string]*records.Kind{ //bbs:maporder-ok test: each pair checked alone
		spends.NonceObjectType: records.Nonce, spends.NymCountObjectType: records.NymCount, spends.NymUseObjectType: records.NymUse,
		proofs.VerificationObjectType: records.Verification, credentials.CredentialObjectType: records.CredentialVerification,
		contexts.ContextObjectType: records.Context,
	} {
		require.Equal(t, typ, k.ObjectType)
	}
}

// TestVerificationRaceBlocksOneSubmission: the remaining bound on spends.
// An endorser of a SubmitProof, which knows its transaction ID, creates its
// verification record's key first in the same block with a policy nobody
// satisfies: that submission fails at commit, its nonce is not spent, the
// squatted record is not returned as the contract's, and the same request
// submitted again (another transaction ID) commits.
func TestVerificationRaceBlocksOneSubmission(t *testing.T) {
	e, k := registered(t)
	orChannel(e)
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("raced by an endorser 0123456789"), 0))
	stub := e.ledger.NewStub(nil)
	n, id := nextTxIDs(t, e) // the block's transactions get n+1 and n+2
	vk, err := proofs.VerificationKey(stub, id(n+2))
	require.NoError(t, err)
	rs := e.ledger.SubmitBlock(withSquatter{e.cc},
		fakestub.Tx{Creator: e.admin2.Creator, Endorsers: []string{"Org2MSP"}, Args: []string{"squat", vk, `{"txId":"forged"}`, string(nobodysPolicy)}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", req}})
	require.True(t, rs[0].Committed, rs[0].ValidationDetail)
	require.Equal(t, id(n+2), rs[1].TxID)
	require.True(t, rs[1].OK(), rs[1].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, rs[1].Validation, rs[1].ValidationDetail)
	r := e.evaluate(e.bob, "GetVerification", rs[1].TxID)
	require.False(t, r.OK())
	require.True(t, strings.HasPrefix(r.Response.GetMessage(), untrustedCode+":"), r.Response.GetMessage())

	again := e.submit(e.bob, "SubmitProof", req)
	require.True(t, again.Committed, "%s %s", again.Response.GetMessage(), again.ValidationDetail)
	require.Equal(t, again.TxID, decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", again.TxID)).TxID)
}
