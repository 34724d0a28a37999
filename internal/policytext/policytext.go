// SPDX-License-Identifier: Apache-2.0

// Package policytext gives this module's contract the policy package's
// readers of numbers in credential statements, with the very rules the
// policy evaluation applies, without making them part of policy's API.
// Package policy sets the functions when it is initialised
// (policy/credential_revocation.go and policy/revocation.go document
// them); every caller imports policy.
package policytext

var (
	// ParseNumber parses canonical unsigned decimal text at most limit.
	ParseNumber func(b []byte, limit int64) (int64, error)
	// WholeNumberDatatype reports whether a literal of datatype dt ("" for
	// a plain string) may hold an epoch or a status index.
	WholeNumberDatatype func(dt string) bool
)
