// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// nrEnv is a ledger with issuer "acme" (bbs-bls12381-sha256, owner alice)
// with an accumulator, and policies over credentials of three messages
// (a name, a role, the revocation handle at index 2): "nr0" (grace 0),
// "nr1" (grace 1) and "plain" (no accumulator rule).
type nrEnv struct {
	*env
	key   *keyPair
	ask   *revocation.SecretKey
	accPK *revocation.PublicKey
	nonce int
}

func newNREnv(t *testing.T) *nrEnv {
	t.Helper()
	e := newEnv(t)
	k := newKeyPair(t, bbs.BLS12381SHA256(), 41)
	requireAccepted(t, e.register(e.alice, "acme", k, ""))
	ask, v0, err := revocation.GenerateKey(rand.NewChaCha8([32]byte{41}))
	require.NoError(t, err)
	requireAccepted(t, e.submit(e.alice, "SetAccumulator", "acme", enc64(ask.PublicKey().Bytes()), enc64(v0), "2"))
	for id, rule := range map[string]string{
		"nr0":   `,"accumulator":{"index":2}`,
		"nr1":   `,"accumulator":{"index":2,"grace":1}`,
		"plain": ``,
	} {
		requireAccepted(t, e.submit(e.alice, "CreatePolicy", `{"id":"`+id+`","issuers":[{"id":"acme"}],"messageCount":3,"disclosed":[{"index":0}]`+rule+`}`))
	}
	return &nrEnv{env: e, key: k, ask: ask, accPK: ask.PublicKey()}
}

// accumulator is the issuer's record as GetAccumulator answers it.
func (e *nrEnv) accumulator() revstate.Accumulator {
	return decode[revstate.Accumulator](e.t, e.evaluate(e.bob, "GetAccumulator", "acme"))
}

// issue signs a credential for name with a handle derived from it and
// the issuer's witness at the current version.
func (e *nrEnv) issue(name string) *revocation.Credential {
	e.t.Helper()
	h := sha256.Sum256([]byte("handle of " + name))
	msgs := [][]byte{[]byte("name=" + name), []byte("role=member"), h[:]}
	s := e.key.scheme
	sig, err := s.Sign(e.key.sk, nil, msgs)
	require.NoError(e.t, err)
	acc := e.accumulator()
	c := &revocation.Credential{Scheme: s, PublicKey: e.key.sk.PublicKey(), Signature: sig, Messages: msgs, HandleIndex: 2, Version: uint64(acc.Version)}
	y, err := c.Handle()
	require.NoError(e.t, err)
	c.Witness, err = e.ask.Witness(acc.Value, y)
	require.NoError(e.t, err)
	return c
}

// revoke publishes the removal of c's handle as the owner.
func (e *nrEnv) revoke(c *revocation.Credential) fakestub.Result {
	e.t.Helper()
	acc := e.accumulator()
	y, err := c.Handle()
	require.NoError(e.t, err)
	rem, err := e.ask.Remove(uint64(acc.Version), acc.Value, y)
	require.NoError(e.t, err)
	return e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes()))
}

