// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// DeclareVerificationMethods replaces the verification methods declared
// for key version of issuer id with methods, a JSON array of DID URLs
// (["did:web:dmv.example#key-1"]; [] clears them). A credential whose
// proof's verificationMethod is one of them verifies under that key, in a
// request that names the issuer (the credential request's "issuer"), and
// only while the key and the issuer are not revoked. A method may be
// declared for one key version of the issuer at a time; a new key
// version (RotateIssuerKey) starts with none. The declaration proves
// nothing about who controls the DID: it is the owner's statement, and
// the ledger issuer ID is what a relying party trusts. Only the owner may
// declare, and only directly (like SetIssuerSettings). It writes the
// issuer record only.
func (c *Contract) DeclareVerificationMethods(ctx contractapi.TransactionContextInterface, id string, version int, methods string) (*Issuer, error) {
	return issuers.DeclareVerificationMethods(ctx, id, version, methods)
}
