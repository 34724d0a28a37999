// SPDX-License-Identifier: Apache-2.0

package contract

import (
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/proofs"

	"github.com/fabric-bbs/fabric-bbs/contract/internal/base"

	"github.com/fabric-bbs/fabric-bbs/bbs"
	"github.com/fabric-bbs/fabric-bbs/internal/fakeid"
	"github.com/fabric-bbs/fabric-bbs/internal/testvectors"
	"github.com/fabric-bbs/fabric-bbs/request"
	"github.com/stretchr/testify/require"
)

// vectorDir holds the BBS+ 2020 interoperability vectors (aries-bbs-go and
// IBM/idemix), shared with the bbs package's tests.
const vectorDir = "../bbs/testdata/bbsplus"

// loadVectors returns the vector file with the given base name.
func loadVectors(t *testing.T, name string) *testvectors.BBSPlusFile {
	t.Helper()
	files, err := testvectors.LoadBBSPlus(vectorDir)
	require.NoError(t, err)
	for _, f := range files {
		if f.Name == name {
			return f
		}
	}
	t.Fatalf("no vector file %s in %s", name, vectorDir)
	return nil
}

// TestVerifyProofInteropVectors registers each vector's key and asks
// VerifyProof about its proof: a valid case must verify; an invalid one must
// be refused at registration (bad key), be an error (malformed request) or
// give valid false.
func TestVerifyProofInteropVectors(t *testing.T) {
	files, err := testvectors.LoadBBSPlus(vectorDir)
	require.NoError(t, err)
	for _, f := range files {
		t.Run(f.Name, func(t *testing.T) {
			e := newEnv(t)
			issuers := map[string]string{} // public key -> issuer ID
			outcomes := map[string]int{}
			for i, c := range f.Cases {
				issuer, ok := issuers[c.PublicKey.String()]
				if !ok {
					issuer = fmt.Sprintf("vec-%d", i)
					// The vectors give no secret key, so no proof of
					// possession: the record is written directly, every
					// count allowed.
					if err := e.seedIssuer(issuer, f.Scheme, c.PublicKey.String(), c.Name, allCounts()); err != nil {
						require.False(t, c.Valid, "%s: valid case's key refused: %v", c.Name, err)
						require.Contains(t, err.Error(), "publicKey", c.Name)
						outcomes["key refused"]++
						continue
					}
					issuers[c.PublicKey.String()] = issuer
				}
				req := map[string]any{"issuer": issuer, "scheme": f.Scheme, "proof": c.Proof, "nonce": c.Nonce}
				require.Len(t, c.RevealedMessages, len(c.Revealed), c.Name)
				var disclosed []map[string]any
				for j, idx := range c.Revealed {
					disclosed = append(disclosed, map[string]any{"index": idx, "message": c.RevealedMessages[j]})
				}
				if disclosed != nil {
					req["disclosed"] = disclosed
				}
				r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))
				if c.Valid {
					res := decode[proofs.VerificationResult](t, r)
					require.True(t, res.Valid, "%s: %s", c.Name, res.Reason)
					require.Empty(t, res.Reason)
					require.Equal(t, issuer, res.Issuer)
					require.Equal(t, 1, res.KeyVersion)
					require.Equal(t, f.Scheme, res.Scheme)
					require.Len(t, res.Disclosed, len(c.Revealed))
					outcomes["valid"]++
					continue
				}
				if !r.OK() {
					require.Contains(t, r.Response.Message, "invalid verification request", c.Name)
					outcomes["error"]++
					continue
				}
				res := decode[proofs.VerificationResult](t, r)
				require.False(t, res.Valid, "%s (%s) verified", c.Name, c.Reason)
				require.NotEmpty(t, res.Reason)
				outcomes["valid false"]++
			}
			t.Logf("%s: %d cases: %v", f.Name, len(f.Cases), outcomes)
			require.Equal(t, 53, outcomes["valid"])
		})
	}
}

