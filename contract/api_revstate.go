// SPDX-License-Identifier: Apache-2.0

package contract

import "github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

// Names of package github.com/fabric-bbs/fabric-bbs/contract/internal/revstate that are part of this package's API.

// Accumulator is an issuer's accumulator record.
type Accumulator = revstate.Accumulator

// AccumulatorRemoval is the record of one version: one revocation
// (Removal) or one batch of them (Batch); exactly one is set.
type AccumulatorRemoval = revstate.AccumulatorRemoval

// EventEpochRaised is the chaincode event SetIssuerEpoch emits, with the
// new IssuerEpoch as JSON payload.
const EventEpochRaised = revstate.EventEpochRaised

// IssuerEpoch is an issuer's current epoch (revocation level 1, see
// docs/revocation.md): a policy's epoch rule accepts a credential whose
// disclosed epoch is at least this minus the policy's grace.
type IssuerEpoch = revstate.IssuerEpoch

// StatusPageBits is the number of entries of one page, the unit a
// change rewrites: 8192 bits, 1 KiB.
const StatusPageBits = revstate.StatusPageBits

// MaxStatusListSize is the most entries of a list (128 pages).
const MaxStatusListSize = revstate.MaxStatusListSize

// MaxStatusChanges is the most entries one UpdateStatusList changes.
const MaxStatusChanges = revstate.MaxStatusChanges

// StatusPurposeRevocation lists never clear a set entry.
const StatusPurposeRevocation = revstate.StatusPurposeRevocation

// StatusPurposeSuspension lists may clear one.
const StatusPurposeSuspension = revstate.StatusPurposeSuspension

// EventStatusListChanged is the chaincode event UpdateStatusList emits,
// with its StatusListUpdate as JSON payload.
const EventStatusListChanged = revstate.EventStatusListChanged

// StatusList is the head record of an issuer's status list: its size and
// purpose, fixed at creation. Its entries are in StatusPage records.
type StatusList = revstate.StatusList

// StatusPage holds entries Page*PageBits to (Page+1)*PageBits-1 of a list,
// as W3C Bitstring Status List orders bits: entry i of the page is bit
// 7-(i mod 8) of byte i/8 (the first entry is the left-most bit).
type StatusPage = revstate.StatusPage

// StatusListUpdate is what UpdateStatusList changed.
type StatusListUpdate = revstate.StatusListUpdate

// StatusPageVersion names a page at a version.
type StatusPageVersion = revstate.StatusPageVersion

// StatusEntry is one entry of a list, as GetStatusEntry reads it.
type StatusEntry = revstate.StatusEntry
