// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/spends"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakestub"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/hyperledger/fabric-protos-go-apiv2/peer"
	"github.com/stretchr/testify/require"
)

// nymCredential is a credential of a pseudonym scheme, made as cmd/bbs
// makes it: one nym secret, no holder-committed message.
type nymCredential struct {
	scheme bbs.PseudonymScheme
	pk     *bbs.PublicKey
	sig    *bbs.Signature
	secret *bbs.NymSecret
	seed   byte
}

func newNymCredential(t *testing.T, k *keyPair, seed byte) *nymCredential {
	t.Helper()
	s := k.scheme.(bbs.PseudonymScheme)
	rnd := rand.NewChaCha8([32]byte{seed})
	com, prover, err := s.CommitWithNym(rnd, nil, bbs.DefaultNymCount)
	require.NoError(t, err)
	sig, entropy, err := s.BlindSignWithNym(rnd, k.sk, com, nil, testMessages)
	require.NoError(t, err)
	secret, err := s.FinalizeWithNym(k.sk.PublicKey(), sig, nil, testMessages, nil, prover, entropy)
	require.NoError(t, err)
	return &nymCredential{scheme: s, pk: k.sk.PublicKey(), sig: sig, secret: secret, seed: seed}
}

// present derives a proof revealing message 2 with the pseudonym of
// context, and returns its request.
func (c *nymCredential) present(t *testing.T, issuer, context, nonce string) *request.Request {
	t.Helper()
	rnd := rand.NewChaCha8([32]byte{c.seed, byte(len(nonce)), byte(len(context))})
	proof, nym, err := c.scheme.DeriveProofWithPseudonym(rnd, c.pk, c.sig, nil, []byte(nonce), []byte(context), testMessages, nil, []int{2}, nil, c.secret)
	require.NoError(t, err)
	d := &request.Decoded{Issuer: issuer, Proof: proof.Bytes(), Nonce: []byte(nonce),
		Disclosed: []request.Message{{Index: 2, Message: testMessages[2]}},
		Pseudonym: nym.Bytes(), Context: []byte(context)}
	return d.Encode()
}

// nymRegistered is a ledger with issuer "polls" of each pseudonym scheme,
// registered by alice.
func nymRegistered(t *testing.T, s bbs.PseudonymScheme) (*env, *keyPair) {
	t.Helper()
	e := newEnv(t)
	return e, registerPolls(t, e, s)
}

// registerPolls has alice register "polls" of scheme s with key seed 11 on
// e.
func registerPolls(t *testing.T, e *env, s bbs.PseudonymScheme) *keyPair {
	t.Helper()
	k := newKeyPair(t, s, 11)
	require.True(t, e.register(e.alice, "polls", k, "Polls").Committed)
	return k
}