// TestVerifyAndSubmitEveryScheme runs the whole verification flow with each
// registered scheme: the contract has no scheme-specific code path.
func TestVerifyAndSubmitEveryScheme(t *testing.T) {
	for i, s := range bbs.Schemes() {
		t.Run(s.Name(), func(t *testing.T) {
			e := newEnv(t)
			k := newKeyPair(t, s, byte(10+i))
			require.True(t, e.register(e.alice, "uni", k, "").Committed)
			var header []byte
			if hasHeader(t, s) {
				header = []byte("credential-type: diploma")
			}
			c := sign(t, k, header)
			nonce := []byte("verifier nonce 0123456789abcdef")
			req := c.present(t, "uni", nonce, 0, 2, 4)

			disclosed := []request.DisclosedMessage{
				{Index: 0, Message: base64.StdEncoding.EncodeToString(testMessages[0])},
				{Index: 2, Message: base64.StdEncoding.EncodeToString(testMessages[2])},
				{Index: 4, Message: base64.StdEncoding.EncodeToString(testMessages[4])},
			}
			res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
			want := proofs.VerificationResult{Valid: true, Issuer: "uni", KeyVersion: 1, Scheme: s.Name(), Disclosed: disclosed, MessageCount: len(testMessages), Satisfied: true}
			if header != nil {
				want.Header, want.HeaderSHA256 = header, base.HashHex(header)
			}
			require.Equal(t, want, res)

			withScheme := *req
			withScheme.Scheme = s.Name()
			withScheme.KeyVersion = 1
			require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &withScheme))).Valid)

			tampered := *req
			tampered.Disclosed = append([]request.DisclosedMessage(nil), req.Disclosed...)
			tampered.Disclosed[1].Message = base64.StdEncoding.EncodeToString([]byte(`{"degree":"PhD"}`))
			res = decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &tampered)))
			require.False(t, res.Valid)
			require.Contains(t, res.Reason, `does not verify under key version 1 of issuer "uni"`)

			otherNonce := *req
			otherNonce.Nonce = base64.StdEncoding.EncodeToString([]byte("another nonce"))
			require.False(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &otherNonce))).Valid)

			if header != nil {
				otherHeader := *req
				otherHeader.Header = base64.StdEncoding.EncodeToString([]byte("credential-type: forged"))
				require.False(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &otherHeader))).Valid)
			}

			// SubmitProof stores the verification and emits a small receipt.
			arg := jsonArg(t, req)
			r := e.submit(e.bob, "SubmitProof", arg)
			receipt := decode[proofs.ProofReceipt](t, r)
			require.True(t, r.Committed)
			wantReceipt := proofs.ProofReceipt{
				TxID: r.TxID, Valid: true, Issuer: "uni", KeyVersion: 1, Scheme: s.Name(), MessageCount: len(testMessages),
				NonceSHA256: base.HashHex(nonce), RequestSHA256: base.HashHex([]byte(arg)),
			}
			if header != nil {
				wantReceipt.HeaderSHA256 = base.HashHex(header)
			}
			require.Equal(t, wantReceipt, receipt)
			require.NotNil(t, r.Event)
			require.Equal(t, proofs.EventProofVerified, r.Event.EventName)
			require.JSONEq(t, string(r.Response.Payload), string(r.Event.Payload))
			rec := decode[proofs.Verification](t, e.evaluate(e.alice, "GetVerification", r.TxID))
			wantRec := proofs.Verification{
				TxID: r.TxID, Issuer: "uni", KeyVersion: 1, Scheme: s.Name(), KeySHA256: base.HashHex(k.sk.PublicKey().Bytes()),
				Disclosed: disclosed, MessageCount: len(testMessages), Header: want.Header, HeaderSHA256: want.HeaderSHA256,
				Nonce: nonce, SubmitterMSPID: "Org1MSP", SubmitterID: request.SubmitterID(e.bob.Cert), Timestamp: r.Timestamp,
			}
			require.Equal(t, wantRec, rec)

			// The nonce is consumed for the key: a replay fails, whoever
			// submits it, and writes nothing.
			replay := e.submit(e.bob, "SubmitProof", jsonArg(t, req))
			requireFailure(t, replay, "replay", `the nonce was already used with key version 1 of issuer "uni"`, "by transaction "+r.TxID)
			requireFailure(t, e.submit(e.alice, "SubmitProof", jsonArg(t, req)), "replay")
			// VerifyProof is read-only; it says the nonce is consumed.
			after := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)))
			require.True(t, after.Valid)
			require.True(t, after.NonceConsumed)

			// The same nonce is fresh for another issuer.
			k2 := newKeyPair(t, s, byte(20+i))
			require.True(t, e.register(e.alice, "uni2", k2, "").Committed)
			req2 := sign(t, k2, header).present(t, "uni2", nonce, 1)
			require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req2)).Committed)
		})
	}
}