// update brings c's witness to the ledger's current version from the
// removal records alone.
func (e *nrEnv) update(c *revocation.Credential) error {
	e.t.Helper()
	for v := c.Version + 1; v <= uint64(e.accumulator().Version); v++ {
		rec := decode[revstate.AccumulatorRemoval](e.t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", fmt.Sprint(v)))
		if len(rec.Batch) > 0 {
			b, err := revocation.ParseBatchRemoval(rec.Batch)
			require.NoError(e.t, err)
			if err := c.UpdateBatch(b); err != nil {
				return err
			}
			continue
		}
		r, err := revocation.ParseRemoval(rec.Removal)
		require.NoError(e.t, err)
		if err := c.Update([]*revocation.Removal{r}); err != nil {
			return err
		}
	}
	return nil
}

// revokeBatch publishes the removal of cs's handles in one batch
// (RevokeHandles) as the owner.
func (e *nrEnv) revokeBatch(cs ...*revocation.Credential) fakestub.Result {
	e.t.Helper()
	acc := e.accumulator()
	var ys [][]byte
	for _, c := range cs {
		y, err := c.Handle()
		require.NoError(e.t, err)
		ys = append(ys, y)
	}
	b, err := e.ask.RemoveBatch(uint64(acc.Version), acc.Value, ys)
	require.NoError(e.t, err)
	return e.submit(e.alice, "RevokeHandles", "acme", enc64(b.Bytes()))
}

// valueOf is the value of version v from the ledger.
func (e *nrEnv) valueOf(v uint64) []byte {
	acc := e.accumulator()
	switch {
	case v == uint64(acc.Version):
		return acc.Value
	case v == 0:
		return acc.InitialValue
	}
	rec := decode[revstate.AccumulatorRemoval](e.t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", fmt.Sprint(v)))
	if len(rec.Batch) > 0 {
		b, err := revocation.ParseBatchRemoval(rec.Batch)
		require.NoError(e.t, err)
		return b.Value()
	}
	r, err := revocation.ParseRemoval(rec.Removal)
	require.NoError(e.t, err)
	return r.Value()
}

// presentation is c presented at its version, disclosing message 0, for
// a fresh nonce, as a request under policy p ("" for none).
func (e *nrEnv) presentation(c *revocation.Credential, p string) *request.Request {
	e.t.Helper()
	e.nonce++
	nonce := []byte(fmt.Sprintf("non-revocation nonce %04d", e.nonce))
	pres, err := revocation.Present(rand.NewChaCha8([32]byte{byte(e.nonce)}), c, e.accPK, e.valueOf(c.Version), nonce, []int{0})
	require.NoError(e.t, err)
	d := &request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true,
		Disclosed: []request.Message{{Index: 0, Message: c.Messages[0]}}}
	if p != "" {
		d.Policy = &request.PolicyRef{ID: p}
	}
	return d.Encode()
}

func (e *nrEnv) prove(c *revocation.Credential, p string) fakestub.Result {
	e.t.Helper()
	return e.submit(e.bob, "SubmitProof", jsonArg(e.t, e.presentation(c, p)))
}

// plainProof is an ordinary proof of c's BBS credential (no presentation).
func (e *nrEnv) plainProof(c *revocation.Credential, p string) string {
	e.t.Helper()
	e.nonce++
	cr := &credential{key: e.key, messages: c.Messages, sig: c.Signature}
	r := cr.present(e.t, "acme", []byte(fmt.Sprintf("non-revocation nonce %04d", e.nonce)), 0)
	if p != "" {
		r.Policy = &request.PolicyRef{ID: p}
	}
	return jsonArg(e.t, r)
}

// TestNonRevocationFlow: holders present with non-revocation; the issuer
// revokes one, whose stale presentation is refused from the next
// transaction under grace 0; the others update their witnesses from the
// ledger's removal records alone and are accepted; a witness one version
// behind is accepted within grace 1 and refused beyond it; the records and
// results say which version was proven.
func TestNonRevocationFlow(t *testing.T) {
	e := newNREnv(t)
	alice, bob, carol := e.issue("alice"), e.issue("bob"), e.issue("carol")

	r := e.prove(alice, "nr0")
	requireAccepted(t, r)
	receipt := decode[proofs.ProofReceipt](t, r)
	require.Equal(t, &proofs.NonRevocation{Version: 0, CurrentVersion: 0, HandleIndex: 2}, receipt.NonRevocation)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
	require.Equal(t, &proofs.NonRevocation{Version: 0, CurrentVersion: 0, HandleIndex: 2}, rec.NonRevocation)
	require.Equal(t, 3, rec.MessageCount)
	require.Equal(t, "nr0", rec.Policy)
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.presentation(bob, ""))))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, &proofs.NonRevocation{HandleIndex: 2}, res.NonRevocation)

	// The issuer revokes bob: from the next transaction, bob's presentation
	// (against version 0) is refused under grace 0.
	requireAccepted(t, e.revoke(bob))
	require.Equal(t, 1, e.accumulator().Version)
	requireFailure(t, e.prove(bob, "nr0"), codes.PolicyNotSatisfied,
		`the presentation is against accumulator version 0, older than the 1 the policy accepts (issuer "acme" is at version 1, grace 0)`)
	require.True(t, errors.Is(e.update(bob), revocation.ErrRevoked))
	_, err := revocation.Present(nil, bob, e.accPK, e.valueOf(1), []byte("n"), []int{0})
	require.Error(t, err, "a revoked holder cannot present against the new version")
	// Bob relabels his version-0 witness as version 1 (the proof is about
	// V_0, named as version 1): the contract checks it against V_1 and
	// the cryptography refuses it.
	relabelled := *bob
	relabelled.Version = 1
	nonce := []byte("relabelled stale witness nonce")
	pres, err := revocation.Present(nil, &relabelled, e.accPK, e.valueOf(0), nonce, []int{0})
	require.NoError(t, err)
	forged := (&request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true, Policy: &request.PolicyRef{ID: "nr0"},
		Disclosed: []request.Message{{Index: 0, Message: bob.Messages[0]}}}).Encode()
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, forged)), codes.ProofRejected,
		"presentation with non-revocation against accumulator version 1", "does not verify")

	// Within grace 1 the old version is still accepted; the result says
	// which version was proven and what was current.
	res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.presentation(alice, "nr1"))))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, &proofs.NonRevocation{Version: 0, CurrentVersion: 1, HandleIndex: 2}, res.NonRevocation)

	// Alice updates from the ledger's removal record alone.
	require.NoError(t, e.update(alice))
	require.Equal(t, uint64(1), alice.Version)
	r = e.prove(alice, "nr0")
	requireAccepted(t, r)
	require.Equal(t, &proofs.NonRevocation{Version: 1, CurrentVersion: 1, HandleIndex: 2}, decode[proofs.ProofReceipt](t, r).NonRevocation)

	// A second revocation: alice at version 1 is within grace 1 (the
	// value of version 1 is read from its removal record), carol at 0 is
	// beyond it; carol updates and is accepted.
	dave := e.issue("dave")
	requireAccepted(t, e.revoke(dave))
	requireAccepted(t, e.prove(alice, "nr1"))
	requireFailure(t, e.prove(alice, "nr0"), "older than the 2")
	requireFailure(t, e.prove(carol, "nr1"), `the presentation is against accumulator version 0, older than the 1 the policy accepts (issuer "acme" is at version 2, grace 1)`)
	require.NoError(t, e.update(carol))
	requireAccepted(t, e.prove(carol, "nr0"))

	// A policy with an accumulator rule refuses a plain proof; a plain
	// proof still verifies under a policy without the rule.
	requireFailure(t, e.submit(e.bob, "SubmitProof", e.plainProof(alice, "nr0")), codes.PolicyNotSatisfied,
		`a presentation with non-revocation (nonRevoked) against the accumulator of issuer "acme" is required`)
	requireAccepted(t, e.submit(e.bob, "SubmitProof", e.plainProof(alice, "plain")))
	requireAccepted(t, e.prove(alice, "plain"))
}

