// SPDX-License-Identifier: Apache-2.0

package revstate

import (
	"bytes"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/bits"
	"time"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Accumulator is an issuer's accumulator record.
type Accumulator struct {
	Issuer string `json:"issuer"`
	// PublicKey is P̃_α, 96 bytes (base64 in JSON).
	PublicKey []byte `json:"publicKey"`
	// InitialValue is V_0; Value is V_Version, 48 bytes each.
	InitialValue []byte    `json:"initialValue"`
	Version      int       `json:"version"`
	Value        []byte    `json:"value"`
	UpdatedAt    time.Time `json:"updatedAt"`
	TxID         string    `json:"txId"`
	// HandleIndex is the index, among the signed messages of the issuer's
	// credentials, of the revocation handle: every presentation with
	// non-revocation must prove the membership of the message at this
	// index, and no other. Declared by SetAccumulator, changed by
	// SetAccumulatorHandleIndex.
	HandleIndex int `json:"handleIndex"`
	// HandleIndexTxID is the transaction that declared HandleIndex. Empty
	// in a record written before handle indices were declared: such an
	// accumulator accepts no presentation until its owner declares one.
	HandleIndexTxID string `json:"handleIndexTxId,omitempty" metadata:",optional"`
}

// HandleIndexDeclared reports whether the record declares its handle index.
func (a *Accumulator) HandleIndexDeclared() bool { return a.HandleIndexTxID != "" }

// checkHandleIndexArg checks a declared handle index: a message index a
// request can name (0 to request.MaxMessageIndex).
func checkHandleIndexArg(i int) error {
	if i < 0 || i > request.MaxMessageIndex {
		return fmt.Errorf("%w: handleIndex %d outside 0..%d", base.ErrInvalidArgument, i, request.MaxMessageIndex)
	}
	return nil
}

// AccumulatorRemoval is the record of one version: one revocation
// (Removal) or one batch of them (Batch); exactly one is set.
type AccumulatorRemoval struct {
	Issuer string `json:"issuer"`
	// Removal is the 88-byte record I2OSP(version, 8) ‖ handle ‖ value.
	Removal []byte `json:"removal,omitempty" metadata:",optional"`
	// Batch is a batch removal record (revocation.ParseBatchRemoval):
	// holders apply it with revocation.Credential.UpdateBatch.
	Batch     []byte    `json:"batch,omitempty" metadata:",optional"`
	Version   int       `json:"version"`
	CreatedAt time.Time `json:"createdAt"`
	TxID      string    `json:"txId"`
}

// removedHandle is the index record of one removed handle: the version
// of the removal (or batch) that removed it.
type removedHandle struct {
	Version int `json:"version"`
}

// accumulatorObject is the object type of an accumulator head
// (records.AccumulatorHead).
const accumulatorObject = "bbs.accumulator"

// StoredAccumulator is the stored form of an accumulator head: the
// Accumulator (GetAccumulator's answer, unchanged) and the chain of its
// removal records, which no answer shows.
type StoredAccumulator struct {
	Accumulator
	// Removals names the removal records; nil in a head written before
	// 0.3.0, whose removals are all at legacy keys.
	Removals *removalChain `json:"removals,omitempty"`
}

// removalChain names an accumulator's removal records.
type removalChain struct {
	// Legacy: versions 1 to Legacy were made before 0.3.0 and are at the
	// legacy keys [issuer, version].
	Legacy int `json:"legacy,omitempty"`
	// Chain names the removals of fenwick(Version): Chain[j] is the tx ID
	// of the removal of version fenwick(Version)[j] ("" for a legacy one).
	Chain []string `json:"chain,omitempty"`
}

// StoredRemoval is the stored form of a removal record: the
// AccumulatorRemoval (GetAccumulatorRemoval's answer, unchanged) and the
// tx IDs of two earlier removals, which no answer shows.
type StoredRemoval struct {
	AccumulatorRemoval
	// Links names the removals of fenwick(Version−1), as the head's chain
	// did before this version: Links[j] is the tx ID of the removal of
	// version fenwick(Version−1)[j] ("" for a legacy one).
	Links []string `json:"links,omitempty"`
}

func decodeB64Arg(name, s string, max int) ([]byte, error) {
	if len(s) > 4*((max+2)/3) {
		return nil, fmt.Errorf("%w: %s is %d characters, too long", base.ErrInvalidArgument, name, len(s))
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not canonical standard base64", base.ErrInvalidArgument, name)
	}
	return b, nil
}

// issuerForAccumulatorChange authorizes a change of the issuer's
// accumulator: the owner's (issuerForChange), invoking bbs directly. As for
// epochs and status lists, the issuer's allowedCallers do not open it to
// another chaincode: they cover key changes only (docs/trust-model.md).
func ForAccumulatorChange(ctx contractapi.TransactionContextInterface, issuerID string) (*issuers.Issuer, error) {
	if err := issuers.CheckIssuerID(issuerID); err != nil {
		return nil, err
	}
	if err := base.RequireDirect(ctx, fmt.Sprintf("the accumulator of issuer %q", issuerID), nil); err != nil {
		return nil, err
	}
	return issuers.ForChange(ctx, issuerID)
}

// SetAccumulator is the SetAccumulator transaction (see Contract.SetAccumulator).
func SetAccumulator(ctx contractapi.TransactionContextInterface, issuerID, publicKey, initialValue string, handleIndex int) (_ *Accumulator, err error) {
	defer base.Coded(&err)
	is, err := ForAccumulatorChange(ctx, issuerID)
	if err != nil {
		return nil, err
	}
	if err := checkHandleIndexArg(handleIndex); err != nil {
		return nil, err
	}
	pkb, err := decodeB64Arg("publicKey", publicKey, revocation.PublicKeySize)
	if err != nil {
		return nil, err
	}
	if _, err := revocation.ParsePublicKey(pkb); err != nil {
		return nil, fmt.Errorf("%w: publicKey: %v", base.ErrInvalidArgument, err)
	}
	v0, err := decodeB64Arg("initialValue", initialValue, revocation.PointSize)
	if err != nil {
		return nil, err
	}
	if err := revocation.CheckValue(v0); err != nil {
		return nil, fmt.Errorf("%w: initialValue: %v", base.ErrInvalidArgument, err)
	}
	stub := ctx.GetStub()
	if _, _, err := AccumulatorOf(stub, is); err == nil {
		return nil, fmt.Errorf("accumulator of issuer %q: %w", issuerID, base.ErrExists)
	} else if !base.IsNotFound(err) && (!errors.Is(err, records.ErrUntrusted) || is.Directory() != nil) {
		return nil, err
	}
	// (A legacy issuer's old head that is not believed, created around the
	// contract, is routed around: the accumulator gets a generation key.)
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	acc := &StoredAccumulator{
		Accumulator: Accumulator{Issuer: issuerID, PublicKey: pkb, InitialValue: v0, Value: v0, UpdatedAt: now, TxID: stub.GetTxID(),
			HandleIndex: handleIndex, HandleIndexTxID: stub.GetTxID()},
		Removals: &removalChain{},
	}
	// A key of this transaction's generation, which the issuer record
	// names (written in the same transaction).
	if err := issuers.AnchorChild(stub, is, func(r *issuers.IssuerRecords) { r.Accumulator = acc.TxID }); err != nil {
		return nil, err
	}
	key, err := AccumulatorKey(stub, is)
	if err != nil {
		return nil, err
	}
	if err := putAccumulator(stub, is, key, acc); err != nil {
		return nil, err
	}
	return &acc.Accumulator, nil
}

// SetAccumulatorHandleIndex is the SetAccumulatorHandleIndex transaction (see Contract.SetAccumulatorHandleIndex).
func SetAccumulatorHandleIndex(ctx contractapi.TransactionContextInterface, issuerID string, handleIndex int) (_ *Accumulator, err error) {
	defer base.Coded(&err)
	is, err := ForAccumulatorChange(ctx, issuerID)
	if err != nil {
		return nil, err
	}
	if err := checkHandleIndexArg(handleIndex); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	acc, key, err := AccumulatorOf(stub, is)
	if err != nil {
		return nil, err
	}
	if acc.HandleIndexDeclared() && acc.HandleIndex == handleIndex {
		return nil, fmt.Errorf("accumulator of issuer %q already declares handle index %d: %w", issuerID, handleIndex, base.ErrExists)
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	acc.HandleIndex, acc.HandleIndexTxID, acc.UpdatedAt, acc.TxID = handleIndex, stub.GetTxID(), now, stub.GetTxID()
	if err := putAccumulator(stub, is, key, acc); err != nil {
		return nil, err
	}
	return &acc.Accumulator, nil
}

// RevokeHandle is the RevokeHandle transaction (see Contract.RevokeHandle).
func RevokeHandle(ctx contractapi.TransactionContextInterface, issuerID, removal string) (_ *Accumulator, err error) {
	defer base.Coded(&err)
	is, err := ForAccumulatorChange(ctx, issuerID)
	if err != nil {
		return nil, err
	}
	rb, err := decodeB64Arg("removal", removal, revocation.RemovalSize)
	if err != nil {
		return nil, err
	}
	r, err := revocation.ParseRemoval(rb)
	if err != nil {
		return nil, fmt.Errorf("%w: removal: %v", base.ErrInvalidArgument, err)
	}
	return recordRemoval(ctx.GetStub(), is, accumulatorStep{
		what: "removal", notRemoval: "the removal of its handle", version: r.Version, value: r.Value(),
		handles: [][]byte{r.Handle()},
		verify:  func(pk *revocation.PublicKey, prev []byte) error { return revocation.VerifyRemoval(pk, prev, r) },
		record:  AccumulatorRemoval{Removal: rb},
	})
}

// RevokeHandles is the RevokeHandles transaction (see Contract.RevokeHandles).
func RevokeHandles(ctx contractapi.TransactionContextInterface, issuerID, batch string) (_ *Accumulator, err error) {
	defer base.Coded(&err)
	is, err := ForAccumulatorChange(ctx, issuerID)
	if err != nil {
		return nil, err
	}
	bb, err := decodeB64Arg("batch", batch, revocation.BatchRemovalSize(revocation.MaxBatch))
	if err != nil {
		return nil, err
	}
	r, err := revocation.ParseBatchRemoval(bb)
	if err != nil {
		return nil, fmt.Errorf("%w: batch: %v", base.ErrInvalidArgument, err)
	}
	return recordRemoval(ctx.GetStub(), is, accumulatorStep{
		what: "batch", notRemoval: "the removal of its handles", version: r.Version, value: r.Value(),
		handles: r.Handles(),
		verify:  func(pk *revocation.PublicKey, prev []byte) error { return revocation.VerifyBatchRemoval(pk, prev, r) },
		record:  AccumulatorRemoval{Batch: bb},
	})
}

// accumulatorStep is one new version of an accumulator, as RevokeHandle
// (one removal) and RevokeHandles (a batch) record it.
type accumulatorStep struct {
	what, notRemoval string   // "removal" or "batch", and what it must be, for errors
	version          uint64   // the version it makes
	value            []byte   // the accumulator value of that version
	handles          [][]byte // the handles it removes, distinct, in record order
	// verify checks the step against the previous value under the key.
	verify func(pk *revocation.PublicKey, prev []byte) error
	record AccumulatorRemoval // Removal or Batch set; recordRemoval fills in the rest
}

// recordRemoval checks st against the issuer's accumulator (the next
// version, a removal from the current value) and writes its removal
// record, named by the head's chain, the index records of its handles,
// and the accumulator's new version, value and chain.
func recordRemoval(stub shim.ChaincodeStubInterface, is *issuers.Issuer, st accumulatorStep) (*Accumulator, error) {
	issuerID := is.ID
	acc, key, err := AccumulatorOf(stub, is)
	if err != nil {
		return nil, err
	}
	if st.version != uint64(acc.Version)+1 {
		return nil, fmt.Errorf("%w: %s makes version %d, the accumulator is at version %d", base.ErrInvalidArgument, st.what, st.version, acc.Version)
	}
	pk, err := revocation.ParsePublicKey(acc.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("accumulator of issuer %q: stored key: %w", issuerID, err)
	}
	hkeys, err := checkHandlesNew(stub, is, acc, st)
	if err != nil {
		return nil, err
	}
	if err := st.verify(pk, acc.Value); err != nil {
		return nil, fmt.Errorf("%w: %s is not %s from version %d: %v", base.ErrInvalidArgument, st.what, st.notRemoval, acc.Version, err)
	}
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	txID := stub.GetTxID()
	// The removal of version k names fenwick(k−1), the head's chain before
	// it; the head then names fenwick(k): k, then fenwick(k−1) without its
	// first tz(k) versions (k−1 ends in tz(k) set bits).
	ch := acc.Removals
	rec := StoredRemoval{AccumulatorRemoval: st.record, Links: ch.Chain}
	rec.Issuer, rec.Version, rec.CreatedAt, rec.TxID = issuerID, int(st.version), now, txID
	ch.Chain = append([]string{txID}, ch.Chain[bits.TrailingZeros64(st.version):]...)
	// One message to the peer for all the writes, where the peer supports
	// it (a no-op otherwise): a batch writes one index record per handle.
	stub.StartWriteBatch()
	for _, hk := range hkeys {
		b, err := json.Marshal(&removedHandle{Version: int(st.version)})
		if err != nil {
			return nil, fmt.Errorf("removed handle of issuer %q: encoding the record: %w", issuerID, err)
		}
		if err := records.AccumulatorHandle.Put(stub, hk, is.Owner.MSPID, b); err != nil {
			return nil, fmt.Errorf("removed handle of issuer %q: %w", issuerID, err)
		}
	}
	rkey, err := removalKey(stub, issuerID, st.version, txID)
	if err != nil {
		return nil, err
	}
	if err := records.PutJSON(records.AccumulatorRemoval, stub, rkey, is.Owner.MSPID, &rec); err != nil {
		return nil, fmt.Errorf("removal %d of issuer %q: %w", st.version, issuerID, err)
	}
	acc.Version, acc.Value, acc.UpdatedAt, acc.TxID = int(st.version), st.value, now, txID
	if err := putAccumulator(stub, is, key, acc); err != nil {
		return nil, err
	}
	if err := stub.FinishWriteBatch(); err != nil {
		return nil, fmt.Errorf("accumulator of issuer %q: writing the records: %w", issuerID, err)
	}
	return &acc.Accumulator, nil
}

// checkHandlesNew reads, in one GetMultipleStates, the index records of
// the handles st removes, and refuses the step (ErrExists) if an earlier
// version removed one of them: the mathematics allows removing a handle
// again, but the new version would revoke no one. An index record is
// believed only if the removal record of the version it names (after the
// legacy ones, up to current, found from the head, so written by the
// owner) removes that handle, whoever wrote the index record. One that is not believed does
// not block the owner's revocation: it is overwritten if it carries no
// key-level policy or the one the owner's write sets; one with another
// policy (created around the contract, which the owner's endorsement may
// not satisfy) is left alone and not written, so that the revocation still
// commits (what that costs: a later removal of that handle is not
// refused). It returns the index keys to write, in record order.
func checkHandlesNew(stub shim.ChaincodeStubInterface, is *issuers.Issuer, acc *StoredAccumulator, st accumulatorStep) ([]string, error) {
	issuerID, current := is.ID, acc.Version
	keys := make([]string, len(st.handles))
	for i, h := range st.handles {
		var err error
		if keys[i], err = records.AccumulatorHandle.Key(stub, issuerID, hex.EncodeToString(h)); err != nil {
			return nil, fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
		}
	}
	values, err := stub.GetMultipleStates(keys...)
	if err != nil {
		return nil, fmt.Errorf("checking the removed handles: reading the world state: %w", err)
	}
	if len(values) != len(keys) {
		return nil, fmt.Errorf("checking the removed handles: %d values for %d keys", len(values), len(keys))
	}
	var writable []byte // the policy the owner's write sets, once needed
	out := make([]string, 0, len(keys))
	for i, v := range values {
		if v == nil {
			out = append(out, keys[i])
			continue
		}
		var held removedHandle
		// A removal made before 0.3.0 carries no key-level policy: whoever
		// satisfies the chaincode policy alone can rewrite it, so an index
		// entry naming one is not believed (it would let them make a handle
		// unrevocable); a second removal of such a handle is not refused.
		if base.UnmarshalRecord(v, &held) == nil && held.Version > acc.Removals.Legacy && held.Version <= current {
			rec, err := RemovalAt(stub, is, acc, held.Version)
			if err != nil {
				return nil, err
			}
			record := rec.Removal
			if record == nil {
				record = rec.Batch
			}
			if revocation.RecordRemoves(record, uint64(held.Version), st.handles[i]) {
				which := "the removal's handle"
				if st.what == "batch" {
					which = fmt.Sprintf("handle %d of the batch", i)
				}
				return nil, fmt.Errorf("%s, handle %s, was already removed at version %d of issuer %q's accumulator; a new version would revoke no one: %w",
					which, hex.EncodeToString(st.handles[i]), held.Version, issuerID, base.ErrExists)
			}
		}
		// Not believed: proves nothing. Overwrite it where the owner's
		// write is sure to satisfy its key-level policy.
		vp, err := stub.GetStateValidationParameter(keys[i])
		if err != nil {
			return nil, fmt.Errorf("checking the removed handles: %s: reading its key-level endorsement policy: %w", records.Describe(keys[i]), err)
		}
		if len(vp) > 0 {
			if writable == nil {
				cfgs, err := records.Configs(stub)
				if err != nil {
					return nil, err
				}
				if writable, err = records.OwnerPolicy(is.Owner.MSPID, cfgs[0]); err != nil {
					return nil, err
				}
			}
			if !bytes.Equal(vp, writable) {
				continue // routed around: not written
			}
		}
		out = append(out, keys[i])
	}
	return out, nil
}

// GetAccumulator is the GetAccumulator transaction (see Contract.GetAccumulator).
func GetAccumulator(ctx contractapi.TransactionContextInterface, issuerID string) (_ *Accumulator, err error) {
	defer base.Coded(&err)
	if err := issuers.CheckIssuerID(issuerID); err != nil {
		return nil, err
	}
	return getAccumulator(ctx.GetStub(), issuerID)
}

// GetAccumulatorRemoval is the GetAccumulatorRemoval transaction (see Contract.GetAccumulatorRemoval).
func GetAccumulatorRemoval(ctx contractapi.TransactionContextInterface, issuerID string, version int) (_ *AccumulatorRemoval, err error) {
	defer base.Coded(&err)
	if err := issuers.CheckIssuerID(issuerID); err != nil {
		return nil, err
	}
	if version < 1 {
		return nil, fmt.Errorf("%w: version %d, removals start at version 1", base.ErrInvalidArgument, version)
	}
	return getAccumulatorRemoval(ctx.GetStub(), issuerID, version)
}

// AccumulatorKey is the key of issuer is's accumulator head: the legacy
// key [issuer] for an issuer registered before 0.3.0 (no directory, or
// generation "legacy"), else [issuer, generation]; "" if the directory
// names none.
func AccumulatorKey(stub shim.ChaincodeStubInterface, is *issuers.Issuer) (string, error) {
	if is.Directory() == nil || is.Directory().Accumulator == issuers.LegacyGeneration {
		return records.AccumulatorHead.Key(stub, is.ID)
	}
	if is.Directory().Accumulator == "" {
		return "", nil
	}
	return records.AccumulatorHead.Key(stub, is.ID, is.Directory().Accumulator)
}

// getAccumulator reads the issuer's accumulator record.
func getAccumulator(stub shim.ChaincodeStubInterface, issuerID string) (*Accumulator, error) {
	is, err := issuers.GetIssuer(stub, issuerID)
	if err != nil {
		return nil, err
	}
	acc, _, err := AccumulatorOf(stub, is)
	if err != nil {
		return nil, err
	}
	return &acc.Accumulator, nil
}

// AccumulatorOf reads issuer is's accumulator head through the records
// layer, and its key: ErrNotFound if the directory names none (or, for a
// legacy issuer, none is stored); an error wrapping records.ErrUntrusted
// if the named head is missing or does not carry the owner's key-level
// policy. A head written before 0.3.0 gets its chain: every removal at a
// legacy key.
func AccumulatorOf(stub shim.ChaincodeStubInterface, is *issuers.Issuer) (*StoredAccumulator, string, error) {
	what := fmt.Sprintf("accumulator of issuer %q", is.ID)
	key, err := AccumulatorKey(stub, is)
	if err != nil {
		return nil, "", fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	if key == "" {
		return nil, "", fmt.Errorf("%s: %w", what, base.ErrNotFound)
	}
	var acc StoredAccumulator
	found, err := records.GetJSON(records.AccumulatorHead, stub, key, is.Owner.MSPID, &acc)
	if err != nil {
		return nil, "", fmt.Errorf("%s: %w", what, err)
	}
	if !found {
		if is.Directory() == nil {
			return nil, "", fmt.Errorf("%s: %w", what, base.ErrNotFound)
		}
		return nil, "", fmt.Errorf("%s: %w: the issuer record names %s, which holds nothing", what, records.ErrUntrusted, records.Describe(key))
	}
	if acc.Version < 0 {
		return nil, "", fmt.Errorf("%s: the stored record has version %d", what, acc.Version)
	}
	if acc.Removals == nil {
		acc.Removals = &removalChain{Legacy: acc.Version, Chain: make([]string, bits.OnesCount64(uint64(acc.Version)))}
	}
	if ch := acc.Removals; ch.Legacy < 0 || ch.Legacy > acc.Version || len(ch.Chain) != bits.OnesCount64(uint64(acc.Version)) {
		return nil, "", fmt.Errorf("%s: the stored chain of removals is malformed", what)
	}
	return &acc, key, nil
}

// putAccumulator writes issuer is's accumulator head under key, with the
// owner's key-level policy.
func putAccumulator(stub shim.ChaincodeStubInterface, is *issuers.Issuer, key string, acc *StoredAccumulator) error {
	if err := records.PutJSON(records.AccumulatorHead, stub, key, is.Owner.MSPID, acc); err != nil {
		return fmt.Errorf("accumulator of issuer %q: %w", is.ID, err)
	}
	return nil
}

// removalKey is the key of the removal of version made by transaction
// txID; legacyRemovalKey that of a removal made before 0.3.0.
func removalKey(stub shim.ChaincodeStubInterface, issuerID string, version uint64, txID string) (string, error) {
	k, err := records.AccumulatorRemoval.Key(stub, issuerID, fmt.Sprintf("%020d", version), txID)
	if err != nil {
		return "", fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	return k, nil
}

func legacyRemovalKey(stub shim.ChaincodeStubInterface, issuerID string, version int) (string, error) {
	k, err := records.AccumulatorRemoval.Key(stub, issuerID, fmt.Sprintf("%020d", version))
	if err != nil {
		return "", fmt.Errorf("%w: %v", base.ErrInvalidArgument, err)
	}
	return k, nil
}

// getAccumulatorRemoval reads the removal record of version of the
// issuer's accumulator.
func getAccumulatorRemoval(stub shim.ChaincodeStubInterface, issuerID string, version int) (*AccumulatorRemoval, error) {
	is, err := issuers.GetIssuer(stub, issuerID)
	if err != nil {
		return nil, err
	}
	acc, _, err := AccumulatorOf(stub, is)
	if err != nil {
		if base.IsNotFound(err) {
			return nil, fmt.Errorf("removal %d of issuer %q: %w", version, issuerID, base.ErrNotFound)
		}
		return nil, err
	}
	rec, err := RemovalAt(stub, is, acc, version)
	if err != nil {
		return nil, err
	}
	return &rec.AccumulatorRemoval, nil
}

// nearest returns the smallest version of fenwick(x) that is at least t
// (1 ≤ t ≤ x), and its index there.
func nearest(x, t uint64) (uint64, int) {
	m, j := x, 0
	for y := x & (x - 1); y != 0 && y >= t; y &= y - 1 {
		m, j = y, j+1
	}
	return m, j
}

// RemovalPath lists the versions removalAt reads to find version t (1 to
// current): from the head at current, the nearest version of
// fenwick(current), then from each removal m the nearest of fenwick(m−1).
// Each step lowers the highest bit in which the version and t−1 differ,
// so there are at most bits.Len64(current) of them.
func RemovalPath(current, t uint64) []uint64 {
	var path []uint64
	for x := current; ; {
		m, _ := nearest(x, t)
		path = append(path, m)
		if m == t {
			return path
		}
		x = m - 1
	}
}

// RemovalAt reads the removal record of version (1 to acc.Version) of
// issuer is's accumulator: ErrNotFound for another version. A removal made
// before 0.3.0 is read at its legacy key; a later one by following the
// links from the head (removalPath), each record named by a believed one
// (the head, then the records on the way): one that is missing, does not
// carry the owner's key-level policy or is not the version and
// transaction its namer says is an error wrapping records.ErrUntrusted.
func RemovalAt(stub shim.ChaincodeStubInterface, is *issuers.Issuer, acc *StoredAccumulator, version int) (*StoredRemoval, error) {
	what := fmt.Sprintf("removal %d of issuer %q", version, is.ID)
	if version < 1 || version > acc.Version {
		return nil, fmt.Errorf("%s: %w", what, base.ErrNotFound)
	}
	if version <= acc.Removals.Legacy {
		return legacyRemoval(stub, is, version)
	}
	t := uint64(version)
	x, links, namer := uint64(acc.Version), acc.Removals.Chain, "the accumulator head"
	for hop := 0; hop <= 64; hop++ {
		m, j := nearest(x, t)
		if j >= len(links) || links[j] == "" {
			return nil, fmt.Errorf("%s: %w: %s names no removal of version %d", what, records.ErrUntrusted, namer, m)
		}
		key, err := removalKey(stub, is.ID, m, links[j])
		if err != nil {
			return nil, err
		}
		var rec StoredRemoval
		found, err := records.GetJSON(records.AccumulatorRemoval, stub, key, is.Owner.MSPID, &rec)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		if !found || rec.Version != int(m) || rec.TxID != links[j] || rec.Issuer != is.ID || len(rec.Links) != bits.OnesCount64(m-1) {
			return nil, fmt.Errorf("%s: %w: %s names %s, which does not hold the removal of version %d", what, records.ErrUntrusted, namer, records.Describe(key), m)
		}
		if m == t {
			return &rec, nil
		}
		x, links, namer = m-1, rec.Links, fmt.Sprintf("removal %d", m)
	}
	return nil, fmt.Errorf("%s: %w: the links of the removals do not reach it", what, records.ErrUntrusted)
}

// legacyRemoval reads a removal made before 0.3.0 at its legacy key: as
// 0.2.0 wrote it, without a key-level policy (one that carries one was
// written around the contract).
func legacyRemoval(stub shim.ChaincodeStubInterface, is *issuers.Issuer, version int) (*StoredRemoval, error) {
	what := fmt.Sprintf("removal %d of issuer %q", version, is.ID)
	key, err := legacyRemovalKey(stub, is.ID, version)
	if err != nil {
		return nil, err
	}
	var rec StoredRemoval
	if err := base.GetRecord(stub, key, what, &rec); err != nil {
		return nil, err
	}
	vp, err := stub.GetStateValidationParameter(key)
	if err != nil {
		return nil, fmt.Errorf("%s: reading its key-level endorsement policy: %w", what, err)
	}
	if len(vp) > 0 || rec.Version != version {
		return nil, fmt.Errorf("%s: %w: %s is not the record 0.2.0 wrote", what, records.ErrUntrusted, records.Describe(key))
	}
	return &rec, nil
}
