// SPDX-License-Identifier: Apache-2.0

package credentials

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// MaxCredentialBatch is the largest number of credential requests
// SubmitCredentials takes in one call. The whole argument is bounded by
// MaxArgSize (1 MiB), as every transaction argument is, and each request
// by MaxCredentialRequestSize and the credential limits of package vc.
const MaxCredentialBatch = 16

// EventCredentialsVerified is the chaincode event SubmitCredentials emits,
// with a BatchSummary as JSON payload.
const EventCredentialsVerified = "CredentialsVerified"

// CredentialBatchResults is the answer of SubmitCredentials.
type CredentialBatchResults struct {
	// TxID is the transaction's ID.
	TxID string `json:"txId"`
	// Count is the number of requests in the array.
	Count int `json:"count"`
	// ValidCount is the number of credentials recorded.
	ValidCount int `json:"validCount"`
	// RecordIDs are the keys of the records stored, in input order;
	// absent when none was stored.
	RecordIDs []string `json:"recordIds,omitempty" metadata:",optional"`
	// Results has one entry per request, in input order.
	Results []CredentialBatchResult `json:"results"`
}

// CredentialBatchResult is the outcome of one request of
// SubmitCredentials.
type CredentialBatchResult struct {
	// Index is the request's position in the array, from 0.
	Index int `json:"index"`
	// Valid reports whether the credential was verified and recorded.
	Valid bool `json:"valid"`
	// Refused reports that SubmitCredential would have failed for this
	// request, with Reason as its error: every request not recorded is
	// refused.
	Refused bool `json:"refused,omitempty" metadata:",optional"`
	// Reason is that error's message.
	Reason string `json:"reason,omitempty" metadata:",optional"`
	// Code is the stable code (package codes) of that error: Code + ": " +
	// Reason is SubmitCredential's error message.
	Code string `json:"code,omitempty" metadata:",optional"`
	// RecordID is the key of the stored Verification and
	// CredentialVerification (valid requests only): BatchRecordID(txId,
	// index).
	RecordID string `json:"recordId,omitempty" metadata:",optional"`
	// Receipt is what SubmitCredential would answer (valid requests only).
	Receipt *CredentialReceipt `json:"receipt,omitempty" metadata:",optional"`
}

// credentialEntry is one request of a credential batch in progress.
type credentialEntry struct {
	cc   *credentialCheck
	item *bbs.BatchItem // to verify; nil once decided
	err  error          // the refusal, as SubmitCredential's error
}

