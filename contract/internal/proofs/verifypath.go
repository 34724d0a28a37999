// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"
	"github.com/fabric-bbs/fabric-bbs/contract/records"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-contract-api-go/v2/contractapi"
)

// Check is one proof check in progress.
type Check struct {
	Req          *request.Decoded
	Issuer       *issuers.Issuer
	Key          *issuers.IssuerKey
	Scheme       bbs.Scheme
	pk           *bbs.PublicKey
	mm           *bbs.MessageMap       // the issuer's integer positions; nil without any
	preds        []predicate.Predicate // the request's predicates, once loaded (loadPredicates)
	paramsHash   []string              // per predicate, the SHA-256 of its parameters ("" without)
	MessageCount int                   // from the parsed proof; 0 if it does not parse
	Valid        bool
	Reason       string // why not valid
	uses         int    // committed uses of the request's pseudonym (pseudonymUses)

	Policy          *policies.AppliedPolicy // the request's policy; nil without one
	PolicyEvaluated bool                    // evaluatePolicy ran
	Unmet           *policy.Unmet           // the policy's first unmet rule
	rev             revocationFacts         // for the policy's revocation rules (loadRevocation)
	nonRev          *nonRevocation          // the request's presentation with non-revocation; nil without one
}

// PrepareVerification finds the issuer, key and scheme the request names.
// Every limit of the request has been checked before, by request.Parse,
// before any cryptography. keys, which may be nil, caches issuers and
// parsed keys across the requests of one transaction.
func PrepareVerification(ctx contractapi.TransactionContextInterface, d *request.Decoded, keys *KeyCache) (*Check, error) {
	is, err := keys.Issuer(ctx.GetStub(), d.Issuer)
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
	if err := checkPredicateFields(is.ID, is.Scheme, func(i int) bool { return is.Settings.IntegerAt(i) != nil }, d); err != nil {
		return nil, err
	}
	pk, err := keys.publicKey(s, is.ID, k)
	if err != nil {
		return nil, fmt.Errorf("issuer %q: stored key version %d: %w", is.ID, version, err)
	}
	mm, err := is.Settings.MessageMap()
	if err != nil {
		return nil, fmt.Errorf("issuer %q: the stored integer positions: %w", is.ID, err)
	}
	v := &Check{Req: d, Issuer: is, Key: k, Scheme: s, pk: pk, mm: mm}
	if d.Policy != nil {
		if v.Policy, err = keys.AppliedPolicy(ctx.GetStub(), d.Policy); err != nil {
			return nil, err
		}
	}
	return v, nil
}

