// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/policies"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
	"github.com/fabric-bbs/fabric-bbs/policy"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// predIssuer is an IETF issuer whose credentials carry a birth date at
// message 1 and an integer at message 4, and one credential of it.
type predIssuer struct {
	e    *env
	s    bbs.Scheme
	k    *keyPair
	mm   *bbs.MessageMap
	msgs [][]byte
	sig  *bbs.Signature
	seq  *int
}

const predSettings = `{"integers":[{"index":1,"type":"date"},{"index":4,"type":"int64"}]}`

func newPredIssuer(t *testing.T, e *env, id string, seed byte) *predIssuer {
	t.Helper()
	s := bbs.BLS12381SHA256()
	k := newKeyPair(t, s, seed)
	require.True(t, e.register(e.alice, id, k, "").Committed)
	require.True(t, e.submit(e.alice, "SetIssuerSettings", id, predSettings).Committed)
	mm, err := bbs.NewMessageMap([]int{1, 4})
	require.NoError(t, err)
	msgs := integerMessages()
	sig, err := bbs.SignMapped(s, k.sk, []byte("header"), msgs, mm)
	require.NoError(t, err)
	return &predIssuer{e: e, s: s, k: k, mm: mm, msgs: msgs, sig: sig, seq: new(int)}
}

// present proves preds (request form) disclosing revealed, with params
// resolved by the caller (nil for Bulletproofs ranges), for a fresh nonce.
func (p *predIssuer) present(t *testing.T, issuer string, preds []request.Predicate, params []*predicate.Params, revealed ...int) *request.Request {
	t.Helper()
	*p.seq++
	nonce := []byte(fmt.Sprintf("predicate nonce %04d", *p.seq))
	qs := make([]predicate.Predicate, len(preds))
	for i, q := range preds {
		qs[i] = predicate.Predicate{Kind: predicate.Range, Index: q.Index}
		if q.Kind == request.KindInSet {
			qs[i].Kind = predicate.InSet
		} else {
			qs[i].Min, qs[i].Max = q.Bounds()
		}
		if params != nil {
			qs[i].Params = params[i]
		}
	}
	proof, pp, err := predicate.Prove(rand.NewChaCha8([32]byte{byte(*p.seq), 'p'}), p.s, p.k.sk.PublicKey(), p.sig, []byte("header"), nonce, p.msgs, revealed, p.mm, qs)
	require.NoError(t, err)
	d := &request.Decoded{Issuer: issuer, Proof: proof.Bytes(), Nonce: nonce, Header: []byte("header"), Predicates: preds, PredicateProof: pp}
	for _, i := range revealed {
		d.Disclosed = append(d.Disclosed, request.Message{Index: i, Message: p.msgs[i]})
	}
	return d.Encode()
}

func i64(v int64) *int64 { return &v }

// TestPredicatesVerified: VerifyProof, SubmitProof and the batches verify
// a request's predicates (Bulletproofs ranges here); results and records
// show the predicate proven, never the value; a request whose predicates
// differ from those proven does not verify.
func TestPredicatesVerified(t *testing.T) {
	e := newEnv(t)
	p := newPredIssuer(t, e, "ietf", 3)
	born := []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(8000)}}
	req := p.present(t, "ietf", born, nil, 0)
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.True(t, res.Valid, res.Reason)
	require.Equal(t, []proofs.ProvenPredicate{{Kind: "range", Index: 1, Range: &proofs.ProvenRange{Min: math.MinInt64, Max: 8000}}}, res.Predicates)

	two := []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(7000), Max: i64(7300)}, {Kind: request.KindRange, Index: 4, Min: i64(-100)}}
	req2 := p.present(t, "ietf", two, nil, 2, 3)
	receipt := decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, req2)))
	require.Len(t, receipt.Predicates, 2)
	r := e.evaluate(e.bob, "GetVerification", receipt.TxID)
	rec := decode[proofs.Verification](t, r)
	require.Equal(t, receipt.Predicates, rec.Predicates)
	require.Equal(t, &proofs.ProvenRange{Min: -100, Max: math.MaxInt64}, rec.Predicates[1].Range)
	// The record holds the bounds, not the values (7300, -42).
	require.NotContains(t, string(r.Response.Payload), "-42")

	batch := decode[proofs.BatchResults](t, e.evaluate(e.bob, "VerifyProofs", "["+jsonArg(t, req)+","+jsonArg(t, p.present(t, "ietf", two, nil))+"]"))
	require.Equal(t, 2, batch.ValidCount, "%+v", batch.Results)
	sub := decode[proofs.BatchResults](t, e.submit(e.bob, "SubmitProofs", "["+jsonArg(t, req)+"]"))
	require.Equal(t, 1, sub.ValidCount, "%+v", sub.Results)
	require.Len(t, sub.Results[0].Receipt.Predicates, 1)

	// The same proof claimed for a tighter range, another index, or
	// without its predicates.
	for name, mutate := range map[string]func(d *request.Decoded){
		"tighter max":  func(d *request.Decoded) { d.Predicates[0].Max = i64(7299) },
		"looser max":   func(d *request.Decoded) { d.Predicates[0].Max = i64(8001) },
		"other index":  func(d *request.Decoded) { d.Predicates[0].Index = 4 },
		"no predicate": func(d *request.Decoded) { d.Predicates, d.PredicateProof = nil, nil },
		"proof byte":   func(d *request.Decoded) { d.PredicateProof[len(d.PredicateProof)/2] ^= 1 },
		"short proof":  func(d *request.Decoded) { d.PredicateProof = d.PredicateProof[:len(d.PredicateProof)-1] },
	} { //bbs:maporder-ok each case checked alone
		d := decodedOf(t, p.present(t, "ietf", born, nil, 0))
		mutate(d)
		res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())))
		require.False(t, res.Valid, name)
		require.Equal(t, "BBS_PROOF_REJECTED", res.Code, name)
	}
}

