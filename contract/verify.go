package contract

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// VerifyProof checks a proof (see package request for the request) against
// a key of its issuer, without writing anything. A proof that does not
// verify, or whose nonce is not bound to the submitter when bindSubmitter is
// set, gives Valid false and a Reason; a malformed request, an unknown or
// revoked issuer or key version, or a scheme mismatch is an error.
func (c *Contract) VerifyProof(ctx contractapi.TransactionContextInterface, req request.Request) (*VerificationResult, error) {
	v, err := prepareVerification(ctx, &req)
	if err != nil {
		return nil, err
	}
	var sub *submitter
	if v.req.BindSubmitter {
		if sub, err = submitterOf(ctx); err != nil {
			return nil, err
		}
	}
	if err := v.check(ctx, sub); err != nil {
		return nil, err
	}
	return &VerificationResult{
		Valid:      v.valid,
		Reason:     v.reason,
		Issuer:     v.issuer.ID,
		KeyVersion: v.key.Version,
		Scheme:     v.issuer.Scheme,
		Disclosed:  request.EncodeMessages(v.req.Disclosed),
	}, nil
}

// SubmitProof checks a proof as VerifyProof does and, if it verifies,
// consumes its nonce for the issuer, stores a Verification under the
// transaction ID and emits it as the ProofVerified event. A nonce already
// used with the issuer, or a proof that does not verify, is an error, and
// then nothing is written.
func (c *Contract) SubmitProof(ctx contractapi.TransactionContextInterface, req request.Request) (*Verification, error) {
	v, err := prepareVerification(ctx, &req)
	if err != nil {
		return nil, err
	}
	sub, err := submitterOf(ctx)
	if err != nil {
		return nil, err
	}
	stub := ctx.GetStub()
	nk, err := nonceKey(stub, v.issuer.ID, v.req.Nonce)
	if err != nil {
		return nil, err
	}
	var used nonceRecord
	found, err := getJSON(stub, nk, &used)
	if err != nil {
		return nil, fmt.Errorf("checking the nonce: %w", err)
	}
	if found {
		return nil, fmt.Errorf("%w: the nonce was already used with issuer %q, by transaction %s; a nonce can be used once per issuer",
			ErrReplay, v.issuer.ID, used.TxID)
	}
	if err := v.check(ctx, sub); err != nil {
		return nil, err
	}
	if !v.valid {
		return nil, fmt.Errorf("%w: %s", ErrProofRejected, v.reason)
	}
	now, err := txTime(stub)
	if err != nil {
		return nil, err
	}
	rec := &Verification{
		TxID:             stub.GetTxID(),
		Issuer:           v.issuer.ID,
		KeyVersion:       v.key.Version,
		Scheme:           v.issuer.Scheme,
		Disclosed:        request.EncodeMessages(v.req.Disclosed),
		Nonce:            v.req.Nonce,
		BoundToSubmitter: v.req.BindSubmitter,
		SubmitterMSPID:   sub.mspID,
		SubmitterID:      sub.id,
		Timestamp:        now,
	}
	vk, err := verificationKey(stub, rec.TxID)
	if err != nil {
		return nil, err
	}
	if err := putJSON(stub, nk, nonceRecord{TxID: rec.TxID}); err != nil {
		return nil, fmt.Errorf("consuming the nonce: %w", err)
	}
	if err := putJSON(stub, vk, rec); err != nil {
		return nil, fmt.Errorf("storing the verification: %w", err)
	}
	payload, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("encoding the %s event: %w", EventProofVerified, err)
	}
	if err := stub.SetEvent(EventProofVerified, payload); err != nil {
		return nil, fmt.Errorf("emitting the %s event: %w", EventProofVerified, err)
	}
	return rec, nil
}

// GetVerification returns the Verification that SubmitProof stored in
// transaction txId.
func (c *Contract) GetVerification(ctx contractapi.TransactionContextInterface, txID string) (*Verification, error) {
	if txID == "" || len(txID) > MaxTxIDLength {
		return nil, fmt.Errorf("%w: transaction ID must be 1 to %d bytes", ErrInvalidArgument, MaxTxIDLength)
	}
	stub := ctx.GetStub()
	key, err := verificationKey(stub, txID)
	if err != nil {
		return nil, err
	}
	var rec Verification
	found, err := getJSON(stub, key, &rec)
	if err != nil {
		return nil, fmt.Errorf("verification of transaction %s: %w", txID, err)
	}
	if !found {
		return nil, fmt.Errorf("verification of transaction %s: %w", txID, ErrNotFound)
	}
	return &rec, nil
}

