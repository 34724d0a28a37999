// SPDX-License-Identifier: Apache-2.0

package revstate

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// StatusListObjectType is the object type of a status list's head
// (records.StatusList).
const StatusListObjectType = "bbs.statuslist"

// Status list limits and purposes.
const (
	// StatusPageBits is the number of entries of one page, the unit a
	// change rewrites: 8192 bits, 1 KiB.
	StatusPageBits = 8192
	// MaxStatusListSize is the most entries of a list (128 pages).
	MaxStatusListSize = policy.MaxStatusListSize
	// MaxStatusChanges is the most entries one UpdateStatusList changes.
	MaxStatusChanges = 64
	// StatusPurposeRevocation lists never clear a set entry.
	StatusPurposeRevocation = "revocation"
	// StatusPurposeSuspension lists may clear one.
	StatusPurposeSuspension = "suspension"
)

// EventStatusListChanged is the chaincode event UpdateStatusList emits,
// with its StatusListUpdate as JSON payload.
const EventStatusListChanged = "StatusListChanged"

// StatusList is the head record of an issuer's status list: its size and
// purpose, fixed at creation. Its entries are in StatusPage records.
type StatusList struct {
	Issuer  string `json:"issuer"`
	List    string `json:"list"`
	Purpose string `json:"purpose"`
	// Size is the number of entries (bits), a multiple of PageBits.
	Size     int `json:"size"`
	PageBits int `json:"pageBits"`
	Pages    int `json:"pages"`
	// CreatedAt and TxID are of the transaction that created it.
	CreatedAt time.Time `json:"createdAt"`
	TxID      string    `json:"txId"`
}

// StatusPage holds entries Page*PageBits to (Page+1)*PageBits-1 of a list,
// as W3C Bitstring Status List orders bits: entry i of the page is bit
// 7-(i mod 8) of byte i/8 (the first entry is the left-most bit).
type StatusPage struct {
	Issuer string `json:"issuer"`
	List   string `json:"list"`
	Page   int    `json:"page"`
	// Version is 1 when the list is created, one more at each change.
	Version int `json:"version"`
	// Bits are the page's PageBits/8 bytes (base64 in JSON).
	Bits []byte `json:"bits"`
	// UpdatedAt and TxID are of the transaction that last wrote it.
	UpdatedAt time.Time `json:"updatedAt"`
	TxID      string    `json:"txId"`
}

// StatusListUpdate is what UpdateStatusList changed.
type StatusListUpdate struct {
	Issuer  string `json:"issuer"`
	List    string `json:"list"`
	Set     []int  `json:"set"`
	Cleared []int  `json:"cleared"`
	// Pages are the pages rewritten, ascending, with their new versions.
	Pages     []StatusPageVersion `json:"pages"`
	UpdatedAt time.Time           `json:"updatedAt"`
	TxID      string              `json:"txId"`
}

// StatusPageVersion names a page at a version.
type StatusPageVersion struct {
	Page    int `json:"page"`
	Version int `json:"version"`
}

// StatusEntry is one entry of a list, as GetStatusEntry reads it.
type StatusEntry struct {
	Issuer      string `json:"issuer"`
	List        string `json:"list"`
	Index       int    `json:"index"`
	Set         bool   `json:"set"`
	Page        int    `json:"page"`
	PageVersion int    `json:"pageVersion"`
}