// TestPredicatesRefused: predicates the issuer cannot have are refused
// before any cryptography.
func TestPredicatesRefused(t *testing.T) {
	e := newEnv(t)
	p := newPredIssuer(t, e, "ietf", 3)
	// A range about a message that is not an integer.
	d := decodedOf(t, p.present(t, "ietf", []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(8000)}}, nil))
	d.Predicates[0].Index = 2
	requireCode(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())), "BBS_INVALID_REQUEST", "message 2 of issuer \"ietf\" is not an integer message")
	// Schemes without predicates.
	require.True(t, e.register(e.alice, "plus", newKeyPair(t, bbs.BBSPlus2020(), 5), "").Committed)
	d = decodedOf(t, p.present(t, "ietf", []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(8000)}}, nil))
	d.Issuer = "plus"
	requireCode(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())), "BBS_INVALID_REQUEST", "which has no predicates")
	// Parameters without a policy that names them.
	require.True(t, e.submit(e.alice, "CreatePredicateParams", "age-u16", rangeParams(t, 16, 1)).Committed)
	d = decodedOf(t, p.present(t, "ietf", []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(8000)}}, nil))
	d.Predicates[0].Params = "age-u16"
	requireCode(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())), "BBS_INVALID_REQUEST", "used only under a policy whose predicate rules name them")
}

// TestPredicatesOneAnswer: hostile predicate requests get one answer, on
// every run and under GOMAXPROCS 1 and 2.
func TestPredicatesOneAnswer(t *testing.T) {
	e := newEnv(t)
	e.ledger.Step = 0
	p := newPredIssuer(t, e, "ietf", 3)
	valid := p.present(t, "ietf", []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(8000)}, {Kind: request.KindRange, Index: 4, Min: i64(-50), Max: i64(50)}}, nil, 0)
	var hostile []string
	for i, mutate := range []func(d *request.Decoded){
		func(d *request.Decoded) {},
		func(d *request.Decoded) { d.PredicateProof = d.PredicateProof[:len(d.PredicateProof)/2] },
		func(d *request.Decoded) { d.PredicateProof[0] ^= 0xff },
		func(d *request.Decoded) {
			for k := 1; k < len(d.PredicateProof); k++ {
				d.PredicateProof[k] = 0xff
			}
		},
		func(d *request.Decoded) { d.Predicates[0], d.Predicates[1] = d.Predicates[1], d.Predicates[0] },
		func(d *request.Decoded) { d.Predicates[1].Index = 3 },
		func(d *request.Decoded) { d.Predicates[0].Params = "age" },
	} {
		d := decodedOf(t, valid)
		mutate(d)
		d.Nonce = []byte(fmt.Sprintf("hostile nonce %03d..", i))
		hostile = append(hostile, jsonArg(t, d.Encode()))
	}
	batch := "[" + strings.Join(hostile, ",") + "]"
	for _, args := range [][]string{{"VerifyProofs", batch}, {"SubmitProofs", batch}, {"VerifyProof", hostile[1]}, {"VerifyProof", hostile[3]}, {"SubmitProof", hostile[6]}} {
		got := oneAnswer(t, 4, func() string { return answer(e.evaluate(e.alice, args[0], args[1:]...)) })
		require.NotEmpty(t, got)
	}
}

// withBirth re-signs p's credential with the birth date born (message 1).
func (p *predIssuer) withBirth(t *testing.T, born time.Time) *predIssuer {
	t.Helper()
	q := *p
	q.msgs = append([][]byte(nil), p.msgs...)
	q.msgs[1] = bbs.DateMessage(born)
	var err error
	q.sig, err = bbs.SignMapped(p.s, p.k.sk, []byte("header"), q.msgs, p.mm)
	require.NoError(t, err)
	return &q
}