func b64(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

func TestPseudonymUseLimit(t *testing.T) {
	for _, s := range bbs.PseudonymSchemes() {
		t.Run(s.Name(), func(t *testing.T) {
			e, k := nymRegistered(t, s)
			holder, other := newNymCredential(t, k, 1), newNymCredential(t, k, 2)

			first := holder.present(t, "polls", "poll-2026-17", "nonce one 0123456789")
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, first)))
			require.True(t, res.Valid, res.Reason)
			require.Equal(t, len(testMessages), res.MessageCount)
			require.Equal(t, first.Pseudonym, base64.StdEncoding.EncodeToString(res.Pseudonym))
			require.Equal(t, "poll-2026-17", string(res.Context))
			require.Zero(t, res.PseudonymUses)

			// First use commits; receipt, event and record carry the pseudonym.
			r := e.submit(e.bob, "SubmitProof", jsonArg(t, first))
			receipt := decode[proofs.ProofReceipt](t, r)
			require.True(t, r.Committed)
			require.Equal(t, first.Pseudonym, base64.StdEncoding.EncodeToString(receipt.Pseudonym))
			require.Equal(t, "poll-2026-17", string(receipt.Context))
			require.Equal(t, base.HashHex([]byte("poll-2026-17")), receipt.ContextSHA256)
			require.Equal(t, 1, receipt.PseudonymUse)
			require.NotNil(t, r.Event)
			require.JSONEq(t, string(r.Response.Payload), string(r.Event.Payload))
			rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
			require.Equal(t, receipt.Pseudonym, rec.Pseudonym)
			require.Equal(t, []byte("poll-2026-17"), rec.Context)
			require.Equal(t, 1, rec.PseudonymUse)

			res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, first)))
			require.Equal(t, 1, res.PseudonymUses)

			// A second use in the same context, with a fresh nonce and
			// proof, is refused and writes nothing.
			second := holder.present(t, "polls", "poll-2026-17", "nonce two 0123456789abc")
			require.NotEqual(t, first.Proof, second.Proof)
			require.Equal(t, first.Pseudonym, second.Pseudonym)
			requireFailure(t, e.submit(e.alice, "SubmitProof", jsonArg(t, second)), "pseudonym already used", "poll-2026-17", "limit is 1")

			// Another context: another pseudonym, which commits.
			elsewhere := holder.present(t, "polls", "poll-2026-18", "nonce three 0123456789")
			require.NotEqual(t, first.Pseudonym, elsewhere.Pseudonym)
			r2 := e.submit(e.bob, "SubmitProof", jsonArg(t, elsewhere))
			require.Equal(t, 1, decode[proofs.ProofReceipt](t, r2).PseudonymUse)

			// Another credential in the first context is independent.
			theirs := other.present(t, "polls", "poll-2026-17", "nonce four 0123456789")
			require.NotEqual(t, first.Pseudonym, theirs.Pseudonym)
			r3 := e.submit(e.bob, "SubmitProof", jsonArg(t, theirs))
			require.True(t, r3.Committed, r3.Response.GetMessage())

			uses := decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses", b64("poll-2026-17"), first.Pseudonym))
			require.Equal(t, 1, uses.Count)
			require.False(t, uses.More)
			require.Equal(t, r.TxID, uses.Uses[0].TxID)
			require.Equal(t, 1, uses.Uses[0].Sequence)
			require.Equal(t, "polls", uses.Uses[0].Issuer)
			require.Equal(t, base.HashHex(k.sk.PublicKey().Bytes()), uses.Uses[0].KeySHA256)
			require.Equal(t, r.Timestamp, uses.Uses[0].Timestamp)
			uses = decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses", b64("poll-2026-18"), elsewhere.Pseudonym))
			require.Equal(t, r2.TxID, uses.Uses[0].TxID)
			uses = decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses", b64("poll-2026-18"), first.Pseudonym))
			require.Zero(t, uses.Count)
			require.Empty(t, uses.Uses)
		})
	}
}

// TestPseudonymUseInOneBlock: two uses of one pseudonym in one context
// (different nonces, so only the pseudonym's count can conflict), endorsed
// against the same state: exactly one commits.
func TestPseudonymUseInOneBlock(t *testing.T) {
	e, k := nymRegistered(t, bbs.NymBLS12381SHA256())
	c := newNymCredential(t, k, 3)
	a := jsonArg(t, c.present(t, "polls", "vote", "raced nonce a 0123456789"))
	b := jsonArg(t, c.present(t, "polls", "vote", "raced nonce bb 0123456789"))
	rs := e.ledger.SubmitBlock(e.cc,
		fakestub.Tx{Creator: e.bob.Creator, Args: []string{Name + ":SubmitProof", a}},
		fakestub.Tx{Creator: e.alice.Creator, Args: []string{Name + ":SubmitProof", b}})
	var winner string
	for _, r := range rs {
		require.True(t, r.OK(), "both endorse: %s", r.Response.GetMessage())
		if r.Validation == peer.TxValidationCode_VALID {
			require.Empty(t, winner, "two uses committed")
			winner = r.TxID
		} else {
			require.Equal(t, peer.TxValidationCode_MVCC_READ_CONFLICT, r.Validation)
			require.False(t, r.Committed)
		}
	}
	require.NotEmpty(t, winner)
	var req request.Request
	require.NoError(t, json.Unmarshal([]byte(a), &req))
	uses := decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses", b64("vote"), req.Pseudonym))
	require.Equal(t, 1, uses.Count)
	require.Equal(t, winner, uses.Uses[0].TxID)
}

