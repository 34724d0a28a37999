// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/x509/pkix"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/pkg/cid"
	"github.com/stretchr/testify/require"
)

// TestSubmitterIDMatchesCID proves that request.SubmitterID, which the
// Fabric-free client uses to compute bound nonces, returns exactly what
// Fabric's client-identity library returns inside the chaincode.
func TestSubmitterIDMatchesCID(t *testing.T) {
	cas := []*fakeid.CA{
		fakeid.NewCA(t, "Org1MSP", pkix.Name{Country: []string{"US"}, Province: []string{"North Carolina"}, Locality: []string{"Durham"},
			Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"}),
		fakeid.NewCA(t, "Org2MSP", pkix.Name{CommonName: "ca, with \"specials\" + <more>; \\ #"}),
		fakeid.NewCA(t, "Org3MSP", pkix.Name{Organization: []string{"B", "A"}, OrganizationalUnit: []string{"x"}, SerialNumber: "7",
			StreetAddress: []string{"1 Main St"}, PostalCode: []string{"27701"}}),
	}
	subjects := []pkix.Name{
		{CommonName: "user1"},
		{OrganizationalUnit: []string{"client", "org1", "department1"}, CommonName: "user1"},
		{Country: []string{"US"}, Organization: []string{"Hyperledger"}, OrganizationalUnit: []string{"client"}, CommonName: "Admin@org1.example.com"},
		{CommonName: " leading and trailing spaces "},
		{CommonName: "#hash", OrganizationalUnit: []string{"a+b", "c,d"}},
		{CommonName: "Zoë 東京 🙂"},
		{CommonName: `back\slash "quoted" <angle> semi;colon`},
		{SerialNumber: "12345", Locality: []string{"L1", "L2"}, Province: []string{"P"}},
		{CommonName: "mail", ExtraNames: []pkix.AttributeTypeAndValue{{Type: []int{1, 2, 840, 113549, 1, 9, 1}, Value: "user@example.com"}}},
		{CommonName: "uid", ExtraNames: []pkix.AttributeTypeAndValue{{Type: []int{0, 9, 2342, 19200300, 100, 1, 1}, Value: "jdoe"}}},
		{},
	}
	ledger := fakestub.NewLedger(testChannel)
	for _, ca := range cas {
		for _, subject := range subjects {
			id := ca.Enroll(t, subject, map[string]string{base.AdminAttribute: "true"})
			stub := ledger.NewStub(id.Creator)
			want, err := cid.GetID(stub)
			require.NoError(t, err)
			require.Equal(t, want, request.SubmitterID(id.Cert), "subject %v, issuer %v", subject, ca.Cert.Subject)
			fromPEM, err := request.SubmitterIDFromPEM(id.PEM)
			require.NoError(t, err)
			require.Equal(t, want, fromPEM)

			mspID, err := cid.GetMSPID(stub)
			require.NoError(t, err)
			require.Equal(t, ca.MSPID, mspID)
		}
	}
}

func TestSubmitterOf(t *testing.T) {
	e := newEnv(t)
	for _, tt := range []struct {
		id    *fakeid.Identity
		admin bool
	}{
		{e.alice, false}, {e.bob, false}, {e.admin1, true}, {e.notAdmin1, false}, {e.admin2, true},
	} {
		stub := e.ledger.NewStub(tt.id.Creator)
		ctx := newTestContext(stub)
		sub, err := base.SubmitterOf(ctx)
		require.NoError(t, err)
		require.Equal(t, &base.Submitter{MSPID: tt.id.MSPID, ID: request.SubmitterID(tt.id.Cert), Admin: tt.admin}, sub)
	}
}

// TestOwnerIsTheCIDIdentity checks end to end that the owner recorded by
// RegisterIssuer is the cid identity of the submitter.
func TestOwnerIsTheCIDIdentity(t *testing.T) {
	e := newEnv(t)
	k := newKeyPair(t, bbs.BBSPlus2020(), 1)
	is := decode[issuers.Issuer](t, e.register(e.admin2, "org2-issuer", k, ""))
	id, err := cid.GetID(e.ledger.NewStub(e.admin2.Creator))
	require.NoError(t, err)
	require.Equal(t, base.Owner{MSPID: "Org2MSP", ID: id}, is.Owner)

	// The Org2 admin may act on it; Org1's admin may not.
	requireFailure(t, e.submit(e.admin1, "RevokeIssuer", "org2-issuer"), "access denied")
	require.True(t, e.submit(e.admin2, "RevokeIssuer", "org2-issuer").Committed)
}