// CreateStatusList is the CreateStatusList transaction (see Contract.CreateStatusList).
func CreateStatusList(ctx contractapi.TransactionContextInterface, id, list, purpose string, size int) (_ *StatusList, err error) {
	defer base.Coded(&err)
	if err := checkStatusListID(id, list); err != nil {
		return nil, err
	}
	if purpose != StatusPurposeRevocation && purpose != StatusPurposeSuspension {
		return nil, fmt.Errorf("%w: purpose %s is not %q or %q", base.ErrInvalidArgument, request.Excerpt(purpose), StatusPurposeRevocation, StatusPurposeSuspension)
	}
	if size < StatusPageBits || size > MaxStatusListSize || size%StatusPageBits != 0 {
		return nil, fmt.Errorf("%w: size %d is not a multiple of %d from %d to %d", base.ErrInvalidArgument, size, StatusPageBits, StatusPageBits, MaxStatusListSize)
	}
	is, what, err := statusListOwner(ctx, id, list)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	if _, err := StatusListOf(stub, is, list); err == nil {
		return nil, fmt.Errorf("%s: %w", what, base.ErrExists)
	} else if !base.IsNotFound(err) && (!errors.Is(err, records.ErrUntrusted) || is.Directory() != nil) {
		return nil, err
	}
	// (A legacy issuer's old head that is not believed, created around the
	// contract, is routed around: the list is created at a generation key.)
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	head := &StatusList{Issuer: id, List: list, Purpose: purpose, Size: size, PageBits: StatusPageBits, Pages: size / StatusPageBits,
		CreatedAt: now, TxID: stub.GetTxID()}
	// The list and its pages are keyed by this transaction's generation,
	// which the issuer record names (written in the same transaction).
	if err := issuers.AnchorChild(stub, is, func(r *issuers.IssuerRecords) {
		if r.StatusLists == nil {
			r.StatusLists = map[string]string{}
		}
		r.StatusLists[list] = head.TxID
	}); err != nil {
		return nil, err
	}
	gen := is.Directory().StatusLists[list]
	key, err := statusListKey(stub, id, list, gen)
	if err != nil {
		return nil, err
	}
	if err := records.PutJSON(records.StatusList, stub, key, is.Owner.MSPID, head); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	for n := 0; n < head.Pages; n++ {
		p := &StatusPage{Issuer: id, List: list, Page: n, Version: 1, Bits: make([]byte, StatusPageBits/8), UpdatedAt: now, TxID: head.TxID}
		key, err := statusPageKey(stub, id, list, gen, n)
		if err != nil {
			return nil, err
		}
		if err := records.PutJSON(records.StatusPage, stub, key, is.Owner.MSPID, p); err != nil {
			return nil, fmt.Errorf("%s: %w", pageName(p), err)
		}
	}
	return head, nil
}