func TestVerifyProofWithoutHeaderSupport(t *testing.T) {
	// A header given to a scheme without one is a malformed request, as
	// the bbs package decides; the contract does not know which schemes
	// have headers.
	for i, s := range bbs.Schemes() {
		if hasHeader(t, s) {
			continue
		}
		e := newEnv(t)
		k := newKeyPair(t, s, byte(30+i))
		require.True(t, e.register(e.alice, "x", k, "").Committed)
		req := sign(t, k, nil).present(t, "x", []byte("n of sixteen bytes"), 0)
		req.Header = base64.StdEncoding.EncodeToString([]byte("h"))
		requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)), "invalid verification request", "header")
	}
}

func TestSubmitProofInvalidWritesNothing(t *testing.T) {
	e, k := registered(t)
	c := sign(t, k, nil)
	req := c.present(t, "acme", []byte("nonce-1 of sixteen bytes"), 1)
	req.Disclosed[0].Message = base64.StdEncoding.EncodeToString([]byte("forged"))
	before := e.ledger.Keys()
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)), "proof rejected", "does not verify")
	require.Equal(t, before, e.ledger.Keys())

	// The nonce was not consumed: the honest proof still goes through.
	require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, c.present(t, "acme", []byte("nonce-1 of sixteen bytes"), 1))).Committed)

	// A proof that does not even parse is rejected the same way.
	garbage := *req
	garbage.Nonce = base64.StdEncoding.EncodeToString([]byte("nonce-2 of sixteen bytes"))
	garbage.Proof = base64.StdEncoding.EncodeToString([]byte("not a proof"))
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, &garbage)), "proof rejected", "not a well-formed bbs+2020 proof")
	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &garbage)))
	require.False(t, res.Valid)
	require.Contains(t, res.Reason, "not a well-formed bbs+2020 proof")
}

func TestVerifyWithKeyVersions(t *testing.T) {
	e, k1 := registered(t)
	old := sign(t, k1, nil).present(t, "acme", []byte("n1 of sixteen bytes"), 0)
	k2 := newKeyPair(t, bbs.BBSPlus2020(), 2)
	require.True(t, e.rotate(e.alice, "acme", k2).Committed)
	current := sign(t, k2, nil).present(t, "acme", []byte("n2 of sixteen bytes"), 0)

	verify := func(req *request.Request, version int) proofs.VerificationResult {
		t.Helper()
		r := *req
		r.KeyVersion = version
		return decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &r)))
	}
	require.True(t, verify(current, 0).Valid)
	require.Equal(t, 2, verify(current, 0).KeyVersion)
	require.True(t, verify(current, 2).Valid)
	require.False(t, verify(current, 1).Valid)
	require.False(t, verify(old, 0).Valid, "the default is the current key")
	require.True(t, verify(old, 1).Valid, "older versions stay usable")
	require.Equal(t, 1, verify(old, 1).KeyVersion)

	withVersion := *old
	withVersion.KeyVersion = 3
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &withVersion)), `issuer "acme" has no key version 3 (it has versions 1 to 2)`)
	withVersion.KeyVersion = -1
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &withVersion)), "keyVersion: -1 is negative")

	// Revoking version 1 stops it; version 2 is unaffected.
	require.True(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "1").Committed)
	withVersion.KeyVersion = 1
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, &withVersion)), `key version 1 of issuer "acme" is revoked`)
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, &withVersion)), `key version 1 of issuer "acme" is revoked`)
	require.True(t, verify(current, 0).Valid)

	// Revoking the current version stops requests that default to it.
	require.True(t, e.submit(e.alice, "RevokeIssuerKey", "acme", "2").Committed)
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, current)), `key version 2 of issuer "acme" is revoked`)

	// Revoking the issuer stops everything.
	require.True(t, e.rotate(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 3)).Committed)
	require.True(t, e.submit(e.alice, "RevokeIssuer", "acme").Committed)
	requireFailure(t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, current)), `issuer "acme" is revoked`)
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, current)), `issuer "acme" is revoked`)
}

