// SPDX-License-Identifier: Apache-2.0

package issuers

import (
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
)

// IssuerKey is one version of an issuer's public key.
type IssuerKey struct {
	// Version numbers the issuer's keys from 1.
	Version int `json:"version"`
	// PublicKey is the key in its scheme's encoding.
	PublicKey []byte `json:"publicKey"`
	// CreatedAt is when the key was registered.
	CreatedAt time.Time `json:"createdAt"`
	// Revoked reports whether the key has been revoked; a revoked key
	// verifies nothing.
	Revoked bool `json:"revoked"`
	// RevokedAt is when the key was revoked; absent if it is not.
	RevokedAt time.Time `json:"revokedAt,omitzero" metadata:",optional"`
	// VerificationMethods are the DID URLs (other than did:key) the
	// owner declared for this key (DeclareVerificationMethods): a
	// credential whose proof names one of them, in a request that names
	// this issuer, verifies under this key. Ascending, without repeats.
	VerificationMethods []string `json:"verificationMethods,omitempty" metadata:",optional"`
}

// Issuer is an issuer's registry record.
type Issuer struct {
	// ID is the issuer's registry ID (request.IssuerIDPattern).
	ID string `json:"id"`
	// Scheme is the BBS scheme of every key of the issuer.
	Scheme string `json:"scheme"`
	// Description is free text given at registration.
	Description string `json:"description"`
	// Owner is the identity that registered the issuer.
	Owner base.Owner `json:"owner"`
	// CurrentVersion is the version of the newest key, the one a
	// verification request without keyVersion uses.
	CurrentVersion int `json:"currentVersion"`
	// Keys are every key version, oldest first.
	Keys []IssuerKey `json:"keys"`
	// Revoked reports whether the issuer has been revoked; a revoked issuer
	// verifies nothing and cannot be changed.
	Revoked bool `json:"revoked"`
	// RevokedAt is when the issuer was revoked; absent if it is not.
	RevokedAt time.Time `json:"revokedAt,omitzero" metadata:",optional"`
	// Settings are the owner's rules for proofs under the issuer's keys
	// (SetIssuerSettings).
	Settings IssuerSettings `json:"settings"`
	// CreatedAt is when the issuer was registered.
	CreatedAt time.Time `json:"createdAt"`
	// UpdatedAt is when the record last changed.
	UpdatedAt time.Time `json:"updatedAt"`

	// records is the directory of the issuer's other records (issuerdir.go),
	// stored with the record but not part of its JSON; nil in a record
	// written before 0.3.0.
	records *IssuerRecords
}

// Key returns the key of the given version, or nil if there is none.
func (is *Issuer) Key(version int) *IssuerKey {
	if version < 1 || version > len(is.Keys) {
		return nil
	}
	return &is.Keys[version-1]
}

// IssuerPage is one page of ListIssuers.
type IssuerPage struct {
	// Issuers are the issuers of the page, in ID byte order.
	Issuers []Issuer `json:"issuers"`
	// Count is the number of issuers in the page.
	Count int `json:"count"`
	// Bookmark is the ID of the first issuer of the next page, to pass to
	// ListIssuers; empty on the last page.
	Bookmark string `json:"bookmark"`
}

// IssuerHistoryPage is one page of GetIssuerHistory.
type IssuerHistoryPage struct {
	// Entries are the changes of the page, newest first.
	Entries []IssuerHistoryEntry `json:"entries"`
	// Count is the number of entries in the page.
	Count int `json:"count"`
	// Bookmark is the transaction ID of the first change of the next page,
	// to pass to GetIssuerHistory; empty on the last page.
	Bookmark string `json:"bookmark"`
}

// IssuerHistoryEntry is one committed change of an issuer's record.
type IssuerHistoryEntry struct {
	// TxID is the transaction that made the change.
	TxID string `json:"txId"`
	// Timestamp is that transaction's timestamp.
	Timestamp time.Time `json:"timestamp"`
	// IsDelete reports whether the change deleted the record (the
	// contract never deletes issuers).
	IsDelete bool `json:"isDelete"`
	// Issuer is the record as the change left it; absent for a deletion.
	Issuer *Issuer `json:"issuer,omitempty" metadata:",optional"`
}
