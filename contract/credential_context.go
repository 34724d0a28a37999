// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/contexts"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// RegisterContext stores an application JSON-LD context for url, for the
// credentials of issuer issuerId: document must be a JSON object with an
// @context member, no duplicate keys, at most vc.MaxContextSize bytes.
// Only the issuer's owner (or an identity of the owner's MSP with
// bbs.admin=true) may register it, invoking bbs directly (not through any
// other chaincode, see requireDirect), for an issuer that is not revoked;
// the record gets the issuer owner's key-level endorsement policy, as the
// issuer's records do. The registrant, transaction and SHA-256 are
// recorded, and the record never changes: registering the URL again for
// the issuer is refused (ErrExists), whatever the bytes, and so is a URL of
// a built-in context. Another issuer may register the same URL with other
// bytes: each issuer's credentials are read with its own. url must be an
// absolute https: or http: URL without spaces, at most MaxContextURLLength
// bytes.
func (c *Contract) RegisterContext(ctx contractapi.TransactionContextInterface, issuerID string, url string, document string) (*ContextRecord, error) {
	return contexts.RegisterContext(ctx, issuerID, url, document)
}

// GetContext returns the context registered for issuer issuerId and url.
func (c *Contract) GetContext(ctx contractapi.TransactionContextInterface, issuerID string, url string) (*ContextRecord, error) {
	return contexts.GetContext(ctx, issuerID, url)
}
