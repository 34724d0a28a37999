// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/issuers that are part of this package's API.

// MaxDescriptionLength is the longest issuer description, in bytes.
const MaxDescriptionLength = issuers.MaxDescriptionLength

// MaxKeyVersions is the largest number of key versions an issuer may
// have.
const MaxKeyVersions = issuers.MaxKeyVersions

// MaxIssuerVerificationMethods is the largest number of verification
// methods declared for an issuer's key versions together.
const MaxIssuerVerificationMethods = issuers.MaxIssuerVerificationMethods

// MaxIssuerRecordSize is the largest issuer record, in bytes of its
// JSON: every field has its own bound, and the largest record they
// allow is well under it (TestLargestIssuerRecord); a change that
// would make the record larger is refused.
const MaxIssuerRecordSize = issuers.MaxIssuerRecordSize

// IssuerSettings are the owner's rules for proofs under an issuer's keys.
type IssuerSettings = issuers.IssuerSettings

// IntegerPosition is one integer message position of an issuer's
// credentials.
type IntegerPosition = issuers.IntegerPosition

// MaxAllowedCallers is the most chaincodes IssuerSettings.AllowedCallers
// may name.
const MaxAllowedCallers = issuers.MaxAllowedCallers

// IssuerKey is one version of an issuer's public key.
type IssuerKey = issuers.IssuerKey

// Issuer is an issuer's registry record.
type Issuer = issuers.Issuer

// IssuerPage is one page of ListIssuers.
type IssuerPage = issuers.IssuerPage

// IssuerHistoryPage is one page of GetIssuerHistory.
type IssuerHistoryPage = issuers.IssuerHistoryPage

// IssuerHistoryEntry is one committed change of an issuer's record.
type IssuerHistoryEntry = issuers.IssuerHistoryEntry

// MaxVerificationMethods is the most verification methods one key version
// may declare; MaxVerificationMethodSize bounds each, in bytes (package
// vc's rules, which the command-line client checks too).
const MaxVerificationMethods = issuers.MaxVerificationMethods

// MaxVerificationMethods is the most verification methods one key version
// may declare; MaxVerificationMethodSize bounds each, in bytes (package
// vc's rules, which the command-line client checks too).
const MaxVerificationMethodSize = issuers.MaxVerificationMethodSize
