// SPDX-License-Identifier: Apache-2.0

package base

import (
	"crypto/x509/pkix"
	"testing"

	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/cid"
	"github.com/stretchr/testify/require"

	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
)

// txContextFor is the contract's context for a stub, with the client
// identity contract-api would give it: its parse of the creator, nil when
// that fails.
func txContextFor(t *testing.T, creator []byte) (*TxContext, *fakestub.Stub) {
	t.Helper()
	stub := fakestub.NewLedger("ch").NewStub(creator, "Ping")
	tc := &TxContext{}
	tc.SetStub(stub)
	ci, _ := cid.New(stub)
	tc.SetClientIdentity(ci)
	return tc, stub
}

func TestSubmitterOf(t *testing.T) {
	ca := fakeid.NewCA(t, "Org1MSP", pkix.Name{CommonName: "ca.org1"})
	user := ca.Enroll(t, pkix.Name{CommonName: "user1", OrganizationalUnit: []string{"client"}}, map[string]string{AdminAttribute: "true"})

	t.Run("contract-api's identity", func(t *testing.T) {
		tc, _ := txContextFor(t, user.Creator)
		sub, err := SubmitterOf(tc)
		require.NoError(t, err)
		want, err := cid.New(tc.GetStub())
		require.NoError(t, err)
		id, _ := want.GetID()
		require.Equal(t, &Submitter{MSPID: "Org1MSP", ID: id, Admin: true}, sub)
		again, err := SubmitterOf(tc)
		require.NoError(t, err)
		require.Same(t, sub, again, "kept for the rest of the transaction")
	})

	t.Run("no identity from contract-api: the creator parsed here", func(t *testing.T) {
		tc, stub := txContextFor(t, user.Creator)
		tc.SetClientIdentity(nil)
		sub, err := SubmitterOf(tc)
		require.NoError(t, err)
		require.Equal(t, "Org1MSP", sub.MSPID)
		ctx := &TxContext{}
		ctx.SetStub(stub)
		var none *cid.ClientID
		ctx.SetClientIdentity(none) // what contract-api sets when cid.New fails
		sub2, err := SubmitterOf(ctx)
		require.NoError(t, err)
		require.Equal(t, sub, sub2)
	})

	t.Run("a creator that does not parse", func(t *testing.T) {
		tc, _ := txContextFor(t, []byte("not a serialized identity"))
		_, err := SubmitterOf(tc)
		require.ErrorContains(t, err, "cannot identify the submitter")
		_, again := SubmitterOf(tc)
		require.Equal(t, err, again, "the same error, kept")
	})
}
