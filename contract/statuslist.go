// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"github.com/fabric-bbs/fabric-bbs/contract/internal/revstate"

	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Status lists (revocation level 2, see docs/revocation.md) are records
// records.StatusList [issuer ID, list ID, generation] and records.StatusPage
// [issuer ID, list ID, generation, page as 4 digits]: the generation is the
// tx ID of the CreateStatusList that created them, which the issuer
// record's directory names (StatusLists[list]). An issuer registered before
// 0.3.0 keeps its lists at the legacy keys [issuer ID, list ID] and
// [issuer ID, list ID, page] (generation "legacy").

// CreateStatusList creates status list list of issuer id with size
// entries, all clear: a multiple of StatusPageBits up to
// MaxStatusListSize (the W3C Bitstring Status List recommends at least
// 131072 for group privacy), and purpose "revocation" (an entry once set
// stays set) or "suspension" (entries may be cleared). It writes the head
// record and every page under keys of this transaction's generation, which
// the issuer record names (so it writes the issuer record too), each with
// the owner's key-level endorsement policy, which every later write sets
// again. Only the owner may create one, invoking the chaincode directly.
func (c *Contract) CreateStatusList(ctx contractapi.TransactionContextInterface, id string, list string, purpose string, size int) (*StatusList, error) {
	return revstate.CreateStatusList(ctx, id, list, purpose, size)
}

// UpdateStatusList sets (and, in a suspension list, clears) entries of
// status list list of issuer id, from change, a JSON object
// {"set": [index, ...], "clear": [index, ...]} (either may be left out;
// ascending without repeats; at most MaxStatusChanges indices in all; each
// below the list's size). Setting an entry that is set, or clearing one
// that is clear, is an error: nothing is written. It rewrites only the
// pages the indices fall in, each with its version raised by one, and
// emits event StatusListChanged. From the block that commits it, a
// request disclosing a set index is refused. Only the owner may change a
// list, invoking the chaincode directly.
func (c *Contract) UpdateStatusList(ctx contractapi.TransactionContextInterface, id string, list string, change string) (*StatusListUpdate, error) {
	return revstate.UpdateStatusList(ctx, id, list, change)
}

// GetStatusList returns the head record of status list list of issuer id.
func (c *Contract) GetStatusList(ctx contractapi.TransactionContextInterface, id string, list string) (*StatusList, error) {
	return revstate.GetStatusList(ctx, id, list)
}

// GetStatusPage returns page page (from 0) of status list list of issuer
// id.
func (c *Contract) GetStatusPage(ctx contractapi.TransactionContextInterface, id string, list string, page int) (*StatusPage, error) {
	return revstate.GetStatusPage(ctx, id, list, page)
}

// GetStatusEntry returns entry index of status list list of issuer id.
func (c *Contract) GetStatusEntry(ctx contractapi.TransactionContextInterface, id string, list string, index int) (*StatusEntry, error) {
	return revstate.GetStatusEntry(ctx, id, list, index)
}
