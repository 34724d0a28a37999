// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"encoding/base64"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// TestLowerCaseTransactionNamesRefused: contract-api would dispatch
// "submitProof" to SubmitProof without checking its argument against the
// schema; the contract refuses such names, with or without the contract
// name, whatever the argument.
func TestLowerCaseTransactionNamesRefused(t *testing.T) {
	e, k := registered(t)
	req := sign(t, k, nil).present(t, "acme", []byte("lower-case names nonce"), 0)
	valid := jsonArg(t, req)
	unknown := strings.Replace(valid, `{`, `{"extra":1,`, 1)
	upperNonce := strings.Replace(valid, `"nonce"`, `"NONCE"`, 1)
	for _, fn := range []string{Name + ":submitProof", "submitProof", Name + ":verifyProof", "verifyProof", Name + ":_SubmitProof"} {
		for _, arg := range []string{valid, unknown, upperNonce} {
			requireFailure(t, e.ledger.Submit(e.cc, e.bob.Creator, fn, arg), "case-sensitive")
		}
	}
	requireFailure(t, e.ledger.Submit(e.cc, e.alice.Creator, Name+":rotateIssuerKey", "acme", newKeyPair(t, bbs.BBSPlus2020(), 5).publicKeyText()), "case-sensitive")
	// The exact names still work, and still validate.
	requireFailure(t, e.submit(e.bob, "SubmitProof", unknown), "extra")
	requireFailure(t, e.submit(e.bob, "SubmitProof", upperNonce))
	require.True(t, e.submit(e.bob, "SubmitProof", valid).Committed)
}

// TestRequestReparsedFromTheRawArgument: the contract reads the request
// with request.Parse, so what contract-api's schema check lets through
// (a field given twice) is refused by every transaction that takes one.
func TestRequestReparsedFromTheRawArgument(t *testing.T) {
	e, k := registered(t)
	other := newKeyPair(t, bbs.BBSPlus2020(), 8)
	require.True(t, e.register(e.alice, "other", other, "").Committed)
	valid := jsonArg(t, sign(t, k, nil).present(t, "acme", []byte("duplicate keys nonce"), 0))
	dup := strings.Replace(valid, `{`, `{"issuer":"other",`, 1)
	for _, fn := range []string{"VerifyProof", "SubmitProof"} {
		requireFailure(t, e.submit(e.bob, fn, dup), "duplicate field", "issuer")
	}
	nested := strings.Replace(valid, `"index":0`, `"index":0,"index":0`, 1)
	requireFailure(t, e.submit(e.bob, "SubmitProof", nested), "duplicate field")
}

// TestSubmitProofNonceLength: SubmitProof needs a nonce of at least
// MinSubmitNonceSize bytes; VerifyProof takes any.
func TestSubmitProofNonceLength(t *testing.T) {
	e, k := registered(t)
	c := sign(t, k, nil)
	for _, n := range []int{0, 1, proofs.MinSubmitNonceSize - 1} {
		req := c.present(t, "acme", make([]byte, n), 0)
		requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "nonce is", "at least 16")
		require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))).Valid)
	}
	require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, c.present(t, "acme", make([]byte, proofs.MinSubmitNonceSize), 0))).Committed)
}

// TestSubmitProofAnswersSmall: however large the request, SubmitProof's
// answer and event stay small; GetVerification has the full record.
func TestSubmitProofAnswersSmall(t *testing.T) {
	e := newEnv(t)
	s := bbs.BBSPlus2020()
	k := newKeyPair(t, s, 60)
	require.True(t, e.register(e.alice, "big", k, "", 40).Committed)
	messages := make([][]byte, 40)
	revealed := make([]int, len(messages))
	for i := range messages {
		messages[i] = []byte(strings.Repeat(string(rune('a'+i%26)), request.MaxMessageSize))
		revealed[i] = i
	}
	sig, err := s.Sign(k.sk, nil, messages)
	require.NoError(t, err)
	c := &credential{key: k, messages: messages, sig: sig}
	arg := jsonArg(t, c.present(t, "big", []byte("a large request's nonce"), revealed...))
	require.Greater(t, len(arg), 800_000)
	r := e.submit(e.bob, "SubmitProof", arg)
	require.True(t, r.Committed, r.Response.GetMessage())
	require.Less(t, len(r.Response.Payload), 1024)
	require.Less(t, len(r.Event.Payload), 1024)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
	require.Len(t, rec.Disclosed, len(messages))
}