// TestNonRevocationAfterBatch: a batch removal (RevokeHandles) is a
// version like any other: its revoked holders are refused from the next
// transaction, the others update from the batch record alone, and once a
// later version supersedes it a presentation against it is checked
// against the value the batch record holds (within the policy's grace).
func TestNonRevocationAfterBatch(t *testing.T) {
	e := newNREnv(t)
	alice, bob, carol, dave := e.issue("alice"), e.issue("bob"), e.issue("carol"), e.issue("dave")
	requireAccepted(t, e.revokeBatch(bob, carol))
	require.Equal(t, 1, e.accumulator().Version)
	requireFailure(t, e.prove(bob, "nr0"), codes.PolicyNotSatisfied, "older than the 1")
	require.True(t, errors.Is(e.update(bob), revocation.ErrRevoked))
	require.True(t, errors.Is(e.update(carol), revocation.ErrRevoked))
	require.NoError(t, e.update(alice))
	require.Equal(t, uint64(1), alice.Version)
	requireAccepted(t, e.prove(alice, "nr0"))

	// Version 2 supersedes the batch: alice's version-1 presentation is
	// verified against the batch record's value under grace 1 and without a
	// rule, and refused under grace 0.
	requireAccepted(t, e.revoke(dave))
	r := e.prove(alice, "nr1")
	requireAccepted(t, r)
	require.Equal(t, &proofs.NonRevocation{Version: 1, CurrentVersion: 2, HandleIndex: 2}, decode[proofs.ProofReceipt](t, r).NonRevocation)
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.presentation(alice, "plain"))))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, &proofs.NonRevocation{Version: 1, CurrentVersion: 2, HandleIndex: 2}, res.NonRevocation)
	requireFailure(t, e.prove(alice, "nr0"), "older than the 2")
	// Bob relabels his version-0 witness as version 1: checked against the
	// batch's value, refused by the cryptography.
	relabelled := *bob
	relabelled.Version = 1
	nonce := []byte("relabelled across a batch nonce")
	pres, err := revocation.Present(nil, &relabelled, e.accPK, e.valueOf(0), nonce, []int{0})
	require.NoError(t, err)
	forged := (&request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true, Policy: &request.PolicyRef{ID: "nr1"},
		Disclosed: []request.Message{{Index: 0, Message: bob.Messages[0]}}}).Encode()
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, forged)), codes.ProofRejected, "does not verify")
	require.NoError(t, e.update(alice))
	requireAccepted(t, e.prove(alice, "nr0"))
}