// TestPredicatePolicies: a policy's predicate rules are evaluated before
// any pairing, a date bound against the transaction's timestamp; a rule
// that names parameters needs a CCS08 proof over exactly those, of the
// policy owner's MSP; parameters squatted by the coalition or of another
// MSP are refused.
func TestPredicatePolicies(t *testing.T) {
	e := newEnv(t)
	e.ledger.Step = 0 // every transaction at fakestub.DefaultStart
	now := e.ledger.Clock
	p := newPredIssuer(t, e, "ietf", 3)
	adultDoc := `{"id":"adult","issuers":[{"id":"ietf"}],"predicates":[{"index":1,"range":{"maxDate":{"yearsBeforeTx":18}}}]}`
	require.True(t, e.submit(e.alice, "CreatePolicy", adultDoc).Committed)
	limit := bbs.Days(policy.YearsBefore(now, 18))
	adultRule := []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(limit)}}

	// Born 30 years ago: accepted, disclosing nothing about the date.
	adult := p.withBirth(t, now.AddDate(-30, 0, 0))
	req := adult.present(t, "ietf", adultRule, nil, 0)
	req.Policy = &request.PolicyRef{ID: "adult"}
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.True(t, res.Valid && res.Satisfied, "%s %+v", res.Reason, res.Unmet)
	receipt := decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)))
	require.Equal(t, "adult", receipt.Policy)

	// 17: the holder can prove only a later bound, which the rule refuses
	// in words, before any pairing.
	minor := p.withBirth(t, now.AddDate(-17, 0, 0))
	req = minor.present(t, "ietf", []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(bbs.Days(now.AddDate(-17, 0, 0)))}}, nil, 0)
	req.Policy = &request.PolicyRef{ID: "adult"}
	res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.False(t, res.Valid)
	require.NotNil(t, res.Unmet)
	require.Equal(t, "BBS_POLICY_NOT_SATISFIED", res.Code)
	require.Contains(t, res.Unmet.Reason, "18 years before")
	requireCode(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "BBS_POLICY_NOT_SATISFIED", "18 years before")
	// The rule is checked before the proof: a broken proof gets the same
	// unmet rule.
	d := decodedOf(t, req)
	d.PredicateProof[1] ^= 1
	res2 := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())))
	require.Equal(t, res.Unmet, res2.Unmet)
	// And a minor cannot prove the adult bound at all.
	_, _, err := predicate.Prove(rand.NewChaCha8([32]byte{}), p.s, p.k.sk.PublicKey(), minor.sig, []byte("header"), []byte("n"), minor.msgs, nil, p.mm,
		[]predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: math.MinInt64, Max: limit}})
	require.ErrorIs(t, err, bbs.ErrInvalidArgument)

	// Named range parameters: the owner's (alice, Org1MSP).
	require.True(t, e.submit(e.alice, "CreatePredicateParams", "dates-u16", rangeParams(t, 16, 1)).Committed)
	params := decode[policies.PredicateParamsRecord](t, e.evaluate(e.bob, "GetPredicateParams", "dates-u16"))
	pp, err := predicate.ParseParams(params.Params)
	require.NoError(t, err)
	dated := `{"id":"dated","issuers":[{"id":"ietf"}],"predicates":[{"index":1,"range":{"min":7000,"max":8000},"params":"dates-u16"}]}`
	require.True(t, e.submit(e.alice, "CreatePolicy", dated).Committed)
	ccs := []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(7100), Max: i64(7400), Params: "dates-u16"}}
	req = p.present(t, "ietf", ccs, []*predicate.Params{pp}, 0)
	req.Policy = &request.PolicyRef{ID: "dated"}
	res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.True(t, res.Valid && res.Satisfied, "%s %+v", res.Reason, res.Unmet)
	require.Equal(t, params.SHA256, res.Predicates[0].ParamsSHA256)
	// Bulletproofs where the rule names parameters: unmet.
	req = p.present(t, "ietf", []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(7100), Max: i64(7400)}}, nil, 0)
	req.Policy = &request.PolicyRef{ID: "dated"}
	res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
	require.False(t, res.Valid)
	require.NotNil(t, res.Unmet)

	// Parameters of another MSP (Org2's admin), and parameters the
	// coalition planted under the owner's name without the owner's
	// key-level policy: a policy of alice's naming them is refused.
	require.True(t, e.submit(e.admin2, "CreatePredicateParams", "org2-u16", rangeParams(t, 16, 1)).Committed)
	planted := strings.Replace(string(e.ledger.State(paramsKeyOf(t, e, "dates-u16"))), `"dates-u16"`, `"sq-u16"`, 1)
	require.True(t, e.coalition(paramsKeyOf(t, e, "sq-u16"), planted, revShared).Committed)
	for _, c := range []struct{ id, code, want string }{
		{"org2-u16", untrustedCode, "not to the policy owner's MSP Org1MSP"},
		{"sq-u16", untrustedCode, "not believed"},
	} {
		doc := strings.ReplaceAll(dated, "dates-u16", c.id)
		doc = strings.Replace(doc, `"id":"dated"`, `"id":"p-`+c.id+`"`, 1)
		require.True(t, e.submit(e.alice, "CreatePolicy", doc).Committed, c.id)
		q := []request.Predicate{{Kind: request.KindRange, Index: 1, Min: i64(7100), Max: i64(7400), Params: c.id}}
		req = p.present(t, "ietf", q, []*predicate.Params{pp}, 0)
		req.Policy = &request.PolicyRef{ID: "p-" + c.id}
		requireCode(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)), c.code, c.want)
		requireCode(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), c.code, c.want)
	}
}