// UpdateStatusList is the UpdateStatusList transaction (see Contract.UpdateStatusList).
func UpdateStatusList(ctx contractapi.TransactionContextInterface, id, list, change string) (_ *StatusListUpdate, err error) {
	defer base.Coded(&err)
	if err := checkStatusListID(id, list); err != nil {
		return nil, err
	}
	set, clear, err := ParseStatusChange(change)
	if err != nil {
		return nil, err
	}
	is, what, err := statusListOwner(ctx, id, list)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	head, err := StatusListOf(stub, is, list)
	if err != nil {
		return nil, err
	}
	if len(clear) > 0 && head.Purpose != StatusPurposeSuspension {
		return nil, fmt.Errorf("%w: %s is a %s list: a set entry stays set (only a %s list clears entries)", base.ErrInvalidArgument, what, head.Purpose, StatusPurposeSuspension)
	}
	for _, i := range append(append([]int(nil), set...), clear...) {
		if i >= head.Size {
			return nil, fmt.Errorf("%w: index %d is outside the %d entries of %s", base.ErrInvalidArgument, i, head.Size, what)
		}
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	// Pages in ascending order: set and clear are each ascending.
	pages := map[int]*StatusPage{}
	var order []int
	page := func(i int) (*StatusPage, error) {
		n := i / head.PageBits
		if p, ok := pages[n]; ok {
			return p, nil
		}
		p, err := StatusPageOf(stub, is, list, n)
		if err != nil {
			return nil, err
		}
		pages[n] = p
		order = append(order, n)
		return p, nil
	}
	for _, i := range set {
		p, err := page(i)
		if err != nil {
			return nil, err
		}
		if StatusBit(p.Bits, i%head.PageBits) {
			return nil, fmt.Errorf("%w: entry %d of %s is already set", base.ErrInvalidArgument, i, what)
		}
		p.Bits[(i%head.PageBits)/8] |= 0x80 >> (i % 8)
	}
	for _, i := range clear {
		p, err := page(i)
		if err != nil {
			return nil, err
		}
		if !StatusBit(p.Bits, i%head.PageBits) {
			return nil, fmt.Errorf("%w: entry %d of %s is not set", base.ErrInvalidArgument, i, what)
		}
		p.Bits[(i%head.PageBits)/8] &^= 0x80 >> (i % 8)
	}
	slices.Sort(order)
	up := &StatusListUpdate{Issuer: id, List: list, Set: nonNil(set), Cleared: nonNil(clear), Pages: []StatusPageVersion{}, UpdatedAt: now, TxID: stub.GetTxID()}
	for _, n := range order {
		p := pages[n]
		p.Version++
		p.UpdatedAt, p.TxID = now, up.TxID
		key, err := statusPageKey(stub, id, list, statusListGeneration(is, list), n)
		if err != nil {
			return nil, err
		}
		// Every write sets the owner's key-level policy (the page's own,
		// the same bytes unless the configuration changed).
		if err := records.PutJSON(records.StatusPage, stub, key, is.Owner.MSPID, p); err != nil {
			return nil, fmt.Errorf("%s: %w", pageName(p), err)
		}
		up.Pages = append(up.Pages, StatusPageVersion{Page: n, Version: p.Version})
	}
	if err := base.EmitJSON(stub, EventStatusListChanged, up); err != nil {
		return nil, err
	}
	return up, nil
}

// GetStatusList is the GetStatusList transaction (see Contract.GetStatusList).
func GetStatusList(ctx contractapi.TransactionContextInterface, id, list string) (_ *StatusList, err error) {
	defer base.Coded(&err)
	if err := checkStatusListID(id, list); err != nil {
		return nil, err
	}
	return getStatusList(ctx.GetStub(), id, list)
}

// GetStatusPage is the GetStatusPage transaction (see Contract.GetStatusPage).
func GetStatusPage(ctx contractapi.TransactionContextInterface, id, list string, page int) (_ *StatusPage, err error) {
	defer base.Coded(&err)
	if err := checkStatusListID(id, list); err != nil {
		return nil, err
	}
	if page < 0 || page >= MaxStatusListSize/StatusPageBits {
		return nil, fmt.Errorf("%w: page %d is outside 0..%d", base.ErrInvalidArgument, page, MaxStatusListSize/StatusPageBits-1)
	}
	return getStatusPage(ctx.GetStub(), id, list, page)
}

// GetStatusEntry is the GetStatusEntry transaction (see Contract.GetStatusEntry).
func GetStatusEntry(ctx contractapi.TransactionContextInterface, id, list string, index int) (_ *StatusEntry, err error) {
	defer base.Coded(&err)
	if err := checkStatusListID(id, list); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	is, err := issuers.GetIssuer(stub, id)
	if err != nil {
		return nil, err
	}
	head, err := StatusListOf(stub, is, list)
	if err != nil {
		return nil, err
	}
	if index < 0 || index >= head.Size {
		return nil, fmt.Errorf("%w: index %d is outside the %d entries of status list %q of issuer %q", base.ErrInvalidArgument, index, head.Size, list, id)
	}
	p, err := StatusPageOf(stub, is, list, index/head.PageBits)
	if err != nil {
		return nil, err
	}
	return &StatusEntry{Issuer: id, List: list, Index: index, Set: StatusBit(p.Bits, index%head.PageBits), Page: p.Page, PageVersion: p.Version}, nil
}

// statusListOwner authorizes a change of status list list of issuer id:
// the transaction invokes the chaincode directly, the submitter may change
// the issuer, which is not revoked. It returns the issuer and the list's
// name for errors.
func statusListOwner(ctx contractapi.TransactionContextInterface, id, list string) (*issuers.Issuer, string, error) {
	what := fmt.Sprintf("status list %q of issuer %q", list, id)
	if err := base.RequireDirect(ctx, what, nil); err != nil {
		return nil, "", err
	}
	is, err := issuers.GetIssuer(ctx.GetStub(), id)
	if err != nil {
		return nil, "", err
	}
	if err := base.AuthorizeLiveChange(ctx, fmt.Sprintf("issuer %q", id), is.Owner, nil, is.Revoked, base.ErrRevoked); err != nil {
		return nil, "", err
	}
	return is, what, nil
}

// ParseStatusChange parses UpdateStatusList's change strictly.
func ParseStatusChange(text string) (set, clear []int, err error) {
	const want = `{"set": [index, ...], "clear": [index, ...]}`
	if len(text) > base.MaxSettingsSize {
		return nil, nil, fmt.Errorf("%w: change is %d bytes, over the limit of %d", base.ErrInvalidArgument, len(text), base.MaxSettingsSize)
	}
	body := []byte(text)
	var raw struct {
		Set   []int `json:"set"`
		Clear []int `json:"clear"`
	}
	if err := request.CheckStrictKeys(body, &raw); err != nil {
		return nil, nil, fmt.Errorf("%w: change: %v", base.ErrInvalidArgument, err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(body, &top); err != nil || top == nil {
		return nil, nil, fmt.Errorf("%w: change must be one JSON object (want %s)", base.ErrInvalidArgument, want)
	}
	if k, unknown := request.FirstUnknownKey(top, body, map[string]bool{"set": true, "clear": true}); unknown {
		return nil, nil, fmt.Errorf("%w: change: unknown field %s (want %s)", base.ErrInvalidArgument, request.Excerpt(k), want)
	}
	for _, k := range []string{"clear", "set"} {
		if v, ok := top[k]; ok && string(bytes.TrimSpace(v)) == "null" {
			return nil, nil, fmt.Errorf("%w: change: %s must not be null", base.ErrInvalidArgument, k)
		}
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&raw); err != nil {
		return nil, nil, fmt.Errorf("%w: change: malformed (want %s)", base.ErrInvalidArgument, want)
	}
	if n := len(raw.Set) + len(raw.Clear); n == 0 || n > MaxStatusChanges {
		return nil, nil, fmt.Errorf("%w: change: %d indices; give 1 to %d", base.ErrInvalidArgument, n, MaxStatusChanges)
	}
	for _, l := range []struct {
		name string
		v    []int
	}{{"set", raw.Set}, {"clear", raw.Clear}} {
		for i, n := range l.v {
			if n < 0 || n >= MaxStatusListSize {
				return nil, nil, fmt.Errorf("%w: change: %s[%d] is %d, outside 0..%d", base.ErrInvalidArgument, l.name, i, n, MaxStatusListSize-1)
			}
			if i > 0 && n <= l.v[i-1] {
				return nil, nil, fmt.Errorf("%w: change: %s must be ascending without repeats (%d follows %d)", base.ErrInvalidArgument, l.name, n, l.v[i-1])
			}
		}
	}
	for _, n := range raw.Clear {
		if _, found := slices.BinarySearch(raw.Set, n); found {
			return nil, nil, fmt.Errorf("%w: change: index %d is both set and cleared", base.ErrInvalidArgument, n)
		}
	}
	return raw.Set, raw.Clear, nil
}

// checkStatusListID checks an issuer ID and a list ID.
func checkStatusListID(id, list string) error {
	if err := issuers.CheckIssuerID(id); err != nil {
		return err
	}
	return base.CheckRecordID("status list", list)
}

// statusListGeneration is the generation the issuer record's directory
// names for list: legacyGeneration for an issuer registered before 0.3.0
// (no directory), "" if it names none.
func statusListGeneration(is *issuers.Issuer, list string) string {
	if is.Directory() == nil {
		return issuers.LegacyGeneration
	}
	return is.Directory().StatusLists[list]
}

// statusListKey is the key of a list's head under generation gen (the
// legacy key [issuer, list] for legacyGeneration).
func statusListKey(stub shim.ChaincodeStubInterface, id, list, gen string) (string, error) {
	if gen == issuers.LegacyGeneration {
		return records.StatusList.Key(stub, id, list)
	}
	return records.StatusList.Key(stub, id, list, gen)
}

// statusPageKey is the key of a page of a list under generation gen.
func statusPageKey(stub shim.ChaincodeStubInterface, id, list, gen string, page int) (string, error) {
	if gen == issuers.LegacyGeneration {
		return records.StatusPage.Key(stub, id, list, fmt.Sprintf("%04d", page))
	}
	return records.StatusPage.Key(stub, id, list, gen, fmt.Sprintf("%04d", page))
}

// getStatusList reads a list's head record; ErrNotFound if none.
func getStatusList(stub shim.ChaincodeStubInterface, id, list string) (*StatusList, error) {
	is, err := issuers.GetIssuer(stub, id)
	if err != nil {
		return nil, err
	}
	return StatusListOf(stub, is, list)
}

// getStatusPage reads a page; ErrNotFound if none.
func getStatusPage(stub shim.ChaincodeStubInterface, id, list string, page int) (*StatusPage, error) {
	is, err := issuers.GetIssuer(stub, id)
	if err != nil {
		return nil, err
	}
	return StatusPageOf(stub, is, list, page)
}

// StatusListOf reads the head of issuer is's list through the records
// layer: ErrNotFound if the directory names none (or, for a legacy issuer,
// none is stored); an error wrapping records.ErrUntrusted if the record is
// missing though named, or does not carry the owner's key-level policy.
func StatusListOf(stub shim.ChaincodeStubInterface, is *issuers.Issuer, list string) (*StatusList, error) {
	what := fmt.Sprintf("status list %q of issuer %q", list, is.ID)
	gen := statusListGeneration(is, list)
	if gen == "" {
		return nil, fmt.Errorf("%s: %w", what, base.ErrNotFound)
	}
	key, err := statusListKey(stub, is.ID, list, gen)
	if err != nil {
		return nil, err
	}
	var h StatusList
	if err := issuers.GetNamedChild(stub, records.StatusList, is, key, what, &h); err != nil {
		return nil, err
	}
	return &h, nil
}

// StatusPageOf reads a page of issuer is's list: ErrNotFound beyond the
// list's pages; a missing page of the list, or one that does not carry
// the owner's key-level policy, is an error wrapping records.ErrUntrusted. A stored page of the wrong
// length is an error, not a short read.
func StatusPageOf(stub shim.ChaincodeStubInterface, is *issuers.Issuer, list string, page int) (*StatusPage, error) {
	what := fmt.Sprintf("page %d of status list %q of issuer %q", page, list, is.ID)
	gen := statusListGeneration(is, list)
	if gen == "" {
		return nil, fmt.Errorf("%s: %w", what, base.ErrNotFound)
	}
	key, err := statusPageKey(stub, is.ID, list, gen, page)
	if err != nil {
		return nil, err
	}
	var p StatusPage
	found, err := records.GetJSON(records.StatusPage, stub, key, is.Owner.MSPID, &p)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	if !found {
		head, herr := StatusListOf(stub, is, list)
		switch {
		case herr != nil:
			return nil, fmt.Errorf("%s: %w", what, herr)
		case page >= head.Pages:
			return nil, fmt.Errorf("%s: %w", what, base.ErrNotFound)
		}
		return nil, fmt.Errorf("%s: %w: the list was created with it, but %s holds nothing", what, records.ErrUntrusted, records.Describe(key))
	}
	if len(p.Bits) != StatusPageBits/8 {
		return nil, fmt.Errorf("%s: the stored page holds %d bytes, not %d", what, len(p.Bits), StatusPageBits/8)
	}
	return &p, nil
}

// pageName names a page in errors.
func pageName(p *StatusPage) string {
	return fmt.Sprintf("page %d of status list %q of issuer %q", p.Page, p.List, p.Issuer)
}

// StatusBit reports whether entry i of a page's bits is set.
func StatusBit(bits []byte, i int) bool { return bits[i/8]&(0x80>>(i%8)) != 0 }

func nonNil(v []int) []int {
	if v == nil {
		return []int{}
	}
	return v
}