func TestVerifyProofRequestErrors(t *testing.T) {
	e, k := registered(t)
	good := sign(t, k, nil).present(t, "acme", []byte("n of sixteen bytes"), 0, 1)
	body := func(mutate func(m map[string]any)) string {
		var m map[string]any
		require.NoError(t, json.Unmarshal([]byte(jsonArg(t, good)), &m))
		mutate(m)
		return jsonArg(t, m)
	}
	manyDisclosed := make([]map[string]any, request.MaxDisclosed+1)
	for i := range manyDisclosed {
		manyDisclosed[i] = map[string]any{"index": i, "message": ""}
	}
	tests := []struct {
		name string
		arg  string
		want []string
	}{
		{"unknown issuer", body(func(m map[string]any) { m["issuer"] = "nobody" }), []string{`issuer "nobody": not found`}},
		{"bad issuer ID", body(func(m map[string]any) { m["issuer"] = "no body" }), []string{"invalid verification request: issuer"}},
		{"scheme mismatch", body(func(m map[string]any) { m["scheme"] = "bbs-bls12381-sha256" }), []string{`scheme "bbs-bls12381-sha256" does not match scheme "bbs+2020" of issuer "acme"`}},
		// request.Parse checks the argument before contract-api does.
		{"malformed JSON", `{"issuer": "acme", `, []string{"invalid verification request: malformed JSON"}},
		{"not an object", `[1,2]`, []string{"invalid verification request: malformed JSON"}},
		{"unknown field", body(func(m map[string]any) { m["extra"] = true }), []string{`unknown field "extra"`}},
		{"field in other case", body(func(m map[string]any) { m["Proof"] = m["proof"]; delete(m, "proof") }), []string{`unknown field "Proof"`}},
		{"missing proof", body(func(m map[string]any) { delete(m, "proof") }), []string{"proof: empty"}},
		{"missing nonce", body(func(m map[string]any) { delete(m, "nonce") }), []string{"param0", "nonce is required"}},
		{"wrong type", body(func(m map[string]any) { m["keyVersion"] = "1" }), []string{"invalid verification request", "keyVersion"}},
		{"proof not base64", body(func(m map[string]any) { m["proof"] = "***" }), []string{"invalid verification request: proof: not standard base64"}},
		{"nonce not base64", body(func(m map[string]any) { m["nonce"] = "a" }), []string{"nonce: not standard base64"}},
		{"message not base64", body(func(m map[string]any) {
			m["disclosed"] = []any{map[string]any{"index": 0, "message": "?"}}
		}), []string{"disclosed[0].message: not standard base64"}},
		{"indices not ascending", body(func(m map[string]any) {
			m["disclosed"] = []any{map[string]any{"index": 1, "message": ""}, map[string]any{"index": 0, "message": ""}}
		}), []string{"strictly ascending"}},
		{"salt without binding", body(func(m map[string]any) { m["salt"] = "AA==" }), []string{"salt: only allowed with bindSubmitter"}},
		{"too many disclosed", body(func(m map[string]any) { m["disclosed"] = manyDisclosed }), []string{"disclosed: 1025 messages, over the limit of 1024"}},
		{"message over limit", body(func(m map[string]any) {
			m["disclosed"] = []any{map[string]any{"index": 0, "message": base64.StdEncoding.EncodeToString(make([]byte, request.MaxMessageSize+1))}}
		}), []string{"disclosed[0].message: 16385 bytes, over the limit of 16384"}},
		{"proof over limit", body(func(m map[string]any) {
			m["proof"] = base64.StdEncoding.EncodeToString(make([]byte, request.MaxProofSize+1))
		}), []string{"proof: 65537 bytes, over the limit of 65536"}},
		{"request over limit", body(func(m map[string]any) { m["pad"] = strings.Repeat("x", request.MaxRequestSize) }), []string{"argument 1 is", "over the limit of 1048576"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, fn := range []string{"VerifyProof", "SubmitProof"} {
				requireFailure(t, e.submit(e.bob, fn, tt.arg), tt.want...)
			}
		})
	}
}

