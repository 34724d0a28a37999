// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/bbs/predicate"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"
	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// nymPredIssuer is issuer "polls" of a pseudonym scheme with the integer
// positions of predSettings, and credentials of it as cmd/bbs makes them
// (one nym secret, no holder-committed message).
type nymPredIssuer struct {
	s  bbs.PseudonymScheme
	k  *keyPair
	mm *bbs.MessageMap
}

type nymPredCredential struct {
	p      *nymPredIssuer
	msgs   [][]byte
	sig    *bbs.Signature
	secret *bbs.NymSecret
	seed   byte
}

func newNymPredIssuer(t *testing.T, e *env, s bbs.PseudonymScheme) *nymPredIssuer {
	t.Helper()
	k := registerPolls(t, e, s)
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "polls", predSettings).Committed)
	mm, err := bbs.NewMessageMap([]int{1, 4})
	require.NoError(t, err)
	return &nymPredIssuer{s: s, k: k, mm: mm}
}

// credential issues integerMessages with message 1 set to born.
func (p *nymPredIssuer) credential(t *testing.T, born int64, seed byte) *nymPredCredential {
	t.Helper()
	msgs := integerMessages()
	msgs[1] = bbs.IntegerMessage(born)
	rnd := rand.NewChaCha8([32]byte{seed, 'n'})
	com, prover, err := p.s.CommitWithNym(rnd, nil, bbs.DefaultNymCount)
	require.NoError(t, err)
	sig, entropy, err := bbs.BlindSignWithNymMapped(rnd, p.s, p.k.sk, com, nil, msgs, p.mm)
	require.NoError(t, err)
	secret, err := bbs.FinalizeWithNymMapped(p.s, p.k.sk.PublicKey(), sig, nil, msgs, nil, prover, entropy, p.mm)
	require.NoError(t, err)
	return &nymPredCredential{p: p, msgs: msgs, sig: sig, secret: secret, seed: seed}
}

// present proves preds (Bulletproofs ranges, request form) with the
// pseudonym of context, disclosing message 2.
func (c *nymPredCredential) present(t *testing.T, context, nonce string, preds []request.Predicate) *request.Request {
	t.Helper()
	qs := make([]predicate.Predicate, len(preds))
	for i, q := range preds {
		qs[i] = predicate.Predicate{Kind: predicate.Range, Index: q.Index}
		qs[i].Min, qs[i].Max = q.Bounds()
	}
	rnd := rand.NewChaCha8([32]byte{c.seed, byte(len(nonce)), byte(len(context))})
	proof, nym, pp, err := predicate.ProveWithPseudonym(rnd, c.p.s, c.p.k.sk.PublicKey(), c.sig, c.secret, nil, []byte(nonce), []byte(context), c.msgs, nil, []int{2}, nil, c.p.mm, qs)
	require.NoError(t, err)
	d := &request.Decoded{Issuer: "polls", Proof: proof.Bytes(), Nonce: []byte(nonce),
		Disclosed: []request.Message{{Index: 2, Message: c.msgs[2]}},
		Pseudonym: nym.Bytes(), Context: []byte(context), Predicates: preds, PredicateProof: pp}
	return d.Encode()
}

