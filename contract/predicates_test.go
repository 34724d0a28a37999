// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
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
	seq  int
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
	return &predIssuer{e: e, s: s, k: k, mm: mm, msgs: msgs, sig: sig}
}

// present proves preds (request form) disclosing revealed, with params
// resolved by the caller (nil for Bulletproofs ranges), for a fresh nonce.
func (p *predIssuer) present(t *testing.T, issuer string, preds []request.Predicate, params []*predicate.Params, revealed ...int) *request.Request {
	t.Helper()
	p.seq++
	nonce := []byte(fmt.Sprintf("predicate nonce %04d", p.seq))
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
	proof, pp, err := predicate.Prove(rand.NewChaCha8([32]byte{byte(p.seq), 'p'}), p.s, p.k.sk.PublicKey(), p.sig, []byte("header"), nonce, p.msgs, revealed, p.mm, qs)
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