// NonceConsumed returns the record of the transaction that consumed the
// request's nonce for the verifying key, or nil if it is unused: on the
// ledger, or, its record ID in TxID, by an earlier call of the transaction
// (call).
func (v *Check) NonceConsumed(ctx contractapi.TransactionContextInterface, call *spends.SpendCall) (*spends.NonceRecord, error) {
	stub := ctx.GetStub()
	nk, err := spends.NonceKey(stub, v.Key.PublicKey, v.Req.Nonce)
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
func (v *Check) check(ctx contractapi.TransactionContextInterface, sub *base.Submitter) error {
	item, err := v.Precheck(ctx, sub)
	if err != nil || item == nil {
		return err
	}
	return v.Conclude(v.VerifyProof(item.Proof, item.Disclosed))
}

// Precheck makes every check of check that comes before the proof's
// cryptography: the bound nonce, the proof's encoding, the issuer's
// pinned message counts and the request's policy. It returns the item to verify, or nil with reason
// set when the proof is already known to be invalid; SubmitProofs verifies
// the items of many requests together and concludes each.
func (v *Check) Precheck(ctx contractapi.TransactionContextInterface, sub *base.Submitter) (*bbs.BatchItem, error) {
	if v.Issuer.Settings.RequireBoundNonce && !v.Req.BindSubmitter {
		// SubmitProof refuses such a request before (prepareSubmission);
		// VerifyProof reports it, so that it never calls valid what the
		// issuer's settings make SubmitProof refuse.
		v.Reason = fmt.Sprintf("issuer %q requires a nonce bound to the submitter (bindSubmitter): SubmitProof refuses this request", v.Issuer.ID)
		return nil, nil
	}
	if v.Req.BindSubmitter {
		channel := ctx.GetStub().GetChannelID()
		want := request.BoundNonce(channel, sub.MSPID, sub.ID, v.Req.Salt)
		if !bytes.Equal(v.Req.Nonce, want) {
			v.Reason = fmt.Sprintf("the nonce is not bound to the submitter: it is not the bound nonce of channel %q, MSP %s, the submitter's client identity ID and the salt", channel, sub.MSPID)
			return nil, nil
		}
	}
	var proof *bbs.Proof // nil for a presentation with non-revocation (nonrevocation.go)
	if v.Req.NonRevoked {
		if ok, err := v.parsePresentation(); err != nil || !ok {
			return nil, err
		}
	} else {
		var err error
		if proof, err = v.Scheme.ParseProof(v.Req.Proof); err != nil {
			if errors.Is(err, bbs.ErrMalformedProof) {
				v.Reason = fmt.Sprintf("the proof is not a well-formed %s proof: %v", v.Scheme.Name(), err)
				return nil, nil
			}
			return nil, fmt.Errorf("%w: proof: %v", request.ErrInvalid, err)
		}
		v.MessageCount = proof.MessageCount(len(v.Req.Disclosed))
	}
	if !v.Issuer.Settings.AllowsCount(v.Issuer.Scheme, v.MessageCount) {
		// Refused before any curve arithmetic: an unexpected count would
		// make the verifier derive generators for it.
		v.Reason = issuers.CountRefusal(v.Issuer, v.MessageCount)
		return nil, nil
	}
	if reason := v.checkIntegers(); reason != "" {
		v.Reason = reason
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
		v.Reason = v.PolicyError().Error()
		return nil, nil
	}
	if ok, err := v.loadPredicates(ctx.GetStub()); err != nil || !ok {
		return nil, err
	}
	if v.nonRev != nil {
		if ok, err := v.lookUpValue(ctx.GetStub()); err != nil || !ok {
			return nil, err
		}
	}
	disclosed := make([]bbs.DisclosedMessage, len(v.Req.Disclosed))
	for i, m := range v.Req.Disclosed {
		disclosed[i] = bbs.DisclosedMessage{Index: m.Index, Message: m.Message}
	}
	return &bbs.BatchItem{PublicKey: v.pk, Proof: proof, Header: v.Req.Header, Nonce: v.Req.Nonce, Disclosed: disclosed}, nil
}

// Conclude sets valid or reason from the verdict of the proof's
// cryptography, err as VerifyProof (or bbs.VerifyProofs) returns it.
func (v *Check) Conclude(err error) error {
	switch {
	case err == nil:
		v.Valid = true
	case errors.Is(err, bbs.ErrInvalidProof):
		v.Reason = fmt.Sprintf("the proof does not verify under key version %d of issuer %q for this nonce, header and disclosed messages (%v)",
			v.Key.Version, v.Issuer.ID, err)
	case errors.Is(err, bbs.ErrMalformedProof):
		v.Reason = fmt.Sprintf("the proof is not a well-formed %s proof: %v", v.Scheme.Name(), err)
	default:
		return fmt.Errorf("%w: %v", request.ErrInvalid, err)
	}
	return nil
}

// VerifyProof verifies the parsed proof: with the request's pseudonym and
// context for a pseudonym scheme, whose credentials have one nym secret
// and no holder-committed message (disclosed are the issuer's messages,
// mapped by the issuer's integer positions), and with the request's
// predicates.
func (v *Check) VerifyProof(proof *bbs.Proof, disclosed []bbs.DisclosedMessage) error {
	if v.nonRev != nil {
		return v.verifyNonRevoked(disclosed)
	}
	ps, ok := v.Scheme.(bbs.PseudonymScheme)
	if !ok {
		if len(v.preds) > 0 {
			return v.verifyPredicates(proof, disclosed, nil, nil)
		}
		if v.mm == nil {
			return v.Scheme.VerifyProof(v.pk, proof, v.Req.Header, v.Req.Nonce, disclosed)
		}
		return bbs.VerifyProofMapped(v.Scheme, v.pk, proof, v.Req.Header, v.Req.Nonce, disclosed, v.mm)
	}
	nym, err := ps.ParsePseudonym(v.Req.Pseudonym)
	if err != nil {
		// A malformed pseudonym proves nothing: reported as an invalid
		// proof, as a malformed proof is.
		return fmt.Errorf("%w: pseudonym: %v", bbs.ErrMalformedProof, err)
	}
	if !bytes.Equal(nym.Bytes(), v.Req.Pseudonym) {
		// The use records are keyed by the request's bytes: only the
		// canonical encoding of a point may be counted (the parser is
		// strict already; this keeps the count sound if it ever is not).
		return fmt.Errorf("%w: pseudonym: not the canonical encoding of its point", bbs.ErrMalformedProof)
	}
	if len(v.preds) > 0 {
		return v.verifyPredicates(proof, disclosed, ps, nym)
	}
	return bbs.VerifyProofWithPseudonymMapped(ps, v.pk, proof, nym, v.Req.Header, v.Req.Nonce, v.Req.Context,
		v.MessageCount, bbs.DefaultNymCount, disclosed, nil, v.mm)
}

// checkIntegers returns why the request's disclosed messages cannot be
// mapped by the issuer's integer positions, "" if they can: a disclosed
// integer message must be 8 bytes, and a presentation with non-revocation,
// whose verification maps every message by hash, discloses none.
func (v *Check) checkIntegers() string {
	if v.mm == nil {
		return ""
	}
	for _, m := range v.Req.Disclosed {
		if !v.mm.IsInteger(m.Index) {
			continue
		}
		if v.nonRev != nil {
			return fmt.Sprintf("message %d is an integer message of issuer %q: a presentation with non-revocation cannot disclose it (its verification maps every message by hash)",
				m.Index, v.Issuer.ID)
		}
		if len(m.Message) != bbs.IntegerMessageSize {
			return fmt.Sprintf("message %d is an integer message of issuer %q (%d bytes), not %d bytes", m.Index, v.Issuer.ID, bbs.IntegerMessageSize, len(m.Message))
		}
	}
	return ""
}

// mapsDisclosed reports whether the issuer's integer positions change how
// the request's disclosed messages map to scalars: then its proof is not
// verified in a bbs.VerifyProofs batch, which maps every message by hash.
func (v *Check) mapsDisclosed() bool {
	if v.mm == nil {
		return false
	}
	for _, m := range v.Req.Disclosed {
		if v.mm.IsInteger(m.Index) {
			return true
		}
	}
	return false
}

// unbatched reports whether the request's proof is verified alone rather
// than in a bbs.VerifyProofs batch.
func (v *Check) unbatched() bool { return v.mapsDisclosed() || len(v.preds) > 0 }
