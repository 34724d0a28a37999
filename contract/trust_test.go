// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// submitAs runs a transaction as id, endorsed by peers of the given MSPs,
// and validates and commits it as a peer would.
func (e *env) submitAs(endorsers []string, id *fakeid.Identity, fn string, args ...string) fakestub.Result {
	e.t.Helper()
	return e.ledger.SubmitAs(e.cc, endorsers, id.Creator, append([]string{Name + ":" + fn}, args...)...)
}

// TestOwnerOrgMustEndorseIssuerChanges: under the chaincode policy
// OR(Org1, Org2), a change of an Org1 issuer endorsed by Org2's peer alone
// (a peer that skips the owner checks, or runs other code) is refused at
// commit; the same change endorsed by Org1's peer commits.
func TestOwnerOrgMustEndorseIssuerChanges(t *testing.T) {
	changes := []struct {
		fn   string
		args func(e *env) []string
	}{
		{"RotateIssuerKey", func(e *env) []string {
			return []string{rotationDoc(e.t, e.alice, "acme", 2, newKeyPair(e.t, bbs.BBSPlus2020(), 42))}
		}},
		{"RevokeIssuerKey", func(*env) []string { return []string{"acme", "1"} }},
		{"RevokeIssuer", func(*env) []string { return []string{"acme"} }},
		{"SetIssuerSettings", func(*env) []string { return []string{"acme", `{"requireBoundNonce":true,"messageCounts":[5]}`} }},
	}
	for _, c := range changes {
		t.Run(c.fn, func(t *testing.T) {
			e, k := registered(t)
			e.ledger.ChaincodePolicy = fakestub.MSPPolicy(1, "Org1MSP", "Org2MSP")
			before := e.ledger.State(mustIssuerKey(t, e, "acme"))

			r := e.submitAs([]string{"Org2MSP"}, e.alice, c.fn, c.args(e)...)
			require.True(t, r.OK(), "the chaincode endorses: %s", r.Response.GetMessage())
			require.Equal(t, peer.TxValidationCode_ENDORSEMENT_POLICY_FAILURE, r.Validation, r.ValidationDetail)
			require.False(t, r.Committed)
			require.Equal(t, before, e.ledger.State(mustIssuerKey(t, e, "acme")))

			r = e.submitAs([]string{"Org1MSP"}, e.alice, c.fn, c.args(e)...)
			require.Equal(t, peer.TxValidationCode_VALID, r.Validation, r.ValidationDetail)
			require.NotEqual(t, before, e.ledger.State(mustIssuerKey(t, e, "acme")))

			// The key-index entry of the first key carries the same policy.
			idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), k.sk.PublicKey().Bytes())
			require.NoError(t, err)
			require.Equal(t, fakestub.MSPPolicy(1, "Org1MSP"), e.ledger.ValidationParameter(idx))
		})
	}
}

// TestRegisterSetsOwnerPolicies: registration and rotation put the owner
// MSP's peer policy on the issuer record and on each key-index entry.
func TestRegisterSetsOwnerPolicies(t *testing.T) {
	e := newEnv(t)
	k1, k2 := newKeyPair(t, bbs.BBSPlus2020(), 1), newKeyPair(t, bbs.BBSPlus2020(), 2)
	require.True(t, e.register(e.admin2, "org2-issuer", k1, "").Committed)
	require.True(t, e.rotate(e.admin2, "org2-issuer", k2).Committed)
	want := fakestub.MSPPolicy(1, "Org2MSP")
	require.Equal(t, want, e.ledger.ValidationParameter(mustIssuerKey(t, e, "org2-issuer")))
	for _, k := range []*keyPair{k1, k2} {
		idx, err := issuers.PublicKeyIndexKey(e.ledger.NewStub(nil), k.sk.PublicKey().Bytes())
		require.NoError(t, err)
		require.Equal(t, want, e.ledger.ValidationParameter(idx))
	}
}

func mustIssuerKey(t *testing.T, e *env, id string) string {
	t.Helper()
	k, err := issuerKeyOf(e, id)
	require.NoError(t, err)
	return k
}

// TestPublicKeyRegisteredOnce: a public key registered under one issuer
// (revoked or not) cannot be registered, or rotated to, under another.
func TestPublicKeyRegisteredOnce(t *testing.T) {
	e, k := registered(t)
	for _, who := range []*fakeid.Identity{e.alice, e.admin2} {
		requireFailure(t, e.register(who, "clone", k, ""),
			"already registered", `key version 1 of issuer "acme"`)
	}
	other := newKeyPair(t, bbs.BBSPlus2020(), 9)
	require.True(t, e.register(e.admin2, "other", other, "").Committed)
	requireFailure(t, e.rotate(e.admin2, "other", k), "already registered")
	requireFailure(t, e.rotate(e.alice, "acme", other), "already registered", `issuer "other"`)

	// Revocation does not free a key.
	require.True(t, e.submit(e.alice, "RevokeIssuer", "acme").Committed)
	requireFailure(t, e.register(e.admin2, "clone", k, ""), "already registered")
}

// TestNoncesAreConsumedPerKey: a clone of a key under another issuer ID
// (here written straight into the state, as an index-less registration
// would have) cannot replay a consumed proof, while another key of the
// same issuer has its own nonces.
func TestNoncesAreConsumedPerKey(t *testing.T) {
	e, k := registered(t)
	acme := decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme"))
	clone := acme
	clone.ID = "clone"
	e.ledger.PutWithPolicy(mustIssuerKey(t, e, "clone"), []byte(jsonArg(t, clone)), e.ledger.ValidationParameter(mustIssuerKey(t, e, "acme")))

	nonce := []byte("one nonce, one proof, one key")
	c := sign(t, k, nil)
	require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, c.present(t, "acme", nonce, 0))).Committed)
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, c.present(t, "clone", nonce, 0))), "replay")
	require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, c.present(t, "clone", nonce, 0)))).NonceConsumed)

	// A new key version of acme: the same nonce is fresh for it.
	k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
	require.True(t, e.rotate(e.alice, "acme", k2).Committed)
	fresh := sign(t, k2, nil).present(t, "acme", nonce, 0)
	require.False(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, fresh))).NonceConsumed)
	require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, fresh)).Committed)
}

// TestOneNonceTwiceInOneBlock: two SubmitProofs of one nonce, endorsed
// against the same state and ordered into one block: both endorse, exactly
// one commits, the other is an MVCC read conflict.
func TestOneNonceTwiceInOneBlock(t *testing.T) {
	e, k := registered(t)
	req := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("raced nonce 0123456789"), 1))
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", req}},
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":SubmitProof", req}})
	valid := 0
	for _, r := range rs {
		require.True(t, r.OK(), "both endorse: %s", r.Response.GetMessage())
		if r.Validation == peer.TxValidationCode_VALID {
			valid++
		} else {
			require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, r.Validation)
			require.False(t, r.Committed)
		}
	}
	require.Equal(t, 1, valid)
	requireFailure(t, e.submit(e.bob, "SubmitProof", req), "replay", "by transaction "+rs[0].TxID)
	requireFailure(t, e.evaluate(e.bob, "GetVerification", rs[1].TxID), "not found")
}
