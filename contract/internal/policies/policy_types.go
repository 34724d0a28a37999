// SPDX-License-Identifier: Apache-2.0

package policies

import (
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
)

// PolicyRecord is one version of a verification policy (package policy) as
// the ledger holds it: CreatePolicy, UpdatePolicy, RetirePolicy and
// GetPolicy answer it, ListPolicies lists current versions.
type PolicyRecord struct {
	// ID is the policy's ID (policy.IDPattern).
	ID string `json:"id"`
	// Version is the version this record shows, from 1.
	Version int `json:"version"`
	// CurrentVersion is the policy's newest version, the one a request
	// without a version is evaluated against.
	CurrentVersion int `json:"currentVersion"`
	// Owner is the identity that created the policy; it, or an identity
	// of its MSP with bbs.admin=true, may update and retire it.
	Owner base.Owner `json:"owner"`
	// Retired reports whether the policy is retired: then no request
	// satisfies any of its versions, and it cannot be changed.
	Retired bool `json:"retired"`
	// RetiredAt is when the policy was retired; absent if it is not.
	RetiredAt time.Time `json:"retiredAt,omitzero" metadata:",optional"`
	// Policy is the version's document in its canonical form
	// (policy.Marshal): a JSON object, as a string.
	Policy string `json:"policy"`
	// PolicySHA256 is the lower-case hex SHA-256 of Policy's bytes.
	PolicySHA256 string `json:"policySha256"`
	// TxID is the transaction that created this version.
	TxID string `json:"txId"`
	// CreatedAt is when this version was created.
	CreatedAt time.Time `json:"createdAt"`
	// UpdatedAt is when the policy last changed (a new version or its
	// retirement).
	UpdatedAt time.Time `json:"updatedAt"`
}

// PolicyPage is one page of ListPolicies.
type PolicyPage struct {
	// Policies are the current versions of the policies of the page, in
	// ID byte order.
	Policies []PolicyRecord `json:"policies"`
	// Count is the number of policies in the page.
	Count int `json:"count"`
	// Bookmark is the ID of the first policy of the next page, to pass to
	// ListPolicies; empty on the last page.
	Bookmark string `json:"bookmark"`
}

// PolicyHead is the stored record of a policy: its owner, its state and
// where each version's document is. A version's document is stored under
// the key [policy ID, tx ID of the version], which no one can write before
// the owner's transaction exists: a peer of another organisation cannot
// claim the key of a future version (it could with a key made of the
// version number, and then deny the owner's updates).
type PolicyHead struct {
	ID        string          `json:"id"`
	Owner     base.Owner      `json:"owner"`
	Versions  []policyVersion `json:"versions"` // version n is Versions[n-1]
	Retired   bool            `json:"retired"`
	RetiredAt time.Time       `json:"retiredAt,omitzero"`
	UpdatedAt time.Time       `json:"updatedAt"`
}

// policyVersion locates and pins one version's document.
type policyVersion struct {
	TxID      string    `json:"txId"`
	SHA256    string    `json:"sha256"` // of the canonical document
	CreatedAt time.Time `json:"createdAt"`
}

// current returns the policy's newest version number.
func (h *PolicyHead) current() int { return len(h.Versions) }

// record returns the PolicyRecord of version (1..current()) with its
// document doc.
func (h *PolicyHead) record(version int, doc []byte) *PolicyRecord {
	v := h.Versions[version-1]
	return &PolicyRecord{
		ID:             h.ID,
		Version:        version,
		CurrentVersion: h.current(),
		Owner:          h.Owner,
		Retired:        h.Retired,
		RetiredAt:      h.RetiredAt,
		Policy:         string(doc),
		PolicySHA256:   v.SHA256,
		TxID:           v.TxID,
		CreatedAt:      v.CreatedAt,
		UpdatedAt:      h.UpdatedAt,
	}
}