// TestPseudonymRequests: which requests a pseudonym issuer and a plain
// issuer accept, and proofs whose pseudonym is not theirs.
func TestPseudonymRequests(t *testing.T) {
	e, k := nymRegistered(t, bbs.NymBLS12381SHAKE256())
	plain := newKeyPair(t, bbs.BBSPlus2020(), 1)
	require.True(t, e.register(e.alice, "acme", plain, "Acme").Committed)
	c := newNymCredential(t, k, 4)
	good := c.present(t, "polls", "ctx-a", "nonce good 0123456789")

	noNym := *good
	noNym.Pseudonym, noNym.Context = "", ""
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &noNym)), "needs its pseudonym and context")
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, &noNym)), "needs its pseudonym and context")

	plainReq := sign(t, plain, nil).present(t, "acme", []byte("nonce plain 0123456789"), 1)
	plainReq.Pseudonym, plainReq.Context = good.Pseudonym, good.Context
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, plainReq)), "has no pseudonyms")

	for _, tc := range []struct {
		name   string
		change func(r *request.Request)
		reason string
	}{
		{"pseudonym of another context", func(r *request.Request) {
			r.Pseudonym = c.present(t, "polls", "ctx-b", "x").Pseudonym
		}, "does not verify"},
		{"pseudonym of another credential", func(r *request.Request) {
			r.Pseudonym = newNymCredential(t, k, 5).present(t, "polls", "ctx-a", "x").Pseudonym
		}, "does not verify"},
		{"another context", func(r *request.Request) { r.Context = b64("ctx-b") }, "does not verify"},
		{"malformed pseudonym", func(r *request.Request) {
			r.Pseudonym = base64.StdEncoding.EncodeToString(make([]byte, 48))
		}, "pseudonym"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := *good
			tc.change(&r)
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &r)))
			require.False(t, res.Valid)
			require.Contains(t, res.Reason, tc.reason)
			requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, &r)), "proof rejected")
		})
	}

	// Pinned message counts apply to the issuer's messages.
	decode[issuers.Issuer](t, e.submit(e.alice, "SetIssuerSettings", "polls", `{"messageCounts":[4]}`))
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, good)))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "covers 5 signed messages")
	decode[issuers.Issuer](t, e.submit(e.alice, "SetIssuerSettings", "polls", `{"messageCounts":[5]}`))
	require.True(t, decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, good))).Valid)
}

func TestCheckPseudonymLimit(t *testing.T) {
	withNym := &proofs.Check{Req: &request.Decoded{Pseudonym: []byte{1}, Context: []byte("c")}, Issuer: &issuers.Issuer{ID: "polls"}, Key: &issuers.IssuerKey{Version: 1}}
	without := &proofs.Check{Req: &request.Decoded{}, Issuer: &issuers.Issuer{ID: "acme"}, Key: &issuers.IssuerKey{Version: 1}}
	for _, tc := range []struct {
		v           *proofs.Check
		uses, limit int
		refused     bool
	}{
		{withNym, 0, 1, false},
		{withNym, 1, 1, true},
		{withNym, 1, 2, false},
		{withNym, 2, 2, true},
		{withNym, 5, 2, true},
		{without, 3, 1, false},
	} {
		err := tc.v.CheckPseudonymLimit(tc.uses, tc.limit)
		require.Equal(t, tc.refused, err != nil, "uses %d, limit %d: %v", tc.uses, tc.limit, err)
		if tc.refused {
			require.ErrorIs(t, err, base.ErrPseudonymUsed)
		}
	}
}