// TestNonRevocationTakesEffectNextBlock: a presentation endorsed before a
// revocation that commits first in the same block is invalidated (MVCC):
// it read the accumulator record the revocation rewrote.
func TestNonRevocationTakesEffectNextBlock(t *testing.T) {
	e := newNREnv(t)
	alice, bob := e.issue("alice"), e.issue("bob")
	acc := e.accumulator()
	y, _ := bob.Handle()
	rem, err := e.ask.Remove(uint64(acc.Version), acc.Value, y)
	require.NoError(t, err)
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":RevokeHandle", "acme", enc64(rem.Bytes())}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", jsonArg(t, e.presentation(bob, "nr1"))}},
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", jsonArg(t, e.presentation(alice, "nr1"))}},
	)
	require.True(t, rs[0].Committed, rs[0].Response.GetMessage())
	require.True(t, rs[1].OK(), "endorsed before the revocation committed: %s", rs[1].Response.GetMessage())
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[1].Validation)
	require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, rs[2].Validation)
	requireFailure(t, e.prove(bob, "nr0"), "older than the 1")
	require.NoError(t, e.update(alice))
	requireAccepted(t, e.prove(alice, "nr0"))
}

// TestSubmitProofsNonRevocation: a batch verifies presentations one by one
// beside its batched plain proofs; a stale one is refused, the others are
// recorded.
func TestSubmitProofsNonRevocation(t *testing.T) {
	e := newNREnv(t)
	alice, bob := e.issue("alice"), e.issue("bob")
	requireAccepted(t, e.revoke(bob))
	require.NoError(t, e.update(alice))
	bad := e.presentation(alice, "nr0")
	bad.Nonce = base64.StdEncoding.EncodeToString([]byte("another nonce, 24 bytes!"))
	batch := "[" + jsonArg(t, e.presentation(alice, "nr0")) + "," + jsonArg(t, e.presentation(bob, "nr0")) + "," +
		e.plainProof(alice, "plain") + "," + jsonArg(t, bad) + "]"
	r := e.submit(e.bob, "SubmitProofs", batch)
	requireAccepted(t, r)
	out := decode[proofs.BatchResults](t, r)
	require.Equal(t, 2, out.ValidCount)
	require.True(t, out.Results[0].Valid)
	require.Equal(t, &proofs.NonRevocation{Version: 1, CurrentVersion: 1, HandleIndex: 2}, out.Results[0].Receipt.NonRevocation)
	require.True(t, out.Results[1].Refused)
	require.Equal(t, codes.PolicyNotSatisfied, out.Results[1].Code)
	require.Contains(t, out.Results[1].Reason, "older than the 1")
	require.True(t, out.Results[2].Valid)
	require.Nil(t, out.Results[2].Receipt.NonRevocation)
	require.True(t, out.Results[3].Refused)
	require.Equal(t, codes.ProofRejected, out.Results[3].Code)
	require.Contains(t, out.Results[3].Reason, "presentation with non-revocation against accumulator version 1")

	vr := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", "["+jsonArg(t, e.presentation(alice, "nr0"))+"]"))
	require.True(t, vr.Results[0].Valid, vr.Results[0].Reason)
	require.Equal(t, &proofs.NonRevocation{Version: 1, CurrentVersion: 1, HandleIndex: 2}, vr.Results[0].Verification.NonRevocation)
}

