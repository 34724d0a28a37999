// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/codes"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/fabric-bbs/fabric-bbs/revocation"
	"github.com/stretchr/testify/require"
)

// nrPredEnv is nrEnv whose issuer's message 1 is an int64.
type nrPredEnv struct {
	*nrEnv
	mm *bbs.MessageMap
}

func newNRPredEnv(t *testing.T) *nrPredEnv {
	t.Helper()
	e := newNREnv(t)
	requireAccepted(t, e.submit(e.alice, "SetIssuerSettings", "acme", `{"integers":[{"index":1,"type":"int64"}]}`))
	mm, err := bbs.NewMessageMap([]int{1})
	require.NoError(t, err)
	return &nrPredEnv{nrEnv: e, mm: mm}
}

// issue signs [name, v, handle] with the integer at 1 and the issuer's
// witness of the handle at the current version.
func (e *nrPredEnv) issue(name string, v int64) *revocation.Credential {
	e.t.Helper()
	h := sha256.Sum256([]byte("handle of " + name))
	msgs := [][]byte{[]byte("name=" + name), bbs.IntegerMessage(v), h[:]}
	s := e.key.scheme
	sig, err := bbs.SignMapped(s, e.key.sk, nil, msgs, e.mm)
	require.NoError(e.t, err)
	acc := e.accumulator()
	c := &revocation.Credential{Scheme: s, PublicKey: e.key.sk.PublicKey(), Signature: sig, Messages: msgs, HandleIndex: 2, Version: uint64(acc.Version)}
	y, err := c.Handle()
	require.NoError(e.t, err)
	c.Witness, err = e.ask.Witness(acc.Value, y)
	require.NoError(e.t, err)
	return c
}

// present is c presented at its version against value (the ledger's value
// of that version when nil), disclosing message 0, with a Bulletproofs
// range [min, max] on message 1, as a request under policy p ("" for
// none).
func (e *nrPredEnv) present(c *revocation.Credential, value []byte, min, max int64, p string) *request.Request {
	e.t.Helper()
	e.nonce++
	nonce := []byte(fmt.Sprintf("non-revocation predicate nonce %04d", e.nonce))
	if value == nil {
		value = e.valueOf(c.Version)
	}
	preds := []predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: min, Max: max}}
	pres, pp, err := predicate.ProveNonRevoked(rand.NewChaCha8([32]byte{byte(e.nonce), 'r'}), c, e.accPK, value, nonce, []int{0}, e.mm, preds)
	require.NoError(e.t, err)
	d := &request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true,
		Disclosed:  []request.Message{{Index: 0, Message: c.Messages[0]}},
		Predicates: []request.Predicate{{Kind: request.KindRange, Index: 1, Min: &min, Max: &max}}, PredicateProof: pp}
	if p != "" {
		d.Policy = &request.PolicyRef{ID: p}
	}
	return d.Encode()
}

// TestNonRevocationPredicates: a presentation with non-revocation carries
// a range predicate: accepted in range, the record showing both; the same
// presentation claimed for a range its value is outside, or with its
// predicate proof altered or dropped, is refused; a
// revoked holder's presentation is refused, by the policy's grace and, a
// stale witness relabelled, by the cryptography.
func TestNonRevocationPredicates(t *testing.T) {
	e := newNRPredEnv(t)
	alice, bob := e.issue("alice", 30), e.issue("bob", 40)

	r := e.submit(e.bob, "SubmitProof", jsonArg(t, e.present(alice, nil, 18, 200, "nr0")))
	requireAccepted(t, r)
	receipt := decode[proofs.ProofReceipt](t, r)
	require.Equal(t, &proofs.NonRevocation{Version: 0, CurrentVersion: 0, HandleIndex: 2}, receipt.NonRevocation)
	require.Equal(t, []proofs.ProvenPredicate{{Kind: "range", Index: 1, Range: &proofs.ProvenRange{Min: 18, Max: 200}}}, receipt.Predicates)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
	require.Equal(t, receipt.Predicates, rec.Predicates)
	require.Equal(t, receipt.NonRevocation, rec.NonRevocation)
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, e.present(bob, nil, 40, 40, ""))))
	require.True(t, res.Valid, res.Reason)

	// Out of range, altered or without its predicate: refused.
	for name, mutate := range map[string]func(d *request.Decoded){
		"value below min": func(d *request.Decoded) { d.Predicates[0].Min = i64(31) },
		"value above max": func(d *request.Decoded) { d.Predicates[0].Max = i64(29) },
		"proof byte":      func(d *request.Decoded) { d.PredicateProof[len(d.PredicateProof)/2] ^= 1 },
		"short proof":     func(d *request.Decoded) { d.PredicateProof = d.PredicateProof[:len(d.PredicateProof)-1] },
		"no predicate":    func(d *request.Decoded) { d.Predicates, d.PredicateProof = nil, nil },
	} { //bbs:maporder-ok each case checked alone
		d := decodedOf(t, e.present(alice, nil, 18, 200, ""))
		mutate(d)
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())))
		require.False(t, res.Valid, name)
		require.Equal(t, "BBS_PROOF_REJECTED", res.Code, "%s: %s", name, res.Reason)
	}
	// The prover makes no proof of a value outside the range.
	_, _, err := predicate.ProveNonRevoked(nil, alice, e.accPK, e.valueOf(0), []byte("n"), []int{0}, e.mm,
		[]predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: 31, Max: 200}})
	require.Error(t, err)

	// Revoked: bob's presentation against version 0 is refused under
	// grace 0; relabelled as version 1 (a proof about V_0 named as
	// version 1) the cryptography refuses it.
	requireAccepted(t, e.revoke(bob))
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, e.present(bob, nil, 18, 200, "nr0"))), codes.PolicyNotSatisfied,
		"older than the 1 the policy accepts")
	require.True(t, errors.Is(e.update(bob), revocation.ErrRevoked))
	relabelled := *bob
	relabelled.Version = 1
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, e.present(&relabelled, e.valueOf(0), 18, 200, "nr0"))), codes.ProofRejected,
		"presentation with non-revocation against accumulator version 1", "does not verify")
	// Alice updates and presents at version 1.
	require.NoError(t, e.update(alice))
	requireAccepted(t, e.submit(e.bob, "SubmitProof", jsonArg(t, e.present(alice, nil, 18, 200, "nr0"))))
}

