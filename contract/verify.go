// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

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

// VerifyProof checks a proof (see package request for the request) against
// a key of its issuer, without writing anything. A proof that does not
// verify, whose message count the issuer's settings exclude, whose nonce is
// not bound to the submitter when bindSubmitter is set or the issuer's
// settings require a bound nonce (requireBoundNonce), gives Valid false
// and a Reason; a malformed request, an unknown or revoked issuer or key
// version, or a scheme mismatch is an error. NonceConsumed tells whether
// SubmitProof would refuse the nonce as a replay.
func (c *Contract) VerifyProof(ctx contractapi.TransactionContextInterface, req request.Request) (_ *VerificationResult, err error) {
	defer base.Coded(&err)
	d, _, err := base.RawRequest(ctx)
	if err != nil {
		return nil, err
	}
	v, err := prepareVerification(ctx, d, nil)
	if err != nil {
		return nil, err
	}
	var sub *base.Submitter
	if v.req.BindSubmitter {
		if sub, err = base.SubmitterOf(ctx); err != nil {
			return nil, err
		}
	}
	call, err := c.tracker().Begin(ctx.GetStub(), true, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	consumed, err := v.nonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	uses, err := v.pseudonymUses(ctx.GetStub(), call)
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
func (v *verification) result(nonceConsumed bool, pseudonymUses int) *VerificationResult {
	header, headerHash := recordedHeader(v.req.Header)
	r := &VerificationResult{
		Valid:         v.valid,
		Reason:        v.reason,
		Code:          codeOf(v, nil),
		Issuer:        v.issuer.ID,
		KeyVersion:    v.key.Version,
		Scheme:        v.issuer.Scheme,
		Disclosed:     request.EncodeMessages(v.req.Disclosed),
		MessageCount:  v.messageCount,
		Header:        header,
		HeaderSHA256:  headerHash,
		NonceConsumed: nonceConsumed,
		Pseudonym:     v.req.Pseudonym,
		Context:       v.req.Context,
		PseudonymUses: pseudonymUses,
		Satisfied:     v.satisfied(),
		Unmet:         v.unmet,
		NonRevocation: v.nonRevocationRecord(),
	}
	if v.policy != nil {
		r.Policy, r.PolicyVersion = v.policy.id, v.policy.version
	}
	return r
}

// SubmitProof checks a proof as VerifyProof does and, if it verifies,
// consumes its nonce for the verifying key, stores a Verification under the
// transaction ID and emits the ProofVerified event. It answers a small
// ProofReceipt, also the event's payload; GetVerification returns the full
// record. The nonce must be at least MinSubmitNonceSize bytes, and bound to
// the submitter if the issuer's settings require it. A nonce already used
// with the key, on the ledger or earlier in the same transaction, or a
// proof that does not verify, is an error, and then nothing is written.
// When a chaincode calls SubmitProof or SubmitProofs several times in one
// transaction, each call's records get keys of their own: the first
// recording call's Verification is under the transaction ID, the n-th
// (from 0) under "<txId>/<n>" (see spends.go); the receipt's RecordID names
// it.
func (c *Contract) SubmitProof(ctx contractapi.TransactionContextInterface, req request.Request) (_ *ProofReceipt, err error) {
	defer base.Coded(&err)
	d, raw, err := base.RawRequest(ctx)
	if err != nil {
		return nil, err
	}
	sub, err := base.SubmitterOf(ctx)
	if err != nil {
		return nil, err
	}
	v, err := prepareSubmission(ctx, d, sub, nil)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	call, err := c.tracker().Begin(stub, false, base.DeployedName(ctx))
	if err != nil {
		return nil, err
	}
	used, err := v.nonceConsumed(ctx, call)
	if err != nil {
		return nil, err
	}
	if used != nil {
		return nil, replayError(v, used.TxID)
	}
	uses, err := v.pseudonymUses(stub, call)
	if err != nil {
		return nil, err
	}
	if err := v.checkPseudonymLimit(uses, v.useLimit()); err != nil {
		return nil, err
	}
	if err := v.check(ctx, sub); err != nil {
		return nil, err
	}
	if !v.valid {
		return nil, v.rejection()
	}
	receipt, err := v.record(stub, call, sub, raw, call.RecordID(), uses)
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

// prepareSubmission applies SubmitProof's checks that come before the
// nonce's state and any cryptography: the nonce length, the issuer, key and
// scheme (prepareVerification) and the issuer's requireBoundNonce setting.
// An error means the request is refused. keys may be nil.
func prepareSubmission(ctx contractapi.TransactionContextInterface, d *request.Decoded, sub *base.Submitter, keys *keyCache) (*verification, error) {
	if len(d.Nonce) < MinSubmitNonceSize {
		return nil, fmt.Errorf("%w: nonce is %d bytes; SubmitProof needs at least %d (a short nonce can be consumed in advance by others)",
			request.ErrInvalid, len(d.Nonce), MinSubmitNonceSize)
	}
	v, err := prepareVerification(ctx, d, keys)
	if err != nil {
		return nil, err
	}
	if v.issuer.Settings.RequireBoundNonce && !v.req.BindSubmitter {
		return nil, fmt.Errorf("%w: issuer %q requires a nonce bound to the submitter (bindSubmitter)", request.ErrInvalid, v.issuer.ID)
	}
	return v, nil
}

// replayError is the refusal of a nonce already consumed for the key by
// the verification recorded under recordID.
func replayError(v *verification, recordID string) error {
	return fmt.Errorf("%w: the nonce was already used with key version %d of issuer %q (or the same key elsewhere), by transaction %s; a nonce can be used once per key",
		base.ErrReplay, v.key.Version, v.issuer.ID, recordID)
}

// record consumes the nonce of a valid proof for the verifying key and
// stores its Verification under recordID (callRecordID for SubmitProof,
// BatchRecordID of it for SubmitProofs), noting both spends in call. raw is
// the request argument, hashed into the receipt it returns; uses is the
// number of uses of the request's pseudonym before this one, committed or
// earlier in the transaction (0 without one).
func (v *verification) record(stub shim.ChaincodeStubInterface, call *spends.SpendCall, sub *base.Submitter, raw []byte, recordID string, uses int) (*ProofReceipt, error) {
	now, err := base.TxTime(stub)
	if err != nil {
		return nil, err
	}
	header, headerHash := recordedHeader(v.req.Header)
	rec := &Verification{
		TxID:             stub.GetTxID(),
		Issuer:           v.issuer.ID,
		KeyVersion:       v.key.Version,
		Scheme:           v.issuer.Scheme,
		KeySHA256:        base.HashHex(v.key.PublicKey),
		Disclosed:        request.EncodeMessages(v.req.Disclosed),
		MessageCount:     v.messageCount,
		Header:           header,
		HeaderSHA256:     headerHash,
		Nonce:            v.req.Nonce,
		BoundToSubmitter: v.req.BindSubmitter,
		SubmitterMSPID:   sub.MSPID,
		SubmitterID:      sub.ID,
		Timestamp:        now,
		Pseudonym:        v.req.Pseudonym,
		Context:          v.req.Context,
		NonRevocation:    v.nonRevocationRecord(),
	}
	if v.policy != nil {
		rec.Policy, rec.PolicyVersion, rec.PolicySHA256 = v.policy.id, v.policy.version, v.policy.sha256
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
	}
	if len(rec.Context) > 0 {
		receipt.ContextSHA256 = base.HashHex(rec.Context)
	}
	nk, err := spends.NonceKey(stub, v.key.PublicKey, v.req.Nonce)
	if err != nil {
		return nil, err
	}
	vk, err := verificationKey(stub, recordID)
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

// GetVerification returns the Verification stored under record ID txId:
// the transaction ID of a SubmitProof transaction, BatchRecordID of it for
// an item of a SubmitProofs transaction, and the record IDs of spends.go
// (callRecordID) when a chaincode called SubmitProof or SubmitProofs
// several times in one transaction; the transaction ID then names the first
// call's record.
func (c *Contract) GetVerification(ctx contractapi.TransactionContextInterface, txID string) (_ *Verification, err error) {
	defer base.Coded(&err)
	return getRecordByID[Verification](ctx.GetStub(), records.Verification, "verification", txID)
}

// getRecordByID reads the spend record of kind stored under record ID id
// (a transaction ID, or a record ID of a later call or a batch item); what
// names it in errors. One carrying a key-level policy is refused
// (records.ErrUntrusted).
func getRecordByID[T any](stub shim.ChaincodeStubInterface, kind *records.Kind, what, id string) (*T, error) {
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
