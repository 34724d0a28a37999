// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"encoding/json"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

const IssuerObjectType = "bbs.issuer" // [issuer ID] -> Issuer

const PublicKeyObjectType = "bbs.key" // [hex SHA-256 of public key] or [hash, tx ID] -> keyRecord

// keyRecord is the public-key index entry: which issuer key version holds
// a public key. A key is registered once, under one issuer, for good (see
// keyindex.go).
type keyRecord struct {
	Issuer  string `json:"issuer"`
	Version int    `json:"version"`
}

func PublicKeyIndexKey(stub shim.ChaincodeStubInterface, publicKey []byte) (string, error) {
	return base.CompositeKey(stub, PublicKeyObjectType, base.HashHex(publicKey))
}

func IssuerRecordKey(stub shim.ChaincodeStubInterface, id string) (string, error) {
	return base.CompositeKey(stub, IssuerObjectType, id)
}

// GetIssuer reads the issuer with the given ID, which must be valid, with
// its directory (is.records). A record that does not carry its owner's
// Key-level policy is not believed (ErrUntrusted).
func GetIssuer(stub shim.ChaincodeStubInterface, id string) (*Issuer, error) {
	key, err := IssuerRecordKey(stub, id)
	if err != nil {
		return nil, err
	}
	b, err := stub.GetState(key)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: reading the world state: %w", id, err)
	}
	if b == nil {
		return nil, fmt.Errorf("issuer %q: %w", id, base.ErrNotFound)
	}
	// The contract writes only issuer records of their own ID here:
	// anything else was written around it. (A record under one ID that
	// names another would make its keys' proofs count as the other's.)
	var st storedIssuer
	if err := base.UnmarshalRecord(b, &st); err != nil {
		return nil, fmt.Errorf("issuer %q: %w: %w", id, base.ErrUntrusted, err)
	}
	if st.ID != id {
		return nil, fmt.Errorf("issuer %q: %w: the stored record is of issuer %s", id, base.ErrUntrusted, request.Excerpt(st.ID))
	}
	if err := records.Issuer.Believe(stub, key, st.Owner.MSPID); err != nil {
		return nil, fmt.Errorf("issuer %q: %w", id, err)
	}
	is := st.Issuer
	is.records = st.Records
	return &is, nil
}

// PutIssuer writes the issuer's record with its directory, if it is at most
// MaxIssuerRecordSize bytes, and sets its owner's key-level policy. The
// first write of a record written before 0.3.0 gives it its directory
// (anchorLegacy).
func PutIssuer(stub shim.ChaincodeStubInterface, is *Issuer) error {
	key, err := IssuerRecordKey(stub, is.ID)
	if err != nil {
		return err
	}
	if err := anchorLegacy(stub, is); err != nil {
		return err
	}
	b, err := json.Marshal(storedIssuer{Issuer: *is, Records: is.records})
	if err != nil {
		return fmt.Errorf("issuer %q: encoding the record: %w", is.ID, err)
	}
	if len(b) > MaxIssuerRecordSize {
		return fmt.Errorf("%w: the record of issuer %q would be %d bytes, over the limit of %d", base.ErrInvalidArgument, is.ID, len(b), MaxIssuerRecordSize)
	}
	if err := records.Issuer.Put(stub, key, is.Owner.MSPID, b); err != nil {
		return fmt.Errorf("issuer %q: %w", is.ID, err)
	}
	return nil
}

// issuerList is the kind of record ListIssuers pages through.
var issuerList = base.ListKind{ObjectType: IssuerObjectType, One: "an issuer", Many: "issuers"}