// TestPseudonymPredicates: a presentation with a pseudonym and a range
// predicate, under a policy that requires the pseudonym's context and the
// range, is accepted by
// SubmitProof and counts the pseudonym's use; a holder out of the range
// meets no such policy, a range claimed tighter than proven does not
// verify, and a second use in the context is refused.
func TestPseudonymPredicates(t *testing.T) {
	for _, s := range bbs.PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			e := newEnv(t)
			p := newNymPredIssuer(t, e, s)
			doc := `{"id":"born-by-1991","issuers":[{"id":"polls"}],"pseudonym":{"context":"` + b64("poll-1") + `"},"predicates":[{"index":1,"range":{"max":7665}}]}`
			require.True(t, e.submit(e.alice, "CreatePolicy", doc).Committed)
			rule := []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(7665)}}

			holder := p.credential(t, 7300, 1)
			req := holder.present(t, "poll-1", "pseudonym predicate nonce 01", rule)
			req.Policy = &request.PolicyRef{ID: "born-by-1991"}
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
			require.True(t, res.Valid && res.Satisfied, "%s %+v", res.Reason, res.Unmet)
			require.Equal(t, []proofs.ProvenPredicate{{Kind: "range", Index: 1, Range: &proofs.ProvenRange{Min: -1 << 63, Max: 7665}}}, res.Predicates)
			r := e.submit(e.bob, "SubmitProof", jsonArg(t, req))
			require.True(t, r.Committed, r.Response.GetMessage())
			receipt := decode[proofs.ProofReceipt](t, r)
			require.Equal(t, 1, receipt.PseudonymUse)
			require.Equal(t, "born-by-1991", receipt.Policy)
			require.Len(t, receipt.Predicates, 1)
			rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
			require.Equal(t, receipt.Predicates, rec.Predicates)
			require.Equal(t, 1, rec.PseudonymUse)

			// A second use of the pseudonym in the context is refused.
			again := holder.present(t, "poll-1", "pseudonym predicate nonce 02", rule)
			again.Policy = &request.PolicyRef{ID: "born-by-1991"}
			requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, again)), "pseudonym already used", "limit is 1")
			// The policy's pseudonym rule holds with the predicates: in
			// another context the policy is unmet.
			elsewhere := holder.present(t, "poll-3", "pseudonym predicate nonce 06", rule)
			elsewhere.Policy = &request.PolicyRef{ID: "born-by-1991"}
			requireCode(t, e.submit(e.bob, "SubmitProof", jsonArg(t, elsewhere)), "BBS_POLICY_NOT_SATISFIED", "pseudonym context must be")

			// Born later: the holder proves only its own bound, which the
			// policy refuses before any pairing; claimed for the policy's
			// bound, the proof does not verify.
			late := p.credential(t, 8000, 2)
			own := late.present(t, "poll-1", "pseudonym predicate nonce 03", []request.Predicate{{Kind: request.KindRange, Index: 1, Max: i64(8000)}})
			own.Policy = &request.PolicyRef{ID: "born-by-1991"}
			requireCode(t, e.submit(e.bob, "SubmitProof", jsonArg(t, own)), "BBS_POLICY_NOT_SATISFIED")
			d := decodedOf(t, own)
			d.Predicates = rule
			res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())))
			require.False(t, res.Valid)
			require.Equal(t, "BBS_PROOF_REJECTED", res.Code, res.Reason)
			// And out of range, no proof is made.
			_, _, _, err := predicate.ProveWithPseudonym(nil, s, p.k.sk.PublicKey(), late.sig, late.secret, nil, []byte("n"), []byte("poll-1"), late.msgs, nil, nil, nil, p.mm,
				[]predicate.Predicate{{Kind: predicate.Range, Index: 1, Min: -1 << 63, Max: 7665}})
			require.ErrorIs(t, err, bbs.ErrInvalidArgument)

			// The same proof with another pseudonym or context, or its
			// predicate proof altered, does not verify.
			other := p.credential(t, 7300, 3).present(t, "poll-1", "pseudonym predicate nonce 04", rule)
			for name, mutate := range map[string]func(d *request.Decoded){
				"other pseudonym": func(d *request.Decoded) { d.Pseudonym = decodedOf(t, other).Pseudonym },
				"other context":   func(d *request.Decoded) { d.Context = []byte("poll-2") },
				"proof byte":      func(d *request.Decoded) { d.PredicateProof[len(d.PredicateProof)/2] ^= 1 },
				"no predicate":    func(d *request.Decoded) { d.Predicates, d.PredicateProof = nil, nil },
			} { //bbs:maporder-ok each case checked alone
				d := decodedOf(t, holder.present(t, "poll-1", "pseudonym predicate nonce 05", rule))
				mutate(d)
				res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, d.Encode())))
				require.False(t, res.Valid, name)
				require.Equal(t, "BBS_PROOF_REJECTED", res.Code, "%s: %s", name, res.Reason)
			}

			// In another context the pseudonym is fresh, and the issuer's
			// integer positions map a disclosed integer without predicates.
			c := holder
			rnd := rand.NewChaCha8([32]byte{9})
			proof, nym, err := bbs.DeriveProofWithPseudonymMapped(rnd, s, p.k.sk.PublicKey(), c.sig, nil, []byte("pseudonym integer nonce 0001"), []byte("poll-2"), c.msgs, nil, []int{2, 4}, nil, c.secret, p.mm)
			require.NoError(t, err)
			plain := (&request.Decoded{Issuer: "polls", Proof: proof.Bytes(), Nonce: []byte("pseudonym integer nonce 0001"),
				Disclosed: []request.Message{{Index: 2, Message: c.msgs[2]}, {Index: 4, Message: c.msgs[4]}},
				Pseudonym: nym.Bytes(), Context: []byte("poll-2")}).Encode()
			r = e.submit(e.bob, "SubmitProof", jsonArg(t, plain))
			require.True(t, r.Committed, r.Response.GetMessage())
			require.Equal(t, 1, decode[proofs.ProofReceipt](t, r).PseudonymUse, fmt.Sprint(s.Name()))
		})
	}
}

// TestPseudonymIntegerSettings: an issuer of a pseudonym scheme declares
// integer positions at registration or later, as an IETF issuer does; a
// bbs+2020 issuer still cannot.
func TestPseudonymIntegerSettings(t *testing.T) {
	e := newEnv(t)
	for i, s := range bbs.PseudonymSchemes() {
		doc := registrationDoc(t, e.alice, fmt.Sprintf("nym%d", i), newKeyPair(t, s, byte(20+i)), "")
		var reg map[string]any
		require.NoError(t, json.Unmarshal([]byte(doc), &reg))
		reg["settings"] = json.RawMessage(`{"integers":[{"index":0,"type":"int64"}]}`)
		is := decode[issuers.Issuer](t, e.submit(e.alice, "RegisterIssuer", jsonArg(t, reg)))
		require.Equal(t, []issuers.IntegerPosition{{Index: 0, Type: "int64"}}, is.Settings.Integers, s.Name())
		require.True(t, e.submit(e.alice, "SetIssuerSettings", fmt.Sprintf("nym%d", i), `{"integers":[{"index":0,"type":"int64"}]}`).Committed)
		requireCode(t, e.submit(e.alice, "SetIssuerSettings", fmt.Sprintf("nym%d", i), `{"integers":[{"index":1,"type":"int64"}]}`),
			"BBS_INVALID_ARGUMENT", "cannot change")
	}
	require.True(t, e.register(e.alice, "plus", newKeyPair(t, bbs.BBSPlus2020(), 5), "").Committed)
	requireCode(t, e.submit(e.alice, "SetIssuerSettings", "plus", `{"messageCounts":[5],"integers":[{"index":1,"type":"date"}]}`),
		"BBS_INVALID_ARGUMENT", "integers are for the schemes")
}
