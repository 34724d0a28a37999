// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"time"

	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"

	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
)

// Anonymous revocation, level 3 (docs/revocation-protocol.md): an
// issuer's positive accumulator on the ledger. The contract does no
// cryptography of its own: it calls package revocation.
//
// Records:
//   - bbs.accumulator~<issuer> → Accumulator: the accumulator public key,
//     the current version and value, and the declared index of the
//     revocation handle among the credentials' messages; owner-only, with
//     the issuer owner's key-level endorsement;
//   - bbs.accumulator.removal~<issuer>~<version, 20 digits> →
//     AccumulatorRemoval: the 88-byte removal record of that version,
//     checked with revocation.VerifyRemoval before it is written; written
//     in the same transaction as the current record, so under the same
//     endorsement. A version made by RevokeHandles holds instead the
//     batch record (revocation.BatchRemoval, 12 + 80·m bytes for m
//     handles), checked with revocation.VerifyBatchRemoval;
//   - bbs.accumulator.handle~<issuer>~<handle, 64 hex digits> →
//     {"version": k}: the version that removed the handle, one per removed
//     handle, written in the same transaction; a later removal of the
//     same handle is refused (ErrExists, naming k).

const (
	accumulatorObject = "bbs.accumulator"
	removalObject     = "bbs.accumulator.removal"
	handleObject      = "bbs.accumulator.handle"
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

// handleIndexDeclared reports whether the record declares its handle index.
func (a *Accumulator) handleIndexDeclared() bool { return a.HandleIndexTxID != "" }

// checkHandleIndexArg checks a declared handle index: a message index a
// request can name (0 to request.MaxMessageIndex).
func checkHandleIndexArg(i int) error {
	if i < 0 || i > request.MaxMessageIndex {
		return fmt.Errorf("%w: handleIndex %d outside 0..%d", ErrInvalidArgument, i, request.MaxMessageIndex)
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

func decodeB64Arg(name, s string, max int) ([]byte, error) {
	if len(s) > 4*((max+2)/3) {
		return nil, fmt.Errorf("%w: %s is %d characters, too long", ErrInvalidArgument, name, len(s))
	}
	b, err := base64.StdEncoding.Strict().DecodeString(s)
	if err != nil {
		return nil, fmt.Errorf("%w: %s is not canonical standard base64", ErrInvalidArgument, name)
	}
	return b, nil
}

// issuerForAccumulatorChange authorizes a change of the issuer's
// accumulator: the owner's (issuerForChange), invoking bbs directly. As for
// epochs and status lists, the issuer's allowedCallers do not open it to
// another chaincode: they cover key changes only (docs/trust-model.md).
func (c *Contract) issuerForAccumulatorChange(ctx contractapi.TransactionContextInterface, issuerID string) (*Issuer, error) {
	if err := checkIssuerID(issuerID); err != nil {
		return nil, err
	}
	if err := requireDirect(ctx, fmt.Sprintf("the accumulator of issuer %q", issuerID), nil); err != nil {
		return nil, err
	}
	return c.issuerForChange(ctx, issuerID)
}

// SetAccumulator creates the issuer's accumulator record from its public
// key and initial value (base64) and the index of the revocation handle
// among its credentials' signed messages (handleIndex, 0 to
// request.MaxMessageIndex): presentations with non-revocation must prove
// the membership of that message. Only the issuer's owner may, invoking bbs
// directly; once: a second call is ErrExists.
func (c *Contract) SetAccumulator(ctx contractapi.TransactionContextInterface, issuerID, publicKey, initialValue string, handleIndex int) (_ *Accumulator, err error) {
	defer coded(&err)
	is, err := c.issuerForAccumulatorChange(ctx, issuerID)
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
		return nil, fmt.Errorf("%w: publicKey: %v", ErrInvalidArgument, err)
	}
	v0, err := decodeB64Arg("initialValue", initialValue, revocation.PointSize)
	if err != nil {
		return nil, err
	}
	if err := revocation.CheckValue(v0); err != nil {
		return nil, fmt.Errorf("%w: initialValue: %v", ErrInvalidArgument, err)
	}
	stub := ctx.GetStub()
	key, err := compositeKey(stub, accumulatorObject, issuerID)
	if err != nil {
		return nil, err
	}
	var held Accumulator
	found, err := getJSON(stub, key, &held)
	if err != nil {
		return nil, err
	}
	if found {
		return nil, fmt.Errorf("accumulator of issuer %q: %w", issuerID, ErrExists)
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	acc := &Accumulator{Issuer: issuerID, PublicKey: pkb, InitialValue: v0, Value: v0, UpdatedAt: now, TxID: stub.GetTxID(),
		HandleIndex: handleIndex, HandleIndexTxID: stub.GetTxID()}
	if err := putRecord(stub, key, fmt.Sprintf("accumulator of issuer %q", issuerID), acc); err != nil {
		return nil, err
	}
	if err := setOwnerEndorsement(stub, key, is.Owner.MSPID); err != nil {
		return nil, fmt.Errorf("accumulator of issuer %q: %w", issuerID, err)
	}
	return acc, nil
}

// SetAccumulatorHandleIndex changes the index of the revocation handle
// that the issuer's accumulator record declares (or declares it, in a
// record written before indices were declared). The authority is
// SetAccumulator's: the issuer's owner, invoking bbs directly, under the
// record's key-level endorsement. From the next block every presentation
// must prove the message at the new index; records of earlier
// verifications name the index they proved (NonRevocation.HandleIndex), and
// a pending transaction that read the old index is invalidated (MVCC).
// Declaring the index the record already declares is ErrExists.
func (c *Contract) SetAccumulatorHandleIndex(ctx contractapi.TransactionContextInterface, issuerID string, handleIndex int) (_ *Accumulator, err error) {
	defer coded(&err)
	if _, err := c.issuerForAccumulatorChange(ctx, issuerID); err != nil {
		return nil, err
	}
	if err := checkHandleIndexArg(handleIndex); err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	key, err := compositeKey(stub, accumulatorObject, issuerID)
	if err != nil {
		return nil, err
	}
	var acc Accumulator
	if err := getRecord(stub, key, fmt.Sprintf("accumulator of issuer %q", issuerID), &acc); err != nil {
		return nil, err
	}
	if acc.handleIndexDeclared() && acc.HandleIndex == handleIndex {
		return nil, fmt.Errorf("accumulator of issuer %q already declares handle index %d: %w", issuerID, handleIndex, ErrExists)
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	acc.HandleIndex, acc.HandleIndexTxID, acc.UpdatedAt, acc.TxID = handleIndex, stub.GetTxID(), now, stub.GetTxID()
	if err := putRecord(stub, key, fmt.Sprintf("accumulator of issuer %q", issuerID), &acc); err != nil {
		return nil, err
	}
	return &acc, nil
}

// RevokeHandle records one revocation: removal (base64) is the
// revocation.Removal record of version current+1, which must be the removal
// of its handle from the current value under the accumulator's key
// (revocation.VerifyRemoval). Only the issuer's owner may, invoking bbs
// directly. From the next block, presentations against the new version
// need a witness updated past it, which the revoked holder cannot make.
func (c *Contract) RevokeHandle(ctx contractapi.TransactionContextInterface, issuerID, removal string) (_ *Accumulator, err error) {
	defer coded(&err)
	if _, err := c.issuerForAccumulatorChange(ctx, issuerID); err != nil {
		return nil, err
	}
	rb, err := decodeB64Arg("removal", removal, revocation.RemovalSize)
	if err != nil {
		return nil, err
	}
	r, err := revocation.ParseRemoval(rb)
	if err != nil {
		return nil, fmt.Errorf("%w: removal: %v", ErrInvalidArgument, err)
	}
	return recordRemoval(ctx.GetStub(), issuerID, accumulatorStep{
		what: "removal", notRemoval: "the removal of its handle", version: r.Version, value: r.Value(),
		handles: [][]byte{r.Handle()},
		verify:  func(pk *revocation.PublicKey, prev []byte) error { return revocation.VerifyRemoval(pk, prev, r) },
		record:  AccumulatorRemoval{Removal: rb},
	})
}

// RevokeHandles records one batch of revocations as one version: batch
// (base64) is the revocation.BatchRemoval record of version current+1
// (1 to revocation.MaxBatch distinct handles), which must be the removal of
// its handles from the current value under the accumulator's key, with Ω
// points that let every other holder update
// (revocation.VerifyBatchRemoval). Only the issuer's owner may, invoking
// bbs directly. One ledger record of 12 + 80·m bytes instead of m.
func (c *Contract) RevokeHandles(ctx contractapi.TransactionContextInterface, issuerID, batch string) (_ *Accumulator, err error) {
	defer coded(&err)
	if _, err := c.issuerForAccumulatorChange(ctx, issuerID); err != nil {
		return nil, err
	}
	bb, err := decodeB64Arg("batch", batch, revocation.BatchRemovalSize(revocation.MaxBatch))
	if err != nil {
		return nil, err
	}
	r, err := revocation.ParseBatchRemoval(bb)
	if err != nil {
		return nil, fmt.Errorf("%w: batch: %v", ErrInvalidArgument, err)
	}
	return recordRemoval(ctx.GetStub(), issuerID, accumulatorStep{
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
// record and the accumulator's new version and value.
func recordRemoval(stub shim.ChaincodeStubInterface, issuerID string, st accumulatorStep) (*Accumulator, error) {
	key, err := compositeKey(stub, accumulatorObject, issuerID)
	if err != nil {
		return nil, err
	}
	var acc Accumulator
	if err := getRecord(stub, key, fmt.Sprintf("accumulator of issuer %q", issuerID), &acc); err != nil {
		return nil, err
	}
	if st.version != uint64(acc.Version)+1 {
		return nil, fmt.Errorf("%w: %s makes version %d, the accumulator is at version %d", ErrInvalidArgument, st.what, st.version, acc.Version)
	}
	pk, err := revocation.ParsePublicKey(acc.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("accumulator of issuer %q: stored key: %w", issuerID, err)
	}
	hkeys, err := checkHandlesNew(stub, issuerID, acc.Version, st)
	if err != nil {
		return nil, err
	}
	if err := st.verify(pk, acc.Value); err != nil {
		return nil, fmt.Errorf("%w: %s is not %s from version %d: %v", ErrInvalidArgument, st.what, st.notRemoval, acc.Version, err)
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	// One message to the peer for all the writes, where the peer supports
	// it (a no-op otherwise): a batch writes one index record per handle.
	stub.StartWriteBatch()
	for _, hk := range hkeys {
		if err := putRecord(stub, hk, fmt.Sprintf("removed handle of issuer %q", issuerID), &removedHandle{Version: int(st.version)}); err != nil {
			return nil, err
		}
	}
	rkey, err := compositeKey(stub, removalObject, issuerID, fmt.Sprintf("%020d", st.version))
	if err != nil {
		return nil, err
	}
	rec := st.record
	rec.Issuer, rec.Version, rec.CreatedAt, rec.TxID = issuerID, int(st.version), now, stub.GetTxID()
	if err := putRecord(stub, rkey, fmt.Sprintf("removal %d of issuer %q", st.version, issuerID), &rec); err != nil {
		return nil, err
	}
	acc.Version, acc.Value, acc.UpdatedAt, acc.TxID = int(st.version), st.value, now, stub.GetTxID()
	if err := putRecord(stub, key, fmt.Sprintf("accumulator of issuer %q", issuerID), &acc); err != nil {
		return nil, err
	}
	if err := stub.FinishWriteBatch(); err != nil {
		return nil, fmt.Errorf("accumulator of issuer %q: writing the records: %w", issuerID, err)
	}
	return &acc, nil
}

// checkHandlesNew reads, in one GetMultipleStates, the index records of
// the handles st removes, and refuses the step (ErrExists) if an earlier
// version removed one of them: the mathematics allows removing a handle
// again, but the new version would revoke no one. An index record is
// believed only if the removal record of the version it names (1 to
// current, written with the owner's endorsement) removes that handle: the
// index key has no key-level policy, so a record written outside this
// contract (by whoever satisfies the chaincode-level policy alone) cannot
// block the owner's revocation; it is overwritten. It returns the index
// keys to write, in record order.
func checkHandlesNew(stub shim.ChaincodeStubInterface, issuerID string, current int, st accumulatorStep) ([]string, error) {
	keys := make([]string, len(st.handles))
	for i, h := range st.handles {
		var err error
		if keys[i], err = compositeKey(stub, handleObject, issuerID, hex.EncodeToString(h)); err != nil {
			return nil, err
		}
	}
	values, err := stub.GetMultipleStates(keys...)
	if err != nil {
		return nil, fmt.Errorf("checking the removed handles: reading the world state: %w", err)
	}
	if len(values) != len(keys) {
		return nil, fmt.Errorf("checking the removed handles: %d values for %d keys", len(values), len(keys))
	}
	for i, v := range values {
		if v == nil {
			continue
		}
		var held removedHandle
		if unmarshalRecord(v, &held) != nil || held.Version < 1 || held.Version > current {
			continue // proves nothing: not one this contract wrote
		}
		rec, err := getAccumulatorRemoval(stub, issuerID, held.Version)
		if errors.Is(err, ErrNotFound) {
			continue
		}
		if err != nil {
			return nil, err
		}
		record := rec.Removal
		if record == nil {
			record = rec.Batch
		}
		if !revocation.RecordRemoves(record, uint64(held.Version), st.handles[i]) {
			continue
		}
		which := "the removal's handle"
		if st.what == "batch" {
			which = fmt.Sprintf("handle %d of the batch", i)
		}
		return nil, fmt.Errorf("%s, handle %s, was already removed at version %d of issuer %q's accumulator; a new version would revoke no one: %w",
			which, hex.EncodeToString(st.handles[i]), held.Version, issuerID, ErrExists)
	}
	return keys, nil
}

// GetAccumulator returns the issuer's accumulator record.
func (c *Contract) GetAccumulator(ctx contractapi.TransactionContextInterface, issuerID string) (_ *Accumulator, err error) {
	defer coded(&err)
	if err := checkIssuerID(issuerID); err != nil {
		return nil, err
	}
	return getAccumulator(ctx.GetStub(), issuerID)
}

// GetAccumulatorRemoval returns the removal record of version (1 or more)
// of the issuer's accumulator: holders apply them in order
// (revocation.Credential.Update).
func (c *Contract) GetAccumulatorRemoval(ctx contractapi.TransactionContextInterface, issuerID string, version int) (_ *AccumulatorRemoval, err error) {
	defer coded(&err)
	if err := checkIssuerID(issuerID); err != nil {
		return nil, err
	}
	if version < 1 {
		return nil, fmt.Errorf("%w: version %d, removals start at version 1", ErrInvalidArgument, version)
	}
	return getAccumulatorRemoval(ctx.GetStub(), issuerID, version)
}