// TestRecordsShowTheHeader: two credentials of one issuer that differ only
// by their header give different records; a large header is recorded by
// its hash.
func TestRecordsShowTheHeader(t *testing.T) {
	for _, s := range bbs.Schemes() {
		if !hasHeader(t, s) {
			continue
		}
		t.Run(s.Name(), func(t *testing.T) {
			e := newEnv(t)
			k := newKeyPair(t, s, 70)
			require.True(t, e.register(e.alice, "uni", k, "").Committed)
			large := []byte(strings.Repeat("h", proofs.MaxRecordedHeader+1))
			var records []proofs.Verification
			for i, h := range [][]byte{[]byte("type: diploma"), []byte("type: transcript"), large} {
				req := sign(t, k, h).present(t, "uni", []byte("header nonce 0123456789"+string(rune('a'+i))), 0)
				r := e.submit(e.bob, "SubmitProof", jsonArg(t, req))
				require.Equal(t, base.HashHex(h), decode[proofs.ProofReceipt](t, r).HeaderSHA256)
				records = append(records, decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID)))
			}
			require.Equal(t, []byte("type: diploma"), records[0].Header)
			require.Equal(t, []byte("type: transcript"), records[1].Header)
			require.NotEqual(t, records[0].HeaderSHA256, records[1].HeaderSHA256)
			require.Nil(t, records[2].Header)
			require.Equal(t, base.HashHex(large), records[2].HeaderSHA256)
			for _, rec := range records {
				require.Equal(t, len(testMessages), rec.MessageCount)
			}
		})
	}
}

// TestErrorsDoNotEchoArguments: a huge argument gives a short error.
func TestErrorsDoNotEchoArguments(t *testing.T) {
	e, k := registered(t)
	huge := strings.Repeat("x", 200_000)
	pk := k.publicKeyText()
	// big fits in a registration document (registration.MaxDocumentSize).
	big := strings.Repeat("x", 30_000)
	reg := func(id, scheme, pk, description string) string {
		return jsonArg(t, map[string]any{"id": id, "scheme": scheme, "publicKey": pk, "description": description,
			"settings": map[string]any{"messageCounts": []int{5}}, "proofOfPossession": "AAAA"})
	}
	valid := sign(t, k, nil).present(t, "acme", []byte("echo nonce 0123456789"), 0)
	badIssuer := *valid
	badIssuer.Issuer = huge
	badScheme := *valid
	badScheme.Scheme = huge
	cases := map[string][]string{
		"RegisterIssuer id":          {"RegisterIssuer", reg(big, bbs.BBSPlus2020Name, pk, "")},
		"RegisterIssuer scheme":      {"RegisterIssuer", reg("x", big, pk, "")},
		"RegisterIssuer description": {"RegisterIssuer", reg("x", bbs.BBSPlus2020Name, pk, big)},
		"RegisterIssuer publicKey":   {"RegisterIssuer", reg("x", bbs.BBSPlus2020Name, big, "")},
		"RegisterIssuer field":       {"RegisterIssuer", `{"` + big + `":1}`},
		"RegisterIssuer document":    {"RegisterIssuer", huge},
		"GetIssuer":                  {"GetIssuer", huge},
		"ListIssuers":                {"ListIssuers", "10", huge},
		"ListIssuers pageSize":       {"ListIssuers", huge, ""},
		"RevokeIssuerKey version":    {"RevokeIssuerKey", "acme", huge},
		"GetIssuerHistory pageSize":  {"GetIssuerHistory", "acme", huge, ""},
		"VerifyProof field":          {"VerifyProof", `{"issuer":"acme","` + huge + `":1}`},
		"GetIssuerHistory id":        {"GetIssuerHistory", huge, "10", ""},
		"GetIssuerHistory bookmark":  {"GetIssuerHistory", "acme", "10", huge},
		"SetIssuerSettings":          {"SetIssuerSettings", "acme", `{"` + huge + `":1}`},
		"GetVerification":            {"GetVerification", huge},
		"VerifyProof issuer":         {"VerifyProof", jsonArg(t, &badIssuer)},
		"SubmitProof scheme":         {"SubmitProof", jsonArg(t, &badScheme)},
		"SubmitProof field":          {"SubmitProof", `{"` + huge + `":1}`},
		"RotateIssuerKey":            {"RotateIssuerKey", huge},
		"RotateIssuerKey id":         {"RotateIssuerKey", jsonArg(t, map[string]any{"id": big, "keyVersion": 2, "publicKey": pk, "proofOfPossession": "AAAA"})},
		"RotateIssuerKey field":      {"RotateIssuerKey", `{"` + big + `":1}`},
		"function name":              {huge},
	}
	for name, args := range cases {
		t.Run(name, func(t *testing.T) {
			r := e.submit(e.alice, args[0], args[1:]...)
			require.False(t, r.OK())
			require.Less(t, len(r.Response.GetMessage()), 1000, "%.300s", r.Response.GetMessage())
		})
	}
	// The request's scheme is checked before its issuer.
	r := e.submit(e.alice, "SubmitProof", jsonArg(t, &request.Request{Issuer: huge, Scheme: huge, Proof: "AA==", Nonce: base64.StdEncoding.EncodeToString(make([]byte, 16))}))
	require.Contains(t, r.Response.GetMessage(), "scheme")
}
