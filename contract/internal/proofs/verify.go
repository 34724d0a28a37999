// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// MinSubmitNonceSize is the shortest nonce SubmitProof accepts, in bytes:
// an empty or short nonce could be guessed and consumed in advance by
// anyone holding any credential of the issuer. VerifyProof accepts any
// nonce.
const MinSubmitNonceSize = 16

// MaxRecordedHeader is the largest IETF header that results and records
// carry in full; a larger one is recorded by its SHA-256 only.
const MaxRecordedHeader = 1024

// VerifyProof is VerifyProof with the spends tracker of the contract.
func VerifyProof(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, req request.Request) (_ *VerificationResult, err error) {
	defer base.Coded(&err)
	d, _, err := base.RawRequest(ctx)
	if err != nil {
		return nil, err
	}
	v, err := PrepareVerification(ctx, d, nil)
	if err != nil {
		return nil, err
	}
	var sub *base.Submitter
	if v.Req.BindSubmitter {
		if sub, err = base.SubmitterOf(ctx); err != nil {
			return nil, err
		}
	}
	call, err := tracker.Begin(ctx.GetStub(), true, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	consumed, err := v.NonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	uses, err := v.PseudonymUses(ctx.GetStub(), call)
	if err != nil {
		return nil, err
	}
	if err := v.check(ctx, sub); err != nil {
		return nil, err
	}
	return v.result(consumed != nil, uses), nil
}

// result is VerifyProof's answer once the proof is checked; pseudonymUses
// is the number of uses of the request's pseudonym, committed or earlier in
// the transaction (0 without one).
func (v *Check) result(nonceConsumed bool, pseudonymUses int) *VerificationResult {
	header, headerHash := recordedHeader(v.Req.Header)
	r := &VerificationResult{
		Valid:         v.Valid,
		Reason:        v.Reason,
		Code:          CodeOf(v, nil),
		Issuer:        v.Issuer.ID,
		KeyVersion:    v.Key.Version,
		Scheme:        v.Issuer.Scheme,
		Disclosed:     request.EncodeMessages(v.Req.Disclosed),
		MessageCount:  v.MessageCount,
		Header:        header,
		HeaderSHA256:  headerHash,
		NonceConsumed: nonceConsumed,
		Pseudonym:     v.Req.Pseudonym,
		Context:       v.Req.Context,
		PseudonymUses: pseudonymUses,
		Satisfied:     v.Satisfied(),
		Unmet:         v.Unmet,
		NonRevocation: v.nonRevocationRecord(),
		Predicates:    v.provenPredicates(),
	}
	if v.Policy != nil {
		r.Policy, r.PolicyVersion = v.Policy.ID, v.Policy.Version
	}
	return r
}

// SubmitProof is SubmitProof with the spends tracker of the contract.
func SubmitProof(ctx contractapi.TransactionContextInterface, tracker *spends.SpendTracker, req request.Request) (_ *ProofReceipt, err error) {
	defer base.Coded(&err)
	d, raw, err := base.RawRequest(ctx)
	if err != nil {
		return nil, err
	}
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	v, err := PrepareSubmission(ctx, d, sub, nil)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	call, err := tracker.Begin(stub, false, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	used, err := v.NonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	if used != nil {
		return nil, ReplayError(v, used.TxID)
	}
	uses, err := v.PseudonymUses(stub, call)
	if err != nil {
		return nil, err
	}
	if err := v.CheckPseudonymLimit(uses, v.useLimit()); err != nil {
		return nil, err
	}
	if err := v.check(ctx, sub); err != nil {
		return nil, err
	}
	if !v.Valid {
		return nil, v.Rejection()
	}
	receipt, err := v.Record(stub, call, sub, raw, call.RecordID(), uses)
	if err != nil {
		return nil, err
	}
	if err := base.EmitJSON(stub, EventProofVerified, receipt); err != nil {
		return nil, err
	}
	if err := call.Commit(); err != nil {
		return nil, err
	}
	return receipt, nil
}

// PrepareSubmission applies SubmitProof's checks that come before the
// nonce's state and any cryptography: the nonce length, the issuer, key and
// scheme (prepareVerification) and the issuer's requireBoundNonce setting.
// An error means the request is refused. keys may be nil.
func PrepareSubmission(ctx contractapi.TransactionContextInterface, d *request.Decoded, sub *base.Submitter, keys *KeyCache) (*Check, error) {
	if len(d.Nonce) < MinSubmitNonceSize {
		return nil, fmt.Errorf("%w: nonce is %d bytes; SubmitProof needs at least %d (a short nonce can be consumed in advance by others)",
			request.ErrInvalid, len(d.Nonce), MinSubmitNonceSize)
	}
	v, err := PrepareVerification(ctx, d, keys)
	if err != nil {
		return nil, err
	}
	if v.Issuer.Settings.RequireBoundNonce && !v.Req.BindSubmitter {
		return nil, fmt.Errorf("%w: issuer %q requires a nonce bound to the submitter (bindSubmitter)", request.ErrInvalid, v.Issuer.ID)
	}
	return v, nil
}

// ReplayError is the refusal of a nonce already consumed for the key by
// the verification recorded under recordID.
func ReplayError(v *Check, recordID string) error {
	return fmt.Errorf("%w: the nonce was already used with key version %d of issuer %q (or the same key elsewhere), by transaction %s; a nonce can be used once per key",
		base.ErrReplay, v.Key.Version, v.Issuer.ID, recordID)
}

// Record consumes the nonce of a valid proof for the verifying key and
// stores its Verification under recordID (callRecordID for SubmitProof,
// BatchRecordID of it for SubmitProofs), noting both spends in call. raw is
// the request argument, hashed into the receipt it returns; uses is the
// number of uses of the request's pseudonym before this one, committed or
// earlier in the transaction (0 without one).
func (v *Check) Record(stub shim.ChaincodeStubInterface, call *spends.SpendCall, sub *base.Submitter, raw []byte, recordID string, uses int) (*ProofReceipt, error) {
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	header, headerHash := recordedHeader(v.Req.Header)
	rec := &Verification{
		TxID:             stub.GetTxID(),
		Issuer:           v.Issuer.ID,
		KeyVersion:       v.Key.Version,
		Scheme:           v.Issuer.Scheme,
		KeySHA256:        base.HashHex(v.Key.PublicKey),
		Disclosed:        request.EncodeMessages(v.Req.Disclosed),
		MessageCount:     v.MessageCount,
		Header:           header,
		HeaderSHA256:     headerHash,
		Nonce:            v.Req.Nonce,
		BoundToSubmitter: v.Req.BindSubmitter,
		SubmitterMSPID:   sub.MSPID,
		SubmitterID:      sub.ID,
		Timestamp:        now,
		Pseudonym:        v.Req.Pseudonym,
		Context:          v.Req.Context,
		NonRevocation:    v.nonRevocationRecord(),
		Predicates:       v.provenPredicates(),
	}
	if v.Policy != nil {
		rec.Policy, rec.PolicyVersion, rec.PolicySHA256 = v.Policy.ID, v.Policy.Version, v.Policy.SHA256
	}
	if call.Later() {
		rec.RecordID = recordID
	}
	if err := v.recordPseudonymUse(stub, call, uses, rec, recordID); err != nil {
		return nil, err
	}
	receipt := &ProofReceipt{
		TxID:             rec.TxID,
		RecordID:         rec.RecordID,
		Valid:            true,
		Issuer:           rec.Issuer,
		KeyVersion:       rec.KeyVersion,
		Scheme:           rec.Scheme,
		MessageCount:     rec.MessageCount,
		BoundToSubmitter: rec.BoundToSubmitter,
		NonceSHA256:      base.HashHex(rec.Nonce),
		HeaderSHA256:     headerHash,
		RequestSHA256:    base.HashHex(raw),
		Pseudonym:        rec.Pseudonym,
		Context:          receiptContext(rec.Context),
		PseudonymUse:     rec.PseudonymUse,
		Policy:           rec.Policy,
		PolicyVersion:    rec.PolicyVersion,
		NonRevocation:    rec.NonRevocation,
		Predicates:       rec.Predicates,
	}
	if len(rec.Context) > 0 {
		receipt.ContextSHA256 = base.HashHex(rec.Context)
	}
	nk, err := spends.NonceKey(stub, v.Key.PublicKey, v.Req.Nonce)
	if err != nil {
		return nil, err
	}
	vk, err := VerificationKey(stub, recordID)
	if err != nil {
		return nil, err
	}
	if err := records.PutJSON(records.Nonce, stub, nk, "", spends.NonceRecord{TxID: recordID}); err != nil {
		return nil, fmt.Errorf("consuming the nonce: %w", err)
	}
	if err := records.PutJSON(records.Verification, stub, vk, "", rec); err != nil {
		return nil, fmt.Errorf("storing the verification: %w", err)
	}
	call.Spend(nk, recordID)
	return receipt, nil
}

// GetVerification is the GetVerification transaction (see Contract.GetVerification).
func GetVerification(ctx contractapi.TransactionContextInterface, txID string) (_ *Verification, err error) {
	defer base.Coded(&err)
	return GetRecordByID[Verification](ctx.GetStub(), records.Verification, "verification", txID)
}

// GetRecordByID reads the spend record of kind stored under record ID id
// (a transaction ID, or a record ID of a later call or a batch item); what
// names it in errors. One carrying a key-level policy is refused
// (records.ErrUntrusted).
func GetRecordByID[T any](stub shim.ChaincodeStubInterface, kind *records.Kind, what, id string) (*T, error) {
	if id == "" || len(id) > base.MaxTxIDLength {
		return nil, fmt.Errorf("%w: transaction ID must be 1 to %d bytes", base.ErrInvalidArgument, base.MaxTxIDLength)
	}
	key, err := base.CompositeKey(stub, kind.ObjectType, id)
	if err != nil {
		return nil, err
	}
	var rec T
	found, err := records.GetJSON(kind, stub, key, "", &rec)
	if err != nil {
		return nil, fmt.Errorf("%s of transaction %s: %w", what, request.Excerpt(id), err)
	}
	if !found {
		return nil, fmt.Errorf("%s of transaction %s: %w", what, request.Excerpt(id), base.ErrNotFound)
	}
	return &rec, nil
}

// recordedHeader returns what a record shows of an IETF header: the header
// itself when it is at most MaxRecordedHeader bytes, and its SHA-256
// whenever it is not empty.
func recordedHeader(h []byte) ([]byte, string) {
	if len(h) == 0 {
		return nil, ""
	}
	if len(h) > MaxRecordedHeader {
		return nil, base.HashHex(h)
	}
	return h, base.HashHex(h)
}

// EventProofVerified is the chaincode event SubmitProof emits, with its
// ProofReceipt as JSON payload.
const EventProofVerified = "ProofVerified"

// CodeOf is the code of a result that is not valid, for the code field of
// the results (VerificationResult, BatchResult, CredentialResult): the
// code of err (a refusal) if not nil, else of the error SubmitProof or
// SubmitCredential would fail with, v.rejection(); "" for a valid result.
func CodeOf(v *Check, err error) string {
	switch {
	case err != nil:
		return base.ErrorCode(err)
	case v == nil || v.Valid:
		return ""
	}
	return base.ErrorCode(v.Rejection())
}

// VerificationObjectType is the object type of stored Verifications:
// [tx ID] -> Verification.
const VerificationObjectType = "bbs.verification"

// VerificationKey is the key of the Verification stored under txID.
func VerificationKey(stub shim.ChaincodeStubInterface, txID string) (string, error) {
	return records.Verification.Key(stub, txID)
}
