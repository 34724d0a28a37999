// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"errors"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/issuers"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

func TestSetIssuerSettings(t *testing.T) {
	e, _ := registered(t)
	is := decode[issuers.Issuer](t, e.submit(e.alice, "SetIssuerSettings", "acme", `{"requireBoundNonce":true,"messageCounts":[5,10]}`))
	require.Equal(t, issuers.IssuerSettings{RequireBoundNonce: true, MessageCounts: []int{5, 10}}, is.Settings)
	require.Equal(t, is, decode[issuers.Issuer](t, e.evaluate(e.bob, "GetIssuer", "acme")))

	// An admin of the owner's MSP may change them.
	is = decode[issuers.Issuer](t, e.submit(e.admin1, "SetIssuerSettings", "acme", `{"messageCounts":[5]}`))
	require.Equal(t, issuers.IssuerSettings{MessageCounts: []int{5}}, is.Settings)
	// A bbs+2020 issuer's counts cannot be cleared.
	for _, clear := range []string{`{}`, `{"messageCounts":[]}`, `{"requireBoundNonce":true}`} {
		requireFailure(t, e.submit(e.alice, "SetIssuerSettings", "acme", clear), "a bbs+2020 issuer must pin messageCounts")
	}
	// Other schemes' may: an empty object resets.
	require.True(t, e.register(e.alice, "ietf", newKeyPair(t, bbs.BLS12381SHA256(), 3), "", 5).Committed)
	is = decode[issuers.Issuer](t, e.submit(e.alice, "SetIssuerSettings", "ietf", `{}`))
	require.Equal(t, issuers.IssuerSettings{}, is.Settings)

	requireFailure(t, e.submit(e.bob, "SetIssuerSettings", "acme", `{}`), "access denied")
	requireFailure(t, e.submit(e.admin2, "SetIssuerSettings", "acme", `{}`), "access denied")
	requireFailure(t, e.submit(e.alice, "SetIssuerSettings", "nobody", `{}`), "not found")
	require.True(t, e.submit(e.alice, "RevokeIssuer", "acme").Committed)
	requireFailure(t, e.submit(e.alice, "SetIssuerSettings", "acme", `{}`), "revoked")
}

func TestParseSettingsRejects(t *testing.T) {
	for body, want := range map[string]string{
		``:                              "one JSON object",
		`null`:                          "one JSON object",
		`[]`:                            "one JSON object",
		`{"requireBoundNonce":"yes"}`:   "malformed",
		`{"RequireBoundNonce":true}`:    "unknown field",
		`{"messagecounts":[1]}`:         "unknown field",
		`{"other":1}`:                   "unknown field",
		`{"requireBoundNonce":true} {}`: "one JSON object",
		`{"requireBoundNonce":true,"requireBoundNonce":false}`: "duplicate field",
		`{"messageCounts":[0]}`:                                "outside 1..1024",
		`{"messageCounts":[1025]}`:                             "outside 1..1024",
		`{"messageCounts":[5,3]}`:                              "ascending",
		`{"messageCounts":[3,3]}`:                              "ascending",
		`{"messageCounts":[1.5]}`:                              "malformed",
		`{"messageCounts":` + strings.Repeat(" ", base.MaxSettingsSize) + `[]}`: "over the limit",
	} {
		_, err := issuers.ParseSettings(body)
		require.ErrorIs(t, err, base.ErrInvalidArgument, "%.60q", body)
		require.ErrorContains(t, err, want, "%.60q", body)
		require.Less(t, len(err.Error()), 300)
	}
	s, err := issuers.ParseSettings(`{"messageCounts":[]}`)
	require.NoError(t, err)
	require.Nil(t, s.MessageCounts)
}

// TestRequireBoundNonce: with the setting, SubmitProof refuses a request
// whose nonce is not bound to the submitter, such as a bound request
// copied from a pending transaction with bindSubmitter flipped off.
func TestRequireBoundNonce(t *testing.T) {
	e, k := registered(t)
	require.True(t, e.submit(e.alice, "SetIssuerSettings", "acme", `{"requireBoundNonce":true,"messageCounts":[5]}`).Committed)
	c := sign(t, k, nil)
	salt := []byte("salt")
	forBob := c.present(t, "acme", request.BoundNonce(testChannel, "Org1MSP", request.SubmitterID(e.bob.Cert), salt), 1)
	forBob.BindSubmitter, forBob.Salt = true, "c2FsdA=="

	copied := *forBob
	copied.BindSubmitter, copied.Salt = false, ""
	requireFailure(t, e.submit(e.alice, "SubmitProof", jsonArg(t, &copied)), "bound", `issuer "acme" requires`)
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, &copied)), "bound")
	// VerifyProof never calls valid what SubmitProof refuses.
	res := decode[proofs.VerificationResult](t, e.evaluate(e.alice, "VerifyProof", jsonArg(t, &copied)))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, `issuer "acme" requires a nonce bound to the submitter`)
	require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, forBob))).Valid)

	require.True(t, decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, forBob))).BoundToSubmitter)
}

// TestPinnedMessageCounts: a proof whose message count the issuer did not
// register is refused, naming the count, before any curve arithmetic.
func TestPinnedMessageCounts(t *testing.T) {
	for _, s := range bbs.Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			e := newEnv(t)
			k := newKeyPair(t, s, 50)
			require.True(t, e.register(e.alice, "uni", k, "").Committed)
			req := sign(t, k, nil).present(t, "uni", []byte("pinned counts nonce"), 1, 3)
			n := len(testMessages)

			require.True(t, e.submit(e.alice, "SetIssuerSettings", "uni", `{"messageCounts":[3,4,6,1024]}`).Committed)
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
			require.False(t, res.Valid)
			require.Contains(t, res.Reason, "covers 5 signed messages")
			require.Equal(t, n, res.MessageCount)
			requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "proof rejected", "covers 5 signed messages")

			require.True(t, e.submit(e.alice, "SetIssuerSettings", "uni", `{"messageCounts":[3,5]}`).Committed)
			require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))).Valid)
			require.Equal(t, n, decode[proofs.ProofReceipt](t, e.submit(e.bob, "SubmitProof", jsonArg(t, req))).MessageCount)
		})
	}
}

// FuzzParseSettings checks that parseSettings never panics, fails only
// with ErrInvalidArgument, and accepts only settings within the rules.
func FuzzParseSettings(f *testing.F) {
	f.Add(`{"requireBoundNonce":true,"messageCounts":[1,5,1024]}`)
	f.Add(`{}`)
	f.Add(`{"messageCounts":[2,1]}`)
	f.Add(`{"requireBoundNonce":true,"requireBoundNonce":true}`)
	f.Fuzz(func(t *testing.T, body string) {
		s, err := issuers.ParseSettings(body)
		if err != nil {
			if !errors.Is(err, base.ErrInvalidArgument) {
				t.Fatalf("error without ErrInvalidArgument: %v", err)
			}
			return
		}
		for i, n := range s.MessageCounts {
			if n < 1 || n > bbs.MaxMessages || (i > 0 && n <= s.MessageCounts[i-1]) {
				t.Fatalf("accepted counts %v", s.MessageCounts)
			}
		}
		if len(s.MessageCounts) > 0 && !s.AllowsCount(bbs.BBSPlus2020Name, s.MessageCounts[0]) {
			t.Fatalf("a registered count is not allowed: %v", s.MessageCounts)
		}
	})
}
