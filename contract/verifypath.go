// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// verification is one proof check in progress.
type verification struct {
	req          *request.Decoded
	issuer       *issuers.Issuer
	key          *issuers.IssuerKey
	scheme       bbs.Scheme
	pk           *bbs.PublicKey
	messageCount int // from the parsed proof; 0 if it does not parse
	valid        bool
	reason       string // why not valid
	uses         int    // committed uses of the request's pseudonym (pseudonymUses)

	policy          *appliedPolicy  // the request's policy; nil without one
	policyEvaluated bool            // evaluatePolicy ran
	unmet           *policy.Unmet   // the policy's first unmet rule
	rev             revocationFacts // for the policy's revocation rules (loadRevocation)
	nonRev          *nonRevocation  // the request's presentation with non-revocation; nil without one
}

// prepareVerification finds the issuer, key and scheme the request names.
// Every limit of the request has been checked before, by request.Parse,
// before any cryptography. keys, which may be nil, caches issuers and
// parsed keys across the requests of one transaction.
func prepareVerification(ctx contractapi.TransactionContextInterface, d *request.Decoded, keys *keyCache) (*verification, error) {
	is, err := keys.issuer(ctx.GetStub(), d.Issuer)
	if err != nil {
		return nil, err
	}
	if is.Revoked {
		return nil, fmt.Errorf("issuer %q is %w", is.ID, base.ErrRevoked)
	}
	if d.Scheme != "" && d.Scheme != is.Scheme {
		return nil, fmt.Errorf("%w: scheme %s does not match scheme %q of issuer %q", request.ErrInvalid, request.Excerpt(d.Scheme), is.Scheme, is.ID)
	}
	version := d.KeyVersion
	if version == 0 {
		version = is.CurrentVersion
	}
	k := is.Key(version)
	if k == nil {
		return nil, fmt.Errorf("issuer %q has no key version %d (it has versions 1 to %d): %w", is.ID, version, len(is.Keys), base.ErrNotFound)
	}
	if k.Revoked {
		return nil, fmt.Errorf("key version %d of issuer %q is %w", version, is.ID, base.ErrRevoked)
	}
	s, err := bbs.SchemeByName(is.Scheme)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: %w", is.ID, err)
	}
	if err := checkPseudonymFields(s, is.ID, d); err != nil {
		return nil, err
	}
	pk, err := keys.publicKey(s, is.ID, k)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: stored key version %d: %w", is.ID, version, err)
	}
	v := &verification{req: d, issuer: is, key: k, scheme: s, pk: pk}
	if d.Policy != nil {
		if v.policy, err = keys.appliedPolicy(ctx.GetStub(), d.Policy); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// nonceConsumed returns the record of the transaction that consumed the
// request's nonce for the verifying key, or nil if it is unused: on the
// ledger, or, its record ID in TxID, by an earlier call of the transaction
// (call).
func (v *verification) nonceConsumed(ctx contractapi.TransactionContextInterface, call *spends.SpendCall) (*spends.NonceRecord, error) {
	stub := ctx.GetStub()
	nk, err := spends.NonceKey(stub, v.key.PublicKey, v.req.Nonce)
	if err != nil {
		return nil, err
	}
	if id, ok := call.SpentBy(nk); ok {
		return &spends.NonceRecord{TxID: id}, nil
	}
	var used spends.NonceRecord
	found, err := records.GetJSON(records.Nonce, stub, nk, "", &used)
	if err != nil {
		return nil, fmt.Errorf("checking the nonce: %w", err)
	}
	if !found {
		return nil, nil
	}
	return &used, nil
}

// check decides whether the proof is valid, setting valid or reason. sub is
// the submitter; it is only used, and must only be non-nil, when the
// request binds the nonce to the submitter. An error means the request is
// unacceptable rather than the proof invalid.
func (v *verification) check(ctx contractapi.TransactionContextInterface, sub *base.Submitter) error {
	item, err := v.precheck(ctx, sub)
	if err != nil || item == nil {
		return err
	}
	return v.conclude(v.verifyProof(item.Proof, item.Disclosed))
}

// precheck makes every check of check that comes before the proof's
// cryptography: the bound nonce, the proof's encoding, the issuer's
// pinned message counts and the request's policy. It returns the item to verify, or nil with reason
// set when the proof is already known to be invalid; SubmitProofs verifies
// the items of many requests together and concludes each.
func (v *verification) precheck(ctx contractapi.TransactionContextInterface, sub *base.Submitter) (*bbs.BatchItem, error) {
	if v.issuer.Settings.RequireBoundNonce && !v.req.BindSubmitter {
		// SubmitProof refuses such a request before (prepareSubmission);
		// VerifyProof reports it, so that it never calls valid what the
		// issuer's settings make SubmitProof refuse.
		v.reason = fmt.Sprintf("issuer %q requires a nonce bound to the submitter (bindSubmitter): SubmitProof refuses this request", v.issuer.ID)
		return nil, nil
	}
	if v.req.BindSubmitter {
		channel := ctx.GetStub().GetChannelID()
		want := request.BoundNonce(channel, sub.MSPID, sub.ID, v.req.Salt)
		if !bytes.Equal(v.req.Nonce, want) {
			v.reason = fmt.Sprintf("the nonce is not bound to the submitter: it is not the bound nonce of channel %q, MSP %s, the submitter's client identity ID and the salt", channel, sub.MSPID)
			return nil, nil
		}
	}
	var proof *bbs.Proof // nil for a presentation with non-revocation (nonrevocation.go)
	if v.req.NonRevoked {
		if ok, err := v.parsePresentation(); err != nil || !ok {
			return nil, err
		}
	} else {
		var err error
		if proof, err = v.scheme.ParseProof(v.req.Proof); err != nil {
			if errors.Is(err, bbs.ErrMalformedProof) {
				v.reason = fmt.Sprintf("the proof is not a well-formed %s proof: %v", v.scheme.Name(), err)
				return nil, nil
			}
			return nil, fmt.Errorf("%w: proof: %v", request.ErrInvalid, err)
		}
		v.messageCount = proof.MessageCount(len(v.req.Disclosed))
	}
	if !v.issuer.Settings.AllowsCount(v.issuer.Scheme, v.messageCount) {
		// Refused before any curve arithmetic: an unexpected count would
		// make the verifier derive generators for it.
		v.reason = issuers.CountRefusal(v.issuer, v.messageCount)
		return nil, nil
	}
	if err := v.loadRevocation(ctx.GetStub()); err != nil {
		return nil, err
	}
	if err := v.loadAccumulator(ctx.GetStub()); err != nil {
		return nil, err
	}
	if u := v.evaluatePolicy(); u != nil {
		// Refused before any pairing.
		v.reason = v.policyError().Error()
		return nil, nil
	}
	if v.nonRev != nil {
		if ok, err := v.lookUpValue(ctx.GetStub()); err != nil || !ok {
			return nil, err
		}
	}
	disclosed := make([]bbs.DisclosedMessage, len(v.req.Disclosed))
	for i, m := range v.req.Disclosed {
		disclosed[i] = bbs.DisclosedMessage{Index: m.Index, Message: m.Message}
	}
	return &bbs.BatchItem{PublicKey: v.pk, Proof: proof, Header: v.req.Header, Nonce: v.req.Nonce, Disclosed: disclosed}, nil
}

// conclude sets valid or reason from the verdict of the proof's
// cryptography, err as VerifyProof (or bbs.VerifyProofs) returns it.
func (v *verification) conclude(err error) error {
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

// verifyProof verifies the parsed proof: with the request's pseudonym and
// context for a pseudonym scheme, whose credentials have one nym secret
// and no holder-committed message (disclosed are the issuer's messages).
func (v *verification) verifyProof(proof *bbs.Proof, disclosed []bbs.DisclosedMessage) error {
	if v.nonRev != nil {
		return v.verifyNonRevoked(disclosed)
	}
	ps, ok := v.scheme.(bbs.PseudonymScheme)
	if !ok {
		return v.scheme.VerifyProof(v.pk, proof, v.req.Header, v.req.Nonce, disclosed)
	}
	nym, err := ps.ParsePseudonym(v.req.Pseudonym)
	if err != nil {
		// A malformed pseudonym proves nothing: reported as an invalid
		// proof, as a malformed proof is.
		return fmt.Errorf("%w: pseudonym: %v", bbs.ErrMalformedProof, err)
	}
	if !bytes.Equal(nym.Bytes(), v.req.Pseudonym) {
		// The use records are keyed by the request's bytes: only the
		// canonical encoding of a point may be counted (the parser is
		// strict already; this keeps the count sound if it ever is not).
		return fmt.Errorf("%w: pseudonym: not the canonical encoding of its point", bbs.ErrMalformedProof)
	}
	return ps.VerifyPseudonymProof(v.pk, proof, nym, bbs.PseudonymVerifyOptions{
		Header: v.req.Header, Nonce: v.req.Nonce, Context: v.req.Context,
		SignerMessages: v.messageCount, NymCount: bbs.DefaultNymCount,
		Disclosed: disclosed,
	})
}