func TestVerifyProofMoreDisclosedThanRevealed(t *testing.T) {
	e, k := registered(t)
	req := sign(t, k, nil).present(t, "acme", []byte("n of sixteen bytes"), 0, 1)
	req.Disclosed = append(req.Disclosed, request.DisclosedMessage{Index: 7, Message: ""})
	// The scheme decides whether this is an invalid proof or a malformed
	// request; either way it is not valid and SubmitProof refuses it.
	if r := e.evaluate(e.bob, "VerifyProof", jsonArg(t, req)); r.OK() {
		require.False(t, decode[proofs.VerificationResult](t, r).Valid)
	}
	requireFailure(t, e.submit(e.bob, "SubmitProof", jsonArg(t, req)))
}

func TestBoundNonce(t *testing.T) {
	e, k := registered(t)
	c := sign(t, k, nil)
	salt := []byte("per-presentation salt")
	bobID := request.SubmitterID(e.bob.Cert)
	bound := func(channel, msp, id string, salt []byte, saltText string) *request.Request {
		req := c.present(t, "acme", request.BoundNonce(channel, msp, id, salt), 2)
		req.BindSubmitter = true
		req.Salt = saltText
		return req
	}
	saltText := base64.StdEncoding.EncodeToString(salt)
	forBob := bound(testChannel, "Org1MSP", bobID, salt, saltText)

	res := decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, forBob)))
	require.True(t, res.Valid, res.Reason)

	// Another identity, even of the same MSP, cannot use it.
	for _, other := range []*fakeid.Identity{e.alice, e.admin1, e.admin2} {
		res := decode[proofs.VerificationResult](t, e.evaluate(other, "VerifyProof", jsonArg(t, forBob)))
		require.False(t, res.Valid)
		require.Contains(t, res.Reason, "the nonce is not bound to the submitter")
		requireFailure(t, e.submit(other, "SubmitProof", jsonArg(t, forBob)), "proof rejected", "not bound to the submitter")
	}

	// Wrong channel, MSP, salt: not bound.
	for _, req := range []*request.Request{
		bound("other-channel", "Org1MSP", bobID, salt, saltText),
		bound(testChannel, "Org2MSP", bobID, salt, saltText),
		bound(testChannel, "Org1MSP", bobID, []byte("other salt"), saltText),
		bound(testChannel, "Org1MSP", bobID, salt, ""),
		bound(testChannel, "Org1MSP", request.SubmitterID(e.alice.Cert), salt, saltText),
	} {
		require.False(t, decode[proofs.VerificationResult](t, e.evaluate(e.bob, "VerifyProof", jsonArg(t, req))).Valid)
	}

	// Without bindSubmitter the same nonce is just a nonce.
	unbound := *forBob
	unbound.BindSubmitter, unbound.Salt = false, ""
	require.True(t, decode[proofs.VerificationResult](t, e.evaluate(e.alice, "VerifyProof", jsonArg(t, &unbound))).Valid)

	// Bob submits it; the record says it was bound.
	r := e.submit(e.bob, "SubmitProof", jsonArg(t, forBob))
	require.True(t, decode[proofs.ProofReceipt](t, r).BoundToSubmitter)
	rec := decode[proofs.Verification](t, e.evaluate(e.bob, "GetVerification", r.TxID))
	require.True(t, rec.BoundToSubmitter)
	require.Equal(t, bobID, rec.SubmitterID)

	// An empty salt is allowed.
	noSalt := bound(testChannel, "Org1MSP", bobID, nil, "")
	require.True(t, e.submit(e.bob, "SubmitProof", jsonArg(t, noSalt)).Committed)
}

