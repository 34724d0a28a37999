// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"errors"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/stretchr/testify/require"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// TestAccumulatorRecords: the owner creates the accumulator once; a
// removal of version current+1 that verifies is recorded with the new
// value, and a holder updates its witness from the ledger's record alone
// and presents against the new version, while the revoked holder cannot;
// other callers, a replayed or forged removal, and bad arguments are
// refused and change nothing.
func TestAccumulatorRecords(t *testing.T) {
	e := newEnv(t)
	s := bbs.BLS12381SHA256()
	k := newKeyPair(t, s, 7)
	require.True(t, e.register(e.alice, "acme", k, "Acme").Committed)
	ask, v0, err := revocation.GenerateKey(nil)
	require.NoError(t, err)
	pk := enc64(ask.PublicKey().Bytes())

	requireFailure(t, e.submit(e.bob, "SetAccumulator", "acme", pk, enc64(v0), "1"), "access denied")
	requireFailure(t, e.submit(e.alice, "SetAccumulator", "acme", pk, enc64(v0[:47]), "1"), "initialValue")
	requireFailure(t, e.submit(e.alice, "SetAccumulator", "acme", enc64(v0), enc64(v0), "1"), "publicKey")
	r := e.submit(e.alice, "SetAccumulator", "acme", pk, enc64(v0), "1")
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.alice, "SetAccumulator", "acme", pk, enc64(v0), "1"), "exists")
	key := accumulatorHeadKey(t, e, "acme")
	require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(key))

	// Two holders: handles are messages of their credentials.
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
	alice, bob := cred("alice"), cred("bob")
	hb, _ := bob.Handle()
	rem, err := ask.Remove(0, v0, hb)
	require.NoError(t, err)

	other, _, _ := revocation.GenerateKey(nil)
	forged, _ := other.Remove(0, v0, hb)
	before := snapshot(e, fakestub.DefaultNamespace)
	require.NotEmpty(t, before)
	requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(forged.Bytes())), "not the removal")
	requireFailure(t, e.submit(e.bob, "RevokeHandle", "acme", enc64(rem.Bytes())), "access denied")
	requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", "!"), "base64")
	require.Equal(t, before, snapshot(e, fakestub.DefaultNamespace))

	r = e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes()))
	require.True(t, r.Committed, r.Response.GetMessage())
	requireFailure(t, e.submit(e.alice, "RevokeHandle", "acme", enc64(rem.Bytes())), "version 1")

	acc := decode[revstate.Accumulator](t, e.evaluate(e.bob, "GetAccumulator", "acme"))
	require.Equal(t, 1, acc.Version)
	require.Equal(t, rem.Value(), acc.Value)
	rec := decode[revstate.AccumulatorRemoval](t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "1"))
	requireFailure(t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "2"), "not found")
	requireFailure(t, e.evaluate(e.bob, "GetAccumulatorRemoval", "acme", "0"), "version 0")

	// From the ledger's records alone.
	accPK, err := revocation.ParsePublicKey(acc.PublicKey)
	require.NoError(t, err)
	lr, err := revocation.ParseRemoval(rec.Removal)
	require.NoError(t, err)
	require.NoError(t, alice.Update([]*revocation.Removal{lr}))
	require.True(t, errors.Is(bob.Update([]*revocation.Removal{lr}), revocation.ErrRevoked))
	p, err := revocation.Present(nil, alice, accPK, acc.Value, []byte("nonce"), []int{0})
	require.NoError(t, err)
	q, err := revocation.ParsePresentation(s, p.Bytes())
	require.NoError(t, err)
	require.NoError(t, revocation.VerifyPresentation(k.sk.PublicKey(), q, nil, []byte("nonce"),
		[]bbs.DisclosedMessage{{Index: 0, Message: alice.Messages[0]}}, accPK, acc.Value))
}

func enc64(b []byte) string { return base64.StdEncoding.EncodeToString(b) }
