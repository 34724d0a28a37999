// SPDX-License-Identifier: Apache-2.0

// Package fakeid makes X.509 client identities for unit tests of chaincode,
// the way a Fabric CA issues them: a certificate authority per MSP, and
// identities enrolled with it whose certificates carry Fabric CA attributes
// (extension 1.2.3.4.5.6.7.8.1, {"attrs":{name:value}}). An identity's
// Creator is what a peer hands chaincode as the transaction creator: a
// serialized msp.SerializedIdentity holding the MSP ID and the PEM
// certificate.
package fakeid

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/json"
	"encoding/pem"
	"math/big"
	"testing"
	"time"

	"github.com/hyperledger/fabric-protos-go-apiv2/msp"
	"google.golang.org/protobuf/proto"
)

// AttributeOID is the certificate extension in which Fabric CA puts an
// identity's attributes.
var AttributeOID = asn1.ObjectIdentifier{1, 2, 3, 4, 5, 6, 7, 8, 1}

var (
	notBefore = time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	notAfter  = time.Date(2035, 1, 1, 0, 0, 0, 0, time.UTC)
)

// CA is the certificate authority of one MSP.
type CA struct {
	// MSPID is the MSP the CA's identities belong to.
	MSPID string
	// Cert is the CA's self-signed certificate.
	Cert   *x509.Certificate
	key    *ecdsa.PrivateKey
	serial int64
}

// Identity is an enrolled client identity.
type Identity struct {
	// MSPID is the identity's MSP.
	MSPID string
	// Cert is the identity's certificate.
	Cert *x509.Certificate
	// PEM is Cert in PEM form.
	PEM []byte
	// Creator is the serialized msp.SerializedIdentity of the identity.
	Creator []byte
}

// NewCA makes the CA of mspID, with a certificate for subject.
func NewCA(tb testing.TB, mspID string, subject pkix.Name) *CA {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	tmpl := &x509.Certificate{
		SerialNumber:          big.NewInt(1),
		Subject:               subject,
		NotBefore:             notBefore,
		NotAfter:              notAfter,
		KeyUsage:              x509.KeyUsageCertSign | x509.KeyUsageDigitalSignature,
		BasicConstraintsValid: true,
		IsCA:                  true,
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, tmpl, &key.PublicKey, key)
	if err != nil {
		tb.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatal(err)
	}
	return &CA{MSPID: mspID, Cert: cert, key: key, serial: 1}
}

// Enroll issues an identity of the CA's MSP with the given subject and
// Fabric CA attributes (none if attrs is nil).
func (ca *CA) Enroll(tb testing.TB, subject pkix.Name, attrs map[string]string) *Identity {
	tb.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		tb.Fatal(err)
	}
	ca.serial++
	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(ca.serial),
		Subject:      subject,
		NotBefore:    notBefore,
		NotAfter:     notAfter,
		KeyUsage:     x509.KeyUsageDigitalSignature,
	}
	if attrs != nil {
		value, err := json.Marshal(struct {
			Attrs map[string]string `json:"attrs"`
		}{attrs})
		if err != nil {
			tb.Fatal(err)
		}
		tmpl.ExtraExtensions = []pkix.Extension{{Id: AttributeOID, Value: value}}
	}
	der, err := x509.CreateCertificate(rand.Reader, tmpl, ca.Cert, &key.PublicKey, ca.key)
	if err != nil {
		tb.Fatal(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		tb.Fatal(err)
	}
	id := &Identity{MSPID: ca.MSPID, Cert: cert, PEM: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: der})}
	id.Creator = Creator(tb, ca.MSPID, id.PEM)
	return id
}

// Creator serializes an msp.SerializedIdentity of mspID with idBytes.
func Creator(tb testing.TB, mspID string, idBytes []byte) []byte {
	tb.Helper()
	b, err := proto.Marshal(&msp.SerializedIdentity{Mspid: mspID, IdBytes: idBytes})
	if err != nil {
		tb.Fatal(err)
	}
	return b
}
