// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"encoding/hex"
	"fmt"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/stretchr/testify/require"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// TestAccumulatorHandleRemovedOnce: a handle is removed at one version
// only. A removal or a batch that removes again a handle an earlier
// version removed verifies as mathematics (the accumulator does not know
// its members) but is refused with BBS_EXISTS naming that version, by
// RevokeHandle and RevokeHandles alike, and changes nothing; a batch that
// repeats a handle inside it is refused naming both positions. Each
// removed handle has its index record.
func TestAccumulatorHandleRemovedOnce(t *testing.T) {
	e := newEnv(t)
	s := bbs.BLS12381SHA256()
	require.True(t, e.register(e.alice, "acme", newKeyPair(t, s, 7), "Acme").Committed)
	ask, v0, err := revocation.GenerateKey(nil)
	require.NoError(t, err)
	r := e.submit(e.alice, "SetAccumulator", "acme", enc64(ask.PublicKey().Bytes()), enc64(v0), "2")
	require.True(t, r.Committed, r.Response.GetMessage())
	handle := func(i byte) []byte { b := make([]byte, revocation.ScalarSize); b[len(b)-1] = i; return b }
	ha, hb, hc, hd := handle(1), handle(2), handle(3), handle(4)

	// Version 1: a; version 2: b and c in one batch.
	rem1, err := ask.Remove(0, v0, ha)
	require.NoError(t, err)
	r = e.submit(e.alice, "RevokeHandle", "acme", enc64(rem1.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, 6, r.Writes, "the removal, the accumulator and one handle record, each with its key-level policy")
	b2, err := ask.RemoveBatch(1, rem1.Value(), [][]byte{hb, hc})
	require.NoError(t, err)
	r = e.submit(e.alice, "RevokeHandles", "acme", enc64(b2.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, 8, r.Writes, "the batch, the accumulator and two handle records, each with its key-level policy")
	for hv, want := range map[string]int{hex.EncodeToString(ha): 1, hex.EncodeToString(hb): 2, hex.EncodeToString(hc): 2} {
		key, err := base.CompositeKey(e.ledger.NewStub(nil), records.AccumulatorHandle.ObjectType, "acme", hv)
		require.NoError(t, err)
		require.Equal(t, fmt.Sprintf(`{"version":%d}`, want), string(e.ledger.StateIn(fakestub.DefaultNamespace, key)))
		require.Len(t, key, 94, "the key's size, as docs/revocation-protocol.md gives it for a 4-character issuer ID")
	}

	// Removing a again (version 3), alone or in a batch beside d; b again.
	v2 := b2.Value()
	again, err := ask.Remove(2, v2, ha)
	require.NoError(t, err)
	require.NoError(t, revocation.VerifyRemoval(ask.PublicKey(), v2, again), "the mathematics allows it")
	againBatch, err := ask.RemoveBatch(2, v2, [][]byte{hd, ha})
	require.NoError(t, err)
	againB, err := ask.RemoveBatch(2, v2, [][]byte{hb})
	require.NoError(t, err)
	before := snapshot(e, fakestub.DefaultNamespace)
	require.NotEmpty(t, before)
	ra := e.submit(e.alice, "RevokeHandle", "acme", enc64(again.Bytes()))
	requireFailure(t, ra, "handle "+hex.EncodeToString(ha), "already removed at version 1")
	require.Equal(t, codes.Exists, codes.Find(ra.Response.GetMessage()))
	rb := e.submit(e.alice, "RevokeHandles", "acme", enc64(againBatch.Bytes()))
	requireFailure(t, rb, "handle 1 of the batch", hex.EncodeToString(ha), "already removed at version 1")
	require.Equal(t, codes.Exists, codes.Find(rb.Response.GetMessage()))
	requireFailure(t, e.submit(e.alice, "RevokeHandles", "acme", enc64(againB.Bytes())), "handle 0 of the batch", "already removed at version 2")
	requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(mustRemove(t, ask, 2, v2, hc).Bytes())), "already removed at version 2")

	// A handle repeated inside a batch (the issuer's tool refuses to make
	// one, so the bytes are edited): refused naming both positions.
	good, err := ask.RemoveBatch(2, v2, [][]byte{hd, handle(5), handle(6)})
	require.NoError(t, err)
	dup := bytes.Clone(good.Bytes())
	copy(dup[12+2*revocation.ScalarSize:], dup[12:12+revocation.ScalarSize])
	rd := e.submit(e.alice, "RevokeHandles", "acme", enc64(dup))
	requireFailure(t, rd, "handles 0 and 2 of the batch are the same")
	require.Equal(t, codes.InvalidArgument, codes.Find(rd.Response.GetMessage()))
	require.Equal(t, before, snapshot(e, fakestub.DefaultNamespace))

	// d is new: its batch commits.
	r = e.submit(e.alice, "RevokeHandles", "acme", enc64(good.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())
}

func mustRemove(t *testing.T, sk *revocation.SecretKey, version uint64, value, handle []byte) *revocation.Removal {
	t.Helper()
	r, err := sk.Remove(version, value, handle)
	require.NoError(t, err)
	return r
}

// TestAccumulatorHandleIndexForged: the handle index key has no key-level
// policy, so whoever satisfies the chaincode-level policy alone could
// write one outside the contract. Such a record cannot block the owner's
// revocation: an index record is believed only if the removal record of
// the version it names removes that handle. Records that are not JSON,
// name no version, a version beyond the current one, or a version whose
// removal is another handle's, are overwritten by the revocation.
func TestAccumulatorHandleIndexForged(t *testing.T) {
	e := newEnv(t)
	s := bbs.BLS12381SHA256()
	require.True(t, e.register(e.alice, "acme", newKeyPair(t, s, 7), "Acme").Committed)
	ask, v0, err := revocation.GenerateKey(nil)
	require.NoError(t, err)
	r := e.submit(e.alice, "SetAccumulator", "acme", enc64(ask.PublicKey().Bytes()), enc64(v0), "2")
	require.True(t, r.Committed, r.Response.GetMessage())
	handle := func(i byte) []byte { b := make([]byte, revocation.ScalarSize); b[len(b)-1] = i; return b }
	indexKey := func(h []byte) string {
		key, err := base.CompositeKey(e.ledger.NewStub(nil), records.AccumulatorHandle.ObjectType, "acme", hex.EncodeToString(h))
		require.NoError(t, err)
		return key
	}
	rem1 := mustRemove(t, ask, 0, v0, handle(1))
	r = e.submit(e.alice, "RevokeHandle", "acme", enc64(rem1.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())

	value, version := rem1.Value(), uint64(1)
	for i, forged := range []string{`not json`, `{}`, `{"version":2}`, `{"version":1}`, `{"version":-1}`} {
		h := handle(byte(10 + i))
		e.ledger.Put(indexKey(h), []byte(forged))
		rem := mustRemove(t, ask, version, value, h)
		r := e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes()))
		require.True(t, r.Committed, "forged index record %s: %s", forged, r.Response.GetMessage())
		version, value = version+1, rem.Value()
		require.Equal(t, fmt.Sprintf(`{"version":%d}`, version), string(e.ledger.StateIn(fakestub.DefaultNamespace, indexKey(h))), "overwritten by the real removal")
	}
	// In a batch as well.
	h := handle(30)
	e.ledger.Put(indexKey(h), []byte(`{"version":1}`))
	b, err := ask.RemoveBatch(version, value, [][]byte{handle(31), h})
	require.NoError(t, err)
	r = e.submit(e.alice, "RevokeHandles", "acme", enc64(b.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())
	// The real records still refuse.
	requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(mustRemove(t, ask, version+1, b.Value(), h).Bytes())),
		"already removed at version "+fmt.Sprint(version+1))
	requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(mustRemove(t, ask, version+1, b.Value(), handle(1)).Bytes())),
		"already removed at version 1")
}
