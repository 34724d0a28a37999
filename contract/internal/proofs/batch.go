// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// MaxBatchRequests is the largest number of requests VerifyProofs and
// SubmitProofs take in one call. The whole argument is bounded by
// MaxArgSize, as every transaction argument is, and each request by the
// limits of package request.
const MaxBatchRequests = 64

// EventProofsVerified is the chaincode event SubmitProofs emits, with a
// BatchSummary as JSON payload.
const EventProofsVerified = "ProofsVerified"

// BatchRecordID is the key under which SubmitProofs stores the
// Verification of the item at index (from 0) of its request array, in
// transaction txID: "<txID>#<index>". GetVerification reads it, and the
// nonce record of the item names it. Fabric transaction IDs are hex, so it
// never equals the ID of a SubmitProof transaction. When a chaincode calls
// SubmitProof or SubmitProofs several times in one transaction, txID is the
// call's record ID instead ("<txID>/<n>" for the n-th recording call from
// 0, see spends.go), as in "<txID>/1#0".
func BatchRecordID(txID string, index int) string {
	return txID + "#" + strconv.Itoa(index)
}

// VerifyProofs is VerifyProofs with the spends tracker of the contract.
func VerifyProofs(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, requests string) (_ *BatchResults, err error) {
	defer base.Coded(&err)
	return runBatch(ctx, tracker, false)
}

// SubmitProofs is SubmitProofs with the spends tracker of the contract.
func SubmitProofs(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, requests string) (_ *BatchResults, err error) {
	defer base.Coded(&err)
	return runBatch(ctx, tracker, true)
}

// batchEntry is one request of a batch in progress.
type batchEntry struct {
	raw  []byte
	v    *Check
	item *bbs.BatchItem // to verify; nil once the entry is decided
	err  error          // the refusal, as the one-by-one transaction's error
	used bool           // VerifyProofs: the nonce is consumed on the ledger
}

