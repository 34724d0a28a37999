// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// RegisterIssuer registers an issuer with its first public key, from
// registration: a JSON registration document (registration.Registration)
//
//	{"id": "acme", "scheme": "bbs+2020", "publicKey": "<base64>",
//	 "description": "...", "settings": {"messageCounts": [5]},
//	 "proofOfPossession": "<base64>"}
//
// parsed strictly (no unknown field, none twice). The scheme is one the
// bbs package supports; bbs+2020 issuers must pin settings.messageCounts
// (a proof's message count comes from the proof there, and an unexpected
// count costs a generator derivation). proofOfPossession is a BBS proof by
// the key's secret over this channel, the issuer ID, key version 1, the
// scheme and the submitter (see package registration): a key can only be
// registered by a submitter its holder signed for. The submitting
// identity becomes the issuer's owner. It returns the new record.
func (c *Contract) RegisterIssuer(ctx contractapi.TransactionContextInterface, registrationDoc string) (*Issuer, error) {
	return issuers.Register(ctx, registrationDoc)
}

// RotateIssuerKey adds a public key to the issuer as version n+1, which
// becomes its current key, from rotation: a JSON rotation document
// (registration.Rotation)
//
//	{"id": "acme", "keyVersion": 2, "publicKey": "<base64>",
//	 "proofOfPossession": "<base64>"}
//
// parsed strictly. keyVersion must be the issuer's number of keys plus
// one, and proofOfPossession the new key's proof of possession for purpose
// "rotate", that version and the submitter. Earlier versions stay usable
// unless revoked. Only the owner may rotate (see AdminAttribute).
func (c *Contract) RotateIssuerKey(ctx contractapi.TransactionContextInterface, rotationDoc string) (*Issuer, error) {
	return issuers.RotateKey(ctx, rotationDoc)
}

// RevokeIssuerKey revokes one key version of the issuer, for good: proofs
// no longer verify under it. The current version may be revoked too; then
// requests must name another version until the next rotation. Only the
// owner may revoke (see AdminAttribute).
func (c *Contract) RevokeIssuerKey(ctx contractapi.TransactionContextInterface, id string, version int) (*Issuer, error) {
	return issuers.RevokeKey(ctx, id, version)
}

// RevokeIssuer revokes the issuer and so every one of its keys, for good:
// its record stays readable, but it verifies nothing and cannot be changed.
// Only the owner may revoke (see AdminAttribute).
func (c *Contract) RevokeIssuer(ctx contractapi.TransactionContextInterface, id string) (*Issuer, error) {
	return issuers.Revoke(ctx, id)
}

// GetIssuer returns the issuer's record.
func (c *Contract) GetIssuer(ctx contractapi.TransactionContextInterface, id string) (*Issuer, error) {
	return issuers.Get(ctx, id)
}

// ListIssuers returns a page of at most pageSize (1 to 200) issuers in ID
// byte order, starting with the issuer whose ID is bookmark (the first one
// if bookmark is empty). The page's Bookmark starts the next page. A page
// holds at most MaxPageBytes of records: it may end before pageSize. A
// record that is not believed (written around the contract; GetIssuer
// refuses it) is left out, so a page may hold fewer than pageSize.
//
// The contract makes the bookmark itself, by reading one issuer more than
// the page holds: the peer's own bookmark differs between state databases
// (LevelDB ends a range with "", CouchDB with the query's end key).
func (c *Contract) ListIssuers(ctx contractapi.TransactionContextInterface, pageSize int, bookmark string) (*IssuerPage, error) {
	return issuers.List(ctx, pageSize, bookmark)
}

// GetIssuerHistory returns a page of at most pageSize (1 to 200) committed
// changes of the issuer's record, newest first, from the ledger's history
// of the record's key (the peers need the history database). bookmark is
// empty for the first page, then the previous page's Bookmark: the ID of
// the transaction that starts the next page. A page holds at most
// MaxPageBytes of entries: it may end before pageSize.
func (c *Contract) GetIssuerHistory(ctx contractapi.TransactionContextInterface, id string, pageSize int, bookmark string) (*IssuerHistoryPage, error) {
	return issuers.History(ctx, id, pageSize, bookmark)
}

// SetIssuerSettings replaces the issuer's settings (see IssuerSettings)
// with settings, a JSON object {"requireBoundNonce": bool,
// "messageCounts": [int, ...]}; an absent field takes its zero value. It
// writes the issuer record only. Only the owner may change the settings
// (see AdminAttribute).
func (c *Contract) SetIssuerSettings(ctx contractapi.TransactionContextInterface, id string, settings string) (*Issuer, error) {
	return issuers.SetSettings(ctx, id, settings)
}
