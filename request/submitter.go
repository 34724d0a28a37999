// SPDX-License-Identifier: Apache-2.0

package request

import (
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"encoding/pem"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"
)

// NonceDomain is the domain-separation tag that starts every bound nonce.
const NonceDomain = "fabric-bbs/nonce/v1"

// BoundNonceSize is the size of a bound nonce: a SHA-256 digest.
const BoundNonceSize = sha256.Size

// BoundNonce returns the nonce that binds a proof to one submitting identity
// on one channel. A request with "bindSubmitter": true is accepted only if
// its nonce equals BoundNonce(channel ID, submitter MSP ID, submitter ID,
// salt) for the identity that submits it, so a proof copied from a pending
// transaction cannot be submitted by anyone else.
//
// The nonce is
//
//	SHA-256( F(tag) ‖ F(channelID) ‖ F(mspID) ‖ F(submitterID) ‖ F(salt) )
//	F(x) = uint32_be(len(x)) ‖ x
//
// where tag is the 19 ASCII bytes "fabric-bbs/nonce/v1" (NonceDomain),
// len(x) is the length of x in bytes written as a 4-byte big-endian unsigned
// integer, the strings are their UTF-8 bytes, and submitterID is the client
// identity ID exactly as Fabric's client-identity library (cid.GetID)
// returns it and SubmitterID computes it: the base64 text itself, not what
// it decodes to. salt is raw bytes (the request carries it as base64) and
// may be empty. Every field is length-prefixed, the tag included, so no two
// different field lists hash the same input.
//
// BoundNonce panics if a field is 4 GiB or longer.
func BoundNonce(channelID, mspID, submitterID string, salt []byte) []byte {
	h := sha256.New()
	for _, f := range [][]byte{[]byte(NonceDomain), []byte(channelID), []byte(mspID), []byte(submitterID), salt} {
		if uint64(len(f)) > math.MaxUint32 {
			panic("request: bound nonce field of 4 GiB or more")
		}
		var n [4]byte
		binary.BigEndian.PutUint32(n[:], uint32(len(f)))
		h.Write(n[:])
		h.Write(f)
	}
	return h.Sum(nil)
}

// SubmitterID returns the client identity ID of the holder of cert, exactly
// as Fabric's client-identity library (github.com/hyperledger/fabric-chaincode-go/v2/pkg/cid,
// GetID) returns it inside the chaincode:
//
//	base64std( "x509::" ‖ DN(cert.Subject) ‖ "::" ‖ DN(cert.Issuer) )
//
// DN is the library's rendering of a name, close to RFC 2253: the name's
// attributes as pkix.Name.ToRDNSequence gives them (C, ST, L, STREET,
// POSTALCODE, O, OU, CN, SERIALNUMBER, one RDN per attribute type with
// multiple values joined by "+"; attributes of other types, such as an
// e-mail address, are not part of it), the RDNs in reverse order joined by
// ",", each attribute as TYPE=value with TYPE one of C, O, OU, CN,
// SERIALNUMBER, L, ST, STREET, POSTALCODE. In a value, the characters
// , + " \ < > ; a leading space or '#' and a trailing space are escaped
// with a backslash. For example, a certificate with subject CN=user1 and
// the organizational units client and org1 (which DER orders org1, client
// inside their RDN) issued by C=US, ST=North Carolina, L=Durham,
// O=org1.example.com, CN=ca.org1.example.com has the ID
//
//	base64std("x509::CN=user1,OU=org1+OU=client::CN=ca.org1.example.com,O=org1.example.com,L=Durham,ST=North Carolina,C=US")
func SubmitterID(cert *x509.Certificate) string {
	id := "x509::" + distinguishedName(&cert.Subject) + "::" + distinguishedName(&cert.Issuer)
	return base64.StdEncoding.EncodeToString([]byte(id))
}

// SubmitterIDFromPEM returns SubmitterID of the certificate in the first PEM
// block of pemBytes, as Fabric reads an X.509 identity.
func SubmitterIDFromPEM(pemBytes []byte) (string, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil {
		return "", fmt.Errorf("submitter certificate: no PEM block found")
	}
	cert, err := x509.ParseCertificate(block.Bytes)
	if err != nil {
		return "", fmt.Errorf("submitter certificate: %w", err)
	}
	return SubmitterID(cert), nil
}

// dnTypeNames are the attribute types the client-identity library names;
// others are written as their dotted OID.
var dnTypeNames = map[string]string{
	"2.5.4.6":  "C",
	"2.5.4.10": "O",
	"2.5.4.11": "OU",
	"2.5.4.3":  "CN",
	"2.5.4.5":  "SERIALNUMBER",
	"2.5.4.7":  "L",
	"2.5.4.8":  "ST",
	"2.5.4.9":  "STREET",
	"2.5.4.17": "POSTALCODE",
}

// distinguishedName renders name the way the client-identity library does.
func distinguishedName(name *pkix.Name) string {
	rdns := name.ToRDNSequence()
	var b strings.Builder
	for i := len(rdns) - 1; i >= 0; i-- {
		if i < len(rdns)-1 {
			b.WriteByte(',')
		}
		for j, atv := range rdns[i] {
			if j > 0 {
				b.WriteByte('+')
			}
			oid := atv.Type.String()
			typeName, known := dnTypeNames[oid]
			if !known {
				if der, err := asn1.Marshal(atv.Value); err == nil {
					b.WriteString(oid + "=#" + hex.EncodeToString(der))
					continue
				}
				typeName = oid
			}
			b.WriteString(typeName + "=")
			writeEscapedDNValue(&b, fmt.Sprint(atv.Value))
		}
	}
	return b.String()
}

// writeEscapedDNValue writes v with the client-identity library's escapes,
// keeping every byte of v (invalid UTF-8 included) as it is.
func writeEscapedDNValue(b *strings.Builder, v string) {
	for i := 0; i < len(v); {
		c, size := utf8.DecodeRuneInString(v[i:])
		edge := (i == 0 && (c == ' ' || c == '#')) || (i == len(v)-1 && c == ' ')
		if edge || strings.ContainsRune(`,+"\<>;`, c) {
			b.WriteByte('\\')
		}
		b.WriteString(v[i : i+size])
		i += size
	}
}