// TestNonRevocationPredicateParams: a CCS08 range over parameters that a
// policy's predicate rule names rides on a presentation with
// non-revocation under that policy; proven over other parameters it is
// refused.
func TestNonRevocationPredicateParams(t *testing.T) {
	e := newNRPredEnv(t)
	requireAccepted(t, e.submit(e.alice, "CreatePredicateParams", "ages-u16", rangeParams(t, 16, 1)))
	rec := decode[policies.PredicateParamsRecord](t, e.evaluate(e.bob, "GetPredicateParams", "ages-u16"))
	pp, err := predicate.ParseParams(rec.Params)
	require.NoError(t, err)
	requireAccepted(t, e.submit(e.alice, "CreatePolicy", `{"id":"aged","issuers":[{"id":"acme"}],"predicates":[{"index":1,"range":{"min":18,"max":200},"params":"ages-u16"}]}`))
	alice := e.issue("alice", 30)
	present := func(params *predicate.Params) *request.Request {
		e.nonce++
		nonce := []byte(fmt.Sprintf("non-revocation params nonce %04d", e.nonce))
		pres, proof, err := predicate.ProveNonRevoked(nil, alice, e.accPK, e.valueOf(0), nonce, []int{0}, e.mm,
			[]predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: 18, Max: 200, Params: params}})
		require.NoError(t, err)
		return (&request.Decoded{Issuer: "acme", Proof: pres.Bytes(), Nonce: nonce, NonRevoked: true, Policy: &request.PolicyRef{ID: "aged"},
			Disclosed:  []request.Message{{Index: 0, Message: alice.Messages[0]}},
			Predicates: []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(18), Max: i64(200), Params: "ages-u16"}}, PredicateProof: proof}).Encode()
	}
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, present(pp))))
	require.True(t, res.Valid && res.Satisfied, "%s %+v", res.Reason, res.Unmet)
	require.Equal(t, rec.SHA256, res.Predicates[0].ParamsSHA256)
	require.Equal(t, &proofs.NonRevocation{HandleIndex: 2}, res.NonRevocation)
	// Proven over parameters the prover made: refused.
	mine, _, err := predicate.GenerateRangeParams(nil, 16)
	require.NoError(t, err)
	res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, present(mine))))
	require.False(t, res.Valid)
	require.Equal(t, "BBS_PROOF_REJECTED", res.Code, res.Reason)

	// A policy with both an accumulator rule and the predicate rule: met
	// by the presentation with its predicate; a presentation without the
	// predicate leaves the predicate rule unmet (before any pairing).
	requireAccepted(t, e.submit(e.alice, "CreatePolicy", `{"id":"aged-nr","issuers":[{"id":"acme"}],"messageCount":3,"accumulator":{"index":2},`+
		`"predicates":[{"index":1,"range":{"min":18,"max":200},"params":"ages-u16"}]}`))
	d := decodedOf(t, present(pp))
	d.Policy = &request.PolicyRef{ID: "aged-nr"}
	r := e.submit(e.bob, "SubmitProof", jsonArg(t, d.Encode()))
	requireAccepted(t, r)
	receipt := decode[proofs.ProofReceipt](t, r)
	require.Equal(t, "aged-nr", receipt.Policy)
	require.Len(t, receipt.Predicates, 1)
	require.NotNil(t, receipt.NonRevocation)
	d = decodedOf(t, present(pp))
	d.Policy = &request.PolicyRef{ID: "aged-nr"}
	d.Predicates, d.PredicateProof = nil, nil
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, d.Encode())), codes.PolicyNotSatisfied)
}

// TestNonRevocationPredicatePolicyShape: a policy's predicate rule cannot
// be about its accumulator rule's handle.
func TestNonRevocationPredicatePolicyShape(t *testing.T) {
	e := newNRPredEnv(t)
	requireCode(t, e.submit(e.alice, "CreatePolicy", `{"id":"bad","issuers":[{"id":"acme"}],"accumulator":{"index":2},"predicates":[{"index":2,"inSet":"s"}]}`),
		"BBS_INVALID_ARGUMENT", "accumulator.index, the revocation handle")
}
