// SPDX-License-Identifier: Apache-2.0

package proofs

import (
	"errors"
	"fmt"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-chaincode-go/v2/shim"
)

// ProvenPredicate is one predicate a verified proof proved about a hidden
// message (never the message's value): results and records show them in
// the request's order.
type ProvenPredicate struct {
	// Kind is "range" or "inSet".
	Kind string `json:"kind"`
	// Index is the hidden message's position, from 0.
	Index int `json:"index"`
	// Range is a range's bounds, both included (a bound the request left
	// out is the least or greatest int64); absent for an inSet.
	Range *ProvenRange `json:"range,omitempty" metadata:",optional"`
	// Params is the ID of the predicate parameters the predicate was
	// proven over (GetPredicateParams); absent for a range proven with
	// Bulletproofs.
	Params string `json:"params,omitempty" metadata:",optional"`
	// ParamsSHA256 is the lower-case hex SHA-256 of those parameters'
	// bytes.
	ParamsSHA256 string `json:"paramsSha256,omitempty" metadata:",optional"`
}

// ProvenRange is the range of a range predicate, both bounds included.
type ProvenRange struct {
	Min int64 `json:"min"`
	Max int64 `json:"max"`
}

// predicateScheme reports whether issuers of scheme have predicates: the
// IETF schemes and the pseudonym schemes built on them, whose proofs take
// a MessageMap and fixed random scalars.
func predicateScheme(name string) bool {
	switch name {
	case bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name, bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name:
		return true
	}
	return false
}

// checkPredicateFields refuses predicates that the issuer's scheme or
// integer positions cannot have, before any state read beyond the issuer
// or any cryptography: only the IETF schemes and their pseudonym schemes
// have predicates (bbs+2020 hashes every message), and a range is about an
// integer message.
func checkPredicateFields(is string, scheme string, settingsInteger func(int) bool, d *request.Decoded) error {
	if len(d.Predicates) == 0 {
		return nil
	}
	if !predicateScheme(scheme) {
		return fmt.Errorf("%w: predicates: issuer %q uses scheme %s, which has no predicates (only %s, %s, %s and %s)",
			request.ErrInvalid, is, scheme, bbs.BLS12381SHA256Name, bbs.BLS12381SHAKE256Name, bbs.NymBLS12381SHA256Name, bbs.NymBLS12381SHAKE256Name)
	}
	for i, p := range d.Predicates {
		if p.Kind == request.KindRange && !settingsInteger(p.Index) {
			return fmt.Errorf("%w: predicates[%d]: message %d of issuer %q is not an integer message (the issuer's settings name its integers): a range is about an integer",
				request.ErrInvalid, i, p.Index, is)
		}
	}
	return nil
}

// provenPredicates are the request's predicates as results and records
// show them; nil without any.
func (v *Check) provenPredicates() []ProvenPredicate {
	if len(v.Req.Predicates) == 0 {
		return nil
	}
	out := make([]ProvenPredicate, len(v.Req.Predicates))
	for i, p := range v.Req.Predicates {
		out[i] = ProvenPredicate{Kind: p.Kind, Index: p.Index, Params: p.Params}
		if p.Kind == request.KindRange {
			min, max := p.Bounds()
			out[i].Range = &ProvenRange{Min: min, Max: max}
		}
		if i < len(v.paramsHash) {
			out[i].ParamsSHA256 = v.paramsHash[i]
		}
	}
	return out
}

// loadPredicates builds the request's predicates for predicate.Verify,
// once its policy is met and before any pairing: a predicate that names
// parameters reads them (policies.ParamsFor), which must be of the applied
// policy's owner and named by the policy's rules. Parameters that a prover
// chose are worthless (whoever made them can prove anything), and each
// set of parameters costs a parse: without a policy that names them, a
// request cannot use any. It reports false with the reason set when the
// request cannot be verified; an error means it is unacceptable.
func (v *Check) loadPredicates(stub shim.ChaincodeStubInterface) (bool, error) {
	if len(v.Req.Predicates) == 0 {
		return true, nil
	}
	v.preds = make([]predicate.Predicate, len(v.Req.Predicates))
	v.paramsHash = make([]string, len(v.Req.Predicates))
	for i, p := range v.Req.Predicates {
		q := predicate.Predicate{Kind: predicate.Range, Index: p.Index}
		want := byte(predicate.RangeParams)
		if p.Kind == request.KindInSet {
			q.Kind, want = predicate.InSet, predicate.SetParams
		} else {
			q.Min, q.Max = p.Bounds()
		}
		if p.Params != "" {
			if v.Policy == nil || !policyNamesParams(v.Policy, p.Params) {
				return false, fmt.Errorf("%w: predicates[%d]: parameters %q are used only under a policy whose predicate rules name them "+
					"(parameters a prover chose prove nothing: whoever made them can prove any value)", request.ErrInvalid, i, p.Params)
			}
			params, sum, err := policies.ParamsFor(stub, p.Params, v.Policy.Owner, want)
			if err != nil {
				return false, fmt.Errorf("predicates[%d]: %w", i, err)
			}
			q.Params, v.paramsHash[i] = params, sum
		}
		v.preds[i] = q
	}
	return true, nil
}

// verifyPredicates verifies the presentation with predicates: the
// predicate proof and the BBS proof under the presentation header derived
// from the request's nonce and the predicate proof (predicate.Verify; for
// a pseudonym scheme, ps with the request's pseudonym nym,
// predicate.VerifyWithPseudonym, the credential of one nym secret and no
// holder-committed message). Its errors wrap bbs.ErrInvalidProof or
// bbs.ErrMalformedProof, as VerifyProof's.
func (v *Check) verifyPredicates(proof *bbs.Proof, disclosed []bbs.DisclosedMessage, ps bbs.PseudonymScheme, nym *bbs.Pseudonym) error {
	var err error
	if ps != nil {
		err = predicate.VerifyWithPseudonym(ps, v.pk, proof, nym, v.Req.Header, v.Req.Nonce, v.Req.Context,
			v.MessageCount, bbs.DefaultNymCount, disclosed, nil, v.mm, v.preds, v.Req.PredicateProof)
	} else {
		err = predicate.Verify(v.Scheme, v.pk, proof, v.Req.Header, v.Req.Nonce, disclosed, v.mm, v.preds, v.Req.PredicateProof)
	}
	return predicateError(err)
}

// predicateError maps package predicate's verification errors to the
// errors of VerifyProof: predicate.ErrMalformedProof to
// bbs.ErrMalformedProof, predicate.ErrInvalidProof to bbs.ErrInvalidProof;
// any other (a statement the proof cannot be about, wrapping
// bbs.ErrInvalidArgument) is returned as it is, and nil stays nil.
func predicateError(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, predicate.ErrMalformedProof):
		return fmt.Errorf("%w: predicate proof: %v", bbs.ErrMalformedProof, err)
	case errors.Is(err, predicate.ErrInvalidProof):
		return fmt.Errorf("%w: predicate proof: %v", bbs.ErrInvalidProof, err)
	}
	return err
}

// policyNamesParams reports whether the predicate rules of the applied
// policy name the parameters id.
func policyNamesParams(ap *policies.AppliedPolicy, id string) bool {
	for _, r := range ap.Rules.Predicates {
		if r.Params == id || r.InSet == id {
			return true
		}
	}
	return false
}