// verification is one proof check in progress.
type verification struct {
	req    *request.Decoded
	issuer *Issuer
	key    *IssuerKey
	scheme bbs.Scheme
	pk     *bbs.PublicKey
	valid  bool
	reason string // why not valid
}

// prepareVerification validates the request and finds the issuer, key and
// scheme it names. Every limit of the request is checked here, before any
// cryptography.
func prepareVerification(ctx contractapi.TransactionContextInterface, req *request.Request) (*verification, error) {
	d, err := req.Decode()
	if err != nil {
		return nil, err
	}
	is, err := getIssuer(ctx.GetStub(), d.Issuer)
	if err != nil {
		return nil, err
	}
	if is.Revoked {
		return nil, fmt.Errorf("issuer %q is %w", is.ID, ErrRevoked)
	}
	if d.Scheme != "" && d.Scheme != is.Scheme {
		return nil, fmt.Errorf("%w: scheme %q does not match scheme %q of issuer %q", request.ErrInvalid, d.Scheme, is.Scheme, is.ID)
	}
	version := d.KeyVersion
	if version == 0 {
		version = is.CurrentVersion
	}
	k := is.key(version)
	if k == nil {
		return nil, fmt.Errorf("issuer %q has no key version %d (it has versions 1 to %d): %w", is.ID, version, len(is.Keys), ErrNotFound)
	}
	if k.Revoked {
		return nil, fmt.Errorf("key version %d of issuer %q is %w", version, is.ID, ErrRevoked)
	}
	s, err := bbs.SchemeByName(is.Scheme)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: %w", is.ID, err)
	}
	pk, err := s.ParsePublicKey(k.PublicKey)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: stored key version %d: %w", is.ID, version, err)
	}
	return &verification{req: d, issuer: is, key: k, scheme: s, pk: pk}, nil
}

// check decides whether the proof is valid, setting valid or reason. sub is
// the submitter; it is only used, and must only be non-nil, when the
// request binds the nonce to the submitter. An error means the request is
// unacceptable rather than the proof invalid.
func (v *verification) check(ctx contractapi.TransactionContextInterface, sub *submitter) error {
	if v.req.BindSubmitter {
		channel := ctx.GetStub().GetChannelID()
		want := request.BoundNonce(channel, sub.mspID, sub.id, v.req.Salt)
		if !bytes.Equal(v.req.Nonce, want) {
			v.reason = fmt.Sprintf("the nonce is not bound to the submitter: it is not the bound nonce of channel %q, MSP %s, the submitter's client identity ID and the salt", channel, sub.mspID)
			return nil
		}
	}
	proof, err := v.scheme.ParseProof(v.req.Proof)
	if err != nil {
		if errors.Is(err, bbs.ErrMalformedProof) {
			v.reason = fmt.Sprintf("the proof is not a well-formed %s proof: %v", v.scheme.Name(), err)
			return nil
		}
		return fmt.Errorf("%w: proof: %v", request.ErrInvalid, err)
	}
	disclosed := make([]bbs.DisclosedMessage, len(v.req.Disclosed))
	for i, m := range v.req.Disclosed {
		disclosed[i] = bbs.DisclosedMessage{Index: m.Index, Message: m.Message}
	}
	err = v.scheme.VerifyProof(v.pk, proof, v.req.Header, v.req.Nonce, disclosed)
	switch {
	case err == nil:
		v.valid = true
	case errors.Is(err, bbs.ErrInvalidProof):
		v.reason = fmt.Sprintf("the proof does not verify under key version %d of issuer %q for this nonce, header and disclosed messages (%v)",
			v.key.Version, v.issuer.ID, err)
	case errors.Is(err, bbs.ErrMalformedProof):
		v.reason = fmt.Sprintf("the proof is not a well-formed %s proof: %v", v.scheme.Name(), err)
	default:
		return fmt.Errorf("%w: %v", request.ErrInvalid, err)
	}
	return nil
}
