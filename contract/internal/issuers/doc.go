// SPDX-License-Identifier: Apache-2.0

// Package issuers is the room of the issuer registry: issuer records and
// their key versions (Issuer, IssuerKey; types.go), the transactions that
// register, rotate, revoke and read them (issuers.go), the owner's rules
// for proofs under its keys (IssuerSettings; settings.go), the public-key
// index that names which issuer holds a key (keyindex.go), the declared
// verification methods of a key (verificationmethods.go) and the issuer's
// directory of its child records (issuerdir.go), through which the
// revocation and context rooms find the records an issuer owns.
//
// It imports base, endorsement and records; the rooms above it read
// issuers through GetIssuer and change them through ForChange.
package issuers
