// SPDX-License-Identifier: Apache-2.0

// Package revstate is the room of an issuer's revocation state, the records
// a policy's validity, epoch, status and non-revocation rules are checked
// against: the issuer's epoch (IssuerEpoch, SetEpoch; epoch.go), its
// status lists of paged bits (StatusList, StatusPage, StatusEntry;
// statuslist.go) and its accumulator of revoked handles with the chain of
// removals a holder's witness is updated through (Accumulator,
// AccumulatorRemoval; accumulator.go). Each is a child record of the
// issuer, named in its directory (package issuers).
//
// It imports base, issuers and records. Reading these records
// during a proof's verification is the proofs room's (package proofs).
package revstate