// hostileNR are the malformed or hostile non-revocation requests of e, by
// name, with the message and code each must get from SubmitProof.
func hostileNR(t *testing.T, e *nrEnv) []struct{ name, arg, code, want string } {
	alice := e.issue("alice")
	good := e.presentation(alice, "nr0")
	proof, err := base64.StdEncoding.DecodeString(good.Proof)
	require.NoError(t, err)
	with := func(change func(r *request.Request)) string {
		r := e.presentation(alice, "nr0")
		change(r)
		return jsonArg(t, r)
	}
	withProof := func(change func(b []byte) []byte) string {
		return with(func(r *request.Request) {
			b, _ := base64.StdEncoding.DecodeString(r.Proof)
			r.Proof = base64.StdEncoding.EncodeToString(change(b))
		})
	}
	// The membership proof is the last MembershipSizeFolded bytes (Present
	// makes the folded form): format byte,
	// then the version.
	versionAt := len(proof) - revocation.MembershipSizeFolded + 1
	plain := e.plainProof(alice, "nr0")
	var plainReq request.Request
	require.NoError(t, jsonUnmarshal(plain, &plainReq))
	plainReq.NonRevoked = true
	other := newKeyPair(t, bbs.BBSPlus2020(), 42)
	requireAccepted(t, e.register(e.admin2, "org2", other, ""))
	requireAccepted(t, e.register(e.admin2, "noacc", newKeyPair(t, bbs.BLS12381SHA256(), 43), ""))
	return []struct{ name, arg, code, want string }{
		{"a plain proof flagged nonRevoked", jsonArg(t, &plainReq), codes.ProofRejected, "not a well-formed presentation with non-revocation"},
		{"a presentation not flagged", with(func(r *request.Request) { r.NonRevoked = false }), codes.ProofRejected, "not a well-formed bbs-bls12381-sha256 proof"},
		{"truncated", withProof(func(b []byte) []byte { return b[:len(b)-1] }), codes.ProofRejected, "not a well-formed presentation"},
		{"trailing byte", withProof(func(b []byte) []byte { return append(b, 0) }), codes.ProofRejected, "not a well-formed presentation"},
		{"format byte", withProof(func(b []byte) []byte { b[0] = 2; return b }), codes.ProofRejected, "not a well-formed presentation"},
		{"membership response flipped", withProof(func(b []byte) []byte { b[len(b)-1] ^= 1; return b }), codes.ProofRejected, "presentation with non-revocation against accumulator version 0"}, // the folded form has no membership challenge to compare: the pairing product refuses it
		{"membership response not canonical", withProof(func(b []byte) []byte {
			for i := len(b) - 32; i < len(b); i++ {
				b[i] = 0xff
			}
			return b
		}), codes.ProofRejected, "presentation with non-revocation"},
		{"randomised witness off the curve", withProof(func(b []byte) []byte { b[versionAt+8+10] ^= 1; return b }), codes.ProofRejected, "presentation with non-revocation"},
		{"membership response changed", withProof(func(b []byte) []byte { b[len(b)-20] ^= 1; return b }), codes.ProofRejected, "presentation with non-revocation against accumulator version 0"},
		{"BBS response changed", withProof(func(b []byte) []byte { b[300] ^= 1; return b }), codes.ProofRejected, "does not verify"},
		{"version ahead", withProof(func(b []byte) []byte { binary.BigEndian.PutUint64(b[versionAt:], 99); return b }), codes.PolicyNotSatisfied,
			`the presentation names accumulator version 99, but the accumulator of issuer "acme" is at version 0`},
		{"version ahead, no policy", with(func(r *request.Request) {
			b, _ := base64.StdEncoding.DecodeString(r.Proof)
			binary.BigEndian.PutUint64(b[versionAt:], 1<<63)
			r.Proof, r.Policy = base64.StdEncoding.EncodeToString(b), nil
		}), codes.ProofRejected, `the presentation names accumulator version 9223372036854775808, but the accumulator of issuer "acme" is at version 0`},
		{"another nonce", with(func(r *request.Request) {
			r.Nonce = base64.StdEncoding.EncodeToString([]byte("a nonce it was not made for"))
		}),
			codes.ProofRejected, "presentation with non-revocation against accumulator version 0"},
		{"another disclosed message", with(func(r *request.Request) {
			r.Disclosed[0].Message = base64.StdEncoding.EncodeToString([]byte("name=mallory"))
		}),
			codes.ProofRejected, "presentation with non-revocation against accumulator version 0"},
		{"handle disclosed as well", with(func(r *request.Request) {
			r.Disclosed = append(r.Disclosed, request.DisclosedMessage{Index: 2, Message: base64.StdEncoding.EncodeToString(alice.Messages[2])})
		}), codes.PolicyNotSatisfied, "message 2 (the revocation handle) must stay hidden"},
		{"no disclosed message", with(func(r *request.Request) { r.Disclosed, r.Policy = nil, nil }), codes.ProofRejected, "presentation with non-revocation"},
		{"issuer of another scheme", with(func(r *request.Request) { r.Issuer, r.Policy = "org2", nil }), codes.InvalidRequest,
			"issuer \"org2\" uses scheme bbs+2020, which has no presentation with non-revocation"},
		{"issuer without accumulator", with(func(r *request.Request) { r.Issuer, r.Policy = "noacc", nil }), codes.NotFound,
			`accumulator of issuer "noacc": not found`},
	}
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }

// TestNonRevocationRefused: malformed and hostile presentations are
// refused with their codes and write nothing; VerifyProof gives the same
// verdict without writing.
func TestNonRevocationRefused(t *testing.T) {
	e := newNREnv(t)
	for _, tc := range hostileNR(t, e) {
		t.Run(tc.name, func(t *testing.T) {
			r := e.submit(e.bob, "SubmitProof", tc.arg)
			requireFailure(t, r, tc.code+": ", tc.want)
			v := e.evaluate(e.bob, "VerifyProof", tc.arg)
			if v.OK() {
				res := decode[proofs.VerificationResult](t, v)
				require.False(t, res.Valid)
				require.Equal(t, tc.code, res.Code)
				require.Contains(t, res.Reason, tc.want)
			} else {
				require.Contains(t, v.Response.GetMessage(), tc.code+": ")
			}
		})
	}
}

// TestNonRevocationOneAnswer: every hostile request gets one answer,
// byte for byte, on every run.
func TestNonRevocationOneAnswer(t *testing.T) {
	e := newNREnv(t)
	cases := hostileNR(t, e)
	e.ledger.Step = 0
	for _, tc := range cases {
		oneAnswer(t, 5, func() string { return answer(e.evaluate(e.bob, "VerifyProof", tc.arg)) })
		oneAnswer(t, 5, func() string { return answer(e.evaluate(e.bob, "SubmitProof", tc.arg)) })
	}
}

// FuzzNonRevokedPresentation: VerifyProof of a request with nonRevoked
// whose proof is any bytes never panics, answers a result or a coded
// error, and calls valid only the genuine presentation's bytes.
func FuzzNonRevokedPresentation(f *testing.F) {
	e := newNREnv(&testing.T{})
	e.ledger.Step = 0
	alice := e.issue("alice")
	good := e.presentation(alice, "")
	genuine, _ := base64.StdEncoding.DecodeString(good.Proof)
	f.Add(genuine)
	f.Add(genuine[:len(genuine)-1])
	f.Add(append([]byte{}, genuine[:13]...))
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, proof []byte) {
		if len(proof) == 0 || len(proof) > request.MaxProofSize {
			return
		}
		r := *good
		r.Proof = base64.StdEncoding.EncodeToString(proof)
		res := e.evaluate(e.bob, "VerifyProof", jsonArg(t, &r))
		if !res.OK() {
			if codes.Find(res.Response.GetMessage()) == "" {
				t.Fatalf("error without a code: %s", res.Response.GetMessage())
			}
			return
		}
		var v proofs.VerificationResult
		if err := json.Unmarshal(res.Response.GetPayload(), &v); err != nil {
			t.Fatal(err)
		}
		if v.Valid && !bytes.Equal(proof, genuine) {
			t.Fatalf("another presentation is valid: %x", proof)
		}
	})
}