func TestGetPseudonymUsesArguments(t *testing.T) {
	e := newEnv(t)
	nym := base64.StdEncoding.EncodeToString(make([]byte, 48))
	for _, tc := range []struct{ name, context, pseudonym, want string }{
		{"empty context", "", nym, "context"},
		{"empty pseudonym", b64("c"), "", "pseudonym"},
		{"context not base64", "poll-2026-17", nym, "context"},
		{"context not canonical", "YQ=\n=", nym, "context"},
		{"context over the limit", b64(strings.Repeat("c", request.MaxContextSize+1)), nym, "context"},
		{"pseudonym over the limit", b64("c"), base64.StdEncoding.EncodeToString(make([]byte, request.MaxPseudonymSize+1)), "pseudonym"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			requireFailure(t, e.evaluate(e.bob, "GetPseudonymUses", tc.context, tc.pseudonym), "invalid argument", tc.want)
		})
	}
	// The limits are inclusive.
	uses := decode[spends.PseudonymUses](t, e.evaluate(e.bob, "GetPseudonymUses", b64(strings.Repeat("c", request.MaxContextSize)), nym))
	require.Zero(t, uses.Count)
}

// TestPseudonymCopiedRequest: what a copier of a pending transaction can do
// with a pseudonym request. Without bound nonces it can submit the request
// first and so spend the holder's one use in the context (the record then
// names the copier as submitter); it cannot move the proof to another
// context or pseudonym. With the issuer's requireBoundNonce setting and a
// nonce bound to the holder, neither the copy nor a copy with the binding
// dropped commits, and the holder's own submission does.
func TestPseudonymCopiedRequest(t *testing.T) {
	s := bbs.NymBLS12381SHA256().(bbs.PseudonymScheme)
	e, k := nymRegistered(t, s)
	holder := newNymCredential(t, k, 3)

	// Unbound: the copier (alice) wins the race, the holder (bob) loses.
	req := holder.present(t, "polls", "poll-copied", "unbound nonce 0123456789")
	otherContext, otherNym := *req, *req
	otherContext.Context = b64("poll-elsewhere")
	otherNym.Pseudonym = holder.present(t, "polls", "poll-elsewhere", "unbound nonce 0123456789").Pseudonym
	for _, moved := range []*request.Request{&otherContext, &otherNym} {
		res := decode[proofs.VerificationResult](t, e.evaluate(e.alice, "VerifyProof", jsonArg(t, moved)))
		require.False(t, res.Valid, "a copied proof moved to another context or pseudonym")
	}
	r := e.submit(e.alice, "SubmitProof", jsonArg(t, req))
	require.True(t, r.Committed, r.Response.GetMessage())
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
	require.Equal(t, request.SubmitterID(e.alice.Cert), rec.SubmitterID)
	require.False(t, rec.BoundToSubmitter)
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "replay")

	// Bound, with the issuer requiring it.
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "polls", `{"requireBoundNonce":true}`).Committed)
	salt := []byte("holder salt")
	nonce := request.BoundNonce(testChannel, "Org1MSP", request.SubmitterID(e.bob.Cert), salt)
	bound := holder.present(t, "polls", "poll-bound", string(nonce))
	bound.BindSubmitter, bound.Salt = true, base64.StdEncoding.EncodeToString(salt)
	unbound := *bound
	unbound.BindSubmitter, unbound.Salt = false, ""
	requireFailure(t, e.submit(e.alice, "SubmitProof", jsonArg(t, bound)), "not bound to the submitter")
	requireFailure(t, e.submit(e.alice, "SubmitProof", jsonArg(t, &unbound)), "requires a nonce bound")
	r = e.submit(e.bob, "SubmitProof", jsonArg(t, bound))
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Equal(t, 1, decode[proofs.ProofReceipt](t, r).PseudonymUse)
}
