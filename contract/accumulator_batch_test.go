// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/stretchr/testify/require"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// TestAccumulatorBatch: RevokeHandles records a batch of two removals as
// one version after a single RevokeHandle; a holder updates from the
// ledger's records alone (one removal, then the batch) and presents
// against the new version; the revoked holders cannot update; a forged,
// stale or malformed batch and another caller are refused and change
// nothing.
func TestAccumulatorBatch(t *testing.T) {
	e := newEnv(t)
	s := bbs.BLS12381SHA256()
	k := newKeyPair(t, s, 7)
	require.True(t, e.register(e.alice, "acme", k, "Acme").Committed)
	ask, v0, err := revocation.GenerateKey(nil)
	require.NoError(t, err)
	r := e.submit(e.alice, "SetAccumulator", "acme", enc64(ask.PublicKey().Bytes()), enc64(v0), "1")
	require.True(t, r.Committed, r.Response.GetMessage())

	cred := func(name string) *revocation.Credential {
		msgs := [][]byte{[]byte("name " + name), []byte("handle " + name)}
		sig, err := s.Sign(k.sk, nil, msgs)
		require.NoError(t, err)
		c := &revocation.Credential{Scheme: s, PublicKey: k.sk.PublicKey(), Signature: sig, Messages: msgs, HandleIndex: 1}
		h, _ := c.Handle()
		c.Witness, err = ask.Witness(v0, h)
		require.NoError(t, err)
		return c
	}
	alice, bob, carol, dave := cred("alice"), cred("bob"), cred("carol"), cred("dave")
	hb, _ := bob.Handle()
	hc, _ := carol.Handle()
	hd, _ := dave.Handle()

	rem, err := ask.Remove(0, v0, hd)
	require.NoError(t, err)
	r = e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())

	batch, err := ask.RemoveBatch(1, rem.Value(), [][]byte{hb, hc})
	require.NoError(t, err)
	stale, _ := ask.RemoveBatch(0, v0, [][]byte{hb, hc})
	other, _, _ := revocation.GenerateKey(nil)
	forged, _ := other.RemoveBatch(1, rem.Value(), [][]byte{hb, hc})
	before := snapshot(e, fakestub.DefaultNamespace)
	require.NotEmpty(t, before)
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "acme", enc64(forged.Bytes())), "not the removal")
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "acme", enc64(stale.Bytes())), "version 1")
	requireFailure(t, e.submit(e.bob, "RevokeHandles", "acme", enc64(batch.Bytes())), "access denied")
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "acme", enc64(batch.Bytes()[:20])), "batch")
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "acme", "!"), "base64")
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "nobody", enc64(batch.Bytes())), "not found")
	require.Equal(t, before, snapshot(e, fakestub.DefaultNamespace))

	r = e.submit(e.alice, "RevokeHandles", "acme", enc64(batch.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "acme", enc64(batch.Bytes())), "version 2")

	acc := decode[revstate.Accumulator](t, e.evaluate(e.bob, "GetAccumulator", "acme"))
	require.Equal(t, 2, acc.Version)
	require.Equal(t, batch.Value(), acc.Value)
	rec1 := decode[revstate.AccumulatorRemoval](t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "1"))
	rec2 := decode[revstate.AccumulatorRemoval](t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "2"))
	require.Empty(t, rec1.Batch)
	require.Empty(t, rec2.Removal)
	require.Len(t, rec2.Batch, revocation.BatchRemovalSize(2))

	// From the ledger's records alone.
	accPK, err := revocation.ParsePublicKey(acc.PublicKey)
	require.NoError(t, err)
	lr, err := revocation.ParseRemoval(rec1.Removal)
	require.NoError(t, err)
	lb, err := revocation.ParseBatchRemoval(rec2.Batch)
	require.NoError(t, err)
	require.NoError(t, alice.Update([]*revocation.Removal{lr}))
	require.NoError(t, alice.UpdateBatch(lb))
	for _, c := range []*revocation.Credential{bob, carol} {
		require.NoError(t, c.Update([]*revocation.Removal{lr}))
		require.True(t, errors.Is(c.UpdateBatch(lb), revocation.ErrRevoked))
	}
	p, err := revocation.Present(nil, alice, accPK, acc.Value, []byte("nonce"), []int{0})
	require.NoError(t, err)
	q, err := revocation.ParsePresentation(s, p.Bytes())
	require.NoError(t, err)
	require.NoError(t, revocation.VerifyPresentation(k.sk.PublicKey(), q, nil, []byte("nonce"),
		[]bbs.DisclosedMessage{{Index: 0, Message: alice.Messages[0]}}, accPK, acc.Value))
}
