// SPDX-License-Identifier: Apache-2.0

package request

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/hex"
	"encoding/pem"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/require"
)

// exampleID is the SubmitterID of the certificate in the SubmitterID doc
// comment.
const exampleID = "eDUwOTo6Q049dXNlcjEsT1U9b3JnMStPVT1jbGllbnQ6OkNOPWNhLm9yZzEuZXhhbXBsZS5jb20sTz1vcmcxLmV4YW1wbGUuY29tLEw9RHVyaGFtLFNUPU5vcnRoIENhcm9saW5hLEM9VVM="

func TestBoundNonceKnownAnswers(t *testing.T) {
	// Computed independently of this package (Python hashlib and struct).
	tests := []struct {
		salt []byte
		want string
	}{
		{[]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15}, "4aa704e27e9fe07dd30d59df55e36918c626a0bf7be5f1b4a9268a130a4af82b"},
		{nil, "4a9167e0ecd899bd10da283b45a32d2c03c9939aa43fce84f134d109cf0c069f"},
	}
	for _, tt := range tests {
		got := BoundNonce("mychannel", "Org1MSP", exampleID, tt.salt)
		require.Len(t, got, BoundNonceSize)
		require.Equal(t, tt.want, hex.EncodeToString(got))
	}
}

func TestBoundNonceSeparatesFields(t *testing.T) {
	base := BoundNonce("ch", "Org1MSP", "id", []byte("salt"))
	require.NotEqual(t, base, BoundNonce("ch2", "Org1MSP", "id", []byte("salt")))
	require.NotEqual(t, base, BoundNonce("ch", "Org2MSP", "id", []byte("salt")))
	require.NotEqual(t, base, BoundNonce("ch", "Org1MSP", "id2", []byte("salt")))
	require.NotEqual(t, base, BoundNonce("ch", "Org1MSP", "id", []byte("salt2")))
	// Moving bytes between adjacent fields changes the nonce.
	require.NotEqual(t, BoundNonce("ab", "c", "id", nil), BoundNonce("a", "bc", "id", nil))
	require.NotEqual(t, BoundNonce("ch", "Org1MSP", "ids", nil), BoundNonce("ch", "Org1MSP", "id", []byte("s")))
}

// certificate returns a certificate for subject issued (self-signed data,
// but with the given issuer name) for the tests.
func certificate(t *testing.T, subject, issuer pkix.Name) *x509.Certificate {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	parentKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      subject,
		NotBefore:    time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:     time.Date(2035, 1, 1, 0, 0, 0, 0, time.UTC),
	}
	parent := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: issuer}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, parent, &key.PublicKey, parentKey)
	require.NoError(t, err)
	cert, err := x509.ParseCertificate(der)
	require.NoError(t, err)
	return cert
}

func TestSubmitterIDDocExample(t *testing.T) {
	// DER sorts the values of a multi-valued RDN (shorter encodings
	// first), so the two OUs come back as org1, client.
	cert := certificate(t,
		pkix.Name{OrganizationalUnit: []string{"client", "org1"}, CommonName: "user1"},
		pkix.Name{Country: []string{"US"}, Province: []string{"North Carolina"}, Locality: []string{"Durham"},
			Organization: []string{"org1.example.com"}, CommonName: "ca.org1.example.com"})
	require.Equal(t, exampleID, SubmitterID(cert))
	raw, err := base64.StdEncoding.DecodeString(exampleID)
	require.NoError(t, err)
	require.Equal(t, "x509::CN=user1,OU=org1+OU=client::CN=ca.org1.example.com,O=org1.example.com,L=Durham,ST=North Carolina,C=US", string(raw))

	id, err := SubmitterIDFromPEM(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: cert.Raw}))
	require.NoError(t, err)
	require.Equal(t, exampleID, id)
}

func TestDistinguishedNameEscapes(t *testing.T) {
	tests := []struct {
		name pkix.Name
		want string
	}{
		{pkix.Name{CommonName: "a,b+c\"d\\e<f>g;h"}, `CN=a\,b\+c\"d\\e\<f\>g\;h`},
		{pkix.Name{CommonName: " lead and trail "}, `CN=\ lead and trail\ `},
		{pkix.Name{CommonName: "#hash"}, `CN=\#hash`},
		{pkix.Name{CommonName: "mid#dle"}, `CN=mid#dle`},
		{pkix.Name{CommonName: " "}, `CN=\ `},
		{pkix.Name{CommonName: "Zoë 東京"}, `CN=Zoë 東京`},
		{pkix.Name{SerialNumber: "42", StreetAddress: []string{"1 Main St"}, PostalCode: []string{"27701"}},
			`SERIALNUMBER=42,POSTALCODE=27701,STREET=1 Main St`},
		{pkix.Name{}, ``},
		// ExtraNames of other types are written as OID=#hex(DER).
		{pkix.Name{ExtraNames: []pkix.AttributeTypeAndValue{{Type: []int{1, 2, 840, 113549, 1, 9, 1}, Value: "a@b.c"}}},
			`1.2.840.113549.1.9.1=#0c056140622e63`},
	}
	for _, tt := range tests {
		require.Equal(t, tt.want, distinguishedName(&tt.name))
	}
}

func TestSubmitterIDFromPEMRejects(t *testing.T) {
	_, err := SubmitterIDFromPEM([]byte("not a PEM"))
	require.ErrorContains(t, err, "no PEM block")
	_, err = SubmitterIDFromPEM(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte{1, 2, 3}}))
	require.ErrorContains(t, err, "submitter certificate")
}
