// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/stretchr/testify/require"
)

// otherIndex is c with its "handle" taken from message index i instead of
// the issuer's (index 2), and a witness the issuer made for that message's
// scalar: what a holder gets who holds a witness for a value that is some
// other hidden message of its credential (another credential layout of the
// same issuer, a second accumulator use, a mistake).
func (e *nrEnv) otherIndex(c *revocation.Credential, i int) *revocation.Credential {
	e.t.Helper()
	o := *c
	o.HandleIndex = i
	y, err := o.Handle()
	require.NoError(e.t, err)
	acc := e.accumulator()
	o.Version = uint64(acc.Version)
	o.Witness, err = e.ask.Witness(acc.Value, y)
	require.NoError(e.t, err)
	return &o
}

// TestNonRevocationHandleIndex: the accumulator record declares the
// handle's message index (SetAccumulator, 2 here). A presentation that
// proves the membership of another hidden message is refused before any
// pairing, by VerifyProof (not valid, BBS_PROOF_REJECTED, the reason names
// both indices) and SubmitProof, with no accumulator rule in the request's
// policy and with no policy at all; results and records name the proven
// index.
func TestNonRevocationHandleIndex(t *testing.T) {
	e := newNREnv(t)
	alice := e.issue("alice")
	require.Equal(t, 2, e.accumulator().HandleIndex)
	other := e.otherIndex(alice, 1)

	for _, p := range []string{"", "plain"} {
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.presentation(other, p))))
		require.False(t, res.Valid, "policy %q: a presentation of message 1 accepted", p)
		require.Equal(t, codes.ProofRejected, res.Code)
		require.Contains(t, res.Reason, "proves the membership of message 1")
		require.Contains(t, res.Reason, "is message 2")
		require.Nil(t, res.NonRevocation)
		requireFailure(t, e.prove(other, p), codes.ProofRejected, "proves the membership of message 1")
	}
	// The declared index is accepted, and named.
	r := e.prove(alice, "plain")
	requireAccepted(t, r)
	require.Equal(t, 2, decode[proofs.ProofReceipt](t, r).NonRevocation.HandleIndex)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
	require.Equal(t, 2, rec.NonRevocation.HandleIndex)
}

// TestSetAccumulatorHandleIndex: changing the declared index takes
// SetAccumulator's authority (the owner, directly), refuses the index
// already declared and indices out of range, and changes nothing else;
// afterwards presentations of the old index are refused and of the new one
// accepted, and the records of earlier verifications still name the index
// they proved.
func TestSetAccumulatorHandleIndex(t *testing.T) {
	e := newNREnv(t)
	alice := e.issue("alice")
	r := e.prove(alice, "plain")
	requireAccepted(t, r)
	before := e.accumulator()

	requireFailure(t, e.submit(e.bob, "SetAccumulatorHandleIndex", "acme", "1"), "access denied")
	requireFailure(t, e.submit(e.alice, "SetAccumulatorHandleIndex", "acme", "2"), codes.Exists, "already declares handle index 2")
	requireFailure(t, e.submit(e.alice, "SetAccumulatorHandleIndex", "acme", "-1"), codes.InvalidArgument)
	requireFailure(t, e.submit(e.alice, "SetAccumulatorHandleIndex", "acme", "1000000"), codes.InvalidArgument)
	requireFailure(t, e.submit(e.alice, "SetAccumulatorHandleIndex", "nobody", "1"), codes.NotFound)
	require.Equal(t, before, e.accumulator())

	ch := e.submit(e.alice, "SetAccumulatorHandleIndex", "acme", "1")
	requireAccepted(t, ch)
	after := e.accumulator()
	require.Equal(t, 1, after.HandleIndex)
	require.Equal(t, ch.TxID, after.HandleIndexTxID)
	require.Equal(t, before.PublicKey, after.PublicKey)
	require.Equal(t, before.Value, after.Value)
	require.Equal(t, before.Version, after.Version)

	requireFailure(t, e.prove(alice, "plain"), codes.ProofRejected, "proves the membership of message 2", "is message 1")
	r2 := e.prove(e.otherIndex(alice, 1), "")
	requireAccepted(t, r2)
	require.Equal(t, 1, decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r2.TxID)).NonRevocation.HandleIndex)
	require.Equal(t, 2, decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID)).NonRevocation.HandleIndex)
}

// TestAccumulatorWithoutHandleIndex: a record written before handle
// indices were declared (no handleIndexTxId) accepts no presentation, at
// any index, until its owner declares one with SetAccumulatorHandleIndex,
// which then holds.
func TestAccumulatorWithoutHandleIndex(t *testing.T) {
	e := newNREnv(t)
	alice := e.issue("alice")
	key := accumulatorHeadKey(t, e.env, "acme")
	acc := e.accumulator()
	old := map[string]any{"issuer": acc.Issuer, "publicKey": acc.PublicKey, "initialValue": acc.InitialValue,
		"version": acc.Version, "value": acc.Value, "updatedAt": acc.UpdatedAt, "txId": acc.TxID}
	b, err := json.Marshal(old)
	require.NoError(t, err)
	e.ledger.Put(key, b)
	require.Equal(t, "", e.accumulator().HandleIndexTxID)

	for _, c := range []*revocation.Credential{alice, e.otherIndex(alice, 1)} {
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.presentation(c, ""))))
		require.False(t, res.Valid)
		require.Equal(t, codes.ProofRejected, res.Code)
		require.Contains(t, res.Reason, "declares no handle index")
	}
	requireAccepted(t, e.submit(e.alice, "SetAccumulatorHandleIndex", "acme", "1"))
	requireAccepted(t, e.prove(e.otherIndex(alice, 1), ""))
}
