package contract

import (
	"time"

	"github.com/fabric-bbs/fabric-bbs/request"
)

// The types below are the contract's records and results. They are stored
// on the ledger and returned to clients as JSON, and fabric-contract-api-go
// describes them in the contract metadata: a field tagged
// `metadata:",optional"` may be absent, every other field is always present.
// Binary values ([]byte) are standard base64 in JSON; times are RFC 3339 in
// UTC, taken from transaction timestamps.

// Owner is the identity that registered an issuer: its MSP and its client
// identity ID (as Fabric's client-identity library computes it; see
// request.SubmitterID).
type Owner struct {
	// MSPID is the owner's MSP.
	MSPID string `json:"mspId"`
	// ID is the owner's client identity ID.
	ID string `json:"id"`
}

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
	Owner Owner `json:"owner"`
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
	// CreatedAt is when the issuer was registered.
	CreatedAt time.Time `json:"createdAt"`
	// UpdatedAt is when the record last changed.
	UpdatedAt time.Time `json:"updatedAt"`
}

// key returns the key of the given version, or nil if there is none.
func (is *Issuer) key(version int) *IssuerKey {
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

// VerificationResult is the answer of VerifyProof.
type VerificationResult struct {
	// Valid reports whether the proof verifies.
	Valid bool `json:"valid"`
	// Reason says why the proof does not verify; absent when it does.
	Reason string `json:"reason,omitempty" metadata:",optional"`
	// Issuer is the issuer whose key was used.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that was used.
	KeyVersion int `json:"keyVersion"`
	// Scheme is the issuer's scheme.
	Scheme string `json:"scheme"`
	// Disclosed are the disclosed messages the proof was checked against.
	Disclosed []request.DisclosedMessage `json:"disclosed"`
}

// Verification is the record SubmitProof stores, under its transaction ID,
// for a proof it accepted, and the payload of the ProofVerified event.
type Verification struct {
	// TxID is the transaction that verified the proof.
	TxID string `json:"txId"`
	// Issuer is the issuer whose key verified the proof.
	Issuer string `json:"issuer"`
	// KeyVersion is the key version that verified the proof.
	KeyVersion int `json:"keyVersion"`
	// Scheme is the issuer's scheme.
	Scheme string `json:"scheme"`
	// Disclosed are the messages the proof disclosed.
	Disclosed []request.DisclosedMessage `json:"disclosed"`
	// Nonce is the nonce the proof was made for, now consumed for the
	// issuer.
	Nonce []byte `json:"nonce"`
	// BoundToSubmitter reports whether the nonce was bound to the
	// submitter (bindSubmitter).
	BoundToSubmitter bool `json:"boundToSubmitter"`
	// SubmitterMSPID is the MSP of the submitting identity.
	SubmitterMSPID string `json:"submitterMspId"`
	// SubmitterID is the client identity ID of the submitting identity.
	SubmitterID string `json:"submitterId"`
	// Timestamp is the transaction's timestamp.
	Timestamp time.Time `json:"timestamp"`
}