// SubmitCredentials is SubmitCredentials with the spends tracker of the contract.
func SubmitCredentials(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, requests string) (_ *CredentialBatchResults, err error) {
	defer base.Coded(&err)
	stub := ctx.GetStub()
	args := stub.GetArgs()
	if len(args) != 2 {
		return nil, fmt.Errorf("%w: want exactly one argument, the JSON array of credential requests, got %d", request.ErrInvalid, len(args)-1)
	}
	raws, err := proofs.SplitBatch(args[1])
	if err != nil {
		return nil, err
	}
	if len(raws) > MaxCredentialBatch {
		return nil, fmt.Errorf("%w: %d credential requests in one call, more than %d", request.ErrInvalid, len(raws), MaxCredentialBatch)
	}
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	entries := make([]credentialEntry, len(raws))
	keys := &proofs.KeyCache{}
	for i, raw := range raws {
		entries[i].cc, entries[i].err = prepareCredentialArg(ctx, raw, true, sub, keys)
	}
	call, err := tracker.Begin(stub, false, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	for i := range entries {
		e := &entries[i]
		if e.err != nil {
			continue
		}
		used, err := e.cc.Proof.NonceConsumed(ctx, call)
		if base.IsUntrusted(err) {
			// A nonce record written around the contract refuses this
			// request only, as in SubmitProofs.
			e.err = err
			continue
		}
		if err != nil {
			return nil, err
		}
		if used != nil {
			e.err = proofs.ReplayError(e.cc.Proof, used.TxID)
			continue
		}
		if e.err = e.cc.checkUses(stub, call); e.err != nil {
			continue
		}
		e.item, e.err = e.cc.prepare(ctx, sub)
	}
	if err := verifyCredentialEntries(entries); err != nil {
		return nil, err
	}
	results := make([]CredentialBatchResult, len(entries))
	out := &CredentialBatchResults{TxID: stub.GetTxID(), Count: len(entries), Results: results}
	prefix := call.RecordID()
	stub.StartWriteBatch()
	for i := range entries {
		e, r := &entries[i], &results[i]
		r.Index = i
		if e.err == nil && !e.cc.Proof.Valid {
			e.err = e.cc.Proof.Rejection()
		}
		// A later request with the presentation header of an earlier
		// valid one is a replay: call sees this transaction's spends.
		if e.err == nil {
			nk, err := spends.NonceKey(stub, e.cc.Proof.Key.PublicKey, e.cc.Proof.Req.Nonce)
			if err != nil {
				return nil, err
			}
			if by, ok := call.SpentBy(nk); ok {
				e.err = proofs.ReplayError(e.cc.Proof, by)
			}
		}
		// An earlier request of the array may have used the pseudonym.
		if e.err == nil {
			e.err = e.cc.checkUses(stub, call)
		}
		if e.err != nil {
			r.Refused, r.Reason, r.Code = true, e.err.Error(), base.ErrorCode(e.err)
			continue
		}
		r.RecordID = proofs.BatchRecordID(prefix, i)
		if r.Receipt, err = e.cc.store(stub, call, sub, r.RecordID); err != nil {
			return nil, fmt.Errorf("request %d: %w", i, err)
		}
		r.Valid = true
		out.ValidCount++
		out.RecordIDs = append(out.RecordIDs, r.RecordID)
	}
	if err := stub.FinishWriteBatch(); err != nil {
		return nil, fmt.Errorf("writing the records: %w", err)
	}
	if err := base.EmitJSON(stub, EventCredentialsVerified, proofs.BatchSummary{TxID: out.TxID, Count: out.Count, ValidCount: out.ValidCount, RecordIDs: out.RecordIDs}); err != nil {
		return nil, err
	}
	if err := call.Commit(); err != nil {
		return nil, err
	}
	return out, nil
}

// verifyCredentialEntries verifies the BBS proofs of the entries that
// reached the cryptography: one bbs.VerifyProofs batch per scheme
// (bbs-2023 and BbsBlsSignatureProof2020, in the order each scheme first
// appears), each pseudonym proof alone (VerifyProofs has no pseudonyms),
// and concludes each.
func verifyCredentialEntries(entries []credentialEntry) error {
	var schemes []string
	groups := map[string][]int{}
	for i := range entries {
		e := &entries[i]
		if e.err != nil || e.item == nil {
			continue
		}
		if !e.cc.batchable() {
			e.err = e.cc.conclude(e.cc.proofVerify())
			e.item = nil
			continue
		}
		name := e.cc.Proof.Scheme.Name()
		if _, ok := groups[name]; !ok {
			schemes = append(schemes, name)
		}
		groups[name] = append(groups[name], i)
	}
	for _, name := range schemes {
		idx := groups[name]
		items := make([]bbs.BatchItem, len(idx))
		for j, i := range idx {
			items[j] = *entries[i].item
		}
		verdicts := bbs.VerifyProofs(entries[idx[0]].cc.Proof.Scheme, items)
		if len(verdicts) != len(items) {
			return fmt.Errorf("verifying a batch of %d credential proofs: %d verdicts", len(items), len(verdicts))
		}
		for j, i := range idx {
			e := &entries[i]
			e.err = e.cc.conclude(verdicts[j])
			e.item = nil
		}
	}
	return nil
}
