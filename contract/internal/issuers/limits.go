// SPDX-License-Identifier: Apache-2.0

package issuers

// MaxDescriptionLength is the longest issuer description, in bytes.
const MaxDescriptionLength = 1024

// MaxKeyVersions is the largest number of key versions an issuer may
// have.
const MaxKeyVersions = 256

// MaxIssuerVerificationMethods is the largest number of verification
// methods declared for an issuer's key versions together.
const MaxIssuerVerificationMethods = 64

// MaxIssuerRecordSize is the largest issuer record, in bytes of its
// JSON: every field has its own bound, and the largest record they
// allow is well under it (TestLargestIssuerRecord); a change that
// would make the record larger is refused.
const MaxIssuerRecordSize = 256 << 10