// runBatch is VerifyProofs (submit false) and SubmitProofs (submit true).
func runBatch(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, submit bool) (*BatchResults, error) {
	stub := ctx.GetStub()
	args := stub.GetArgs()
	if len(args) != 2 {
		return nil, fmt.Errorf("%w: want exactly one argument, the JSON array of requests, got %d", request.ErrInvalid, len(args)-1)
	}
	raws, err := SplitBatch(args[1])
	if err != nil {
		return nil, err
	}
	entries := make([]batchEntry, len(raws))
	decoded := make([]*request.Decoded, len(raws))
	needSubmitter := submit
	for i, raw := range raws {
		entries[i].raw = raw
		decoded[i], entries[i].err = base.DecodeRequest(raw)
		if decoded[i] != nil && decoded[i].BindSubmitter {
			needSubmitter = true
		}
	}
	var sub *base.Submitter
	if needSubmitter {
		if sub, err = base.SubmitterOf(ctx); err != nil {
			return nil, err
		}
	}
	results := make([]BatchResult, len(entries))
	keys := &KeyCache{}
	for i := range entries {
		e := &entries[i]
		results[i].Index = i
		if e.err != nil {
			continue
		}
		if submit {
			e.v, e.err = PrepareSubmission(ctx, decoded[i], sub, keys)
		} else {
			e.v, e.err = PrepareVerification(ctx, decoded[i], keys)
		}
		if e.err == nil {
			e.err = batchable(e.v)
		}
	}
	call, err := tracker.Begin(stub, !submit, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	if err := readNonces(stub, call, entries, submit); err != nil {
		return nil, err
	}
	for i := range entries {
		e := &entries[i]
		if e.err != nil {
			continue
		}
		bindSub := sub
		if !e.v.Req.BindSubmitter {
			bindSub = nil
		}
		e.item, e.err = e.v.Precheck(ctx, bindSub)
	}
	if err := verifyEntries(entries); err != nil {
		return nil, err
	}
	out := &BatchResults{TxID: stub.GetTxID(), Count: len(entries), Results: results}
	prefix := call.RecordID() // the record IDs' prefix: this call's (spends.go)
	if submit {
		// One message to the peer for all the records' writes, where the
		// peer supports it (a no-op otherwise).
		stub.StartWriteBatch()
	}
	for i := range entries {
		e, r := &entries[i], &results[i]
		if e.err == nil && submit && !e.v.Valid {
			e.err = e.v.Rejection()
		}
		// A later request with the nonce of an earlier valid one is a
		// replay: GetState does not see this transaction's own writes,
		// call does (record notes each nonce it consumes).
		if e.err == nil && submit {
			nk, err := spends.NonceKey(stub, e.v.Key.PublicKey, e.v.Req.Nonce)
			if err != nil {
				return nil, err
			}
			if by, ok := call.SpentBy(nk); ok {
				e.err = ReplayError(e.v, by)
			}
		}
		if e.err != nil {
			r.Refused, r.Reason, r.Code = true, e.err.Error(), base.ErrorCode(e.err)
			continue
		}
		r.Valid, r.Reason, r.Code = e.v.Valid, e.v.Reason, CodeOf(e.v, nil)
		if !submit {
			r.Verification = e.v.result(e.used, 0) // batches refuse pseudonym schemes
			if r.Valid {
				out.ValidCount++
			}
			continue
		}
		r.RecordID = BatchRecordID(prefix, i)
		if r.Receipt, err = e.v.Record(stub, call, sub, e.raw, r.RecordID, 0); err != nil {
			return nil, fmt.Errorf("request %d: %w", i, err)
		}
		out.ValidCount++
		out.RecordIDs = append(out.RecordIDs, r.RecordID)
	}
	if submit {
		if err := stub.FinishWriteBatch(); err != nil {
			return nil, fmt.Errorf("writing the records: %w", err)
		}
		if err := emitBatchSummary(ctx, out); err != nil {
			return nil, err
		}
		if err := call.Commit(); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// SplitBatch splits the batch argument, a JSON array, into its elements,
// refusing more than MaxBatchRequests before reading further.
func SplitBatch(arg []byte) ([]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(arg))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('[') {
		return nil, fmt.Errorf("%w: the argument must be a JSON array of requests", request.ErrInvalid)
	}
	var raws []json.RawMessage
	for dec.More() {
		if len(raws) == MaxBatchRequests {
			return nil, fmt.Errorf("%w: more than %d requests in one call", request.ErrInvalid, MaxBatchRequests)
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, fmt.Errorf("%w: request %d of the array: %v", request.ErrInvalid, len(raws), err)
		}
		raws = append(raws, raw)
	}
	if _, err := dec.Token(); err != nil {
		return nil, fmt.Errorf("%w: the argument must be a JSON array of requests: %v", request.ErrInvalid, err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, fmt.Errorf("%w: data after the JSON array of requests", request.ErrInvalid)
	}
	if len(raws) == 0 {
		return nil, fmt.Errorf("%w: the array of requests is empty", request.ErrInvalid)
	}
	return raws, nil
}

// verifyEntries verifies, one bbs.VerifyProofs batch per scheme (in order
// of first appearance), the entries that reached the cryptography, and
// concludes each.
func verifyEntries(entries []batchEntry) error {
	var order []bbs.Scheme
	groups := map[string][]int{}
	for i := range entries {
		e := &entries[i]
		if e.err != nil || e.item == nil {
			continue
		}
		if e.v.nonRev != nil || e.v.unbatched() {
			// Not batched: a presentation with non-revocation folds its
			// pairing product with the membership proof's
			// (nonrevocation.go); an issuer's integer positions or the
			// request's predicates change what the BBS proof is verified
			// against.
			e.err = e.v.Conclude(e.v.VerifyProof(e.item.Proof, e.item.Disclosed))
			e.item = nil
			continue
		}
		name := e.v.Scheme.Name()
		if _, ok := groups[name]; !ok {
			order = append(order, e.v.Scheme)
		}
		groups[name] = append(groups[name], i)
	}
	for _, s := range order {
		idx := groups[s.Name()]
		items := make([]bbs.BatchItem, len(idx))
		for j, i := range idx {
			items[j] = *entries[i].item
		}
		verdicts := bbs.VerifyProofs(s, items)
		if len(verdicts) != len(items) {
			return fmt.Errorf("verifying a batch of %d %s proofs: %d verdicts", len(items), s.Name(), len(verdicts))
		}
		for j, i := range idx {
			e := &entries[i]
			e.err = e.v.Conclude(verdicts[j])
			e.item = nil
		}
	}
	return nil
}

// emitBatchSummary emits the ProofsVerified event of a SubmitProofs
// transaction.
func emitBatchSummary(ctx contractapi.TransactionContextInterface, out *BatchResults) error {
	return base.EmitJSON(ctx.GetStub(), EventProofsVerified, BatchSummary{TxID: out.TxID, Count: out.Count, ValidCount: out.ValidCount, RecordIDs: out.RecordIDs})
}

// readNonces reads, in one GetMultipleStates, the nonce keys of the entries
// still standing, and then makes each a replay (submit) or notes whether
// its nonce is consumed (VerifyProofs): the check nonceConsumed makes for a
// single request, with the same reads, on the ledger and earlier in the
// transaction (call).
func readNonces(stub shim.ChaincodeStubInterface, call *spends.SpendCall, entries []batchEntry, submit bool) error {
	var keys []string
	var idx []int
	for i := range entries {
		e := &entries[i]
		if e.err != nil {
			continue
		}
		nk, err := spends.NonceKey(stub, e.v.Key.PublicKey, e.v.Req.Nonce)
		if err != nil {
			return err
		}
		keys, idx = append(keys, nk), append(idx, i)
	}
	if len(keys) == 0 {
		return nil
	}
	values, err := stub.GetMultipleStates(keys...)
	if err != nil {
		return fmt.Errorf("checking the nonces: reading the world state: %w", err)
	}
	if len(values) != len(keys) {
		return fmt.Errorf("checking the nonces: %d values for %d keys", len(values), len(keys))
	}
	for j, i := range idx {
		var used spends.NonceRecord
		if values[j] == nil {
			id, ok := call.SpentBy(keys[j])
			if !ok {
				continue
			}
			used.TxID = id
		} else {
			// Only a stored nonce has its key-level policy read: one
			// written around the contract refuses the request.
			switch err := records.Nonce.Believe(stub, keys[j], ""); {
			case base.IsUntrusted(err):
				entries[i].err = fmt.Errorf("checking the nonce: %w", err)
				continue
			case err != nil:
				return fmt.Errorf("checking the nonces: %w", err)
			}
			if err := base.UnmarshalRecord(values[j], &used); err != nil {
				return fmt.Errorf("checking the nonces: %w", err)
			}
		}
		if submit {
			entries[i].err = ReplayError(entries[i].v, used.TxID)
		} else {
			entries[i].used = true
		}
	}
	return nil
}

// batchable refuses a request that a batch cannot verify as the
// one-request transaction does: a pseudonym scheme's proof is verified
// with its pseudonym and records a pseudonym use, which bbs.VerifyProofs
// and the batch's records do not do.
func batchable(v *Check) error {
	if _, ok := v.Scheme.(bbs.PseudonymScheme); ok {
		return fmt.Errorf("%w: issuer %q uses the pseudonym scheme %s, whose proofs are not batched: submit them one by one (VerifyProof, SubmitProof)",
			request.ErrInvalid, v.Issuer.ID, v.Scheme.Name())
	}
	return nil
}