func TestGetVerificationRejects(t *testing.T) {
	e := newEnv(t)
	requireFailure(t, e.evaluate(e.bob, "GetVerification", strings.Repeat("a", 64)), "not found")
	requireFailure(t, e.evaluate(e.bob, "GetVerification", ""), "transaction ID must be 1 to 256 bytes")
	requireFailure(t, e.evaluate(e.bob, "GetVerification", strings.Repeat("a", 257)), "transaction ID must be 1 to 256 bytes")
	requireFailure(t, e.evaluate(e.bob, "GetVerification", "a\x00b"), "invalid argument")
	requireFailure(t, e.evaluate(e.bob, "GetVerification", "\xff"), "invalid argument")
}

func TestSubmitProofStateLayout(t *testing.T) {
	e, k := registered(t)
	nonce := []byte("layout nonce of 16+ bytes")
	r := e.submit(e.bob, "SubmitProof", jsonArg(t, sign(t, k, nil).present(t, "acme", nonce, 0)))
	require.True(t, r.Committed)
	require.Equal(t, 2, r.Writes)
	h := sha256.Sum256(nonce)
	kh := sha256.Sum256(k.sk.PublicKey().Bytes())
	want := []string{
		"\x00bbs.issuer\x00acme\x00",
		"\x00bbs.key\x00" + hex.EncodeToString(kh[:]) + "\x00",
		"\x00bbs.nonce\x00" + hex.EncodeToString(kh[:]) + "\x00" + hex.EncodeToString(h[:]) + "\x00",
		"\x00bbs.verification\x00" + r.TxID + "\x00",
	}
	require.Equal(t, want, withoutEndorsementConfig(e.ledger.Keys()))
	require.JSONEq(t, `{"issuer":"acme","version":1}`, string(e.ledger.State(want[1])))
	require.JSONEq(t, `{"txId":"`+r.TxID+`"}`, string(e.ledger.State(want[2])))
	require.JSONEq(t, string(e.evaluate(e.bob, "GetVerification", r.TxID).Response.Payload), string(e.ledger.State(want[3])))
}

// TestDeterministic runs the same transactions on two ledgers and expects
// identical answers and world states, byte for byte.
func TestDeterministic(t *testing.T) {
	run := func() ([]string, map[string]string) {
		e, k := registered(t)
		c := sign(t, k, nil)
		var out []string
		for i, r := range []func() []byte{
			func() []byte {
				return e.rotate(e.alice, "acme", newKeyPair(t, bbs.BBSPlus2020(), 2)).Response.Payload
			},
			func() []byte {
				return e.submit(e.bob, "SubmitProof", jsonArg(t, withVersion(c.present(t, "acme", []byte("n of sixteen bytes"), 0, 3), 1))).Response.Payload
			},
			func() []byte { return e.evaluate(e.bob, "ListIssuers", "10", "").Response.Payload },
			func() []byte { return e.evaluate(e.bob, "GetIssuerHistory", "acme", "10", "").Response.Payload },
		} {
			p := r()
			require.NotEmpty(t, p, "step %d", i)
			out = append(out, string(p))
		}
		state := map[string]string{}
		for _, key := range e.ledger.Keys() {
			state[key] = string(e.ledger.State(key))
		}
		return out, state
	}
	out1, state1 := run()
	out2, state2 := run()
	require.Equal(t, out1, out2)
	require.Equal(t, state1, state2)
}

func withVersion(r *request.Request, v int) *request.Request {
	r.KeyVersion = v
	return r
}
