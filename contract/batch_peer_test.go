// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/credentials"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// requireSameOutcome: two runs of one transaction on identical ledgers,
// one peer with write batches and multi-key reads (Fabric v3.1) and one
// without (v2.5, or v3.1 with core.yaml chaincode.runtimeParams off, where
// the shim falls back on one message per key), answered, wrote and
// emitted the same, and left the same state.
func requireSameOutcome(t *testing.T, off, on *env, roff, ron fakestub.Result) {
	t.Helper()
	require.True(t, roff.Committed, roff.Response.GetMessage())
	require.True(t, ron.Committed, ron.Response.GetMessage())
	require.Equal(t, roff.Response.GetPayload(), ron.Response.GetPayload())
	require.Equal(t, roff.Event.GetPayload(), ron.Event.GetPayload())
	require.Equal(t, roff.Writes, ron.Writes)
	require.Equal(t, off.ledger.Keys(), on.ledger.Keys())
	for _, k := range off.ledger.Keys() {
		require.Equal(t, off.ledger.State(k), on.ledger.State(k), "%q", k)
		require.Equal(t, off.ledger.ValidationParameter(k), on.ledger.ValidationParameter(k), "%q", k)
	}
	// Without batching, not one batched message.
	require.Zero(t, roff.Messages[peer.ChaincodeMessage_GET_STATE_MULTIPLE])
	require.Zero(t, roff.Messages[peer.ChaincodeMessage_WRITE_BATCH_STATE])
}

// TestSubmitProofsPeerBatching: the mixed batch (every outcome, two
// schemes) on both kinds of peer. With batching, the nonces are read in
// one GET_STATE_MULTIPLE and the records written in one
// WRITE_BATCH_STATE; without, one message per nonce read and per record
// written.
func TestSubmitProofsPeerBatching(t *testing.T) {
	run := func(batching bool) (*env, fakestub.Result) {
		e, creds := batchLedger(t)
		e.ledger.PeerBatching = batching
		return e, e.submit(e.bob, "SubmitProofs", batchArg(mixedBatch(t, e, creds)))
	}
	off, roff := run(false)
	on, ron := run(true)
	requireSameOutcome(t, off, on, roff, ron)
	res := decode[proofs.BatchResults](t, ron)
	require.Equal(t, 3, res.ValidCount)

	require.Equal(t, 1, ron.Messages[peer.ChaincodeMessage_GET_STATE_MULTIPLE])
	require.Equal(t, 1, ron.Messages[peer.ChaincodeMessage_WRITE_BATCH_STATE])
	gets := roff.Messages[peer.ChaincodeMessage_GET_STATE] - ron.Messages[peer.ChaincodeMessage_GET_STATE]
	puts := roff.Messages[peer.ChaincodeMessage_PUT_STATE] + roff.Messages[peer.ChaincodeMessage_PUT_STATE_METADATA] -
		ron.Messages[peer.ChaincodeMessage_PUT_STATE] - ron.Messages[peer.ChaincodeMessage_PUT_STATE_METADATA]
	t.Logf("messages without batching %v, with %v", roff.Messages, ron.Messages)
	// Every request that reached the nonce check read its nonce key: the
	// nine that name a registered issuer and parse.
	require.Equal(t, 9, gets, "nonce reads saved")
	require.GreaterOrEqual(t, puts, 2*res.ValidCount, "a nonce and a record per valid request, at least")
	require.Equal(t, ron.Writes, puts+ron.Messages[peer.ChaincodeMessage_PUT_STATE]+ron.Messages[peer.ChaincodeMessage_PUT_STATE_METADATA],
		"every write is in the batch or sent alone")
}

// TestSubmitCredentialsPeerBatching: a SubmitCredentials batch writes its
// records in one WRITE_BATCH_STATE where the peer takes it, and otherwise
// the same.
func TestSubmitCredentialsPeerBatching(t *testing.T) {
	sk := windKey(t)
	reqs := []string{
		credentialArg(t, windCredential(t, sk, nil, testNonce(120))),
		credentialArg(t, windCredential(t, sk, nil, testNonce(121))),
		credentialArg(t, windCredential(t, sk, nil, testNonce(120))), // a replay in the batch
	}
	run := func(batching bool) (*env, fakestub.Result) {
		e := newEnv(t)
		registerKeyIssuer(t, e, "windsurf", sk)
		e.ledger.PeerBatching = batching
		return e, e.submit(e.bob, "SubmitCredentials", credentialBatchArg(t, reqs...))
	}
	off, roff := run(false)
	on, ron := run(true)
	requireSameOutcome(t, off, on, roff, ron)
	require.Equal(t, 2, decode[credentials.CredentialBatchResults](t, ron).ValidCount)
	require.Equal(t, 1, ron.Messages[peer.ChaincodeMessage_WRITE_BATCH_STATE])
	require.Less(t, ron.Messages[peer.ChaincodeMessage_PUT_STATE], roff.Messages[peer.ChaincodeMessage_PUT_STATE])
	t.Logf("messages without batching %v, with %v", roff.Messages, ron.Messages)
}
